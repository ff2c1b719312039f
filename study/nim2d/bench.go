package nim2d

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/solve"
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

// CoverageRow says how many positions reached by random play the bots'
// analysis decides within its budget.
type CoverageRow struct {
	N       int     `json:"n"`
	Moves   int     `json:"moves"`
	Decided int     `json:"decided"`
	Total   int     `json:"total"`
	MaxSecs float64 `json:"max_seconds"`
	// Table is the side of the shape table the analysis read (0: none).
	Table int `json:"table,omitempty"`
}

// BenchResult is the output of `kombi bench nim2d`.
type BenchResult struct {
	Rows     []BenchRow    `json:"rows"`
	Coverage []CoverageRow `json:"coverage,omitempty"`
	Budget   int64         `json:"budget,omitempty"`
}

// Coverage plays samples random games (the assignment's random strategy)
// on palettes of sides ns, stops after each number of moves in after, and
// analyses the position as a bot does, with a work budget and a fresh cache
// (and the finished shape table lib has for the palette, if any): how many
// positions get a decided outcome, and the longest analysis.
func Coverage(ctx context.Context, ns, after []int, samples int, budget int64, seed uint64, lib *ShapeLibrary) ([]CoverageRow, error) {
	var out []CoverageRow
	for _, n := range ns {
		b := nim2d.Board{N: n}
		book, err := lib.Book(n)
		if err != nil {
			return out, fmt.Errorf("coverage: %w", err)
		}
		for _, k := range after {
			row := CoverageRow{N: n, Moves: k}
			if book != nil {
				row.Table = book.N
			}
			for i := range samples {
				rng := rand.New(rand.NewPCG(seed+uint64(i), uint64(n)))
				empty := b.All()
				for range k {
					cells := empty.List()
					if len(cells) == 0 {
						break
					}
					first := cells[rng.IntN(len(cells))]
					var m = nim2d.MoveOf(first, 1, false)
					if !b.Diagonal(first) {
						runs := Runs(b, empty, first, rng.IntN(2) == 1, 3)
						m = runs[rng.IntN(len(runs))]
					}
					set, _ := b.MoveSet(m)
					empty = nim2d.Cells{empty[0] &^ set[0], empty[1] &^ set[1]}
				}
				if empty == (nim2d.Cells{}) {
					continue
				}
				start := time.Now()
				e := NewEngine(nil)
				e.UseBook(book)
				a := AnalyseCells(b, empty, AnalyseOptions{Ctx: ctx, Budget: budget, FirstWin: true, Engine: e})
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				row.MaxSecs = max(row.MaxSecs, time.Since(start).Seconds())
				row.Total++
				if a.Outcome != solve.Unknown {
					row.Decided++
				}
			}
			out = append(out, row)
		}
	}
	return out, nil
}

// Bench measures the decomposition engine against plain search on the empty
// 4×4 palette and on random 5×5 positions (both sides compute the same
// Grundy values, checked), then the engine alone on the triangles of the
// empty palettes up to side o.UpTo; each side starts from an empty table.
// With o.Coverage, it adds the coverage table of the 8×8 to 10×10 palettes.
// Progress, when not nil, hears each task. When the context stops it, it
// returns the rows done with its error.
func Bench(ctx context.Context, o BenchOptions, progress func(solve.Progress)) (*BenchResult, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	upTo, seed := o.UpTo, o.Seed
	res := &BenchResult{}
	began, total := time.Now(), int64(2+max(0, upTo-3)+min(o.Coverage, 1))
	step := func(msg string) {
		if progress != nil {
			progress(solve.Progress{Done: int64(len(res.Rows)), Total: total, Message: msg, Elapsed: time.Since(began)})
		}
	}
	step("empty 4×4 palette")
	// The empty 4×4 palette.
	b4 := nim2d.Board{N: 4}
	row := BenchRow{Task: "empty 4×4 palette"}
	start := time.Now()
	pv, positions := PlainGrundy(b4, b4.All())
	row.PlainSeconds, row.PlainPositions = time.Since(start).Seconds(), positions
	start = time.Now()
	e := NewEngine(nil)
	a := AnalyseCells(b4, b4.All(), AnalyseOptions{Ctx: ctx, Engine: e})
	row.EngineSeconds, row.EngineShapes, row.EngineSteps = time.Since(start).Seconds(), e.Cache().Len(), e.Work
	if a.Err != nil {
		return res, fmt.Errorf("bench: %w", a.Err)
	}
	if !a.GrundyKnown || a.Grundy != pv {
		return nil, fmt.Errorf("bench: 4×4 plain search %d, engine %d", pv, a.Grundy)
	}
	row.Grundy = pv
	res.Rows = append(res.Rows, finishRow(row))

	// Random 5×5 positions with 14 to 18 empty cells.
	step("random 5×5 positions")
	rng := rand.New(rand.NewPCG(seed, 0x62656e6368))
	b5 := nim2d.Board{N: 5}
	var positionsList []nim2d.Cells
	for range 40 {
		var empty nim2d.Cells
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
			return res, fmt.Errorf("bench: %w", err)
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
		if a.Err != nil {
			return res, fmt.Errorf("bench: %w", a.Err)
		}
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
		step(fmt.Sprintf("triangle of the %d×%d palette", n, n))
		e := NewEngine(NewCache(1 << 30))
		e.Limit(ctx, 0)
		start := time.Now()
		v, err := e.Grundy(Triangle(n))
		if err != nil {
			return res, fmt.Errorf("bench: triangle %d: %w", n, err)
		}
		res.Rows = append(res.Rows, BenchRow{Task: fmt.Sprintf("triangle of the %d×%d palette (%d cells)", n, n, Triangle(n).Cells()),
			EngineSeconds: time.Since(start).Seconds(), EngineShapes: e.Cache().Len(), EngineSteps: e.Work, Grundy: v})
	}
	if o.Coverage > 0 {
		step("coverage")
		res.Budget = o.Budget
		cov, err := Coverage(ctx, []int{8, 9, 10}, []int{1, 3, 5, 8, 12, 16, 20, 25}, o.Coverage, o.Budget, seed, NewShapeLibrary(""))
		if err != nil {
			return res, fmt.Errorf("bench: coverage: %w", err)
		}
		res.Coverage = cov
	}
	if progress != nil {
		progress(solve.Progress{Done: total, Total: total, Message: "done", Elapsed: time.Since(began)})
	}
	return res, nil
}

func finishRow(r BenchRow) BenchRow {
	if r.EngineSeconds > 0 {
		r.Ratio = r.PlainSeconds / r.EngineSeconds
	}
	return r
}
