package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAllMatches: the first page's All matches lists every stored
// match a page at a time, filtered by game and state in the address; a row
// opens its match, Back returns to the list as it was.
func TestBrowserAllMatches(t *testing.T) {
	h := newHarness(t, nil)
	for seed := range uint64(32) {
		h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, seed)
	}
	thue := h.create("thue(alphabet=3)", [2]string{"human", "random"}, 1)
	done := h.create("nim(piles=1)", [2]string{"perfect", "perfect"}, 1)
	h.waitFor(done.ID, func(m matchJSON) bool { return m.Finished })
	p := newPage(t, h.ts.URL)
	rows := func() int { return js[int](p, `document.querySelectorAll('#match-list li').length`) }

	p.phone()
	// One match started here: this browser holds its seat, and the lists say "you".
	p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
	p.do(chromedp.Navigate(h.ts.URL + "/#/"))
	p.wait(`document.getElementById('all-matches') && document.querySelector('.recent-list li').textContent.includes('you vs Perfect')`,
		"the All matches link under the recent matches, the newest started here: you vs Perfect")
	if got := js[string](p, `document.querySelector('.recent-list li').textContent`); !strings.Contains(got, "your move") {
		t.Errorf("the newest recent match reads %q; want your move", got)
	}
	js[bool](p, `(document.getElementById('all-matches').click(), true)`)
	p.wait(`location.hash === '#/matches' && document.querySelectorAll('#match-list li').length === 30 && document.getElementById('ml-more')`, "the first 30 matches and Show more")
	rowText := js[[]string](p, `[...document.querySelectorAll('#match-list li')].slice(0, 2).map(li => li.textContent)`)
	if got := rowText[0]; !strings.Contains(got, "you vs Perfect · 0 moves · your move · today, ") {
		t.Errorf("the match started here reads %q; want you vs Perfect, its moves, your move and when", got)
	}
	if got := rowText[1]; !strings.Contains(got, "Nim") || !strings.Contains(got, "Perfect vs Perfect · 1 move · Player 1 (Perfect) won · today, ") {
		t.Errorf("the match between computers reads %q; want Nim, who played, its moves, who won and when", got)
	}
	p.noOverflow("all matches")
	p.accessible("all matches on a phone")
	p.targets("all matches", `.matches-page a, .matches-page button, .matches-page select`)
	p.shot("matches-phone.png")
	js[bool](p, `(document.getElementById('ml-more').click(), true)`)
	p.wait(`document.querySelectorAll('#match-list li').length === 35 && !document.getElementById('ml-more')`, "all 35 matches, and no Show more")
	if ids := js[int](p, `new Set([...document.querySelectorAll('#match-list li')].map(li => li.dataset.id)).size`); ids != 35 {
		t.Errorf("%d different matches in 35 rows", ids)
	}

	// Finished ones: the one between two computers.
	js[bool](p, `(document.querySelector('[data-state=finished]').click(), true)`)
	p.wait(`location.hash === '#/matches?state=finished' && document.querySelectorAll('#match-list li').length === 1`, "the finished match")
	if js[string](p, `document.querySelector('[data-state=finished]').getAttribute('aria-pressed')`) != "true" {
		t.Error("Finished is not shown pressed")
	}
	// The Thue game's finished ones: none, said so; then all of its matches.
	js[bool](p, `(s => (s.value = 'thue', s.dispatchEvent(new Event('change', {bubbles: true})), true))(document.getElementById('ml-game'))`)
	p.wait(`location.hash === '#/matches?game=thue&state=finished' && !document.querySelector('#match-list li') && document.querySelector('.ml-empty')`, "no finished Thue match")
	if got := js[string](p, `document.querySelector('.ml-empty').textContent`); !strings.HasPrefix(got, "No stored match is like that.") {
		t.Errorf("the empty list says %q", got)
	}
	js[bool](p, `(document.querySelector('[data-state=""]').click(), true)`)
	p.wait(`location.hash === '#/matches?game=thue' && document.querySelectorAll('#match-list li').length === 1`, "the Thue match")
	if got := js[string](p, `document.querySelector('#match-list li').textContent`); !strings.Contains(got, "Thue game") || !strings.Contains(got, "in progress") {
		t.Errorf("the Thue match reads %q", got)
	}
	// A row opens its match; Back returns to the list as it was.
	js[bool](p, `(document.querySelector('#match-list li a').click(), true)`)
	p.wait(`location.hash === '#/m/`+thue.ID+`' && document.getElementById('board')`, "the Thue match opened from the list")
	js[bool](p, `(history.back(), true)`)
	p.wait(`location.hash === '#/matches?game=thue' && document.querySelectorAll('#match-list li').length === 1 && document.getElementById('ml-game').value === 'thue'`, "the list again, filtered")
	if n := rows(); n != 1 {
		t.Errorf("%d rows back in the list", n)
	}
	p.desktop()
	p.do(chromedp.Navigate(h.ts.URL + "/#/matches"))
	p.wait(`document.querySelectorAll('#match-list li').length === 30`, "the list on a desktop")
	p.shot("matches-desktop.png")

	// An address the server refuses: its words on the page.
	p.do(chromedp.Navigate(h.ts.URL + "/#/matches?game=chess"))
	p.wait(`document.querySelector('.matches-page .error')`, "the refusal")
	if got := js[string](p, `document.querySelector('.matches-page .error').textContent`); !strings.Contains(got, `game="chess": no such game`) {
		t.Errorf("a list of an unknown game says %q", got)
	}
	p.forgive("400")
	p.clean("all matches")
}
