package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAuditWords: the words and marks a student who played every
// game found wanting, as a person sees them on a 390 × 844 phone (touch)
// and a 1400 × 900 desktop: the dialogs' and How it works' plain words
// (from the games' Go packages), Building Nim's placing, a refused move,
// Grundy's ✓ per split, the Thue analysis' gaps and squares, the
// Szemerédi values and heading, 2D Nim's reason; nothing wider than the
// screen, no console error or CSP violation.
func TestBrowserAuditWords(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)

	t.Run("dialog-words", func(t *testing.T) {
		// Finding 10: the Thue dialog's "(the thesis' setPower)", "(the thesis' gameType)", "Nesting level 1 — the
		// thesis' recursive strategy, one level deep"; its card's "made none"; the queen's How it works with R_p, I_p,
		// R_q, the Properties, α and β never said.
		p.t = t
		p.onTouchAndDesktop(func(s screen) {
			p.do(chromedp.Navigate(p.base + "/#/"))
			p.wait(`document.querySelector('[data-game="thue(alphabet=3)"]')`, "the gallery")
			if card := p.textOf(`[data-game="thue(alphabet=3)"] .rules`); strings.Contains(card, "made none") || !strings.Contains(card, "a point for every symbol that makes no square") {
				t.Errorf("the Thue card says %q", card)
			}
			js[bool](p, `(document.querySelector('[data-game="thue(alphabet=3)"] [data-action=computer]').click(), true)`)
			p.wait(`document.getElementById('dlg-start')`, "the Thue dialog")
			dlg := js[string](p, `document.querySelector('.modal').innerText`)
			for _, want := range []string{"how many symbols the word is written with: k symbols, 0 to k−1 (setPower in the thesis)",
				"what ends the game: a square is a block twice in a row, as 01·01;",
				"counts, after each move it could make, how many symbols still fit in every gap"} {
				if !strings.Contains(dlg, want) {
					t.Errorf("the Thue dialog at %s lacks %q", s.name, want)
				}
			}
			p.noOverflow("the Thue dialog at " + s.name)
			p.shotHere("words-thue-dialog-" + s.name + ".png")
			js[bool](p, `(document.getElementById('dlg-cancel').click(), true)`)
			p.wait(`!document.querySelector('.modal')`, "the dialog closed")
		})
		m := h.create("wythoff(piles=7;9,view=queen)", [2]string{"human", "perfect"}, 11)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(m)
			p.analysisOn()
			js[bool](p, `([...document.querySelectorAll('.teach')].forEach(d => { d.open = true; }), true)`)
			p.wait(`/Arithmetic method/.test((document.querySelector('#analysis .teach .explain') || {}).textContent || '')`, "How it works")
			how := js[string](p, `document.querySelector('#analysis .teach .explain').innerText`)
			// (The page sets the solver's subscripts as subscripts: I_p reads "Ip".)
			for _, want := range []string{"the mex rule: the minimum excluded", "where ⌊…⌋ rounds down", "and Ip reads digits back as a number of the p-system. Property 1:", "Property 3: An = Ip(Rq(n))"} {
				if !strings.Contains(strings.Join(strings.Fields(how), " "), want) {
					t.Errorf("the queen's How it works at %s lacks %q", s.name, want)
				}
			}
			p.noOverflow("the queen's analysis at " + s.name)
			p.shotOf("words-queen-how-"+s.name+".png", "#analysis .teach")
		})
		p.clean("dialog-words")
	})
}

// textOf returns the text of the first element sel selects, ” for none.
func (p *page) textOf(sel string) string {
	p.t.Helper()
	return js[string](p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ''`, sel))
}

// analysisOn switches the analysis on, where it is off.
func (p *page) analysisOn() {
	p.t.Helper()
	js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
}
