package nim_test

import (
	"context"
	"testing"

	"github.com/kombi/kombi/games/nim"
)

// BenchmarkBuildingTable fills the winners for 1 to 20 heaps and 1 to 40
// tokens (empty heaps first), as `kombi table buildingnim` does.
func BenchmarkBuildingTable(b *testing.B) {
	for b.Loop() {
		for n := 1; n <= 20; n++ {
			sv := nim.NewBuildingSolver(nim.EmptyFirst, 0)
			for p := 1; p <= 40; p++ {
				if _, err := nim.BuildingWinner(context.Background(), sv, n, p); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
