package thue

import (
	"math/rand/v2"
	"syscall"
	"testing"

	"github.com/kombi/kombi/games/thue"
)

func benchWord(b *testing.B, n, k int) []byte {
	rng := rand.New(rand.NewPCG(1, 1))
	w := randomFree(rng, n, k, thue.Square)
	if len(w) < n {
		b.Skipf("no word of length %d", n)
	}
	return w
}

func BenchmarkFitAll100(b *testing.B) {
	w := benchWord(b, 100, 5)
	var f thue.Fitter
	var fit []uint32
	for b.Loop() {
		fit = f.FitAll(w, 5, thue.Square, fit)
	}
}

func BenchmarkPainterLevel1At100(b *testing.B) {
	w := benchWord(b, 100, 5)
	e := thue.NewEngine(5, thue.Square)
	for b.Loop() {
		e.NestingSymbol(w, 50, 1, nil)
	}
}

func BenchmarkBuilderLevel1At100(b *testing.B) {
	w := benchWord(b, 100, 5)
	e := thue.NewEngine(5, thue.Square)
	for b.Loop() {
		e.NestingPosition(w, 1, nil)
	}
}

func BenchmarkSolverK5T14(b *testing.B) {
	for b.Loop() {
		sv := NewSolver(5, thue.Square, SolverOptions{MemBytes: 64 << 20, Workers: 1})
		for T := 2; T <= 14; T++ {
			if ok, err := sv.BuilderWins(b.Context(), []byte{0}, T); ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	}
}

// cpuSeconds is the process's user and system time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

// benchSolve proves the value of 5 symbols, squares, exceeds L (the
// frontier figures of issue 14), reporting nodes and CPU seconds.
func benchSolve(b *testing.B, L, workers int) { benchSolveMem(b, 5, thue.Square, L, workers, 1<<30) }

// benchSolveMem proves the value of k symbols under the rule exceeds L,
// with a table of mem bytes.
func benchSolveMem(b *testing.B, k int, rule thue.Rule, L, workers int, mem int64) {
	for b.Loop() {
		t0 := cpuSeconds()
		sv := NewSolver(k, rule, SolverOptions{MemBytes: mem, Workers: workers})
		res, err := sv.Value(b.Context(), []byte{0}, -1, L)
		if err != nil || res.Exact {
			b.Fatal(res, err)
		}
		b.ReportMetric(float64(res.Nodes), "nodes")
		b.ReportMetric(cpuSeconds()-t0, "cpu-s")
		b.ReportMetric(float64(sv.TableBytes())/(1<<20), "table-MiB")
		if workers > 1 {
			b.Logf("nodes per worker: %v", sv.WorkerNodes())
		}
	}
}

func BenchmarkSolverK5L15(b *testing.B)   { benchSolve(b, 15, 1) }
func BenchmarkSolverK5L16(b *testing.B)   { benchSolve(b, 16, 1) }
func BenchmarkSolverK5L17(b *testing.B)   { benchSolve(b, 17, 1) }
func BenchmarkSolverK5L18(b *testing.B)   { benchSolve(b, 18, 1) }
func BenchmarkSolverK5L16W2(b *testing.B) { benchSolve(b, 16, 2) }
func BenchmarkSolverK5L17W2(b *testing.B) { benchSolve(b, 17, 2) }

// BenchmarkOverlapK4L19 is the overlaps frontier (4 symbols) at a length
// one core searches in seconds.
func BenchmarkOverlapK4L19(b *testing.B) { benchSolveMem(b, 4, thue.Overlap, 19, 1, 1<<30) }

// BenchmarkSolverK5L18Mem8 and BenchmarkOverlapK4L19Mem16 search with a
// table far too small, as the frontier's proofs do (some 150 positions
// searched per slot): their positions measure what the table's
// replacement keeps.
func BenchmarkSolverK5L18Mem8(b *testing.B) { benchSolveMem(b, 5, thue.Square, 18, 1, 8<<20) }

func BenchmarkOverlapK4L19Mem16(b *testing.B) { benchSolveMem(b, 4, thue.Overlap, 19, 1, 16<<20) }

func BenchmarkFitAll16(b *testing.B) {
	w := benchWord(b, 16, 5)
	var f thue.Fitter
	var fit []uint32
	for b.Loop() {
		fit = f.FitAll(w, 5, thue.Square, fit)
	}
}

func BenchmarkMasksForbidden16(b *testing.B) {
	w := benchWord(b, 16, 5)
	var ms masks
	ms.set(w, 5)
	var F [thue.MaxAlphabet]uint64
	var sc scratch
	for b.Loop() {
		ms.forbidden(thue.Square, &F, &sc, false)
	}
}

func BenchmarkMasksForbidden60(b *testing.B) {
	w := benchWord(b, 60, 5)
	var ms masks
	ms.set(w, 5)
	var F [thue.MaxAlphabet]uint64
	var sc scratch
	for b.Loop() {
		ms.forbidden(thue.Square, &F, &sc, false)
	}
}

func BenchmarkFitAll60(b *testing.B) {
	w := benchWord(b, 60, 5)
	var f thue.Fitter
	var fit []uint32
	for b.Loop() {
		fit = f.FitAll(w, 5, thue.Square, fit)
	}
}

func BenchmarkSolverK5L16W16(b *testing.B) { benchSolve(b, 16, 16) }
