package chart

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestNumber(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1: "1", 2.5: "2.5", 0.001: "0.001", 0.0001: "0.0001", 0.00001: "0.00001", 1e-7: "10^-7", 2.5e-7: "2.5·10^-7",
		1000: "1000", 12345: "12345", 1e5: "10^5", 2e6: "2·10^6", 1.5e7: "1.5·10^7", 0.12345: "0.1235"} {
		if got := Number(v); got != want {
			t.Errorf("Number(%g) = %q, want %q", v, got, want)
		}
	}
}

// TestLinearTicks: a linear axis of small values is labelled without the
// float noise of summed steps (a decision-times plot wrote
// 0.0000012499999999999999) and in one form (0.000001 beside 7.5·10^-7).
func TestLinearTicks(t *testing.T) {
	var labels []string
	for _, tk := range (linearTicks{}).Ticks(0, 1.3e-6) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "0 2.5·10^-7 5·10^-7 7.5·10^-7 10^-6 1.25·10^-6" {
		t.Errorf("ticks from 0 to 1.3·10^-6: %s", got)
	}
	labels = labels[:0]
	for _, tk := range (linearTicks{}).Ticks(0, 0.6) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "0 0.1 0.2 0.3 0.4 0.5 0.6" {
		t.Errorf("ticks from 0 to 0.6: %s", got)
	}
}

// TestWholeTicks: counts are ticked at whole numbers only, whatever the
// range (the old plots wrote 2.50, 10.00, 17.50).
func TestWholeTicks(t *testing.T) {
	for _, r := range [][2]float64{{0, 3}, {0, 7}, {0, 25}, {0, 17.5}, {1, 1000}, {0, 0.5}} {
		labelled := 0
		for _, tk := range (linearTicks{whole: true}).Ticks(r[0], r[1]) {
			if tk.Value != float64(int64(tk.Value)) {
				t.Errorf("range %v: a tick at %g", r, tk.Value)
			}
			if tk.Label != "" {
				labelled++
				if strings.Contains(tk.Label, ".") {
					t.Errorf("range %v: label %q", r, tk.Label)
				}
			}
		}
		if labelled == 0 && r[1] >= 1 {
			t.Errorf("range %v: no labelled tick", r)
		}
	}
	var labels []string
	for _, tk := range (logTicks{}).Ticks(1e-6, 10) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	// One form on an axis: powers of ten throughout where some label needs
	// one (the plots of seconds wrote 0.000001 beside 1e-7), decimals where
	// none does.
	if strings.Join(labels, " ") != "10^-6 10^-5 10^-4 10^-3 10^-2 10^-1 10^0 10^1" {
		t.Errorf("log ticks from 10^-6 to 10: %v", labels)
	}
	labels = labels[:0]
	for _, tk := range (logTicks{}).Ticks(0.01, 1000) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if strings.Join(labels, " ") != "0.01 0.1 1 10 100 1000" {
		t.Errorf("log ticks from 0.01 to 1000: %v", labels)
	}
}

func TestHistogram(t *testing.T) {
	labels, counts := Histogram(5, []int{0, 1, 4, 5, 12}, []int{3, 14})
	if strings.Join(labels, ",") != "0,5,10" || len(counts) != 2 {
		t.Fatalf("labels %v counts %v", labels, counts)
	}
	if counts[0][0] != 3 || counts[0][1] != 1 || counts[0][2] != 1 || counts[1][0] != 1 || counts[1][2] != 1 {
		t.Fatalf("counts %v", counts)
	}
	if labels, counts := Histogram(1, []int{-2, 0}); strings.Join(labels, ",") != "-2,-1,0" || counts[0][1] != 0 {
		t.Fatalf("negative values: %v %v", labels, counts)
	}
}

// TestBinWidth: the narrowest of 1, 2, 5, 10, ... that keeps the values in
// the bins asked for, over all sets together.
func TestBinWidth(t *testing.T) {
	for _, c := range []struct {
		sets [][]int
		bins int
		want int
	}{
		{nil, 40, 1},
		{[][]int{{3, 3}}, 40, 1},
		{[][]int{{0, 39}}, 40, 1},
		{[][]int{{0}, {40}}, 40, 2},
		{[][]int{{10, 450}}, 40, 20},
		{[][]int{{0, 100000}}, 40, 2501},
	} {
		if got := BinWidth(c.bins, c.sets...); got != c.want {
			t.Errorf("BinWidth(%d, %v) = %d, want %d", c.bins, c.sets, got, c.want)
		}
		lo, hi, _ := span(c.sets...)
		if w := BinWidth(c.bins, c.sets...); (hi-lo)/w >= c.bins {
			t.Errorf("%v in bins of %d: %d bins, more than %d", c.sets, w, (hi-lo)/w+1, c.bins)
		}
	}
}

// TestLegendWraps: the legend's entries wrap to new rows within the
// figure's width, and an entry wider than the figure is cut.
func TestLegendWraps(t *testing.T) {
	width := vg.Length(10) * vg.Centimeter
	legend := []entry{{name: "a short one"}, {name: strings.Repeat("a long name ", 4)}, {name: strings.Repeat("far too long to fit ", 20)}, {name: "x"}}
	xs, rows, names, n := legendLayout(legend, width)
	if n < 3 {
		t.Fatalf("%d rows for entries that cannot share one", n)
	}
	for i, name := range names {
		w := xs[i] + vg.Points(thumbWidth) + legendStyle.Width(" ") + legendStyle.Width(name)
		if w > width+1e-9 {
			t.Errorf("entry %d (row %d) ends at %v, beyond %v", i, rows[i], w, width)
		}
	}
	if !strings.HasSuffix(names[2], "…") {
		t.Errorf("the too-long entry was not cut: %q", names[2])
	}
}

// TestSave draws each kind of figure as PNG and SVG, at the size asked
// for, and refuses what cannot be drawn.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	line := &Line{Title: "t", XLabel: "n", YLabel: "ms", LogX: true, LogY: true,
		Series: []Series{{Name: "thesis", X: []float64{10, 100, 1000}, Y: []float64{0.01, 1, 100}, Marks: true}, {Name: "Kombi", X: []float64{10, 100, 1000}, Y: []float64{0, 0.1, 1}, Dashed: true}}}
	bars := &Bars{Title: "h", Categories: []string{"0", "1", "2"}, Whole: true, Groups: []BarGroup{{Name: "a", Values: []float64{1, 0, 3}}, {Name: "b", Values: []float64{2, 2, 0}}}}
	board := &Board{Title: "b", Cols: 3, Rows: 2, Kinds: []Kind{{Name: "P", Color: Palette[2]}}, Cells: []Cell{{X: 0, Y: 0, Label: "P"}, {X: 2, Y: 1}}}
	for name, c := range map[string]Chart{"line": line, "bars": bars, "board": board} {
		paths, err := SaveAll(c, dir, name)
		if err != nil || len(paths) != 2 {
			t.Fatalf("%s: %v", name, err)
		}
		f, err := os.Open(paths[0])
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w := img.Bounds().Dx(); name != "board" && (w < 900 || w > 1100) {
			t.Errorf("%s: %d pixels wide; a page's width at %d dpi is about 1000", name, w, DPI)
		}
		svg, err := os.ReadFile(paths[1])
		if err != nil || !strings.Contains(string(svg), "<svg") {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for what, err := range map[string]error{
		"a .gif":             line.Save(filepath.Join(dir, "x.gif")),
		"x and y of 2 and 1": (&Line{Series: []Series{{X: []float64{1, 2}, Y: []float64{1}}}}).Save(filepath.Join(dir, "x.png")),
		"no points":          (&Line{}).Save(filepath.Join(dir, "x.png")),
		"a tiny figure":      (&Line{Series: line.Series, Width: 1}).Save(filepath.Join(dir, "x.png")),
		"no bars":            (&Bars{}).Save(filepath.Join(dir, "x.png")),
		"bars of 2 for 3":    (&Bars{Categories: []string{"a", "b", "c"}, Groups: []BarGroup{{Values: []float64{1, 2}}}}).Save(filepath.Join(dir, "x.png")),
		"a cell off board":   (&Board{Cols: 2, Rows: 2, Kinds: []Kind{{}}, Cells: []Cell{{X: 2}}}).Save(filepath.Join(dir, "x.png")),
		"a board of 0":       (&Board{}).Save(filepath.Join(dir, "x.png")),
	} {
		if err == nil {
			t.Errorf("%s: drawn", what)
		}
	}
}
