package vdwlist

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// randomStates returns the start and positions of random playouts of g in
// every phase of a round, the finished ones left out.
func randomStates(g *vdwlist.Game, rng *rand.Rand, n int) []*vdwlist.State {
	out := []*vdwlist.State{g.NewInitialState().(*vdwlist.State)}
	for range n {
		var s game.State = g.NewInitialState()
		for steps := rng.IntN(3 * g.S()); steps > 0 && !s.IsTerminal(); steps-- {
			moves := s.LegalMoves(nil)
			_ = s.Apply(moves[rng.IntN(len(moves))])
		}
		if !s.IsTerminal() {
			out = append(out, s.(*vdwlist.State))
		}
	}
	return out
}

// withFastLimit returns a solver of g whose int64 fast path takes positions
// of at most limit relevant numbers: the others take the math/big path.
func withFastLimit(g *vdwlist.Game, limit int) *Solver {
	sv := NewSolver(g, 1<<20)
	sv.pow = sv.pow[:min(limit+1, len(sv.pow))]
	return sv
}

// TestBigPathAgrees forces the math/big path on small games (the fast path
// cut to positions of 0, 2 or 4 relevant numbers) and checks it against the
// int64 path and plain expectimax (exact fractions, no reductions), from
// random positions in every phase: the values, the best moves and the
// numbers that keep the value.
func TestBigPathAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	ctx := context.Background()
	for _, p := range [][4]int{{3, 3, 2, 8}, {3, 2, 2, 8}, {2, 4, 2, 6}, {3, 3, 1, 8}, {3, 4, 2, 6}, {3, 3, 3, 7}} {
		g, err := vdwlist.New(p[0], p[1], p[2], p[3])
		if err != nil {
			t.Fatal(err)
		}
		fast := NewSolver(g, 1<<20)
		for _, s := range randomStates(g, rng, 5) {
			want, _, err := PlainValue(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			fv, err := fast.Value(ctx, s)
			if err != nil || fv.Cmp(want) != 0 {
				t.Fatalf("%s %q: fast path %v (%v), plain expectimax %s", g, s.Position(), fv, err, Fraction(want))
			}
			fr, err := fast.Solve(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, limit := range []int{0, 2, 4} {
				sv := withFastLimit(g, limit)
				if sv.fits(searchRounds(s)) {
					continue
				}
				bv, err := sv.Value(ctx, s)
				if err != nil || bv.Cmp(want) != 0 {
					t.Fatalf("%s %q, fast path to %d numbers: big path %v (%v), plain expectimax %s", g, s.Position(), limit, bv, err, Fraction(want))
				}
				br, err := sv.Solve(ctx, s)
				if err != nil || br.Value != fr.Value || !slices.Equal(br.BestMoves, fr.BestMoves) {
					t.Fatalf("%s %q, fast path to %d numbers: big path %v %v (%v), fast %v %v", g, s.Position(), limit, br.Value, br.BestMoves, err, fr.Value, fr.BestMoves)
				}
			}
		}
	}
}

// TestBigPathPartial stops the big path after a few positions: what it
// returns is a lower bound of the value, and its best move found keeps it.
func TestBigPathPartial(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	ctx := context.Background()
	for _, p := range [][4]int{{3, 3, 2, 8}, {2, 4, 2, 6}, {3, 2, 2, 8}} {
		g, _ := vdwlist.New(p[0], p[1], p[2], p[3])
		for _, s := range randomStates(g, rng, 3) {
			want, _, _ := PlainValue(ctx, s)
			moveValue := map[int]*big.Rat{} // plain expectimax after naming a number
			for budget := int64(1); budget < 2000; budget += 1 + budget/2 {
				sv := withFastLimit(g, 2)
				sv.SetNodeLimit(budget)
				lo, err := sv.Value(ctx, s)
				if err == nil {
					if lo.Cmp(want) != 0 {
						t.Fatalf("%s %q: %s, want %s", g, s.Position(), Fraction(lo), Fraction(want))
					}
					break
				}
				if !errors.Is(err, solve.ErrBudget) || lo.Cmp(want) > 0 {
					t.Fatalf("%s %q budget %d: lower bound %s above the value %s (%v)", g, s.Position(), budget, Fraction(lo), Fraction(want), err)
				}
				if sv.rootMove != 0 && s.Phase() == vdwlist.PhaseName {
					v, ok := moveValue[sv.rootMove]
					if !ok {
						c := s.Clone().(*vdwlist.State)
						c.ApplyUnchecked(game.Move(sv.rootMove))
						v, _, _ = PlainValue(ctx, c)
						moveValue[sv.rootMove] = v
					}
					if v.Cmp(sv.rootLo) < 0 {
						t.Fatalf("%s %q budget %d: best move %d is worth %s, below its bound %s", g, s.Position(), budget, sv.rootMove, Fraction(v), Fraction(sv.rootLo))
					}
				}
			}
		}
	}
}

// TestFractionsBeyond64Bits solves games whose values need more than 64
// bits, against closed forms: with lists of one colour every number gets a
// uniform random colour, so with k = s player 1 wins when all s numbers
// get one colour, 3·3^−s = 1/3^(s−1), and with k = s−1 when 1..s−1 or
// 2..s does, 2·3^−(s−2) − 3^−(s−1) = 5/3^(s−1).
func TestFractionsBeyond64Bits(t *testing.T) {
	ctx := context.Background()
	pow3 := new(big.Int).Exp(big.NewInt(3), big.NewInt(39), nil) // 3^39 > 2^61
	for _, tt := range []struct {
		k, s int
		num  int64
	}{{40, 40, 1}, {39, 40, 5}, {60, 60, 0}} {
		g, err := vdwlist.New(tt.k, 3, 1, tt.s)
		if err != nil {
			t.Fatal(err)
		}
		sv := NewSolver(g, 1<<20)
		if sv.fits(tt.s) {
			t.Fatalf("s=%d fits the fast path", tt.s)
		}
		want := new(big.Rat).SetFrac(big.NewInt(tt.num), pow3)
		if tt.s == 60 {
			want.SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(3), big.NewInt(59), nil))
		}
		v, err := sv.Value(ctx, g.NewInitialState().(*vdwlist.State))
		if err != nil || v.Cmp(want) != 0 {
			t.Fatalf("%s: %v (%v), want %s", g, v, err, Fraction(want))
		}
	}
}

// TestWorkersAgree solves random positions with one worker and with three
// sharing the table: the same exact values (run it with the race detector).
func TestWorkersAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	ctx := context.Background()
	for _, p := range [][4]int{{3, 3, 2, 10}, {3, 2, 2, 11}, {3, 4, 2, 9}} {
		g, _ := vdwlist.New(p[0], p[1], p[2], p[3])
		one, three := NewSolver(g, 1<<22), NewSolver(g, 1<<22)
		one.SetWorkers(1)
		three.SetWorkers(3)
		for _, s := range randomStates(g, rng, 6) {
			a, err := one.Value(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			b, err := three.Value(ctx, s)
			if err != nil || a.Cmp(b) != 0 {
				t.Fatalf("%s %q: one worker %s, three %v (%v)", g, s.Position(), Fraction(a), b, err)
			}
		}
		if w := three.WorkerNodes(); len(w) == 3 && w[1]+w[2] == 0 {
			t.Errorf("%s: the helpers searched nothing: %v", g, w)
		}
	}
}

// refKey is the plain definition of a position's key: the string of the
// relevant numbers (translated, divided by the gcd of their distances),
// each a symbol: '.' irrelevant, a colour, or '_' uncoloured followed by
// the colours that complete a progression there when keys mark threats;
// the least over the renamings of the colours (in order of appearance,
// without threats) and the reversal.
func refKey(sr *searcher, ex *examined) string {
	relevant, nc := ex.relevant, sr.g.Colors()
	var cells []int
	for m := relevant; m != 0; m &= m - 1 {
		cells = append(cells, trailing(m))
	}
	step := 0
	for _, c := range cells[1:] {
		step = gcd(step, c-cells[0])
	}
	step = max(step, 1)
	lo, hi := cells[0], cells[len(cells)-1]
	symbols := func(from, by int, perm []int) string {
		rename := map[uint8]byte{}
		var b []byte
		for i := from; lo <= i && i <= hi; i += by {
			switch {
			case relevant&(1<<i) == 0:
				b = append(b, '.')
			case sr.colored&(1<<i) == 0:
				b = append(b, '_')
				if threatKeys(nc) {
					var marks []byte
					for col := range nc {
						if ex.threats[col]&(1<<i) != 0 {
							marks = append(marks, byte('a'+perm[col]))
						}
					}
					slices.Sort(marks)
					b = append(b, marks...)
					b = append(b, ';')
				}
			default:
				col := sr.cellColour[i]
				if threatKeys(nc) {
					b = append(b, byte('a'+perm[col]))
					continue
				}
				if _, ok := rename[col]; !ok {
					rename[col] = byte('a' + len(rename))
				}
				b = append(b, rename[col])
			}
		}
		return string(b)
	}
	perms := [][]int{{0, 1, 2, 3, 4, 5, 6, 7}}
	if threatKeys(nc) {
		perms = permutations(nc)
	}
	best := ""
	for _, perm := range perms {
		for _, str := range []string{symbols(lo, step, perm), symbols(hi, -step, perm)} {
			if best == "" || str < best {
				best = str
			}
		}
	}
	return best
}

// permutations returns every permutation of 0..n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

func trailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// TestKeysAreExact checks the bit-plane keys against the plain symbol
// strings on random colourings, relevant sets and threats: equal keys
// exactly when equal strings (narrow and wide keys alike, with and without
// threat marks).
func TestKeysAreExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	for _, c := range []int{1, 2, 3, 4, 7} {
		for _, s := range []int{12, 30, 64} {
			g, _ := vdwlist.New(3, c, min(2, c), s)
			sr := NewSolver(g, 1<<16).newSearcher(context.Background(), g.NewInitialState().(*vdwlist.State), 0, false, true)
			byKey := map[posKey]string{}
			byStr := map[string]posKey{}
			for range 3000 {
				sr.masks, sr.colored = [vdwlist.MaxColors]uint64{}, 0
				span := 1 + rng.IntN(s)
				step := 1 + rng.IntN(3)
				var relevant uint64
				for i := 0; i < span && i*step < s; i++ {
					cell := i * step
					if i == 0 || rng.IntN(3) > 0 {
						relevant |= 1 << cell
						if rng.IntN(2) == 0 {
							col := rng.IntN(c)
							sr.masks[col] |= 1 << cell
							sr.colored |= 1 << cell
							sr.cellColour[cell] = uint8(col)
						}
					}
				}
				shift := rng.IntN(s - (63 - leading(relevant)))
				relevant <<= shift
				for col := range c {
					sr.masks[col] <<= shift
				}
				sr.colored <<= shift
				for i := s - 1; i >= shift; i-- {
					sr.cellColour[i] = sr.cellColour[i-shift]
				}
				ex := &examined{relevant: relevant}
				for x := relevant &^ sr.colored; x != 0; x &= x - 1 {
					if rng.IntN(3) == 0 { // a threat in one or two colours
						ex.threats[rng.IntN(c)] |= x & -x
						if rng.IntN(3) == 0 {
							ex.threats[rng.IntN(c)] |= x & -x
						}
					}
				}
				var k posKey
				sr.canonical(ex, &k)
				str := refKey(sr, ex)
				if old, ok := byKey[k]; ok && old != str {
					t.Fatalf("c=%d s=%d: one key for %q and %q", c, s, old, str)
				}
				if old, ok := byStr[str]; ok && old != k {
					t.Fatalf("c=%d s=%d: two keys for %q", c, s, str)
				}
				byKey[k], byStr[str] = str, k
			}
		}
	}
}

func leading(m uint64) int {
	n := 0
	for m&(1<<63) == 0 {
		m <<= 1
		n++
	}
	return n
}
