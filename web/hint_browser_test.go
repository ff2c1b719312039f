package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHints: with the analysis off, Hint says how good the best move
// is and where to look, Hint again chooses the move on the board, and Play
// plays it; a lost position says so and chooses nothing; with the analysis
// on there is no Hint (everything is shown).
func TestBrowserHints(t *testing.T) {
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.phone()
	p.do(chromedp.Navigate(h.ts.URL + "/#/"))
	p.wait(`document.querySelector('.card')`, "the gallery")
	js[bool](p, `(localStorage.setItem('kombi:analysis', '0'), true)`)
	p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
	if js[bool](p, `document.getElementById('analysis-on').checked`) {
		js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
	}
	p.wait(`document.getElementById('hint') && !document.querySelector('.an-row')`, "Hint, and no analysis shown")
	js[bool](p, `(document.getElementById('hint').click(), true)`)
	p.wait(`(document.getElementById('hint-text') || {}).textContent === 'Hint: One move wins: look at heap 1. Ask again to see the move.'`, "the first hint")
	if js[int](p, `document.querySelectorAll('#board .token.chosen').length`) != 0 || !js[bool](p, `document.getElementById('play-move').disabled`) {
		t.Error("the first hint chose a move")
	}
	p.checkPhone("nim with a hint")
	p.shot("hint-phone.png")
	js[bool](p, `(document.getElementById('hint').click(), true)`)
	p.wait(`(document.getElementById('hint-text') || {}).textContent.startsWith('Hint: Take 2 tokens from heap 1: chosen on the board.') && !document.getElementById('play-move').disabled`, "the move, chosen")
	if got := js[string](p, `document.getElementById('move-words').textContent`); got != "Your move: take 2 tokens from heap 1." {
		t.Errorf("the move bar says %q after the second hint", got)
	}
	// Cleared, the move the hint chose is no longer said to be chosen; Hint again chooses it again.
	js[bool](p, `(document.getElementById('clear').click(), true)`)
	p.wait(`!document.getElementById('hint-text') && document.getElementById('play-move').disabled`, "the hint's words gone with the move it chose")
	js[bool](p, `(document.getElementById('hint').click(), true)`)
	p.wait(`(document.getElementById('hint-text') || {}).textContent.startsWith('Hint: Take 2 tokens from heap 1: chosen on the board.') && !document.getElementById('play-move').disabled`, "the move, chosen again")
	n := js[int](p, `window.kombi.match.moves.length`)
	js[bool](p, `(document.getElementById('play-move').click(), true)`)
	p.wait(fmt.Sprintf(`window.kombi.match.moves.length >= %d && document.querySelector('#board button:not([disabled])') && !window.kombi.busy`, n+2), "the move played and Perfect's reply")
	if js[bool](p, `!!document.getElementById('hint-text')`) {
		t.Error("the hint of the last position is still shown")
	}
	// Perfect has to hand back a winning position: the hint says so again.
	js[bool](p, `(document.getElementById('hint').click(), true)`)
	p.wait(`(document.getElementById('hint-text') || {}).textContent === 'Hint: One move wins: look at heap 1. Ask again to see the move.'`, "the next position's hint (1, 4, 4: take 1 from heap 1)")

	// A lost position (1, 2, 3: a nim-sum of 0): every move loses, and no move is chosen.
	m := h.create("nim(piles=1;2;3)", [2]string{"human", "perfect"}, 1)
	js[bool](p, fmt.Sprintf(`(localStorage.setItem('kombi:%s', JSON.stringify({seats: [%q, null], control: null})), true)`, m.ID, *m.SeatTokens[0]))
	p.do(chromedp.Navigate(h.ts.URL + "/#/m/" + m.ID))
	p.wait(`document.getElementById('hint') && !window.kombi.busy`, "Hint in the lost position")
	js[bool](p, `(document.getElementById('hint').click(), true)`)
	p.wait(`(document.getElementById('hint-text') || {}).textContent.startsWith('Hint: Every move loses against perfect play')`, "the lost position's hint")
	js[bool](p, `(document.getElementById('hint').click(), true)`)
	p.wait(`(document.getElementById('hint-text') || {}).textContent.startsWith('Hint: Every move loses') && document.getElementById('play-move').disabled`, "no move chosen in a lost position")
	// With the analysis on, Hint stays where the student found it (TestBrowserFlow/hint-analysis).
	js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
	p.wait(`document.getElementById('hint') && document.querySelector('.an-row')`, "the analysis beside Hint")
	p.clean("hints")
}
