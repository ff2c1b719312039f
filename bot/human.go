package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kombi/kombi/game"
)

// ErrQuit is returned when a person types "quit".
var ErrQuit = errors.New("quit")

// MoveHelper is a State that explains its move notation to people.
type MoveHelper interface {
	MoveHelp() string
}

// Hinter is a State that can give a person a hint (for example the
// progressions each side can still complete).
type Hinter interface {
	Hint() string
}

// Human asks a person for moves: it prompts on an output and reads lines from
// a shared LineReader. Bad input is explained and asked again; "help" lists
// the legal moves, "hint" shows the game's hint where it has one, "quit" and
// the end of input stop the game.
type Human struct {
	in  *LineReader
	out io.Writer
	typ *game.Type
}

// NewHuman returns a human player of a game of type typ (for the role names
// in prompts; nil is allowed) reading from in and writing prompts to out.
func NewHuman(in *LineReader, out io.Writer, typ *game.Type) *Human {
	return &Human{in: in, out: out, typ: typ}
}

// IsHuman reports true: humans have no think-time limit.
func (h *Human) IsHuman() bool { return true }

// Act asks until the person types a legal move.
func (h *Human) Act(ctx context.Context, s game.State) (game.Move, error) {
	if h.in == nil {
		return 0, fmt.Errorf("human: no input to read moves from")
	}
	for {
		who := game.SeatName(s.Player())
		if h.typ != nil {
			who += " (" + h.typ.Role(s.Player()) + ")"
		}
		fmt.Fprintf(h.out, "%s, your move ('help' lists moves): ", who)
		line, err := h.in.ReadLine(ctx)
		if err != nil {
			fmt.Fprintln(h.out)
			return 0, err
		}
		line = strings.TrimSpace(line)
		switch strings.ToLower(line) {
		case "":
			continue
		case "help", "?":
			h.help(s)
			continue
		case "hint":
			if hs, ok := s.(Hinter); ok {
				fmt.Fprintln(h.out, hs.Hint())
			} else {
				fmt.Fprintln(h.out, "This game has no hints; 'help' lists the legal moves.")
			}
			continue
		case "quit", "exit", "resign":
			return 0, ErrQuit
		}
		m, err := s.ParseMove(line)
		if err != nil {
			fmt.Fprintf(h.out, "Not a move: %v. Type 'help' for the legal moves.\n", err)
			continue
		}
		trial := s.Clone()
		if err := trial.Apply(m); err != nil {
			fmt.Fprintf(h.out, "Illegal move %q: %v. Type 'help' for the legal moves.\n", line, err)
			continue
		}
		return m, nil
	}
}

func (h *Human) help(s game.State) {
	if mh, ok := s.(MoveHelper); ok {
		fmt.Fprintln(h.out, mh.MoveHelp())
	}
	moves := s.LegalMoves(nil)
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = s.MoveString(m)
	}
	const show = 200
	if len(texts) > show {
		fmt.Fprintf(h.out, "Legal moves (%d, first %d): %s ...\n", len(texts), show, strings.Join(texts[:show], " "))
	} else {
		fmt.Fprintf(h.out, "Legal moves (%d): %s\n", len(texts), strings.Join(texts, " "))
	}
	fmt.Fprintln(h.out, "Other commands: help, hint, quit.")
}

var humanFactory = &Factory{
	Name: "human",
	Doc:  "a person typing moves on standard input",
	New: func(g game.Game, _ game.Params, env Env) (Bot, error) {
		return NewHuman(env.Input, env.out(), g.Type()), nil
	},
}
