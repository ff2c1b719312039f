package web_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserFlow: what a person sees as a game goes on and ends (the
// student's audit): the end's review of the moves played, the result in
// view, a friend's take-back said, the Thue builder's review, Hint beside
// the analysis, the step-back words.
func TestBrowserFlow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)

	t.Run("review-after-undo", func(t *testing.T) {
		// The end's review named a move taken back: Undo after the end, the
		// game ended again otherwise, and "Where it turned" still quoted the
		// first ending's move until a reload (the review was kept per match).
		p.t = t
		p.desktop()
		m := h.create("nim(piles=3;2)", [2]string{"human", "perfect"}, 11)
		p.openAs(m)
		p.play(`document.querySelector('#board [data-heap="0"] .token[data-token="0"]').click();`)
		p.gameOver("nim 3, 2, taken 3 from heap 1")
		p.wait(`/you played 1:3/.test((document.getElementById('review') || {}).textContent || '')`, "the review of 1:3")
		js[bool](p, `(document.getElementById('undo').click(), true)`)
		p.wait(`window.kombi.match.moves.length === 0 && document.querySelector('#board .token:not([disabled])')`, "the first move taken back")
		p.play(`document.querySelector('#board [data-heap="1"] .token[data-token="0"]').click();`)
		p.gameOver("nim 3, 2, taken 2 from heap 2")
		if got := js[string](p, `window.kombi.match.moves.map((m) => m.move).join(' ')`); got != "2:2 1:3" {
			t.Fatalf("the moves played are %q, want 2:2 then the computer's 1:3", got)
		}
		p.wait(`/^Where it turned/.test((document.getElementById('review') || {}).textContent || '')`, "the review of the game played")
		if got := js[string](p, `document.getElementById('review').textContent`); !strings.Contains(got, "you played 2:2") || strings.Contains(got, "1:3 (take 3") {
			t.Errorf("after Undo and another ending the review says %q, want the move played, 2:2", got)
		}
		p.resultShots("flow-review-after-undo", "the review after Undo")
		p.clean("review-after-undo")
	})

	t.Run("end-in-view", func(t *testing.T) {
		// On a phone a game of many heaps ended below its result: the person
		// tapped a heap low on the page, the computer took the last token,
		// and "Game over." with the result stayed far above the screen
		// while the move bar went. The result now comes into view.
		p.t = t
		for _, s := range []screen{phoneTall, desktopTest} {
			p.viewport(s)
			m := h.create("nim(piles=1;1;1;1;1;1;1;1;1;1;1;1)", [2]string{"human", "perfect"}, 11)
			p.openAs(m)
			// The lowest heap each time, scrolled to as a person scrolls to it (the computer moves last: twelve heaps).
			for i := 0; p.play(`const b = [...document.querySelectorAll('#board .token:not([disabled])')].pop(); b.scrollIntoView({block: 'center'}); b.click();`); i++ {
				if i > 12 {
					t.Fatal("the game is not over after 12 moves of mine")
				}
			}
			p.gameOver("nim of twelve heaps at " + s.name)
			p.settled()
			got := js[[]float64](p, `(() => { `+seen+` const r = document.getElementById('result').getBoundingClientRect();
				return [seen(document.getElementById('result-h')) ? 1 : 0, r.top, r.bottom, scrollY, innerHeight]; })()`)
			if got[0] != 1 {
				t.Errorf("the game over at %s: its result at %v..%v px is not on the %v px screen (page scrolled %v px)", s.name, got[1], got[2], got[4], got[3])
			}
			p.shotHere("flow-end-in-view-" + s.name + ".png")
			p.noOverflow("the result in view at " + s.name)
		}
		p.viewport(phoneTall)
		// Reading the moves below the board while two computers play: the end does not pull the page away.
		var w matchJSON
		if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=1;1;1;1;1;1;1;1;1;1;1;1)", "players": []string{"perfect", "perfect"}, "seed": 11, "delay_ms": 300}, &w); st != 201 {
			t.Fatalf("create the watched match: status %d: %s", st, w.Error)
		}
		p.openAs(w)
		js[bool](p, `(document.getElementById('moves-h').scrollIntoView({block: 'start'}), true)`)
		p.settled()
		before := js[[]float64](p, `[document.getElementById('board').getBoundingClientRect().bottom, document.getElementById('moves-h').getBoundingClientRect().top, window.kombi.match.finished ? 1 : 0]`)
		if before[0] > 0.3*844 || before[2] == 1 {
			t.Fatalf("the moves read below the board: the board ends at %v px, the game over already: %v", before[0], before[2] == 1)
		}
		p.wait(`window.kombi.match.finished && document.getElementById('result')`, "the end of the watched game")
		p.settled()
		// (The page gets shorter at the end, the controls of the game in play gone: the moves rise a little.)
		after := js[[]float64](p, `(() => { `+seen+` return [document.getElementById('moves-h').getBoundingClientRect().top, seen(document.getElementById('moves-h')) ? 1 : 0, seen(document.getElementById('result-h')) ? 1 : 0]; })()`)
		if after[1] != 1 || after[2] == 1 {
			t.Errorf("the moves read below the board: at the game's end their heading went from %v to %v px, off the screen: %v (the result on it: %v)", before[1], after[0], after[1] != 1, after[2] == 1)
		}
		p.clean("end-in-view")
	})

	t.Run("friend-undo", func(t *testing.T) {
		// Two people on two devices: a take-back by one was silent on the
		// other's page (a game over turned back into a game in progress,
		// its result gone). Now the other page says it; and the game over,
		// its result stands: Undo is not offered against a friend elsewhere.
		p.t = t
		p.viewport(desktopTest)
		m := h.create("nim(piles=1;1;1)", [2]string{"human", "human"}, 11)
		a, b := m, m
		a.SeatTokens = &[2]*string{m.SeatTokens[0], nil}
		b.SeatTokens = &[2]*string{nil, m.SeatTokens[1]}
		p.openAs(a)
		p2 := newPage(t, h.ts.URL)
		p2.viewport(phoneTall)
		p2.openAs(b)
		take := `document.querySelector('#board button.token:not([disabled])').click();`
		p.play(take)
		p2.wait(`window.kombi.match.moves.length === 1`, "the first move on the friend's page")
		// Taken back at once: the friend's page says so, and who is to move.
		js[bool](p, `(document.getElementById('undo').click(), true)`)
		p2.wait(`window.kombi.match.moves.length === 0 && document.getElementById('took-back')`, "the take-back said on the friend's page")
		if got := js[string](p2, `document.getElementById('took-back').textContent`); got != "Your friend took back their last move, 1:1." {
			t.Errorf("the friend's page says %q after the take-back", got)
		}
		if js[bool](p, `!!document.getElementById('took-back')`) {
			t.Error("the page that took the move back says a friend took it back")
		}
		p2.noOverflow("the take-back said")
		p2.targets("the take-back said", `.controls .btn, .controls .switch`)
		p2.shotHere("flow-friend-took-back-phone.png")
		// Played out: Player 1 takes the last token.
		p.play(take)
		p2.wait(`window.kombi.match.moves.length === 1 && !document.getElementById('took-back')`, "the move played again, the take-back's words gone")
		p2.play(take)
		p.wait(`window.kombi.match.moves.length === 2`, "the friend's move")
		p.play(take)
		p.gameOver("the game with a friend elsewhere")
		p2.gameOver("the game with a friend elsewhere, on the friend's page")
		if !js[bool](p, `document.getElementById('undo').disabled`) {
			t.Error("the winner's page offers Undo of the winning move against a friend on another device")
		}
		if got := js[string](p, `document.getElementById('undo').title`); !strings.Contains(got, "result stands") {
			t.Errorf("the disabled Undo says %q, want why", got)
		}
		p.shotHere("flow-friend-over-desktop.png")
		// Taken back all the same (the API allows it: an older page, a script): the friend's page says so.
		if st := h.do("POST", "/api/matches/"+m.ID+"/undo", *m.SeatTokens[0], nil, nil); st != 200 {
			t.Fatalf("undo by the API: status %d", st)
		}
		p2.wait(`!window.kombi.match.finished && document.getElementById('took-back')`, "the take-back of the winning move said")
		if got := js[string](p2, `document.getElementById('took-back').textContent`); got != "Your friend took back their last move, 3:1: the game goes on." {
			t.Errorf("the friend's page says %q after the winning move was taken back", got)
		}
		p2.shotHere("flow-friend-took-back-end-phone.png")
		p2.viewport(desktopTest)
		p2.noOverflow("the take-back of the winning move said")
		p2.shotHere("flow-friend-took-back-end-desktop.png")
		p.clean("friend-undo")
		p2.clean("friend-undo, the friend's page")
	})

	t.Run("thue-builder", func(t *testing.T) {
		// The Thue game without a target is scored by the word's length (the
		// painter's points): the builder was told "You won" however long
		// the word grew, and got no review. Now the end says the length and
		// the points, and the builder's gaps are weighed like the painter's.
		p.t = t
		p.viewport(phoneTall)
		m := h.create("thue(alphabet=3,start=0)", [2]string{"human", "perfect"}, 11)
		p.openAs(m)
		// Always the last gap, as the student did: the painter keeps the word going to length 10.
		p.playOut(`[...document.querySelectorAll('#board .gap:not([disabled])')].pop().click();`, 20)
		head := p.gameOver("the Thue builder's end")
		n := js[int](p, `window.kombi.match.view.word.symbols.length`)
		if want := fmt.Sprintf("The word ended at length %d: the painter scored %d points", n, n-2); head != want {
			t.Errorf("the builder's end says %q, want %q", head, want)
		}
		p.wait(`/^Your costliest choice: /.test(((document.getElementById('review') || {}).textContent || '').replace(/\s+/g, ' '))`, "the builder's gaps weighed")
		review := js[string](p, `document.getElementById('review').textContent.replace(/\s+/g, ' ')`)
		rm := regexp.MustCompile(`^Your costliest choice: at move (\d+) you played gap (\d+), after which you could force a repetition only by length (\d+), where .* forced it by length (\d+)\. From your first choice best play on both sides ends the word at length (\d+); this one ended at length (\d+)\.`).FindStringSubmatch(review)
		if rm == nil {
			t.Fatalf("the builder's review says %q", review)
		}
		at, _ := strconv.Atoi(rm[1])
		if got := js[string](p, fmt.Sprintf(`window.kombi.match.moves[%d].player + ' ' + window.kombi.match.moves[%d].move`, at-1, at-1)); got != "0 "+rm[2] {
			t.Errorf("the builder's review names move %d, gap %s; the match has %s there", at, rm[2], got)
		}
		if rm[6] != strconv.Itoa(n) || rm[5] != "5" {
			t.Errorf("the builder's review says best play ends at length %s and the word at %s; want 5 (the start's) and %d", rm[5], rm[6], n)
		}
		p.resultShots("flow-thue-builder", "the Thue builder's review")
		p.clean("thue-builder")
	})

	t.Run("hint-analysis", func(t *testing.T) {
		// Hint went from the move bar when the analysis was switched on: a
		// student who had used it a moment before looked for it. It stays,
		// the bar still one row on a phone, and works beside the analysis.
		p.t = t
		m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 11)
		for _, s := range []screen{phoneTall, desktopTest} {
			p.viewport(s)
			p.openAnalysing(m, true)
			p.wait(`document.querySelector('.an-row') && document.querySelector('#board .token:not([disabled])')`, "the analysis of my turn")
			if !js[bool](p, `!!document.getElementById('hint')`) {
				t.Fatalf("at %s with the analysis on the move bar has no Hint", s.name)
			}
			got := js[[]float64](p, `(() => { const r = (id) => document.getElementById(id).getBoundingClientRect();
				const bar = document.querySelector('.move-bar').getBoundingClientRect(), tops = ['play-move', 'clear', 'hint'].map((id) => r(id).top);
				return [bar.height, r('play-move').height, Math.max(...tops) - Math.min(...tops)]; })()`)
			if got[2] > 1 || got[0] > got[1]+24 {
				t.Errorf("the move bar at %s with the analysis on is %v px tall for Play's %v px, Play, Clear and Hint %v px apart in height: want one row", s.name, got[0], got[1], got[2])
			}
			if s.touch {
				p.targets("the move bar with the analysis on at "+s.name, `.move-bar .btn`)
			}
			js[bool](p, `(document.getElementById('hint').click(), true)`)
			p.wait(`(document.getElementById('hint-text') || {}).textContent === 'Hint: One move wins: look at heap 1. Ask again to see the move.'`, "the hint beside the analysis")
			p.noOverflow("Hint with the analysis on at " + s.name)
			p.shotHere("flow-hint-analysis-" + s.name + ".png")
		}
		js[bool](p, `(localStorage.setItem('kombi:analysis', '0'), true)`)
		p.clean("hint-analysis")
	})

	t.Run("colourer-review", func(t *testing.T) {
		// The list-colouring review said "you coloured it blue": the number is named.
		p.t = t
		p.viewport(phoneTall)
		m := h.create("vdwlist(k=3,colors=3,list=2,s=9)", [2]string{"perfect", "human"}, 11)
		p.openAs(m)
		p.playOut(`document.querySelector('.swatch-btn:not([disabled])').click();`, 20)
		if head := p.gameOver("the colourer's loss"); !strings.HasPrefix(head, "The computer (Perfect) won") {
			t.Fatalf("the game (seed 11) ends %q; the colourer's review is not put to the test", head)
		}
		p.wait(`/^Your (costliest choice|choices): /.test(((document.getElementById('review') || {}).textContent || '').replace(/\s+/g, ' '))`, "the colourer's choices weighed")
		review := js[string](p, `document.getElementById('review').textContent.replace(/\s+/g, ' ')`)
		rm := regexp.MustCompile(`at move (\d+) (?:\([^)]*\) )?you coloured (\d+) (\w+),`).FindStringSubmatch(review)
		if rm == nil {
			t.Fatalf("the colourer's review says %q, want the number coloured named", review)
		}
		at, _ := strconv.Atoi(rm[1])
		named := js[string](p, fmt.Sprintf(`window.kombi.match.moves.slice(0, %d).filter((m) => m.player === 0).pop().move + ' ' + window.kombi.match.moves[%d].move`, at-1, at-1))
		if named != rm[2]+" "+rm[3] {
			t.Errorf("the review says move %d coloured %s %s; the match named and coloured %s", at, rm[2], rm[3], named)
		}
		p.resultShots("flow-colourer-review", "the colourer's review")
		p.clean("colourer-review")
	})

	t.Run("step-back-words", func(t *testing.T) {
		// Looking back at the start said "Move 0 of 2"; the moves' header
		// offered keys on a touch phone, which has none; the list-colouring
		// study said "Still computing" twice, one line under the other.
		p.t = t
		m := h.create("nim(piles=3;2)", [2]string{"human", "perfect"}, 11)
		for _, s := range []screen{phoneTall, desktopTest} {
			p.viewport(s)
			p.openAs(m)
			if s.name == phoneTall.name {
				p.play(`document.querySelector('#board [data-heap="0"] .token[data-token="2"]').click();`)
				p.wait(`window.kombi.match.moves.length === 2`, "the computer's reply")
			}
			js[bool](p, `(document.querySelector('#moves .mv.start').click(), true)`)
			p.wait(`window.kombi.travelAt === 0 && document.getElementById('travel')`, "the start, looked back at")
			got := js[[]string](p, `[document.getElementById('status').textContent, document.getElementById('travel').firstChild.textContent.trim()]`)
			if got[0] != "The start: looking back. “Back to the game” returns." || got[1] != "Showing the start, before move 1 of 2." {
				t.Errorf("at %s looking back at the start says %q", s.name, got)
			}
			if !js[bool](p, `!!document.querySelector('#moves-h .keys')`) {
				t.Errorf("at %s the moves' header has no words on the keys: %q", s.name, js[string](p, `document.getElementById('moves-h').innerHTML`))
			}
			keys := js[bool](p, `(() => { const k = document.querySelector('#moves-h .keys'); return !!k && k.getClientRects().length > 0; })()`)
			if s.touch && keys {
				t.Errorf("at %s, a touch screen, the moves' header offers keys: %q", s.name, js[string](p, `document.getElementById('moves-h').textContent`))
			}
			if !s.touch && !keys {
				t.Errorf("at %s, with a mouse, the moves' header does not say the keys: %q", s.name, js[string](p, `document.getElementById('moves-h').textContent`))
			}
			p.noOverflow("looking back at the start at " + s.name)
			p.shotHere("flow-start-" + s.name + ".png")
			js[bool](p, `(document.getElementById('live').click(), true)`)
			p.wait(`window.kombi.travelAt === null`, "back to the game")
		}
		// The study of a list-colouring game still searching: "Still computing" once. (The server's answers are
		// held as still searching, with no move decided, the way a large game's first answers are.)
		for _, s := range []screen{phoneTall, desktopTest} {
			p.viewport(s)
			p.study("nim(piles=3;4;5)", "3;4;5")
			js[bool](p, `(() => { const f = window.fetch; window.kombiFetch = f;
				window.fetch = (u, o) => (/\/api\/analysis/.test(String(u)) ? f(u, o).then(async (r) => { const j = await r.clone().json(); j.pending = true; j.complete = false;
					for (const mv of j.moves || []) { mv.outcome = 'unknown'; mv.value = null; delete mv.best; }
					return new Response(JSON.stringify(j), { status: r.status, headers: r.headers }); }) : f(u, o)); return true; })()`)
			js[bool](p, `(location.hash = '#/study?game=' + encodeURIComponent('vdwlist(k=3,colors=3,list=2,s=9)'), true)`)
			p.wait(`window.kombi.study && window.kombi.study.pos && window.kombi.study.pos.game.startsWith('vdwlist') && /Still computing/.test((document.getElementById('analysis') || {}).textContent || '')`, "the study still searching")
			if n := js[int](p, `document.getElementById('analysis').textContent.split('Still computing').length - 1`); n != 1 {
				t.Errorf("at %s the list-colouring study says Still computing %d times: %q", s.name, n, js[string](p, `document.getElementById('analysis').innerText`))
			}
			p.shotOf("flow-still-computing-"+s.name+".png", "#analysis")
			js[bool](p, `(window.fetch = window.kombiFetch, true)`)
		}
		p.clean("step-back-words")
	})

	t.Run("bar-grows", func(t *testing.T) {
		// On a phone the move bar, which stays at the screen's bottom, grew
		// with a hint (two or three lines) and covered the queen board's goal
		// row (★) and its column numbers until one scrolled.
		p.t = t
		m := h.create("wythoff(piles=7;9,view=queen)", [2]string{"human", "perfect"}, 11)
		for _, s := range []screen{phoneTall, desktopTest} {
			p.viewport(s)
			p.openAnalysing(m, false)
			p.wait(`document.querySelector('#board .sq.target:not([disabled])') && document.getElementById('hint')`, "my turn")
			for level, want := range []string{"Hint: 2 of 23 moves win", "Hint: Move the queen"} {
				js[bool](p, `(document.getElementById('hint').click(), true)`)
				p.wait(fmt.Sprintf(`((document.getElementById('hint-text') || {}).textContent || '').startsWith(%q)`, want), "the hint "+want)
				p.settled()
				got := js[[]float64](p, `(() => { `+seen+` const cols = [...document.querySelectorAll('#board .col-coord')], bar = document.querySelector('.move-bar').getBoundingClientRect();
					return [bar.top, bar.height, Math.max(document.querySelector('#board .sq.corner').getBoundingClientRect().bottom, cols[cols.length - 1].getBoundingClientRect().bottom),
						seen(document.querySelector('#board .sq.corner')) ? 1 : 0, seen(document.getElementById('status')) ? 1 : 0, seen(document.getElementById('hint-text')) ? 1 : 0]; })()`)
				if got[2] > got[0]+0.5 || got[3] != 1 {
					t.Errorf("at %s with hint %d: the queen board's goal row and column numbers end at %v px, under the move bar (top %v px, %v px tall)", s.name, level+1, got[2], got[0], got[1])
				}
				if got[4] != 1 || got[5] != 1 {
					t.Errorf("at %s with hint %d: who is to move on the screen: %v; the hint: %v", s.name, level+1, got[4] == 1, got[5] == 1)
				}
			}
			p.noOverflow("the queen board with a hint at " + s.name)
			if s.touch {
				p.targets("the move bar with a hint at "+s.name, `.move-bar .btn`)
			}
			p.shotHere("flow-bar-grows-" + s.name + ".png")
		}
		p.clean("bar-grows")
	})
}

// openAnalysing opens the match as openAs does, the analysis first switched
// on or off as the person last set it.
func (p *page) openAnalysing(m matchJSON, on bool) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.base + "/#/"))
	js[bool](p, fmt.Sprintf(`(localStorage.setItem('kombi:analysis', '%s'), true)`, map[bool]string{true: "1", false: "0"}[on]))
	p.openAs(m)
}

// resultShots checks the game-over panel at 390x844 and 1400x900 (nothing
// wider than the screen) and writes a screenshot of it at each, name-390x844.png
// and name-1400x900.png.
func (p *page) resultShots(name, what string) {
	p.t.Helper()
	for _, s := range []screen{phoneTall, desktopTest} {
		p.viewport(s)
		p.noOverflow(what + " at " + s.name)
		p.shotOf(name+"-"+s.name+".png", "#result")
	}
}
