package web_test

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeJS is axe-core 4.14.1 (testdata/axe/README.md), the accessibility
// rules engine the test injects into the page.
//
//go:embed testdata/axe/axe.min.js
var axeJS string

const axeSHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"

// accessible fails the test for every violation axe-core finds on the page
// as it is (names, roles, labels that say what is seen, heading order,
// contrast, ...), each with the elements that break it.
func (p *page) accessible(what string) {
	p.t.Helper()
	if !js[bool](p, `typeof window.axe === 'object'`) {
		js[bool](p, axeJS+";true")
	}
	bad := js[[]string](p, `(async () => { const r = await axe.run(document, {resultTypes: ['violations']});
		return r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')); })()`)
	if len(bad) > 0 {
		p.t.Errorf("%s: %d accessibility violations:\n%s", what, len(bad), strings.Join(bad, "\n"))
	}
}

// TestBrowserAccessibility: axe-core finds nothing to fix on the pages and
// in the states a person meets, in both colour schemes, on a desktop and a
// phone: the gallery, the new-game dialog, every game with a choice made
// and the analysis on, a hint, the end of a game, a past position, an
// invitation, a match between computers, every stored match, the study
// board's set-up.
func TestBrowserAccessibility(t *testing.T) {
	if sum := sha256.Sum256([]byte(axeJS)); hex.EncodeToString(sum[:]) != axeSHA256 {
		t.Fatalf("testdata/axe/axe.min.js is not the axe-core 4.14.1 its README names")
	}
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p.t = t
			p.scheme(scheme)
			p.desktop()
			p.do(chromedp.Navigate(h.ts.URL + "/#/"))
			p.wait(`document.querySelectorAll('.card').length >= 12`, "the gallery")
			p.accessible("the gallery")
			js[bool](p, `(document.querySelector('.card [data-action=computer]').click(), true)`)
			p.wait(`document.getElementById('dlg-start')`, "the new-game dialog")
			p.accessible("the new-game dialog")
			for _, c := range []string{"nim(piles=3;4;5)", "wythoff(piles=7;9,view=queen)", "grundy(heap=15)", "nim2d(n=5)", "thue(alphabet=3)", "ap(x=20,k=3)", "vdwlist(k=3,colors=3,list=2,s=12)"} {
				p.start(setup{card: c, action: "computer"})
				p.wait(`document.querySelector('#board button:not([disabled])') && !window.kombi.busy`, c+": the person's turn")
				js[bool](p, `(document.querySelector('#board button:not([disabled])').click(), true)`)
				js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
				p.wait(`document.querySelector('.an-row')`, c+": the analysis")
				p.accessible(c + " with a choice and the analysis")
			}
			p.do(chromedp.Navigate(h.ts.URL + "/#/matches"))
			p.wait(`document.querySelector('#match-list li')`, "all matches")
			p.accessible("all matches")
			p.study("nim(piles=3;4;5)", "3;4;5")
			js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
			p.wait(`document.querySelector('.setup')`, "the set-up editor")
			p.accessible("the study board's set-up")

			p.phone()
			p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
			js[bool](p, `(!document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
			p.wait(`document.getElementById('hint')`, "Hint")
			js[bool](p, `(document.getElementById('hint').click(), true)`)
			p.wait(`document.getElementById('hint-text') && !document.getElementById('hint-text').textContent.includes('Looking')`, "a hint")
			p.accessible("a hint on a phone")
			p.playOut(`document.querySelector('#board button.token:not([disabled])').click();`, 20)
			p.gameOver("nim")
			p.accessible("the end of a game")
			js[bool](p, `(document.querySelector('.moves [data-move="1"]').click(), true)`)
			p.wait(`document.getElementById('travel')`, "the position after move 1")
			p.accessible("a past position")
			p.start(setup{card: "thue(alphabet=3)", action: "friend"})
			js[bool](p, `(document.getElementById('invite').click(), true)`)
			p.wait(`document.getElementById('invite-link')`, "the invitation")
			p.accessible("an invitation")
			p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "watch"})
			p.accessible("two computers playing")
			p.clean(scheme)
		})
	}
}
