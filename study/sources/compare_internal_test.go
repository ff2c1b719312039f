package sources

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/study/wythoff"
)

// Table 5's text reads the first wrong row off the rows: the first
// double-precision error, n = 93 222 358, falls between two rows, and the
// rows beyond it up to n = 43 980 465 111 040 are still right (it said
// the first wrong row was the first beyond the error: n = 167 772 160, a
// right one).
func TestTable5FirstWrongRow(t *testing.T) {
	res, err := wythoff.Table5(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	res.First, res.Bad = 93222358, 51 // the full run's scan
	var text []string
	for _, d := range table5Diffs(res, 671088640, false) {
		text = append(text, d.text)
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{"57 of the thesis' 100 rows are wrong", "The first wrong row is n = 87 960 930 222 080: the thesis gives (124395540479019, 300317400923179), the exact pair is (124395540479018, 300317400923178)",
		"first goes wrong at n = 93 222 358 (51 wrong values of n ≤ 671 088 640)", "from n = 167 772 160 to 43 980 465 111 040 are still right"} {
		if !strings.Contains(all, want) {
			t.Errorf("Table 5's text lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "first whose n is beyond") {
		t.Errorf("Table 5's text says the first wrong row is the first beyond the first error:\n%s", all)
	}
	// Rows all right: said so.
	for i := range res.Rows {
		res.Rows[i].Right = true
	}
	if d := table5Diffs(res, 671088640, false); len(d) != 1 || !d[0].agrees() {
		t.Errorf("every row right: %+v", d)
	}
}

// recs makes records of the lengths given, a negative length a game
// stopped unbeaten at that cut-off.
func recs(lengths ...int) []*game.Record {
	var out []*game.Record
	for _, l := range lengths {
		out = append(out, &game.Record{Length: max(l, -l), Aborted: l < 0})
	}
	return out
}

// Kombi's full run reverses the thesis' conclusion that the level-1
// builder shortens the games (mean 96.9 against 133.83): its level-1
// builder's games have a mean of at least 199.7, four of eleven stopped
// at the cut-off of 400, against 118.4 for the greedy builder. The
// document says so, as a difference, and says that 400 is a cut-off
// wherever the lengths are shown (it wrote "33–400 (mean 199.7, 11
// games)" and no word of the reversal).
func TestBuilderComparison(t *testing.T) {
	greedy := statsOf(recs(71, 72, 75, 103, 117, 121, 123, 124, 127, 132, 165, 191))
	level1 := statsOf(recs(33, 38, 50, 66, 94, 150, 166, -400, -400, -400, -400))
	if got, want := level1.span(1), "33 to ≥ 400 (mean ≥ 199.7 over 11 games; 4 stopped unbeaten at the 400 cut-off, not ended)"; got != want {
		t.Errorf("span = %q, want %q", got, want)
	}
	if got, want := greedy.span(1), "71–191 (mean 118.4 over 12 games)"; got != want {
		t.Errorf("span = %q, want %q", got, want)
	}
	if got, want := lengthList(recs(50, -400, 33, -400)), "33 50 and 2 stopped unbeaten at the 400 cut-off"; got != want {
		t.Errorf("lengthList = %q, want %q", got, want)
	}
	d := builderComparison(greedy, level1)
	if d.kind != "conclusion reversed" || d.agrees() || d.note() || !strings.Contains(d.text, "≥ 199.7 over 11 games (4 of them stopped unbeaten at the 400 cut-off: a lower bound), against 118.4 over 12 games") {
		t.Errorf("the full run's comparison: %+v", d)
	}
	// Shorter and every game ended: the thesis' conclusion holds.
	if d := builderComparison(greedy, statsOf(recs(30, 42, 45))); !d.agrees() {
		t.Errorf("shorter games: %+v", d)
	}
	// Shorter only as a lower bound (games stopped at 100, a quick run): open.
	if d := builderComparison(greedy, statsOf(recs(30, -100, -100))); d.kind != "not settled" || !d.note() {
		t.Errorf("a lower bound under the greedy builder's mean: %+v", d)
	}
}

// The summary of a run names every column (the second had no name and
// was blank for the items computed).
func TestSummaryColumns(t *testing.T) {
	r := &Result{Document: "doc/README.md", Items: []ItemSummary{{ID: "wythoff/table-5", Differences: 2}, {ID: "thue/table-3.3", Error: "the run was stopped before it"}}}
	tab := r.Tables()[0]
	for i, c := range tab.Columns {
		if strings.TrimSpace(c) == "" {
			t.Errorf("column %d has no name: %q", i+1, tab.Columns)
		}
	}
	if tab.Rows[0][1] != "yes" || tab.Rows[1][1] != "no: the run was stopped before it" {
		t.Errorf("rows %q", tab.Rows)
	}
}

// Table 4 has a column for the thesis' Code 3 compiled here, beside Code 1
// and Code 2 (it had none, and no reason), a note on how far it runs and
// why, and a mark on whether its representations give the exact table.
func TestTable4Code3(t *testing.T) {
	yes, no := true, false
	row := func(n uint64, code3 float64, exact *bool) wythoff.BenchRow {
		r := wythoff.BenchRow{N: n, Ms: map[string]float64{"recursive": 1, "algebraic": 0.5, "arithmetic": 0.7}, ThesisMs: map[string]float64{},
			BaselineMs: map[string]float64{"recursive": 2, "algebraic": 0.25}, BaselineExact: &yes, ArithmeticExact: exact}
		if exact != nil {
			r.BaselineMs["arithmetic"] = code3
		}
		return r
	}
	tm := &timings{Result: &wythoff.BenchResult{A: 2, Repeat: 1, Baseline: "g++ (Debian 14.2.0-19) 14.2.0 -O2",
		Rows: []wythoff.BenchRow{row(10, 0.0175, &yes), row(20, 0.034, &yes), row(40, 0, nil)}}, MaxN: 40, Repeat: 1}
	it := &item{id: "wythoff/table-4", label: "Table 4"}
	table4(it, tm, stored{Machine: "2 cores"}, false)
	tab := it.tables[0]
	i := slices.Index(tab.Columns, "thesis' Code 3 here")
	if i < 0 || slices.Index(tab.Columns, "thesis' Code 2 here") != i-1 {
		t.Fatalf("Table 4's columns: %q", tab.Columns)
	}
	if tab.Rows[0][i] != "0.0175" || tab.Rows[2][i] != "" {
		t.Errorf("Code 3's cells: %q, %q", tab.Rows[0][i], tab.Rows[2][i])
	}
	all := marks(it) + strings.Join(tab.Notes, "\n")
	for _, want := range []string{"✅ **Agrees:** the thesis' Code 3, compiled here, computes the representations right: the A_n read off them are the exact table at each of its 2 values of n",
		"Code 3 to n = 40: it keeps the p- and q-system representations of 1..n in two maps"} {
		if !strings.Contains(all, want) {
			t.Errorf("Table 4 lacks %q:\n%s", want, all)
		}
	}
	tm.Result.Rows[1].ArithmeticExact = &no
	it = &item{id: "wythoff/table-4", label: "Table 4"}
	table4(it, tm, stored{Machine: "2 cores"}, false)
	if all := marks(it); !strings.Contains(all, "⚠️ **Difference:** the A_n read off the representations of the thesis' Code 3, compiled here, are not the exact table at n = 20.") {
		t.Errorf("a wrong Code 3 is not marked:\n%s", all)
	}
}

// A stopped run says what it kept: the items written, the games played
// and results computed (the page that cancels a run shows it).
func TestKept(t *testing.T) {
	r := &Result{GamesPlayed: 23, ResultsMade: 1, missingItems: 36}
	if got, want := r.kept(50), "kept: 14 of 50 items computed and written in the document (the other 36 marked not computed), and the 23 games played and 1 result (timings, tables) computed by then, in the database"; got != want {
		t.Errorf("kept:\n%s\nwant\n%s", got, want)
	}
}
