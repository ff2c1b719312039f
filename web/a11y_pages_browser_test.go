package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study/sources"
	"github.com/kombi/kombi/web"
)

// axNode is what Chromium's accessibility tree, which a screen reader
// reads, says of an element: its role, name and description, and whether
// it is left out (hidden, or behind a modal dialog: inert).
type axNode struct {
	Role, Name, Desc string
	Ignored          bool
}

// axOf reads the accessibility tree's node of each element sel selects.
func (p *page) axOf(sel string) []axNode {
	p.t.Helper()
	var out []axNode
	val := func(v *accessibility.Value) string {
		if v == nil {
			return ""
		}
		var s string
		if json.Unmarshal(v.Value, &s) != nil {
			return string(v.Value)
		}
		return s
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll(sel), chromedp.AtLeast(0)))
		if err != nil {
			return err
		}
		alone := false
		for _, n := range nodes {
			r, err := cdp.Call(ctx, tg, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{BackendNodeID: n.BackendNodeID, FetchRelatives: &alone})
			if err != nil {
				return err
			}
			var a axNode
			for _, x := range r.Nodes {
				if x.BackendDOMNodeID == n.BackendNodeID {
					a = axNode{Role: val(x.Role), Name: val(x.Name), Desc: val(x.Description), Ignored: x.Ignored}
					break
				}
			}
			out = append(out, a)
		}
		return nil
	}))
	return out
}

// ax1 is axOf of the one element sel selects.
func (p *page) ax1(sel string) axNode {
	p.t.Helper()
	a := p.axOf(sel)
	if len(a) != 1 {
		p.t.Fatalf("%s: %d elements, want 1", sel, len(a))
	}
	return a[0]
}

// focused says which element has the keyboard's focus: its id, else its
// tag and class.
func (p *page) focused() string {
	return js[string](p, `(e => !e ? 'nothing' : e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).replace(/ /g, '.') : ''))(document.activeElement)`)
}

// TestBrowserA11yPages: the pages around the boards as a person who plays
// with the keyboard and a screen reader meets them (the keyboard audit:
// each subtest names its findings).
func TestBrowserA11yPages(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	// A run of the sources document that goes on until cancelled: within one item, its counts of games tick
	// every 100 ms, its share done creeps from 3 to 8 %.
	write := func(ctx context.Context, quick bool, progress func(solve.Progress)) error {
		for i := 0; ; i++ {
			progress(solve.Progress{Done: int64(3 + min(i/10, 5)), Total: 100, Message: fmt.Sprintf("Thue thesis, Section 3.1 (item 1 of 3): games of the builder against the painter: %d of 500 played", i)})
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	h := newHarness(t, nil, func(o *web.Options) { o.Sources = write })
	p := newPage(t, h.ts.URL)

	t.Run("gallery", func(t *testing.T) {
		// Finding 21: each card's buttons say their game ("Play the computer" 14 times); their words stay.
		p.t = t
		p.desktop()
		p.do(chromedp.Navigate(h.ts.URL + "/#/"))
		p.wait(`document.querySelectorAll('.card').length >= 12`, "the gallery")
		names := map[string]int{}
		for _, a := range p.axOf(`.card-actions button`) {
			names[a.Name]++
		}
		for name, n := range names {
			if n > 1 {
				t.Errorf("%d buttons of the gallery are named %q", n, name)
			}
		}
		if got := p.ax1(`[data-game="nim(piles=3;4;5)"] [data-action=computer]`).Name; got != "Play the computer: Nim" {
			t.Errorf("Nim's card's first button is named %q", got)
		}
		if got := js[string](p, `document.querySelector('[data-game="nim(piles=3;4;5)"] [data-action=study]').textContent`); got != "Study a position" {
			t.Errorf("Nim's card's last button reads %q", got)
		}
		p.clean("the gallery")
	})

	t.Run("dialog", func(t *testing.T) {
		// Finding 12: with the dialog open, the page behind it is out of the keyboard's and the screen reader's reach.
		p.t = t
		p.desktop()
		p.do(chromedp.Navigate(h.ts.URL + "/#/"))
		p.wait(`document.querySelector('[data-game="thue(alphabet=3)"]')`, "the gallery")
		js[bool](p, `(document.querySelector('[data-game="thue(alphabet=3)"] [data-action=computer]').focus(), true)`)
		p.do(chromedp.KeyEvent("\r"))
		p.wait(`document.getElementById('dlg-start') && document.activeElement && document.activeElement.id === 'dlg-game'`, "the dialog, its first field focused")
		behind := []string{`.top .new-btn`, `main h1`, `[data-game="nim(piles=3;4;5)"] [data-action=computer]`}
		for _, sel := range behind {
			if a := p.ax1(sel); !a.Ignored {
				t.Errorf("with the dialog open, %s behind it is read: %+v", sel, a)
			}
		}
		if a := p.ax1(`#dlg-start`); a.Ignored || a.Name != "Start" {
			t.Errorf("the dialog's Start is %+v", a)
		}
		// Finding 13: a field is named by its label, its help is its description, once.
		fields := []struct{ sel, name, desc string }{
			{`#param-alphabet`, "Symbols (2 to 32)", "how many symbols the word is written with"},
			{`#param-rule`, "The repetition that ends the game", "what ends the game"},
			{`#dlg-opponent`, "Opponent", js[string](p, `document.getElementById('dlg-opponent-doc').textContent`)},
		}
		for _, f := range fields {
			if a := p.ax1(f.sel); a.Name != f.name || !strings.HasPrefix(a.Desc, f.desc) || f.desc == "" {
				t.Errorf("%s is named %q and described %q; want %q and %q…", f.sel, a.Name, a.Desc, f.name, f.desc)
			}
		}
		js[bool](p, `(() => { const e = document.getElementById('dlg-opponent'); e.value = e.options[0].value; e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`)
		p.wait(`document.getElementById('dlg-opponent').selectedIndex === 0`, "the first opponent chosen")
		if a := p.ax1(`#dlg-opponent`); a.Name != "Opponent" || a.Desc != js[string](p, `document.getElementById('dlg-opponent-doc').textContent`) {
			t.Errorf("another opponent chosen, the field is named %q and described %q", a.Name, a.Desc)
		}
		// Finding 22: a disclosure's name is its words, without the triangle drawn before them.
		if a := p.ax1(`details.advanced summary`); a.Name != "More settings: bot strings and seed" {
			t.Errorf("the disclosure is named %q", a.Name)
		}
		if got := js[string](p, `getComputedStyle(document.querySelector('details.advanced summary'), '::before').content`); !strings.Contains(got, "▸") {
			t.Errorf("the disclosure's triangle is no longer drawn: content %s", got)
		}
		p.shot("a11y-dialog-desktop.png")
		p.phone()
		p.shot("a11y-dialog-phone.png")
		p.desktop()
		// Closed, the page is back, the focus on the button that opened the dialog.
		p.do(chromedp.KeyEvent(kb.Escape))
		p.wait(`!document.getElementById('dlg-start') && document.activeElement && document.activeElement.dataset.action === 'computer'`, "the dialog closed, the focus back on its button")
		for _, sel := range behind {
			if a := p.ax1(sel); a.Ignored {
				t.Errorf("with the dialog closed, %s is still left out", sel)
			}
		}
		p.shot("a11y-gallery-desktop.png")
		p.clean("the dialog")
	})

	t.Run("study-setup", func(t *testing.T) {
		// Finding 18: the set-up editor opens above the button that opens it: the focus goes into it, and Enter in a
		// field uses the position.
		p.t = t
		p.onScreens(func(screen string) {
			p.study("nim(piles=3;4;5)", "3;4;5")
			js[bool](p, `([...document.querySelectorAll('.controls button')].find(b => b.textContent === 'Set up a position').focus(), true)`)
			p.do(chromedp.KeyEvent("\r"))
			p.wait(`document.querySelector('.setup')`, "the set-up editor")
			if got := js[string](p, `(e => e.closest('.setup') ? e.getAttribute('type') + ' ' + (e.closest('label') || e).textContent.trim() : '')(document.activeElement)`); got != "number Heap 1" {
				t.Errorf("%s: the editor opened, the focus is on %s, want its first heap", screen, p.focused())
			}
			p.shotHere("a11y-setup-" + screen + ".png")
			js[bool](p, `(e => (e.value = '6', e.dispatchEvent(new Event('input', {bubbles: true})), true))(document.activeElement)`)
			p.wait(`window.kombi.study.edit.heaps[0] === 6`, "heap 1 edited")
			p.do(chromedp.KeyEvent("\r"))
			p.wait(`!document.querySelector('.setup') && window.kombi.study.pos.position === '6;4;5'`, "the position used with Enter")
		})
		// A board that is over is edited into one to play on: the editor says Player 1 is to move, and the server
		// takes it (it refuses a board said over that is not).
		p.desktop()
		p.study("nim(piles=3;4;5)", "0;0;0")
		js[bool](p, `([...document.querySelectorAll('.controls button')].find(b => b.textContent === 'Set up a position').click(), true)`)
		p.wait(`document.querySelector('.setup input')`, "the set-up editor of a board over")
		if got := js[string](p, `document.querySelector('.setup select').value`); got != "0" {
			t.Errorf("the editor of a board over says %q is to move, want 0 (Player 1)", got)
		}
		js[bool](p, `(e => (e.value = '2', e.dispatchEvent(new Event('input', {bubbles: true})), true))(document.querySelector('.setup input'))`)
		p.wait(`window.kombi.study.edit.heaps[0] === 2`, "heap 1 edited")
		js[bool](p, `(document.querySelector('.setup [type=submit]').click(), true)`)
		p.wait(`!document.querySelector('.setup') || document.querySelector('.setup .error')`, "the edited board used or refused")
		if msg := js[string](p, `(e => e ? e.textContent : '')(document.querySelector('.setup .error'))`); msg != "" {
			t.Errorf("the edited board that was over is refused: %s", msg)
		} else if got := js[string](p, `window.kombi.study.pos.position`); got != "2;0;0" {
			t.Errorf("the edited board that was over is %q, want 2;0;0", got)
		}
		p.clean("the study's set-up")
	})

	t.Run("sources-write", func(t *testing.T) {
		// Finding 11: the page that writes the sources document says how far it got in a short line, when that
		// changes; the rest, which changes every second, is no live region and its buttons stay (7: Cancel kept
		// its focus for a second, then the page took it).
		p.t = t
		p.desktop()
		p.do(chromedp.Navigate(h.ts.URL + "/sources/"))
		p.wait(`document.getElementById('sources-write')`, "the offer to write the document")
		// What a screen reader is sent: each change of a live region's words, and how often the state was drawn.
		js[bool](p, `(() => { window.zzSaid = []; window.zzDrawn = 0;
			const live = '[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]';
			new MutationObserver((ms) => { for (const m of ms) {
				const t = m.target.nodeType === 1 ? m.target : m.target.parentElement;
				const r = t && t.closest(live);
				if (r && r.textContent.trim() && r.textContent !== window.zzSaid[window.zzSaid.length - 1]) window.zzSaid.push(r.textContent);
				if (t && t.closest('#sources-state')) window.zzDrawn++;
			} }).observe(document.body, { subtree: true, childList: true, characterData: true });
			return true; })()`)
		js[bool](p, `(document.getElementById('sources-write').focus(), true)`)
		p.do(chromedp.KeyEvent("\r"))
		p.wait(`document.getElementById('sources-cancel') && document.getElementById('sources-text').textContent.includes('(item 1 of 3)')`, "the run going")
		if got := p.focused(); got != "#sources-cancel" {
			t.Errorf("the run started, the focus is on %s, want Cancel", got)
		}
		// Three seconds of a run: the page draws its state again, the counts of games in it change.
		js[bool](p, `(window.zzCancel = document.getElementById('sources-cancel'), window.zzMark = window.zzDrawn, window.zzText = document.getElementById('sources-text').textContent, true)`)
		p.wait(`window.zzDrawn >= window.zzMark + 3 && document.getElementById('sources-text').textContent !== window.zzText`, "the state drawn again")
		p.shot("a11y-sources-running-desktop.png")
		if !js[bool](p, `document.getElementById('sources-cancel') === window.zzCancel && document.activeElement === window.zzCancel`) {
			t.Errorf("Cancel was drawn again or lost the focus (now on %s)", p.focused())
		}
		said := js[[]string](p, `window.zzSaid`)
		want := "Writing the document: under 10 % done — Thue thesis, Section 3.1 (item 1 of 3)."
		if len(said) == 0 || len(said) > 2 || said[len(said)-1] != want || len(said) == 2 && said[0] != "Writing the document: starting." {
			t.Errorf("while the run went on, the live regions said %d times: %q; want once %q (after “starting”)", len(said), said, want)
		}
		p.accessibleLayout("the sources page, a run going")
		// Cancel: the focus goes to the words that say how the writing stands, which replace it.
		p.do(chromedp.KeyEvent("\r"))
		p.wait(`document.getElementById('sources-cancelled') && document.getElementById('sources-write')`, "the run cancelled")
		if got := p.focused(); got != "#sources-text" {
			t.Errorf("cancelled, the focus is on %s, want the words of how the writing stands", got)
		}
		if got := js[string](p, `(document.getElementById('sources-said') || {}).textContent || ''`); !strings.HasPrefix(got, "Cancelled. The last run was cancelled after") {
			t.Errorf("cancelled, the live region says %q", got)
		}
		if said := js[[]string](p, `window.zzSaid`); slices.ContainsFunc(said, func(s string) bool { return strings.Contains(s, "so far") || len(s) > 400 }) {
			t.Errorf("a live region said the whole state: %q", said)
		}
		p.shot("a11y-sources-cancelled-desktop.png")
		p.phone()
		p.shot("a11y-sources-cancelled-phone.png")
		p.clean("the sources page")
	})

	t.Run("sources-document", func(t *testing.T) {
		// Finding 23: only a table or an output that scrolls sideways is a stop of the keyboard's and a region (46 were,
		// of which one scrolled), as the screen it is read on changes too.
		p.t = t
		writeSources(t, filepath.Join(data, sources.Folder), filepath.Join(data, "sources.db"), "wythoff/table-4,wythoff/table-5,thue/figure-2.3")
		frames := func() []string {
			return js[[]string](p, `[...document.querySelectorAll('main .table, main pre')].map(f => [f.scrollWidth > f.clientWidth + 1 ? 'scrolls' : 'fits',
				f.getAttribute('tabindex') === '0' && f.getAttribute('role') === 'region' && !!f.getAttribute('aria-label') ? 'stop' : f.hasAttribute('tabindex') || f.hasAttribute('role') ? 'half' : 'none',
				(f.querySelector('caption') || f).textContent.slice(0, 30)].join(' '))`)
		}
		var shown []string
		p.onScreens(func(screen string) {
			if screen == "phone" {
				p.do(chromedp.Navigate(h.ts.URL + "/sources/"))
				p.wait(`document.querySelector('#wythoff-table-5 table')`, "the document")
			}
			p.wait(`[...document.querySelectorAll('main .table, main pre')].every(f => (f.scrollWidth > f.clientWidth + 1) === (f.getAttribute('role') === 'region'))`, "the frames marked")
			got := frames()
			scrolls, fits := 0, 0
			for _, f := range got {
				switch {
				case strings.HasPrefix(f, "scrolls stop"):
					scrolls++
				case strings.HasPrefix(f, "fits none"):
					fits++
				default:
					t.Errorf("%s: a frame marked against its scrolling: %s", screen, f)
				}
			}
			if screen == "desktop" && (scrolls == 0 || fits == 0) {
				t.Errorf("%s: %d frames scroll, %d fit; want both on the page: %q", screen, scrolls, fits, got)
			}
			for i, a := range p.axOf(`main .table, main pre`) {
				if (a.Role == "region") != strings.HasPrefix(got[i], "scrolls") {
					t.Errorf("%s: the tree reads %s as a %s", screen, got[i], a.Role)
				}
			}
			shown = append(shown, strings.Join(got, "; "))
		})
		if len(shown) != 2 || shown[0] == shown[1] {
			t.Errorf("the frames that scroll are the same on a phone and a desktop: %q", shown)
		}
		// As the window changes, the frames are checked again (the desktop's page, narrowed).
		p.do(chromedp.EmulateViewport(390, 844))
		p.wait(`[...document.querySelectorAll('main .table, main pre')].every(f => (f.scrollWidth > f.clientWidth + 1) === (f.getAttribute('role') === 'region'))`, "the frames marked again at 390 px")
		js[bool](p, `(document.querySelector('#wythoff-table-5 .table').scrollIntoView({block: 'center'}), true)`)
		p.shotHere("a11y-sources-table-phone.png")
		p.clean("the sources document")
	})
}
