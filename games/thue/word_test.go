package thue

import (
	"math/rand/v2"
	"testing"
)

func TestFindRepetitionExamples(t *testing.T) {
	tests := []struct {
		word string
		rule Rule
		rep  bool
		at   Repetition
	}{
		{"1212", Square, true, Repetition{0, 4, 2}},
		{"00", Square, true, Repetition{0, 2, 1}},
		{"01212", Square, true, Repetition{1, 4, 2}},
		{"0121", Square, false, Repetition{}},
		{"abcbc", Square, true, Repetition{1, 4, 2}},
		{"aaa", Overlap, true, Repetition{0, 3, 1}},
		{"aa", Overlap, false, Repetition{}},
		{"abaabaa", Overlap, true, Repetition{0, 7, 3}},
		{"abaaba", Overlap, false, Repetition{}},
		{"01101001100101101001", Overlap, false, Repetition{}}, // Thue–Morse prefix
		{"abacbabcabacbcacbabcabacbabcbacbcab", Square, false, Repetition{}},
	}
	for _, tt := range tests {
		w := []byte(tt.word)
		got, ok := FindRepetition(w, tt.rule)
		if ok != tt.rep || ok && got != tt.at {
			t.Errorf("FindRepetition(%s, %v) = %v %v, want %v %v", tt.word, tt.rule, got, ok, tt.at, tt.rep)
		}
	}
}

// randomFree returns a random repetition-free word of length n over k
// symbols (or a shorter one when it gets stuck).
func randomFree(rng *rand.Rand, n, k int, rule Rule) []byte {
	var w []byte
	var f Fitter
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

// TestFitAllAgainstBruteForce compares the incremental fitting sets with a
// plain search of the whole new word, and Fits with both.
func TestFitAllAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var f Fitter
	var fit []uint32
	for iter := 0; iter < 600; iter++ {
		rule := Rule(iter % 2)
		k := 2 + rng.IntN(4)
		w := randomFree(rng, rng.IntN(40), k, rule)
		if _, bad := FindRepetition(w, rule); bad {
			t.Fatalf("random word %v has a repetition", w)
		}
		fit = f.FitAll(w, k, rule, fit)
		for i := 0; i <= len(w); i++ {
			for c := 0; c < k; c++ {
				nw := append(append(append([]byte{}, w[:i]...), byte(c)), w[i:]...)
				_, rep := FindRepetition(nw, rule)
				want := !rep
				got := fit[i]&(1<<c) != 0
				if got != want {
					t.Fatalf("%v word %v k=%d: insert %d at %d: FitAll says fits=%v, brute force %v", rule, w, k, c, i, got, want)
				}
				if Fits(w, rule, i, byte(c)) != want {
					t.Fatalf("%v word %v: Fits(%d,%d) wrong", rule, w, i, c)
				}
			}
		}
	}
}
