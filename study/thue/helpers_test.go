package thue

import (
	"math/rand/v2"

	"github.com/kombi/kombi/games/thue"
)

// randomFree returns a random repetition-free word of length n over k
// symbols (or a shorter one when it gets stuck).
func randomFree(rng *rand.Rand, n, k int, rule thue.Rule) []byte {
	var w []byte
	var f thue.Fitter
	var fit []uint32
	for len(w) < n {
		fit = f.FitAll(w, k, rule, fit)
		var opts [][2]int
		for i, set := range fit {
			for c := 0; c < k; c++ {
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
