package match_test

import (
	"testing"

	"github.com/kombi/kombi/match"
)

// TestRandomSeedIsExactInJSON: seeds Kombi draws are below 2^53, so that
// a browser shows them exactly and `kombi play --seed` reproduces the game.
func TestRandomSeedIsExactInJSON(t *testing.T) {
	seen := map[uint64]bool{}
	for range 1000 {
		s := match.RandomSeed()
		if s >= 1<<53 {
			t.Fatalf("seed %d is not exact in JSON", s)
		}
		seen[s] = true
	}
	if len(seen) < 990 {
		t.Fatalf("1000 seeds, %d different", len(seen))
	}
}
