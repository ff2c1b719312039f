package thue

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestAlphaBetaDepthOneIsNestingOne: at depth 1 the search's horizon value
// of a position is the thesis' level-1 builder score, so it picks a
// position with the lowest score.
func TestAlphaBetaDepthOneIsNestingOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	g, _ := New(5, Square, 0, 0)
	eng := NewEngine(5, Square)
	for range 30 {
		w := randomFree(rng, 30+rng.IntN(40), 5, Square)
		m, err := NewSearch(1, 0).Act(context.Background(), g.NewState(w))
		if err != nil {
			t.Fatal(err)
		}
		sc := eng.BuilderScores(w, 1, nil)
		if best := eng.NestingPosition(w, 1, nil); sc[m] != sc[best] {
			t.Fatalf("word %v: depth-1 search chose %d (score %d), the level-1 builder %d (score %d)", w, m, sc[m], best, sc[best])
		}
	}
}
