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

	t.Run("grundy", func(t *testing.T) {
		// Finding 8: one heap of 15 showed ✓ on tokens 3, 6, 9 and 12 where the analysis said "2 winning moves".
		p.t = t
		m := h.create("grundy(heap=15)", [2]string{"human", "perfect"}, 11)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(m)
			p.analysisOn()
			p.wait(`document.querySelector('#board .token.good') && document.querySelector('.an-summary')`, "the analysis")
			marked := js[[]int](p, `[...document.querySelectorAll('#board .token.good')].map(b => Number(b.dataset.token) + 1)`)
			if sum := p.textOf(".an-summary"); !strings.Contains(sum, "2 winning moves (marked ✓ on the board)") || fmt.Sprint(marked) != "[9 12]" {
				t.Errorf("at %s the analysis says %q and the board marks tokens %v; want 2 winning moves, tokens 9 and 12", s.name, sum, marked)
			}
			if l := js[string](p, `document.querySelector('#board .token[data-token="2"]').getAttribute('aria-label')`); !strings.Contains(l, "a winning move, marked on token 12: the same split") {
				t.Errorf("token 3 is named %q", l)
			}
			p.noOverflow("Grundy's marks at " + s.name)
			p.shotHere("words-grundy-" + s.name + ".png")
		})
		p.clean("grundy")
	})

	t.Run("thue-analysis", func(t *testing.T) {
		// Finding 9: rows led with a bold gap number that read as a symbol ("1 insert between 1 and 2"), and the
		// analysis said "repetition" where the rules say "square" (or "overlap").
		p.t = t
		for _, rule := range []string{"square", "overlap"} {
			m := h.create("thue(alphabet=3,rule="+rule+",start=1)", [2]string{"human", "perfect"}, 11)
			h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1"}, nil)
			m = h.waitTurn(m.ID)
			p.onTouchAndDesktop(func(s screen) {
				p.openAs(m)
				p.analysisOn()
				p.wait(`document.querySelectorAll('.an-row').length >= 3 && document.querySelector('.an-summary')`, "the analysis")
				rows := js[[]string](p, `[...document.querySelectorAll('.an-row .an-move')].map(e => e.textContent.replace(/\s+/g, ' ').trim())`)
				for _, r := range rows {
					if !strings.HasPrefix(r, "gap ") {
						t.Errorf("%s at %s: an analysis row reads %q, want it to lead with its gap", rule, s.name, r)
					}
				}
				rep := map[string]string{"square": "a square", "overlap": "an overlap"}[rule]
				panel := p.textOf("#analysis")
				if !strings.Contains(panel, "The builder can force "+rep+" by length") || strings.Contains(panel, "repetition") {
					t.Errorf("%s at %s: the analysis says %q", rule, s.name, panel)
				}
				p.noOverflow("the Thue analysis at " + s.name)
				if rule == "square" {
					p.shotOf("words-thue-analysis-"+s.name+".png", "#analysis")
				}
			})
		}
		p.clean("thue-analysis")
	})

	t.Run("szemeredi", func(t *testing.T) {
		// Finding 12: at move 1, 5, 17, 72 and 90 (in no progression: they lose) stood bare among numbers that said
		// "draws"; the heading said "each move wins or loses" while most moves drew.
		if raceDetector {
			// Measured: the page's analysis of these 20 numbers had not valued every number after 2 minutes under
			// the race detector (it does in seconds without it, where this runs: go test ./web).
			t.Skip("the exact analysis of 20 numbers does not finish in the page's time under the race detector")
		}
		p.t = t
		m := h.create("ap(x=20,k=3)", [2]string{"human", "strong"}, 277250931587943)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(m)
			p.analysisOn()
			// Every number valued but 12, whose ✓ says it wins, and nothing still computing.
			p.wait(`document.querySelectorAll('#board .num-val').length === 19 && document.querySelector('.an-measure') && !/computing/i.test(document.getElementById('analysis').textContent)`, "the values")
			vals := js[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#board .num')].map(b => [b.dataset.number, (b.querySelector('.num-val') || {textContent: b.classList.contains('good') ? '✓' : ''}).textContent]))`)
			for n, v := range vals {
				want := "draws"
				switch n {
				case "5", "17", "72", "90":
					want = "loses"
				case "12":
					want = "✓"
				}
				if v != want {
					t.Errorf("at %s number %s says %q, want %q", s.name, n, v, want)
				}
			}
			if got := p.textOf(".an-measure"); got != "Red to move. Shown: each move wins, draws or loses against perfect play." {
				t.Errorf("the heading says %q", got)
			}
			p.noOverflow("the Szemerédi values at " + s.name)
			p.shotOf("words-ap-"+s.name+".png", "#board")
		})
		p.clean("szemeredi")
	})

	t.Run("nim2d-reason", func(t *testing.T) {
		// Finding 14: "Colour cells 2, 4 and 7: not a move." without a reason.
		p.t = t
		m := h.create("nim2d(n=5,first=p1)", [2]string{"human", "perfect"}, 11)
		p.onTouchAndDesktop(func(s screen) {
			p.openAs(m)
			for _, c := range []int{1, 3, 6} {
				js[bool](p, fmt.Sprintf(`(document.querySelector('#board [data-cell="%d"]').click(), true)`, c))
				p.wait(fmt.Sprintf(`document.querySelector('#board [data-cell="%d"]').classList.contains('chosen')`, c), "the cell chosen")
			}
			if got, want := p.textOf("#move-words"), "Colour cells 2, 4 and 7: not a move (cell 7 is on the main diagonal: a diagonal cell is a move on its own, with no other cell)."; got != want {
				t.Errorf("at %s the move bar says %q, want %q", s.name, got, want)
			}
			if js[bool](p, `!!document.querySelector('#board .reason')`) {
				t.Errorf("at %s the reason is said twice: %q under the board", s.name, p.textOf("#board .reason"))
			}
			p.noOverflow("2D Nim's reason at " + s.name)
			p.shotHere("words-nim2d-reason-" + s.name + ".png")
			js[bool](p, `(document.getElementById('clear').click(), true)`)
		})
		p.clean("nim2d-reason")
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
