package web_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/kombi/kombi/study/sources"
	"github.com/kombi/kombi/web"
)

// sourcesPage writes the items only of the quick sources document into a
// data directory of the test's own and serves it, with a browser's tab.
func sourcesPage(t *testing.T, items string) (*harness, *page) {
	t.Helper()
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	writeSources(t, filepath.Join(data, sources.Folder), filepath.Join(data, "sources.db"), items)
	h := newHarness(t, nil)
	return h, newPage(t, h.ts.URL)
}

// TestBrowserSourcesFigure: a figure of the sources document opened alone,
// as its SVG, draws as it does from the disk: its styles apply under the
// figure's own Content-Security-Policy (the pages' policy blocked the style
// attributes, and the figure drew as a black box with its legend's words
// on top of each other), and no violation is logged. The page links its
// Markdown and the figure's PNG at full size.
func TestBrowserSourcesFigure(t *testing.T) {
	h, p := sourcesPage(t, "nim2d/palettes")
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
	// The page links its Markdown, and the figure its PNG at full size and its SVG: each link answers.
	if got := js[[]string](p, `Promise.all([...document.querySelectorAll('main > p a[href="README.md"], figcaption a')].map(a =>
		fetch(a.href).then(r => a.textContent + ' ' + r.status + ' ' + r.headers.get('Content-Type'))))`); len(got) != 3 ||
		!strings.HasPrefix(got[0], "Markdown 200 text/markdown") || !strings.HasPrefix(got[1], "PNG at full size 200 image/png") || !strings.HasPrefix(got[2], "SVG 200 image/svg+xml") {
		t.Errorf("the page's links to its Markdown and the figure's files: %q", got)
	}
	p.clean("the SVG figure")
}

// TestBrowserSourcesTables: the sources document's tables read on a
// desktop, a phone and paper. Table 5's verdict stands next to n, on the
// screen without scrolling (it was the sixth column, off a 1,400 px screen),
// and its wrong rows are marked by a colour beside the word NO; a table too
// wide for the text's column takes more of a wide screen; on a phone a
// table of short cells fits the screen, its headers wrapped (the 4-column
// one hid its last column), and a table that scrolls shows it by a shadow
// at its edge; printed (A4, 718 px between the margins), no table, output
// or figure is cut and the contents are left out.
func TestBrowserSourcesTables(t *testing.T) {
	h, p := sourcesPage(t, "wythoff/table-4,wythoff/table-5,nim2d/theory,nim2d/empty-palette,thue/figure-2.3")
	p.onScreens(func(screen string) {
		p.do(chromedp.Navigate(h.ts.URL + "/sources/"))
		p.wait(`document.querySelector('#wythoff-table-5 table')`, "Table 5")
		p.noOverflow("sources tables " + screen)
		// The verdict next to n, in its frame and on the screen, the frame not scrolled.
		if v := js[[]string](p, `(() => { const f = document.querySelector('#wythoff-table-5 .table'), th = f.querySelectorAll('th')[1], r = th.getBoundingClientRect();
			return [th.textContent, String(f.scrollLeft === 0 && r.right <= Math.min(f.getBoundingClientRect().right, innerWidth) + 0.5)]; })()`); v[0] != "thesis right" || v[1] != "true" {
			t.Errorf("%s: Table 5's second column is %q, shown whole without scrolling: %s", screen, v[0], v[1])
		}
		// Wrong rows: the class and the word, a background unlike a right row's.
		if v := js[[]string](p, `(() => { const rows = [...document.querySelectorAll('#wythoff-table-5 tbody tr')];
			const no = rows.filter(r => r.cells[1].textContent === 'NO'), yes = rows.filter(r => r.cells[1].textContent === 'yes');
			return [String(no.length), String(no.every(r => r.classList.contains('wrong')) && !yes.some(r => r.classList.contains('wrong'))),
				getComputedStyle(no[0].cells[0]).backgroundColor, getComputedStyle(yes[0].cells[0]).backgroundColor, getComputedStyle(no[0].cells[1]).fontWeight]; })()`); v[0] != "57" || v[1] != "true" || v[2] == v[3] || v[4] != "700" {
			t.Errorf("%s: Table 5's wrong rows: %s of them, marked %s, background %s against %s, the word's weight %s", screen, v[0], v[1], v[2], v[3], v[4])
		}
		// Every table that scrolls shows it: a shadow at its edges (backgrounds that scroll with it).
		if bare := js[[]string](p, `[...document.querySelectorAll('.table')].filter(f => f.scrollWidth > f.clientWidth + 1 && !getComputedStyle(f).backgroundImage.includes('radial-gradient')).map(f => f.getAttribute('aria-label'))`); len(bare) > 0 {
			t.Errorf("%s: tables that scroll without a sign of it: %v", screen, bare)
		}
		if screen == "desktop" {
			// Table 5 (1,600 px at its narrowest) takes more than the text's column; Table 4 fits whole.
			if w := js[[]float64](p, `[document.querySelector('#wythoff-table-5 .table').getBoundingClientRect().width, document.querySelector('#wythoff-table-5 p').getBoundingClientRect().width]`); w[0] < w[1]+200 {
				t.Errorf("Table 5's frame is %v px wide beside a text column of %v px on a 1,400 px screen", w[0], w[1])
			}
			if !js[bool](p, `(f => f.scrollWidth <= f.clientWidth + 1)(document.querySelector('#wythoff-table-4 .table'))`) {
				t.Error("Table 4 scrolls on a 1,400 px screen")
			}
		} else {
			// A table of short cells fits the phone, its headers wrapped.
			if v := js[[]float64](p, `(f => [f.scrollWidth, f.clientWidth])([...document.querySelectorAll('.table')].find(f => f.querySelector('caption').textContent.startsWith('Positions with at most 5 empty cells: classes')))`); v[0] > v[1]+1 {
				t.Errorf("the 4-column table of classes is %v px wide in a frame of %v px", v[0], v[1])
			}
			// A table wider than the phone scrolls at a readable width, not a word a line.
			if tall := js[float64](p, `Math.max(...[...document.querySelectorAll('tr')].map(r => r.getBoundingClientRect().height))`); tall > 250 {
				t.Errorf("a table row %v px tall on a phone", tall)
			}
		}
		js[bool](p, `(document.querySelector('#wythoff-table-5 tr.wrong').scrollIntoView({block: 'center'}), true)`)
		p.shotHere("sources-table-5-wrong-" + screen + ".png")
		js[bool](p, `(document.querySelector('#nim2d-theory .table-wrap').scrollIntoView({block: 'start'}), true)`)
		p.shotHere("sources-nim2d-theory-" + screen + ".png")
	})
	// The marks are readable in the light and the dark scheme.
	for _, scheme := range []string{"light", "dark"} {
		p.scheme(scheme)
		p.inspect("sources tables, " + scheme)
	}
	// Printed on A4: the width between Chromium's margins of 1 cm.
	p.do(chromedp.EmulateViewport(718, 1000), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	}))
	p.width = 718
	p.wait(`matchMedia('print').matches`, "the print media")
	if cut := js[[]string](p, `(() => { const W = document.documentElement.clientWidth, out = [];
		for (const e of document.querySelectorAll('table, .table, pre, figure img')) {
			const r = e.getBoundingClientRect();
			if (r.width && (r.right > W + 0.5 || e.scrollWidth > e.clientWidth + 1)) out.push((e.getAttribute('aria-label') || e.tagName) + ': to ' + Math.round(r.right) + ' px, ' + e.scrollWidth + ' px of content in ' + e.clientWidth);
		}
		return out; })()`); len(cut) > 0 {
		t.Errorf("printed on A4, cut at %d px: %s", 718, strings.Join(cut, "; "))
	}
	p.noOverflow("sources printed")
	if shown := js[string](p, `getComputedStyle(document.querySelector('nav')).display`); shown != "none" {
		t.Errorf("the printed document shows its contents (display %s)", shown)
	}
	p.shotOf("sources-printed-table-5.png", "#wythoff-table-5")
	if *screenshots != "" {
		pdf, err := chromedp.Run(p.ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
		if err != nil {
			t.Fatalf("print to PDF: %v", err)
		}
		p.writeShot("sources-printed.pdf", pdf)
	}
	p.clean(fmt.Sprintf("sources tables (%d px printed)", 718))
}

// TestBrowserSourcesCancel: the page that writes the sources document
// offers Cancel while a run goes; a click stops it on the server (its
// context cancelled), and the page says it was cancelled, how far it had
// got and what it kept (the items written, the games and results in the
// database), offers to write again and stays (a run cancelled wrote the
// items it had done: the page does not leave for that document). On a
// phone and a desktop: no console error or CSP violation, nothing wider
// than the screen, buttons of 44 px.
func TestBrowserSourcesCancel(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	write, stopped := stoppableSources(data)
	h := newHarness(t, nil, func(o *web.Options) { o.Sources = write })
	p := newPage(t, h.ts.URL)
	page := "/sources/" // the page stands in for the document not written yet; then it is at write.html
	p.onScreens(func(screen string) {
		p.do(chromedp.Navigate(h.ts.URL + page))
		p.wait(`document.getElementById('sources-write')`, "the offer to write the document")
		js[bool](p, `(document.getElementById('sources-write').click(), true)`)
		p.wait(`document.getElementById('sources-cancel') && document.getElementById('sources-text').textContent.includes('35 %')`, "the Cancel button while it runs")
		if text := js[string](p, `document.getElementById('sources-state').innerText`); !strings.Contains(text, "Writing the document: about 35 % done") || !strings.Contains(text, "Cancel stops it and keeps what it computed.") {
			t.Errorf("%s: while it runs the page says:\n%s", screen, text)
		}
		p.noOverflow("the sources page running " + screen)
		p.targets("the sources page running "+screen, `main .btn`)
		p.shot("sources-running-" + screen + ".png")
		js[bool](p, `(document.getElementById('sources-cancel').click(), true)`)
		select {
		case err := <-stopped:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: the run's context ended with %v, want context.Canceled", screen, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: Cancel did not stop the run on the server", screen)
		}
		p.wait(`document.getElementById('sources-write') && document.getElementById('sources-cancelled')`, "the page saying the run was cancelled")
		text := js[string](p, `document.querySelector('main').innerText`)
		for _, want := range []string{"Cancelled. The last run was cancelled after", "at about 35 % done; kept: 0 of 2 items computed and written in the document (the other 2 marked not computed); no game played or result computed by then. Writing again goes on from there.",
			"A document is written on this machine: read it."} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the cancelled run's page lacks %q:\n%s", screen, want, text)
			}
		}
		if js[bool](p, `!!document.getElementById('sources-cancel')`) || js[string](p, `location.pathname`) != page {
			t.Errorf("%s: after the cancel, Cancel is still offered or the page left for %s", screen, js[string](p, `location.pathname`))
		}
		p.noOverflow("the sources page cancelled " + screen)
		p.targets("the sources page cancelled "+screen, `main .btn`)
		p.shot("sources-cancelled-" + screen + ".png")
		page = "/sources/write.html"
	})
	for _, scheme := range []string{"dark", "light"} {
		p.scheme(scheme)
		p.inspect("the sources page cancelled, " + scheme)
	}
	p.clean("sources cancelled")
}
