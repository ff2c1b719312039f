package chart

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// BarGroup is one named series of bars: a value per category.
type BarGroup struct {
	// Name says in words what the bars count; the legend shows it.
	Name   string
	Values []float64
	// Color picks the palette's colour Color-1 (0: the group's place).
	Color int
}

// Bars is a figure of bars over categories, the groups side by side in
// each category: histograms (a category per value or per range of
// values) and counts per game.
type Bars struct {
	Title, XLabel, YLabel string
	// Categories label the categories, left to right. When there are many,
	// only some labels are written (evenly spaced).
	Categories []string
	Groups     []BarGroup
	// LogY draws the values on a logarithmic scale (bars of 0 are left
	// out); Whole ticks the value axis at whole numbers only (counts).
	LogY, Whole   bool
	Width, Height float64
}

// Save draws the figure into path (.png, .svg or .pdf).
func (b *Bars) Save(path string) error {
	if len(b.Categories) == 0 || len(b.Groups) == 0 {
		return fmt.Errorf("figure %s: no bars to draw", path)
	}
	p := newPlot(b.Title, b.XLabel, b.YLabel)
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	p.Add(grid)
	axisTicks(&p.Y, b.LogY, b.Whole)
	n := len(b.Categories)
	every := labelEvery(b.Categories, b.Width)
	ticks := plot.ConstantTicks{}
	for i, c := range b.Categories {
		if i%every == 0 {
			ticks = append(ticks, plot.Tick{Value: float64(i), Label: c})
		} else if every <= 5 {
			ticks = append(ticks, plot.Tick{Value: float64(i)})
		}
	}
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = -0.6, float64(n)-0.4
	width := 0.8 / float64(len(b.Groups))
	var legend []entry
	lo := math.Inf(1)
	for gi, g := range b.Groups {
		if len(g.Values) != n {
			return fmt.Errorf("figure %s: group %q has %d values for %d categories", path, g.Name, len(g.Values), n)
		}
		bp := &barPlotter{values: g.Values, offset: -0.4 + width*(float64(gi)+0.5), width: width, color: colour(g.Color, gi), log: b.LogY}
		for _, v := range g.Values {
			if v > 0 {
				lo = math.Min(lo, v)
			}
		}
		p.Add(bp)
		legend = append(legend, entry{name: g.Name, thumbs: []plot.Thumbnailer{bp}})
	}
	if b.LogY {
		if math.IsInf(lo, 1) {
			return fmt.Errorf("figure %s: no positive value for a logarithmic axis", path)
		}
		padLog(&p.Y)
	} else {
		p.Y.Min, p.Y.Max = 0, p.Y.Max*1.06 // room above the tallest bar
	}
	return render(path, p, legend, b.Width, b.Height)
}

// labelEvery is how many categories apart their labels are written, so
// that the labels do not run into each other on a figure width cm wide.
func labelEvery(labels []string, width float64) int {
	if width == 0 {
		width = DefaultWidth
	}
	widest := vg.Length(0)
	sty := newPlot("", "", "").X.Tick.Label
	for _, l := range labels {
		widest = max(widest, sty.Width(l))
	}
	room := (vg.Length(width)*vg.Centimeter - 3*vg.Centimeter) / vg.Length(max(1, len(labels)))
	for every := 1; ; every++ {
		if room*vg.Length(every) >= widest+vg.Points(8) || every >= len(labels) {
			return every
		}
	}
}

// barPlotter draws one group's bars in data coordinates: the bar of
// category i spans x = i+offset ± width/2.
type barPlotter struct {
	values        []float64
	offset, width float64
	color         color.Color
	log           bool
}

// Plot draws the bars.
func (bp *barPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	base := 0.0
	if bp.log {
		base = p.Y.Min
	}
	for i, v := range bp.values {
		if v <= 0 && bp.log || v == 0 || math.IsNaN(v) {
			continue
		}
		x0, x1 := trX(float64(i)+bp.offset-bp.width/2), trX(float64(i)+bp.offset+bp.width/2)
		y0, y1 := trY(base), trY(v)
		pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
		c.FillPolygon(bp.color, c.ClipPolygonXY(pts))
	}
}

// DataRange covers every bar.
func (bp *barPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for _, v := range bp.values {
		if v > 0 || !bp.log {
			ymin, ymax = math.Min(ymin, v), math.Max(ymax, v)
		}
	}
	if !bp.log {
		ymin = math.Min(ymin, 0)
	}
	return -0.5, float64(len(bp.values)) - 0.5, ymin, ymax
}

// Thumbnail draws the legend's sample: a filled square.
func (bp *barPlotter) Thumbnail(c *draw.Canvas) {
	h := c.Max.Y - c.Min.Y
	x := c.Min.X + (c.Max.X-c.Min.X-h)/2
	c.FillPolygon(bp.color, []vg.Point{{X: x, Y: c.Min.Y}, {X: x + h, Y: c.Min.Y}, {X: x + h, Y: c.Max.Y}, {X: x, Y: c.Max.Y}})
}

// Histogram counts how often each whole number occurs in each set of
// values, in common bins of width binWidth (1: one bin per value) from the
// least value of all sets to the greatest: the bins' labels (the first
// value of each bin: say the width in the axis label) and each set's
// counts, bin by bin.
func Histogram(binWidth int, sets ...[]int) (labels []string, counts [][]float64) {
	first := true
	var lo, hi int
	for _, vs := range sets {
		for _, v := range vs {
			if first {
				lo, hi, first = v, v, false
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if first || binWidth < 1 {
		return nil, make([][]float64, len(sets))
	}
	lo = floorDiv(lo, binWidth) * binWidth
	nb := (hi-lo)/binWidth + 1
	for _, vs := range sets {
		c := make([]float64, nb)
		for _, v := range vs {
			c[(v-lo)/binWidth]++
		}
		counts = append(counts, c)
	}
	for i := range nb {
		labels = append(labels, fmt.Sprint(lo+i*binWidth))
	}
	return labels, counts
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
