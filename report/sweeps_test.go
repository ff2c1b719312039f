package report_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/report/chart"
	"github.com/kombi/kombi/study/thue/thesis"
	"github.com/kombi/kombi/sweep"
)

// TestSweepPlots draws every kind of sweep plot of a small Thue sweep:
// decision times as lines named in words, chosen positions and lengths as
// histograms of whole counts, the builder's first narrow gaps per game.
func TestSweepPlots(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	cells := []sweep.Cell{{ID: "c", Game: "thue(alphabet=5,rule=square)", Players: [2]string{"greedy", "nesting(level=1,ties=random)"}, Seeds: []uint64{1, 2, 3}}}
	results, err := sweep.Run(context.Background(), games, bots, cells, sweep.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var recs []*game.Record
	builderMoves := 0
	for _, r := range results {
		recs = append(recs, r.Record)
		for _, m := range r.Record.Moves {
			if m.Player == 0 {
				builderMoves++
			}
		}
	}
	res := sweep.NewResults("s", cells)
	for _, r := range recs {
		res.Add("c", r)
	}
	res = res.Finish()
	dir := t.TempDir()
	for _, kind := range report.SweepPlotKinds {
		c, err := report.SweepPlot(games, kind, res, recs)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		switch c := c.(type) {
		case *chart.Line:
			if kind != "decision-times" || len(c.Series) != 2 || !strings.Contains(c.Series[0].Name, "builder: greedy (mean of 3 games)") {
				t.Errorf("%s: %+v", kind, c.Series)
			}
		case *chart.Bars:
			total := 0.0
			for _, g := range c.Groups {
				for _, v := range g.Values {
					if v != float64(int(v)) {
						t.Errorf("%s: a count of %g", kind, v)
					}
					total += v
				}
			}
			switch kind {
			case "positions":
				if total != float64(builderMoves) || !c.Whole {
					t.Errorf("positions: %g counted of %d builder moves", total, builderMoves)
				}
			case "lengths":
				if total != 3 {
					t.Errorf("lengths: %g games counted of 3", total)
				}
			case "narrow-gaps":
				if len(c.Groups) != 3 || len(c.Categories) != 3 {
					t.Fatalf("narrow-gaps: %+v", c)
				}
				for i := range c.Categories {
					two, one, length := c.Groups[0].Values[i], c.Groups[1].Values[i], c.Groups[2].Values[i]
					if two <= 0 || one < two || length < one {
						t.Errorf("narrow-gaps game %s: first 2-symbol gap at %g, 1-symbol at %g, length %g", c.Categories[i], two, one, length)
					}
					// The same as the thesis' own count of the symbols that
					// fit at the builder's gap.
					ch, _, err := thesis.Gaps(games, recs[i])
					if a, b := thesis.FirstNarrow(ch); err != nil || float64(a) != two || float64(b) != one {
						t.Errorf("narrow-gaps game %s: %g, %g; the thesis' count %d, %d (%v)", c.Categories[i], two, one, a, b, err)
					}
				}
			default:
				t.Errorf("%s: bars", kind)
			}
		default:
			t.Fatalf("%s: a %T", kind, c)
		}
		if _, err := report.SaveSweepPlot(games, res, recs, kind, filepath.Join(dir, kind+".png"), kind == "decision-times"); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
	}
	if _, err := report.SweepPlot(games, "pie", res, recs); !errors.As(err, new(*game.InputError)) {
		t.Fatalf("an unknown kind: %v", err)
	}
}

// The results table's columns have one name each (a CSV of "min, max, p90, max" read into a data frame mixed
// them), and a cell with no game yet shows no lengths or times rather than zeros.
func TestSweepTableColumns(t *testing.T) {
	res := &sweep.Results{Name: "s", Cells: []*sweep.CellResult{
		{Game: "nim", P1: "random", P2: "perfect", Games: 2, Length: sweep.LengthStats{Mean: 4, Min: 3, Max: 5}},
		{Game: "nim", P1: "perfect", P2: "random"},
	}}
	tb := report.SweepTable(res)
	seen := map[string]bool{}
	for _, c := range tb.Columns {
		if seen[c] {
			t.Errorf("column %q named twice: %q", c, tb.Columns)
		}
		seen[c] = true
	}
	if got := strings.Join(tb.Rows[0][8:11], " "); got != "4.00 3 5" {
		t.Errorf("the played cell's lengths: %q", got)
	}
	if got := strings.Join(tb.Rows[1][8:], ""); got != "" {
		t.Errorf("a cell with no game shows lengths and times %q", tb.Rows[1][8:])
	}
	// The sweep file's labels name its games in the table.
	res.Labels = map[string]string{"nim": "Nim 3-4-5"}
	if got := report.SweepTable(res).Rows[0][0]; got != "Nim 3-4-5" {
		t.Errorf("a labelled game's row says %q", got)
	}
}

// A lengths plot draws at most eight series: a sweep of more cells is drawn
// per game, its pairs together (a sweep of 63 cells drew 63 series, colours
// repeating, the legend cut), else per pair, else as one.
func TestLengthSeriesAtMostEight(t *testing.T) {
	res := &sweep.Results{Name: "s"}
	byCell := map[string][]int{}
	for g := range 7 {
		for p := range 9 {
			cl := &sweep.CellResult{ID: fmt.Sprintf("g%d|p%d", g, p), Game: fmt.Sprintf("g%d", g), P1: fmt.Sprintf("p%d", p), P2: "x"}
			res.Cells = append(res.Cells, cl)
			byCell[cl.ID] = []int{g + p}
		}
	}
	names, sets, how := report.LengthSeries(res, byCell)
	if len(sets) != 7 || names[0] != "g0, every pair (9 games)" || how != " (63 cells: per game, its pairs together)" {
		t.Errorf("63 cells of 7 games: %d series %q, %q", len(sets), names, how)
	}
	res.Cells = res.Cells[:5]
	if names, _, how := report.LengthSeries(res, byCell); len(names) != 5 || names[0] != "p0 vs x, g0 (1 game)" || how != "" {
		t.Errorf("5 cells: %q, %q", names, how)
	}
}
