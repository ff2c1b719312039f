package web_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserBoardsKeyboard plays the boards as the keyboard audit's
// person does, with the keyboard and a screen reader, in forced colours: a
// board's pieces are one Tab stop (the next Tab reaches Play), the arrows
// move between rows, the focus ring shows round every piece (a best
// colour, a queen board's square), each piece says what it is in one
// phrase across the boards, and forced colours keep the marks.
func TestBrowserBoardsKeyboard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.desktop()
	focus := "#0b57d0" // the page's ring of focus (style.css, --focus in the light scheme)
	analysis := func() {
		p.t.Helper()
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
	}

	t.Run("one tab stop", func(t *testing.T) {
		// Finding 16: every piece was a Tab stop (19 Tabs from a chosen cell to Play); finding 25: ↓ on a heap went to
		// the next token, not to the next heap; finding 20: the how-to spoke of tapping only.
		p.t = t
		p.study("nim2d(n=4)", "..../..../..../....:G")
		js[bool](p, `(document.getElementById('board').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.Tab))
		if got := js[string](p, `document.activeElement.dataset.cell || document.activeElement.id || document.activeElement.tagName`); got != "0" {
			t.Fatalf("Tab from the board reaches %q, want cell 1", got)
		}
		if n := js[[]int](p, `[document.querySelectorAll('#board .cell[tabindex="0"]').length, document.querySelectorAll('#board .cell:not([disabled])').length]`); n[0] != 1 || n[1] != 16 {
			t.Errorf("%d of the palette's %d cells are Tab stops, want one", n[0], n[1])
		}
		p.do(chromedp.KeyEvent(kb.ArrowDown))
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`document.activeElement.dataset.cell === '4' && document.activeElement.getAttribute('aria-pressed') === 'true'`, "cell 5, below cell 1, chosen with ↓ and Enter")
		p.do(chromedp.KeyEvent(kb.Tab))
		if got := js[string](p, `document.activeElement.id || document.activeElement.className`); got != "play-move" {
			t.Errorf("Tab from the chosen cell reaches %q, want Play", got)
		}
		p.do(chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
		if got := js[string](p, `document.activeElement.dataset.cell || document.activeElement.id`); got != "4" {
			t.Errorf("Shift+Tab from Play reaches %q, want the chosen cell 5", got)
		}
		how := js[[]string](p, `(e => [e.textContent, String(e.querySelector('.keys') && e.querySelector('.keys').offsetParent !== null)])(document.querySelector('.study-page .howto'))`)
		if !strings.Contains(how[0], "choose on the board, then Play") || !strings.Contains(how[0], "With the keyboard: Tab to the board, move with the arrow keys, choose with Enter.") || how[1] != "true" {
			t.Errorf("the how-to says %q (the keys shown: %s), want choosing and the keys", how[0], how[1])
		}
		p.shotHere("keys-palette-desktop.png")
		p.phone()
		p.shot("keys-palette-phone.png")
		p.desktop()

		p.study("nim(piles=3;4;5)", "3;4;5")
		js[bool](p, `(document.querySelector('#board .token[data-heap="0"][data-token="1"]').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowDown))
		if got := js[string](p, `document.activeElement.dataset.heap + ',' + document.activeElement.dataset.token`); got != "1,1" {
			t.Errorf("↓ from heap 1's token 2 reaches heap,token %q, want heap 2's token 2 (1,1)", got)
		}
		p.do(chromedp.KeyEvent(kb.ArrowUp))
		if got := js[string](p, `document.activeElement.dataset.heap + ',' + document.activeElement.dataset.token`); got != "0,1" {
			t.Errorf("↑ back reaches heap,token %q, want 0,1", got)
		}
		// Finding 24: the XOR table's columns have heads.
		analysis()
		p.wait(`document.querySelector('.teach table.xor')`, "the XOR table")
		if got := js[string](p, `[...document.querySelectorAll('table.xor th[scope=col]')].map(e => e.textContent).join(' ')`); got != "Heap Tokens Binary" {
			t.Errorf("the XOR table's column heads: %q", got)
		}
		p.shotOf("keys-xor-desktop.png", ".teach")
		p.phone()
		p.shotOf("keys-xor-phone.png", ".teach")
		p.desktop()
		p.clean("one tab stop")
	})

	t.Run("focus ring on a mark", func(t *testing.T) {
		// Finding 4: a best colour's or symbol's green outline, and a partner token's dotted one, replaced the focus
		// ring; finding 15: the swatch said neither its chance's owner nor that it is best, the symbol "(best)".
		p.t = t
		p.study("vdwlist(k=3,colors=3,list=2,s=9)", ".........:5:rg")
		analysis()
		p.wait(`document.querySelectorAll('#board .swatch-btn.good').length === 2`, "both colours marked best")
		js[bool](p, `(document.querySelector('#board .swatch-btn').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowRight))
		p.wait(`document.activeElement.matches('#board .swatch-btn.good:focus-visible') && document.activeElement.dataset.color === '2'`, "green focused with →")
		if l := js[string](p, `document.activeElement.getAttribute('aria-label')`); !strings.Contains(l, "(the colourer’s chance): colour 5 green") || !strings.HasSuffix(l, ", the best move") {
			t.Errorf("the best colour is named %q", l)
		}
		p.ringShows("the focused best colour", focus)
		if got := js[string](p, `getComputedStyle(document.activeElement).boxShadow`); !strings.Contains(got, "rgb(27, 127, 59)") {
			t.Errorf("the focused best colour lost its green mark: box-shadow %q", got)
		}
		p.shotOf("keys-best-colour-desktop.png", ".drawn")
		p.phone()
		js[bool](p, `(document.querySelector('#board .swatch-btn').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowRight))
		p.ringShows("the focused best colour on a phone", focus)
		p.shotOf("keys-best-colour-phone.png", ".drawn")
		p.desktop()
		// The Thue painter's best symbol, as the best colour.
		p.study("thue(alphabet=3)", "010@3")
		p.wait(`document.querySelector('#board .symbol-btn.good[data-symbol="2"]')`, "the best symbol marked")
		js[bool](p, `(document.querySelector('#board .symbol-btn[data-symbol="1"]').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowRight))
		p.wait(`document.activeElement.dataset.symbol === '2'`, "the best symbol focused with →")
		if l := js[string](p, `document.activeElement.getAttribute('aria-label')`); l != "2 length 5: paint 2, the best move" {
			t.Errorf("the best symbol is named %q", l)
		}
		p.ringShows("the focused best symbol", focus)
		p.shotOf("keys-best-symbol-desktop.png", ".word-wrap")
		// Wythoff's game: a token that takes as many from the other heap (a partner) keeps its dotted mark inside the ring.
		p.study("wythoff(piles=5;8)", "5;8")
		js[bool](p, `(document.querySelector('#board .token[data-heap="0"][data-token="4"]').click(), true)`)
		p.wait(`document.querySelector('#board .token.partner-ok[data-heap="1"][data-token="7"]')`, "heap 2's partner token marked")
		js[bool](p, `(document.querySelector('#board .token[data-heap="1"][data-token="6"]').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowRight))
		p.wait(`document.activeElement.matches('.token.partner-ok')`, "the partner token focused with →")
		p.ringShows("the focused partner token", focus)
		if got := js[string](p, `getComputedStyle(document.activeElement).borderTopStyle`); got != "dotted" {
			t.Errorf("the focused partner token's mark: border %q, want dotted", got)
		}
		p.shotOf("keys-partner-desktop.png", "#board")
		// End goes to the board's last piece, not to the "Also take … from heap 2" button beside the heaps (the
		// keyboard audit's second look, N5).
		if !js[bool](p, `!!document.querySelector('#board button.partner')`) {
			t.Fatal("no Also take button beside the heaps")
		}
		p.do(chromedp.KeyEvent(kb.End))
		if !js[bool](p, `document.activeElement.matches('#board .token') && document.activeElement.dataset.heap === '1' && document.activeElement.dataset.token === '7'`) {
			t.Errorf("End on Wythoff's heaps reached %q, want heap 2's last token", js[string](p, `document.activeElement.getAttribute('aria-label') || document.activeElement.textContent`))
		}
		p.clean("focus ring on a mark")
	})

	t.Run("queen board", func(t *testing.T) {
		// Finding 5: the focus ring of a square was painted under its neighbours; finding 14: the chosen square was
		// not pressed, and ↓ with no square below scrolled the page.
		p.t = t
		p.study("wythoff(piles=7;9,view=queen)", "7;9")
		js[bool](p, `(document.querySelector('#board .sq[data-xy="6,9"]').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowDown))
		p.wait(`document.activeElement.dataset.xy === '6,8'`, "↓ from (6, 9) to (6, 8)")
		p.ringShows("the focused square (6, 8)", focus)
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`document.querySelector('#board .sq.chosen[data-xy="6,8"]')`, "the square chosen with Enter")
		if l := js[[]string](p, `[document.activeElement.getAttribute('aria-label'), String(document.activeElement.getAttribute('aria-pressed'))]`); !strings.Contains(l[0], ", chosen") || l[1] != "true" {
			t.Errorf("the chosen square is named %q, pressed %s", l[0], l[1])
		}
		if n := js[int](p, `document.querySelectorAll('#board .sq.target[aria-pressed="false"]').length`); n == 0 {
			t.Error("the squares the queen reaches are not toggle buttons as tokens and cells are")
		}
		p.shotOf("keys-queen-desktop.png", "#board")
		// Whether the page kept the key from the browser, which scrolls the page with an arrow.
		js[bool](p, `(window.addEventListener('keydown', (e) => { window.kombiPrevented = e.defaultPrevented; }), true)`)
		js[bool](p, `(document.querySelector('#board .sq[data-xy="7,0"]').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowDown))
		if !js[bool](p, `window.kombiPrevented && document.activeElement.dataset.xy === '7,0'`) {
			t.Errorf("↓ on (7, 0), with no square below: prevented %v, the focus on %q", js[bool](p, `window.kombiPrevented`), js[string](p, `document.activeElement.dataset.xy || document.activeElement.tagName`))
		}
		p.phone()
		js[bool](p, `(document.querySelector('#board .sq[data-xy="1,9"]').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.ArrowRight))
		p.wait(`document.activeElement.dataset.xy === '2,9'`, "→ to (2, 9)")
		p.ringShows("the focused square (2, 9) on a phone", focus)
		p.shotOf("keys-queen-phone.png", "#board")
		p.desktop()
		p.clean("queen board")
	})

	t.Run("words", func(t *testing.T) {
		// Finding 9: a number named, waiting for its list, was "not named yet, in the one-colour progression".
		p.t = t
		p.study("vdwlist(k=3,colors=3,list=2,s=9)", "rr.bb....:3")
		if l := js[string](p, `document.querySelector('#board .num[data-number="3"]').getAttribute('aria-label') + ' | ' + document.querySelector('#board .num[data-number="3"]').className`); !strings.HasPrefix(l, "3, named, waiting for its colour list") || strings.Contains(l, "progression") || strings.Contains(l, "lit") {
			t.Errorf("the number named, before its list is drawn: %q", l)
		}
		// Finding 15: a Szemerédi number that wins said "(best)"; finding 26: a progression read as one string of numbers.
		p.study("ap(k=3,set=1;2;3;5;7;9;11)", "1 5 / 2 9")
		analysis()
		p.wait(`document.querySelector('#board .num.good')`, "the winning numbers marked")
		if l := js[string](p, `document.querySelector('#board .num.good').getAttribute('aria-label')`); l != "3, free; completes a progression for red, a winning move" {
			t.Errorf("a winning number is named %q", l)
		}
		if got := js[string](p, `document.querySelector('.race-side .aps li').textContent`); !strings.HasSuffix(got, " (holds 2 of 3)") {
			t.Errorf("a progression reads %q", got)
		}
		p.shotOf("words-ap-desktop.png", "#board")
		p.phone()
		p.shotOf("words-ap-phone.png", ".race-status")
		p.desktop()
		// Finding 28: one symbol.
		p.study("thue(alphabet=3,start=0)", "0")
		if l := js[string](p, `document.querySelector('#board .word').getAttribute('aria-label')`); l != "The word, 1 symbol" {
			t.Errorf("the word of one symbol is named %q", l)
		}
		// Finding 27: the move list says each move in words, as the last move's line does.
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		if how := js[string](p, `document.getElementById('howto').textContent`); !strings.Contains(how, "Choose a token:") || !strings.Contains(how, "With the keyboard:") {
			t.Errorf("the match's how-to says %q", how)
		}
		p.play(`document.querySelector('#board .token[data-heap="0"][data-token="1"]').click();`)
		p.wait(`document.querySelector('#moves .mv[data-move="2"]')`, "the computer's reply in the move list")
		if got := js[string](p, `document.querySelector('#moves .mv[data-move="1"]').getAttribute('aria-label')`); got != "Move 1: Player 1, 1:2 (take 2 tokens from heap 1)" {
			t.Errorf("move 1 in the move list is named %q", got)
		}
		p.clean("words")
	})

	t.Run("forced colours", func(t *testing.T) {
		// Finding 10: with forced colours the switch vanished, the palette lost its lines and diagonal, and the marks
		// drawn with shadows or backgrounds (chosen, the last move, the move shown) disappeared.
		p.t = t
		p.forcedColours(true)
		defer p.forcedColours(false)
		// The Nim match the words played: the move shown in the move list, a token chosen.
		if js[bool](p, `location.hash.startsWith('#/m/') && !!document.querySelector('#moves .mv.current')`) {
			js[bool](p, `(document.querySelector('#board .token:not([disabled])').click(), true)`)
			p.wait(`document.querySelector('#board .token.chosen')`, "a token chosen")
			got := js[[]string](p, `(() => { const bg = (sel) => getComputedStyle(document.querySelector(sel)).backgroundColor;
				return [String(bg('#moves .mv.current') !== bg('#moves .mv:not(.current)')), String(bg('#board .token.chosen') !== bg('#board .token:not(.chosen):not(.take)'))]; })()`)
			if fmt.Sprint(got) != "[true true]" {
				t.Errorf("in forced colours the move shown and the token chosen stand out: %q", got)
			}
			p.shot("forced-nim-desktop.png")
		}
		p.study("nim2d(n=4)", "R.../..../..../....:G")
		js[bool](p, `(document.querySelector('#board .cell[data-cell="1"]').click(), true)`)
		p.wait(`document.querySelector('#board .cell.chosen')`, "a cell chosen")
		got := js[[]string](p, `(() => { const cs = (sel, pseudo) => getComputedStyle(document.querySelector(sel), pseudo);
			const track = cs('#analysis-on + .switch-track'), knob = cs('#analysis-on + .switch-track', '::after');
			return [track.borderTopStyle + ' ' + track.borderTopWidth, String(knob.backgroundColor !== track.backgroundColor),
				cs('#board .cell[data-cell="2"]').borderTopStyle, cs('#board .cell.diag.free').backgroundImage === 'none' ? 'none' : 'hatched',
				String(cs('#board .cell.chosen').backgroundColor !== cs('#board .cell[data-cell="2"]').backgroundColor)]; })()`)
		if want := []string{"solid 2px", "true", "solid", "hatched", "true"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("in forced colours the switch's edge, its knob, a cell's edge, the diagonal, the chosen cell: %q, want %q", got, want)
		}
		p.shotHere("forced-palette-desktop.png")
		p.phone()
		p.shot("forced-palette-phone.png")
		p.desktop()
		p.study("wythoff(piles=7;9,view=queen)", "7;9")
		if got := js[string](p, `(s => s.borderTopStyle + ' ' + s.borderTopWidth)(getComputedStyle(document.querySelector('#board .sq.target')))`); got != "solid 3px" {
			t.Errorf("in forced colours a square the queen reaches has the edge %q", got)
		}
		p.shotOf("forced-queen-desktop.png", "#board")
		p.clean("forced colours")
	})
}

// forcedColours emulates a high-contrast theme (forced-colors: active), or
// stops; the page keeps asking for reduced motion, as newPage set it.
func (p *page) forcedColours(on bool) {
	p.t.Helper()
	features := []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
	if on {
		features = append(features, &emulation.MediaFeature{Name: "forced-colors", Value: "active"})
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features})
		return err
	}))
}

// ringShows checks that the focus ring round the focused element shows on
// the screen in the colour want (#rrggbb), on all four sides: the pixels
// in the middle of the ring's width, at the middle of each side, as the
// screen draws them (a neighbour painted over the ring, or a mark's
// outline in its place, fails).
func (p *page) ringShows(what, want string) {
	p.t.Helper()
	box := js[[]float64](p, `(e => { e.scrollIntoView({block: 'center', inline: 'center'}); const r = e.getBoundingClientRect(), s = getComputedStyle(e);
		return [r.left, r.top, r.right, r.bottom, parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth) / 2, devicePixelRatio]; })(document.activeElement)`)
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	l, tp, r, b, d, dpr := box[0], box[1], box[2], box[3], box[4], box[5]
	cx, cy := (l+r)/2, (tp+b)/2
	wr, wg, wb := hexRGB(p.t, want)
	var bad []string
	for _, pt := range []struct {
		side string
		x, y float64
	}{{"top", cx, tp - d}, {"right", r + d, cy}, {"bottom", cx, b + d}, {"left", l - d, cy}} {
		cr, cg, cb := pixel(img, pt.x*dpr, pt.y*dpr)
		if absDiff(cr, wr) > 40 || absDiff(cg, wg) > 40 || absDiff(cb, wb) > 40 {
			bad = append(bad, fmt.Sprintf("%s rgb(%d, %d, %d)", pt.side, cr, cg, cb))
		}
	}
	if len(bad) > 0 {
		p.t.Errorf("%s: the focus ring is not drawn in %s: %s", what, want, strings.Join(bad, ", "))
	}
}

func pixel(img image.Image, x, y float64) (int, int, int) {
	r, g, b, _ := img.At(int(x), int(y)).RGBA()
	return int(r >> 8), int(g >> 8), int(b >> 8)
}

func hexRGB(t *testing.T, hex string) (int, int, int) {
	t.Helper()
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		t.Fatalf("colour %q: want #rrggbb", hex)
	}
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}
