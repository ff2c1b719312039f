package sources

import (
	"context"
	"strings"
	"testing"

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
