package nim

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
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
	return &GreedyState{g: g, heaps: append([]int(nil), heaps...)}
}

// ParsePosition reads heap sizes separated by ';', e.g. "7;5;12", with the
// first player to move, or followed by " P2" when the second player is to
// move, as Position writes it.
func (g *GreedyGame) ParsePosition(text string) (game.State, error) {
	rest, turn, _ := splitTurn(text)
	heaps, err := ParseHeaps(rest)
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
	g     *GreedyGame
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
func (s *GreedyState) String() string {
	return drawHeaps(s.heaps, s.turn, s.IsTerminal(), "no move is left")
}

// MoveCount returns the number of legal moves: the size of a largest heap
// times the number of largest heaps.
func (s *GreedyState) MoveCount() int64 {
	size, count := largest(s.heaps)
	return int64(size) * int64(count)
}

// MoveAt returns LegalMoves' i-th move (from 0) without listing the others;
// i must be below MoveCount.
func (s *GreedyState) MoveAt(i int64) game.Move {
	size, _ := largest(s.heaps)
	h, k, _ := indexMove(s.heaps, i, func(h int) int { return size * b2i(h == size) })
	return Move(h, k+1)
}

// Position writes the heaps separated by ';', then " P2" when the second
// player is to move (see ParsePosition).
func (s *GreedyState) Position() string { return heapsPosition(s.heaps, s.turn, 0) }

// View returns the heaps.
func (s *GreedyState) View() game.View { return heapsView(s.g.typ, s, s.heaps) }

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

// greedyCheck decides in constant time whether a move leaves a P-position.
type greedyCheck struct {
	size, count int // the largest heaps
	second, c2  int // the next size and its count (0, 0 when none)
}

func newGreedyCheck(heaps []int) greedyCheck {
	size, count := largest(heaps)
	second, c2 := largest(withoutOne(heaps, size))
	if count > 1 {
		second, c2 = size, count-1
	}
	return greedyCheck{size, count, second, c2}
}

// leavesP reports whether cutting a largest heap to v tokens leaves a
// P-position: the largest heaps that remain must be even in number.
func (c greedyCheck) leavesP(v int) bool {
	n := 0
	switch {
	case v > c.second:
		n = 1
	case v == c.second && v > 0:
		n = c.c2 + 1
	default:
		n = c.c2
	}
	return n%2 == 0
}

// GreedyWinningMoves returns the first limit moves to a P-position, in
// LegalMoves order, and how many there are in all, in time linear in the
// number of heaps (see IsGreedyP): with an odd number c ≥ 3 of largest
// heaps every move wins; with one largest heap the winning cuts go to the
// second-largest size, below it, or to 0.
func GreedyWinningMoves(heaps []int, limit int) ([]game.Move, int64) {
	c := newGreedyCheck(heaps)
	var out []game.Move
	switch {
	case c.count%2 == 0:
		return nil, 0
	case c.count > 1: // every move wins
		for i, h := range heaps {
			for t := 1; h == c.size && t <= h && len(out) < limit; t++ {
				out = append(out, Move(i, t))
			}
		}
		return out, int64(c.count) * int64(c.size)
	}
	i := slices.Index(heaps, c.size)
	switch {
	case c.second == 0: // take the last heap
		out = append(out, Move(i, c.size))
	case c.c2%2 == 1: // cut to the second size
		out = append(out, Move(i, c.size-c.second))
	default: // cut below the second size
		for v := c.second - 1; v >= 0 && len(out) < max(limit, 1); v-- {
			out = append(out, Move(i, c.size-v))
		}
		return out[:min(len(out), limit)], int64(c.second)
	}
	return out[:min(1, limit)], 1
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
	if s.IsTerminal() {
		return 0, fmt.Errorf("greedynim perfect: no legal move")
	}
	if w, _ := GreedyWinningMoves(s.heaps, 1); len(w) > 0 {
		return w[0], nil
	}
	return s.MoveAt(0), nil
}

// Solve decides a Greedy Nim position (see IsGreedyP) and explains it. The
// value is nil (no formula for the Grundy values is known); best_moves
// lists the first 1000 winning moves. Extra fields: heaps, largest,
// largest_count, winning_moves (their number), reason.
func (g *GreedyGame) Solve(_ context.Context, st game.State, _ solve.Options) (*solve.Result, error) {
	s, ok := st.(*GreedyState)
	if !ok {
		return nil, fmt.Errorf("greedynim solve: not a greedynim state")
	}
	size, count := largest(s.heaps)
	extra := map[string]any{"heaps": append([]int(nil), s.heaps...), "largest": size, "largest_count": count}
	if s.IsTerminal() {
		r := terminalResult(s, nil, fmt.Sprintf("Every heap is empty: the game is over, %s took the last token and wins.\n", game.SeatName(1-s.turn)))
		r.Extra = extra
		return r, nil
	}
	best, total := GreedyWinningMoves(s.heaps, 1000)
	extra["winning_moves"] = total
	r := &solve.Result{Outcome: winLoss(total > 0), Best: best, Complete: true, Extra: extra, Nodes: int64(len(s.heaps))}
	rule := "The player to move loses exactly when the number of largest heaps is even: every move then leaves an odd\n" +
		"number of them, and from an odd number the opponent restores an even number (or empties the last heap)."
	var why string
	switch {
	case count%2 == 0:
		why = fmt.Sprintf("The largest size %d occurs %d times, an even number.\n%s", size, count, rule)
	case count > 1:
		why = fmt.Sprintf("The largest size %d occurs %d times, an odd number: reduce one of them to anything and %d remain.\n%s", size, count, count-1, rule)
	default:
		sec, c2 := largest(withoutOne(s.heaps, size))
		switch {
		case sec == 0:
			why = fmt.Sprintf("A single heap (%d) is left: take it all.\n%s", size, rule)
		case c2%2 == 1:
			why = fmt.Sprintf("The largest heap %d is alone; the next size %d occurs %d times (odd): cut the largest to %d, making %d of them.\n%s", size, sec, c2, sec, c2+1, rule)
		default:
			why = fmt.Sprintf("The largest heap %d is alone; the next size %d occurs %d times (even): cut the largest below %d, leaving those %d as the largest.\n%s", size, sec, c2, sec, c2, rule)
		}
	}
	extra["reason"] = why
	var b strings.Builder
	fmt.Fprintf(&b, "Heaps %s; only a largest heap may be reduced; whoever takes the last token wins.\n\n%s\n", joinSizes(s.heaps), why)
	if total > 0 {
		fmt.Fprintf(&b, "Winning moves (HEAP:COUNT): %s\n", moveTexts(s, best, 30))
		if total > int64(len(best)) {
			fmt.Fprintf(&b, "(%d winning moves in all)\n", total)
		}
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", r.Outcome)
	r.Text = b.String()
	return r, nil
}

// Analyze values every move at once: a move wins when it leaves an even
// number of largest heaps. Values are nil (see Solve).
func (g *GreedyGame) Analyze(_ context.Context, st game.State, _ solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*GreedyState)
	if !ok {
		return nil, fmt.Errorf("greedynim analyze: not a greedynim state")
	}
	if err := checkAnalyzable("greedynim", s.MoveCount()); err != nil {
		return nil, err
	}
	c := newGreedyCheck(s.heaps)
	return analysisOf(s, s.LegalMoves(nil), func(_ int, m game.Move) (bool, any) {
		i, t := unpack(m)
		return c.leavesP(s.heaps[i] - t), nil
	}), nil
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
