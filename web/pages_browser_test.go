package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAuditPages: what a student who played every game found
// wanting beyond the moves, on a 390 × 844 phone (touch) and a 1400 × 900
// desktop: the links to the glossary, Wythoff's queen named and ruled as
// the queen, the seed only where it changes something, a tap that makes no
// move saying what to tap, the k = 4 card's own picture; nothing wider than
// the screen, no console error or CSP violation.
func TestBrowserAuditPages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)

	t.Run("glossary", func(t *testing.T) {
		// Finding 10: the sources document has "Words used: a glossary", and no game page linked to it.
		p.t = t
		m := h.create("wythoff(piles=7;9,view=queen)", [2]string{"human", "perfect"}, 11)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(m)
			p.analysisOn()
			p.wait(`document.querySelector('#analysis .an-row')`, "the analysis")
			links := js[[]string](p, `[...document.querySelectorAll('#analysis a, #rules a')].map(a => a.getAttribute('href') + ' ' + a.textContent)`)
			if len(links) != 2 || links[0] != "/sources/#glossary Words used: a glossary" || links[1] != links[0] {
				t.Errorf("the analysis and the rules link %q; want the glossary from each", links)
			}
			js[bool](p, `(document.getElementById('rules').open = true, true)`)
			p.noOverflow("the glossary links at " + s.name)
			p.shotOf("words-glossary-"+s.name+".png", "#rules")
		})
		// The glossary link, followed before the sources document is written, says where the glossary will be.
		p.viewport(phoneTall)
		p.do(chromedp.Navigate(p.base + "/sources/#glossary"))
		p.wait(`document.getElementById('sources-glossary')`, "the note on the glossary")
		if got := p.textOf("#sources-glossary"); !strings.HasPrefix(got, "You followed a link to its glossary") {
			t.Errorf("the sources page says %q", got)
		}
		p.noOverflow("the sources page with the glossary asked")
		p.shotHere("words-sources-glossary-" + phoneTall.name + ".png")
		p.clean("glossary")
	})

	t.Run("queen-title", func(t *testing.T) {
		// Finding 11: the card "Wythoff's queen" opened a dialog titled "Wythoff's game" with the heaps' rules, and a page
		// "Wythoff's game — heaps 7, 9 · queen board".
		p.t = t
		p.onTouchAndDesktop(func(s screen) {
			p.do(chromedp.Navigate(p.base + "/#/"))
			p.wait(`document.querySelector('[data-game="wythoff(piles=7;9,view=queen)"]')`, "the gallery")
			js[bool](p, `(document.querySelector('[data-game="wythoff(piles=7;9,view=queen)"] [data-action=computer]').click(), true)`)
			p.wait(`document.getElementById('dlg-rules')`, "the dialog")
			if got := p.textOf("#dlg-rules"); got != "Wythoff’s queen: Move the queen west, south or south-west any distance; whoever reaches the corner wins." {
				t.Errorf("the queen's dialog at %s says %q", s.name, got)
			}
			if got := p.textOf(`label[for="param-piles"]`); !strings.HasPrefix(got, "The queen’s square (column;row)") {
				t.Errorf("the queen's square is labelled %q", got)
			}
			if got := p.textOf(`#param-opponent-doc, #dlg-opponent-doc`); got != "moves, whenever it can, to a position that loses for the player to move (a P-position)" {
				t.Errorf("the perfect player is said %q", got)
			}
			p.noOverflow("the queen's dialog at " + s.name)
			p.shotHere("words-queen-dialog-" + s.name + ".png")
			js[bool](p, `(document.getElementById('dlg-seed').value = '11', document.getElementById('dlg-seed').dispatchEvent(new Event('input', {bubbles: true})), true)`)
			js[bool](p, `(document.getElementById('dlg-start').click(), true)`)
			p.wait(`location.hash.startsWith('#/m/') && window.kombi.match && document.getElementById('board')`, "the queen's match")
			if got := p.textOf("#match-title"); got != "Wythoff’s queen — queen at (7, 9)" {
				t.Errorf("the queen's page at %s is titled %q", s.name, got)
			}
			if got := js[string](p, `document.title`); got != "Wythoff’s queen — Kombi" {
				t.Errorf("the queen's document title is %q", got)
			}
			p.noOverflow("the queen's page at " + s.name)
			p.shot("words-queen-title-" + s.name + ".png")
		})
		p.clean("queen-title")
	})

	t.Run("seed-and-taps", func(t *testing.T) {
		// Finding 17: a seed shown where nothing is drawn (Nim, Grundy's and Wythoff's games against Perfect); taps
		// that made no move (a symbol of the Thue word where the builder chooses a gap, a square the queen cannot
		// reach) said nothing.
		p.t = t
		for _, c := range []struct {
			game    string
			players [2]string
			shown   bool
		}{
			{"nim(piles=3;4;5)", [2]string{"human", "perfect"}, false},
			{"grundy(heap=15)", [2]string{"human", "perfect"}, false},
			{"wythoff(piles=5;8)", [2]string{"human", "perfect"}, false},
			{"nim(piles=3;4;5)", [2]string{"human", "random"}, true},
			{"thue(alphabet=3)", [2]string{"human", "perfect"}, true},
			{"vdwlist(k=3,colors=3,list=2,s=12)", [2]string{"human", "normal"}, true},
		} {
			m := h.create(c.game, c.players, 11)
			p.viewport(desktopTest)
			p.openAs(m)
			if got := js[bool](p, `!!document.getElementById('seed')`); got != c.shown {
				t.Errorf("%s, %v: the seed shown: %v, want %v", c.game, c.players, got, c.shown)
			}
		}
		p.analysisOff()
		queen := h.create("wythoff(piles=7;9,view=queen)", [2]string{"human", "perfect"}, 11)
		thue := h.create("thue(alphabet=3,start=1)", [2]string{"human", "perfect"}, 11)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(queen)
			p.wait(`document.querySelector('#board .sq.target:not([disabled])')`, "my turn")
			// A tap on a square she cannot reach: a disabled button, whose pointer events come but no click.
			sq := js[[]float64](p, `(r => [r.left + r.width / 2, r.top + r.height / 2])((e => (e.scrollIntoView({block: 'center'}), e.getBoundingClientRect()))(document.querySelector('#board .sq[data-xy="3,6"]')))`)
			if s.touch {
				p.do(chromedp.TapXY(sq[0], sq[1]))
			} else {
				p.do(chromedp.MouseClickXY(sq[0], sq[1]))
			}
			p.wait(`document.getElementById('tap-note')`, "what to tap")
			if got := p.textOf("#tap-note"); got != "The queen cannot reach (3, 6): tap a square marked ← ↓ or ↙." {
				t.Errorf("at %s the move bar says %q", s.name, got)
			}
			p.noOverflow("the queen's tap note at " + s.name)
			p.shotHere("words-queen-tap-" + s.name + ".png")
			// A choice then clears it.
			js[bool](p, `(document.querySelector('#board .sq.target:not([disabled])').click(), true)`)
			p.wait(`!document.getElementById('tap-note')`, "the note gone with a choice")
			js[bool](p, `(document.getElementById('clear').click(), true)`)

			p.openAs(thue)
			p.wait(`document.querySelector('#board .gap:not([disabled])')`, "the builder's turn")
			js[bool](p, `(document.querySelector('#board .sym[data-index="0"]').click(), true)`)
			p.wait(`document.getElementById('tap-note')`, "what to tap")
			if got := p.textOf("#tap-note"); got != "The word’s symbols are no move: tap a gap (▾) between them or at an end, where the next symbol goes." {
				t.Errorf("at %s the move bar says %q", s.name, got)
			}
			p.noOverflow("the Thue tap note at " + s.name)
			p.shotHere("words-thue-tap-" + s.name + ".png")
		})
		p.clean("seed-and-taps")
	})

	t.Run("pictures", func(t *testing.T) {
		// Finding 18: the Szemerédi cards for k = 3 and k = 4 drew the same picture.
		p.t = t
		p.onTouchAndDesktop(func(s screen) {
			p.do(chromedp.Navigate(p.base + "/#/"))
			p.wait(`document.querySelector('[data-game="ap(x=30,k=4)"] svg')`, "the gallery")
			red := js[[]string](p, `['ap(x=20,k=3)', 'ap(x=30,k=4)'].map(g => [...document.querySelectorAll('[data-game="' + g + '"] svg .pic-R')].map(c => c.dataset.n).join(' '))`)
			if red[0] != "8 11 14" || red[1] != "3 11 19 27" {
				t.Errorf("at %s the cards' red progressions are %q", s.name, red)
			}
			p.noOverflow("the first page at " + s.name)
			js[bool](p, `(document.querySelector('[data-game="ap(x=20,k=3)"]').scrollIntoView({block: 'center'}), true)`)
			p.shotHere("words-ap-cards-" + s.name + ".png")
		})
		p.clean("pictures")
	})
}

// analysisOff leaves the analysis off on the next page load (the choice
// the page keeps), as it is at first: the move bar has Hint then.
func (p *page) analysisOff() {
	p.t.Helper()
	js[bool](p, `(localStorage.setItem('kombi:analysis', '0'), true)`)
}
