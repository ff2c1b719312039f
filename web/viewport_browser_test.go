package web_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// screen is a viewport of the audited sizes: CSS px, the device's scale,
// and whether it is a phone's or a tablet's (mobile, touch).
type screen struct {
	name  string
	w, h  int64
	scale float64
	touch bool
}

var (
	landscapePhone = screen{"844x390", 844, 390, 3, true}
	zoom200        = screen{"700x450", 700, 450, 2, false} // a 1400×900 desktop at 200 % zoom
	smallPhone     = screen{"320x568", 320, 568, 2, true}
	laptop         = screen{"1280x720", 1280, 720, 1, false}
	oldLaptop      = screen{"1024x768", 1024, 768, 1, false}
	phoneTall      = screen{"390x844", 390, 844, 3, true}
	desktopTest    = screen{"1400x900", 1400, 900, 1, false}
	projector      = screen{"1920x1080", 1920, 1080, 1, false}
)

// viewport sets the screen to s (p.phone and p.desktop are two of them).
func (p *page) viewport(s screen) {
	p.t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(s.scale)}
	if s.touch {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	p.do(chromedp.EmulateViewport(s.w, s.h, opts...))
	p.width = float64(s.w)
}

// openAs opens the match's link in a fresh page load, holding the seats
// the match gave (as the browser that created it does).
func (p *page) openAs(m matchJSON) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.base + "/#/"))
	p.wait(`document.querySelector('.card')`, "the gallery")
	tokens := "[null, null]"
	if m.SeatTokens != nil {
		q := func(s *string) string {
			if s == nil {
				return "null"
			}
			return fmt.Sprintf("%q", *s)
		}
		tokens = "[" + q(m.SeatTokens[0]) + ", " + q(m.SeatTokens[1]) + "]"
	}
	js[bool](p, fmt.Sprintf(`(localStorage.setItem('kombi:%s', JSON.stringify({seats: %s, control: null})), true)`, m.ID, tokens))
	p.do(chromedp.Navigate(p.base + "/?link#/m/" + m.ID)) // another address: a page load, not a change of its #
	p.wait(`window.kombi.match && window.kombi.match.id === '`+m.ID+`' && document.getElementById('board')`, "the match's board")
}

// settled waits for two frames: the page's own scrolling after a render is done.
func (p *page) settled() {
	p.t.Helper()
	js[bool](p, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// seen is JavaScript for the part of an element a person sees: its box
// inside the screen and the element on top at its centre its own (not
// under the status or the move bar that stay on the screen).
const seen = `const seen = (e) => { if (!e) return false; const r = e.getBoundingClientRect();
	if (r.width === 0 || r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5) return false;
	const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return !!top && (top === e || e.contains(top)); };`

// turnInView checks what a player sees without scrolling: who is to move,
// a piece of the board to play (at least min of them), and Play where
// the board needs it; on a touch screen every piece at least 44×44 px.
func (p *page) turnInView(what string, s screen, min int, play bool) {
	p.t.Helper()
	p.settled()
	got := js[[]float64](p, `(() => { `+seen+`
		const pieces = [...document.querySelectorAll('#board button:not([disabled])')];
		return [seen(document.getElementById('status')) ? 1 : 0, pieces.filter(seen).length, pieces.length,
			seen(document.getElementById('play-move')) ? 1 : 0, document.getElementById('board').getBoundingClientRect().top, scrollY]; })()`)
	if got[0] != 1 {
		t := js[[]float64](p, `(r => [r.top, r.bottom])(document.getElementById('status').getBoundingClientRect())`)
		p.t.Errorf("%s at %s: who is to move (%q) is not on the screen: %v..%v px of %d", what, s.name, p.status(), t[0], t[1], s.h)
	}
	if int(got[1]) < min {
		p.t.Errorf("%s at %s: %v of the board's %v pieces to play are on the screen, want %d or more (board at %v px, page scrolled %v px)", what, s.name, got[1], got[2], min, got[4], got[5])
	}
	if play && got[3] != 1 {
		r := js[[]float64](p, `(r => [r.top, r.bottom])(document.getElementById('play-move').getBoundingClientRect())`)
		p.t.Errorf("%s at %s: Play is not on the screen: %v..%v px of %d", what, s.name, r[0], r[1], s.h)
	}
	p.noOverflow(what + " at " + s.name)
	if s.touch {
		p.targets(what+" at "+s.name, `#board button:not([disabled])`)
	}
}

func TestBrowserViewports(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	short := []screen{landscapePhone, zoom200, smallPhone}

	t.Run("start", func(t *testing.T) {
		// A game started from the dialog on a short screen: the page showed the
		// board's top at the screen's top, the status above it and Play below it,
		// both off the screen (2D Nim needs Play: tap cells, then Play).
		p.t = t
		for _, s := range short {
			p.viewport(s)
			p.start(setup{card: "nim2d(n=5)", action: "computer", opponent: "random(switch=false)"})
			p.wait(`document.querySelector('#board button:not([disabled])')`, "my turn")
			p.turnInView("2D Nim after Start", s, 5, true)
			// The grid is sized from the height too: cells of 64 px made the
			// palette alone taller than a 390 px screen.
			if r := js[[]float64](p, `[document.querySelector('.palette').getBoundingClientRect().height, document.querySelector('#board .cell').getBoundingClientRect().height, innerHeight]`); s.h < 500 && r[0] > r[2]*0.7 {
				t.Errorf("2D Nim at %s: the palette is %v px tall (cells %v px) on a %v px screen", s.name, r[0], r[1], r[2])
			}
			// Choosing a cell keeps Play on the screen.
			js[bool](p, `(document.querySelector('#board button:not([disabled])').click(), true)`)
			p.wait(`!document.getElementById('play-move').disabled`, "a complete move")
			p.turnInView("2D Nim with a cell chosen", s, 3, true)
			p.shotHere("vp-nim2d-start-" + s.name + ".png")
		}
		p.clean("start")
	})

	t.Run("link", func(t *testing.T) {
		// A match opened by its link: the same, whatever comes above the board
		// (a title of five lines at 320 px, a long how-to).
		p.t = t
		games := []struct {
			game string
			min  int
			play bool
		}{
			{"nim(piles=3;4;5)", 3, true},
			{"wythoff(piles=7;9,view=queen)", 3, true},
			{"vdwlist(k=3,colors=3,list=2,s=12)", 10, false},
			{"ap(x=20,k=3)", 3, true},
		}
		for _, g := range games {
			m := h.create(g.game, [2]string{"human", "perfect"}, 11)
			for _, s := range short {
				p.viewport(s)
				p.openAs(m)
				p.wait(`document.querySelector('#board button:not([disabled])')`, "my turn")
				p.turnInView(g.game+" by its link", s, g.min, g.play)
				p.shotHere("vp-link-" + strings.SplitN(g.game, "(", 2)[0] + "-" + s.name + ".png")
			}
		}
		p.clean("link")
	})

	t.Run("queen", func(t *testing.T) {
		// Wythoff's queen board after two moves (7, 9 → 7, 8 → 7, 4): its rows
		// above the queen, which no move reaches again, pushed the corner to
		// reach and the column numbers below a laptop's screen, and a
		// phone's. The board from (0, 0) to the queen (and the square she
		// came from) fits, with who is to move and Play.
		p.t = t
		m := h.create("wythoff(piles=7;9,view=queen)", [2]string{"human", "perfect"}, 11)
		p.viewport(desktopTest)
		p.openAs(m)
		p.play(`document.querySelector('#board .sq[aria-label^="Square (7, 8)"]').click();`)
		p.wait(`window.kombi.match.moves.length === 2 && window.kombi.match.to_move === 0`, "the computer's reply")
		if q := js[string](p, `document.querySelector('#board .sq.queen').getAttribute('aria-label')`); !strings.HasPrefix(q, "Square (7, 4)") {
			t.Fatalf("the queen is at %q after the computer's reply, want (7, 4)", q)
		}
		if g := js[[]int](p, `(() => { const cs = [...document.querySelectorAll('#board .sq')].map(c => c.getBoundingClientRect());
			return [new Set(cs.map(r => Math.round(r.left))).size, new Set(cs.map(r => Math.round(r.top))).size]; })()`); g[0] != 8 || g[1] != 5 {
			t.Errorf("the queen board draws %d columns and %d rows, want 8 × 5 (from (0, 0) to the queen)", g[0], g[1])
		}
		for _, s := range []screen{laptop, oldLaptop, phoneTall, desktopTest, landscapePhone, zoom200, smallPhone} {
			p.viewport(s)
			p.openAs(m)
			p.wait(`document.querySelector('#board .sq.target:not([disabled])')`, "my turn")
			p.turnInView("the queen board", s, 3, true)
			if s.h < 700 {
				continue // a short screen: the board scrolls between the status and Play
			}
			p.settled()
			got := js[[]string](p, `(() => { `+seen+`
				const parts = {queen: document.querySelector('#board .sq.queen'), corner: document.querySelector('#board .sq.corner'),
					'column numbers': [...document.querySelectorAll('#board .col-coord')].pop()};
				return Object.entries(parts).filter(([k, e]) => !seen(e)).map(([k, e]) => k + ' at ' + Math.round(e.getBoundingClientRect().top) + '..' + Math.round(e.getBoundingClientRect().bottom)); })()`)
			if len(got) > 0 {
				t.Errorf("the queen board at %s: not on the screen: %v (screen %d px tall)", s.name, got, s.h)
			}
			p.shotHere("vp-queen-" + s.name + ".png")
		}
		// A game over has nothing left to play: the whole board it began on (drawn to the queen, a game won
		// in the corner showed one square).
		over := h.create("wythoff(piles=7;9,view=queen)", [2]string{"human", "perfect"}, 11)
		p.viewport(phoneTall)
		p.openAs(over)
		p.play(`document.querySelector('#board .sq[aria-label^="Square (0, 9)"]').click();`)
		p.wait(`window.kombi.match.finished`, "the computer's win in the corner")
		if g := js[[]int](p, `(() => { const cs = [...document.querySelectorAll('#board .sq')].map(c => c.getBoundingClientRect());
			return [new Set(cs.map(r => Math.round(r.left))).size, new Set(cs.map(r => Math.round(r.top))).size]; })()`); g[0] != 8 || g[1] != 10 {
			t.Errorf("the finished queen board draws %d columns and %d rows, want the 8 × 10 it began on", g[0], g[1])
		}
		p.shotHere("vp-queen-over-" + phoneTall.name + ".png")
		p.clean("queen")
	})

	t.Run("review", func(t *testing.T) {
		// "See that position with the analysis" on one column: the page
		// scrolled the analysis' heading to the top, the board with its ✓
		// (the moves that still won) above the screen. Now the board comes
		// first, and the heading with it where both fit.
		p.t = t
		m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 11)
		p.viewport(desktopTest)
		p.openAs(m)
		p.playOut(`document.querySelector('.token:not([disabled])').click();`, 20)
		p.gameOver("nim")
		p.wait(`/^Where it turned/.test((document.getElementById('review') || {}).textContent || '')`, "where the game turned")
		for _, s := range []screen{landscapePhone, zoom200, smallPhone, phoneTall} {
			p.viewport(s)
			js[bool](p, `(window.scrollTo(0, 0), document.getElementById('review-show').scrollIntoView({block: 'center'}), document.getElementById('review-show').click(), true)`)
			p.wait(`window.kombi.travelAt !== null && document.querySelector('#board .token.good') && document.querySelector('.an-row')`, "the turning point with its analysis")
			p.settled()
			got := js[[]float64](p, `(() => { `+seen+`
				const b = document.getElementById('board').getBoundingClientRect(), h = document.querySelector('#analysis h2').getBoundingClientRect();
				const st = document.getElementById('status'), under = getComputedStyle(st).position === 'sticky' ? st.getBoundingClientRect().bottom : 0;
				return [b.top, under, [...document.querySelectorAll('#board .token.good')].some(seen) ? 1 : 0, h.top, h.bottom, seen(document.querySelector('#analysis h2')) ? 1 : 0, innerHeight]; })()`)
			if got[0] < got[1]-0.5 || got[2] != 1 {
				t.Errorf("the turning point at %s: the board at %v px (the screen's top free from %v px), a ✓ on the screen: %v", s.name, got[0], got[1], got[2] == 1)
			}
			if fits := got[4]-got[0] <= got[6]-got[1]-12; fits && got[5] != 1 {
				t.Errorf("the turning point at %s: the analysis' heading at %v..%v px is not on the screen (%v px), though it fits there with the board", s.name, got[3], got[4], got[6])
			}
			p.shotHere("vp-review-" + s.name + ".png")
			js[bool](p, `(document.getElementById('live').click(), true)`)
			p.wait(`window.kombi.travelAt === null && document.getElementById('review')`, "back to the end")
		}
		p.clean("review")
	})

	t.Run("play-bar", func(t *testing.T) {
		// On a 390 × 844 phone the move bar, which stays at the screen's
		// bottom, took two rows (the words and Play, then Clear and Hint) and
		// covered the queen board's goal row (row 0, ★) and its column numbers
		// until one scrolled. It is one row, and the whole board is above it
		// when the game opens.
		p.t = t
		m := h.create("wythoff(piles=7;9,view=queen)", [2]string{"human", "perfect"}, 11)
		for _, s := range []screen{phoneTall, smallPhone, desktopTest} {
			p.viewport(s)
			p.openAs(m)
			if js[bool](p, `document.getElementById('analysis-on').checked`) {
				// Analysis off, as it is at first (a subtest before switched it on): Hint in the bar too.
				js[bool](p, `(localStorage.setItem('kombi:analysis', '0'), true)`)
				p.openAs(m)
			}
			p.wait(`document.querySelector('#board .sq.target:not([disabled])') && document.getElementById('hint')`, "my turn")
			p.settled()
			got := js[[]float64](p, `(() => { const r = (id) => document.getElementById(id).getBoundingClientRect();
				const bar = document.querySelector('.move-bar').getBoundingClientRect(), tops = ['play-move', 'clear', 'hint'].map((id) => r(id).top);
				return [bar.top, bar.height, r('play-move').height, Math.max(...tops) - Math.min(...tops)]; })()`)
			if got[3] > 1 || got[1] > got[2]+24 {
				t.Errorf("the move bar at %s is %v px tall for Play's %v px, Play, Clear and Hint %v px apart in height: want one row", s.name, got[1], got[2], got[3])
			}
			p.noOverflow("the move bar at " + s.name)
			if s.touch {
				p.targets("the move bar at "+s.name, `.move-bar .btn`)
			}
			if s.h >= 700 {
				// The goal row and the column numbers above the bar, who is to move on the screen.
				end := js[[]float64](p, `(() => { `+seen+` const cols = [...document.querySelectorAll('#board .col-coord')];
					return [document.querySelector('#board .sq.corner').getBoundingClientRect().bottom, cols[cols.length - 1].getBoundingClientRect().bottom,
						seen(document.getElementById('status')) ? 1 : 0, seen(document.querySelector('#board .sq.corner')) ? 1 : 0]; })()`)
				if end[0] > got[0]+0.5 || end[1] > got[0]+0.5 || end[3] != 1 {
					t.Errorf("the queen board at %s: its goal row (bottom %v px) or column numbers (bottom %v px) under the move bar (top %v px)", s.name, end[0], end[1], got[0])
				}
				if end[2] != 1 {
					t.Errorf("the queen board at %s: who is to move is not on the screen", s.name)
				}
			}
			p.shotHere("vp-play-bar-" + s.name + ".png")
		}
		// The next turn, the last move's line above the board (5, 8 → 4, 7 → 4, 6: eight rows and the square the
		// queen came from): the board above the bar still.
		next := h.create("wythoff(piles=5;8,view=queen)", [2]string{"human", "perfect"}, 11)
		p.viewport(phoneTall)
		p.openAs(next)
		p.play(`document.querySelector('#board .sq[aria-label^="Square (4, 7)"]').click();`)
		p.wait(`window.kombi.match.moves.length === 2 && document.querySelector('#board .sq.target:not([disabled])') && document.querySelector('.last-line')`, "the computer's reply")
		p.settled()
		if got := js[[]float64](p, `(() => { `+seen+` const cols = [...document.querySelectorAll('#board .col-coord')], bar = document.querySelector('.move-bar').getBoundingClientRect();
			return [bar.top, Math.max(document.querySelector('#board .sq.corner').getBoundingClientRect().bottom, cols[cols.length - 1].getBoundingClientRect().bottom), seen(document.getElementById('status')) ? 1 : 0]; })()`); got[1] > got[0]+0.5 || got[2] != 1 {
			t.Errorf("the queen board at %s after a move: its end at %v px under the move bar (top %v px), or who is to move off the screen (%v)", phoneTall.name, got[1], got[0], got[2] != 1)
		}
		p.shotHere("vp-play-bar-next-" + phoneTall.name + ".png")
		p.clean("play-bar")
	})

	t.Run("number-line", func(t *testing.T) {
		// The Szemerédi game's number line drew the marks of near numbers (8
		// and 9, 24, 26, 28 and 29, 91 to 96 of this set of 5..96) 3 to 9 px
		// apart, one over the other, on a phone and on a laptop. Each mark is
		// apart from the others and at its number's place on the line, inside
		// the board, as the screen's width changes too.
		p.t = t
		m := h.create("ap(x=20,k=3)", [2]string{"human", "strong"}, 11)
		marks := `(() => { const svg = document.querySelector('.number-line'), axis = svg.querySelector('.nl-axis').getBoundingClientRect(), board = document.getElementById('board').getBoundingClientRect();
			const ns = [...document.querySelectorAll('#board .num')].map((b) => Number(b.dataset.number)), lo = ns[0], hi = ns[ns.length - 1];
			const ms = [...svg.querySelectorAll('circle, rect')].map((e, i) => [ns[i], (ns[i] - lo) / (hi - lo), e.getBoundingClientRect()]);
			const out = [];
			for (let i = 0; i < ms.length; i++) {
				const [n, at, r] = ms[i];
				if (Math.abs((r.left + r.right) / 2 - (axis.left + at * axis.width)) > 1) out.push(n + ' not at its place');
				if (r.left < board.left || r.right > board.right) out.push(n + ' outside the board');
				for (let j = i + 1; j < ms.length; j++) {
					const q = ms[j][2];
					if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) out.push(n + ' over ' + ms[j][0]);
				}
			}
			return [String(ms.length), String(Math.round(svg.getBoundingClientRect().height)), ...out]; })()`
		check := func(what string) {
			t.Helper()
			p.settled()
			got := js[[]string](p, marks)
			if got[0] != "20" || len(got) > 2 {
				t.Errorf("the number line %s (%s marks, %s px tall): %v", what, got[0], got[1], got[2:])
			}
			p.noOverflow("the number line " + what)
		}
		p.viewport(desktopTest)
		p.openAs(m)
		p.play(`document.querySelector('#board .num[data-number="24"]').click();`) // a red circle, wider than a free number's dot
		p.wait(`window.kombi.match.moves.length === 2 && document.querySelector('#board .num:not([disabled])')`, "the computer's reply")
		for _, s := range []screen{smallPhone, phoneTall, laptop, desktopTest} {
			p.viewport(s)
			p.openAs(m)
			p.wait(`document.querySelector('.number-line .nl-own0') && document.querySelector('.number-line .nl-own1')`, "the number line")
			check("at " + s.name)
			p.shotOf("vp-number-line-"+s.name+".png", "#board")
		}
		// The window narrowed without a page load: the marks laid again for the narrower line.
		p.viewport(smallPhone)
		check("at " + smallPhone.name + " after " + desktopTest.name)
		p.clean("number-line")
	})

	t.Run("projector", func(t *testing.T) {
		// A classroom's projector, 1920 × 1080: the page was capped at 1320 px
		// (31 % of the screen empty), Nim's tokens 52 px, the 13 symbols of a
		// Thue word in rows of 11 and 2, the move list cut at 40 % of the
		// height (432 of its 572 px) above empty space, the P marks of the
		// analysis 11 px. A 1400 × 900 desktop keeps its page as it was.
		p.t = t
		nim := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 11)
		thue := h.create("thue(alphabet=3,rule=overlap)", [2]string{"human", "perfect"}, 11)
		for i := 0; i < 12; i++ {
			m := h.waitTurn(thue.ID)
			if m.Finished {
				t.Fatalf("the Thue game is over after %d moves", len(m.Moves))
			}
			h.do("POST", "/api/matches/"+thue.ID+"/moves", *(*thue.SeatTokens)[0], map[string]string{"move": m.LegalMoves[len(m.LegalMoves)/2].Move}, nil)
		}
		h.waitTurn(thue.ID)
		p.do(chromedp.Navigate(p.base + "/#/"))
		js[bool](p, `(localStorage.setItem('kombi:analysis', '0'), true)`)
		measure := func() map[string]float64 {
			p.settled()
			return js[map[string]float64](p, `(() => { const q = (s) => document.querySelector(s), out = {main: q('main').getBoundingClientRect().width};
				if (q('#board .token')) out.token = q('#board .token').getBoundingClientRect().width;
				const tops = [...document.querySelectorAll('#board .sym')].map((e) => Math.round(e.getBoundingClientRect().top));
				if (tops.length) { out.rows = new Set(tops).size; out.symbols = tops.length; }
				const l = q('#moves.moves, .moves');
				if (l && l.querySelector('.row')) { out.listHidden = l.scrollHeight - l.clientHeight; out.listMax = parseFloat(getComputedStyle(l).maxHeight); }
				if (q('#board .p-mark')) out.pMark = parseFloat(getComputedStyle(q('#board .p-mark')).fontSize);
				if (q('#board .sq.good')) out.check = parseFloat(getComputedStyle(q('#board .sq.good'), '::after').fontSize);
				return out; })()`)
		}
		for _, s := range []screen{projector, desktopTest} {
			p.viewport(s)
			p.openAs(nim)
			p.wait(`document.querySelector('#board .token:not([disabled])')`, "my turn")
			n := measure()
			p.noOverflow("Nim at " + s.name)
			p.shotHere("vp-projector-nim-" + s.name + ".png")
			p.openAs(thue)
			p.wait(`document.querySelector('#board .gap:not([disabled])')`, "my turn")
			w := measure()
			p.noOverflow("the Thue game at " + s.name)
			p.shotHere("vp-projector-thue-" + s.name + ".png")
			p.study("wythoff(piles=7;9,view=queen)", "7;9")
			if !js[bool](p, `document.getElementById('analysis-on').checked`) {
				js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
			}
			p.wait(`document.querySelector('#board .sq.ppos') && document.querySelector('#board .sq.good')`, "the P marks and the winning moves")
			q := measure()
			p.noOverflow("the Wythoff study at " + s.name)
			p.shotHere("vp-projector-study-" + s.name + ".png")
			js[bool](p, `(localStorage.setItem('kombi:analysis', '0'), true)`)
			if s == projector {
				if n["main"] < 0.85*float64(s.w) || n["token"] < 60 {
					t.Errorf("Nim at %s: the page %v px wide, the tokens %v px: want 85 %% of the screen or more and tokens of 60 px or more", s.name, n["main"], n["token"])
				}
				if w["symbols"] != 13 || w["rows"] != 1 || w["listHidden"] > 1 {
					t.Errorf("the Thue game at %s: %v symbols in %v rows, %v px of the move list hidden: want 13 in one row, the whole list", s.name, w["symbols"], w["rows"], w["listHidden"])
				}
				if q["pMark"] < 14 || q["check"] < 14 {
					t.Errorf("the Wythoff study at %s: P marks of %v px and ✓ of %v px: want 14 px or more", s.name, q["pMark"], q["check"])
				}
				continue
			}
			// 1400 × 900 as it was.
			if n["main"] != 1320 || n["token"] != 52 || w["listMax"] != 360 || q["pMark"] > 11.5 || q["check"] != 13 {
				t.Errorf("at %s the page changed: page %v px, tokens %v px, the move list at most %v px, P marks %v px, ✓ %v px; it was 1320, 52, 360 (40 %%), 11.2 and 13",
					s.name, n["main"], n["token"], w["listMax"], q["pMark"], q["check"])
			}
		}
		p.clean("projector")
	})

	t.Run("home", func(t *testing.T) {
		// The first page on a phone held sideways, a window zoomed to 200 %
		// and a small phone showed no game's button on its first screen (the
		// first card began at y = 329 of 390, 351 of 450, 466 of 568): only
		// the header's New game. In the dark scheme its pictures stayed light
		// boxes (#fbfaf6) on the dark page.
		p.t = t
		for _, s := range []screen{landscapePhone, zoom200, smallPhone, phoneTall, desktopTest} {
			p.viewport(s)
			p.do(chromedp.Navigate(p.base + "/#/"))
			p.wait(`document.querySelector('.card [data-action]')`, "the gallery")
			p.settled()
			if got := js[[]string](p, `(() => { `+seen+` return [...document.querySelectorAll('.card [data-action]')].filter(seen).map((b) => b.closest('.card').dataset.game + ' ' + b.dataset.action); })()`); len(got) == 0 {
				r := js[[]float64](p, `(r => [r.top, r.bottom])(document.querySelector('.card [data-action]').getBoundingClientRect())`)
				t.Errorf("the first page at %s: no game's button on the first screen (the first at %v..%v px of %d)", s.name, r[0], r[1], s.h)
			}
			p.noOverflow("the first page at " + s.name)
			if s.touch {
				p.targets("the first page at "+s.name, `.card-actions .btn, .sources-link .btn`)
			}
			p.shotHere("vp-home-" + s.name + ".png")
		}
		// The pictures in the dark scheme: as dark as the cards they are on (a light box on a dark card is a contrast of
		// 16:1), and as they were in the light one.
		lum := `const lum = (c) => { const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((v) => { v = v / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
			return 0.2126 * r + 0.7152 * g + 0.0722 * b; }; const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);`
		p.viewport(laptop)
		for _, scheme := range []string{"dark", "light"} {
			p.scheme(scheme)
			p.settled()
			got := js[[]string](p, `(() => { `+lum+` const pic = getComputedStyle(document.querySelector('.picture')).backgroundColor, card = getComputedStyle(document.querySelector('.card')).backgroundColor;
				return [pic, card, ratio(pic, card).toFixed(2)]; })()`)
			if r, _ := strconv.ParseFloat(got[2], 64); scheme == "dark" && r > 1.5 {
				t.Errorf("the first page's pictures in the dark scheme: %s on cards of %s, a contrast of %s:1: want dark boxes (1.5:1 or less)", got[0], got[1], got[2])
			}
			if scheme == "light" && got[0] != "rgb(251, 250, 246)" {
				t.Errorf("the first page's pictures in the light scheme: %s, want rgb(251, 250, 246) as before", got[0])
			}
			p.shotHere("vp-home-" + laptop.name + "-" + scheme + ".png")
		}
		p.clean("home")
	})

	t.Run("values", func(t *testing.T) {
		// The list-colouring board with Analysis on, 390 × 844, dark: the ✓
		// of a winning number, a disc at its corner, covered the end of its
		// value ("31.6 %"). No mark (a ✓, a colour's letter) covers a value or
		// another mark, and every winning number still shows its ✓.
		p.t = t
		m := h.create("vdwlist(k=3,colors=3,list=2,s=12)", [2]string{"human", "normal"}, 11)
		p.viewport(phoneTall)
		p.openAs(m)
		p.play(`document.querySelector('#board .num[data-number="4"]').click();`) // a coloured number with its letter, beside the free ones
		p.wait(`window.kombi.match.moves.length >= 3 && document.querySelector('#board .num:not([disabled])')`, "the namer's turn again")
		p.scheme("dark")
		for _, s := range []screen{phoneTall, smallPhone, desktopTest} {
			p.viewport(s)
			p.openAs(m)
			if !js[bool](p, `document.getElementById('analysis-on').checked`) {
				js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
			}
			p.wait(`document.querySelectorAll('#board .num-val').length > 3 && document.querySelector('#board .num.good')`, "the values and the winning numbers")
			p.settled()
			got := js[[]string](p, `(() => {
				const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
				// An absolute ::before or ::after drawn on a number: its box from its resolved left and top.
				const pseudo = (e, which) => { const cs = getComputedStyle(e, which);
					if (cs.content === 'none' || cs.content === 'normal' || cs.display === 'none' || cs.position !== 'absolute') return null;
					const r = e.getBoundingClientRect(), b = getComputedStyle(e), px = (v) => parseFloat(v) || 0;
					const w = px(cs.width) + (cs.boxSizing === 'border-box' ? 0 : px(cs.paddingLeft) + px(cs.paddingRight) + px(cs.borderLeftWidth) + px(cs.borderRightWidth));
					const h = px(cs.height) + (cs.boxSizing === 'border-box' ? 0 : px(cs.paddingTop) + px(cs.paddingBottom) + px(cs.borderTopWidth) + px(cs.borderBottomWidth));
					const left = r.left + px(b.borderLeftWidth) + px(cs.left), top = r.top + px(b.borderTopWidth) + px(cs.top);
					return {left, top, right: left + w, bottom: top + h}; };
				const nums = [...document.querySelectorAll('#board .num')];
				const marks = nums.flatMap((e) => [['✓ of ' + e.dataset.number, pseudo(e, '::after')], ['mark of ' + e.dataset.number, pseudo(e, '::before')],
					...[...e.querySelectorAll('.num-badge')].map((b) => ['letter of ' + e.dataset.number, box(b.getBoundingClientRect())])]).filter(([, r]) => r);
				const values = nums.filter((e) => e.querySelector('.num-val')).map((e) => ['value of ' + e.dataset.number, box(e.querySelector('.num-val').getBoundingClientRect())]);
				const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
				const out = [];
				for (const [m, r] of marks) for (const [v, q] of values) if (over(r, q)) out.push(m + ' over the ' + v);
				for (let i = 0; i < marks.length; i++) for (let j = i + 1; j < marks.length; j++) if (over(marks[i][1], marks[j][1])) out.push(marks[i][0] + ' over the ' + marks[j][0]);
				for (const e of document.querySelectorAll('#board .num.good')) {
					const shown = [getComputedStyle(e, '::after').content, getComputedStyle(e.querySelector('.num-n'), '::after').content].join(' ');
					if (!shown.includes('✓')) out.push(e.dataset.number + ' wins without its ✓');
				}
				return out; })()`)
			if len(got) > 0 {
				t.Errorf("the list-colouring board with its values at %s, dark: %q", s.name, got)
			}
			p.noOverflow("the list-colouring board at " + s.name)
			p.shotOf("vp-values-"+s.name+".png", "#board")
		}
		p.scheme("light")
		p.clean("values")
	})

	t.Run("dialog", func(t *testing.T) {
		// The New game dialog was taller than most screens (Nim's 936 px, the
		// list-colouring game's 1,256 px) with Start at its end: three screens
		// down on a phone held sideways. Start and Cancel are on the screen when
		// it opens, the dialog scrolls inside, and its last fields come out from
		// under them. On a small phone the heap editor's legend wrapped across
		// its frame's top edge.
		p.t = t
		cards := []struct{ game, action string }{{"nim(piles=3;4;5)", "computer"}, {"vdwlist(k=3,colors=3,list=2,s=12)", "watch"}}
		for _, s := range []screen{desktopTest, projector, laptop, landscapePhone, zoom200, smallPhone, phoneTall} {
			p.viewport(s)
			for _, c := range cards {
				what := "the dialog of " + c.game + " at " + s.name
				p.do(chromedp.Navigate(p.base + "/#/"))
				p.wait(`document.querySelector('[data-game="`+c.game+`"]')`, "the gallery")
				js[bool](p, `(document.querySelector('[data-game="`+c.game+`"] [data-action=`+c.action+`]').click(), true)`)
				p.wait(`document.getElementById('dlg-start') && document.activeElement === document.getElementById('dlg-game')`, "the dialog")
				p.settled()
				got := js[[]float64](p, `(() => { `+seen+`
					const m = document.querySelector('.modal').getBoundingClientRect(), st = document.getElementById('dlg-start').getBoundingClientRect();
					return [seen(document.getElementById('dlg-start')) ? 1 : 0, seen(document.getElementById('dlg-cancel')) ? 1 : 0, m.top, m.bottom, st.top, st.bottom, innerHeight]; })()`)
				if got[0] != 1 || got[1] != 1 {
					t.Errorf("%s: Start (%v..%v px) or Cancel is not on the %v px screen when it opens", what, got[4], got[5], got[6])
				}
				if got[2] < -0.5 || got[3] > got[6]+0.5 {
					t.Errorf("%s: the dialog spans %v..%v px of a %v px screen", what, got[2], got[3], got[6])
				}
				p.noOverflow(what)
				if s.touch {
					p.targets(what, `.modal button, .modal input:not([type=radio]):not([type=checkbox]), .modal select, .modal .seg, .modal .switch, .modal summary`)
				}
				// Wrapped legends on a frame's edge.
				if bad := js[[]string](p, `[...document.querySelectorAll('.modal fieldset > legend')].filter(l => l.offsetParent !== null && parseFloat(getComputedStyle(l.parentElement).borderTopWidth) > 0
					&& l.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(l).lineHeight)).map(l => l.textContent + ': ' + Math.round(l.getBoundingClientRect().height) + ' px')`); len(bad) > 0 {
					t.Errorf("%s: legends of more than one line across their frame's top edge: %q", what, bad)
				}
				p.shotHere("vp-dialog-" + strings.SplitN(c.game, "(", 2)[0] + "-" + s.name + ".png")
				// Its end: More settings, opened, and the seed field focused come out from under Start.
				js[bool](p, `(document.querySelector('.modal').scrollTop = 1e6, true)`)
				p.settled()
				if !js[bool](p, `(() => { `+seen+` return seen(document.querySelector('.modal details.advanced summary')); })()`) {
					r := js[[]string](p, `(() => { const r = document.querySelector('.modal details.advanced summary').getBoundingClientRect(), e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
						return [r.top, r.bottom, innerHeight, e ? e.tagName + '.' + e.className : 'none'].map(String); })()`)
					t.Errorf("%s: More settings is not on the screen with the dialog scrolled to its end: %v", what, r)
				}
				js[bool](p, `(document.querySelector('.modal details.advanced').open = true, true)`)
				p.settled()
				js[bool](p, `(document.getElementById('dlg-seed').focus(), true)`)
				p.settled()
				if !js[bool](p, `(() => { `+seen+` return seen(document.getElementById('dlg-seed')); })()`) {
					r := js[[]float64](p, `(r => [r.top, r.bottom])(document.getElementById('dlg-seed').getBoundingClientRect())`)
					t.Errorf("%s: the seed field, focused, is under Start or off the screen: %v..%v px", what, r[0], r[1])
				}
				js[bool](p, `(document.getElementById('dlg-cancel').click(), true)`)
				p.wait(`!document.querySelector('.modal')`, "the dialog closed")
			}
		}
		p.clean("dialog")
	})

	t.Run("side", func(t *testing.T) {
		// A laptop with Analysis on: the side column (moves, analysis) was a
		// box of its own that scrolled, beside the page's scroll bar and the
		// move list's: three scroll bars side by side. One column scrolls
		// with the page when it is taller than the screen.
		p.t = t
		m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 11)
		for _, s := range []screen{laptop, oldLaptop, desktopTest} {
			p.viewport(s)
			p.openAs(m)
			js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
			p.wait(`document.querySelectorAll('.an-row').length > 0`, "the analysis")
			js[bool](p, `([...document.querySelectorAll('.teach')].forEach(d => { d.open = true; }), true)`)
			p.settled()
			boxes := js[[]string](p, `[...document.querySelectorAll('main *')].filter(e => e.offsetParent !== null && /auto|scroll/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1)
				.map(e => (e.id ? '#' + e.id : e.className) + ' ' + e.clientHeight + '/' + e.scrollHeight)`)
			page := js[bool](p, `document.documentElement.scrollHeight > innerHeight`)
			n := len(boxes)
			if page {
				n++
			}
			if n > 2 {
				t.Errorf("at %s with Analysis on, %d scroll bars: the page's (%v) and %v", s.name, n, page, boxes)
			}
			for _, b := range boxes {
				if strings.HasPrefix(b, "side-col") {
					t.Errorf("at %s the side column scrolls in a box of its own: %s", s.name, b)
				}
			}
			p.shotHere("vp-side-" + s.name + ".png")
		}
		p.clean("side")
	})
}
