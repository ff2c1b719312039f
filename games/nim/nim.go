// Package nim holds the rules of the Nim family: Nim in normal and misère
// play and (in the other files of this package) its variants Index-k Nim,
// Greedy Nim, Building Nim and Grundy's game, on one shared base of heap
// states (heaps.go). Their theory, solvers, tables and perfect players are
// in package study/nim.
package nim

import (
	"fmt"

	"github.com/kombi/kombi/game"
)

// MaxHeap is the largest heap size a game string accepts.
const MaxHeap = 1_000_000

// Type is the "nim" game family.
var nimParams = []game.ParamSpec{
	{Name: "piles", Kind: game.IntList, Default: "3;4;5", HasMin: true, Min: 0, HasMax: true, Max: MaxHeap, MinItems: 1, Doc: "heap sizes, e.g. 3;4;5"},
	{Name: "misere", Kind: game.Bool, Default: "false", Doc: "misère play: taking the last token loses"},
}

// NewType returns the type of plain Nim, for a registry.
func NewType() *game.Type {
	return describeNim(&game.Type{
		Name:      "nim",
		Doc:       "Nim: take any number of tokens from one heap; normal or misère play",
		Roles:     [2]string{"first", "second"},
		Params:    nimParams,
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return New(p.Ints("piles"), p.Bool("misere"))
		},
	})
}

// Game is Nim with fixed starting heaps.
type Game struct {
	typ    *game.Type
	piles  []int
	misere bool
}

// New returns Nim starting from the given heaps, in misère play when misere is set.
func New(piles []int, misere bool) (*Game, error) {
	if len(piles) == 0 || len(piles) > MaxHeaps {
		return nil, fmt.Errorf("%d heaps: want 1 to %d", len(piles), MaxHeaps)
	}
	for i, h := range piles {
		if h < 0 || h > MaxHeap {
			return nil, fmt.Errorf("heap %d has %d tokens; allowed: 0 to %d", i+1, h, MaxHeap)
		}
	}
	return &Game{typ: NewType(), piles: append([]int(nil), piles...), misere: misere}, nil
}

// Type describes Nim.
func (g *Game) Type() *game.Type { return g.typ }

// HowToMove says how to move (game.HowToMover); in misère play it says
// the goal too, which the game's name alone does not tell a newcomer.
func (g *Game) HowToMove() [2]string {
	if g.misere {
		return both("Misère play: whoever takes the last token loses. " + nimHowToMove)
	}
	return both(nimHowToMove)
}

// Rules says Nim's rules in normal or misère play (game.Ruler).
func (g *Game) Rules() string {
	if g.misere {
		return "Take any number of tokens from one heap; whoever takes the last token loses (misère play)."
	}
	return nimRules
}

// Misere reports whether taking the last token loses.
func (g *Game) Misere() bool { return g.misere }

// String is the canonical game string.
func (g *Game) String() string {
	return fmt.Sprintf("nim(piles=%s,misere=%t)", game.JoinInts(g.piles), g.misere)
}

// NewInitialState returns the starting heaps with the first player to move.
func (g *Game) NewInitialState() game.State { return g.newState(g.piles) }

func (g *Game) newState(heaps []int) *State {
	s := &State{g: g, misere: g.misere, heapRow: newHeapRow(heaps, 0)}
	for _, h := range heaps {
		s.total += h
	}
	return s
}

// ParsePosition reads heap sizes separated by ';' (or spaces or commas),
// e.g. "7;5;12", with the first player to move, or followed by " P2" when
// the second player is to move, as Position writes it.
func (g *Game) ParsePosition(text string) (game.State, error) {
	heaps, turn, _, err := parseHeapPosition(text)
	if err != nil {
		return nil, err
	}
	s := g.newState(heaps)
	s.turn = turn
	return s, nil
}

// State is a Nim position. It implements game.Undoer, game.Hasher,
// game.MoveIndexer, game.Positioner, game.Viewer and game.Explainer.
type State struct {
	heapRow
	g      *Game
	misere bool
	total  int
}

// Move packs "take n tokens from heap i" (i from 0).
func Move(heap, take int) game.Move { return game.Move(uint64(heap)<<32 | uint64(take)) }

// Unpack returns the heap (from 0) and the count of a move packed by Move
// (a count of 0 is a Building Nim placement).
func Unpack(m game.Move) (heap, take int) { return int(m >> 32), int(m & 0xffffffff) }

func unpack(m game.Move) (heap, take int) { return Unpack(m) }

// Misere reports whether taking the last token loses.
func (s *State) Misere() bool { return s.misere }

// Player returns the player to move, or game.Terminal when every heap is empty.
func (s *State) Player() game.Player {
	if s.total == 0 {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether every heap is empty.
func (s *State) IsTerminal() bool { return s.total == 0 }

// LegalMoves appends every (heap, take) move, heap by heap, fewest tokens
// first: MoveCount of them, up to MaxHeaps·MaxHeap. A caller that cannot
// hold that many picks moves by MoveCount and MoveAt instead.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	for i, h := range s.heaps {
		for t := 1; t <= h; t++ {
			buf = append(buf, Move(i, t))
		}
	}
	return buf
}

func (s *State) check(m game.Move) error {
	i, t := unpack(m)
	switch {
	case s.total == 0:
		return fmt.Errorf("the game is over")
	case i >= len(s.heaps):
		return fmt.Errorf("there is no heap %d (heaps are 1 to %d)", i+1, len(s.heaps))
	case t < 1:
		return fmt.Errorf("a move takes at least one token")
	case t > s.heaps[i]:
		return game.CannotTake(i+1, s.heaps[i], t)
	}
	return nil
}

// Apply takes the tokens after checking the move.
func (s *State) Apply(m game.Move) error {
	if err := s.check(m); err != nil {
		return err
	}
	s.ApplyUnchecked(m)
	return nil
}

// ApplyUnchecked takes the tokens without checking.
func (s *State) ApplyUnchecked(m game.Move) {
	i, t := unpack(m)
	s.take(i, t)
	s.total -= t
}

// Undo puts back the tokens of m, the last move applied.
func (s *State) Undo(m game.Move) {
	i, t := unpack(m)
	s.untake(i, t)
	s.total += t
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.heapRow = s.copyRow()
	return &c
}

// Returns: in normal play the player who took the last token wins, in misère play loses.
func (s *State) Returns() []float64 { return s.returns(s.total == 0, s.misere) }

// Key hashes the heaps and the player to move.
func (s *State) Key() uint64 { return s.key(uint64(len(s.heaps))) }

// MoveString writes "HEAP:COUNT" with heaps numbered from 1, e.g. "3:10".
func (s *State) MoveString(m game.Move) string { return takeText(m) }

// ParseMove reads "HEAP:COUNT" (also "HEAP COUNT"): take COUNT tokens from heap HEAP.
func (s *State) ParseMove(text string) (game.Move, error) { return parseTake(text, s.heaps) }

// MoveHelp explains the notation.
func (s *State) MoveHelp() string {
	return "Type HEAP:COUNT to take COUNT tokens from heap HEAP (heaps are numbered from 1), e.g. 2:3."
}

// String draws the heaps, one per line.
func (s *State) String() string { return s.draw(s.total == 0, "all heaps are empty") }

// MoveCount returns the number of legal moves, the tokens left.
func (s *State) MoveCount() int64 { return int64(s.total) }

// MoveAt returns LegalMoves' i-th move (from 0) without listing the others,
// in time linear in the number of heaps; i must be below MoveCount.
func (s *State) MoveAt(i int64) game.Move {
	h, k, _ := indexMove(s.heaps, i, func(h int) int { return h })
	return Move(h, k+1)
}

// Position writes the heaps separated by ';', then " P2" when the second
// player is to move (see ParsePosition).
func (s *State) Position() string { return s.position(0) }

// View returns the heaps.
func (s *State) View() game.View { return s.view(s.g.typ, s) }

// MoveParts returns the heap (from 0) and the number of tokens taken.
func (s *State) MoveParts(m game.Move) []game.Part {
	i, t := unpack(m)
	return heapAmountParts(i, t)
}

// MoveFromParts builds the move that takes the amount from the heap.
func (s *State) MoveFromParts(parts []game.Part) (game.Move, error) {
	i, t, err := heapAnd(parts, game.PartAmount, len(s.heaps))
	if err != nil {
		return 0, err
	}
	m := Move(i, t)
	if err := s.check(m); err != nil {
		return 0, err
	}
	return m, nil
}
