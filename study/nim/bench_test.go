package nim_test

import (
	"context"
	"testing"

	"github.com/kombi/kombi/games/nim"
	studynim "github.com/kombi/kombi/study/nim"
)

// BenchmarkBuildingTable fills the winners for 1 to 20 heaps and 1 to 40
// tokens (empty heaps first), as `kombi table buildingnim` does.
func BenchmarkBuildingTable(b *testing.B) {
	for b.Loop() {
		for n := 1; n <= 20; n++ {
			sv := studynim.NewBuildingSolver(nim.EmptyFirst, 0)
			for p := 1; p <= 40; p++ {
				if _, err := studynim.BuildingWinner(context.Background(), sv, n, p); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
