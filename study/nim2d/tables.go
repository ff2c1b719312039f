package nim2d

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// MaxTriangleSearch is the largest palette whose triangles the endgame
// report and the bench search: side 8 takes about a minute, side 9 would
// take hours.
const MaxTriangleSearch = 8

// EndgameOptions are the settings of the endgame report (Endgames).
type EndgameOptions struct {
	// MaxEmpty: classify the positions with at most this many empty cells.
	MaxEmpty int
	// SearchUpTo: search the empty palettes' triangles up to this side.
	SearchUpTo int
	// MemMiB bounds the Grundy cache, in MiB.
	MemMiB int64
}

// Check validates the settings (a study.SettingError).
func (o *EndgameOptions) Check() error {
	switch {
	case o.MaxEmpty < 0 || o.MaxEmpty > MaxEndgameCells:
		return study.Settingf("{most empty cells} %d: want 0 to %d", o.MaxEmpty, MaxEndgameCells)
	case o.SearchUpTo < 0 || o.SearchUpTo > MaxTriangleSearch:
		return study.Settingf("{largest triangle searched} %d: want 0 to %d (larger palettes take hours; the mirror argument covers them)", o.SearchUpTo, MaxTriangleSearch)
	case o.MemMiB < 1 || o.MemMiB > 1<<20:
		return study.Settingf("{memory bound} %d: want 1 to %d MiB", o.MemMiB, 1<<20)
	}
	return nil
}

// BenchOptions are the settings of the bench (Bench).
type BenchOptions struct {
	// UpTo is the largest palette whose triangle is solved.
	UpTo int
	// Seed draws the random positions and games.
	Seed uint64
	// Coverage is the number of random games per palette side and game
	// length of the coverage table (0: no table).
	Coverage int
	// Budget is the work budget of one analysis in the coverage table.
	Budget int64
}

// Check validates the settings (a study.SettingError).
func (o *BenchOptions) Check() error {
	switch {
	case o.UpTo < 0 || o.UpTo > MaxTriangleSearch:
		return study.Settingf("{largest triangle solved} %d: want 0 to %d", o.UpTo, MaxTriangleSearch)
	case o.Coverage < 0 || o.Coverage > 10000:
		return study.Settingf("{coverage games} %d: want 0 to 10000 games", o.Coverage)
	case o.Budget < 0:
		return study.Settingf("{work budget} %d: want 0 (none) or a positive work budget", o.Budget)
	}
	return nil
}

// Tables lays the endgame report out for people: the components' values,
// one table of classes per number of empty cells, and the empty palettes.
func (r *EndgameReport) Tables() []game.Table {
	poly := game.Table{Title: fmt.Sprintf("2D Nim: positions with at most %d empty cells (N ≥ 5): Grundy values of the components", r.MaxEmpty),
		Columns: []string{"name", "shape", "cells", "Grundy"},
		Notes: []string{"(`#` a cell, `.` a hole, rows separated by `/`.)",
			"Two empty cells interact only when they are next to each other in a row or a column and neither is on the " +
				"diagonal: only then can one move colour both. So a position is a sum of independent components — single cells " +
				"(every empty diagonal cell is one) and polyominoes of off-diagonal cells — each playing the same game wherever " +
				"it lies and however it is turned or reflected. A class below is a multiset of components; its Grundy value is " +
				"the XOR of theirs, and the player to move wins exactly when it is not 0. The example is a position of the " +
				"smallest palette that has the class, `.` empty and `x` used, for `kombi solve 'nim2d(n=N)' --position ...`; " +
				"the winning move is given in its cell numbers."}}
	for _, p := range r.Polyominoes {
		poly.Rows = append(poly.Rows, []string{p.Name + " (" + p.Long + ")", "`" + p.Drawing + "`", strconv.Itoa(p.Cells), strconv.Itoa(p.Grundy)})
	}
	out := []game.Table{poly}
	wins, losses := map[int]int{}, map[int]int{}
	for _, c := range r.Classes {
		if c.Outcome == solve.Win {
			wins[c.Empty]++
		} else {
			losses[c.Empty]++
		}
	}
	for k := 0; k <= r.MaxEmpty; k++ {
		t := game.Table{Title: fmt.Sprintf("%s: %s, %d won and %d lost for the player to move", game.Plural(k, "empty cell"), game.Plural(wins[k]+losses[k], "class"), wins[k], losses[k]),
			Columns: []string{"class", "Grundy", "outcome", "reason", "N ≥", "example", "winning move"}}
		for _, c := range r.Classes {
			if c.Empty == k {
				move := strings.Trim(fmt.Sprint(c.WinningMove), "[]")
				t.Rows = append(t.Rows, []string{c.Class, strconv.Itoa(c.Grundy), c.Outcome.String(), c.Reason, strconv.Itoa(c.MinN), "`" + c.Example + "`", move})
			}
		}
		out = append(out, t)
	}
	boards := game.Table{Title: "The empty N×N palette", Columns: []string{"N", "first player", "Grundy", "proofs", "triangle Grundy", "argument"},
		Notes: []string{"The mirror maps (r, c) to (c, r) off the diagonal and the diagonal cell (k, k) to (N+1−k, N+1−k), as " +
			"copycat plays. For every N the program checks, over all cells and all moves of the palette: the mirror is an " +
			"involution; the image of every move is a move; its fixed cells are none (N even) or the centre (N odd); every " +
			"move avoiding a fixed cell is disjoint from its image; every move stays inside one triangle or is one " +
			"diagonal cell, and the transpose maps one triangle's moves onto the other's. Plain search covers the whole " +
			"palette without decomposition; Grundy search computes the triangles' values."}}
	for _, e := range r.EmptyBoards {
		tri := "—"
		if e.TriangleGrundy != nil {
			tri = strconv.Itoa(*e.TriangleGrundy)
		}
		boards.Rows = append(boards.Rows, []string{strconv.Itoa(e.N), e.Outcome.String(), strconv.Itoa(e.Grundy), strings.Join(e.Methods, ", "), tri, e.Proof})
	}
	return append(out, boards)
}

// Tables lays the measurements out for people: engine against plain search
// and the triangles, then the coverage of the bots' budget when measured.
func (r *BenchResult) Tables() []game.Table {
	t := game.Table{Title: "2D Nim: the decomposition engine against plain whole-palette search",
		Columns: []string{"task", "plain s", "engine s", "ratio", "plain pos", "shapes", "engine steps"}}
	for _, row := range r.Rows {
		plain, ratio, pos := "—", "—", "—"
		if row.PlainSeconds > 0 {
			plain, ratio, pos = fmt.Sprintf("%.4f", row.PlainSeconds), fmt.Sprintf("%.0f×", row.Ratio), strconv.Itoa(row.PlainPositions)
		}
		t.Rows = append(t.Rows, []string{row.Task, plain, fmt.Sprintf("%.4f", row.EngineSeconds), ratio, pos, strconv.Itoa(row.EngineShapes), strconv.FormatInt(row.EngineSteps, 10)})
	}
	out := []game.Table{t}
	if len(r.Coverage) > 0 {
		c := game.Table{Title: fmt.Sprintf("Positions after k random moves decided by one bot analysis (budget %d, fresh cache; shape table of side T, 0: none)", r.Budget),
			Columns: []string{"N", "k", "decided", "positions", "longest s", "T"}}
		for _, row := range r.Coverage {
			c.Rows = append(c.Rows, []string{strconv.Itoa(row.N), strconv.Itoa(row.Moves), strconv.Itoa(row.Decided), strconv.Itoa(row.Total), fmt.Sprintf("%.3f", row.MaxSecs), strconv.Itoa(row.Table)})
		}
		out = append(out, c)
	}
	return out
}

// Run makes the endgame report with these settings (Endgames).
func (o *EndgameOptions) Run(ctx context.Context, progress func(solve.Progress)) (*EndgameReport, error) {
	return Endgames(ctx, *o, progress)
}

// Run measures with these settings (Bench).
func (o *BenchOptions) Run(ctx context.Context, progress func(solve.Progress)) (*BenchResult, error) {
	return Bench(ctx, *o, progress)
}

// Run builds or continues the shape table with these settings (BuildShapeTable).
func (o *ShapeTableOptions) Run(ctx context.Context, progress func(solve.Progress)) (*ShapeTableResult, error) {
	return BuildShapeTable(ctx, *o, progress)
}

// Settings sets the defaults and returns the settings of the endgame report.
func (o *EndgameOptions) Settings() []study.Setting {
	*o = EndgameOptions{MaxEmpty: 5, SearchUpTo: 7, MemMiB: 256}
	return []study.Setting{
		{Name: "most empty cells", Doc: "classify positions with at most this many empty cells", Value: study.Int(&o.MaxEmpty)},
		{Name: "largest triangle searched", Doc: "search the empty palette's triangles up to this side (8 takes about a minute)", Value: study.Int(&o.SearchUpTo)},
		{Name: "memory bound", Doc: "memory bound of the Grundy cache in MiB", Value: study.Int64(&o.MemMiB)},
	}
}

// Settings sets the defaults and returns the settings of the benchmark.
func (o *BenchOptions) Settings() []study.Setting {
	*o = BenchOptions{UpTo: 7, Seed: 1, Budget: DefaultBudget}
	return []study.Setting{
		{Name: "largest triangle solved", Doc: "largest palette whose triangle is solved (8 takes about a minute)", Value: study.Int(&o.UpTo)},
		{Name: "seed", Doc: "seed of the random positions", Value: study.Uint64(&o.Seed)},
		{Name: "coverage games", Doc: "random games per palette side (8 to 10) and game length of the coverage table (0: none)", Value: study.Int(&o.Coverage)},
		{Name: "work budget", Doc: "work budget of one analysis in the coverage table", Value: study.Int64(&o.Budget)},
	}
}

// Settings sets the defaults and returns the settings of the shape table.
func (o *ShapeTableOptions) Settings() []study.Setting {
	*o = ShapeTableOptions{N: 8}
	return []study.Setting{
		{Name: "palette side", Doc: "palette side (2 to 9); the table serves every smaller palette too", Value: study.Int(&o.N)},
		{Name: "shape file", Doc: "shape file (default: nim2d-shapes-N.bin in $KOMBI_DATA_DIR, else ~/.local/share/kombi)", Value: study.String(&o.File)},
		{Name: "memory bound", Doc: "memory bound of the table in MiB (8 bytes a slot, growing needs 1.5×; 0: as the palette needs, 4096 for 9×9)", Value: study.Int64(&o.MemMiB)},
		{Name: "workers", Doc: "parallel workers (0: one per core)", Value: study.Int(&o.Workers)},
	}
}
