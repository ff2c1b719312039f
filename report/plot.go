package report

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // PNG
	_ "gonum.org/v1/plot/vg/vgpdf" // PDF
	_ "gonum.org/v1/plot/vg/vgsvg" // SVG
)

// Series is one line of points of a plot.
type Series struct {
	Name string
	X, Y []float64
}

// LinePlot describes a plot of series against a common x axis.
type LinePlot struct {
	Title, XLabel, YLabel string
	// LogY draws the y axis on a log scale (non-positive values are raised
	// to the smallest positive one).
	LogY   bool
	Series []Series
	// Width and Height in centimetres (defaults 22 × 10; the legend takes the right part).
	Width, Height float64
}

var palette = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
}

// Save draws the plot into path; the extension picks the format (.png,
// .svg, .pdf).
func (lp *LinePlot) Save(path string) error {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".png", ".svg", ".pdf":
	default:
		return fmt.Errorf("plot %s: the file name must end in .png, .svg or .pdf", path)
	}
	p := plot.New()
	p.Title.Text = lp.Title
	p.X.Label.Text = lp.XLabel
	p.Y.Label.Text = lp.YLabel
	p.Add(plotter.NewGrid())
	minPos := 0.0
	for _, s := range lp.Series {
		for _, y := range s.Y {
			if y > 0 && (minPos == 0 || y < minPos) {
				minPos = y
			}
		}
	}
	if lp.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = shortTicks{plot.LogTicks{Prec: -1}}
	}
	for i, s := range lp.Series {
		if len(s.X) == 0 {
			continue
		}
		pts := make(plotter.XYs, len(s.X))
		for j := range s.X {
			y := s.Y[j]
			if lp.LogY && y <= 0 {
				y = minPos
			}
			pts[j].X, pts[j].Y = s.X[j], y
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return fmt.Errorf("plot series %q: %w", s.Name, err)
		}
		c := palette[i%len(palette)]
		line.Color = c
		points.Color = c
		points.Shape = draw.CircleGlyph{}
		points.Radius = vg.Points(1.5)
		p.Add(line, points)
		p.Legend.Add(s.Name, line, points)
	}
	w, h := lp.Width, lp.Height
	if w == 0 {
		w = 22
	}
	if h == 0 {
		h = 10
	}
	// The legend goes right of the plot, never over the data.
	cw, err := draw.NewFormattedCanvas(vg.Length(w)*vg.Centimeter, vg.Length(h)*vg.Centimeter, ext[1:])
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	c := draw.New(cw)
	legend := p.Legend
	p.Legend = plot.NewLegend()
	legend.Top = true
	lw := legend.Rectangle(c).Size().X + vg.Millimeter
	p.Draw(draw.Crop(c, 0, -lw, 0, 0))
	legend.Draw(draw.Crop(c, c.Size().X-lw, 0, 0, 0))
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	if _, err := cw.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("plot %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return nil
}

// shortTicks writes tick labels with at most three significant digits.
type shortTicks struct{ plot.Ticker }

// Ticks returns the wrapped ticker's ticks with shorter labels.
func (t shortTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := t.Ticker.Ticks(lo, hi)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'g', 3, 64)
		}
	}
	return ticks
}
