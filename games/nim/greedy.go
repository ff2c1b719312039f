package nim

import (
	"fmt"

	"github.com/kombi/kombi/game"
)

// NewGreedyType returns the type of Greedy Nim.
func NewGreedyType() *game.Type {
	return describeGreedy(&game.Type{
		Name: "greedynim",
		Doc:  "Greedy Nim: take any number of tokens, but only from a largest heap; taking the last token wins",
		Params: []game.ParamSpec{
			{Name: "piles", Kind: game.IntList, Default: "3;4;5", HasMin: true, Min: 0, HasMax: true, Max: MaxHeap, MinItems: 1, Doc: "heap sizes, e.g. 3;4;5"},
		},
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return NewGreedy(p.Ints("piles"))
		},
	})
}

// GreedyGame is Greedy Nim with fixed starting heaps.
type GreedyGame struct {
	typ   *game.Type
	piles []int
}

// NewGreedy returns Greedy Nim from the given heaps.
func NewGreedy(piles []int) (*GreedyGame, error) {
	if _, err := New(piles, false); err != nil { // the same heap rules as Nim
		return nil, err
	}
	return &GreedyGame{typ: NewGreedyType(), piles: append([]int(nil), piles...)}, nil
}

// Type describes Greedy Nim.
func (g *GreedyGame) Type() *game.Type { return g.typ }

// String is the canonical game string.
func (g *GreedyGame) String() string {
	return fmt.Sprintf("greedynim(piles=%s)", game.JoinInts(g.piles))
}

// NewInitialState returns the starting heaps with the first player to move.
func (g *GreedyGame) NewInitialState() game.State { return g.newState(g.piles) }

func (g *GreedyGame) newState(heaps []int) *GreedyState {
	return &GreedyState{g: g, heapRow: newHeapRow(heaps, 0)}
}

// ParsePosition reads heap sizes separated by ';', e.g. "7;5;12", with the
// first player to move, or followed by " P2" when the second player is to
// move, as Position writes it.
func (g *GreedyGame) ParsePosition(text string) (game.State, error) {
	heaps, turn, _, err := parseHeapPosition(text)
	if err != nil {
		return nil, err
	}
	s := g.newState(heaps)
	s.turn = turn
	return s, nil
}

// GreedyState is a Greedy Nim position. Moves are packed as in Nim (see
// Move). It implements game.Undoer and game.Hasher.
type GreedyState struct {
	heapRow
	g *GreedyGame
}

// Player returns the player to move, or game.Terminal when every heap is empty.
func (s *GreedyState) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether every heap is empty.
func (s *GreedyState) IsTerminal() bool { return s.empty() }

// LegalMoves appends the moves on the largest heaps, heap by heap, fewest
// tokens first: MoveCount of them, up to MaxHeaps·MaxHeap. A caller that
// cannot hold that many picks moves by MoveCount and MoveAt instead.
func (s *GreedyState) LegalMoves(buf []game.Move) []game.Move {
	m := maxHeap(s.heaps)
	if m == 0 {
		return buf
	}
	for i, h := range s.heaps {
		if h == m {
			for t := 1; t <= h; t++ {
				buf = append(buf, Move(i, t))
			}
		}
	}
	return buf
}

func (s *GreedyState) check(m game.Move) error {
	i, t := unpack(m)
	mx := maxHeap(s.heaps)
	switch {
	case mx == 0:
		return fmt.Errorf("the game is over")
	case i >= len(s.heaps):
		return fmt.Errorf("there is no heap %d (heaps are 1 to %d)", i+1, len(s.heaps))
	case t < 1:
		return fmt.Errorf("a move takes at least one token")
	case s.heaps[i] != mx:
		return fmt.Errorf("heap %d has %d tokens; Greedy Nim takes only from a largest heap (%d tokens)", i+1, s.heaps[i], mx)
	case t > s.heaps[i]:
		return game.CannotTake(i+1, s.heaps[i], t)
	}
	return nil
}

// Apply takes the tokens after checking the move.
func (s *GreedyState) Apply(m game.Move) error {
	if err := s.check(m); err != nil {
		return err
	}
	s.ApplyUnchecked(m)
	return nil
}

// ApplyUnchecked takes the tokens without checking.
func (s *GreedyState) ApplyUnchecked(m game.Move) { s.take(unpack(m)) }

// Undo puts back the tokens of m, the last move applied.
func (s *GreedyState) Undo(m game.Move) { s.untake(unpack(m)) }

// Clone returns an independent copy.
func (s *GreedyState) Clone() game.State {
	c := *s
	c.heapRow = s.copyRow()
	return &c
}

// Returns: whoever takes the last token wins.
func (s *GreedyState) Returns() []float64 { return s.returns(s.IsTerminal(), false) }

// Key hashes the heaps and the player to move.
func (s *GreedyState) Key() uint64 { return s.key(0x67726565) }

// MoveString writes "HEAP:COUNT" with heaps numbered from 1.
func (s *GreedyState) MoveString(m game.Move) string { return takeText(m) }

// ParseMove reads "HEAP:COUNT", as in Nim.
func (s *GreedyState) ParseMove(text string) (game.Move, error) { return parseTake(text, s.heaps) }

// MoveHelp explains the notation.
func (s *GreedyState) MoveHelp() string {
	return "Type HEAP:COUNT to take COUNT tokens from heap HEAP, which must be a largest heap, e.g. 2:3."
}

// String draws the heaps, one per line.
func (s *GreedyState) String() string { return s.draw(s.IsTerminal(), "no move is left") }

// MoveCount returns the number of legal moves: the size of a largest heap
// times the number of largest heaps.
func (s *GreedyState) MoveCount() int64 {
	size, count := Largest(s.heaps)
	return int64(size) * int64(count)
}

// MoveAt returns LegalMoves' i-th move (from 0) without listing the others;
// i must be below MoveCount.
func (s *GreedyState) MoveAt(i int64) game.Move {
	size, _ := Largest(s.heaps)
	h, k, _ := indexMove(s.heaps, i, func(h int) int { return size * b2i(h == size) })
	return Move(h, k+1)
}

// Position writes the heaps separated by ';', then " P2" when the second
// player is to move (see ParsePosition).
func (s *GreedyState) Position() string { return s.position(0) }

// View returns the heaps.
func (s *GreedyState) View() game.View { return s.view(s.g.typ, s) }

// MoveParts returns the heap (from 0) and the number of tokens taken.
func (s *GreedyState) MoveParts(m game.Move) []game.Part {
	i, t := unpack(m)
	return heapAmountParts(i, t)
}

// MoveFromParts builds the move that takes the amount from the heap, which
// must be a largest one.
func (s *GreedyState) MoveFromParts(parts []game.Part) (game.Move, error) {
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

// Largest returns the largest heap size and how many heaps have it (0, 0
// when every heap is empty).
func Largest(heaps []int) (size, count int) {
	for _, h := range heaps {
		switch {
		case h > size:
			size, count = h, 1
		case h == size && h > 0:
			count++
		}
	}
	return size, count
}
