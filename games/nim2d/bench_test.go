package nim2d_test

import (
	"testing"

	"github.com/kombi/kombi/games/nim2d"
)

// BenchmarkTriangle computes the Grundy value of the 21-cell triangle of the
// 7×7 palette from an empty cache.
func BenchmarkTriangle7(b *testing.B) {
	for b.Loop() {
		e := nim2d.NewEngine(nim2d.NewCache(256 << 20))
		if v, err := e.Grundy(nim2d.Triangle(7)); err != nil || v != 1 {
			b.Fatal(v, err)
		}
	}
}
