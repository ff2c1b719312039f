package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGameWords: what the terminal says beyond a move's notation,
// the page says too. Grundy's split: the last move's line says how the
// heaps were renumbered (the server's note), the board marks the heap
// split off and each heap numbered one higher, and a past position says its
// own move's. On a phone and a desktop, nothing wider than the screen,
// no console error or CSP violation.
func TestBrowserGameWords(t *testing.T) {
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.do(chromedp.Navigate(h.ts.URL + "/#/"))
	p.wait(`document.querySelector('.card')`, "the gallery")
	open := func(id, seats string) {
		t.Helper()
		js[bool](p, fmt.Sprintf(`(localStorage.setItem('kombi:%s', JSON.stringify({seats: %s, control: null})), true)`, id, seats))
		p.do(chromedp.Navigate(h.ts.URL + "/#/m/" + id))
		p.wait(fmt.Sprintf(`window.kombi.match && window.kombi.match.id === %q && document.getElementById('board')`, id), "the match "+id)
	}
	text := func(sel string) string {
		t.Helper()
		return js[string](p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ''`, sel))
	}

	// Grundy's game: 15 → 10, 5 → 6, 4, 5: the old heap 2 is heap 3.
	g := h.create("grundy(heap=15)", [2]string{"human", "human"}, 1)
	h.do("POST", "/api/matches/"+g.ID+"/moves", *g.SeatTokens[0], map[string]string{"move": "1=10+5"}, nil)
	h.do("POST", "/api/matches/"+g.ID+"/moves", *g.SeatTokens[1], map[string]string{"move": "1=6+4"}, nil)
	open(g.ID, fmt.Sprintf(`[%q, %q]`, *g.SeatTokens[0], *g.SeatTokens[1]))
	note := "Heap 1 became heaps 1 (6 tokens) and 2 (4 tokens); old heap 2 is now heap 3."
	p.wait(fmt.Sprintf(`(document.getElementById('move-note') || {}).textContent === %q`, note), "the split's note")
	if line := text("#last-line"); line != "Last move: Player 2 played 1=6+4 (split heap 1 into 6 and 4). "+note {
		t.Errorf("the last move's line says %q", line)
	}
	if split, was := text(`[data-heap="1"] .last-note`), text(`[data-heap="2"] .was-note`); split != "last move: split off heap 1" || was != "was heap 2" || text(`[data-heap="0"] .was-note`) != "" {
		t.Errorf("the board marks heap 2 %q and heap 3 %q", split, was)
	}
	p.onScreens(func(screen string) {
		p.noOverflow("grundy's note, " + screen)
		p.shot("grundy-note-" + screen + ".png")
	})
	js[bool](p, `(document.querySelector('#moves .mv[data-move="1"]').click(), true)`)
	p.wait(`(document.getElementById('move-note') || {}).textContent === 'Heap 1 became heaps 1 (10 tokens) and 2 (5 tokens).' && !document.querySelector('.was-note')`, "move 1's note in the past position")
	js[bool](p, `(document.getElementById('live').click(), true)`)
	p.wait(fmt.Sprintf(`(document.getElementById('move-note') || {}).textContent === %q`, note), "the note of the last move again")
	p.clean("grundy")
}
