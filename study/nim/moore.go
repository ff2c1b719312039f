package nim

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

// DigitSums returns, for every binary digit (least significant first), the
// number of heaps with that digit set.
func DigitSums(heaps []int) []int {
	var sums []int
	for _, h := range heaps {
		for b := 0; h>>b > 0; b++ {
			for len(sums) <= b {
				sums = append(sums, 0)
			}
			sums[b] += h >> b & 1
		}
	}
	return sums
}

// IsMooreP reports whether the player to move loses in Index-k Nim: by
// Moore's theorem, exactly when every binary digit sum of the heaps is
// divisible by k+1. k is at least 1 (with k = 0 no move is allowed and
// every position reads as a P-position).
func IsMooreP(heaps []int, k int) bool {
	for _, s := range DigitSums(heaps) {
		if s%(k+1) != 0 {
			return false
		}
	}
	return true
}

// MooreMove returns the new heap sizes after a winning move by Moore's
// construction, or nil in a P-position. It goes down the binary digits
// keeping a set S of heaps already reduced (whose lower digits are free):
// when the free heaps cannot bring the digit sum to a multiple of k+1, it
// reduces r more heaps with that digit set (r = the sum mod k+1), which
// never makes |S| exceed k.
func MooreMove(heaps []int, k int) []int {
	if IsMooreP(heaps, k) {
		return nil
	}
	top := 0
	for _, h := range heaps {
		top = max(top, bits.Len(uint(h)))
	}
	nh := append([]int(nil), heaps...)
	free := make([]bool, len(heaps))
	var S []int
	for b := top - 1; b >= 0; b-- {
		m := 0
		for i, h := range heaps {
			if !free[i] && h>>b&1 == 1 {
				m++
			}
		}
		r := m % (k + 1)
		need := (k + 1 - r) % (k + 1)
		if need <= len(S) {
			for idx, i := range S {
				if idx < need {
					nh[i] |= 1 << b
				} else {
					nh[i] &^= 1 << b
				}
			}
			continue
		}
		for _, i := range S {
			nh[i] &^= 1 << b
		}
		for i, h := range heaps {
			if r == 0 {
				break
			}
			if !free[i] && h>>b&1 == 1 {
				free[i] = true
				nh[i] &^= 1 << b
				S = append(S, i)
				r--
			}
		}
	}
	return nh
}

// kWinningTakes lists every winning move as a tuple of takes, in move order.
func kWinningTakes(heaps []int, k int) [][]int {
	var out [][]int
	sums := DigitSums(heaps)
	take := make([]int, len(heaps))
	work := append([]int(nil), sums...)
	var rec func(i, left int, any bool) // i counts heaps from the last
	rec = func(i, left int, any bool) {
		if i == len(heaps) {
			if !any {
				return
			}
			for _, s := range work {
				if s%(k+1) != 0 {
					return
				}
			}
			out = append(out, append([]int(nil), take...))
			return
		}
		rec(i+1, left, any)
		if left == 0 {
			return
		}
		x := len(heaps) - 1 - i
		h := heaps[x]
		for t := 1; t <= h; t++ {
			take[x] = t
			nv := h - t
			for b := range work {
				work[b] += (nv>>b&1 - h>>b&1)
			}
			rec(i+1, left-1, true)
			for b := range work {
				work[b] -= (nv>>b&1 - h>>b&1)
			}
		}
		take[x] = 0
	}
	rec(0, k, false)
	return out
}

// KPerfect plays Moore's strategy in Index-k Nim: a winning move whenever
// one exists; in a P-position it takes one token from a largest heap.
type KPerfect struct{}

// Act returns the perfect move.
func (KPerfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s, ok := st.(*nim.KState)
	if !ok {
		return 0, fmt.Errorf("nimk perfect: not a nimk state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("nimk perfect: no legal move")
	}
	take := make([]int, len(s.Heaps()))
	if nh := MooreMove(s.Heaps(), s.K()); nh != nil {
		for i := range nh {
			take[i] = s.Heaps()[i] - nh[i]
		}
	} else {
		best := 0
		for i, h := range s.Heaps() {
			if h > s.Heaps()[best] {
				best = i
			}
		}
		take[best] = 1
	}
	return s.Rank(take), nil
}

func mooreTable(heaps []int, k int) (string, []int) {
	sums := DigitSums(heaps)
	w := max(1, len(sums))
	var b strings.Builder
	fmt.Fprintf(&b, "  heap %8s  %s\n", "tokens", "binary")
	for i, h := range heaps[:min(len(heaps), nim.ShownHeaps)] {
		fmt.Fprintf(&b, "  %4d %8d  %s\n", i+1, h, spaced(fmt.Sprintf("%0*b", w, h)))
	}
	if len(heaps) > nim.ShownHeaps {
		fmt.Fprintf(&b, "  … %d more heaps\n", len(heaps)-nim.ShownHeaps)
	}
	fmt.Fprintf(&b, "  %s\n", strings.Repeat("-", 16+2*w))
	top := make([]int, w)
	var s, m []string
	for i := range w {
		v := 0
		if w-1-i < len(sums) {
			v = sums[w-1-i]
		}
		top[i] = v
		s = append(s, strconv.Itoa(v))
		m = append(m, strconv.Itoa(v%(k+1)))
	}
	fmt.Fprintf(&b, "  digit sums     %s\n", strings.Join(s, " "))
	fmt.Fprintf(&b, "  mod k+1 = %-3d  %s", k+1, strings.Join(m, " "))
	return b.String(), top
}

func spaced(s string) string { return strings.Join(strings.Split(s, ""), " ") }

// mooreSolver is Index-k Nim's solver (solve.Analyzer).
type mooreSolver struct{}

// Solve decides an Index-k Nim position by Moore's theorem and explains
// it: the binary digits, the digit sums modulo k+1, the reasoning and every
// winning move. The value is the Grundy value where it is known: the
// nim-sum for k = 1 (plain Nim), else nil. Extra fields: heaps, k,
// digit_sums (most significant digit first), reason.
func (mooreSolver) Solve(_ context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Result, error) {
	s, ok := st.(*nim.KState)
	if !ok {
		return nil, fmt.Errorf("nimk solve: not a nimk state")
	}
	k := s.K()
	table, top := mooreTable(s.Heaps(), k)
	extra := map[string]any{"heaps": append([]int(nil), s.Heaps()...), "k": k, "digit_sums": top}
	if s.IsTerminal() {
		r := terminalResult(s, kValue(k, s.Heaps()), fmt.Sprintf("Every heap is empty: the game is over, %s took the last token and wins.\n", game.SeatName(1-s.Turn())))
		r.Extra = extra
		return r, nil
	}
	var best []game.Move
	for _, t := range kWinningTakes(s.Heaps(), k) {
		best = append(best, s.Rank(t))
	}
	r := &solve.Result{Outcome: winLoss(len(best) > 0), Value: kValue(k, s.Heaps()), Best: best, Complete: true, Extra: extra, Nodes: s.MoveCount()}
	var why string
	if len(best) == 0 {
		why = fmt.Sprintf("Moore's theorem: the player to move loses exactly when every binary digit sum is divisible by k+1 = %d.\n"+
			"Here they all are: a move changes at most k heaps, and for the highest digit it changes, it lowers\n"+
			"between 1 and k of the ones, so that sum stops being divisible; the opponent can always restore it.", k+1)
	} else {
		nh := MooreMove(s.Heaps(), k)
		take := make([]int, len(nh))
		for i := range nh {
			take[i] = s.Heaps()[i] - nh[i]
		}
		why = fmt.Sprintf("Moore's theorem: the player to move loses exactly when every binary digit sum is divisible by k+1 = %d.\n"+
			"Not all are, so the player to move wins. Moore's construction goes down the digits, reducing at most k\n"+
			"heaps so that every digit sum becomes a multiple of %d: heaps %s → %s, the move %s.",
			k+1, k+1, joinSizes(s.Heaps()), joinSizes(nh), nim.TakeString(take))
	}
	extra["reason"] = why
	var b strings.Builder
	fmt.Fprintf(&b, "%s; a move takes from 1 to k = %d heaps; whoever takes the last token wins.\n\n%s\n%s\n", heapsOf("Heap", s.Heaps()), k, table, why)
	r.Teach = b.String()
	if len(best) > 0 {
		fmt.Fprintf(&b, "Winning moves (HEAP:COUNT joined by +): %s\n", moveTexts(s, best, 30))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", r.Outcome)
	r.Text = b.String()
	return r, nil
}

// kValue is the Grundy value of heaps in Index-k Nim where it is known
// (k = 1: the nim-sum), else nil.
func kValue(k int, heaps []int) any {
	if k == 1 {
		return uint64(NimSum(heaps))
	}
	return nil
}

// Analyze values every move at once: a move wins when every digit sum it
// leaves is divisible by k+1 (Moore's theorem); its value is the Grundy
// value it leaves where known (k = 1), else nil.
func (mooreSolver) Analyze(_ context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*nim.KState)
	if !ok {
		return nil, fmt.Errorf("nimk analyze: not a nimk state")
	}
	k := s.K()
	if err := checkAnalyzable("nimk", s.MoveCount()); err != nil {
		return nil, err
	}
	var sums [64]int
	for b, v := range DigitSums(s.Heaps()) {
		sums[b] = v
	}
	sum := NimSum(s.Heaps())
	return analysisOf(s, s.LegalMoves(nil), func(_ int, m game.Move) (bool, any) {
		take, _ := s.Takes(m)
		after := sums
		for i, t := range take {
			if t > 0 {
				h, v := s.Heaps()[i], s.Heaps()[i]-t
				for b := 0; h>>b|v>>b != 0; b++ {
					after[b] += v>>b&1 - h>>b&1
				}
			}
		}
		win := true
		for _, c := range after {
			win = win && c%(k+1) == 0
		}
		if k != 1 {
			return win, nil
		}
		x := sum
		for i, t := range take {
			x ^= s.Heaps()[i] ^ (s.Heaps()[i] - t)
		}
		return win, uint64(x)
	}), nil
}
