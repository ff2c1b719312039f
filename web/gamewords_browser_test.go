package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGameWords: what the terminal says beyond a move's notation,
// the page says too. Grundy's split: the last move's line says how the
// heaps were renumbered (the server's note), the board marks the heap
// split off and each heap numbered one higher, and a past position says its
// own move's. A list of one colour: the server colours the number for the
// person colouring, the page says so ("Only blue was on the list: …"),
// offers no undo of a move that was no choice, and at the end says that
// every colour was played for them. 2D Nim: the header says whom the coin
// chose to start. On a phone and a desktop, nothing wider than the screen,
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

	// Lists of one colour, the person here colouring, their friend naming on another device.
	v := h.create("vdwlist(k=3,colors=3,list=1,s=7)", [2]string{"human", "human"}, 1)
	open(v.ID, fmt.Sprintf(`[null, %q]`, *v.SeatTokens[1]))
	p.wait(`/Waiting for Namer/.test(document.getElementById('status').textContent)`, "the friend's turn to name")
	h.do("POST", "/api/matches/"+v.ID+"/moves", *v.SeatTokens[0], map[string]string{"move": "4"}, nil)
	p.wait(`window.kombi.match.moves.length === 3 && document.getElementById('last-line')`, "the number named and coloured")
	colour := js[string](p, `window.kombi.match.moves[2].move`)
	if want, got := fmt.Sprintf("Only %s was on the list: 4 was coloured %s for you.", colour, colour), text("#last-line.forced-note"); got != want {
		t.Errorf("after the friend named 4 the page says %q, want %q", got, want)
	}
	if !js[bool](p, `document.getElementById('undo').disabled`) {
		t.Error("Undo is offered for a colour that was no choice")
	}
	if label := js[string](p, `document.querySelector('#moves .mv[data-move="3"]').getAttribute('aria-label')`); label != "Move 3: Colourer, "+colour+", the only colour on the list, played without a choice" {
		t.Errorf("the move list names the colour %q", label)
	}
	p.onScreens(func(screen string) {
		p.noOverflow("a colour played for the person, " + screen)
		p.shot("vdwlist-forced-" + screen + ".png")
	})
	p.clean("a list of one colour")

	// Against the computer, as the colourer: the whole game is played without a choice, and the end says so.
	p.phone()
	p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "computer", fields: map[string]string{"s": "7", "list": "1", "#dlg-you": "1"}, opponent: "perfect"})
	p.wait(`document.getElementById('forced-tally')`, "the end, with the colours played")
	n := js[int](p, `window.kombi.match.moves.filter(mv => mv.player === 1).length`)
	if want, got := fmt.Sprintf("Every list held only one colour: all %d colours were played for you, with no choice to make.", n), text("#forced-tally"); got != want {
		t.Errorf("the end says %q, want %q", got, want)
	}
	// Lost (seed 11: Perfect makes 3, 4, 5 red), no choice of the person's is reviewed: there was none.
	if head := p.gameOver("a list of one colour"); !strings.HasPrefix(head, "The computer (Perfect) won") || js[bool](p, `!!document.getElementById('review')`) {
		t.Errorf("the end says %q, the review %q; want the computer's win and no review", head, text("#review"))
	}
	p.onScreens(func(screen string) {
		p.noOverflow("a game without a choice, " + screen)
		p.shotOf("vdwlist-forced-end-"+screen+".png", "#result")
	})
	p.clean("a game without a choice")

	// 2D Nim: the coin chose who starts; given, the header says nothing of a coin.
	p.phone()
	p.start(setup{card: "nim2d(n=5)", action: "computer", fields: map[string]string{"n": "3"}, opponent: "perfect"})
	game := js[string](p, `window.kombi.match.game`)
	want := "The coin chose you (red, player 1) to start."
	if strings.Contains(game, "first=p2") {
		want = "The coin chose the computer (Perfect, green, player 2) to start."
	}
	if got := text("#draw-note"); got != want {
		t.Errorf("%s: the header says %q, want %q", game, got, want)
	}
	p.onScreens(func(screen string) {
		p.noOverflow("the coin, " + screen)
		p.shot("nim2d-coin-" + screen + ".png")
	})
	p.phone()
	p.start(setup{card: "nim2d(n=5)", action: "computer", fields: map[string]string{"n": "3", "first": "p2"}, opponent: "perfect"})
	if js[bool](p, `!!document.getElementById('draw-note')`) {
		t.Errorf("first=p2 given: the header says %q", text("#draw-note"))
	}
	p.clean("the coin")
}
