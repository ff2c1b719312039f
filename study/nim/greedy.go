package nim

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

// IsGreedyP reports whether the player to move loses in Greedy Nim: exactly
// when the number of largest heaps is even (no heap left counts as zero).
// With an even number of largest heaps every move leaves an odd number;
// with an odd number c ≥ 3 one move leaves c−1, and with a single largest
// heap it can be cut to the second-largest size (when that size occurs an
// odd number of times), below it (when even), or to 0 (when it is alone).
func IsGreedyP(heaps []int) bool {
	_, c := nim.Largest(heaps)
	return c%2 == 0
}

// greedyCheck decides in constant time whether a move leaves a P-position.
type greedyCheck struct {
	size, count int // the largest heaps
	second, c2  int // the next size and its count (0, 0 when none)
}

func newGreedyCheck(heaps []int) greedyCheck {
	size, count := nim.Largest(heaps)
	second, c2 := nim.Largest(withoutOne(heaps, size))
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
				out = append(out, nim.Move(i, t))
			}
		}
		return out, int64(c.count) * int64(c.size)
	}
	i := slices.Index(heaps, c.size)
	switch {
	case c.second == 0: // take the last heap
		out = append(out, nim.Move(i, c.size))
	case c.c2%2 == 1: // cut to the second size
		out = append(out, nim.Move(i, c.size-c.second))
	default: // cut below the second size
		for v := c.second - 1; v >= 0 && len(out) < max(limit, 1); v-- {
			out = append(out, nim.Move(i, c.size-v))
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
	s, ok := st.(*nim.GreedyState)
	if !ok {
		return 0, fmt.Errorf("greedynim perfect: not a greedynim state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("greedynim perfect: no legal move")
	}
	if w, _ := GreedyWinningMoves(s.Heaps(), 1); len(w) > 0 {
		return w[0], nil
	}
	return s.MoveAt(0), nil
}

// greedySolver is Greedy Nim's solver (solve.Analyzer).
type greedySolver struct{}

// Solve decides a Greedy Nim position (see IsGreedyP) and explains it. The
// value is nil (no formula for the Grundy values is known); best_moves
// lists the first 1000 winning moves. Extra fields: heaps, largest,
// largest_count, winning_moves (their number), reason.
func (greedySolver) Solve(_ context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Result, error) {
	s, ok := st.(*nim.GreedyState)
	if !ok {
		return nil, fmt.Errorf("greedynim solve: not a greedynim state")
	}
	size, count := nim.Largest(s.Heaps())
	extra := map[string]any{"heaps": append([]int(nil), s.Heaps()...), "largest": size, "largest_count": count}
	if s.IsTerminal() {
		r := terminalResult(s, nil, fmt.Sprintf("Every heap is empty: the game is over, %s took the last token and wins.\n", game.SeatName(1-s.Turn())))
		r.Extra = extra
		return r, nil
	}
	best, total := GreedyWinningMoves(s.Heaps(), 1000)
	extra["winning_moves"] = total
	r := &solve.Result{Outcome: winLoss(total > 0), Best: best, Complete: true, Extra: extra, Nodes: int64(len(s.Heaps()))}
	rule := "The player to move loses exactly when the number of largest heaps is even: every move then leaves an odd\n" +
		"number of them, and from an odd number the opponent restores an even number (or empties the last heap)."
	var why string
	switch {
	case count%2 == 0:
		why = fmt.Sprintf("The largest size %d occurs %s, an even number.\n%s", size, game.Plural(count, "time"), rule)
	case count > 1:
		why = fmt.Sprintf("The largest size %d occurs %s, an odd number: reduce one of them to anything and %d remain.\n%s", size, game.Plural(count, "time"), count-1, rule)
	default:
		sec, c2 := nim.Largest(withoutOne(s.Heaps(), size))
		switch {
		case sec == 0:
			why = fmt.Sprintf("A single heap (%d) is left: take it all.\n%s", size, rule)
		case c2%2 == 1:
			why = fmt.Sprintf("The largest heap %d is alone; the next size %d occurs %s (odd): cut the largest to %d, making %d of them.\n%s", size, sec, game.Plural(c2, "time"), sec, c2+1, rule)
		default:
			why = fmt.Sprintf("The largest heap %d is alone; the next size %d occurs %s (even): cut the largest below %d, leaving those %d as the largest.\n%s", size, sec, game.Plural(c2, "time"), sec, c2, rule)
		}
	}
	extra["reason"] = why
	var b strings.Builder
	fmt.Fprintf(&b, "%s; only a largest heap may be reduced; whoever takes the last token wins.\n\n%s\n", heapsOf("Heap", s.Heaps()), why)
	r.Teach = b.String()
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
func (greedySolver) Analyze(_ context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*nim.GreedyState)
	if !ok {
		return nil, fmt.Errorf("greedynim analyze: not a greedynim state")
	}
	if err := checkAnalyzable("greedynim", s.MoveCount()); err != nil {
		return nil, err
	}
	c := newGreedyCheck(s.Heaps())
	return analysisOf(s, s.LegalMoves(nil), func(_ int, m game.Move) (bool, any) {
		i, t := nim.Unpack(m)
		return c.leavesP(s.Heaps()[i] - t), nil
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
