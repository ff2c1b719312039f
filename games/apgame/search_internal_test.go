package apgame

import (
	"math/rand/v2"
	"testing"
)

// TestPotentialCounts checks the Erdős–Selfridge sums a Search (the exact
// solver's position) keeps as it colours and uncolours numbers against a recount.
func TestPotentialCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 40 {
		g, err := New(20+rng.IntN(40), 3+rng.IntN(3), uint64(trial))
		if err != nil {
			t.Fatal(err)
		}
		x := NewSearch(g.newState())
		s := x.st
		var played []int
		check := func() {
			t.Helper()
			for p := range 2 {
				var want int64
				for a := range g.NumProgressions() {
					if s.cnt[2*a+1-p] == 0 {
						want += 1 << s.cnt[2*a+p]
					}
				}
				if s.es[p] != want {
					t.Fatalf("%s after %v: es[%d] = %d, recount %d", g, played, p, s.es[p], want)
				}
			}
		}
		for !s.IsTerminal() {
			free := s.appendInPlay(nil)
			if len(free) == 0 {
				break
			}
			i := int(free[rng.IntN(len(free))])
			x.Apply(i)
			played = append(played, g.set[i])
			check()
		}
		for len(played) > 0 {
			x.Undo(int(g.index[played[len(played)-1]]))
			played = played[:len(played)-1]
			check()
		}
	}
}
