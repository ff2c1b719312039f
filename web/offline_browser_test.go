package web_test

import (
	"strings"
	"testing"
)

// TestBrowserServerGone: a move made while the server cannot be reached
// (stopped, say) is not said to be refused: the page says it was not
// sent and keeps it chosen; once the server is back, the words go and the
// same move plays.
func TestBrowserServerGone(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.phone()
	p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
	p.wait(`!window.kombi.busy && document.querySelector('#board button.token:not([disabled])')`, "my move")
	h.cut(true)
	p.wait(`document.querySelector('main').innerText.includes('The connection to the server was lost')`, "the cut said")
	js[bool](p, `(document.querySelector('#board .token[data-heap="0"][data-token="0"]').click(), true)`)
	p.wait(`!document.getElementById('play-move').disabled`, "a move chosen")
	js[bool](p, `(document.getElementById('play-move').click(), true)`)
	p.wait(`(document.getElementById('move-error') || {}).textContent`, "words on the move not played")
	const want = "Your move was not sent: the server cannot be reached (is kombi serve still running?). Play it again once the server is back."
	if got := js[string](p, `document.getElementById('move-error').textContent`); got != want {
		t.Errorf("a move made while the server is gone: %q; want %q", got, want)
	}
	if strings.Contains(js[string](p, `document.querySelector('main').innerText`), "refused") {
		t.Error("a move that could not be sent is said to be refused")
	}
	if js[bool](p, `document.getElementById('play-move').disabled`) {
		t.Error("the move not sent is no longer chosen")
	}
	p.noOverflow("the server gone")
	p.shot("server-gone-phone.png")
	h.cut(false)
	p.wait(`!(document.getElementById('move-error') || {}).textContent && !document.querySelector('main').innerText.includes('The connection to the server was lost')`, "the words gone with the server back")
	js[bool](p, `(document.getElementById('play-move').click(), true)`)
	p.wait(`window.kombi.match.moves.length >= 1 && window.kombi.match.moves[0].move === '1:3'`, "the same move played")
	// The browser's own lines on the requests cut short.
	p.mu.Lock()
	var rest []string
	for _, pr := range p.problems {
		if !strings.Contains(pr, "net::ERR_") {
			rest = append(rest, pr)
		}
	}
	p.problems = rest
	p.mu.Unlock()
	p.clean("the server gone and back")
}
