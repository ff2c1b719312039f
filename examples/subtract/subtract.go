// Package subtract is a minimal new game written against Kombi's game
// interfaces, as an example to copy: the subtraction game. One heap of
// tokens; a move takes at least one token and at most take of them;
// whoever takes the last token wins ("subtract(heap=21,take=3)").
//
// It implements what every game needs and what the conformance suite
// (game/gametest) checks: game.Game and game.State, game.Viewer (the
// position as a heaps board and each move as a heap and an amount),
// game.Positioner and game.PositionParser (a position as text), and
// errors that quote bad input clipped with game.Clip. Of the optional
// interfaces it implements one, game.Hasher, so that the generic solver
// and the "perfect" and "alphabeta" bots keep their tables. Its tests run
// gametest.Conformance; its example registers it, plays it and solves it.
// docs/ARCHITECTURE.md ("Writing a new game") says what each part is for.
package subtract

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// NewType returns the game type "subtract": its name, parameters (bounded,
// so that a game string cannot ask for more than the game can hold), the
// words people read, the opponents they choose from (weakest first: the
// last is the strongest), and New, which builds a game from its checked
// parameters.
func NewType() *game.Type {
	t := &game.Type{
		Name:      "subtract",
		Doc:       "one heap; a move takes at least 1 token and at most take; whoever takes the last token wins",
		Impartial: true, // both players have the same moves: the generic solver uses Grundy values
		Params: []game.ParamSpec{
			{Name: "heap", Kind: game.Int, Default: "21", Min: 0, Max: 10000, HasMin: true, HasMax: true, Doc: "tokens in the heap"},
			{Name: "take", Kind: game.Int, Default: "3", Min: 1, Max: 100, HasMin: true, HasMax: true, Doc: "the most tokens a move takes"},
		},
		Title:     "Subtraction game",
		Rules:     "Take at least one token from the heap, at most take of them; whoever takes the last token wins.",
		HowToMove: [2]string{"Type how many tokens to take.", "Type how many tokens to take."},
		Opponents: []game.Opponent{
			{Title: "Random", Bot: "random", Doc: "plays any legal move at random"},
			{Title: "Look-ahead", Bot: "alphabeta(depth=4)", Doc: "searches four moves ahead"},
			{Title: "Perfect", Bot: "perfect", Doc: "exact search", Default: true},
		},
	}
	t.New = func(p game.Params) (game.Game, error) {
		return &Game{typ: t, heap: p.Int("heap"), take: p.Int("take")}, nil
	}
	return t
}

// Register adds the type to a game registry.
func Register(games *game.Registry) error { return games.Register(NewType()) }

// Game is one subtraction game: its heap and the most a move takes.
type Game struct {
	typ        *game.Type
	heap, take int
}

// Type returns the game's type.
func (g *Game) Type() *game.Type { return g.typ }

// String is the canonical game string: every parameter, in a fixed order.
func (g *Game) String() string { return fmt.Sprintf("subtract(heap=%d,take=%d)", g.heap, g.take) }

// NewInitialState returns the full heap with P1 to move.
func (g *Game) NewInitialState() game.State { return &State{g: g, heap: g.heap} }

// ParsePosition reads a position: the heap, and " P2" when P2 is to move
// ("7", "7 P2"), as State.Position writes it (game.PositionParser).
func (g *Game) ParsePosition(text string) (game.State, error) {
	heap, p2 := strings.CutSuffix(text, " P2")
	n, err := strconv.Atoi(heap)
	if err != nil || n < 0 || n > g.heap {
		return nil, fmt.Errorf("position %q: want the heap, 0 to %d, then \" P2\" when P2 is to move", game.Clip(text), g.heap)
	}
	s := &State{g: g, heap: n}
	if p2 {
		s.mover = 1
	}
	return s, nil
}

// State is a heap and the seat to move (at the end: the seat that would
// move, the loser).
type State struct {
	g     *Game
	heap  int
	mover game.Player
}

// Player returns the seat to move, or game.Terminal when the heap is empty.
func (s *State) Player() game.Player {
	if s.heap == 0 {
		return game.Terminal
	}
	return s.mover
}

// LegalMoves appends the amounts 1 to min(take, heap), increasing: a move
// is the number of tokens it takes.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	for m := 1; m <= min(s.g.take, s.heap); m++ {
		buf = append(buf, game.Move(m))
	}
	return buf
}

// Apply takes m tokens, or refuses an illegal m and changes nothing.
func (s *State) Apply(m game.Move) error {
	switch {
	case s.heap == 0:
		return fmt.Errorf("the game is over")
	case m < 1 || m > game.Move(s.g.take):
		return fmt.Errorf("cannot take %d: take 1 to %d tokens", m, s.g.take)
	case m > game.Move(s.heap):
		return game.CannotTake(1, game.Move(s.heap), m)
	}
	s.heap -= int(m)
	s.mover = s.mover.Opponent()
	return nil
}

// Clone returns an independent copy.
func (s *State) Clone() game.State { c := *s; return &c }

// IsTerminal reports whether the heap is empty.
func (s *State) IsTerminal() bool { return s.heap == 0 }

// Returns gives +1 to the seat that took the last token (the one not to
// move) and -1 to the other at the end; zeros before.
func (s *State) Returns() []float64 {
	r := []float64{0, 0}
	if s.heap == 0 {
		r[s.mover], r[s.mover.Opponent()] = -1, 1
	}
	return r
}

// MoveString writes a move as the number of tokens it takes.
func (s *State) MoveString(m game.Move) string { return strconv.FormatUint(uint64(m), 10) }

// ParseMove reads a number of tokens; Apply checks that it is legal. The
// error quotes the input clipped (game.Clip): a long input is not echoed.
func (s *State) ParseMove(text string) (game.Move, error) {
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil || n == 0 {
		return 0, fmt.Errorf("move %q: want how many tokens to take, 1 to %d", game.Clip(text), s.g.take)
	}
	return game.Move(n), nil
}

// String shows the position for people.
func (s *State) String() string {
	if s.heap == 0 {
		return fmt.Sprintf("heap 0: %s took the last token", game.SeatName(s.mover.Opponent()))
	}
	return fmt.Sprintf("heap %d, %s to move", s.heap, game.SeatName(s.mover))
}

// Key identifies the position among this game's positions (game.Hasher):
// the memo key of the generic solver and the searching bots.
func (s *State) Key() uint64 { return uint64(s.heap)<<1 | uint64(s.mover) }

// Position writes the position as ParsePosition reads it
// (game.Positioner).
func (s *State) Position() string {
	if s.mover == 1 {
		return strconv.Itoa(s.heap) + " P2"
	}
	return strconv.Itoa(s.heap)
}

// View is the position as data (game.Viewer): a heaps board of one heap,
// which the browser draws and a person plays by picking tokens, and the
// status every game shares (game.NewStatus: who moves, the end, the winner).
func (s *State) View() game.View {
	return game.View{Kind: game.KindHeaps, Heaps: []int64{int64(s.heap)}, Status: game.NewStatus(s.g.typ, s)}
}

// MoveParts are a move's parts as a person picks them on a heaps board: the
// heap (0, the only one) and the amount.
func (s *State) MoveParts(m game.Move) []game.Part {
	return []game.Part{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: int64(m)}}
}

// MoveFromParts builds the move with these parts, or says what is wrong.
func (s *State) MoveFromParts(parts []game.Part) (game.Move, error) {
	if len(parts) != 2 || parts[0] != (game.Part{Kind: game.PartHeap, Value: 0}) || parts[1].Kind != game.PartAmount {
		return 0, fmt.Errorf("want heap 0 and an amount, got %v", parts)
	}
	m := game.Move(parts[1].Value)
	if err := s.Clone().Apply(m); err != nil {
		return 0, err
	}
	return m, nil
}
