package web_test

import (
	"bytes"
	"image/png"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/kombi/kombi/study/sources"
)

// TestBrowserSourcesFigure: a figure of the sources document opened alone,
// as its SVG, draws as it does from the disk: its styles apply under the
// figure's own Content-Security-Policy (the pages' policy blocked the style
// attributes, and the figure drew as a black box with its legend's words
// on top of each other), and no violation is logged.
func TestBrowserSourcesFigure(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	writeSources(t, filepath.Join(data, sources.Folder), filepath.Join(data, "sources.db"), "nim2d/palettes")
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.desktop()
	p.do(chromedp.Navigate(h.ts.URL + "/sources/nim2d-palettes.svg"))
	p.wait(`document.documentElement && document.documentElement.getBoundingClientRect().width > 0`, "the figure")
	box := js[[]float64](p, `(() => { const r = document.documentElement.getBoundingClientRect(); return [r.left, r.top, Math.min(r.right, innerWidth), Math.min(r.bottom, innerHeight)]; })()`)
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	// The screenshot is in device pixels: the page's CSS pixels times its ratio.
	scale := float64(img.Bounds().Dx()) / js[float64](p, `innerWidth`)
	var all, black, colour int
	for y := int(box[1] * scale); y < int(box[3]*scale); y += 2 {
		for x := int(box[0] * scale); x < int(box[2]*scale); x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			r, g, b = r>>8, g>>8, b>>8
			all++
			if r < 40 && g < 40 && b < 40 {
				black++
			}
			if max(r, g, b)-min(r, g, b) > 60 {
				colour++
			}
		}
	}
	if all == 0 || black*3 > all || colour*50 < all {
		t.Errorf("the SVG figure draws %d of %d pixels black and %d in colour: its styles do not apply", black, all, colour)
	}
	p.shot("sources-figure-svg.png")
	// (The checks of a clean page read an HTML document: the document's own page, after the figure.)
	p.do(chromedp.Navigate(h.ts.URL + "/sources/"))
	p.wait(`document.querySelector('figure img')`, "the document")
	p.clean("the SVG figure")
}
