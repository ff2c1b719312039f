package apgame_test

import (
	"context"
	"testing"

	"github.com/kombi/kombi/games/apgame"
	studyap "github.com/kombi/kombi/study/apgame"
)

// benchExact solves the start of a fixed game exactly with a fresh table.
func benchExact(b *testing.B, x, k int) {
	g, err := apgame.New(x, k, 1)
	if err != nil {
		b.Fatal(err)
	}
	s := g.NewInitialState().(*apgame.State)
	for range b.N {
		if _, _, err := studyap.NewExact(0).BestMoves(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExact24k3 solves ap(x=24,k=3,seed=1) (a first-player win).
func BenchmarkExact24k3(b *testing.B) { benchExact(b, 24, 3) }

// BenchmarkExact30k4 solves ap(x=30,k=4,seed=1) (a draw).
func BenchmarkExact30k4(b *testing.B) { benchExact(b, 30, 4) }
