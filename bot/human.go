package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// ErrQuit is returned when a person types "quit".
var ErrQuit = errors.New("quit")

// ErrUndo is returned when a person types "undo": the match runner takes
// back that person's last move and everything played after it, and asks
// again.
var ErrUndo = errors.New("undo")

// MoveHelper is a State that explains its move notation to people.
type MoveHelper interface {
	MoveHelp() string
}

// Hinter is a State that can give a person a hint (for example the
// progressions each side can still complete). A game's solver may give
// one instead (solve.Hinter).
type Hinter interface {
	Hint() string
}

// Forcer is a State where the mover may have no choice to make (the
// list-colouring game's colourer given a list of one colour). Forced
// returns that move and the words telling the people it was played without
// asking ("Only red is on the list: 7 is coloured red for P2
// (colourer)."); ok is false where the mover chooses.
type Forcer interface {
	Forced() (m game.Move, words string, ok bool)
}

// DefaultHintTime is how long "hint" analyses the position.
const DefaultHintTime = 3 * time.Second

// Human asks a person for moves: it prompts on an output and reads lines from
// a shared LineReader. Bad input is explained and asked again; "help" lists
// the legal moves, "hint" shows the game's own hint and every move's value
// (HintText), "undo" takes a move back, "quit" and the end of input stop
// the game.
type Human struct {
	in  *LineReader
	out io.Writer
	typ *game.Type
	g   game.Game
	// HintTime bounds the analysis of "hint" (0: DefaultHintTime).
	HintTime time.Duration
	// Solvers are the games' own solvers that "hint" analyses with (nil:
	// the kit's generic searches, solve.Generic).
	Solvers *solve.Solvers
	// Name is the person's name in prompts ("Alice (painter), your
	// move"), where the seat changes hands (the Thue match's rounds); "":
	// the seat's ("P2").
	Name string
	// Log, when not nil, also receives what the person is told (not the
	// prompts): the game's transcript file, which then holds the hints,
	// the help and the moves refused.
	Log  io.Writer
	told bool // the notation was shown before the first prompt
}

// msg is where the person is told things: the output, and Log.
func (h *Human) msg() io.Writer {
	if h.Log == nil {
		return h.out
	}
	return io.MultiWriter(h.out, h.Log)
}

// NewHumanFor returns a human player of g reading from in and writing
// prompts and messages to out.
func NewHumanFor(g game.Game, in *LineReader, out io.Writer) *Human {
	h := &Human{in: in, out: out, g: g}
	if g != nil {
		h.typ = g.Type()
	}
	return h
}

// NewHuman returns a human player of a game of type typ (for the role names
// in prompts; nil is allowed). Without the game, "hint" has only the
// state's own hint: prefer NewHumanFor.
func NewHuman(in *LineReader, out io.Writer, typ *game.Type) *Human {
	return &Human{in: in, out: out, typ: typ}
}

// IsHuman reports true: humans have no think-time limit.
func (h *Human) IsHuman() bool { return true }

// Act asks until the person types a legal move (or undo or quit). A move
// the person has no choice about (Forcer) is played without asking, and
// the person told so.
func (h *Human) Act(ctx context.Context, s game.State) (game.Move, error) {
	if f, ok := s.(Forcer); ok {
		if m, words, forced := f.Forced(); forced {
			fmt.Fprintln(h.msg(), game.Wrap(words, 80))
			return m, nil
		}
	}
	if h.in == nil {
		return 0, fmt.Errorf("human: no input to read moves from")
	}
	if mh, ok := s.(MoveHelper); ok && !h.told {
		fmt.Fprintln(h.msg(), game.Wrap(mh.MoveHelp(), 80)) // the notation, before the first move: not only after 'help' or a mistake
	}
	h.told = true
	for {
		who := cmp.Or(h.Name, game.SeatName(s.Player()))
		if h.typ != nil {
			who += " (" + h.typ.Role(s.Player()) + ")"
		}
		fmt.Fprintf(h.out, "%s, your move ('help' lists moves): ", who)
		line, err := h.in.ReadLine(ctx)
		if errors.Is(err, ErrLineTooLong) {
			fmt.Fprintf(h.msg(), "\nThat line is longer than 1 MiB and was ignored; type a move ('help' lists moves).\n")
			continue
		}
		if err != nil {
			fmt.Fprintln(h.out)
			return 0, err
		}
		line = strings.TrimSpace(line)
		switch strings.ToLower(line) {
		case "":
			continue
		case "help", "?":
			h.logAsked(who, "help")
			h.help(s)
			continue
		case "hint":
			h.logAsked(who, "a hint")
			h.hint(ctx, s)
			continue
		case "undo":
			return 0, ErrUndo
		case "quit", "q", "exit", "resign":
			return 0, ErrQuit
		}
		m, err := s.ParseMove(line)
		if err != nil {
			fmt.Fprintf(h.msg(), "Not a move: %s. Type 'help' for the legal moves.\n", shorten(err.Error()))
			continue
		}
		trial := s.Clone()
		if err := trial.Apply(m); err != nil {
			fmt.Fprintf(h.msg(), "Illegal move %q: %s. Type 'help' for the legal moves.\n", game.Truncate(line, 80), shorten(err.Error()))
			continue
		}
		return m, nil
	}
}

// logAsked writes to Log that the person asked for what.
func (h *Human) logAsked(who, what string) {
	if h.Log != nil {
		fmt.Fprintf(h.Log, "%s asked for %s:\n", who, what)
	}
}

// shorten keeps a message about a person's input readable when the input
// was long.
func shorten(msg string) string { return game.Truncate(msg, 300) }

// helpMoves is how many legal moves "help" lists.
const helpMoves = 200

func (h *Human) help(s game.State) {
	if p := s.Player(); h.g != nil && (p == 0 || p == 1) {
		if words := game.HowToMoveOf(h.g)[p]; words != "" {
			fmt.Fprintln(h.msg(), words)
		}
	}
	if mh, ok := s.(MoveHelper); ok {
		fmt.Fprintln(h.msg(), mh.MoveHelp())
	}
	var (
		texts []string
		total int64
	)
	if mi, ok := s.(game.MoveIndexer); ok {
		total = mi.MoveCount()
		for i := range min(total, helpMoves) {
			texts = append(texts, s.MoveString(mi.MoveAt(i)))
		}
	} else {
		moves := s.LegalMoves(nil)
		total = int64(len(moves))
		for _, m := range moves[:min(len(moves), helpMoves)] {
			texts = append(texts, s.MoveString(m))
		}
	}
	if total > int64(len(texts)) {
		fmt.Fprintf(h.msg(), "Legal moves (%d, first %d): %s ...\n", total, len(texts), strings.Join(texts, " "))
	} else {
		fmt.Fprintf(h.msg(), "Legal moves (%d): %s\n", total, strings.Join(texts, " "))
	}
	fmt.Fprintln(h.msg(), "Other commands: help, hint, undo, quit (or q).")
}

// hint prints the state's own hint (else the game's solver's, if any),
// and the value of every move as h.Solvers find it within the hint time.
func (h *Human) hint(ctx context.Context, s game.State) {
	own := false
	text := ""
	if hs, ok := s.(Hinter); ok {
		text = hs.Hint()
	} else if h.g != nil {
		if sh, ok := h.Solvers.For(h.g).(solve.Hinter); ok {
			text = sh.Hint(h.g, s)
		}
	}
	if text != "" {
		fmt.Fprintln(h.msg(), text)
		own = true
	}
	if h.g == nil {
		if !own {
			fmt.Fprintln(h.msg(), "This game has no hints; 'help' lists the legal moves.")
		}
		return
	}
	fmt.Fprintln(h.msg(), HintText(ctx, h.Solvers, h.g, s, h.HintTime))
}

// hintGroupMoves is how many moves of one outcome a hint lists.
const hintGroupMoves = 30

// HintText analyses every legal move of s with g's solver in solvers
// (solve.Solvers.Analyze) within d (0: DefaultHintTime) and says which
// moves win, in a few lines: the best moves, then every
// move with its outcome for the mover and, where the game measures it,
// its value after the move. A game valued by the length of its final word
// (the Thue game) is hinted in lengths where every move has one (see
// lengthHint).
func HintText(ctx context.Context, solvers *solve.Solvers, g game.Game, s game.State, d time.Duration) string {
	if d <= 0 {
		d = DefaultHintTime
	}
	if mi, ok := s.(game.MoveIndexer); ok {
		if _, fast := solvers.For(g).(solve.Analyzer); !fast && mi.MoveCount() > solve.MaxAnalyzeMoves {
			return fmt.Sprintf("No analysis: %d legal moves, more than the %d a hint values one by one.", mi.MoveCount(), solve.MaxAnalyzeMoves)
		}
	}
	hctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	a, err := solvers.Analyze(hctx, g, s, solve.Options{})
	if a == nil {
		if err == nil {
			err = errors.New("no result")
		}
		return "No analysis: " + shorten(err.Error())
	}
	var b strings.Builder
	best := a.Best()
	names := func(ms []solve.MoveValue) string {
		var t []string
		for _, m := range ms[:min(len(ms), hintGroupMoves)] {
			t = append(t, m.Move)
		}
		if len(ms) > hintGroupMoves {
			t = append(t, fmt.Sprintf("... (%d more)", len(ms)-hintGroupMoves))
		}
		return strings.Join(t, " ")
	}
	if text := lengthHint(a, names); text != "" {
		return text
	}
	switch {
	case len(best) == 0:
		b.WriteString("No legal move to analyse.")
	case best[0].Outcome == solve.Win:
		fmt.Fprintf(&b, "Winning moves: %s.", names(best))
		if soon, n := raced(best, false); len(soon) > 0 && n > 0 {
			fmt.Fprintf(&b, " The soonest: %s (a progression within %s).", names(soon), game.Plural(n, "more move"))
		}
	case best[0].Outcome == solve.Draw:
		fmt.Fprintf(&b, "No winning move; moves that draw: %s.", names(best))
	case best[0].Outcome == solve.Loss:
		if far, n := raced(a.Moves, true); len(far) > 0 && n > 1 {
			fmt.Fprintf(&b, "Every move loses against perfect play; the longest defence: %s (your opponent then needs %s).", names(far), game.Plural(n, "more move"))
		} else {
			b.WriteString("Every move loses against perfect play: choose one that leaves your opponent the most to get right.")
		}
	case best[0].Outcome == solve.Chance:
		fmt.Fprintf(&b, "No move wins for sure; the best: %s (%s %s: %s).", names(best), measureWords(a.Measure), afterEach(len(best)), game.ValueText(best[0].Value))
	default:
		fmt.Fprintf(&b, "No move is proven to win within %s; undecided: %s.", d, names(best))
	}
	if len(best) > 0 && (best[0].Outcome == solve.Win || best[0].Outcome == solve.Loss) {
		// Where the game measures its outcome (the Thue word's length), the
		// moves of the best value among those of the best outcome.
		var top []solve.MoveValue
		for _, m := range best {
			if m.Best && m.Value != nil {
				top = append(top, m)
			}
		}
		if len(top) > 0 && len(top) < len(best) {
			fmt.Fprintf(&b, " The best: %s (%s %s: %s).", names(top), measureWords(a.Measure), afterEach(len(top)), game.ValueText(top[0].Value))
		}
	}
	var groups []string
	for _, o := range []solve.Outcome{solve.Win, solve.Draw, solve.Chance, solve.Unknown, solve.Loss} {
		var t []string
		n := 0
		for _, m := range a.Moves {
			if m.Outcome != o {
				continue
			}
			n++
			if n > hintGroupMoves {
				continue
			}
			if m.Value != nil {
				t = append(t, fmt.Sprintf("%s (%s)", m.Move, game.ValueText(m.Value))) // not MOVE=VALUE: a Grundy move is 1=6+1
			} else {
				t = append(t, m.Move)
			}
		}
		if n > hintGroupMoves {
			t = append(t, fmt.Sprintf("... (%d more)", n-hintGroupMoves))
		}
		if n > 0 {
			word := o.String()
			if o == solve.Chance {
				word = "decided by chance" // neither sure to win nor sure to lose
			}
			sep := " "
			if strings.HasSuffix(t[0], ")") {
				sep = ", "
			}
			groups = append(groups, word+": "+strings.Join(t, sep))
		}
	}
	valued := false
	for _, m := range a.Moves {
		valued = valued || m.Value != nil
	}
	label := "Every move (outcome for you)"
	if valued {
		label = "Every move (outcome for you; in brackets, " + measureWords(a.Measure) + " after it)"
	}
	fmt.Fprintf(&b, "\n%s: %s", label, strings.Join(groups, " | "))
	if !a.Complete {
		fmt.Fprintf(&b, "\n(Not every move was decided within %s.)", d)
	}
	return b.String()
}

// lengthHint is the hint of a game valued by the length of its final word
// (the Thue game, measure kind "length", where the builder wins every game
// without a target: its moves differ by the length, not by who wins), in
// the browser's words: the best moves for the mover, then every move by
// the length at which the builder can force a repetition after it, best
// first. It is "" for other measures, where a move was not decided, and
// where the painter can win (a target within reach: the outcome matters).
func lengthHint(a *solve.Analysis, names func([]solve.MoveValue) string) string {
	if a.Measure.Kind != "length" || a.Measure.Maximizer == nil || len(a.Moves) == 0 || !a.Complete {
		return ""
	}
	long := *a.Measure.Maximizer == a.Player // the mover wants the word long
	builderWins := map[bool]solve.Outcome{true: solve.Loss, false: solve.Win}[long]
	byLength := map[int][]solve.MoveValue{}
	for _, m := range a.Moves {
		n, ok := m.Value.(int)
		if !ok || m.Outcome != builderWins {
			return ""
		}
		byLength[n] = append(byLength[n], m)
	}
	lengths := slices.Sorted(maps.Keys(byLength))
	if long {
		slices.Reverse(lengths)
	}
	list := func(ms []solve.MoveValue) string { // "0, 1 or 2"
		texts := strings.Fields(names(ms))
		if len(ms) < 2 || len(ms) > hintGroupMoves {
			return strings.Join(texts, " ")
		}
		return strings.Join(texts[:len(texts)-1], ", ") + " or " + texts[len(texts)-1]
	}
	top := byLength[lengths[0]]
	what, verb := "The best move (%s) ", map[bool]string{true: "keeps the word going to", false: "lets you force a repetition by"}
	if len(top) > 1 {
		what, verb = "The best moves (%s) ", map[bool]string{true: "keep the word going to", false: "let you force a repetition by"}
	}
	var b strings.Builder
	fmt.Fprintf(&b, what+"%s length %d.", list(top), verb[long], lengths[0])
	var groups []string
	for _, n := range lengths {
		groups = append(groups, fmt.Sprintf("length %d after %s", n, list(byLength[n])))
	}
	when := map[bool]string{true: "still", false: "then"}[long]
	fmt.Fprintf(&b, "\nWith best play by both, the builder can %s force a repetition by: %s.", when, strings.Join(groups, "; "))
	return b.String()
}

// raced returns the moves of ms with the fewest (longest: the most) moves
// to the win measured (solve.MoveValue.WinIn, the Szemerédi game's race),
// and that number; none where the race was not measured.
func raced(ms []solve.MoveValue, longest bool) ([]solve.MoveValue, int) {
	var out []solve.MoveValue
	n := 0
	for _, m := range ms {
		switch {
		case m.WinIn == nil:
		case len(out) == 0 || *m.WinIn == n:
			out, n = append(out, m), *m.WinIn
		case longest == (*m.WinIn > n):
			out, n = []solve.MoveValue{m}, *m.WinIn
		}
	}
	return out, n
}

// measureWords names what a value means (the measure's label: "P1's
// winning probability"), "the value" where the game gives no label.
// afterEach is "after it" for one move, "after each" for more.
func afterEach(n int) string {
	if n > 1 {
		return "after each"
	}
	return "after it"
}

func measureWords(m solve.MeasureInfo) string {
	if m.Label == "" {
		return "the value"
	}
	return m.Label
}

// humanFactory builds human players whose hints analyse with solvers.
func humanFactory(solvers *solve.Solvers) *Factory {
	return &Factory{
		Name: "human",
		Doc:  "a person typing moves on standard input",
		New: func(g game.Game, _ game.Params, env Env) (Bot, error) {
			h := NewHumanFor(g, env.Input, env.out())
			h.Solvers = solvers
			return h, nil
		},
	}
}
