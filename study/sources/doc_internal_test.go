package sources

import (
	"math"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
)

// The HTML document's prose takes the browser's typography; its code and
// the Markdown keep their characters.
func TestProseTypography(t *testing.T) {
	for in, want := range map[string]string{
		"Wythoff's game":                    "Wythoff’s game",
		"Gra Szemerédi'ego":                 "Gra Szemerédi’ego",
		"players' seats":                    "players&#39; seats",
		"'quoted' & <b>":                    "&#39;quoted&#39; &amp; &lt;b&gt;",
		"the assignment's copycat's mirror": "the assignment’s copycat’s mirror",
	} {
		if got := prose(in); got != want {
			t.Errorf("prose(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := inline("Kombi's `kombi solve 'nim(piles=1)'` run's"), "Kombi’s <code>kombi solve &#39;nim(piles=1)&#39;</code> run’s"; got != want {
		t.Errorf("inline = %q, want %q", got, want)
	}
	// The sources' subscripts and powers set as such, as the browser's pages set subscripts; code and names keep their characters.
	if got, want := inline("n, A_n, B_n; R_p(4) and A_10 but `a_i` and win_in, x_12y; 1.15·10^7 ms, 10·2^j, 3^26), `2^k`"),
		"n, A<sub>n</sub>, B<sub>n</sub>; R<sub>p</sub>(4) and A<sub>10</sub> but <code>a_i</code> and win_in, x_12y; 1.15·10<sup>7</sup> ms, 10·2<sup>j</sup>, 3<sup>26</sup>), <code>2^k</code>"; got != want {
		t.Errorf("inline = %q, want %q", got, want)
	}
	// A number in groups of three digits stays on one line (it wrapped as "20" and "971 520").
	if got, want := inline("to 20 971 520 (230 089 ms), n = 0 to 10, piles 3 4 5, 1 280"), "to 20\u00a0971\u00a0520 (230\u00a0089 ms), n = 0 to 10, piles 3 4 5, 1\u00a0280"; got != want {
		t.Errorf("inline = %q, want %q", got, want)
	}
}

// The median of an even count is the mean of its two middle values (Figure
// 3.7's gaps 2, 6, 39, 79 have median 22.5, not 39).
func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{[]float64{79, 2, 39, 6}, 22.5}, {[]float64{3, 1, 2}, 2}, {[]float64{5}, 5}} {
		if got := median(c.xs); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
	if !math.IsNaN(median(nil)) {
		t.Error("the median of nothing is a number")
	}
}

// correlationP counts the orderings at least as correlated: with 4 values
// in the same order, only that ordering and its reverse reach |r| = 1
// (2 of 24); unrelated values give a large p; beyond 8 values the sample
// is the same every run.
func TestCorrelationP(t *testing.T) {
	if p := correlationP([]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}); math.Abs(p-2.0/24) > 1e-12 {
		t.Errorf("p of a perfect correlation of 4 = %v, want 2/24", p)
	}
	// r = 0.8 over 4 values: 8 of the 24 orderings reach |r| ≥ 0.8 (an
	// enumeration in Python, outside this code), no evidence.
	two, ls := []float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}
	if r := pearson(two, ls); math.Abs(r-0.8) > 1e-12 {
		t.Fatalf("r = %v, want 0.8", r)
	}
	if p := correlationP(two, ls); math.Abs(p-8.0/24) > 1e-12 {
		t.Errorf("p = %v, want 8/24", p)
	}
	xs, ys := make([]float64, 12), make([]float64, 12)
	for i := range xs {
		xs[i], ys[i] = float64(i), float64(i*i%13)
	}
	if a, b := correlationP(xs, ys), correlationP(xs, ys); a != b || a <= 0 || a >= 1 {
		t.Errorf("p of 12 values = %v then %v: want the same share, strictly between 0 and 1", a, b)
	}
	if !math.IsNaN(correlationP([]float64{1, 2, 3}, []float64{5, 5, 5})) {
		t.Error("a constant sample has a p-value")
	}
}

// A game stopped at the run's length bound is "longer" than the thesis'
// only when the bound is beyond the thesis' longest game.
func TestStoppedGames(t *testing.T) {
	quick := stoppedGames(1, 3, 100, 213, 11)
	if quick.kind != "stopped games" || !strings.Contains(quick.text, "1 game of Kombi's 3 reached 100 symbols with the painter unbeaten and was stopped there (the mean counts it as 100)") ||
		!strings.Contains(quick.text, "lower bounds") || strings.Contains(quick.text, "longer than") {
		t.Errorf("a bound of 100 under the thesis' 213: %+v", quick)
	}
	full := stoppedGames(2, 12, 1000, 236, 12)
	if full.kind != "longer games" || !strings.Contains(full.text, "2 games of Kombi's 12 reached 1000 symbols with the painter unbeaten and were stopped there (the mean counts them as 1000): longer than the longest of the thesis' 12 games, 236.") {
		t.Errorf("a bound of 1000 over the thesis' 236: %+v", full)
	}
	if got := whichShown(3, 3, "s"); got != "every game of the sweep `s`" {
		t.Errorf("whichShown(3, 3) = %q", got)
	}
	if got := whichShown(3, 10, "s"); got != "the longest, the middle and the shortest of the 10 games of the sweep `s`" {
		t.Errorf("whichShown(3, 10) = %q", got)
	}
}

// A table's HTML marks a row with a verdict against the source (NO, **no**)
// with a class beside the word, sets a column holding a long number alike
// (token) and gives long cells a width to wrap in on a phone.
func TestHTMLTableMarks(t *testing.T) {
	var b strings.Builder
	long := strings.Repeat("a word ", 10)
	htmlTable(&b, game.Table{Title: "T", Columns: []string{"n", "right", "value", "why"}, Rows: [][]string{
		{"1", "yes", "14", "short"}, {"2", "NO", "124395540479019", long}, {"3", "**no** (rounding)", "3", long + long + long}}}, "Table 5")
	html := b.String()
	for _, want := range []string{`<div class="table-wrap"><div class="table"`, "<tr><td>1</td><td>yes</td><td class=\"token\">14</td><td>short</td></tr>",
		`<tr class="wrong"><td>2</td><td class="no">NO</td><td class="token">124395540479019</td><td class="long">`,
		`<tr class="wrong"><td>3</td><td class="no"><strong>no</strong> (rounding)</td><td class="token">3</td><td class="longer">`} {
		if !strings.Contains(html, want) {
			t.Errorf("the table's HTML lacks %s:\n%s", want, html)
		}
	}
}
