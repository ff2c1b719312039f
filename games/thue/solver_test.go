package thue

import (
	"context"
	"math/rand/v2"
	"testing"
)

// bruteValue is plain minimax without table, symmetry or pruning: the
// final length under optimal play, capped at cap+1 ("longer than cap").
func bruteValue(w []byte, k int, rule Rule, cap int) int {
	n := len(w)
	if n >= cap {
		return cap + 1
	}
	best := cap + 1
	for i := 0; i <= n; i++ {
		worst := 0
		for c := 0; c < k && worst < best; c++ {
			nw := append(append(append([]byte{}, w[:i]...), byte(c)), w[i:]...)
			v := n + 1
			if _, rep := FindRepetition(nw, rule); !rep {
				v = bruteValue(nw, k, rule, cap)
			}
			worst = max(worst, v)
		}
		best = min(best, worst)
	}
	return best
}

func TestSolverAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		k    int
		rule Rule
		cap  int
	}{{2, Square, 6}, {3, Square, 8}, {2, Overlap, 8}, {3, Overlap, 7}, {4, Square, 7}}
	for _, c := range cases {
		for _, workers := range []int{1, 2} {
			sv := NewSolver(c.k, c.rule, SolverOptions{MemBytes: 1 << 20, Workers: workers})
			for trial := 0; trial < 12; trial++ {
				w := randomFree(rng, 1+rng.IntN(4), c.k, c.rule)
				want := bruteValue(w, c.k, c.rule, c.cap)
				res, err := sv.Value(ctx, w, c.cap)
				if err != nil {
					t.Fatal(err)
				}
				got := res.Value
				if !res.Exact {
					got = res.LowerBound
				}
				if got != want {
					t.Fatalf("k=%d %v word %v cap %d workers %d: solver %+v, brute force %d", c.k, c.rule, w, c.cap, workers, res, want)
				}
			}
		}
	}
}
