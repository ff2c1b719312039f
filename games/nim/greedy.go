package nim

import (
	"context"
	"fmt"
	"strings"

	"github.com/kombi/kombi/game"
)

// NewGreedyType returns the type of Greedy Nim.
func NewGreedyType() *game.Type {
	return &game.Type{
		Name: "greedynim",
		Doc:  "Greedy Nim: take any number of tokens, but only from a largest heap; taking the last token wins",
		Params: []game.ParamSpec{
			{Name: "piles", Kind: game.IntList, Default: "3;4;5", HasMin: true, Min: 0, HasMax: true, Max: MaxHeap, MinItems: 1, Doc: "heap sizes, e.g. 3;4;5"},
		},
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return NewGreedy(p.Ints("piles"))
		},
	}
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
	return &GreedyState{heaps: append([]int(nil), heaps...)}
}

// ParsePosition reads heap sizes separated by ';', e.g. "7;5;12".
func (g *GreedyGame) ParsePosition(text string) (game.State, error) {
	heaps, err := ParseHeaps(text)
	if err != nil {
		return nil, err
	}
	return g.newState(heaps), nil
}

// GreedyState is a Greedy Nim position. Moves are packed as in Nim (see
// Move). It implements game.Undoer and game.Hasher.
type GreedyState struct {
	heaps []int
	turn  game.Player
	moves int
}

// Heaps returns the heap sizes (do not modify).
func (s *GreedyState) Heaps() []int { return s.heaps }

// Player returns the player to move, or game.Terminal when every heap is empty.
func (s *GreedyState) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether every heap is empty.
func (s *GreedyState) IsTerminal() bool { return maxHeap(s.heaps) == 0 }

// LegalMoves appends the moves on the largest heaps, heap by heap, fewest tokens first.
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
		return fmt.Errorf("heap %d has only %d tokens, cannot take %d", i+1, s.heaps[i], t)
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
func (s *GreedyState) ApplyUnchecked(m game.Move) {
	i, t := unpack(m)
	s.heaps[i] -= t
	s.turn = 1 - s.turn
	s.moves++
}

// Undo puts back the tokens of m, the last move applied.
func (s *GreedyState) Undo(m game.Move) {
	i, t := unpack(m)
	s.heaps[i] += t
	s.turn = 1 - s.turn
	s.moves--
}

// Clone returns an independent copy.
func (s *GreedyState) Clone() game.State {
	c := *s
	c.heaps = append([]int(nil), s.heaps...)
	return &c
}

// Returns: whoever takes the last token wins.
func (s *GreedyState) Returns() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	r := []float64{0, 0}
	r[s.turn], r[1-s.turn] = -1, 1
	return r
}

// Key hashes the heaps and the player to move.
func (s *GreedyState) Key() uint64 {
	h := game.HashMix(0x67726565, uint64(s.turn))
	for _, x := range s.heaps {
		h = game.HashMix(h, uint64(x))
	}
	return h
}

// MoveString writes "HEAP:COUNT" with heaps numbered from 1.
func (s *GreedyState) MoveString(m game.Move) string {
	i, t := unpack(m)
	return fmt.Sprintf("%d:%d", i+1, t)
}

// ParseMove reads "HEAP:COUNT", as in Nim.
func (s *GreedyState) ParseMove(text string) (game.Move, error) {
	return (&State{heaps: s.heaps}).ParseMove(text)
}

// MoveHelp explains the notation.
func (s *GreedyState) MoveHelp() string {
	return "Type HEAP:COUNT to take COUNT tokens from heap HEAP, which must be a largest heap, e.g. 2:3."
}

// String draws the heaps, one per line.
func (s *GreedyState) String() string { return drawHeaps(s.heaps, s.turn, s.IsTerminal()) }

// largest returns the largest heap size and how many heaps have it.
func largest(heaps []int) (size, count int) {
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

// IsGreedyP reports whether the player to move loses in Greedy Nim: exactly
// when the number of largest heaps is even (no heap left counts as zero).
// With an even number of largest heaps every move leaves an odd number;
// with an odd number c ≥ 3 one move leaves c−1, and with a single largest
// heap it can be cut to the second-largest size (when that size occurs an
// odd number of times), below it (when even), or to 0 (when it is alone).
func IsGreedyP(heaps []int) bool {
	_, c := largest(heaps)
	return c%2 == 0
}

// GreedyWinningMoves returns every move to a P-position, in LegalMoves order.
func GreedyWinningMoves(s *GreedyState) []game.Move {
	var out []game.Move
	work := s.Clone().(*GreedyState)
	for _, m := range s.LegalMoves(nil) {
		work.ApplyUnchecked(m)
		if IsGreedyP(work.heaps) {
			out = append(out, m)
		}
		work.Undo(m)
	}
	return out
}

// GreedyPerfect plays a winning move whenever one exists (the first in move
// order); in a P-position it takes one token from the first largest heap.
type GreedyPerfect struct{}

// Act returns the perfect move.
func (GreedyPerfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s, ok := st.(*GreedyState)
	if !ok {
		return 0, fmt.Errorf("greedynim perfect: not a greedynim state")
	}
	moves := s.LegalMoves(nil)
	if len(moves) == 0 {
		return 0, fmt.Errorf("greedynim perfect: no legal move")
	}
	if w := GreedyWinningMoves(s); len(w) > 0 {
		return w[0], nil
	}
	return moves[0], nil
}

// GreedyAnalysis explains a Greedy Nim position.
type GreedyAnalysis struct {
	Game      string   `json:"game"`
	Heaps     []int    `json:"heaps"`
	Largest   int      `json:"largest"`
	Count     int      `json:"largest_count"`
	Outcome   string   `json:"outcome"`
	BestMoves []string `json:"best_moves"`
	Reason    string   `json:"reason"`
}

// Text explains the analysis for people.
func (a *GreedyAnalysis) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Heaps %s; only a largest heap may be reduced; whoever takes the last token wins.\n\n%s\n", joinSizes(a.Heaps), a.Reason)
	if len(a.BestMoves) > 0 {
		fmt.Fprintf(&b, "Winning moves (HEAP:COUNT): %s\n", strings.Join(a.BestMoves, " "))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", a.Outcome)
	return b.String()
}

// Solve explains a Greedy Nim position.
func (g *GreedyGame) Solve(_ context.Context, st game.State, _ game.SolveOptions) (game.Analysis, error) {
	s, ok := st.(*GreedyState)
	if !ok {
		return nil, fmt.Errorf("greedynim solve: not a greedynim state")
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("greedynim solve: every heap is empty, the game is over")
	}
	size, count := largest(s.heaps)
	a := &GreedyAnalysis{Game: g.String(), Heaps: append([]int(nil), s.heaps...), Largest: size, Count: count, BestMoves: []string{}}
	for _, m := range GreedyWinningMoves(s) {
		a.BestMoves = append(a.BestMoves, s.MoveString(m))
	}
	rule := "The player to move loses exactly when the number of largest heaps is even: every move then leaves an odd\n" +
		"number of them, and from an odd number the opponent restores an even number (or empties the last heap)."
	switch {
	case count%2 == 0:
		a.Outcome = "loss"
		a.Reason = fmt.Sprintf("The largest size %d occurs %d times, an even number.\n%s", size, count, rule)
	case count > 1:
		a.Outcome = "win"
		a.Reason = fmt.Sprintf("The largest size %d occurs %d times, an odd number: reduce one of them to anything and %d remain.\n%s", size, count, count-1, rule)
	default:
		a.Outcome = "win"
		sec, c2 := largest(withoutOne(s.heaps, size))
		switch {
		case sec == 0:
			a.Reason = fmt.Sprintf("A single heap (%d) is left: take it all.\n%s", size, rule)
		case c2%2 == 1:
			a.Reason = fmt.Sprintf("The largest heap %d is alone; the next size %d occurs %d times (odd): cut the largest to %d, making %d of them.\n%s", size, sec, c2, sec, c2+1, rule)
		default:
			a.Reason = fmt.Sprintf("The largest heap %d is alone; the next size %d occurs %d times (even): cut the largest below %d, leaving those %d as the largest.\n%s", size, sec, c2, sec, c2, rule)
		}
	}
	return a, nil
}

// withoutOne returns heaps with one heap of size v removed.
func withoutOne(heaps []int, v int) []int {
	out := append([]int(nil), heaps...)
	for i, h := range out {
		if h == v {
			return append(out[:i], out[i+1:]...)
		}
	}
	return out
}
