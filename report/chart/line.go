package chart

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Series is one named series of points of a Line.
type Series struct {
	// Name says in words what the series is; the legend shows it.
	Name string
	X, Y []float64
	// Marks draws the points alone, without the line between them (the
	// default draws both).
	Marks bool
	// Dashed draws the line dashed.
	Dashed bool
	// Color picks the palette's colour Color-1 (0: the series' place).
	// Series sharing a colour keep apart by their marks.
	Color int
}

// Line is a figure of series against a common x axis.
type Line struct {
	Title, XLabel, YLabel string
	// LogX and LogY draw an axis on a logarithmic scale: for values that
	// span decades. Points with x ≤ 0 are left out of a logarithmic x axis;
	// y values ≤ 0 on a logarithmic y axis are raised to the smallest
	// positive y of the figure.
	LogX, LogY bool
	// WholeX and WholeY tick an axis at whole numbers only (counts,
	// lengths, moves).
	WholeX, WholeY bool
	Series         []Series
	// Width and Height in centimetres (0: DefaultWidth, DefaultHeight).
	Width, Height float64
}

// Save draws the figure into path (.png, .svg or .pdf).
func (l *Line) Save(path string) error {
	p := newPlot(l.Title, l.XLabel, l.YLabel)
	p.Add(plotter.NewGrid())
	axisTicks(&p.X, l.LogX, l.WholeX)
	axisTicks(&p.Y, l.LogY, l.WholeY)
	minPos := math.Inf(1)
	for _, s := range l.Series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("figure %s: series %q has %d x values and %d y values", path, s.Name, len(s.X), len(s.Y))
		}
		for _, y := range s.Y {
			if y > 0 {
				minPos = math.Min(minPos, y)
			}
		}
	}
	var legend []entry
	drawn := 0
	for i, s := range l.Series {
		pts := make(plotter.XYs, 0, len(s.X))
		for j := range s.X {
			x, y := s.X[j], s.Y[j]
			if l.LogX && x <= 0 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
				continue
			}
			if l.LogY && y <= 0 {
				if math.IsInf(minPos, 1) {
					continue
				}
				y = minPos
			}
			pts = append(pts, plotter.XY{X: x, Y: y})
		}
		if len(pts) == 0 {
			continue
		}
		drawn++
		c := colour(s.Color, i)
		var thumbs []plot.Thumbnailer
		if !s.Marks {
			line, err := plotter.NewLine(pts)
			if err != nil {
				return fmt.Errorf("figure %s: series %q: %w", path, s.Name, err)
			}
			line.Color, line.Width = c, vg.Points(1.6)
			if s.Dashed {
				line.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			}
			p.Add(line)
			thumbs = append(thumbs, line)
		}
		if s.Marks || len(pts) <= 60 {
			sc, err := plotter.NewScatter(pts)
			if err != nil {
				return fmt.Errorf("figure %s: series %q: %w", path, s.Name, err)
			}
			sc.Color, sc.Shape = c, glyphs[i%len(glyphs)]
			sc.Radius = vg.Points(2.2)
			if s.Marks {
				sc.Radius = vg.Points(3)
			}
			p.Add(sc)
			thumbs = append(thumbs, sc)
		}
		legend = append(legend, entry{name: s.Name, thumbs: thumbs})
	}
	if drawn == 0 {
		return fmt.Errorf("figure %s: no points to draw", path)
	}
	if l.LogY {
		padLog(&p.Y)
	}
	if l.LogX {
		padLog(&p.X)
	}
	return render(path, p, legend, l.Width, l.Height)
}

// padLog widens a logarithmic axis to the powers of ten around its data,
// so that its ends carry labels.
func padLog(a *plot.Axis) {
	if a.Min > 0 && a.Max > a.Min {
		a.Min = math.Pow(10, math.Floor(math.Log10(a.Min)+1e-9))
		a.Max = math.Pow(10, math.Ceil(math.Log10(a.Max)-1e-9))
	}
}
