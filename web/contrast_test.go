package web_test

import (
	"context"
	_ "embed"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

//go:embed testdata/contrast.js
var unreadableJS string

// scheme asks the page for the system's light or dark colours (and no
// motion, as newPage does).
func (p *page) scheme(name string) {
	p.t.Helper()
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}, {Name: "prefers-color-scheme", Value: name}}})
		return err
	}))
	p.wait(fmt.Sprintf(`matchMedia('(prefers-color-scheme: %s)').matches`, name), "the "+name+" colour scheme")
}

// readable fails the test for every word on the page with too little
// contrast against what is behind it (testdata/contrast.js).
func (p *page) readable(what string) {
	p.t.Helper()
	if bad := js[[]string](p, unreadableJS); len(bad) > 0 {
		p.t.Errorf("%s: %d texts below WCAG AA contrast:\n%s", what, len(bad), strings.Join(bad, "\n"))
	}
}

// TestBrowserColourSchemes: in the light and in the dark scheme every page
// a person meets, in the states that colour it (a choice made, the analysis
// on, a past position, the end of a game, the list of matches, the study
// board's set-up), has
// words with the contrast WCAG AA asks, and the dark scheme is dark.
func TestBrowserColourSchemes(t *testing.T) {
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	games := []struct{ family, choose string }{
		{"nim", `document.querySelector('#board .token:not([disabled])').click();`},
		{"wythoff", `document.querySelector('#board button:not([disabled])').click();`},
		{"nim2d", `document.querySelector('#board [data-cell]:not([disabled])').click();`},
		{"thue", `document.querySelector('#board .gap:not([disabled])').click();`},
		{"ap", `document.querySelector('#board .num:not([disabled])').click();`},
		{"vdwlist", `document.querySelector('#board button:not([disabled])').click();`},
	}
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p.t = t
			p.scheme(scheme)
			p.desktop()
			p.do(chromedp.Navigate(h.ts.URL + "/#/"))
			p.wait(`document.querySelectorAll('.card').length >= 12`, "the gallery")
			bg := js[[]float64](p, `getComputedStyle(document.body).backgroundColor.match(/\d+/g).slice(0, 3).map(Number)`)
			if dark := bg[0]+bg[1]+bg[2] < 3*64; dark != (scheme == "dark") {
				t.Errorf("the %s scheme's page background is rgb%v", scheme, bg)
			}
			p.readable("gallery")
			cards := js[[]string](p, `[...document.querySelectorAll('.card')].map(c => c.dataset.game)`)
			js[bool](p, `(document.querySelector('.card [data-action=computer]').click(), true)`)
			p.wait(`document.getElementById('dlg-start')`, "the new-game dialog")
			p.readable("the new-game dialog")
			for _, g := range games {
				card := ""
				for _, c := range cards {
					if strings.HasPrefix(c, g.family) {
						card = c
						break
					}
				}
				if card == "" {
					t.Fatalf("no gallery card of %s among %v", g.family, cards)
				}
				p.start(setup{card: card, action: "computer"})
				p.wait(`document.querySelector('#board button:not([disabled])') && !window.kombi.busy`, g.family+": the person's turn")
				js[bool](p, `(() => { `+g.choose+` return true; })()`)
				if g.family == "nim" {
					js[bool](p, `(!document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
					p.wait(`document.getElementById('hint')`, "Hint, the analysis off")
					js[bool](p, `(document.getElementById('hint').click(), true)`)
					p.wait(`(document.getElementById('hint-text') || {}).textContent.includes('look at heap')`, "a hint")
					p.readable("a hint")
				}
				js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
				p.wait(`document.querySelector('.an-row')`, g.family+": the analysis")
				p.readable(g.family + " with a choice and the analysis")
				// How it works: rows of words wrap in the panel, none runs off its edge.
				js[bool](p, `([...document.querySelectorAll('.teach')].forEach(d => d.open = true), true)`)
				if wide := js[[]string](p, `[...document.querySelectorAll('.explain pre')].filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.slice(0, 60))`); len(wide) > 0 {
					t.Errorf("%s: How it works has lines wider than its panel: %q", g.family, wide)
				}
				if scheme == "dark" && g.family == "nim" {
					p.shot("dark-desktop.png")
				}
			}
			// Nim against Perfect to its end, then the first position again.
			p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
			p.playOut(`document.querySelector('#board .token:not([disabled])').click();`, 20)
			p.gameOver("nim to its end")
			p.readable("the end of a game")
			js[bool](p, `(document.querySelector('.moves [data-move="1"]').click(), true)`)
			p.wait(`document.getElementById('travel')`, "the position after move 1")
			p.readable("a past position")
			p.do(chromedp.Navigate(h.ts.URL + "/#/matches"))
			p.wait(`document.querySelector('#match-list li')`, "all matches")
			p.readable("all matches")
			// The study board with its set-up editor.
			p.study("nim(piles=3;4;5)", "3;4;5")
			js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
			p.wait(`document.querySelector('.setup')`, "the set-up editor")
			p.readable("the study board's set-up")
			if scheme == "dark" {
				p.phone()
				p.start(setup{card: "nim2d(n=5)", action: "computer"})
				p.readable("2D Nim on a phone")
				p.shot("dark-phone.png")
			}
			p.clean(scheme)
		})
	}
}
