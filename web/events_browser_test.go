package web_test

import (
	"testing"
)

// TestBrowserHiddenPageGivesBackItsStream: a page out of sight closes its
// match's event stream (a browser keeps at most six open to one server:
// six match pages left in tabs stopped a seventh from loading) and opens it
// again in sight, showing the moves made meanwhile.
func TestBrowserHiddenPageGivesBackItsStream(t *testing.T) {
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.phone()
	p.start(setup{card: "nim(piles=3;4;5)", action: "friend"})
	p.wait(`window.kombi.streaming`, "the match's stream open")
	hide := func(hidden bool) {
		t.Helper()
		js[bool](p, `(Object.defineProperty(document, 'hidden', { value: `+map[bool]string{true: "true", false: "false"}[hidden]+`, configurable: true }),
			Object.defineProperty(document, 'visibilityState', { value: '`+map[bool]string{true: "hidden", false: "visible"}[hidden]+`', configurable: true }),
			document.dispatchEvent(new Event('visibilitychange')), true)`)
	}
	hide(true)
	p.wait(`!window.kombi.streaming`, "the stream closed out of sight")
	// A move made meanwhile, as from another device with the seat's token:
	// it does not reach the hidden page.
	js[bool](p, `(fetch('/api/matches/' + window.kombi.match.id + '/moves', { method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + window.kombi.tokens[0] }, body: JSON.stringify({ move: '1:3' }) })
		.then((r) => { window.zzMoved = r.status; }), true)`)
	p.wait(`window.zzMoved === 200`, "the move stored")
	if n := js[int](p, `window.kombi.match.moves.length`); n != 0 {
		t.Fatalf("the hidden page shows %d moves; its stream should be closed", n)
	}
	hide(false)
	p.wait(`window.kombi.streaming && window.kombi.match.moves.length === 1 && window.kombi.match.moves[0].move === '1:3'`,
		"in sight again: the stream open and the move made meanwhile shown")
	if s := p.status(); s != "Player 2 to move" {
		t.Errorf("the page says %q after coming back; want Player 2 to move", s)
	}
	// Kept for the Back button (pagehide), the same.
	js[bool](p, `(window.dispatchEvent(new Event('pagehide')), true)`)
	p.wait(`!window.kombi.streaming`, "the stream closed on pagehide")
	js[bool](p, `(window.dispatchEvent(new Event('pageshow')), true)`)
	p.wait(`window.kombi.streaming`, "the stream open again on pageshow")
	p.clean("the hidden page")
}
