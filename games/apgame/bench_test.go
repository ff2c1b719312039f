package apgame_test

import (
	"context"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
)

// BenchmarkNewGame1000k3 draws a set of 1000 numbers and enumerates its
// 3-term progressions (about 50 000) with their per-number index.
func BenchmarkNewGame1000k3(b *testing.B) {
	for i := range b.N {
		if _, err := apgame.New(1000, 3, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewGame1000k10 is the hardest draw: sets of 1000 numbers rarely
// hold a 10-term progression, so up to 64 draws are tested before planting.
func BenchmarkNewGame1000k10(b *testing.B) {
	for i := range b.N {
		if _, err := apgame.New(1000, 10, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyUndo1000k3 colours and uncolours numbers of a 1000-number set,
// updating the counts of the ~150 progressions through each.
func BenchmarkApplyUndo1000k3(b *testing.B) {
	g, _ := apgame.New(1000, 3, 1)
	s := g.NewInitialState().(game.Undoer)
	moves := s.LegalMoves(nil)
	b.ResetTimer()
	for i := range b.N {
		m := moves[i%len(moves)]
		s.ApplyUnchecked(m)
		s.Undo(m)
	}
}

// BenchmarkStrongMove100k4 is one move of the strong player at the start of
// ap(x=100,k=4) with the default effort.
func BenchmarkStrongMove100k4(b *testing.B) {
	g, _ := apgame.New(100, 4, 1)
	s := g.NewInitialState()
	for range b.N {
		if _, err := apgame.NewStrong(apgame.StrongOptions{}).Act(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
}
