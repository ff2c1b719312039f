package thue

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kombi/kombi/games/thue"
)

// TestMasksAgainstFitAll: the bit-parallel fitting sets equal Fitter's on
// random repetition-free words of every length up to MaxMaskLength, both
// rules, with the masks kept up to date by insert and remove.
func TestMasksAgainstFitAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	var f thue.Fitter
	var F [thue.MaxAlphabet]uint64
	var sc scratch
	for _, rule := range []thue.Rule{thue.Square, thue.Overlap} {
		for k := 2; k <= 6; k++ {
			if rule == thue.Square && k == 2 {
				continue // no binary square-free word is longer than 3
			}
			for trial := 0; trial < 60; trial++ {
				w := randomFree(rng, 1+rng.IntN(MaxMaskLength), k, rule)
				var ms masks
				ms.set(w, k)
				want := f.FitAll(w, k, rule, nil)
				dead := ms.forbidden(rule, &F, &sc, true)
				if d := ms.forbidden(rule, &F, &sc, false); d != dead {
					t.Fatalf("%v k=%d word %v: dead gaps %b, with deadOnly %b", rule, k, w, d, dead)
				}
				got := ms.fitSets(&F, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("%v k=%d word %v: masks %v, thue.Fitter %v", rule, k, w, got, want)
				}
				for i, set := range want {
					if (set == 0) != (dead&(1<<i) != 0) {
						t.Fatalf("%v k=%d word %v gap %d: dead %b, fit %b", rule, k, w, i, dead, set)
					}
				}
				// Insert every fitting symbol and remove it again: the masks
				// follow the word.
				if len(w) == MaxMaskLength {
					continue
				}
				for i, set := range want {
					for ; set != 0; set &= set - 1 {
						c := byte(bits.TrailingZeros32(set))
						nw := slices.Insert(slices.Clone(w), i, c)
						ms.insert(i, c)
						var ref masks
						ref.set(nw, k)
						if ref != ms {
							t.Fatalf("insert %d at %d into %v: masks differ", c, i, w)
						}
						ms.remove(i)
						ref.set(w, k)
						if ref != ms {
							t.Fatalf("remove at %d from %v: masks differ", i, nw)
						}
					}
				}
			}
		}
	}
}
