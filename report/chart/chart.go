// Package chart draws Kombi's figures with gonum/plot in one readable
// style: a size and fonts that read well on a page, the legend below the
// data (never over it, never past the edge: long entries wrap to new rows),
// whole-number ticks for counts, logarithmic axes labelled in powers of
// ten, and colours that stay apart for readers with colour blindness.
//
// Three kinds of figure: Line (series of points against x, with lines,
// marks or both), Bars (grouped bars over categories: histograms and
// counts) and Board (a grid of coloured cells, such as the Wythoff queen
// board). Each saves itself as PNG, SVG or PDF by the file's extension;
// SaveAll writes a PNG and an SVG side by side.
package chart

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Chart is a figure that saves itself: the file's extension (.png, .svg
// or .pdf) picks the format.
type Chart interface {
	Save(path string) error
}

// The look of every figure.
const (
	// DefaultWidth and DefaultHeight are a figure's size in centimetres
	// when it sets none: a page's text width.
	DefaultWidth, DefaultHeight = 17.0, 10.5
	// DPI is the resolution of PNG files.
	DPI = 150
	// MaxSide bounds a figure's width and height in centimetres.
	MaxSide = 60.0
)

// sans is the figures' typeface (gonum/plot's Liberation Sans).
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

var (
	titleSize  = vg.Points(13)
	labelSize  = vg.Points(11.5)
	tickSize   = vg.Points(10)
	legendSize = vg.Points(10.5)
)

// Palette holds the colours of series in order (Okabe and Ito's colours,
// told apart also by readers with colour blindness, then black and grey).
var Palette = []color.Color{
	color.RGBA{R: 0x00, G: 0x72, B: 0xb2, A: 0xff}, // blue
	color.RGBA{R: 0xd5, G: 0x5e, B: 0x00, A: 0xff}, // vermillion
	color.RGBA{R: 0x00, G: 0x9e, B: 0x73, A: 0xff}, // bluish green
	color.RGBA{R: 0xe6, G: 0x9f, B: 0x00, A: 0xff}, // orange
	color.RGBA{R: 0xcc, G: 0x79, B: 0xa7, A: 0xff}, // reddish purple
	color.RGBA{R: 0x56, G: 0xb4, B: 0xe9, A: 0xff}, // sky blue
	color.RGBA{R: 0x33, G: 0x33, B: 0x33, A: 0xff}, // near black
	color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}, // grey
}

// colour returns the palette's colour for a series: c-1 when c > 0 (a
// colour asked for), else the series' index i.
func colour(c, i int) color.Color {
	if c > 0 {
		i = c - 1
	}
	return Palette[i%len(Palette)]
}

var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{}}

// newPlot returns a plot with the figures' fonts.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(sans, titleSize)
	p.Title.Padding = vg.Points(4)
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, labelSize)
		a.Tick.Label.Font = font.From(sans, tickSize)
		a.Label.Padding = vg.Points(4)
	}
	return p
}

// entry is one line of a legend: a name and what draws its sample.
type entry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// size returns a figure's width and height, the defaults for zeros.
func size(w, h float64) (vg.Length, vg.Length, error) {
	if w == 0 {
		w = DefaultWidth
	}
	if h == 0 {
		h = DefaultHeight
	}
	if w < 4 || h < 3 || w > MaxSide || h > MaxSide || math.IsNaN(w+h) {
		return 0, 0, fmt.Errorf("figure size %g × %g cm: want 4 to %g cm wide and 3 to %g cm high", w, h, MaxSide, MaxSide)
	}
	return vg.Length(w) * vg.Centimeter, vg.Length(h) * vg.Centimeter, nil
}

// canvasFor returns a canvas in the format of path's extension.
func canvasFor(path string, w, h vg.Length) (vg.CanvasWriterTo, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))}, nil
	case ".svg":
		return vgsvg.New(w, h), nil
	case ".pdf":
		return vgpdf.New(w, h), nil
	}
	return nil, fmt.Errorf("figure %s: the file name must end in .png, .svg or .pdf", path)
}

// render draws p with its legend entries below it into a new file at
// path, w × h centimetres (0: the defaults).
func render(path string, p *plot.Plot, legend []entry, wcm, hcm float64) error {
	w, h, err := size(wcm, hcm)
	if err != nil {
		return fmt.Errorf("figure %s: %w", path, err)
	}
	pad := vg.Points(6)
	lh := legendHeight(legend, w-4*pad)
	if lh > h*0.4 {
		h += lh // a long legend makes the figure taller, never the data smaller
	}
	if h > vg.Length(MaxSide)*vg.Centimeter {
		return fmt.Errorf("figure %s: its legend of %d entries does not fit in a figure %g cm high", path, len(legend), MaxSide)
	}
	cw, err := canvasFor(path, w, h)
	if err != nil {
		return err
	}
	c := draw.New(cw)
	c = draw.Crop(c, pad, -3*pad, pad, -pad) // room on the right for the last tick's label
	p.Draw(draw.Crop(c, 0, 0, lh, 0))
	drawLegend(draw.Crop(c, 0, 0, 0, -(c.Max.Y-c.Min.Y-lh)), legend)
	return writeFile(path, cw)
}

// writeFile writes a drawn canvas to a new file at path.
func writeFile(path string, cw vg.CanvasWriterTo) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("figure %s: %w", path, err)
	}
	if _, err := cw.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("figure %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("figure %s: %w", path, err)
	}
	return nil
}

var legendStyle = text.Style{Color: color.Black, Font: font.From(sans, legendSize), Handler: plot.DefaultTextHandler}

const thumbWidth = 22 // points

// legendLayout places the entries in rows that fit width: each entry's
// x offset and row, and the number of rows. An entry wider than the width
// is cut with an ellipsis.
func legendLayout(legend []entry, width vg.Length) (xs []vg.Length, rows []int, names []string, n int) {
	if len(legend) == 0 {
		return nil, nil, nil, 0
	}
	gap := legendStyle.Width("  ")
	thumb := vg.Points(thumbWidth) + legendStyle.Width(" ")
	x, row := vg.Length(0), 0
	for _, e := range legend {
		name := e.name
		for name != "" && thumb+legendStyle.Width(name) > width {
			r := []rune(strings.TrimSuffix(name, "…"))
			name = string(r[:len(r)-1]) + "…"
		}
		ew := thumb + legendStyle.Width(name)
		if x > 0 && x+ew > width {
			x, row = 0, row+1
		}
		xs, rows, names = append(xs, x), append(rows, row), append(names, name)
		x += ew + gap
	}
	return xs, rows, names, row + 1
}

func rowHeight() vg.Length { return legendStyle.Height("Ag") * 1.45 }

// legendHeight is the height the legend takes below the plot.
func legendHeight(legend []entry, width vg.Length) vg.Length {
	_, _, _, n := legendLayout(legend, width)
	if n == 0 {
		return 0
	}
	return vg.Length(n)*rowHeight() + vg.Points(8)
}

// drawLegend draws the entries in rows, the first at the top of c.
func drawLegend(c draw.Canvas, legend []entry) {
	xs, rows, names, _ := legendLayout(legend, c.Max.X-c.Min.X)
	rh := rowHeight()
	for i, e := range legend {
		top := c.Max.Y - vg.Points(6) - vg.Length(rows[i])*rh
		icon := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: c.Min.X + xs[i], Y: top - rh*0.8},
			Max: vg.Point{X: c.Min.X + xs[i] + vg.Points(thumbWidth), Y: top - rh*0.1},
		}}
		for _, t := range e.thumbs {
			t.Thumbnail(&icon)
		}
		sty := legendStyle
		sty.YAlign = draw.YCenter
		c.FillText(sty, vg.Point{X: icon.Max.X + legendStyle.Width(" "), Y: (icon.Min.Y + icon.Max.Y) / 2}, names[i])
	}
}

// SaveAll saves a chart as dir/base.png and dir/base.svg and returns the
// two paths.
func SaveAll(c Chart, dir, base string) ([]string, error) {
	var out []string
	for _, ext := range []string{".png", ".svg"} {
		path := filepath.Join(dir, base+ext)
		if err := c.Save(path); err != nil {
			return out, err
		}
		out = append(out, path)
	}
	return out, nil
}

// Number writes a value briefly: at most 4 significant digits below 1000,
// whole numbers from 1000 to 99999, larger values as powers of ten (10^6,
// 2.5·10^7), tiny ones as 1e-7.
func Number(v float64) string {
	a := math.Abs(v)
	switch {
	case v == 0:
		return "0"
	case a < 1e-6 || a >= 1e5:
		return powerOfTen(v)
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a < 1e-4:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// linearTicks marks about six round values between lo and hi; whole
// keeps only whole numbers (counts: never 2.5 of anything).
type linearTicks struct{ whole bool }

// Ticks returns the major ticks, with minor ones between them.
func (t linearTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return []plot.Tick{{Value: lo, Label: Number(lo)}}
	}
	raw := (hi - lo) / 6
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	if t.whole {
		step = math.Max(1, math.Round(step))
		if step == 2.5 {
			step = 2
		}
	}
	var out []plot.Tick
	minor := step / 2
	if t.whole && minor != math.Round(minor) {
		minor = 0 // counts: no tick between two whole numbers
	}
	// Each tick a whole number of steps from zero, rounded to 12 digits: a sum of steps drifted
	// (0.0000012499999999999999 for 1.25·10^-6).
	k0 := math.Ceil(lo / step)
	var major []float64
	for i := 0.0; ; i++ {
		v := snap((k0 + i) * step)
		if v > hi+step*1e-9 {
			break
		}
		major = append(major, v)
	}
	// One form on the axis: powers of ten throughout where a label needs one (Number wrote 0.000001 beside
	// 7.5·10^-7), Number's where none does.
	powers := slices.ContainsFunc(major, func(v float64) bool { a := math.Abs(v); return a > 0 && (a < 1e-4 || a >= 1e5) })
	for _, v := range major {
		label := Number(v)
		if powers && v != 0 {
			label = powerOfTen(v)
		}
		out = append(out, plot.Tick{Value: v, Label: label})
		if m := snap(v + minor); minor > 0 && m <= hi {
			out = append(out, plot.Tick{Value: m})
		}
	}
	if len(out) > 0 && out[0].Value-minor >= lo && minor > 0 {
		out = append(out, plot.Tick{Value: snap(out[0].Value - minor)})
	}
	return out
}

// snap rounds v to 12 significant digits: a tick computed in steps without the step's rounding error.
func snap(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	return r
}

// powerOfTen writes v as m·10^e ("10^5", "2·10^6", "2.5·10^-7"; the
// typeface lacks the superscripts ⁰, ⁹ and ⁻).
func powerOfTen(v float64) string {
	e := int(math.Floor(math.Log10(math.Abs(v))))
	m := v / math.Pow(10, float64(e))
	if math.Abs(m-math.Round(m)) < 1e-9 {
		if math.Round(m) == 1 {
			return "10^" + strconv.Itoa(e)
		}
		return strconv.FormatFloat(math.Round(m), 'f', -1, 64) + "·10^" + strconv.Itoa(e)
	}
	return strconv.FormatFloat(m, 'g', 3, 64) + "·10^" + strconv.Itoa(e)
}

// logTicks marks the powers of ten with labels and the values between
// them without, or every few powers when the range spans many decades.
type logTicks struct{}

// Ticks returns the ticks of a logarithmic axis from lo to hi.
func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if lo <= 0 {
		lo = math.SmallestNonzeroFloat64
	}
	e0, e1 := int(math.Floor(math.Log10(lo))), int(math.Ceil(math.Log10(hi)))
	every := 1 + (e1-e0)/10
	// Every label a power of ten when one must be (below 0.001 or from
	// 10^5: 0.000001 is hard to count), not decimals beside 1e-7.
	powers := e0 < -3 || e1 >= 5
	var out []plot.Tick
	for e := e0; e <= e1; e++ {
		v := math.Pow(10, float64(e))
		if e%every == 0 {
			label := Number(v)
			if powers {
				label = "10^" + strconv.Itoa(e)
			}
			out = append(out, plot.Tick{Value: v, Label: label})
		} else {
			out = append(out, plot.Tick{Value: v})
		}
		if every == 1 && e1-e0 <= 3 {
			for m := 2; m <= 9; m++ {
				out = append(out, plot.Tick{Value: float64(m) * v})
			}
		}
	}
	return out
}

// axisTicks sets an axis' scale and ticks: logarithmic, or linear with
// whole-number ticks when whole.
func axisTicks(a *plot.Axis, log, whole bool) {
	if log {
		a.Scale = plot.LogScale{}
		a.Tick.Marker = logTicks{}
		return
	}
	a.Tick.Marker = linearTicks{whole: whole}
}
