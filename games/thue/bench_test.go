package thue

import (
	"math/rand/v2"
	"testing"
)

func benchWord(b *testing.B, n, k int) []byte {
	rng := rand.New(rand.NewPCG(1, 1))
	w := randomFree(rng, n, k, Square)
	if len(w) < n {
		b.Skipf("no word of length %d", n)
	}
	return w
}

func BenchmarkFitAll100(b *testing.B) {
	w := benchWord(b, 100, 5)
	var f Fitter
	var fit []uint32
	for b.Loop() {
		fit = f.FitAll(w, 5, Square, fit)
	}
}

func BenchmarkPainterLevel1At100(b *testing.B) {
	w := benchWord(b, 100, 5)
	e := NewEngine(5, Square)
	for b.Loop() {
		e.NestingSymbol(w, 50, 1, nil)
	}
}

func BenchmarkBuilderLevel1At100(b *testing.B) {
	w := benchWord(b, 100, 5)
	e := NewEngine(5, Square)
	for b.Loop() {
		e.NestingPosition(w, 1, nil)
	}
}

func BenchmarkSolverK5T14(b *testing.B) {
	for b.Loop() {
		sv := NewSolver(5, Square, SolverOptions{MemBytes: 64 << 20, Workers: 1})
		for T := 2; T <= 14; T++ {
			if ok, err := sv.BuilderWins(b.Context(), []byte{0}, T); ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	}
}
