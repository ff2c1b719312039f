package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserWidePalettes: 2D Nim's palettes of 8 to 10 cells a side on a
// 390 × 844 phone (touch) keep 44 px cells, as on a 1400 × 900 desktop:
// the palette scrolls sideways in a frame of its own, a line above it
// saying so, the page no wider than the screen; on the study board and
// its set-up editor too. A student's audit measured 42, 37 and 33 px.
// No console error or CSP violation.
func TestBrowserWidePalettes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)

	t.Run("nim2d-wide", func(t *testing.T) {
		// Finding 3: 2D Nim's cells were 42, 37 and 33 px on a 390 px phone for palettes of 8, 9 and 10, in play and
		// on the study board. They keep 44 px; the palette scrolls sideways inside its own frame, a line above it says
		// so, the page is no wider than the screen, and the last column is reached by sliding the frame.
		p.t = t
		cue := `(() => { const c = document.getElementById('scroll-cue'); return c && getComputedStyle(c).display !== 'none' ? c.textContent : ''; })()`
		frame := `(() => { const f = document.querySelector('#board .palette-frame, .setup .palette-frame'); return [f.scrollWidth, f.clientWidth, f.getBoundingClientRect().left, f.getBoundingClientRect().right]; })()`
		for _, n := range []int{7, 8, 9, 10} {
			m := h.create(fmt.Sprintf("nim2d(n=%d,first=p1)", n), [2]string{"human", "perfect(budget=1000)"}, 11)
			p.onTouchAndDesktop(func(s screen) {
				p.openAs(m)
				p.wait(`document.querySelector('#board .cell:not([disabled])')`, "my turn")
				p.settled()
				what := fmt.Sprintf("the %d×%d palette at %s", n, n, s.name)
				p.noOverflow(what)
				p.targets(what, `#board .cell`)
				f := js[[]float64](p, frame)
				c := js[string](p, cue)
				wide := s == phoneTall && n >= 8
				if wide != (f[0] > f[1]+1) {
					t.Errorf("%s: the frame scrolls %v px of %v: want it to scroll: %v", what, f[0], f[1], wide)
				}
				if want := fmt.Sprintf("⇆ The palette is wider than the screen: slide it sideways to see all %d columns.", n); wide && c != want || !wide && c != "" {
					t.Errorf("%s: the line above it says %q; want %q: %v", what, c, want, wide)
				}
				if f[2] < -0.5 || f[3] > float64(s.w)+0.5 {
					t.Errorf("%s: the frame spans %v..%v px on a %d px screen", what, f[2], f[3], s.w)
				}
				if wide {
					p.shotHere(fmt.Sprintf("words-nim2d-%d-%s.png", n, s.name))
					// The last column: scrolled into the frame, it is on the screen and plays.
					last := fmt.Sprintf(`document.querySelector('#board [data-cell="%d"]')`, n-1)
					js[bool](p, `(document.querySelector('#board .palette-frame').scrollLeft = 1e6, true)`)
					p.settled()
					if r := js[[]float64](p, `(r => [r.left, r.right])(`+last+`.getBoundingClientRect())`); r[0] < -0.5 || r[1] > float64(s.w)+0.5 {
						t.Errorf("%s: cell %d at %v..%v px after sliding the frame to its end", what, n, r[0], r[1])
					}
					p.noOverflow(what + ", slid to its last column")
					r := js[[]float64](p, `(r => [r.left + r.width / 2, r.top + r.height / 2])(`+last+`.getBoundingClientRect())`)
					p.do(chromedp.TapXY(r[0], r[1]))
					p.wait(last+`.classList.contains('chosen')`, fmt.Sprintf("cell %d chosen by a tap", n))
					js[bool](p, `(document.getElementById('clear').click(), true)`)
					js[bool](p, `(document.querySelector('#board .palette-frame').scrollLeft = 0, true)`)
				} else if n == 10 {
					p.shotHere(fmt.Sprintf("words-nim2d-%d-%s.png", n, s.name))
				}
			})
		}
		// The study board and its set-up editor of the 10×10 palette.
		p.viewport(phoneTall)
		empty := strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 10)+"/", 10), "/") + ":R"
		p.study("nim2d(n=10)", empty)
		p.settled()
		p.noOverflow("the 10×10 study board")
		p.targets("the 10×10 study board", `#board .cell`)
		if c := js[string](p, cue); !strings.HasPrefix(c, "⇆ The palette is wider") {
			t.Errorf("the 10×10 study board says %q above the palette", c)
		}
		p.shotHere("words-nim2d-study-" + phoneTall.name + ".png")
		js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
		p.wait(`document.querySelector('.setup [data-cell="99"]')`, "the 10×10 set-up editor")
		p.settled()
		p.noOverflow("the 10×10 set-up editor")
		p.targets("the 10×10 set-up editor", `.setup .cell`)
		if f := js[[]float64](p, frame); f[0] <= f[1]+1 {
			t.Errorf("the 10×10 set-up editor's frame scrolls %v px of %v: its palette is cut off or its cells shrank", f[0], f[1])
		}
		if c := js[string](p, cue); !strings.HasPrefix(c, "⇆ The palette is wider") {
			t.Errorf("the 10×10 set-up editor says %q above the palette", c)
		}
		js[bool](p, `(document.querySelector('.setup').scrollIntoView({block: 'start'}), true)`)
		p.shotHere("words-nim2d-setup-" + phoneTall.name + ".png")
		p.clean("nim2d-wide")
	})
}

// onTouchAndDesktop runs f on a 390 × 844 phone (touch), then on a
// 1400 × 900 desktop.
func (p *page) onTouchAndDesktop(f func(s screen)) {
	p.t.Helper()
	for _, s := range []screen{phoneTall, desktopTest} {
		p.viewport(s)
		f(s)
	}
}
