package web_test

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
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

// inspect checks what every page state owes a person, in the scheme set:
// readable words (readable) and nothing axe-core finds to fix (accessible).
func (p *page) inspect(what string) {
	p.t.Helper()
	p.readable(what)
	p.accessible(what)
}

// TestBrowserSchemesAndAccessibility: in the light and in the dark scheme,
// on a desktop and a phone, every page a person meets (every gallery game) in the states that
// change it (a choice made, the analysis on, a hint, the end of a game, a
// past position, an invitation, two computers playing, the list of
// matches, the study board's set-up) has words with the contrast WCAG AA
// asks and nothing axe-core finds to fix; the dark scheme is dark, and How
// it works keeps its lines in its panel.
func TestBrowserSchemesAndAccessibility(t *testing.T) {
	t.Parallel() // its own server and browser; beside the games' test
	if sum := sha256.Sum256([]byte(axeJS)); hex.EncodeToString(sum[:]) != axeSHA256 {
		t.Fatalf("testdata/axe/axe.min.js is not the axe-core 4.14.1 its README names")
	}
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	games := []struct{ card, choose string }{
		{"nim(piles=3;4;5)", `document.querySelector('#board button.token:not([disabled])').click();`},
		{"wythoff(piles=5;8)", `document.querySelector('#board button:not([disabled])').click();`},
		{"wythoff(piles=7;9,view=queen)", `document.querySelector('#board button:not([disabled])').click();`},
		{"grundy(heap=15)", `document.querySelector('#board button.token:not([disabled])').click();`},
		{"nim2d(n=5)", `document.querySelector('#board [data-cell]:not([disabled])').click();`},
		{"thue(alphabet=3)", `document.querySelector('#board .gap:not([disabled])').click();`},
		{"ap(x=20,k=3)", `document.querySelector('#board .num:not([disabled])').click();`},
		{"vdwlist(k=3,colors=3,list=2,s=12)", `document.querySelector('#board button:not([disabled])').click();`},
		{"nim(piles=3;4;5,misere=true)", `document.querySelector('#board button.token:not([disabled])').click();`},
		{"nimk(piles=3;4;5;6,k=2)", `document.querySelector('#board button.token:not([disabled])').click();`},
		{"greedynim(piles=3;4;5)", `document.querySelector('#board button.token:not([disabled])').click();`},
		{"buildingnim(heaps=3,tokens=10)", `document.querySelector('#board button:not([disabled])').click();`},
		{"thue(alphabet=3,rule=overlap)", `document.querySelector('#board .gap:not([disabled])').click();`},
		{"ap(x=30,k=4)", `document.querySelector('#board .num:not([disabled])').click();`},
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
			p.inspect("the gallery")
			js[bool](p, `(document.querySelector('.card [data-action=computer]').click(), true)`)
			p.wait(`document.getElementById('dlg-start')`, "the new-game dialog")
			p.inspect("the new-game dialog")
			for _, g := range games {
				p.start(setup{card: g.card, action: "computer"})
				p.wait(`document.querySelector('#board button:not([disabled])') && !window.kombi.busy`, g.card+": the person's turn")
				js[bool](p, `(() => { `+g.choose+` return true; })()`)
				if g.card == "nim(piles=3;4;5)" {
					js[bool](p, `(!document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
					p.wait(`document.getElementById('hint')`, "Hint, the analysis off")
					js[bool](p, `(document.getElementById('hint').click(), true)`)
					p.wait(`(document.getElementById('hint-text') || {}).textContent.includes('look at heap')`, "a hint")
					p.inspect("a hint")
				}
				js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
				p.wait(`document.querySelector('.an-row')`, g.card+": the analysis")
				p.inspect(g.card + " with a choice and the analysis")
				// How it works: rows of words wrap in the panel, none runs off its edge.
				js[bool](p, `([...document.querySelectorAll('.teach')].forEach(d => d.open = true), true)`)
				if wide := js[[]string](p, `[...document.querySelectorAll('.explain pre')].filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.slice(0, 60))`); len(wide) > 0 {
					t.Errorf("%s: How it works has lines wider than its panel: %q", g.card, wide)
				}
				if scheme == "dark" && g.card == "nim(piles=3;4;5)" {
					p.shot("dark-desktop.png")
				}
			}
			p.do(chromedp.Navigate(h.ts.URL + "/#/matches"))
			p.wait(`document.querySelector('#match-list li')`, "all matches")
			p.inspect("all matches")
			p.study("nim(piles=3;4;5)", "3;4;5")
			js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
			p.wait(`document.querySelector('.setup')`, "the set-up editor")
			p.inspect("the study board's set-up")
			// A number's badge (a threat's !, an owner's letter) stands out from the panel under it.
			p.study("ap(k=3,set=1;2;3;5;7;9;11)", "1 5 / 2")
			p.wait(`document.querySelector('#board .num-badge')`, "the threat's badge")
			badgesStandOut(p, "the Szemerédi game's threat")
			js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
			p.wait(`document.querySelectorAll('.setup .num-badge').length >= 3`, "the set-up editor's owners")
			badgesStandOut(p, "the set-up editor's owners")

			// On a phone: Nim against Perfect to its end, then the first position again; an invitation; two computers.
			p.phone()
			p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
			p.playOut(`document.querySelector('#board button.token:not([disabled])').click();`, 20)
			p.gameOver("nim to its end")
			p.inspect("the end of a game")
			js[bool](p, `(document.querySelector('.moves [data-move="1"]').click(), true)`)
			p.wait(`document.getElementById('travel')`, "the position after move 1")
			p.inspect("a past position")
			p.start(setup{card: "thue(alphabet=3)", action: "friend"})
			js[bool](p, `(document.getElementById('invite').click(), true)`)
			p.wait(`document.getElementById('invite-link')`, "the invitation")
			p.inspect("an invitation")
			p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "watch"})
			p.inspect("two computers playing")
			if scheme == "dark" {
				p.start(setup{card: "nim2d(n=5)", action: "computer"})
				p.inspect("2D Nim on a phone")
				p.shot("dark-phone.png")
			}
			p.clean(scheme)
		})
	}
}

// badgesStandOut fails the test where a number's badge (a threat's !, an
// owner's letter, the analysis' mark) does not stand out from the panel
// under it by 3:1 (WCAG 1.4.11, a mark): a dark disc on the dark panel
// left its letter floating.
func badgesStandOut(p *page, when string) {
	p.t.Helper()
	low := js[[]string](p, `(() => {
		const rgb = (c) => c.match(/[\d.]+/g).map(Number);
		const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
			.reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
		const under = (e) => { for (let a = e.parentElement.parentElement; a; a = a.parentElement) { const c = rgb(getComputedStyle(a).backgroundColor); if (c.length < 4 || c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
		return [...document.querySelectorAll('.num-badge')].map((b) => { const x = lum(rgb(getComputedStyle(b).backgroundColor)), y = lum(under(b));
			return [b.parentElement.textContent.trim(), (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)]; }).filter(([, r]) => r < 3).map(([n, r]) => n + ': ' + r.toFixed(2));
	})()`)
	if len(low) > 0 {
		p.t.Errorf("%s: badges that do not stand out from the panel under them (contrast under 3:1): %q", when, low)
	}
}
