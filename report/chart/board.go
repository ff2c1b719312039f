package chart

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Kind is a kind of cell of a Board: its name in the legend and its
// colour.
type Kind struct {
	Name  string
	Color color.Color
}

// Cell is one coloured cell of a Board.
type Cell struct {
	// X and Y are the cell's column and row (0, 0 at the bottom left; at
	// the top left when the board's TopDown is set).
	X, Y int
	// Kind indexes the board's Kinds.
	Kind int
	// Label is written in the cell (a few characters).
	Label string
}

// Board is a figure of a grid of cells: Cols × Rows, each cell white
// unless listed in Cells.
type Board struct {
	Title, XLabel, YLabel string
	Cols, Rows            int
	Kinds                 []Kind
	Cells                 []Cell
	// ColLabels and RowLabels label the columns and rows (nil: their
	// numbers; only some are written when there are many).
	ColLabels, RowLabels []string
	// TopDown puts row 0 at the top (a list of positions read downwards).
	TopDown       bool
	Width, Height float64
}

// MaxCells bounds a board's columns and rows.
const MaxCells = 200

// Save draws the board into path (.png, .svg or .pdf).
func (b *Board) Save(path string) error {
	if b.Cols < 1 || b.Rows < 1 || b.Cols > MaxCells || b.Rows > MaxCells {
		return fmt.Errorf("figure %s: a board of %d × %d cells: want 1 to %d each way", path, b.Cols, b.Rows, MaxCells)
	}
	for _, c := range b.Cells {
		if c.X < 0 || c.Y < 0 || c.X >= b.Cols || c.Y >= b.Rows || c.Kind < 0 || c.Kind >= len(b.Kinds) {
			return fmt.Errorf("figure %s: cell (%d, %d) of kind %d is off the %d × %d board or of no kind", path, c.X, c.Y, c.Kind, b.Cols, b.Rows)
		}
	}
	p := newPlot(b.Title, b.XLabel, b.YLabel)
	p.X.Min, p.X.Max = -0.5, float64(b.Cols)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(b.Rows)-0.5
	p.X.Tick.Marker = cellTicks(b.Cols, b.ColLabels, false)
	p.Y.Tick.Marker = cellTicks(b.Rows, b.RowLabels, b.TopDown)
	p.X.Padding, p.Y.Padding = 0, 0
	bp := &boardPlotter{b: b}
	p.Add(bp)
	var legend []entry
	for i, k := range b.Kinds {
		if k.Name != "" {
			legend = append(legend, entry{name: k.Name, thumbs: []plot.Thumbnailer{swatch{b.Kinds[i].Color}}})
		}
	}
	w, h := b.Width, b.Height
	if w == 0 {
		w = 15
	}
	if h == 0 {
		h = min(MaxSide, 3.8+(w-2.5)*float64(b.Rows)/float64(b.Cols))
	}
	return render(path, p, legend, w, h)
}

// cellTicks labels the cells' centres: the labels given, else the numbers.
func cellTicks(n int, labels []string, flip bool) plot.Ticker {
	every := 1
	if labels == nil {
		every = (n + 19) / 20
	}
	var ticks plot.ConstantTicks
	for i := range n {
		label := fmt.Sprint(i)
		if labels != nil && i < len(labels) {
			label = labels[i]
		}
		v := float64(i)
		if flip {
			v = float64(n - 1 - i)
		}
		if i%every != 0 {
			label = ""
		}
		if label == "" && labels != nil {
			continue // a row or column without a label gets no tick
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
	}
	return ticks
}

type boardPlotter struct{ b *Board }

// Plot draws the cells, their borders and labels.
func (bp *boardPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	b := bp.b
	trX, trY := p.Transforms(&c)
	row := func(y int) float64 {
		if b.TopDown {
			return float64(b.Rows - 1 - y)
		}
		return float64(y)
	}
	rect := func(x, y int) []vg.Point {
		x0, x1 := trX(float64(x)-0.5), trX(float64(x)+0.5)
		y0, y1 := trY(row(y)-0.5), trY(row(y)+0.5)
		return []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
	}
	for _, cl := range b.Cells {
		c.FillPolygon(b.Kinds[cl.Kind].Color, rect(cl.X, cl.Y))
	}
	border := draw.LineStyle{Color: color.Gray{Y: 0xbb}, Width: vg.Points(0.5)}
	for x := 0; x <= b.Cols; x++ {
		c.StrokeLine2(border, trX(float64(x)-0.5), trY(-0.5), trX(float64(x)-0.5), trY(float64(b.Rows)-0.5))
	}
	for y := 0; y <= b.Rows; y++ {
		c.StrokeLine2(border, trX(-0.5), trY(float64(y)-0.5), trX(float64(b.Cols)-0.5), trY(float64(y)-0.5))
	}
	cell := trX(1) - trX(0)
	sty := text.Style{Color: color.Black, Font: font.From(sans, min(vg.Points(11), cell*0.55)),
		XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
	for _, cl := range b.Cells {
		if cl.Label != "" {
			s := sty
			if dark(b.Kinds[cl.Kind].Color) {
				s.Color = color.White
			}
			c.FillText(s, vg.Point{X: trX(float64(cl.X)), Y: trY(row(cl.Y))}, cl.Label)
		}
	}
}

// dark reports whether black text would be hard to read on c.
func dark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return 0.299*float64(r)+0.587*float64(g)+0.114*float64(b) < 0.5*0xffff
}

// swatch is a legend sample: a square of a colour with a grey border.
type swatch struct{ color color.Color }

// Thumbnail draws the square.
func (s swatch) Thumbnail(c *draw.Canvas) {
	h := c.Max.Y - c.Min.Y
	x := c.Min.X + (c.Max.X-c.Min.X-h)/2
	pts := []vg.Point{{X: x, Y: c.Min.Y}, {X: x + h, Y: c.Min.Y}, {X: x + h, Y: c.Max.Y}, {X: x, Y: c.Max.Y}}
	c.FillPolygon(s.color, pts)
	c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 0x88}, Width: vg.Points(0.5)}, append(pts, pts[0]))
}
