package thue_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/study/thue/port"
)

func toInts(w []byte) []int {
	out := make([]int, len(w))
	for i, c := range w {
		out[i] = int(c)
	}
	return out
}

// TestNestingMatchesThesisPort checks on many positions that the fast
// engine makes exactly the decisions of the straight port of the listings,
// at levels 0..2 in both roles, with ties broken first or at random.
func TestNestingMatchesThesisPort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	positions := 0
	for iter := 0; iter < 160; iter++ {
		rule := thue.Rule(iter % 2)
		k := 3 + rng.IntN(3)
		n := 1 + rng.IntN(14)
		level := iter % 3
		if level == 2 {
			n = 1 + rng.IntN(8)
		}
		w := randomWord(rng, n, k, rule)
		eng := thue.NewEngine(k, rule)
		seed := rng.Uint64()
		for _, random := range []bool{false, true} {
			var r1, r2 *rand.Rand
			if random {
				r1, r2 = rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
			}
			p := &port.Player{Overlap: rule == thue.Overlap, Power: k, PainterNestingLevel: level, BuilderNestingLevel: level, Rand: r1}
			var fast, slow int
			if level == 0 {
				fast, slow = eng.GreedyPosition(w), p.FindRightIndexGreedy(toInts(w))
			} else {
				fast, slow = eng.NestingPosition(w, level, r2), p.FindRightIndex(toInts(w))
			}
			if fast != slow {
				t.Fatalf("%v k=%d level %d word %v: builder engine %d, thesis port %d", rule, k, level, w, fast, slow)
			}
			for i := 0; i <= len(w); i++ {
				if level == 0 {
					fast, slow = eng.GreedySymbol(w, i), max(p.FindRightColorGreedy(toInts(w), i), 0)
				} else {
					fast, slow = eng.NestingSymbol(w, i, level, r2), max(p.FindRightColorPredicting(toInts(w), i), 0)
				}
				if fast != slow {
					t.Fatalf("%v k=%d level %d word %v position %d: painter engine %d, thesis port %d", rule, k, level, w, i, fast, slow)
				}
				positions++
			}
		}
		if level > 0 {
			// The scores themselves, not only the choices.
			bs := eng.BuilderScores(w, level, nil)
			ps := portBuilderScores(w, k, rule, level)
			for i := range bs {
				if bs[i] != ps[i] {
					t.Fatalf("%v k=%d level %d word %v: builder scores %v, port %v", rule, k, level, w, bs, ps)
				}
			}
		}
	}
	t.Logf("%d painter decisions compared", positions)
}

// portBuilderScores recomputes the builder's score list with the port's
// public pieces: the number of fitting symbols summed over the tree.
func portBuilderScores(w []byte, k int, rule thue.Rule, level int) []int64 {
	p := &port.Player{Overlap: rule == thue.Overlap, Power: k}
	var sim func(seq []int, l int) int64
	sim = func(seq []int, l int) int64 {
		var s int64
		for j := 0; j <= len(seq); j++ {
			syms := p.GetFitableSymbolList(seq, j)
			s += int64(len(syms))
			if l > 1 {
				for _, c := range syms {
					nw := append(append(append([]int{}, seq[:j]...), c), seq[j:]...)
					s += sim(nw, l-1)
				}
			}
		}
		return s
	}
	seq := toInts(w)
	out := make([]int64, len(seq)+1)
	for i := 0; i <= len(seq); i++ {
		for _, c := range p.GetFitableSymbolList(seq, i) {
			nw := append(append(append([]int{}, seq[:i]...), c), seq[i:]...)
			out[i] += sim(nw, level)
		}
	}
	return out
}

func randomWord(rng *rand.Rand, n, k int, rule thue.Rule) []byte {
	eng := thue.NewEngine(k, rule)
	w := []byte{byte(rng.IntN(k))}
	for len(w) < n {
		fit := eng.Fitting(w)
		var opts [][2]int
		for i, set := range fit {
			for c := range k {
				if set&(1<<c) != 0 {
					opts = append(opts, [2]int{i, c})
				}
			}
		}
		if len(opts) == 0 {
			break
		}
		o := opts[rng.IntN(len(opts))]
		w = append(w[:o[0]], append([]byte{byte(o[1])}, w[o[0]:]...)...)
	}
	return w
}
