package nim2d

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// BenchRow is one measurement of `kombi bench nim2d`.
type BenchRow struct {
	Task string `json:"task"`
	// PlainSeconds is the plain whole-palette search (no decomposition, no
	// symmetry), 0 when not run; EngineSeconds the decomposition engine.
	PlainSeconds  float64 `json:"plain_seconds"`
	EngineSeconds float64 `json:"engine_seconds"`
	// Ratio is PlainSeconds / EngineSeconds.
	Ratio float64 `json:"ratio"`
	// PlainPositions and EngineShapes count what each stored.
	PlainPositions int   `json:"plain_positions"`
	EngineShapes   int   `json:"engine_shapes"`
	EngineSteps    int64 `json:"engine_steps"`
	Grundy         int   `json:"grundy"`
}

// BenchResult is the output of `kombi bench nim2d`.
type BenchResult struct {
	Rows []BenchRow `json:"rows"`
}

// Bench measures the decomposition engine against plain search on the empty
// 4×4 palette and on random 5×5 positions (both sides compute the same
// Grundy values, checked), then the engine alone on the triangles of the
// empty palettes up to side upTo. Each side starts from an empty table.
func Bench(ctx context.Context, upTo int, seed uint64) (*BenchResult, error) {
	res := &BenchResult{}
	// The empty 4×4 palette.
	b4 := Board{N: 4}
	row := BenchRow{Task: "empty 4×4 palette"}
	start := time.Now()
	pv, positions := PlainGrundy(b4, b4.All())
	row.PlainSeconds, row.PlainPositions = time.Since(start).Seconds(), positions
	start = time.Now()
	e := NewEngine(nil)
	a := AnalyseCells(b4, b4.All(), AnalyseOptions{Ctx: ctx, Engine: e})
	row.EngineSeconds, row.EngineShapes, row.EngineSteps = time.Since(start).Seconds(), e.Cache().Len(), e.Work
	if !a.GrundyKnown || a.Grundy != pv {
		return nil, fmt.Errorf("bench: 4×4 plain search %d, engine %d", pv, a.Grundy)
	}
	row.Grundy = pv
	res.Rows = append(res.Rows, finishRow(row))

	// Random 5×5 positions with 14 to 18 empty cells.
	rng := rand.New(rand.NewPCG(seed, 0x62656e6368))
	b5 := Board{N: 5}
	var positionsList []Cells
	for range 40 {
		var empty Cells
		for _, i := range rng.Perm(25)[:14+rng.IntN(5)] {
			empty = empty.With(i)
		}
		positionsList = append(positionsList, empty)
	}
	row = BenchRow{Task: "40 random 5×5 positions, 14-18 empty cells"}
	plain := make([]int, len(positionsList))
	start = time.Now()
	for i, empty := range positionsList {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v, n := PlainGrundy(b5, empty)
		plain[i] = v
		row.PlainPositions += n
	}
	row.PlainSeconds = time.Since(start).Seconds()
	start = time.Now()
	for i, empty := range positionsList {
		e := NewEngine(NewCache(1 << 20))
		a := AnalyseCells(b5, empty, AnalyseOptions{Ctx: ctx, Engine: e})
		if !a.GrundyKnown || a.Grundy != plain[i] {
			return nil, fmt.Errorf("bench: 5×5 position %v: plain search %d, engine %d", empty.List(), plain[i], a.Grundy)
		}
		row.EngineShapes += e.Cache().Len()
		row.EngineSteps += e.Work
	}
	row.EngineSeconds = time.Since(start).Seconds()
	res.Rows = append(res.Rows, finishRow(row))

	// The triangles.
	for n := 4; n <= upTo; n++ {
		e := NewEngine(NewCache(1 << 30))
		e.Limit(ctx, 0)
		start := time.Now()
		v, err := e.Grundy(Triangle(n))
		if err != nil {
			return nil, fmt.Errorf("bench: triangle %d: %w", n, err)
		}
		res.Rows = append(res.Rows, BenchRow{Task: fmt.Sprintf("triangle of the %d×%d palette (%d cells)", n, n, Triangle(n).Cells()),
			EngineSeconds: time.Since(start).Seconds(), EngineShapes: e.Cache().Len(), EngineSteps: e.Work, Grundy: v})
	}
	return res, nil
}

func finishRow(r BenchRow) BenchRow {
	if r.EngineSeconds > 0 {
		r.Ratio = r.PlainSeconds / r.EngineSeconds
	}
	return r
}

// Text formats the measurements as a table.
func (r *BenchResult) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-48s %10s %10s %8s %10s %10s %12s\n", "task", "plain s", "engine s", "ratio", "plain pos", "shapes", "engine steps")
	for _, row := range r.Rows {
		plain, ratio, pos := "—", "—", "—"
		if row.PlainSeconds > 0 {
			plain, ratio, pos = fmt.Sprintf("%.4f", row.PlainSeconds), fmt.Sprintf("%.0f×", row.Ratio), fmt.Sprint(row.PlainPositions)
		}
		fmt.Fprintf(&b, "%-48s %10s %10.4f %8s %10s %10d %12d\n", row.Task, plain, row.EngineSeconds, ratio, pos, row.EngineShapes, row.EngineSteps)
	}
	return b.String()
}
