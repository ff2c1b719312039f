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

	t.Run("building-nim", func(t *testing.T) {
		// Finding 4: two placements chosen said "(a move takes from one heap)" while tokens were placed.
		p.t = t
		m := h.create("buildingnim(heaps=3,tokens=10)", [2]string{"human", "perfect"}, 11)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(m)
			p.wait(`document.querySelector('#board .place:not([disabled])')`, "my placement")
			js[bool](p, `(document.querySelector('#board .place[data-heap="2"]').click(), true)`)
			p.wait(`document.querySelector('#board .place[data-heap="2"]').classList.contains('chosen')`, "heap 3 chosen")
			js[bool](p, `(document.querySelector('#board .place[data-heap="1"]').click(), true)`)
			p.wait(`document.getElementById('sel-note')`, "why heap 3 was dropped")
			if got, want := p.textOf("#sel-note"), "“Place a token on heap 3” and “place a token on heap 2” are not one move (a move places one token): only “place a token on heap 2” is chosen."; got != want {
				t.Errorf("at %s the page says %q, want %q", s.name, got, want)
			}
			p.noOverflow("Building Nim's note at " + s.name)
			p.shotHere("words-buildingnim-" + s.name + ".png")
			js[bool](p, `(document.getElementById('clear').click(), true)`)
		})
		p.clean("building-nim")
	})

	t.Run("refused", func(t *testing.T) {
		// Finding 15: "That move was refused: illegal move green: green is not in the drawn list {red, blue}".
		p.t = t
		m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 11)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(m)
			js[bool](p, `(document.querySelector('.type-move').open = true, document.querySelector('.type-move input').value = '1:9', document.querySelector('.type-move form').requestSubmit(), true)`)
			p.wait(`/refused/.test(document.getElementById('move-error').textContent)`, "the refusal")
			p.forgive("status of 400")
			if got := p.textOf("#move-error"); got != "That move was refused: heap 1 has only 3 tokens, cannot take 9" {
				t.Errorf("at %s the page says %q", s.name, got)
			}
			p.noOverflow("a refused move at " + s.name)
			p.shotOf("words-refused-"+s.name+".png", "#move-error")
		})
		p.clean("refused")
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
