package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserA11yLive: what a person playing with the keyboard and a screen
// reader notices (the keyboard audit, findings 1–3, 6–8, 17 and 19): the
// other side's move, the end and a take-back said in the page's announcer,
// a live region there from the page's start; the thinking seconds kept out
// of the status; the board a named group described by the status; the focus
// never dropped to the page's body by a button that goes (Back to the game,
// See that position, Rematch, Pause and Resume, a study's draw) and moved to
// the result at the end; the history keys not firing on the board; and at
// 200 % zoom no focused piece under the sticky status or move bar.
func TestBrowserA11yLive(t *testing.T) {
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	focused := func() string {
		return js[string](p, `(e => e === document.body ? 'body' : e.id || e.getAttribute('aria-label') || e.className || e.tagName)(document.activeElement)`)
	}
	key := func(k string) { p.do(chromedp.KeyEvent(k)) }
	// listen keeps the announcer as it is now (to find the same one later: a live region is said when it changes,
	// not when it comes) and logs every change of the status from now on (a screen reader is sent each).
	listen := func() {
		js[bool](p, `(() => { window.zzStatus = []; window.zzAnnouncer = document.getElementById('announce');
			const st = document.getElementById('status');
			new MutationObserver(() => window.zzStatus.push(st.textContent)).observe(st, {subtree: true, childList: true, characterData: true});
			return true; })()`)
	}
	said := func() string {
		return strings.TrimSpace(js[string](p, `document.getElementById('announce').textContent`))
	}

	t.Run("announced", func(t *testing.T) {
		p.t = t
		p.desktop()
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		p.wait(`document.activeElement === document.getElementById('board')`, "the board focused after Start")
		// Finding 17: the board the focus waits on is a group named Board, described by whose move it is.
		if got := js[[]string](p, `(b => [b.getAttribute('role'), b.getAttribute('aria-label'), document.getElementById(b.getAttribute('aria-describedby')).textContent])(document.getElementById('board'))`); got[0] != "group" || got[1] != "Board" || got[2] != "Your move" {
			t.Errorf("the board's role, name and description: %q; want group, Board, Your move", got)
		}
		listen()
		// Finding 8: the arrows on the board go into it, Home and End to its first and last piece; no travel.
		key(kb.ArrowRight)
		p.wait(`document.activeElement.matches('#board .token')`, "ArrowRight on the board: its first token")
		first := focused()
		key(kb.End)
		last := focused()
		key(kb.Home)
		if js[bool](p, `window.kombi.travelAt !== null`) || !strings.HasPrefix(first, "Heap 1, token 1") || !strings.HasPrefix(last, "Heap 3, token 5") || focused() != first {
			t.Errorf("on the board: ArrowRight reached %q, End %q, Home %q, travelled to %v; want the first token, the last, the first, no travel",
				first, last, focused(), js[any](p, `window.kombi.travelAt`))
		}
		// Finding 1: the computer's move is said, in the words of the last move's line.
		js[bool](p, `(document.querySelector('[data-heap="0"][data-token="1"]').focus(), true)`)
		key(kb.Enter)
		key(kb.Enter)
		p.wait(`window.kombi.match.moves.length >= 2 && document.getElementById('last-line')`, "the computer's reply")
		p.wait(`document.getElementById('announce').textContent.startsWith('Last move: The computer')`, "the reply said")
		line := js[string](p, `document.getElementById('last-line').textContent`)
		if got := said(); got != line || got != "Last move: The computer (Perfect) played 3:1 (take 1 token from heap 3)." {
			t.Errorf("the announcer says %q; the last move's line %q", got, line)
		}
		if !js[bool](p, `document.getElementById('announce') === window.zzAnnouncer && document.getElementById('announce').getAttribute('aria-live') === 'polite'`) {
			t.Error("the announcer is not the polite live region that was there before the move")
		}
		p.shotHere("a11y-live-reply-desktop.png")
		// History keys still step through the moves from the move list, as its heading says.
		js[bool](p, `(document.querySelector('#moves .mv[data-move="2"]').focus(), true)`)
		key(kb.ArrowLeft)
		p.wait(`window.kombi.travelAt === 1 && document.getElementById('live')`, "ArrowLeft in the move list: move 1")
		// Finding 7: Back to the game (Enter, or End on it) leaves the focus on the board, not on the page's body.
		js[bool](p, `(document.getElementById('live').focus(), true)`)
		key(kb.Enter)
		p.wait(`window.kombi.travelAt === null && !document.getElementById('live')`, "back in the game")
		p.wait(`document.activeElement === document.getElementById('board')`, "the focus on the board after Back to the game, not "+focused())
		p.shotHere("a11y-live-back-desktop.png")
		js[bool](p, `(document.querySelector('#moves .mv[data-move="1"]').focus(), document.querySelector('#moves .mv[data-move="1"]').click(), true)`)
		p.wait(`window.kombi.travelAt === 1 && document.getElementById('live')`, "move 1 shown")
		js[bool](p, `(document.getElementById('live').focus(), true)`)
		key(kb.End)
		p.wait(`window.kombi.travelAt === null && document.activeElement === document.getElementById('board')`, "End on Back to the game: the focus on the board")
		// Finding 19: Undo says what it took back.
		js[bool](p, `(document.getElementById('undo').focus(), true)`)
		key(kb.Enter)
		p.wait(`window.kombi.match.moves.length === 0`, "the moves taken back")
		p.wait(`document.getElementById('announce').textContent.startsWith('Took back')`, "the take-back said, not "+said())
		if got := said(); got != "Took back your move 1:2 and the computer’s reply 3:1." {
			t.Errorf("after Undo the announcer says %q", got)
		}
		p.clean("announced")
	})

	t.Run("thinking", func(t *testing.T) {
		// Finding 3: a computer that thinks for a second is said to think once; the seconds tick beside its bar.
		p.t = t
		p.phone()
		p.start(setup{card: "thue(alphabet=3)", action: "computer", fields: map[string]string{"alphabet": "5", "#dlg-you": "1", "#dlg-bot0": "alphabeta(depth=60,time=1s)"}})
		listen()
		p.wait(`document.getElementById('status').textContent === 'The computer is thinking…' && document.querySelector('progress.thinking')`, "the thinking computer")
		p.wait(`window.kombi.match.moves.length > 0 || /^\d+\.\d s$/.test((document.getElementById('think-secs') || {}).textContent)`, "its seconds counted")
		if js[bool](p, `window.kombi.match.moves.length === 0 && document.getElementById('status').contains(document.getElementById('think-secs'))`) {
			t.Error("the thinking seconds are counted in the status")
		}
		p.shotHere("a11y-live-thinking-phone.png")
		p.desktop()
		p.shotHere("a11y-live-thinking-desktop.png")
		p.wait(`document.getElementById('status').textContent.startsWith('Your move as Painter')`, "my move after the computer's")
		status := js[[]string](p, `window.zzStatus`)
		if n := strings.Count(strings.Join(status, "\n"), "thinking"); n > 1 {
			t.Errorf("the status changed %d times with the thinking computer: %q", n, status)
		}
		p.wait(`document.getElementById('announce').textContent.startsWith('Last move: The computer')`, "the builder's move said, not "+said())
		p.clean("thinking")
	})

	t.Run("end", func(t *testing.T) {
		// Finding 2: a lost game's end is said (the move that ended it, who won and why), and the focus, on the
		// board, goes to the result; then "See that position" (finding 7) to the analysis, Rematch to the new board.
		p.t = t
		p.desktop()
		m := h.create("nim(piles=1;2)", [2]string{"human", "perfect"}, 1)
		p.openAs(m)
		p.wait(`document.querySelector('[data-heap="1"][data-token="0"]:not([disabled])')`, "my move")
		listen()
		js[bool](p, `(document.querySelector('[data-heap="1"][data-token="0"]').focus(), true)`)
		key(kb.Enter)
		key(kb.Enter)
		p.wait(`document.getElementById('result')`, "the end")
		p.wait(`document.activeElement === document.getElementById('result-h')`, "the focus on the result, not "+focused())
		want := "Last move: The computer (Perfect) played 1:1 (take 1 token from heap 1). The computer (Perfect) won: the computer took the last token."
		if got := said(); got != want || p.status() != "Game over." {
			t.Errorf("at the end the announcer says %q and the status %q; want %q and Game over.", got, p.status(), want)
		}
		if got := js[string](p, `document.getElementById('result-h').textContent`); got != "The computer (Perfect) won: the computer took the last token" {
			t.Errorf("the result's heading is %q", got)
		}
		p.shotHere("a11y-live-end-desktop.png")
		p.phone()
		p.shotHere("a11y-live-end-phone.png")
		p.desktop()
		// From the result the history keys step back (the panel goes): the focus goes on to the move shown in the
		// move list, where they go on stepping.
		key(kb.ArrowLeft)
		p.wait(`window.kombi.travelAt === 1 && document.activeElement.matches('#moves .mv.current')`, "← from the result: move 1, the focus on it in the move list, not "+focused())
		key(kb.ArrowLeft)
		p.wait(`window.kombi.travelAt === 0`, "← again: the start")
		key(kb.End)
		p.wait(`window.kombi.travelAt === null && document.getElementById('result-h')`, "End: the end again")
		js[bool](p, `(document.getElementById('result-h').focus(), true)`)
		key(kb.Tab)
		if got := focused(); got != "review-show" && got != "rematch" {
			t.Errorf("Tab from the result reaches %q; want the review's button or Rematch", got)
		}
		p.wait(`document.getElementById('review-show')`, "the review's turning point")
		js[bool](p, `(document.getElementById('review-show').focus(), true)`)
		key(kb.Enter)
		p.wait(`window.kombi.travelAt === 0 && document.activeElement === document.getElementById('an-h')`, "the focus on the analysis, not "+focused())
		p.shotHere("a11y-live-turn-desktop.png")
		js[bool](p, `(document.getElementById('live').click(), true)`)
		p.wait(`document.getElementById('rematch')`, "the end again")
		id := js[string](p, `window.kombi.match.id`)
		js[bool](p, `(document.getElementById('rematch').focus(), true)`)
		key(kb.Enter)
		p.wait(fmt.Sprintf(`window.kombi.match && window.kombi.match.id !== %q && document.getElementById('board')`, id), "the rematch")
		p.wait(`document.activeElement === document.getElementById('board')`, "the focus on the rematch's board, not "+focused())
		p.wait(`document.getElementById('announce').textContent === 'Last move: The computer (Perfect) played 2:1 (take 1 token from heap 2).'`, "the computer's first move said, not "+said())
		p.clean("end")
	})

	t.Run("pause", func(t *testing.T) {
		// Finding 7: Pause and Resume replace each other: the focus goes from one to the other.
		p.t = t
		p.phone()
		p.start(setup{card: "nim(piles=3;4;5)", action: "watch"})
		p.wait(`document.getElementById('pause')`, "Pause")
		js[bool](p, `(document.getElementById('pause').focus(), true)`)
		key(kb.Enter)
		p.wait(`document.activeElement === document.getElementById('resume')`, "the focus on Resume after Pause, not "+focused())
		p.shotHere("a11y-live-paused-phone.png")
		key(kb.Enter)
		p.wait(`document.activeElement === document.getElementById('pause')`, "the focus on Pause after Resume, not "+focused())
		p.clean("pause")
	})

	t.Run("study draw", func(t *testing.T) {
		// Finding 7: a study's draw chosen, its buttons go: the focus goes to the board.
		p.t = t
		p.desktop()
		p.study("vdwlist(k=3,colors=3,list=2,s=7)", "r.r....:5")
		js[bool](p, `(document.querySelector('[data-draw]').focus(), true)`)
		key(kb.Enter)
		p.wait(`!document.querySelector('[data-draw]') && document.activeElement === document.getElementById('board')`, "the focus on the board after a draw, not "+focused())
		// A number named with the keys: the focus goes to the Draw buttons above the board (Tab from the board never
		// reached them).
		p.study("vdwlist(k=3,colors=3,list=2,s=7)", "r.r....")
		js[bool](p, `(document.querySelector('#board .num[data-number="4"]').focus(), true)`)
		key(kb.Enter)
		key(kb.Enter)
		p.wait(`document.querySelector('[data-draw]') && document.activeElement === document.querySelector('[data-draw]')`, "the focus on the first Draw button after naming, not "+focused())
		p.clean("study draw")
	})

	t.Run("zoom", func(t *testing.T) {
		// Finding 6: at 200 % zoom, each piece the arrows reach is clear of the sticky move bar and status.
		p.t = t
		p.viewport(zoom200)
		// covered steps with → (or ←) n times through the board, for each piece reached whether it is under
		// something else; shot, where given, is taken at the first piece whose name holds shotAt.
		covered := func(what string, back bool, n, least int, shotAt, shot string) {
			t.Helper()
			var hidden []string
			seen := 0
			for range n {
				// The board is one Tab stop (a roving tabindex): the arrows go from piece to piece.
				if back {
					key(kb.ArrowLeft)
				} else {
					key(kb.ArrowRight)
				}
				if !js[bool](p, `(() => { const e = document.activeElement, moved = e !== window.lastPiece; window.lastPiece = e;
					return moved && document.getElementById('board').contains(e) && e !== document.getElementById('board'); })()`) {
					break
				}
				hit := js[string](p, `new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
					const e = document.activeElement, r = e.getBoundingClientRect(), x = r.left + r.width / 2;
					const at = document.elementFromPoint(x, r.top + r.height / 2);
					// Its focus ring too (3 px, 2 px off the piece): nothing sticky at its top and bottom edges.
					const ring = [r.top - 4, r.bottom + 4].map((y) => document.elementFromPoint(x, y)).find((a) => a && a.closest('.move-bar, #status'));
					done(e.contains(at) && !ring ? '' : (e.getAttribute('aria-label') || e.textContent) + ' under ' + (ring || at ? (ring || at).id || (ring || at).className : 'nothing'));
				})))`)
				seen++
				if shot != "" && strings.Contains(js[string](p, `document.activeElement.getAttribute('aria-label') || ''`), shotAt) {
					p.shotHere(shot)
					shot = ""
				}
				if hit != "" {
					hidden = append(hidden, hit)
				}
			}
			if seen < least {
				t.Errorf("%s: the arrows reached %d pieces, want at least %d", what, seen, least)
			}
			if len(hidden) > 0 {
				t.Errorf("%s: %d focused pieces covered: %q", what, len(hidden), hidden)
			}
		}
		p.start(setup{card: "ap(x=20,k=3)", action: "computer", fields: map[string]string{"x": "40"}, opponent: "strong"})
		p.wait(`document.querySelector('#board .num:not([disabled])')`, "my move")
		p.wait(`document.activeElement === document.getElementById('board')`, "the board focused")
		covered("the Szemerédi numbers", false, 40, 20, "160", "a11y-live-zoom-numbers.png")
		p.start(setup{card: "wythoff(piles=7;9,view=queen)", action: "computer", opponent: "perfect"})
		p.wait(`document.querySelector('#board .sq:not([disabled])')`, "my move")
		js[bool](p, `(document.querySelector('#board .sq:not([disabled])').focus(), true)`)
		covered("the queen's squares, down", false, 30, 5, "", "")
		covered("the queen's squares, up", true, 30, 5, ", 9)", "a11y-live-zoom-queen.png")
		// On a phone the move bar stays at the screen's bottom too.
		p.phone()
		js[bool](p, `(window.scrollTo(0, 0), document.querySelector('#board .sq:not([disabled])').focus(), true)`)
		covered("the queen's squares on a phone", false, 30, 5, ", 2)", "a11y-live-phone-queen.png")
		p.clean("zoom")
	})

	t.Run("second look", func(t *testing.T) {
		// The keyboard audit's second look: what the fixes above broke. N1: a piece clicked where it shows above the
		// sticky move bar, partly under it, is chosen (the page scrolled it clear during the press, for a mouse too,
		// and the click went to the heap round it). N2: ← on a board with nothing to choose (looking back) steps on
		// through the moves (it stopped after one). N3: on a phone, "See that position" leaves the focus on the
		// screen (the analysis' heading is below it, off the screen).
		p.t = t
		p.viewport(screen{"1400x680", 1400, 680, 1, false})
		m := h.create("nim(piles=3;4;5;6)", [2]string{"human", "perfect"}, 1)
		p.openAs(m)
		p.wait(`document.querySelector('[data-heap="3"][data-token="1"]:not([disabled])')`, "my move")
		// Heap 4's tokens half under the bar: its top half shows above it.
		at := js[[]float64](p, `(() => { const tok = document.querySelector('[data-heap="3"][data-token="1"]'), bar = document.querySelector('.move-bar');
			window.scrollBy(0, tok.getBoundingClientRect().bottom - bar.getBoundingClientRect().top - tok.getBoundingClientRect().height / 2);
			const r = tok.getBoundingClientRect(), b = bar.getBoundingClientRect();
			return [r.left + r.width / 2, (r.top + b.top) / 2, window.scrollY, r.top < b.top && r.bottom > b.top ? 1 : 0]; })()`)
		if at[3] != 1 {
			t.Fatalf("heap 4's second token is not partly under the move bar: %v", at)
		}
		p.do(chromedp.MouseClickXY(at[0], at[1]))
		p.wait(`window.kombi.sel.length > 0`, "the token clicked chosen")
		if y := js[float64](p, `window.scrollY`); y != at[2] {
			t.Errorf("a click on a token partly under the move bar scrolled the page from %v to %v", at[2], y)
		}
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`window.kombi.match.moves.length >= 2`, "the computer's reply")
		p.playWhen("true", `document.querySelector('#board button.token:not([disabled])').click();`)
		p.wait(`window.kombi.match.moves.length >= 4 && document.querySelector('#board button.token:not([disabled])')`, "my move after the second reply")
		js[bool](p, `(document.querySelector('#moves .mv[data-move="3"]').click(), document.getElementById('board').focus(), true)`)
		p.wait(`window.kombi.travelAt === 3 && document.activeElement === document.getElementById('board')`, "move 3 shown, the focus on the board")
		key(kb.ArrowLeft)
		p.wait(`window.kombi.travelAt === 2`, "← on the board looking back: move 2")
		key(kb.ArrowLeft)
		p.wait(`window.kombi.travelAt === 1`, "← again: move 1, not "+focused())
		key(kb.End)
		p.wait(`window.kombi.travelAt === null`, "End: back in the game")

		p.phone()
		// Six heaps: a board taller than half the phone's screen, the analysis below it.
		lost := h.create("nim(piles=1;2;3;4;5;6)", [2]string{"human", "perfect"}, 1)
		p.openAs(lost)
		p.playOut(`document.querySelector('#board button.token:not([disabled])').click();`, 30)
		p.wait(`document.getElementById('review-show')`, "the review's turning point")
		js[bool](p, `(document.getElementById('review-show').focus(), true)`)
		key(kb.Enter)
		p.wait(`window.kombi.travelAt === 0 && document.activeElement !== document.body && document.activeElement !== document.getElementById('review-show')`, "the position shown, the focus kept, not "+focused())
		if r := js[[]float64](p, `(r => [r.top, r.bottom, window.innerHeight])(document.activeElement.getBoundingClientRect())`); r[1] < 0 || r[0] > r[2] {
			t.Errorf("on a phone, See that position leaves the focus on %s at %v, off the screen", focused(), r)
		}
		p.clean("second look")
	})
}
