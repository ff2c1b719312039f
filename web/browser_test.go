package web_test

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study/sources"
	"github.com/kombi/kombi/web"
)

var screenshots = flag.String("screenshots", "", "directory to save the browser tests' screenshots in (e.g. $PWD/docs)")

// page is one headless Chromium tab on the test server, with every console
// error, uncaught exception and Content-Security-Policy violation it saw.
type page struct {
	t        *testing.T
	ctx      context.Context
	base     string
	mu       sync.Mutex
	problems []string
	width    float64 // the screen's width: 1400, or 390 on a phone
}

// newPage starts Chromium (one per test) on a fresh profile. Chromium is
// required: a machine without it fails with the package to install.
func newPage(t *testing.T, base string) *page {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Fatal("Chromium is not installed: the browser tests need it; on Debian: apt-get install chromium (.ci/run installs it)")
	}
	// The browser starts before anything else uses its context, and a
	// start that fails (a loaded CI machine) is tried once more in a fresh
	// allocator and context: chromedp allocates a browser for a context
	// again after a failed start, and then closes one of its channels twice
	// (a panic).
	var ctx context.Context
	for try := 1; ; try++ {
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.UserDataDir(t.TempDir()),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
			chromedp.WindowSize(1400, 900),
		}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		c, cancelCtx := chromedp.NewContext(actx)
		c, cancelTime := context.WithTimeout(c, 4*time.Minute)
		t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
		err := chromedp.Do(c)
		if err == nil {
			ctx = c
			break
		}
		if try == 2 {
			t.Fatalf("start chromium (twice): %v", err)
		}
		t.Logf("start chromium: %v; trying once more", err)
	}
	p := &page{t: t, ctx: ctx, base: base, width: 1400}
	msgs := chromedp.Console(ctx)
	// Reduced motion: no transition half-way in a screenshot (a switch's knob
	// caught between off and on).
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	})); err != nil {
		t.Fatalf("emulate reduced motion: %v", err)
	}
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			bad := m.IsException() || m.Type == chromedp.ConsoleError || m.Source == "security" ||
				strings.Contains(m.Text, "Content Security Policy") || strings.Contains(m.Text, "Content-Security-Policy")
			if bad {
				p.mu.Lock()
				p.problems = append(p.problems, fmt.Sprintf("%s [%s] %s (%s:%d)", m.Type, m.Source, m.Text, m.URL, m.Line))
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// forgive drops the console errors so far that contain every one of parts:
// the browser's own line for a request the test expects refused (a 400 to a
// move the rules do not allow, which the page shows in words).
// The browser reports the line on its own time: forgive waits for it.
func (p *page) forgive(parts ...string) {
	p.t.Helper()
	match := func(pr string) bool {
		for _, part := range parts {
			if !strings.Contains(pr, part) {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		p.mu.Lock()
		n := len(p.problems)
		p.problems = slices.DeleteFunc(p.problems, match)
		forgiven := n - len(p.problems)
		p.mu.Unlock()
		if forgiven > 0 {
			return
		}
		if time.Now().After(deadline) {
			p.t.Errorf("no console error with %q to forgive", parts)
			return
		}
	}
}

// clean fails the test on any console error or CSP violation so far.
func (p *page) clean(when string) {
	p.t.Helper()
	p.mu.Lock()
	probs := append([]string(nil), p.problems...)
	p.mu.Unlock()
	if v := js[[]string](p, `window.kombiCSPViolations || []`); len(v) > 0 {
		probs = append(probs, v...)
	}
	if len(probs) > 0 {
		p.t.Fatalf("%s: %d console errors or CSP violations:\n%s", when, len(probs), strings.Join(probs, "\n"))
	}
	p.typeset(when)
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// js evaluates an expression (awaiting a promise) and returns its value.
func js[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript condition until it holds (no fixed sleeps),
// also across a navigation or reload of the page's own (its condition is
// false while the page changes).
func (p *page) wait(cond, what string) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	holds := func() bool {
		p.t.Helper()
		v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool]("!!("+cond+")", chromedp.EvalAwaitPromise))
		if err != nil && !navigating(err) {
			p.t.Fatalf("evaluate %s: %v", cond, err)
		}
		return err == nil && v
	}
	for !holds() {
		if time.Now().After(deadline) {
			p.t.Fatalf("waiting for %s: status %q, error %q", what,
				js[string](p, `(document.getElementById('status')||{}).textContent||''`),
				js[string](p, `[...document.querySelectorAll('.error')].map(e=>e.textContent).join(' | ')`))
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// navigating reports whether err is an evaluation cut short by the page
// navigating or reloading.
func navigating(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "navigated or closed") || strings.Contains(msg, "context was destroyed") || strings.Contains(msg, "Cannot find context")
}

func (p *page) phone() {
	// A touch screen, as a phone's: the page's (pointer: coarse) rules apply (the keyboard's how-to hidden).
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.width = 390
}

func (p *page) desktop() {
	p.do(chromedp.EmulateViewport(1400, 900))
	p.width = 1400
}

// onScreens runs f on a phone's screen, then on a desktop's, with the
// screen's name.
func (p *page) onScreens(f func(screen string)) {
	for _, s := range []struct {
		name string
		set  func()
	}{{"phone", p.phone}, {"desktop", p.desktop}} {
		s.set()
		f(s.name)
	}
}

// shot writes a screenshot of the viewport into -screenshots.
func (p *page) shot(name string) {
	p.t.Helper()
	if *screenshots == "" {
		return
	}
	js[bool](p, `(window.scrollTo(0, 0), true)`)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	p.writeShot(name, png)
}

// writeShot writes a screenshot into -screenshots, making the directory
// when it is not there yet.
func (p *page) writeShot(name string, png []byte) {
	p.t.Helper()
	if err := os.MkdirAll(*screenshots, 0o755); err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(*screenshots, name), png, 0o644); err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
}

// shotHere writes a screenshot of the viewport where it is scrolled to.
func (p *page) shotHere(name string) {
	p.t.Helper()
	if *screenshots == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	p.writeShot(name, png)
}

// shotOf writes a screenshot with the element sel selects scrolled to
// the top of the viewport (the analysis beside or below the board).
func (p *page) shotOf(name, sel string) {
	p.t.Helper()
	if *screenshots == "" {
		return
	}
	js[bool](p, `(document.querySelector('`+sel+`').scrollIntoView({block: 'start'}), true)`)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	p.writeShot(name, png)
	js[bool](p, `(window.scrollTo(0, 0), true)`)
}

// study opens the study board on a position (the address the page
// shares) and waits for it.
func (p *page) study(gameStr, position string) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.base + "/#/"))
	p.wait(`document.querySelector('.card')`, "the gallery")
	js[bool](p, fmt.Sprintf(`(location.hash = '#/study?game=' + encodeURIComponent(%q) + '&position=' + encodeURIComponent(%q), true)`, gameStr, position))
	p.wait(fmt.Sprintf(`window.kombi.study && window.kombi.study.pos && window.kombi.study.pos.position === %q && document.getElementById('board')`, position), "the study of "+position)
}

// setup is a game started from the gallery as a person would: a card's
// action, the dialog's fields, Start.
type setup struct {
	card     string            // the gallery card's game string
	action   string            // computer, friend, watch
	fields   map[string]string // dialog fields by id or data-param
	opponent string            // a bot string among the opponents
}

func (p *page) start(s setup) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.base + "/#/"))
	p.wait(`document.querySelector('[data-game="`+s.card+`"]')`, "the gallery card "+s.card)
	js[bool](p, `(document.querySelector('[data-game="`+s.card+`"] [data-action=`+s.action+`]').click(), true)`)
	p.wait(`document.getElementById('dlg-start')`, "the new-game dialog")
	set := func(sel, v string) {
		p.t.Helper()
		ok := js[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
			e.value = %q; e.dispatchEvent(new Event(e.tagName === 'SELECT' ? 'change' : 'input', {bubbles: true})); return true; })()`, sel, v))
		if !ok {
			p.t.Fatalf("the dialog has no field %s", sel)
		}
		p.wait(fmt.Sprintf(`document.querySelector(%q).value === %q`, sel, v), "the field "+sel)
	}
	for k, v := range s.fields {
		if strings.HasPrefix(k, "#") {
			set(k, v)
		} else {
			set(`[data-param="`+k+`"]`, v)
		}
	}
	if s.opponent != "" {
		set("#dlg-opponent", s.opponent)
	}
	if _, ok := s.fields["#dlg-seed"]; !ok {
		set("#dlg-seed", "11") // the same games, and screenshots, every run
	}
	js[bool](p, `(document.getElementById('dlg-start').click(), true)`)
	p.wait(`location.hash.startsWith('#/m/') && window.kombi.match && document.getElementById('board')`, "the new match's board")
}

// checkPhone checks what a person sees on a phone: the board in view,
// nothing wider than the screen, every target at least 44×44 px.
func (p *page) checkPhone(what string) {
	p.t.Helper()
	if inView := js[bool](p, `(() => { const r = document.getElementById('board').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight - 120; })()`); !inView {
		p.t.Errorf("%s: the board is not in view after Start (top %v px, screen %v px)", what,
			js[float64](p, `document.getElementById('board').getBoundingClientRect().top`), js[float64](p, `innerHeight`))
	}
	p.noOverflow(what)
	small := js[[]string](p, `[...document.querySelectorAll('#board button:not([disabled]), #play-move, .controls .btn, .controls .switch, .moves .mv')]
		.filter(e => e.offsetParent !== null)
		.map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width < 44 || r.height < 44)
		.map(([e, r]) => (e.id || e.className) + ' ' + Math.round(r.width) + '×' + Math.round(r.height))`)
	if len(small) > 0 {
		p.t.Errorf("%s: %d targets smaller than 44×44 px on a phone: %v", what, len(small), small)
	}
}

// targets checks that the visible elements sel selects are at least 44×44 px.
func (p *page) targets(what, sel string) {
	p.t.Helper()
	small := js[[]string](p, `[...document.querySelectorAll('`+sel+`')].filter(e => e.offsetParent !== null)
		.map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width < 44 || r.height < 44)
		.map(([e, r]) => (e.id || e.className || e.tagName) + ' "' + e.textContent.trim().slice(0, 20) + '" ' + Math.round(r.width) + '×' + Math.round(r.height))`)
	if len(small) > 0 {
		p.t.Errorf("%s: %d targets smaller than 44×44 px on a phone: %v", what, len(small), small)
	}
}

// seatsUnlikePaints checks that the seats' markers (the dots beside the
// players' names) have colours of their own, none of those of the paint
// classes given (a game whose board paints in red, blue and green must not
// mark a seat in one of them: a student reads "red" as that seat's).
func (p *page) seatsUnlikePaints(what string, classes ...string) {
	p.t.Helper()
	got := js[[]string](p, `(() => {
		const paint = (cls) => { const e = document.createElement('span'); e.className = cls; document.getElementById('board').append(e); const c = getComputedStyle(e).backgroundColor; e.remove(); return c; };
		const paints = '`+strings.Join(classes, " ")+`'.split(' ').map(paint);
		const seats = [...document.querySelectorAll('.dot.own0, .dot.own1')].map(e => getComputedStyle(e).backgroundColor);
		return seats.length === 2 ? seats.filter(c => paints.includes(c)) : ['seat markers: ' + seats.length];
	})()`)
	if len(got) > 0 {
		p.t.Errorf("%s: the seats are marked in the colours of the board's paints: %v", what, got)
	}
}

// noOverflow checks that nothing is wider than the screen: the page (a
// phone widens its viewport to what overflows, so innerWidth grows too) and
// every element, except inside a frame that scrolls or clips sideways on
// purpose (a board wider than a phone scrolls in its frame: the frame must
// fit).
func (p *page) noOverflow(what string) {
	p.t.Helper()
	if w := js[[]float64](p, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > p.width || w[1] > p.width {
		p.t.Errorf("%s: the page is %v px wide (innerWidth %v) on a %v px screen", what, w[0], w[1], p.width)
	}
	wide := js[[]string](p, fmt.Sprintf(`(() => { const W = %v, out = [];
		for (const e of document.querySelectorAll('body *')) {
			const r = e.getBoundingClientRect();
			if (!r.width || r.right <= W + 0.5) continue;
			let framed = false;
			for (let s = e.parentElement; s && s !== document.body; s = s.parentElement) {
				if (getComputedStyle(s).overflowX !== 'visible') { framed = true; break; }
			}
			if (!framed) out.push((e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + String(e.className).replace(/ /g, '.')) + ' to ' + Math.round(r.right) + ' px');
		}
		return out.slice(0, 6); })()`, p.width))
	if len(wide) > 0 {
		p.t.Errorf("%s: wider than the %v px screen: %v", what, p.width, wide)
	}
}

// typeset checks the page's typography: no straight apostrophe between
// letters in the words a person reads (the server's words are typeset as
// the page's own: "Wythoff’s game"); code and input keep their characters.
func (p *page) typeset(what string) {
	p.t.Helper()
	bad := js[[]string](p, `(() => { const out = [];
		const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = w.nextNode(); n; n = w.nextNode()) {
			if (n.parentElement.closest('code, pre, kbd, samp, textarea, script, style')) continue;
			const m = n.textContent.match(/\S*\p{L}'\p{L}\S*/u);
			if (m) out.push(m[0]);
		}
		for (const e of document.querySelectorAll('[title], [aria-label]')) {
			for (const a of ['title', 'aria-label']) {
				const m = (e.getAttribute(a) || '').match(/\S*\p{L}'\p{L}\S*/u);
				if (m) out.push(a + ': ' + m[0]);
			}
		}
		const m = document.title.match(/\S*\p{L}'\p{L}\S*/u);
		if (m) out.push('document.title: ' + m[0]);
		return out.slice(0, 6); })()`)
	if len(bad) > 0 {
		p.t.Errorf("%s: straight apostrophes where the page sets ’: %q", what, bad)
	}
}

// play makes one move of the person's with choose (JavaScript that clicks
// a choice on the board) then Play; it reports false when the game is over.
func (p *page) play(choose string) bool {
	p.t.Helper()
	return p.playWhen("true", choose)
}

// playWhen is play waiting on the person's turn for ready too (the
// analysis of the position, say, so that the same moves are chosen every
// run).
func (p *page) playWhen(ready, choose string) bool {
	p.t.Helper()
	p.wait(`window.kombi.match.finished || (document.querySelector('#board button:not([disabled])') && !window.kombi.busy && (`+ready+`))`, "my turn or the end")
	if js[bool](p, `window.kombi.match.finished`) {
		return false
	}
	n := js[int](p, `window.kombi.match.moves.length`)
	js[bool](p, `(() => { `+choose+` return true; })()`)
	p.wait(`!document.getElementById('play-move').disabled`, "a complete move")
	js[bool](p, `(document.getElementById('play-move').click(), true)`)
	p.wait(fmt.Sprintf(`window.kombi.match.moves.length > %d || window.kombi.match.finished`, n), "the move to be played")
	return true
}

// playOut plays the person's moves until the game is over.
func (p *page) playOut(choose string, maxMoves int) {
	p.t.Helper()
	for i := 0; p.play(choose); i++ {
		if i >= maxMoves {
			p.t.Fatalf("the game is not over after %d moves", maxMoves)
		}
	}
}

// gridShape returns the cells and the distinct columns and rows their
// boxes form.
func (p *page) gridShape() []int {
	return js[[]int](p, `(() => { const cs = [...document.querySelectorAll('#board [data-cell]')].map(c => c.getBoundingClientRect());
		const xs = new Set(cs.map(r => Math.round(r.left))), ys = new Set(cs.map(r => Math.round(r.top)));
		const same = cs.every(r => Math.abs(r.width - cs[0].width) < 1 && Math.abs(r.height - cs[0].height) < 1);
		return [cs.length, xs.size, ys.size, same ? 1 : 0, Math.round(cs[0].width)]; })()`)
}

func (p *page) gameOver(what string) string {
	p.t.Helper()
	p.wait(`document.getElementById('result')`, what+": the game-over panel")
	head := js[string](p, `document.querySelector('#result h2').textContent`)
	// (The Thue game without a target is scored by the length the word ended at, the painter's points.)
	if !strings.Contains(head, "won") && !strings.Contains(head, "draw") && !strings.HasPrefix(head, "The word ended at length") {
		p.t.Errorf("%s: the game-over panel says %q, want who won and why", what, head)
	}
	if !js[bool](p, `!!document.getElementById('rematch') && !!document.getElementById('new-game')`) {
		p.t.Errorf("%s: no Rematch or New game at the end", what)
	}
	if js[bool](p, `!!document.querySelector('.type-move')`) {
		p.t.Errorf("%s: 'Type a move' is offered after the end", what)
	}
	// The page names the players as its seats do, never as the terminal's P1 and P2.
	if txt := js[string](p, `document.getElementById('result').innerText`); regexp.MustCompile(`\bP[12]\b`).MatchString(txt) {
		p.t.Errorf("%s: the game-over panel names a player P1 or P2: %q", what, txt)
	}
	p.typeset(what + ": the game's end")
	return head
}

// downloadable checks the end's Download the record: a file named after
// the game and the match, holding the record of every move played.
func (p *page) downloadable(what string) {
	p.t.Helper()
	got := js[[]string](p, `(async () => { const a = document.getElementById('download-record'); if (!a) return ['', '', ''];
		const rec = await (await fetch(a.href)).json();
		return [a.getAttribute('download'), String(rec.moves.length), String(window.kombi.match.moves.length), rec.game]; })()`)
	m := js[[]string](p, `[window.kombi.match.game_name, window.kombi.match.id, window.kombi.match.game]`)
	if len(got) < 4 || got[0] != "kombi-"+m[0]+"-"+m[1]+".json" || got[1] != got[2] || got[3] != m[2] {
		p.t.Errorf("%s: the record to download: %q; want kombi-%s-%s.json with the match's moves and game %s", what, got, m[0], m[1], m[2])
	}
}

// teaches checks the analysis' "How it works" on the position shown: it is
// there, says want, and speaks as the page does, without the terminal's
// words for what the panel shows itself (the game string, the board as
// text, the winning moves, the outcome, the search's count, P1 and P2).
func (p *page) teaches(what, want string) {
	p.t.Helper()
	js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
	p.wait(fmt.Sprintf(`(document.querySelector('#analysis .teach .explain') || {textContent: ''}).textContent.includes(%q)`, want), what+": How it works saying "+want)
	txt := js[string](p, `document.querySelector('#analysis .teach .explain').textContent`)
	if bad := regexp.MustCompile(`\bP[12]\b|Outcome for the player to move|Winning moves|positions searched|COUNTER|[a-z0-9]+\([a-z]+=`).FindString(txt); bad != "" {
		p.t.Errorf("%s: How it works speaks the terminal's words (%q): %q", what, bad, txt)
	}
	p.typeset(what + ": How it works")
}

// seatsAsThePage checks that the board and the analysis, in words and in
// their buttons' names, name the players as the page's header does (You,
// Red, the namer, R (red)), never as the terminal's P1 and P2.
func (p *page) seatsAsThePage(what string) {
	p.t.Helper()
	said := js[[]string](p, `[...document.querySelectorAll('#board, #analysis')].flatMap(e => [e.innerText,
		...[...e.querySelectorAll('[aria-label]')].map(x => x.getAttribute('aria-label'))]).filter(t => /\bP[12]\b/.test(t)).map(t => t.slice(0, 200))`)
	if len(said) > 0 {
		p.t.Errorf("%s: the board or the analysis names a player P1 or P2: %q", what, said)
	}
}

func (p *page) status() string { return js[string](p, `document.getElementById('status').textContent`) }

func TestBrowserGames(t *testing.T) {
	t.Parallel() // its own server and browser; beside the accessibility test's
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)

	t.Run("gallery", func(t *testing.T) {
		p.t = t
		p.phone()
		p.do(chromedp.Navigate(h.ts.URL + "/"))
		p.wait(`document.querySelectorAll('.card').length >= 12`, "the gallery")
		for _, title := range []string{"Nim", "Misère Nim", "Index-k Nim", "Greedy Nim", "Grundy’s game", "Building Nim", "Wythoff’s game", "Wythoff’s queen", "2D Nim", "Thue game", "Szemerédi game", "List-colouring van der Waerden game"} {
			if !js[bool](p, fmt.Sprintf(`[...document.querySelectorAll('.card h3')].some(e => e.textContent.startsWith(%q))`, title)) {
				t.Errorf("the gallery has no card %q", title)
			}
		}
		if n := js[int](p, `document.querySelectorAll('.card svg.picture').length`); n < 12 {
			t.Errorf("%d cards have a drawn picture, want every card", n)
		}
		p.noOverflow("gallery")
		p.targets("gallery", `button, a, input, select`)
		p.accessible("the gallery on a phone")
		p.shot("gallery-phone.png")
		// The new-game dialog on a phone: every control at least 44 px high and wide.
		js[bool](p, `(b => (b.focus(), b.click(), true))(document.querySelector('[data-game="nim(piles=3;4;5)"] [data-action=computer]'))`)
		p.wait(`document.getElementById('dlg-start')`, "the dialog")
		p.targets("dialog", `.modal button, .modal input:not([type=radio]):not([type=checkbox]), .modal select, .modal .seg, .modal .switch, .modal summary`)
		p.noOverflow("dialog")
		p.wait(`document.activeElement && document.activeElement.id === 'dlg-game'`, "the focus in the dialog")
		// The opponents listed by their titles, what the chosen one does
		// written out below (a long description in the closed list was cut
		// at its edge), and read with the list.
		opp := func() (titles []string, doc, described string) {
			return js[[]string](p, `[...document.querySelectorAll('#dlg-opponent option')].map(o => o.textContent)`),
				js[string](p, `(document.getElementById('dlg-opponent-doc') || {}).textContent || ''`),
				js[string](p, `document.getElementById('dlg-opponent').getAttribute('aria-describedby') || ''`)
		}
		if titles, doc, described := opp(); !slices.Equal(titles, []string{"Random", "Look-ahead", "Perfect"}) ||
			doc != "Bouton’s strategy: leaves heaps whose binary XOR is zero (in misère play, once only one-token heaps would be left: an odd number of them)" || described != "dlg-opponent-doc" {
			t.Errorf("the opponents %q, the chosen one's words %q, described by %q", titles, doc, described)
		}
		js[bool](p, `(() => { const e = document.getElementById('dlg-opponent'); e.value = 'random'; e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`)
		p.wait(`document.getElementById('dlg-opponent-doc').textContent === 'plays any legal move at random'`, "the words of the opponent chosen")
		// A typo in a bot string: the server's refusal names the dialog's field and the bot meant.
		js[bool](p, `(document.querySelector('details.advanced').open = true, true)`)
		js[bool](p, `(() => { const e = document.getElementById('dlg-bot1'); e.value = 'alfabeta'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		js[bool](p, `(document.getElementById('dlg-start').click(), true)`)
		p.wait(`document.getElementById('dlg-error').textContent !== ''`, "the refusal")
		if got := js[string](p, `document.getElementById('dlg-error').textContent`); !strings.HasPrefix(got, `The bot string for Player 2 (“alfabeta”) is refused: unknown bot "alfabeta" for nim (did you mean "alphabeta"?)`) {
			t.Errorf("the dialog says %q", got)
		}
		p.forgive("status of 400")
		// A heap out of range: the dialog's own words (not the browser's
		// bubble, which a screenshot or a screen reader may miss), the
		// field marked.
		js[bool](p, `(() => { const e = document.querySelector('#param-piles input'); e.value = '2000000'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		js[bool](p, `(document.getElementById('dlg-start').click(), true)`)
		p.wait(`document.getElementById('dlg-error').textContent.includes('2000000')`, "the heap out of range said")
		if got := js[string](p, `document.getElementById('dlg-error').textContent`); !strings.HasSuffix(got, ": 2000000 is not allowed; each is a whole number from 0 to 1000000.") {
			t.Errorf("a heap of 2000000 tokens: the dialog says %q", got)
		}
		if !js[bool](p, `document.querySelector('#param-piles input').matches(':invalid') && getComputedStyle(document.querySelector('#param-piles input')).borderColor !== getComputedStyle(document.getElementById('dlg-seed')).borderColor`) {
			t.Error("the heap out of range is not marked")
		}
		js[bool](p, `(document.getElementById('dlg-game').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.Escape))
		p.wait(`!document.getElementById('dlg-start') && document.activeElement && document.activeElement.dataset.action === 'computer'`, "the dialog closed with Escape, the focus back on its button")
		p.desktop()
		p.shot("gallery-desktop.png")
		// Every card's dialog says its settings as the page does: players 1 and 2, not the terminal's P1 and
		// --p1 (2D Nim's colour of player 1 said "colour of player P1 (the --p1 player)").
		for _, c := range js[[]string](p, `[...document.querySelectorAll('.card')].map(c => c.dataset.game)`) {
			js[bool](p, `(document.querySelector('[data-game="`+c+`"] [data-action=computer]').click(), true)`)
			p.wait(`document.getElementById('dlg-start')`, "the dialog of "+c)
			if bad := js[string](p, `(document.querySelector('.modal').innerText.match(/.{0,40}(\bP[12]\b|--[a-z]).{0,40}/) || [''])[0]`); bad != "" {
				t.Errorf("the dialog of %s speaks the terminal's words: %q", c, bad)
			}
			p.typeset("the dialog of " + c)
			js[bool](p, `(document.getElementById('dlg-game').focus(), true)`)
			p.do(chromedp.KeyEvent(kb.Escape))
			p.wait(`!document.getElementById('dlg-start')`, "the dialog of "+c+" closed")
		}
		p.clean("gallery")
	})

	t.Run("no-such-page", func(t *testing.T) {
		// A mistyped address: a page that says so, in the site's frame, and
		// leads back to the games.
		p.t = t
		p.phone()
		p.do(chromedp.Navigate(h.ts.URL + "/nope.html"))
		p.wait(`document.querySelector('h1') && document.querySelector('h1').textContent === 'No such page'`, "the page that says so")
		p.noOverflow("no such page")
		p.accessible("no such page")
		p.targets("no such page", `main a`)
		p.forgive("status of 404")
		js[bool](p, `(document.querySelector('main a.btn.primary').click(), true)`)
		p.wait(`document.querySelectorAll('.card').length >= 12`, "the games, one tap away")
		p.clean("no-such-page")
	})

	t.Run("nim", func(t *testing.T) {
		p.t = t
		p.phone()
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", fields: map[string]string{"#dlg-seed": "7"}, opponent: "perfect"})
		if s := p.status(); s != "Your move" {
			t.Errorf("status %q, want Your move", s)
		}
		// The dialog's seed is the match's; Nim against Perfect draws nothing, so the header shows none.
		if got := js[[]string](p, `[window.kombi.match.seed_text, String(!!document.getElementById('seed'))]`); got[0] != "7" || got[1] != "false" {
			t.Errorf("the match's seed %q, shown: %s; want 7, not shown", got[0], got[1])
		}
		if !js[bool](p, `document.getElementById('howto').textContent.includes('Take one or more tokens from one heap. Choose a token')`) {
			t.Error("no line says how to move")
		}
		p.checkPhone("nim")
		// On a desktop the analysis marks the one winning move of 3, 4, 5 and explains it with the XOR table.
		p.desktop()
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.querySelectorAll('.an-row').length === 10 && document.getElementById('an-all').textContent === 'Show all 12 moves' && document.querySelector('#board .token.good')`, "the analysis of 12 moves, the winning one marked")
		if got := js[string](p, `document.querySelector('#board .token.good').getAttribute('aria-label')`); !strings.Contains(got, "Heap 1, token 2: take 2 tokens") {
			t.Errorf("the winning token is %q, want heap 1's second (take 2: 3 XOR 4 XOR 5 = 2)", got)
		}
		if !js[bool](p, `document.querySelector('.teach') !== null && /XOR/.test(document.querySelector('.teach').textContent) && document.querySelector('.teach').textContent.includes('1:2')`) {
			t.Error("no XOR table explaining the winning move beside Nim's analysis")
		}
		// The table is the server's (extra.xor): 3, 4, 5 in binary and their XOR 2.
		p.wait(`document.querySelectorAll('.teach table.xor tbody tr').length === 4`, "the XOR table's rows")
		if got := js[string](p, `[...document.querySelectorAll('.teach table.xor tbody tr')].map(r => [...r.cells].map(c => c.textContent.trim()).join(' ')).join(' | ')`); got != "Heap 1 3 011 | Heap 2 4 100 | Heap 3 5 101 | XOR 2 010" {
			t.Errorf("the XOR table reads %q", got)
		}
		if got := js[string](p, `document.getElementById('an-searched').textContent`); !regexp.MustCompile(`^Exact\. \d+ positions? searched in \d+\.\d\d s\.$`).MatchString(got) {
			t.Errorf("the analysis says what it searched: %q", got)
		}
		p.shot("nim-desktop.png")
		p.phone()
		p.shotOf("nim-analysis-phone.png", "#analysis")
		p.desktop()
		// A click previews what it takes and says it in words; Play makes it.
		p.phone()
		js[bool](p, `(document.querySelector('[data-heap="2"][data-token="3"]').click(), true)`)
		p.wait(`document.querySelectorAll('[data-heap="2"] .token.take').length === 2`, "the preview of 2 tokens taken")
		if w := js[string](p, `document.getElementById('move-words').textContent`); !strings.Contains(w, "take 2 tokens from heap 3") {
			t.Errorf("the move in words is %q", w)
		}
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`window.kombi.match.moves.length >= 2 && window.kombi.match.to_move === 0`, "the computer's reply")
		if note := js[string](p, `(document.querySelector('#board .heap.last .last-note') || {}).textContent || ''`); !strings.HasPrefix(note, "last move: took ") {
			t.Errorf("the last move is marked on the board with %q, want 'last move: took N'", note)
		}
		p.shot("nim-phone.png")
		// Keyboard play: Enter on a focused token chooses it, Enter again plays it.
		js[bool](p, `(document.querySelector('#board .token:not([disabled])').focus(), true)`)
		p.do(chromedp.KeyEvent("\r"))
		p.wait(`document.querySelector('#board .token.chosen')`, "a token chosen with Enter")
		p.do(chromedp.KeyEvent("\r"))
		p.wait(`window.kombi.match.moves.length >= 4 || window.kombi.match.finished`, "the move played with Enter")
		p.desktop()
		p.playOut(`document.querySelector('.token:not([disabled])').click();`, 20)
		if head := p.gameOver("nim"); !strings.Contains(head, "The computer (Perfect) won: the computer took the last token") {
			t.Errorf("nim against perfect: %q", head)
		}
		// The review: where the game turned (3;4;5 is won for the player to
		// move, and the person lost), and that position with its analysis.
		p.wait(`/^Where it turned: at move \d+( \(your \d+(st|nd|rd|th) move, round \d+ in the move list\))? you played \S+( \([^)]*\))? where you could still win; .* kept/.test((document.getElementById('review') || {}).textContent || '')`, "where the game turned")
		at := js[int](p, `Number(document.getElementById('review').textContent.match(/at move (\d+)/)[1]) - 1`)
		played := js[string](p, `document.getElementById('review').textContent.match(/you played (\S+)/)[1]`)
		if got := js[string](p, fmt.Sprintf(`window.kombi.match.moves[%d].player + ' ' + window.kombi.match.moves[%d].move`, at, at)); got != "0 "+played {
			t.Errorf("the review names move %d, %s; the match has %s there", at+1, played, got)
		}
		// The person's own count, where it differs from the match's: the person (P1) plays every other move.
		if own, want := js[string](p, `(document.getElementById('review').textContent.match(/\(your (\d+)(st|nd|rd|th) move, round \1 in the move list\)/) || [, ''])[1]`), at/2+1; at > 0 && own != fmt.Sprint(want) || at == 0 && own != "" {
			t.Errorf("the review counts move %d as the person's %q, want %d", at+1, own, want)
		}
		js[bool](p, `(document.getElementById('review-show').click(), true)`)
		p.wait(fmt.Sprintf(`window.kombi.travelAt === %d && window.kombi.analysisOn && document.querySelector('.an-row')`, at), "the turning point's position with its analysis")
		if row := js[string](p, fmt.Sprintf(`[...document.querySelectorAll('.an-row')].find(r => r.textContent.includes(%q)).textContent`, played)); !strings.Contains(row, "loses") {
			t.Errorf("the move the review names is shown as %q", row)
		}
		// The board of that past position marks the moves that still won, as the analysis says (one
		// token each: a move on one heap), and offers none of them to play.
		if got := js[[]int](p, `[document.querySelectorAll('#board .token.good').length, document.querySelectorAll('#board .token.good:not([disabled])').length,
			[...document.querySelectorAll('.an-row .an-val')].filter(v => v.textContent.trim() === 'wins').length]`); got[0] == 0 || got[0] != got[2] || got[1] != 0 {
			t.Errorf("the turning point's board marks %d tokens ✓ (%d of them enabled); the analysis lists %d winning moves", got[0], got[1], got[2])
		}
		js[bool](p, `(document.getElementById('live').click(), true)`)
		p.wait(`window.kombi.travelAt === null && document.getElementById('review')`, "back to the end")
		// Rematch: the same game with the seats swapped, the person moving second.
		old := js[string](p, `window.kombi.match.id`)
		js[bool](p, `(document.getElementById('rematch').click(), true)`)
		p.wait(fmt.Sprintf(`window.kombi.match && window.kombi.match.id !== %q && window.kombi.match.players[0] === 'perfect' && window.kombi.match.players[1] === 'human'`, old), "the rematch with the seats swapped")
		if g := js[string](p, `window.kombi.match.game`); g != "nim(piles=3;4;5,misere=false)" {
			t.Errorf("the rematch plays %q", g)
		}
		p.clean("nim")
	})

	t.Run("wythoff-dropped", func(t *testing.T) {
		// Wythoff's game with heaps: 2 from heap 1, then 4 from heap 2 is no
		// move (from both heaps the same number); the first choice is
		// dropped and the page says so.
		p.t = t
		p.phone()
		p.start(setup{card: "wythoff(piles=5;8)", action: "computer", opponent: "perfect"})
		js[bool](p, `(document.querySelector('#board .token[data-heap="0"][data-token="3"]').click(), true)`)
		p.wait(`window.kombi.sel.length === 1`, "2 from heap 1 chosen")
		js[bool](p, `(document.querySelector('#board .token[data-heap="1"][data-token="4"]').click(), true)`)
		p.wait(`document.getElementById('sel-note')`, "the note on the dropped choice")
		if got := js[string](p, `document.getElementById('move-words').textContent + ' | ' + document.getElementById('sel-note').textContent`); got != "Your move: take 4 tokens from heap 2. | “Take 2 tokens from heap 1” and “take 4 tokens from heap 2” are not one move (a move from both heaps takes the same number from each): only “take 4 tokens from heap 2” is chosen." {
			t.Errorf("after 2 from heap 1 and 4 from heap 2 the move bar says %q", got)
		}
		js[bool](p, `(document.getElementById('clear').click(), true)`)
		p.wait(`!document.getElementById('sel-note')`, "the note gone with Clear")
		p.clean("wythoff-dropped")
	})

	t.Run("study-huge", func(t *testing.T) {
		// Wythoff's game with heaps of 41 and 42 digits on the study board: too large to draw, and too many moves
		// to play (the server refuses them): the board said a move could be typed under "Type a move", which
		// the study board did not have and the server would refuse, and the analysis said the winning move was
		// marked on a board that draws none, "0 positions searched".
		p.t = t
		p.phone()
		p.do(chromedp.Navigate(p.base + "/#/"))
		p.wait(`document.querySelector('.card')`, "the gallery")
		js[bool](p, `(location.hash = '#/study?game=' + encodeURIComponent('wythoff(piles=10^40;10^41)') + '&position=' + encodeURIComponent('10^40;10^41'), true)`)
		p.wait(`window.kombi.study && window.kombi.study.pos && document.getElementById('board')`, "the study board")
		if !js[bool](p, `document.getElementById('analysis-on').checked`) {
			js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
		}
		p.wait(`/can win: one winning move \(listed below\)/.test(document.getElementById('analysis').textContent)`, "the winning move listed")
		p.wait(`/From the rule, without a search: the moves it names are exact/.test(document.getElementById('analysis').textContent)`, "valued by the rule")
		if note := js[string](p, `document.querySelector('#board .board-note').textContent`); !strings.Contains(note, "too large to draw or to play here (too many moves)") || strings.Contains(note, "Type a move") || js[bool](p, `!!document.querySelector('.type-move')`) {
			t.Errorf("a position for the analysis only offers a typed move: %q", note)
		}
		p.checkPhone("study of huge heaps")
		p.shot("study-huge-phone.png")
		// Where moves can be played, the study board takes a typed move too.
		p.study("nim(piles=3;4;5)", "3;4;5")
		js[bool](p, `(() => { const d = document.querySelector('.type-move'); d.open = true; d.querySelector('input[name=move]').value = '1:2'; d.querySelector('form').requestSubmit(); return true; })()`)
		p.wait(`window.kombi.study.pos.position === '1;4;5 P2'`, "the typed move played on the study board")
		p.clean("study-huge")
	})

	t.Run("thue-dialog", func(t *testing.T) {
		// The Thue game's starting symbol is one of the game's symbols: its range follows the alphabet (it said 0
		// to 31 beside 3 symbols), and a friend's seat is named by its role (it said Player 2).
		p.t = t
		p.desktop()
		p.do(chromedp.Navigate(p.base + "/#/"))
		p.wait(`document.querySelector('[data-game="thue(alphabet=3)"]')`, "the Thue card")
		js[bool](p, `(document.querySelector('[data-game="thue(alphabet=3)"] [data-action=friend]').click(), true)`)
		p.wait(`document.getElementById('dlg-start') && document.getElementById('param-start')`, "the dialog")
		rangeOf := func() string {
			return js[string](p, `document.querySelector('label[for=param-start]').textContent.replace(/\s+/g, ' ') + ' max=' + document.getElementById('param-start').max`)
		}
		if got := rangeOf(); !strings.Contains(got, "(0 to 2)") || !strings.HasSuffix(got, "max=2") {
			t.Errorf("with 3 symbols the starting symbol reads %q", got)
		}
		js[bool](p, `(() => { const e = document.querySelector('[data-param=alphabet]'); e.value = '5'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		p.wait(`/\(0 to 4\)/.test(document.querySelector('label[for=param-start]').textContent)`, "the range of 5 symbols")
		if note := js[string](p, `document.querySelector('.who .muted').textContent`); !strings.Contains(note, "hands the painter’s seat to theirs") {
			t.Errorf("the friend's note says %q", note)
		}
		js[bool](p, `(document.querySelector('dialog[open] .dlg-close, dialog[open] [data-close], #dlg-cancel') || {click(){}}).click() || true`)
		p.clean("thue-dialog")
	})

	t.Run("thue-rounds", func(t *testing.T) {
		// The Thue game is scored over two rounds, each player once in each role: more painter points wins (the
		// source's match). The first round's rematch is its second round, and that one ends with the match.
		p.t = t
		p.phone()
		p.start(setup{card: "thue(alphabet=3)", action: "computer", fields: map[string]string{"target": "8"}, opponent: "greedy"})
		last := `const b = [...document.querySelectorAll('#board button:not([disabled])')]; const x = b[b.length - 1]; x.click(); if (document.getElementById('play-move').disabled) x.click();`
		p.playOut(last, 40)
		p.wait(`document.getElementById('result') && document.getElementById('rematch')`, "the end of round 1")
		if b := js[string](p, `document.getElementById('rematch').textContent`); b != "Round 2: roles swapped" {
			t.Errorf("the first round's rematch button says %q", b)
		}
		round1 := js[int](p, `window.kombi.match.view.status.points`)
		first := js[string](p, `window.kombi.match.id`)
		js[bool](p, `(document.getElementById('rematch').click(), true)`)
		p.wait(fmt.Sprintf(`window.kombi.match && window.kombi.match.id !== %q && document.getElementById('board')`, first), "round 2")
		p.playOut(last, 40)
		p.wait(`document.getElementById('rounds')`, "the two rounds' score")
		round2 := js[int](p, `window.kombi.match.view.status.points`)
		winner := "the match is a tie"
		if round2 > round1 {
			winner = "you win the match"
		} else if round1 > round2 {
			winner = "the computer (Greedy) wins the match"
		}
		pts := func(n int) string {
			if n == 1 {
				return "1 point"
			}
			return fmt.Sprintf("%d points", n)
		}
		if got, want := js[string](p, `document.getElementById('rounds').textContent`), fmt.Sprintf("The match: You scored %s as painter in round 2, the computer (Greedy) scored %s as painter in round 1: %s.", pts(round2), pts(round1), winner); got != want {
			t.Errorf("the end of round 2 says %q, want %q", got, want)
		}
		if b := js[string](p, `document.getElementById('rematch').textContent`); b != "Rematch (seats swapped)" {
			t.Errorf("the second round's rematch button says %q", b)
		}
		p.noOverflow("the two rounds' score")
		p.shot("thue-rounds-phone.png")
		p.clean("thue-rounds")
	})

	t.Run("watch-elsewhere", func(t *testing.T) {
		// Two computers watched on a page that did not start them: no Pause, Step or speed to press (each was
		// refused, "Only the browser that started this match can pause or speed it", the message gone with the
		// next move), but who paces the match; paused, the words say by whom rather than "Resume or Step".
		p.t = t
		p.phone()
		var m matchJSON
		if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=3;4;5)", "players": []string{"random", "random"}, "seed": 3, "delay_ms": 3000}, &m); st != 201 {
			t.Fatalf("create: %d", st)
		}
		p.do(chromedp.Navigate(p.base + "/#/m/" + m.ID))
		p.wait(`document.getElementById('board') && document.getElementById('cvc-note')`, "the watched match with its note")
		if js[bool](p, `!!(document.getElementById('pause') || document.getElementById('resume') || document.getElementById('speed'))`) {
			t.Error("a page that does not pace the match offers Pause, Resume or the speed")
		}
		if note := js[string](p, `document.getElementById('cvc-note').textContent`); note != "Paced by the browser that started this match: it alone pauses, steps and sets the speed." {
			t.Errorf("the note says %q", note)
		}
		p.checkPhone("a watched match on another device")
		p.shot("watch-elsewhere-phone.png")
		p.clean("watch-elsewhere")
	})

	t.Run("keyboard", func(t *testing.T) {
		// A game played with the keyboard alone: Enter chooses a token and
		// plays it; after the computer's reply the focus is still on the
		// board (not back at the top of the page), so Tab reaches a token
		// and the next move is played the same way.
		p.t = t
		p.desktop()
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		js[bool](p, `(document.querySelector('#board .token:not([disabled])').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`!document.getElementById('play-move').disabled`, "a token chosen with Enter")
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`window.kombi.match.moves.length >= 2 && window.kombi.match.to_move === 0 && document.querySelector('#board .token:not([disabled])')`, "the computer's reply")
		if !js[bool](p, `document.getElementById('board').contains(document.activeElement)`) {
			t.Fatalf("after a move the focus is on %q, not on the board", js[string](p, `document.activeElement.tagName + '.' + document.activeElement.className`))
		}
		if js[bool](p, `document.activeElement === document.getElementById('board')`) {
			p.do(chromedp.KeyEvent(kb.Tab))
		}
		if !js[bool](p, `document.activeElement.matches('#board .token:not([disabled])')`) {
			// Seen once in many runs (the button after the board took the focus): say what the page held.
			t.Fatalf("Tab from the board reaches %q, not a token; the page: %s", js[string](p, `document.activeElement.tagName + '.' + document.activeElement.className + '#' + document.activeElement.id`),
				js[string](p, `JSON.stringify({busy: window.kombi.busy, moves: window.kombi.match.moves.length, version: window.kombi.match.version, to_move: window.kombi.match.to_move, thinking: window.kombi.match.thinking, travelAt: window.kombi.travelAt, tokens: document.querySelectorAll('#board .token').length, enabled: document.querySelectorAll('#board .token:not([disabled])').length})`))
		}
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`!document.getElementById('play-move').disabled`, "the second move chosen")
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`window.kombi.match.moves.length >= 3`, "the second move played with the keyboard")
		// Tab goes on from a token to the next and out of the board (it went back and forth between the first
		// token and the board: the token's blur cleared its preview, and the board took back a focus it thought lost).
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		js[bool](p, `(document.querySelector('#board .token:not([disabled])').focus(), true)`)
		var reached []string
		for range 30 {
			p.do(chromedp.KeyEvent(kb.Tab))
			reached = append(reached, js[string](p, `(e => e.id || e.className || e.tagName)(document.activeElement)`))
			if !js[bool](p, `document.getElementById('board').contains(document.activeElement)`) {
				break
			}
		}
		if js[bool](p, `document.getElementById('board').contains(document.activeElement)`) || slices.Contains(reached, "board") {
			t.Errorf("30 Tabs from the first token stay in the board, or pass through the board itself: %q", reached)
		}
		// On the navy header the focus ring is white (the page's blue one was about 2.3:1 there).
		if got := js[string](p, `(b => (b.focus(), b.matches(':focus-visible') + ' ' + getComputedStyle(b).outlineColor))(document.querySelector('.top .new-btn'))`); got != "true rgb(255, 255, 255)" {
			t.Errorf("the header's New game button focused by the keyboard: focus-visible and outline %q", got)
		}
		p.shotHere("header-focus-desktop.png")
		// 2D Nim: Enter toggles a cell, Play (tabbed to) plays; the focus then goes back to the board.
		p.start(setup{card: "nim2d(n=5)", action: "friend"})
		// Started from the dialog, the new game's board has the focus (it was the page's: Tab began at the header).
		p.wait(`document.activeElement === document.getElementById('board')`, "the board focused after Start")
		js[bool](p, `(document.querySelector('#board .cell:not([disabled])').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`!document.getElementById('play-move').disabled`, "a cell chosen with Enter")
		js[bool](p, `(document.getElementById('play-move').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`window.kombi.match.moves.length >= 1 && !window.kombi.busy && document.activeElement === document.getElementById('board')`, "the focus back on the board after Play")
		// Undo with the keyboard: the button, disabled once used, hands the focus to the board (it fell to the page).
		js[bool](p, `(document.getElementById('undo').focus(), true)`)
		p.do(chromedp.KeyEvent(kb.Enter))
		p.wait(`window.kombi.match.moves.length === 0 && !window.kombi.busy && document.activeElement === document.getElementById('board')`, "the focus on the board after Undo")
		p.clean("keyboard")
	})

	t.Run("connection", func(t *testing.T) {
		// The server drops the page's connections: the page says so at once,
		// and when its event stream is back (the browser retries by itself)
		// the words go and the game goes on.
		p.t = t
		p.phone()
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		// Once the stream is open (cut before, it would simply open afterwards: nothing to say).
		p.wait(`window.kombi.streaming`, "the match's event stream open")
		h.ts.CloseClientConnections()
		p.wait(`[...document.querySelectorAll('.error[role=alert]')].some(e => e.textContent === 'The connection to the server was lost; trying again…')`, "the lost connection said")
		p.forgive("/events") // the browser's own line for the stream cut short
		p.wait(`window.kombi.streaming && !window.kombi.connection && ![...document.querySelectorAll('.error[role=alert]')].some(e => e.textContent.includes('connection'))`, "the connection back, the words gone")
		p.play(`document.querySelector('.token:not([disabled])').click();`)
		p.wait(`window.kombi.match.moves.length >= 2`, "the computer's reply over the new connection")
		p.clean("connection")

		// A move made while the server cannot be reached (stopped, say) is
		// not said to be refused: the page says it was not sent and keeps
		// it chosen; once the server is back, the words go and the same
		// move plays.
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		p.wait(`window.kombi.streaming && !window.kombi.busy && document.querySelector('#board button.token:not([disabled])')`, "my move")
		h.cut(true)
		p.wait(`document.querySelector('main').innerText.includes('The connection to the server was lost')`, "the cut said")
		js[bool](p, `(document.querySelector('#board .token[data-heap="0"][data-token="0"]').click(), true)`)
		p.wait(`!document.getElementById('play-move').disabled`, "a move chosen")
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`(document.getElementById('move-error') || {}).textContent`, "words on the move not played")
		const notSent = "Your move was not sent: the server cannot be reached (is kombi serve still running?). Play it again once the server is back."
		if got := js[string](p, `document.getElementById('move-error').textContent`); got != notSent {
			t.Errorf("a move made while the server is gone: %q; want %q", got, notSent)
		}
		if strings.Contains(js[string](p, `document.querySelector('main').innerText`), "refused") {
			t.Error("a move that could not be sent is said to be refused")
		}
		if js[bool](p, `document.getElementById('play-move').disabled`) {
			t.Error("the move not sent is no longer chosen")
		}
		p.noOverflow("the server gone")
		h.cut(false)
		p.wait(`!(document.getElementById('move-error') || {}).textContent && !document.querySelector('main').innerText.includes('The connection to the server was lost')`, "the words gone with the server back")
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`window.kombi.match.moves.length >= 1 && window.kombi.match.moves[0].move === '1:3'`, "the same move played")
		// The browser's own lines on the requests cut short.
		p.mu.Lock()
		p.problems = slices.DeleteFunc(p.problems, func(pr string) bool { return strings.Contains(pr, "net::ERR_") || strings.Contains(pr, "/events") })
		p.mu.Unlock()
		p.clean("the server gone and back")
	})

	t.Run("wythoff-queen", func(t *testing.T) {
		p.t = t
		p.phone()
		p.start(setup{card: "wythoff(piles=7;9,view=queen)", action: "computer", fields: map[string]string{"piles": "5;8"}, opponent: "perfect"})
		p.checkPhone("wythoff")
		if g := p.gridShape(); g[0] != 54 || g[1] != 6 || g[2] != 9 || g[3] != 1 {
			t.Errorf("the queen board's 54 squares form %d columns and %d rows (equal sizes: %d), want 6 × 9", g[1], g[2], g[3])
		}
		if n := js[int](p, `document.querySelectorAll('#board .sq.target:not([disabled])').length`); n != 5+8+5 {
			t.Errorf("%d squares the queen can reach, want 18 (west, south, south-west)", n)
		}
		// One move south-west (1, 1); the computer's reply is marked with where the queen was.
		p.play(`document.querySelector('.sq.target[aria-label^="Square (4, 7)"]').click();`)
		p.wait(`window.kombi.match.to_move === 0 || window.kombi.match.finished`, "the computer's reply")
		if !js[bool](p, `!!(window.kombi.match.finished || (document.querySelector('#board .sq.queen.last') && document.querySelector('#board .sq.from')))`) {
			t.Error("the queen's last move is not marked")
		}
		p.settled()
		p.shotHere("wythoff-phone.png") // as the page placed it: the board above the move bar
		p.desktop()
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`window.kombi.match.finished || (document.querySelectorAll('#board .sq.ppos').length > 3 && document.querySelectorAll('.an-row').length > 0)`, "the P-positions layer")
		// The P marks are the server's list (extra.p_positions), no more and no fewer.
		if !js[bool](p, `window.kombi.match.finished || (() => {
			const marked = [...document.querySelectorAll('#board .sq.ppos')].map(c => c.getAttribute('aria-label').match(/\((\d+), (\d+)\)/).slice(1).join(',')).sort();
			return marked.length > 3 && marked.every(xy => ['0,0', '1,2', '2,1', '3,5', '5,3', '4,7', '7,4'].includes(xy));
		})()`) {
			t.Errorf("the P marks on the board: %v", js[[]string](p, `[...document.querySelectorAll('#board .sq.ppos')].map(c => c.getAttribute('aria-label'))`))
		}
		if !js[bool](p, `window.kombi.match.finished || [...document.querySelectorAll('.teach')].some(e => e.textContent.includes('On this board: (0, 0) (1, 2)'))`) {
			t.Error("the analysis does not list the P-positions on the board")
		}
		// Wythoff's solver decides outcomes only: no Grundy values promised.
		if m := js[string](p, `(document.querySelector('.an-measure') || {}).textContent || ''`); !js[bool](p, `window.kombi.match.finished`) && (!strings.Contains(m, "each move wins or loses against perfect play") || strings.Contains(m, "Grundy")) {
			t.Errorf("the analysis says it shows %q", m)
		}
		p.shot("wythoff-desktop.png")
		p.phone()
		js[bool](p, `([...document.querySelectorAll('.teach')].forEach(d => { d.open = d.textContent.includes('On this board'); }), true)`)
		p.shotOf("wythoff-analysis-phone.png", "#analysis")
		p.desktop()
		p.playOut(`document.querySelector('.sq.target:not([disabled])').click();`, 20)
		p.gameOver("wythoff")
		p.phone()
		p.noOverflow("wythoff at the end")
		p.clean("wythoff")
	})

	t.Run("nim2d", func(t *testing.T) {
		p.t = t
		p.phone()
		p.start(setup{card: "nim2d(n=5)", action: "computer", fields: map[string]string{"n": "4", "first": "p1"}, opponent: "random(switch=false)"})
		p.checkPhone("nim2d")
		if g := p.gridShape(); g[0] != 16 || g[1] != 4 || g[2] != 4 || g[3] != 1 || g[4] < 44 {
			t.Errorf("the 16 cells form %d columns and %d rows (equal sizes: %d, %d px), want a 4 × 4 grid of cells ≥ 44 px", g[1], g[2], g[3], g[4])
		}
		// Two cells apart in a row are refused with the reason; two next to each other play.
		js[bool](p, `(document.querySelector('[data-cell="1"]').click(), true)`)
		p.wait(`document.querySelector('[data-cell="1"]').classList.contains('chosen')`, "cell 2 chosen")
		js[bool](p, `(document.querySelector('[data-cell="3"]').click(), true)`)
		p.wait(`document.querySelector('.reason')`, "the reason")
		if r := js[string](p, `document.querySelector('.reason').textContent`); !strings.Contains(r, "next to each other") {
			t.Errorf("the reason for cells 2 and 4 is %q", r)
		}
		js[bool](p, `(document.querySelector('[data-cell="3"]').click(), true)`)
		p.wait(`!document.querySelector('[data-cell="3"]').classList.contains('chosen')`, "cell 4 unchosen")
		js[bool](p, `(document.querySelector('[data-cell="2"]').click(), true)`)
		p.wait(`!document.getElementById('play-move').disabled`, "Play for cells 2 and 3")
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`window.kombi.match.moves.length >= 2 && window.kombi.match.to_move === 0`, "the computer's reply")
		if n := js[int](p, `document.querySelectorAll('#board .cell.own0').length`); n != 2 {
			t.Errorf("%d cells coloured R after a two-cell move, want 2", n)
		}
		if !js[bool](p, `document.querySelectorAll('#board .cell.last').length >= 1 && [...document.querySelectorAll('#board .cell.own0')].every(c => c.textContent.trim() === 'R')`) {
			t.Error("the last move is not marked, or R's cells do not show the letter R")
		}
		// Each seat's marker has its cells' colour (G's is green, not the other games' blue).
		for q, cell := range []string{"own0", "own1"} {
			same := fmt.Sprintf(`getComputedStyle(document.querySelector('.seat%d .dot')).backgroundColor === getComputedStyle(document.querySelector('#board .cell.%s')).backgroundColor`, q, cell)
			if !js[bool](p, same) {
				t.Errorf("the seat marker of player %d has not the colour of its cells", q+1)
			}
		}
		if !strings.Contains(js[string](p, `document.querySelector('.counter').textContent`), "Cells used:") {
			t.Error("the move counter is not labelled in words")
		}
		p.shot("nim2d-phone.png")
		p.desktop()
		p.shot("nim2d-desktop.png")
		// Keyboard: the arrows move between the cells, Enter chooses one, Escape clears the choice.
		js[bool](p, `(document.querySelector('#board .cell.free:not([disabled])').focus(), true)`)
		from := js[string](p, `document.activeElement.dataset.cell`)
		p.do(chromedp.KeyEvent(kb.ArrowDown))
		to := js[string](p, `document.activeElement.dataset.cell || ''`)
		if to == "" || to == from {
			t.Errorf("ArrowDown from cell %s moved the focus to %q", from, to)
		}
		p.do(chromedp.KeyEvent("\r"))
		p.wait(`document.activeElement.classList.contains('chosen') && window.kombi.sel.length === 1`, "a cell chosen with Enter")
		p.do(chromedp.KeyEvent(kb.Escape))
		p.wait(`window.kombi.sel.length === 0`, "the choice cleared with Escape")
		p.playOut(`document.querySelector('.cell.free:not([disabled])').click();`, 20)
		p.gameOver("nim2d")
		p.downloadable("nim2d")
		p.clean("nim2d")
	})

	t.Run("buildingnim", func(t *testing.T) {
		// Building Nim on a phone: a token placed with "Place here" (tap
		// twice), the computer's placement marked in words, not as "+1",
		// which reads as the move "+1" (a token on heap 1).
		p.t = t
		p.phone()
		p.start(setup{card: "buildingnim(heaps=3,tokens=10)", action: "computer", opponent: "perfect"})
		p.checkPhone("buildingnim")
		js[bool](p, `(document.querySelector('#board .place[data-heap="0"]').click(), true)`)
		p.wait(`document.querySelector('#board .place.chosen[data-heap="0"]')`, "heap 1 chosen")
		js[bool](p, `(document.querySelector('#board .place[data-heap="0"]').click(), true)`)
		p.wait(`window.kombi.match.moves.length >= 2 && window.kombi.match.to_move === 0`, "the computer's placement")
		if note := js[string](p, `(document.querySelector('#board .heap.last .last-note') || {}).textContent || ''`); note != "last move: a token placed" {
			t.Errorf("the computer's placement is marked %q", note)
		}
		if got := js[string](p, `window.kombi.match.moves.map(m => m.move).join(' ')`); !strings.HasPrefix(got, "+1 +") {
			t.Errorf("the moves are %q, want +1 and the computer's", got)
		}
		p.shot("buildingnim-phone.png")
		// Typing a move: one the rules refuse says why; one they allow is played.
		typeMove := func(mv string) {
			t.Helper()
			js[bool](p, fmt.Sprintf(`(() => { const d = document.querySelector('.type-move'); d.open = true;
				d.querySelector('input[name=move]').value = %q; d.querySelector('button[type=submit]').click(); return true; })()`, mv))
		}
		typeMove("") // nothing typed: said, not ignored
		p.wait(`document.getElementById('move-error').textContent.startsWith('Type a move first')`, "the empty move refused")
		typeMove("+1") // heap 3 is still empty: a token goes there first
		p.wait(`document.getElementById('move-error').textContent.includes('refused')`, "the typed move refused")
		if e := js[string](p, `document.getElementById('move-error').textContent`); !strings.Contains(e, "That move was refused") || !strings.Contains(e, "empty") {
			t.Errorf("a placement on a non-empty heap while one is empty: %q", e)
		}
		p.forgive("status of 400", "/moves")
		typeMove("+3")
		p.wait(`window.kombi.match.moves.length >= 4 && window.kombi.match.moves[2].move === '+3' && document.getElementById('move-error').textContent === ''`, "the typed move played, the error gone")
		// Looking back at the start with the analysis: every placement wins there, each marked ✓ on
		// its "Place here", which a past position does not offer to press.
		wasOn := js[bool](p, `window.kombi.analysisOn`)
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		js[bool](p, `(document.querySelector('.moves-panel .mv.start').click(), true)`)
		p.wait(`window.kombi.travelAt === 0 && document.querySelector('.an-row')`, "the start with its analysis")
		if got := js[[]int](p, `[document.querySelectorAll('#board .place').length, document.querySelectorAll('#board .place.good[disabled]').length]`); got[0] != 3 || got[1] != 3 {
			t.Errorf("looking back at the start: %d places, %d of them marked winning and disabled; want 3 and 3", got[0], got[1])
		}
		p.shotHere("buildingnim-past-phone.png")
		js[bool](p, `(document.getElementById('live').click(), true)`)
		p.wait(`window.kombi.travelAt === null`, "back to the game")
		if !wasOn {
			js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
			p.wait(`!window.kombi.analysisOn`, "the analysis off again")
		}
		// Free placement: how to move says any heap.
		p.start(setup{card: "buildingnim(heaps=3,tokens=10)", action: "computer", opponent: "perfect", fields: map[string]string{"placement": "free"}})
		if how := js[string](p, `document.getElementById('howto').textContent`); !strings.HasPrefix(how, "Building: put one token on any heap. Then: take tokens from one heap.") {
			t.Errorf("how to move with free placement: %q", how)
		}
		// The analysis marks the placements that win, as it marks tokens:
		// at 4;3;1 only a token on heap 3 wins.
		p.study("buildingnim(heaps=3,tokens=10)", "4;3;1")
		p.wait(`document.querySelector('#board .place.good')`, "a winning placement marked")
		if got := js[string](p, `[...document.querySelectorAll('#board .place')].map(b => b.dataset.heap + (b.classList.contains('good') ? '✓' : '')).join(' ')`); got != "0 1 2✓" {
			t.Errorf("the placements at 4;3;1 are marked %q; want only heap 3's (data-heap 2) as winning", got)
		}
		if l := js[string](p, `document.querySelector('#board .place.good').getAttribute('aria-label')`); !strings.HasSuffix(l, ", a winning move") {
			t.Errorf("the winning placement is said %q", l)
		}
		// Setting up a building position: the tokens placed say who places
		// next (the players place in turn), so the editor says it and
		// offers no choice that the rules would overrule.
		js[bool](p, `([...document.querySelectorAll('button')].find(b => b.textContent === 'Set up a position').click(), true)`)
		p.wait(`document.getElementById('setup-turn')`, "the set-up's turn")
		if js[bool](p, `!!document.querySelector('.setup select')`) {
			t.Error("the building phase's set-up offers a choice of who is to move")
		}
		js[bool](p, `(() => { const e = document.querySelectorAll('.setup input')[2]; e.value = '2'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		p.wait(`document.getElementById('setup-turn').textContent === 'Player 2 places next: the players place in turn, and 9 of 10 tokens are placed.'`, "the turn following the tokens placed")
		js[bool](p, `([...document.querySelectorAll('button')].find(b => b.textContent === 'Use this position').click(), true)`)
		p.wait(`window.kombi.study.pos.position === '4;3;2' && window.kombi.study.pos.to_move === 1`, "4;3;2 with Player 2 to move")
		p.clean("buildingnim")
	})

	t.Run("greedy-grundy", func(t *testing.T) {
		// Heaps the rules offer no move on are dimmed and say why (Greedy
		// Nim's smaller heaps); a split is said in the board's order and
		// marked at the token tapped (Grundy's game).
		p.t = t
		p.phone()
		p.start(setup{card: "greedynim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		p.checkPhone("greedynim")
		got := js[[]string](p, `[...document.querySelectorAll('#board .heap')].map(h => h.classList.contains('closed') + ' ' + ((h.querySelector('.closed-note') || {}).textContent || '') + ' ' +
			getComputedStyle(h.querySelector('.token')).opacity + ' ' + h.querySelectorAll('.token:not([disabled])').length)`)
		if want := []string{"true not a largest heap 0.4 0", "true not a largest heap 0.4 0", "false  1 5"}; !slices.Equal(got, want) {
			t.Errorf("Greedy Nim's heaps 3, 4, 5 (closed, note, opacity, tokens to tap): %q, want %q", got, want)
		}
		p.shot("greedynim-phone.png")
		p.start(setup{card: "grundy(heap=15)", action: "computer", opponent: "perfect"})
		// The tokens that start no split are dimmed, and say why: the last of each heap, the middle of an even one.
		noSplit := `[...document.querySelectorAll('#board .heap:not(.closed)')].map(h => h.querySelectorAll('.token').length + ': ' +
			[...h.querySelectorAll('.token.no-move')].map(b => b.dataset.token + (getComputedStyle(b).opacity < 0.6 ? ' dim' : ' bright')).join(', ')).join(' | ')`
		if how := js[string](p, `document.getElementById('howto').textContent`); !strings.Contains(how, "Choose a token: the heap splits just after it (a dimmed token starts no split; a large heap: type how many to split off).") {
			t.Errorf("how to move in Grundy's game: %q", how)
		}
		if got := js[string](p, noSplit); got != "15: 14 dim" {
			t.Errorf("heap 15's tokens starting no split: %q, want the last one dimmed", got)
		}
		if got := js[string](p, `document.querySelector('#board .token.no-move').getAttribute('aria-label')`); got != "Heap 1, token 15: the heap splits after a token, and none follows the last" {
			t.Errorf("the last token's label: %q", got)
		}
		js[bool](p, `(document.querySelector('#board .token[data-token="0"]').click(), true)`)
		p.wait(`!document.getElementById('play-move').disabled`, "the split chosen")
		if w := js[string](p, `document.getElementById('move-words').textContent`); w != "Your move: split heap 1 into 1 and 14." {
			t.Errorf("tapping the first token of 15 says %q, want the parts as the board shows them", w)
		}
		if n := js[int](p, `document.querySelectorAll('#board .token.chosen').length`); n != 1 {
			t.Errorf("%d tokens marked chosen after one tap", n)
		}
		// The computer's reply in its notation and in words.
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`window.kombi.match.moves.length >= 2 && document.querySelector('.last-line')`, "the computer's split")
		// Then what the split did to the heaps' numbers (the server's note: the heap split off is the next one).
		if l := js[string](p, `document.querySelector('.last-line').textContent`); !regexp.MustCompile(`^Last move: The computer \(Perfect\) played (\d+)=(\d+)\+(\d+) \(split heap (\d+) into (\d+) and (\d+)\)\. Heap \d+ became heaps \d+ \(\d+ tokens?\) and \d+ \(\d+ tokens?\)(; old heaps? \d+ is now heap \d+)?\.$`).MatchString(l) {
			t.Errorf("the computer's split is said %q", l)
		}
		p.wait(`window.kombi.match.to_move === 0 && document.querySelector('#board .token:not([disabled])')`, "my move after the split")
		for _, h := range strings.Split(js[string](p, noSplit), " | ") {
			n, marked, _ := strings.Cut(h, ": ")
			size, _ := strconv.Atoi(n)
			want := fmt.Sprintf("%d dim", size-1)
			if size%2 == 0 {
				want = fmt.Sprintf("%d dim, %d dim", size/2-1, size-1)
			}
			if marked != want {
				t.Errorf("a heap of %d: tokens starting no split %q, want %q", size, marked, want)
			}
		}
		// Large heaps are bars with a field for the amount: only the heap the rules allow has one.
		p.study("greedynim(piles=50;70;60)", "50;70;60")
		if got := js[[]string](p, `[...document.querySelectorAll('#board .heap')].map(h => h.classList.contains('closed') + ' ' + h.querySelectorAll('.take-form').length)`); !slices.Equal(got, []string{"true 0", "false 1", "true 0"}) {
			t.Errorf("Greedy Nim's bars 50, 70, 60 (closed, amount fields): %q", got)
		}
		// A heap of 2 is over before any move: the end says who won, and that no move was possible.
		p.start(setup{card: "grundy(heap=15)", action: "computer", opponent: "perfect", fields: map[string]string{"heap": "2"}})
		if head := p.gameOver("Grundy's game from a heap of 2"); head != "The computer (Perfect) won: you could not split a heap (only heaps of 1 and 2 tokens were left)" {
			t.Errorf("a heap of 2: the end says %q", head)
		}
		if got := js[string](p, `document.querySelector('#result p.muted').textContent`); got != "No move was possible: the game was over from its start." {
			t.Errorf("a heap of 2: the moves line says %q", got)
		}
		// A heap too large for tokens: how to move names its field, not tokens to tap.
		p.start(setup{card: "grundy(heap=15)", action: "computer", opponent: "perfect", fields: map[string]string{"heap": "60"}})
		if how := js[string](p, `document.getElementById('howto').textContent`); !strings.HasSuffix(how, "Type how many tokens to split off a heap, press Choose, then Play.") {
			t.Errorf("how to move with one heap of 60 (a bar): %q", how)
		}
		p.shot("grundy-large-phone.png")
		// Grundy's large heap: its field splits tokens off (it offered to take them, no move in this game).
		p.study("grundy(heap=60)", "60")
		if l := js[string](p, `document.querySelector('.take-form label').textContent`); l != "Split off" {
			t.Errorf("Grundy's bar of 60 is labelled %q, want Split off", l)
		}
		enter := func(v string) {
			t.Helper()
			js[bool](p, `(() => { const e = document.querySelector('.take-form input'); e.value = '`+v+`'; document.querySelector('.take-form button').click(); return true; })()`)
		}
		enter("30")
		p.wait(`document.getElementById('move-error').textContent !== ''`, "30 of 60 refused")
		if e := js[string](p, `document.getElementById('move-error').textContent`); e != "Split off a whole number from 1 to 59, not 30 (the two heaps must differ)." {
			t.Errorf("splitting 30 off 60 says %q", e)
		}
		enter("20")
		p.wait(`document.getElementById('move-words') && !document.getElementById('play-move').disabled`, "20 split off")
		if w := js[string](p, `document.getElementById('move-words').textContent`); w != "Your move: split heap 1 into 40 and 20." {
			t.Errorf("splitting 20 off 60 says %q", w)
		}
		p.clean("greedy-grundy")
	})

	t.Run("nimk-explain", func(t *testing.T) {
		// Index-k Nim's "How it works" is the solver's text: its sentences,
		// broken at 100 columns for a terminal, read as whole sentences in
		// the panel; its table keeps its lines.
		p.t = t
		p.desktop()
		p.start(setup{card: "nimk(piles=3;4;5;6,k=2)", action: "computer", opponent: "perfect"})
		// How to move says this game's k, not the letter.
		if how := js[string](p, `document.getElementById('howto').textContent`); !strings.HasPrefix(how, "Take tokens from one heap, or from up to 2 heaps at once.") {
			t.Errorf("how to move reads %q, want this game's 2 heaps", how)
		}
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.querySelector('.teach .explain')`, "the explanation")
		// The prose in paragraphs, the table in columns.
		paras := js[[]string](p, `[...document.querySelectorAll('.teach .explain p')].map(e => e.textContent)`)
		if !slices.ContainsFunc(paras, func(s string) bool {
			return strings.Contains(s, "reducing at most k heaps so that every digit sum becomes a multiple of 3")
		}) {
			t.Errorf("no paragraph reads the whole sentence of Moore's construction: %q", paras)
		}
		if table := js[string](p, `(document.querySelector('.teach .explain pre') || {}).textContent || ''`); !strings.Contains(table, "\n     1        3  0 1 1\n") {
			t.Errorf("the table is not in columns: %q", table)
		}
		p.noOverflow("the explanation")
		p.shotOf("nimk-explain-desktop.png", "#analysis")
		p.teaches("Index-k Nim", "Moore’s theorem")
		// The other families whose solvers reason: their reasoning, not the terminal's summary.
		p.study("grundy(heap=15)", "15")
		p.teaches("Grundy’s game", "Grundy’s game: heap 15;")
		p.study("nim2d(n=4)", "..../..../..../....:G")
		p.teaches("2D Nim", "Part A: cells")
		p.study("wythoff(piles=5;8)", "5;8")
		p.teaches("Wythoff's game", "Recursive method")
		// The Thue game's: how the search decides, and a line of best play, its sentences whole.
		p.study("thue(alphabet=3,start=0)", "0")
		p.teaches("the Thue game", "One line of best play")
		paras = js[[]string](p, `[...document.querySelectorAll('.teach .explain p')].map(e => e.textContent)`)
		for _, want := range []string{
			"The value comes from searching every way the game can go: the builder picks the gap that ends the game soonest, the painter the symbol that makes it last longest (a word counts once with its symbols renamed or read backwards).",
			"One line of best play (each new symbol in brackets): 0\u00a0→ [1]0\u00a0→ 1[2]0\u00a0→ 1[0]20\u00a0→ 1[0]020.",
			"Every symbol at that last gap makes a square (a word twice), so the game ends at length 5: 0 makes 00 (0 twice), 1 makes 11 (1 twice), and 2 makes 2020 (20 twice).",
		} {
			if !slices.Contains(paras, want) {
				t.Errorf("How it works of the Thue game: no paragraph %q in %q", want, paras)
			}
		}
		// The Szemerédi game's: its shortcuts, and Erdős and Selfridge's criterion saying why every number draws here.
		p.study("ap(x=30,k=4,seed=1)", "/")
		p.teaches("the Szemerédi game", "Red, to move, has 5/16; Blue has 5/16. So neither side can win: best play draws.")
		// The list-colouring game's: how the chance is computed.
		p.study("vdwlist(k=3,colors=3,list=2,s=9)", ".........")
		p.teaches("the list-colouring game", "The chance comes from searching every way the game can go: the namer names the best number, a list is drawn ({red, blue}, {red, green} or {blue, green}, each with chance 1/3), and the colourer colours the number from it as is worst for the namer.")
		p.clean("nimk-explain")
	})

	t.Run("wythoff-a", func(t *testing.T) {
		// Wythoff's game with a = 2: the page says that the amounts taken
		// from both heaps may differ by 1, marks those partners and plays such a move.
		p.t = t
		p.phone()
		p.start(setup{card: "wythoff(piles=5;8)", action: "computer", opponent: "perfect", fields: map[string]string{"a": "2"}})
		// Before the first move the move list says so and offers no "Start" to step back to (it read as a button
		// starting the game).
		if got := js[string](p, `document.querySelector('.moves-panel').textContent + ' | ' + document.querySelectorAll('.moves-panel button').length`); !strings.HasSuffix(got, "No moves yet. | 0") {
			t.Errorf("the move list before any move: %q", got)
		}
		if how := js[string](p, `document.getElementById('howto').textContent`); !strings.HasPrefix(how, "Take tokens from one heap, or from both heaps at once, amounts differing by less than 2.") {
			t.Errorf("how to move with a = 2: %q", how)
		}
		js[bool](p, `(document.querySelector('#board .token[data-heap="0"][data-token="0"]').click(), true)`)
		p.wait(`document.querySelector('#board .partners')`, "the partners of taking 5 from heap 1")
		got := js[string](p, `document.querySelector('#board .partners span').textContent + ' | ' +
			[...document.querySelectorAll('#board .heap[data-heap="1"] .token.partner-ok')].map(b => 8 - Number(b.dataset.token)).join(',')`)
		if got != "To take from both heaps, also choose a token in heap 2 (the two amounts may differ by less than 2). | 6,5,4" {
			t.Errorf("the partners of 5 from heap 1 with a = 2: %q", got)
		}
		js[bool](p, `(document.querySelector('#board .token[data-heap="1"][data-token="2"]').click(), true)`)
		p.wait(`!document.getElementById('play-move').disabled`, "5 and 6 chosen")
		if w := js[string](p, `document.getElementById('move-words').textContent`); !strings.Contains(w, "5") || !strings.Contains(w, "6") {
			t.Errorf("taking 5 and 6 reads %q", w)
		}
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`window.kombi.match.moves.length >= 1 && window.kombi.match.moves[0].move === '5,6'`, "the move 5,6 played")
		p.wait(`document.querySelector('.moves-panel .mv.start') && document.querySelector('.moves-panel [data-move="1"]')`, "the move list with the start and the first move")
		p.clean("wythoff-a")
	})

	t.Run("wythoff-wide", func(t *testing.T) {
		// Heaps 12 and 20: the queen board is wider than a phone even with
		// its smallest squares, so it scrolls in its frame, which shows the
		// queen (at the right-hand end) without moving the page.
		p.t = t
		m := h.create("wythoff(piles=12;20,view=queen)", [2]string{"human", "perfect"}, 1)
		p.phone()
		p.do(chromedp.Navigate(h.ts.URL + "/#/m/" + m.ID))
		p.wait(`document.querySelector('.sq.queen') && document.getElementById('board').scrollLeft > 0`, "the frame scrolled to the queen")
		p.noOverflow("a wide queen board")
		if r := js[[]float64](p, `(() => { const r = document.querySelector('.sq.queen').getBoundingClientRect(); return [r.left, r.right, innerWidth, scrollX]; })()`); r[0] < 0 || r[1] > r[2] || r[3] != 0 {
			t.Errorf("the queen is at %v..%v px on a %v px phone (page scrolled by %v px): not in view", r[0], r[1], r[2], r[3])
		}
		if r := js[[]float64](p, `(() => { const r = document.querySelector('.row-coord').getBoundingClientRect(); return [r.left, r.width]; })()`); r[0] < 0 || r[1] < 10 {
			t.Errorf("the row numbers are at %v px (%v px wide): scrolled out of view with the board", r[0], r[1])
		}
		p.shot("wythoff-wide-phone.png")
		p.clean("wythoff-wide")
	})

	t.Run("nim2d-green", func(t *testing.T) {
		// Player 1 green (p1=G): each seat's dot has its own colour, the
		// colour of the cells it takes (the dots went by seat, red first).
		p.t = t
		p.phone()
		p.start(setup{card: "nim2d(n=5)", action: "computer", fields: map[string]string{"p1": "G", "first": "p2"}, opponent: "perfect"})
		p.wait(`window.kombi.match.moves.length >= 1 && document.querySelector('#board .cell.col-R')`, "the computer's first cells, in red")
		got := js[[]string](p, `[getComputedStyle(document.querySelector('.seat0 .dot')).backgroundColor, getComputedStyle(document.querySelector('.seat1 .dot')).backgroundColor,
			getComputedStyle(document.querySelector('#board .cell.col-R')).backgroundColor, document.querySelector('.seat0').textContent.trim()]`)
		if got[1] != got[2] || got[0] == got[2] || !strings.HasPrefix(got[3], "G (green)") {
			t.Errorf("player 1 green: dots %s (seat 1, %q) and %s (seat 2), the computer's red cells %s", got[0], got[3], got[1], got[2])
		}
		// Who moves first: the coin toss (what a game left to the seed does) offered once.
		js[bool](p, `(document.querySelector('.new-btn').click(), true)`)
		p.wait(`document.getElementById('param-first')`, "the new-game dialog of 2D Nim")
		if got := js[[]string](p, `[...document.querySelectorAll('#param-first option')].map(o => o.textContent)`); !slices.Equal(got, []string{"a coin toss", "player 1", "player 2"}) {
			t.Errorf("who moves first offers %q", got)
		}
		js[bool](p, `([...document.querySelectorAll('button')].find(b => b.textContent === 'Cancel').click(), true)`)
		p.wait(`!document.getElementById('dlg-start')`, "the dialog closed")
		p.clean("nim2d-green")
	})

	t.Run("nim2d-note", func(t *testing.T) {
		// 2D Nim's perfect player on a palette without a shape table says
		// beside the board that its move is not proven, and why (the
		// package's data directory has no table: see TestMain).
		p.t = t
		m := h.create("nim2d(n=9,first=p1)", [2]string{"human", "perfect(budget=1000)"}, 1)
		if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "2"}, nil); st != 200 {
			t.Fatalf("the person's move: %d", st)
		}
		h.waitFor(m.ID, func(x matchJSON) bool { return len(x.Moves) == 2 })
		p.phone()
		p.do(chromedp.Navigate(h.ts.URL + "/#/m/" + m.ID))
		p.wait(`document.getElementById('bot-note') && document.getElementById('board')`, "the computer's note")
		note := js[string](p, `document.getElementById('bot-note').textContent`)
		for _, want := range []string{"note on move 2", "not proven best", "for want of a shape table of the 9×9 palette"} {
			if !strings.Contains(note, want) {
				t.Errorf("the note %q does not say %q", note, want)
			}
		}
		// The command that computes the table is set as code, its backquotes
		// (the terminal's mark of code) not shown.
		if code := js[string](p, `(document.querySelector('#bot-note code') || {}).textContent || ''`); code != "kombi table nim2d-shapes --n 9" || strings.Contains(note, "`") {
			t.Errorf("the note's command: code %q in %q; want the command as code, no backquotes", code, note)
		}
		p.noOverflow("the note on a phone")
		if !js[bool](p, `(() => { const r = document.getElementById('bot-note').getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; })()`) {
			t.Error("the note is wider than the phone's screen")
		}
		// A 9×9 palette of 44 px cells is wider than a 390 px phone: its cells keep 44 px (they shrank to 37, a student
		// found), and the palette scrolls sideways in its frame, which fits the screen (TestBrowserWidePalettes).
		box := js[[]float64](p, `(() => { const r = document.querySelector('.palette-frame').getBoundingClientRect();
			const c = document.querySelector('.palette .cell').getBoundingClientRect(); return [r.left, r.right, innerWidth, c.width, c.height]; })()`)
		if box[0] < 0 || box[1] > box[2] {
			t.Errorf("the 9×9 palette's frame spans %v..%v px on a %v px phone", box[0], box[1], box[2])
		}
		if box[3] < 44 || box[4] < 44 {
			t.Errorf("the 9×9 palette's cells are %v×%v px on a phone, less than 44", box[3], box[4])
		}
		p.shot("nim2d-note-phone.png")
		// The study board's set-up editor of the same palette: the page no wider than the phone (its frame scrolls).
		p.study("nim2d(n=9)", ".R......./........./........./........./........./........./........./........./.........:G")
		js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
		p.wait(`document.querySelector('.setup [data-cell="80"]')`, "the 9×9 set-up editor")
		if right := js[[]float64](p, `[document.querySelector('.setup .palette-frame').getBoundingClientRect().right, innerWidth, document.documentElement.scrollWidth]`); right[0] > 390 || right[1] > 390 || right[2] > 390 {
			t.Errorf("the 9×9 set-up editor on a 390 px phone: its frame ends at %v px, the page is %v (%v) px wide", right[0], right[1], right[2])
		}
		p.clean("nim2d-note")
	})

	t.Run("nim2d-mirror", func(t *testing.T) {
		// A 9×9 palette whose triangles mirror each other, studied without a
		// shape table: How it works proves the Grundy value 0, and the moves
		// say what that means, every one loses (they said "not decided"
		// beside the proof).
		p.t = t
		p.desktop()
		p.study("nim2d(n=9)", "R......../........./........./........./........./........./........./........./.........:G")
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.querySelector('#analysis .an-row') && !window.kombi.busy && !/computing/.test(document.getElementById('analysis').textContent)`, "the analysis")
		p.teaches("a mirror palette", "Grundy value is 0")
		txt := js[string](p, `document.getElementById('analysis').textContent`)
		if !strings.Contains(txt, "cannot force a win: every move loses") || strings.Contains(txt, "not decided") {
			t.Errorf("the analysis of a palette of value 0: %q", txt)
		}
		if n, loses := js[int](p, `document.querySelectorAll('#analysis .an-row').length`), js[int](p, `[...document.querySelectorAll('#analysis .an-row')].filter(r => /loses/.test(r.textContent)).length`); n == 0 || loses != n {
			t.Errorf("%d of %d moves say they lose", loses, n)
		}
		p.clean("nim2d-mirror")
	})

	t.Run("thue", func(t *testing.T) {
		p.t = t
		p.phone()
		p.start(setup{card: "thue(alphabet=3)", action: "computer", fields: map[string]string{"start": "0"}, opponent: "perfect"})
		p.checkPhone("thue")
		p.seatsUnlikePaints("thue", "s0", "s1", "s2")
		if s := p.status(); !strings.HasPrefix(s, "Your move as Builder") {
			t.Errorf("status %q", s)
		}
		p.desktop()
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.querySelectorAll('.an-row.best').length > 0 && document.querySelector('#board .gap.good')`, "the best gap marked")
		// The first of the best gaps, once the analysis has marked them (the builder wins: there is one).
		for i := 0; p.playWhen(`document.querySelector('#board .gap.good:not([disabled])')`, `document.querySelector('#board .gap.good:not([disabled])').click();`); i++ {
			if i >= 10 {
				t.Fatal("the game is not over after 10 moves")
			}
			if i == 0 {
				// The painter's move said with the painter's verb, as its buttons say "paint 1".
				p.wait(`window.kombi.match.finished || window.kombi.match.moves.length >= 2 && document.querySelector('.last-line')`, "the computer's symbol")
				if l := js[string](p, `window.kombi.match.finished ? 'Last move: The computer (Perfect) painted 0.' : document.querySelector('.last-line').textContent`); !regexp.MustCompile(`^Last move: The computer \(Perfect\) painted [0-2]\.$`).MatchString(l) {
					t.Errorf("the painter's move is said %q", l)
				}
			}
		}
		p.gameOver("thue")
		p.downloadable("thue")
		if n := js[int](p, `document.querySelectorAll('#board .sym.lit').length`); n < 2 || n%2 != 0 {
			t.Errorf("%d symbols bracketed at the end, want the square", n)
		}
		if txt := js[string](p, `document.querySelector('.repetition').textContent + document.getElementById('result').textContent`); !strings.Contains(txt, "square") || !strings.Contains(txt, "painter scored") {
			t.Errorf("the end does not explain the square and the points: %q", txt)
		}
		// The points are the rules' count: every painted symbol but the one that made the square.
		n := js[int](p, `window.kombi.match.view.word.symbols.length`)
		if want := fmt.Sprintf("painter scored %d point", n-2); !strings.Contains(js[string](p, `document.getElementById('result').textContent`), want) {
			t.Errorf("a word of %d symbols ending in a square: the result does not say %q", n, want)
		}
		if v := js[string](p, `window.kombi.analysisOn ? document.getElementById('analysis').textContent : ''`); strings.Contains(v, "length") && !strings.Contains(v, "game is over") {
			t.Errorf("the analysis of an earlier position stays after the end: %q", v)
		}
		// The builder's gaps weighed too (the game is scored by the length), the best ones played here.
		p.wait(`/^Your choices: each of your \d+ choices valued was the best there was; from your first, best play on both sides ends the word at length \d+\./.test(((document.getElementById('review') || {}).textContent || '').replace(/\s+/g, ' '))`, "the builder's review")
		p.shot("thue-desktop.png")
		p.phone()
		p.noOverflow("thue at the end")
		p.shot("thue-phone.png")
		p.clean("thue")
	})

	t.Run("thue-rows", func(t *testing.T) {
		// A long word wraps into rows on a phone: each gap's caret above its
		// row and its value (analysis) below stay clear of the row above and
		// below and inside the board (the carets drew over the values of the
		// row above, and the first row's over the board's edge).
		p.t = t
		p.phone()
		p.start(setup{card: "thue(alphabet=3)", action: "computer", fields: map[string]string{"start": "0"}, opponent: "perfect"})
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		for range 12 {
			p.wait(`document.querySelector('#board .gap-val')`, "the gaps' values")
			// The gap worst for the builder (the longest length): the painter keeps the word going.
			if !p.play(`const b = [...document.querySelectorAll('#board .gap:not([disabled])')].map(e => [parseInt((e.querySelector('.gap-val') || {textContent: '0'}).textContent.replace(/\D/g, '')) || 0, e]);
				const x = b.reduce((m, y) => (y[0] > m[0] ? y : m))[1]; x.click(); if (document.getElementById('play-move').disabled) x.click();`) {
				t.Fatal("the game ended before the word filled rows")
			}
		}
		p.wait(`window.kombi.match.to_move === 0 && document.querySelectorAll('#board .gap-val').length === window.kombi.match.view.word.symbols.length + 1`, "every gap's value")
		for _, size := range []string{"phone", "desktop"} {
			if size == "desktop" {
				p.desktop()
			}
			rows := js[int](p, `new Set([...document.querySelectorAll('#board .sym')].map(e => Math.round(e.getBoundingClientRect().top))).size`)
			if size == "phone" && rows < 2 {
				t.Errorf("a word of %d symbols fills %d row on a phone, want several", js[int](p, `window.kombi.match.view.word.symbols.length`), rows)
			}
			bad := js[[]string](p, `(() => {
				const r = (e) => e.getBoundingClientRect(), meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
				const box = r(document.getElementById('board')), out = [];
				const carets = [...document.querySelectorAll('#board .gap:not([disabled]) .caret')], vals = [...document.querySelectorAll('#board .gap-val')], syms = [...document.querySelectorAll('#board .sym')];
				for (const e of [...carets, ...vals]) {
					const a = r(e);
					if (a.top < box.top + 1 || a.bottom > box.bottom - 1) out.push(e.className + ' at ' + Math.round(a.top) + ' outside the board ' + Math.round(box.top) + '–' + Math.round(box.bottom));
				}
				for (const c of carets) for (const o of [...vals, ...syms]) if (meet(r(c), r(o))) out.push('a caret over ' + o.className + ' ' + o.textContent);
				// A value hangs below its gap over the corners of the symbols beside it, never over their digits.
				for (const v of vals) for (const o of syms) if (meet(r(v), r(o)) && r(v).top < (r(o).top + r(o).bottom) / 2 + 8) out.push('the value ' + v.textContent + ' over the symbol ' + o.textContent);
				return out.slice(0, 6); })()`)
			if len(bad) > 0 {
				t.Errorf("the word's rows on a %s: %q", size, bad)
			}
			p.noOverflow("a long word on a " + size)
			p.shot("thue-rows-" + size + ".png")
		}
		p.clean("thue-rows")
	})

	t.Run("ap-set", func(t *testing.T) {
		// A set given in the dialog replaces the drawn set's size and seed,
		// which the game then refuses: their fields say so and stay out of
		// the game string (the server refused every game with a set before).
		p.t = t
		p.phone()
		p.start(setup{card: "ap(x=20,k=3)", action: "computer", fields: map[string]string{"set": "1;2;3;4;5;6;7;8;9"}})
		if g := js[string](p, `window.kombi.match.game`); !strings.Contains(g, "set=1;2;3;4;5;6;7;8;9") || strings.Contains(g, "x=") {
			t.Errorf("the game with a set given: %q", g)
		}
		if n := js[int](p, `document.querySelectorAll('#board .num').length`); n != 9 {
			t.Errorf("the set of 9 numbers shows %d", n)
		}
		js[bool](p, `(document.querySelector('.new-btn').click(), true)`)
		p.wait(`document.getElementById('dlg-start')`, "the new-game dialog")
		js[bool](p, `(() => { const e = document.querySelector('[data-param="set"]'); e.value = '1;2;4;8'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		p.wait(`document.querySelector('[data-param="x"]').disabled`, "the set's size field off")
		if doc := js[string](p, `document.querySelector('[data-param="x"]').closest('label').textContent`); !strings.Contains(doc, "not used: the set given replaces it") {
			t.Errorf("the set's size field beside a set says %q", doc)
		}
		// A set too large for Perfect: the server's refusal names the opponent and the seat as the
		// dialog does, and the reason in the bot's words (it said "the bot string for Player 2: bot
		// perfect: ap(k=3,set=1;2;…;45) has 45 numbers…").
		nums := make([]string, 45)
		for i := range nums {
			nums[i] = strconv.Itoa(i + 1)
		}
		js[bool](p, `(() => { const e = document.querySelector('[data-param="set"]'); e.value = '`+strings.Join(nums, ";")+`'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		js[bool](p, `(() => { const e = document.getElementById('dlg-opponent'); e.value = 'perfect'; e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`)
		js[bool](p, `(document.getElementById('dlg-start').click(), true)`)
		p.wait(`document.getElementById('dlg-error').textContent !== ''`, "the refusal")
		if got, want := js[string](p, `document.getElementById('dlg-error').textContent`), "Perfect cannot play Blue in this game: the set has 45 numbers in play (in a progression of 3), and the perfect player’s exact search takes on at most 40 (strong plays larger sets). Pick another opponent, or change the settings."; got != want {
			t.Errorf("the dialog says %q, want %q", got, want)
		}
		p.forgive("status of 400")
		p.shotOf("dialog-refused-phone.png", "#dlg-error")
		js[bool](p, `([...document.querySelectorAll('button')].find(b => b.textContent === 'Cancel').click(), true)`)
		p.wait(`!document.getElementById('dlg-start')`, "the dialog closed")
		p.clean("ap-set")
	})

	t.Run("variants", func(t *testing.T) {
		// Every game with settings other than its card's, played to its end
		// by two people on a phone: no word on the page is a program's
		// (undefined, NaN, null, [object …]) at any move, nothing is wider
		// than the screen, and the end says who won and why.
		p.t = t
		p.phone()
		bad := regexp.MustCompile(`undefined|NaN|\[object|\bnull\b`)
		for _, c := range []struct {
			card   string
			fields map[string]string
		}{
			{"nim(piles=3;4;5,misere=true)", nil},
			{"nimk(piles=3;4;5;6,k=2)", map[string]string{"k": "3"}},
			{"greedynim(piles=3;4;5)", nil},
			{"grundy(heap=15)", map[string]string{"heap": "9"}},
			{"buildingnim(heaps=3,tokens=10)", map[string]string{"heaps": "2", "tokens": "5", "placement": "free"}},
			{"wythoff(piles=5;8)", map[string]string{"a": "3"}},
			{"wythoff(piles=7;9,view=queen)", map[string]string{"a": "2"}},
			{"nim2d(n=5)", map[string]string{"n": "3", "p1": "G", "first": "p2"}},
			{"thue(alphabet=3)", map[string]string{"rule": "overlap", "alphabet": "2", "target": "9"}},
			{"ap(x=20,k=3)", map[string]string{"x": "8"}},
			{"vdwlist(k=3,colors=3,list=2,s=12)", map[string]string{"s": "6", "colors": "2", "list": "1"}},
		} {
			p.start(setup{card: c.card, action: "friend", fields: c.fields})
			if strings.Contains(c.card, "misere=true") {
				// The name alone does not tell a newcomer the goal.
				if how := js[string](p, `document.getElementById('howto').textContent`); !strings.HasPrefix(how, "Misère play: whoever takes the last token loses. ") {
					t.Errorf("misère Nim's words on how to move say %q; want the goal first", how)
				}
			}
			for i := 0; p.play(`(document.querySelector('#board .place') || document.querySelector('#board button:not([disabled])')).click();`); i++ {
				if txt := js[string](p, `document.querySelector('main').innerText`); bad.MatchString(txt) {
					t.Errorf("%s %v, after %d moves: the page says %q", c.card, c.fields, i+1, bad.FindString(txt))
				}
				if i >= 80 {
					t.Fatalf("%s %v: not over after 80 moves", c.card, c.fields)
				}
			}
			p.gameOver(c.card)
			p.noOverflow(c.card)
		}
		p.clean("variants")
	})

	t.Run("thue-target", func(t *testing.T) {
		// With a target length the painter wins by reaching it: the end says
		// so (not "a repetition" that the word does not hold).
		p.t = t
		p.phone()
		p.start(setup{card: "thue(alphabet=3)", action: "computer", opponent: "perfect", fields: map[string]string{"alphabet": "2", "rule": "overlap", "target": "6", "start": "0"}})
		// The rules, closed under the controls, are this game's: overlaps and its target.
		if js[bool](p, `document.getElementById('rules').open`) {
			t.Error("the rules are open from the start")
		}
		js[bool](p, `(document.querySelector('#rules summary').click(), true)`)
		p.wait(`document.getElementById('rules').open`, "the rules opened")
		if got := js[string](p, `document.querySelector('#rules p').textContent`); got != "The builder chooses where the next symbol goes, the painter which of the 2 symbols; the game ends when an overlap appears (like 01010 or 000): the painter wins by reaching length 6 first, the builder by ending it before." {
			t.Errorf("the rules of this Thue game say %q", got)
		}
		p.targets("the rules", "#rules summary")
		p.playOut(`document.querySelector('#board .gap:not([disabled])').click();`, 10)
		if head := p.gameOver("thue with a target"); head != "The computer (Perfect) won: the word reached length 6 without an overlap" {
			t.Errorf("the painter reached length 6: the end says %q", head)
		}
		// The review weighs the builder's gaps against the target: a gap that let the painter reach it.
		p.wait(`/^Your costliest choice: at move \d+ you played gap \d+, after which the painter could reach length 6, the target, where .* forced a repetition by length [2-5]\./.test(((document.getElementById('review') || {}).textContent || '').replace(/\s+/g, ' '))`, "the review of the builder's gaps")
		p.noOverflow("the Thue game's end at its target")
		p.clean("thue-target")
	})

	t.Run("ap", func(t *testing.T) {
		p.t = t
		p.phone()
		p.start(setup{card: "ap(x=20,k=3)", action: "computer", fields: map[string]string{"x": "12"}, opponent: "strong"})
		p.checkPhone("ap")
		p.play(`document.querySelector('.num:not([disabled])').click();`)
		p.wait(`window.kombi.match.to_move === 0 && document.querySelector('#board .num.last')`, "the computer's number marked")
		if !js[bool](p, `document.querySelector('.race-side h2').textContent.includes('can still complete')`) {
			t.Error("no progressions each side can still complete")
		}
		if l := js[string](p, `document.querySelector('.last-line').textContent`); !regexp.MustCompile(`^Last move: The computer \(Strong\) took \d+\.$`).MatchString(l) {
			t.Errorf("the computer's number is said %q, want it taken, as the rules say", l)
		}
		// The number line's end labels and marks inside the screen (14 and
		// 100 were cut at its edges on a phone).
		if out := js[string](p, `(() => { const c = document.querySelector('.number-line').parentElement.getBoundingClientRect();
			return [...document.querySelectorAll('.number-line .nl-label, .number-line circle, .number-line rect')].map(e => e.getBoundingClientRect()).filter(r => r.left < c.left || r.right > c.right).length + ''; })()`); out != "0" {
			t.Errorf("on a phone %s of the number line's labels and marks pass the edge of the board that holds it", out)
		}
		p.shot("ap-phone.png")
		p.playOut(`document.querySelector('.num:not([disabled])').click();`, 12)
		head := p.gameOver("ap")
		if strings.Contains(head, "won") && js[int](p, `document.querySelectorAll('#board .num.lit').length`) != 3 {
			t.Error("the winning progression is not marked")
		}
		// Over: each side says what it completed, not what it could still.
		heads := js[[]string](p, `[...document.querySelectorAll('.race-side h2')].map(e => e.textContent.trim())`)
		won := regexp.MustCompile(`(Red|Blue) completed \d+, \d+, \d+$`)
		if len(heads) != 2 || strings.Contains(strings.Join(heads, " "), "can still") ||
			strings.Contains(head, "won") != (won.MatchString(heads[0]) != won.MatchString(heads[1])) {
			t.Errorf("after %q the sides say %q", head, heads)
		}
		// Back at move 6, blue's 30 next to its 43: the threat, and what the person (red) must do about it.
		js[bool](p, `(document.querySelector('[data-move="6"]').click(), true)`)
		p.wait(`window.kombi.shown.at === 6 && document.querySelector('.side1 .threat')`, "blue's threat after move 6")
		if got := js[string](p, `document.querySelector('.side1 .threat').textContent`); got != "Threat: 56 would complete 30, 43, 56 — you must take 56 to block it." {
			t.Errorf("blue's threat after move 6 says %q", got)
		}
		p.do(chromedp.KeyEvent(kb.End))
		p.wait(`window.kombi.travelAt === null`, "back to the end")
		p.desktop()
		p.shot("ap-desktop.png")
		p.clean("ap")
	})

	t.Run("vdwlist", func(t *testing.T) {
		p.t = t
		p.phone()
		p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "computer", fields: map[string]string{"s": "7", "#dlg-you": "1"}, opponent: "random"})
		p.checkPhone("vdwlist")
		p.seatsUnlikePaints("vdwlist", "c0", "c1", "c2")
		p.wait(`document.querySelector('.swatch-btn:not([disabled])')`, "the drawn list to colour from")
		if !js[bool](p, `document.querySelector('#board .num.target') !== null && document.querySelectorAll('.swatch-btn').length === 2`) {
			t.Error("the number being coloured or the drawn list of 2 colours is not shown")
		}
		p.desktop()
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.querySelectorAll('.an-row').length === 2 && !/still computing/i.test(document.getElementById('analysis').textContent)`, "the analysis of the two colours, computed")
		// (How it works tells how lists are drawn: the values never say a move draws.)
		txt := js[string](p, `(() => { const a = document.getElementById('analysis').cloneNode(true); a.querySelectorAll('.teach').forEach(e => e.remove()); return a.textContent; })()`)
		if !strings.Contains(txt, "the colourer survives with probability") || !strings.Contains(txt, "%") || strings.Contains(txt, "draw") {
			t.Errorf("the list-colouring analysis is not P2's chance as a fraction and a percentage: %q", txt)
		}
		// The luck of the list just drawn, from the analysis of the draw.
		p.wait(`document.getElementById('an-drawn-luck')`, "the luck of the list drawn")
		luck := js[string](p, `document.getElementById('an-drawn-luck').textContent`)
		drawn := js[string](p, `window.kombi.match.moves[window.kombi.match.moves.length - 1].move`)
		if !regexp.MustCompile(`^Chance drew \{\w+, \w+\}: (the lists averaged [\d.]+\x{a0}% for the colourer; this one leaves [\d.]+\x{a0}%: an? (un)?lucky draw|it leaves the chance the lists averaged)\.$`).MatchString(luck) || !strings.HasPrefix(luck, "Chance drew "+drawn+":") {
			t.Errorf("the luck of the list drawn (%s) says %q", drawn, luck)
		}
		p.shot("vdwlist-desktop.png")
		p.playOut(`document.querySelector('.swatch-btn:not([disabled])').click();`, 10)
		p.gameOver("vdwlist")
		p.downloadable("vdwlist")
		p.phone()
		// The move list in columns: the namer's numbers, the draws and the colourer's colours each
		// start at one left edge, whatever the width of the draw before them ({red, green} is wider
		// than {red, blue}), and the list is no wider than its box.
		for _, kind := range []string{"by0", "chance", "by1"} {
			lefts := js[[]float64](p, `[...document.querySelectorAll('#moves .mv.`+kind+`')].map(e => Math.round(e.getBoundingClientRect().left))`)
			if len(lefts) < 3 || slices.Max(lefts) != slices.Min(lefts) {
				t.Errorf("the move list's %s moves start at %v px, want one column", kind, lefts)
			}
		}
		if draws := js[[]string](p, `[...new Set([...document.querySelectorAll('#moves .mv.chance')].map(e => e.textContent))]`); len(draws) < 2 {
			t.Errorf("the game drew only %q: the columns are not put to the test", draws)
		}
		if w := js[[]float64](p, `[document.getElementById('moves').scrollWidth, document.getElementById('moves').clientWidth]`); w[0] > w[1] {
			t.Errorf("the move list is %v px wide in a box of %v on a phone", w[0], w[1])
		}
		// 1..7 in one row on a phone: a progression such as 1, 4, 7 reads along one line.
		if tops := js[[]float64](p, `[...document.querySelectorAll('#board .num')].map(e => Math.round(e.getBoundingClientRect().top))`); len(tops) != 7 || slices.Max(tops) != slices.Min(tops) {
			t.Errorf("the numbers 1..7 on a phone at heights %v, want one row", tops)
		}
		// The review as it ends (its luck of the draws counted), as the docs show it.
		p.wait(`!/Looking|Weighing|Counting/.test((document.getElementById('review') || {}).textContent || 'Looking')`, "the review of the lost game")
		p.shot("vdwlist-phone.png")
		p.clean("vdwlist")
	})

	t.Run("review-chance-length", func(t *testing.T) {
		// A lost game of chance: the review weighs every choice of the
		// person's and names the one that cost the most chance, as the
		// analysis of that position values it, and opens that position.
		p.t = t
		p.desktop()
		p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "computer", fields: map[string]string{"s": "9"}, opponent: "perfect"})
		// With the analysis on, each analysis asked late (as on a slow machine), after the next move is
		// made: the answer must still be the position's own (it was the next position's, then refused
		// for good: "This server analyses only the current position of a match").
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		js[bool](p, `(() => { const f = window.fetch; window.kombiFetch = f;
			window.fetch = (u, o) => (String(u).includes('/analysis') ? new Promise((r) => setTimeout(r, 300)).then(() => f(u, o)) : f(u, o)); return true; })()`)
		p.playOut(`const b = [...document.querySelectorAll('#board button:not([disabled])')]; b[Math.floor(b.length / 2)].click();`, 20)
		js[bool](p, `(window.fetch = window.kombiFetch, true)`)
		if head := p.gameOver("vdwlist review"); !strings.HasPrefix(head, "The computer (Perfect) won") {
			t.Fatalf("the game (seed 11) ends %q; the review of a loss is not put to the test", head)
		}
		p.wait(`/^Your costliest choice: at move \d+ \(your \d+(st|nd|rd|th) move, round \d+ in the move list\) you named \S+, which left you (no chance|a [\d.]+\u00a0% chance) where .* kept [\d.]+\u00a0%/.test(((document.getElementById('review') || {}).textContent || '').replace(/[ \t\n]+/g, ' '))`, "the costliest choice")
		// The luck of the draws follows the choices (the shots show both).
		p.wait(`/^Luck:/.test((document.getElementById('review-luck') || {}).textContent || '')`, "the luck of the draws")
		review := js[string](p, `document.getElementById('review').textContent.replace(/[ \t\n]+/g, ' ')`)
		// Found after the end is shown: said to a screen reader as it comes.
		if !js[bool](p, `!!document.getElementById('review').closest('[aria-live]')`) {
			t.Error("the review is not in a live region: a screen reader would not say it")
		}
		p.accessible("the review of a lost game")
		p.shot("review-desktop.png")
		p.phone()
		p.noOverflow("the review on a phone")
		p.shot("review-phone.png")
		// On a phone the analysis is below the board and the moves: the
		// button that promises it brings the board with its marks into view
		// first (it showed the analysis' heading, the board above the
		// screen), the heading with it where both fit (TestBrowserViewports).
		js[bool](p, `(document.getElementById('review-show').click(), true)`)
		p.wait(`window.kombi.travelAt !== null && window.kombi.shown && window.kombi.shown.moves && document.getElementById('analysis') && (r => r.top > -2 && r.top < innerHeight / 2)(document.getElementById('board').getBoundingClientRect())`,
			"the turning point's board brought into view on a phone")
		js[bool](p, `(document.getElementById('live').click(), true)`)
		p.wait(`window.kombi.travelAt === null && document.getElementById('result')`, "back to the game's end")
		p.desktop()
		m := regexp.MustCompile(`at move (\d+) \(your \d+(?:st|nd|rd|th) move, round \d+ in the move list\) you named (\S+), which left you (?:no chance|a ([\d.]+\x{a0}%) chance) where (\S+) kept ([\d.]+\x{a0}%)`).FindStringSubmatch(review)
		if m == nil {
			t.Fatalf("the review says %q", review)
		}
		if m[3] == "" {
			m[3] = "0\u00a0%"
		}
		at, _ := strconv.Atoi(m[1])
		at--
		if got := js[string](p, fmt.Sprintf(`window.kombi.match.moves[%d].player + ' ' + window.kombi.match.moves[%d].move`, at, at)); got != "0 "+m[2] {
			t.Errorf("the review names move %d, %s; the match has %s there", at+1, m[2], got)
		}
		js[bool](p, `(document.getElementById('review-show').click(), true)`)
		p.wait(fmt.Sprintf(`window.kombi.travelAt === %d && document.querySelectorAll('.an-row').length > 1 && !/Still computing/.test(document.getElementById('analysis').textContent)`, at), "the costliest choice's position with its analysis")
		// The analysis there values the move played and the better one as the review says, and the board marks the better one.
		val := func(move string) string {
			return js[string](p, fmt.Sprintf(`[...document.querySelectorAll('.an-row')].find(r => r.dataset.analysisMove === %q).querySelector('.an-val').textContent.trim()`, move))
		}
		if got := [2]string{val(m[2]), val(m[4])}; got != [2]string{m[3], m[5]} {
			t.Errorf("the analysis values %s and %s at %v; the review says %s and %s", m[2], m[4], got, m[3], m[5])
		}
		if !js[bool](p, fmt.Sprintf(`!!document.querySelector('#board .num.good[data-number="%s"]')`, m[4])) {
			t.Errorf("the board does not mark %s, the better choice, ✓", m[4])
		}
		p.shotHere("review-turn-desktop.png")
		// Luck: the unluckiest draw, as the analysis of that draw values it, and the way to it.
		js[bool](p, `(document.getElementById('live').click(), true)`)
		p.wait(`window.kombi.travelAt === null && /^Luck:/.test((document.getElementById('review-luck') || {}).textContent || '')`, "the review's luck")
		luck := js[string](p, `document.getElementById('review-luck').textContent.replace(/[ \t\n]+/g, ' ')`)
		lm := regexp.MustCompile(`^Luck: the unluckiest draw was at move (\d+) \(round (\d+) in the move list\), where chance drew (\{[^}]+\}): it left you ([\d.]+\x{a0}%) where the lists averaged ([\d.]+\x{a0}%)\. .*The 9 draws valued (gave|took) your chance [\d.]+ percentage points (away )?in all\.$`).FindStringSubmatch(luck)
		if lm == nil {
			t.Fatalf("the review's luck says %q", luck)
		}
		at, _ = strconv.Atoi(lm[1])
		at--
		lm = append(lm[:2], lm[3:]...) // the round checked here, the rest below as before
		if got := js[string](p, fmt.Sprintf(`window.kombi.match.moves[%d].player + ' ' + window.kombi.match.moves[%d].move`, at, at)); got != "-1 "+lm[2] {
			t.Errorf("the review's unluckiest draw is move %d, %s; the match has %s there", at+1, lm[2], got)
		}
		// The round is the move list's row that holds the draw.
		if round, row := regexp.MustCompile(`\(round (\d+) in the move list\)`).FindStringSubmatch(luck)[1], js[string](p, fmt.Sprintf(`String(window.kombi.match.moves.slice(0, %d).filter((m) => m.player === 0).length)`, at+1)); round != row {
			t.Errorf("the review's unluckiest draw is in round %s; the move list's row %s holds it", round, row)
		}
		js[bool](p, `(document.getElementById('review-luck-show').click(), true)`)
		p.wait(fmt.Sprintf(`window.kombi.travelAt === %d && document.getElementById('an-drawn')`, at), "the unluckiest draw with its analysis")
		if got, want := js[string](p, `document.getElementById('an-drawn').textContent`), "This game drew "+lm[2]+": the namer’s chance then "+lm[3]+"."; got != want {
			t.Errorf("the analysis of the unluckiest draw says %q, want %q", got, want)
		}
		if got := js[string](p, `document.getElementById('an-draws').textContent`); !strings.Contains(got, " = "+lm[4]+": the average over 3 colour lists") {
			t.Errorf("the analysis of the unluckiest draw says %q; the review says the lists averaged %s", got, lm[4])
		}
		p.clean("vdwlist review")
		// The Thue game, valued by a length: the painter (here) always loses to Perfect, and the review
		// weighs each symbol painted by the length the builder could force after it.
		p.start(setup{card: "thue(alphabet=3)", action: "computer", fields: map[string]string{"#dlg-you": "1"}, opponent: "perfect"})
		p.playOut(`const x = document.querySelector('#board .symbol-btn:not([disabled])'); x.click(); if (document.getElementById('play-move').disabled) x.click();`, 20)
		p.gameOver("thue review")
		p.wait(`/^Your (costliest choice|choices): /.test(((document.getElementById('review') || {}).textContent || '').replace(/\s+/g, ' '))`, "the painter's choices weighed")
		review = js[string](p, `document.getElementById('review').textContent.replace(/\s+/g, ' ')`)
		tm := regexp.MustCompile(`at move (\d+) you painted (\S+), (?:which made a repetition at once|after which the builder could force a repetition by length \d+).* where \S+ kept the word going to length \d+\.`).FindStringSubmatch(review)
		if tm == nil {
			t.Fatalf("the Thue review says %q", review)
		}
		at, _ = strconv.Atoi(tm[1])
		if got := js[string](p, fmt.Sprintf(`window.kombi.match.moves[%d].player + ' ' + window.kombi.match.moves[%d].move`, at-1, at-1)); got != "1 "+tm[2] {
			t.Errorf("the Thue review names move %d, %s; the match has %s there", at, tm[2], got)
		}
		p.clean("thue review")
	})

	t.Run("server-facts", func(t *testing.T) {
		p.t = t
		// The Thue painter after 010, painting at the end: 0 and 1 make a
		// square (the server's legal moves say so), 2 does not.
		p.desktop()
		p.study("thue(alphabet=3)", "010@3")
		p.wait(`document.querySelectorAll('.symbol-btn').length === 3`, "the painter's three symbols")
		if got := js[string](p, `[...document.querySelectorAll('.symbol-btn.ends')].map(b => b.dataset.symbol).join(',')`); got != "0,1" {
			t.Errorf("symbols marked as ending the game: %q, want 0,1", got)
		}
		if !js[bool](p, `[...document.querySelectorAll('.symbol-btn.ends')].every(b => b.getAttribute('aria-label').includes('makes a square and ends the game') && b.textContent.includes('ends it'))`) {
			t.Error("the ending symbols do not say so")
		}
		// Named with what they show ("0 ends it: paint 0, which makes a square and ends the game").
		p.accessible("the painter's symbols")
		p.wait(`document.querySelectorAll('.an-row').length === 3`, "the analysis of the painter's three symbols")
		rows := js[string](p, `[...document.querySelectorAll('.an-row')].map(r => r.dataset.analysisMove + ': ' + r.querySelector('.an-detail').textContent).join('; ')`)
		if want := "2: the builder can still force a square by length 5; 0: makes a square: the game ends here, at length 4; 1: makes a square: the game ends here, at length 4"; rows != want {
			t.Errorf("the analysis rows say %q, want %q", rows, want)
		}
		if foot := js[string](p, `document.querySelector('#analysis p.small:last-child').textContent`); !regexp.MustCompile(`^Exact\. [0-9,]+ positions? searched in [0-9.]+ s\.$`).MatchString(foot) || strings.Contains(foot, "1 positions") {
			t.Errorf("the analysis' last line says %q", foot)
		}
		// How it works shows the Thue solver's reasoning, a line of best play from here, not its text for a
		// terminal (the game string, the value, the optimal symbols, its own search count): one count, the footer's.
		if got, want := js[string](p, `(document.querySelector('#analysis .teach .explain') || {textContent: ''}).textContent`), "One line of best play (each new symbol in brackets): 010\u00a0→ 010[2]\u00a0→ 010[0]2."; !strings.Contains(got, want) || strings.Contains(got, "Optimal") || strings.Contains(got, "thue(") {
			t.Errorf("the Thue painter's How it works says %q, want the line %q and nothing of the terminal's", got, want)
		}
		if n := js[int](p, `(document.getElementById('analysis').textContent.match(/positions? searched/g) || []).length`); n != 1 {
			t.Errorf("the analysis panel counts positions searched %d times: %q", n, js[string](p, `document.getElementById('analysis').textContent`))
		}
		// Reduced motion asked (newPage): the switch's knob does not slide.
		if d := js[string](p, `getComputedStyle(document.querySelector('.switch-track'), '::after').transitionDuration`); d != "0s" {
			t.Errorf("with reduced motion the switch still moves for %q", d)
		}
		p.shot("thue-painter-desktop.png")
		p.phone()
		p.noOverflow("the Thue painter")
		p.shot("thue-painter-phone.png")

		// The colourer colours 5 with red 1 and 3: red completes 1, 3, 5.
		p.desktop()
		p.study("vdwlist(k=3,colors=3,list=2,s=7)", "r.r....:5:rb")
		p.wait(`document.querySelectorAll('.swatch-btn').length === 2`, "the drawn list")
		if got := js[string](p, `[...document.querySelectorAll('.swatch-btn.ends')].map(b => b.dataset.color + ': ' + b.querySelector('.sym-note').textContent).join(' | ')`); got != "0: completes 1, 3, 5" {
			t.Errorf("colours marked as completing a progression: %q, want red's 1, 3, 5", got)
		}
		p.wait(`document.querySelectorAll('.an-row').length === 2 && !/still computing/i.test(document.getElementById('analysis').textContent)`, "the analysis of the two colours, computed")
		if got := js[string](p, `[...document.querySelectorAll('.an-row')].map(r => r.dataset.analysisMove + ': ' + r.querySelector('.an-detail').textContent).join('; ')`); !strings.HasSuffix(got, "; red: ends the game: the namer wins") {
			t.Errorf("the analysis rows say %q, want red last: it ends the game", got)
		}
		p.shot("vdwlist-colour-desktop.png")
		p.phone()
		p.noOverflow("the colourer")
		p.shot("vdwlist-colour-phone.png")

		// The Szemerédi game on 1 2 3 5 7 9 11 after red 1 5, blue 2: the
		// server's lines (games/apgame's TestViewLines).
		p.desktop()
		p.study("ap(k=3,set=1;2;3;5;7;9;11)", "1 5 / 2")
		heads := js[[]string](p, `[...document.querySelectorAll('.race-side h2')].map(e => e.textContent.trim())`)
		if len(heads) != 2 || !strings.HasSuffix(heads[0], "Red can still complete 6 progressions") || !strings.HasSuffix(heads[1], "Blue can still complete 2 progressions") {
			t.Errorf("the sides say %q", heads)
		}
		if got := js[string](p, `document.querySelector('.side0 .threat').textContent + ' / ' + [...document.querySelectorAll('.side0 .aps li')].map(e => e.textContent).join('; ')`); got != "Threats: 3 would complete 1, 3, 5; 9 would complete 1, 5, 9 — blue can block only one. / 1, 3, 5 (holds 2 of 3); 1, 5, 9 (holds 2 of 3); 3, 5, 7 (holds 1 of 3); 5, 7, 9 (holds 1 of 3)" {
			t.Errorf("red's threats and progressions: %q", got)
		}
		if got := js[string](p, `[...document.querySelectorAll('#board .num.threat0')].map(b => b.dataset.number).join(',') + ' ' + document.querySelectorAll('.number-line .nl-threat').length`); got != "3,9 2" {
			t.Errorf("threat marks on the numbers and the line: %q, want 3 and 9", got)
		}
		// The analysis says each move once, in words ("take 3", not "3 take 3").
		p.wait(`document.querySelectorAll('.an-row').length === 4`, "the analysis of blue's four moves")
		if got := js[string](p, `[...document.querySelectorAll('.an-row .an-move')].map(e => e.textContent.trim()).join('; ')`); got != "take 3; take 7; take 9; take 11" {
			t.Errorf("the analysis rows' moves say %q", got)
		}
		// Red threatens 3 and 9: every move of blue's loses at once, and each row says how.
		if got := js[string](p, `[...document.querySelectorAll('.an-row .an-detail')].map(e => e.textContent.trim()).join('; ')`); got != "loses at once: red then takes 9, completing 1, 5, 9; "+
			"loses at once: red then takes 3, completing 1, 3, 5; loses at once: red then takes 3, completing 1, 3, 5; loses at once: red then takes 3, completing 1, 3, 5" {
			t.Errorf("the analysis rows' details say %q", got)
		}
		p.shot("ap-study-desktop.png")
		p.phone()
		p.noOverflow("the Szemerédi study")
		if n := js[int](p, `document.querySelector('.seats code').getClientRects().length`); n != 1 {
			t.Errorf("the position string 1 5 / 2 is broken over %d lines on a phone", n)
		}
		p.shot("ap-study-phone.png")
		// How soon each move's winner completes a progression (win_in), on 11 numbers: red's wins, each saying how
		// soon; blue's block first, saying what it blocks and how long it holds out, then the moves that lose at once.
		p.desktop()
		p.study("ap(x=11,k=3,seed=5)", "8 / 29")
		p.wait(`document.querySelectorAll('.an-row').length >= 9 && !/still computing/i.test(document.getElementById('analysis').textContent)`, "the analysis of red's moves")
		if got := js[string](p, `[...document.querySelectorAll('.an-row')].slice(0, 2).map(r => r.dataset.analysisMove + ': ' + r.querySelector('.an-detail').textContent).join('; ')`); got != "26: completes a progression within 2 more moves, whatever the defence; "+
			"36: completes a progression within 2 more moves, whatever the defence" {
			t.Errorf("red's wins: %q", got)
		}
		p.study("ap(x=11,k=3,seed=5)", "8 26 / 29")
		p.wait(`document.querySelectorAll('.an-row').length >= 8 && !/still computing/i.test(document.getElementById('analysis').textContent)`, "the analysis of blue's moves")
		if got := js[string](p, `[...document.querySelectorAll('.an-row')].slice(0, 2).map(r => r.dataset.analysisMove + ': ' + r.querySelector('.an-detail').textContent).join('; ')`); got != "17: blocks 8, 17, 26; the other side then completes a progression within 2 moves of its own; "+
			"16: loses at once: red then takes 17, completing 8, 17, 26" {
			t.Errorf("blue's longest defence: %q", got)
		}
		p.phone()
		p.noOverflow("the Szemerédi race")
		// How it works plays the line of best play to the progression (on 7 numbers: the page gives the
		// explanation half a second, within which the race detector's build solves small positions only).
		p.desktop()
		line := `/One line of best play/.test((document.querySelector('#analysis .explain') || {}).textContent || '')`
		p.study("ap(k=3,set=1;2;3;5;7;9;11)", "5 / 11")
		p.wait(line, "the line of best play")
		if got := js[string](p, `document.querySelector('#analysis .explain').textContent.replace(/\s+/g, ' ')`); !strings.Contains(got, "One line of best play: Red completes a progression in 2 moves of its own, whatever Blue does") ||
			!strings.Contains(got, "Red 1 (threatens 3 and 9) → Blue 3 (a block; threatens 7) → Red 9: Red completes the progression 1, 5, 9.") {
			t.Errorf("How it works of a won Szemerédi position: %q", got)
		}
		// The README's pictures of the race: 20 numbers, where they are written.
		if *screenshots != "" {
			p.study("ap(x=20,k=3,seed=3)", "13 20 / 9 27")
			p.wait(line, "the line of best play on 20 numbers")
			p.shot("ap-race-desktop.png")
			p.phone()
			p.noOverflow("the Szemerédi line of best play")
			p.shotOf("ap-race-phone.png", "#analysis .explain p:last-child")
			p.desktop()
		}
		// A side that can complete nothing says so in words, not "0 progressions".
		p.study("ap(k=3,set=1;2;3;4)", "1 / 2")
		if heads := js[[]string](p, `[...document.querySelectorAll('.race-side h2')].map(e => e.textContent.trim())`); len(heads) != 2 ||
			!strings.HasSuffix(heads[0], "Red can complete no progression") || !strings.HasSuffix(heads[1], "Blue can still complete 1 progression") {
			t.Errorf("the sides of 1 / 2 on 1..4 say %q", heads)
		}
		// Over, nothing threatens: blue completed 4, 5, 6 while red's 1, 2 lacked 3, and no number or mark
		// on the line says 3 is a threat (it kept its "!" after the end).
		p.study("ap(k=3,set=1;2;3;4;5;6;7;8;9)", "1 2 8 / 4 5 6")
		if n := js[int](p, `document.querySelectorAll('#board .num.threat0, #board .num.threat1, .number-line .nl-threat, .race-side .threat').length`); n != 0 {
			t.Errorf("%d threat marks after the end", n)
		}
		p.clean("server-facts")
	})

	// (A computer that thinks for a second, in words: TestBrowserA11yLive/thinking.)

	t.Run("study", func(t *testing.T) {
		p.t = t
		p.desktop()
		p.do(chromedp.Navigate(h.ts.URL + "/#/"))
		p.wait(`document.querySelector('[data-game="nim(piles=3;4;5)"] [data-action=study]')`, "the gallery")
		// The person's choice for matches: analysis off (the hint shows then).
		js[bool](p, `(localStorage.setItem('kombi:analysis', '0'), true)`)
		js[bool](p, `(document.querySelector('[data-game="nim(piles=3;4;5)"] [data-action=study]').click(), true)`)
		p.wait(`window.kombi.study && window.kombi.study.pos && document.querySelector('.an-row.best')`, "the study board with its analysis")
		// The study board shows the analysis by default without saving it
		// for matches (opening a study switched it on in every match after).
		if saved := js[string](p, `localStorage.getItem('kombi:analysis')`); saved != "0" {
			t.Errorf("opening the study board saved the analysis switch as %q for matches", saved)
		}
		js[bool](p, `(document.querySelector('[data-heap="0"][data-token="1"]').click(), true)`)
		p.wait(`!document.getElementById('play-move').disabled`, "the move chosen")
		if w := js[string](p, `document.getElementById('move-words').textContent`); w != "Your move: take 2 tokens from heap 1." {
			t.Errorf("the study's move bar says %q, want the move in words as a match's does", w)
		}
		js[bool](p, `(document.getElementById('play-move').click(), true)`)
		p.wait(`window.kombi.study.pos.position === '1;4;5 P2' && document.querySelectorAll('.an-row').length > 0`, "the position after 1:2 analysed")
		// The address shares the position: opening it again shows the same board.
		url := js[string](p, `location.href`)
		if !strings.Contains(url, "position=1%3B4%3B5%20P2") {
			t.Errorf("the study's address %q does not hold the position", url)
		}
		p.do(chromedp.Navigate(h.ts.URL + "/#/"))
		p.wait(`document.querySelector('.card')`, "the gallery")
		p.do(chromedp.Navigate(url))
		p.wait(`window.kombi.study && window.kombi.study.pos && window.kombi.study.pos.position === '1;4;5 P2' && document.querySelectorAll('#board .token').length === 10`, "the shared position")
		if s := p.status(); !strings.HasPrefix(s, "Player 2 to move") {
			t.Errorf("study status %q", s)
		}
		// The line on how to play says where the values are, whether Analysis is on or off.
		if how := js[string](p, `document.querySelector('.study-page .howto').textContent`); how != "Take one or more tokens from one heap. Play moves for both sides here: choose on the board, then Play. The analysis values every move. With the keyboard: Tab to the board, move with the arrow keys, choose with Enter." {
			t.Errorf("the study's line on how to play, Analysis on: %q", how)
		}
		js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.querySelector('.study-page .howto').textContent.includes('Switch on Analysis to see what every move is worth.')`, "the line with Analysis off")
		js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
		p.wait(`window.kombi.analysisOn && document.querySelectorAll('.an-row').length > 0`, "Analysis on again")
		if title := js[string](p, `document.title`); title != "Study: Nim — Kombi" {
			t.Errorf("the study's tab is titled %q", title)
		}
		if head := js[string](p, `document.querySelector('.match-head .seats').textContent`); head != "started from heaps 3, 4, 5 · this position: 1;4;5 P2" {
			t.Errorf("the study's heading says %q: the heaps it started from and the position shown", head)
		}
		p.shot("study-desktop.png")
		// A game whose moves depend on its parameters says how to move with them.
		p.do(chromedp.Navigate(h.ts.URL + "/#/study?game=nimk(piles%3D3%3B4%3B5%3B6%2Ck%3D3)"))
		p.wait(`window.kombi.study && window.kombi.study.pos && window.kombi.study.pos.game.startsWith('nimk') && document.querySelector('.study-page .howto')`, "the Index-k Nim study")
		if how := js[string](p, `document.querySelector('.study-page .howto').textContent`); !strings.HasPrefix(how, "Take tokens from one heap, or from up to 3 heaps at once. Play moves for both sides here") {
			t.Errorf("the study of Index-k Nim with k = 3 says %q", how)
		}
		// Set up a 2D Nim position on the board: two cells coloured, then used and analysed.
		p.do(chromedp.Navigate(h.ts.URL + "/#/study?game=nim2d(n%3D3)"))
		p.wait(`window.kombi.study && window.kombi.study.pos && window.kombi.study.pos.game.startsWith('nim2d')`, "the 2D Nim study")
		js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
		p.wait(`document.querySelector('.setup [data-cell="1"]')`, "the setup editor")
		js[bool](p, `(document.querySelector('.setup [data-cell="1"]').click(), true)`)
		p.wait(`document.querySelector('.setup [data-cell="1"]').classList.contains('own0')`, "cell 2 coloured R")
		js[bool](p, `([...document.querySelectorAll('.setup .btn')].find(b => b.textContent.startsWith('Use this position')).click(), true)`)
		p.wait(`window.kombi.study.pos.position.startsWith('.R./.../...:') && document.querySelectorAll('#board .cell.own0').length === 1 && document.querySelector('.an-row')`, "the set-up position analysed")
		// Building Nim's heaps are as many as its heaps= says: its editor offers no heap to add or remove
		// (the server refused the position: "want 3 heap sizes"); Nim's does.
		for _, c := range []struct {
			game string
			want bool
		}{{"buildingnim(heaps%3D3%2Ctokens%3D10)", false}, {"nim(piles%3D3%3B4%3B5)", true}} { // Nim last: its position is set up below
			game, want := c.game, c.want
			p.do(chromedp.Navigate(h.ts.URL + "/#/study?game=" + game))
			p.wait(`window.kombi.study && window.kombi.study.pos && window.kombi.study.pos.game.startsWith('`+game[:4]+`')`, "the study of "+game)
			js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
			p.wait(`document.querySelector('.setup input[type=number]')`, "the heaps' editor of "+game)
			if got := js[bool](p, `[...document.querySelectorAll('.setup .btn')].some(b => b.textContent.includes('Add a heap') || b.textContent.includes('Remove a heap'))`); got != want {
				t.Errorf("%s: the editor offers to add or remove heaps: %v, want %v", game, got, want)
			}
		}
		// A heap field left empty is named, not sent as 0 (it was: Number('') is 0).
		js[bool](p, `(() => { const e = document.querySelector('.setup input[type=number]'); e.value = ''; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		js[bool](p, `([...document.querySelectorAll('.setup .btn')].find(b => b.textContent.startsWith('Use this position')).click(), true)`)
		p.wait(`document.querySelector('.setup .error')`, "the empty heap named")
		if msg := js[string](p, `document.querySelector('.setup .error').textContent`); msg != "Heap 1 is empty: type its number of tokens (0 or more)." || !js[bool](p, `window.kombi.study.setup && window.kombi.study.pos.position === '3;4;5'`) {
			t.Errorf("a heap left empty: %q, the position %q", msg, js[string](p, `window.kombi.study.pos.position`))
		}
		js[bool](p, `(() => { const e = document.querySelector('.setup input[type=number]'); e.value = '2'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		js[bool](p, `([...document.querySelectorAll('.setup .btn')].find(b => b.textContent.startsWith('Use this position')).click(), true)`)
		p.wait(`window.kombi.study.pos.position.startsWith('2;4;5') && document.querySelector('.an-row')`, "Nim's set-up position analysed")
		p.clean("study")
	})

	t.Run("watch-lists", func(t *testing.T) {
		// Watching two computers: the drawn list is shown, not offered (the
		// buttons disabled and faded); 2D Nim's roles with their colours
		// read without nested parentheses.
		p.t = t
		p.phone()
		p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "watch"})
		p.wait(`document.querySelector('.swatch-btn')`, "a drawn list")
		if got := js[[]string](p, `[...document.querySelectorAll('.swatch-btn')].map(b => b.disabled + ' ' + (Number(getComputedStyle(b).opacity) < 1))`); !slices.Equal(got, []string{"true true", "true true"}) {
			t.Errorf("the computer's drawn list while watching (disabled, faded): %q", got)
		}
		// The colourer's move says the number it coloured (two people on this device).
		p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "friend"})
		p.play(`document.querySelector('#board button[data-number="5"]').click();`)
		p.play(`document.querySelector('.swatch-btn:not([disabled])').click();`)
		if l := js[string](p, `document.querySelector('.last-line').textContent`); !regexp.MustCompile(`^Last move: Colourer coloured 5 (red|blue|green)\.$`).MatchString(l) {
			t.Errorf("the colourer's move is said %q", l)
		}
		// Looking back at the draw: each list's value, and the one this game drew.
		wasOn := js[bool](p, `window.kombi.analysisOn`)
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		js[bool](p, `(document.querySelector('[data-move="1"]').click(), true)`)
		p.wait(`window.kombi.shown.at === 1 && document.getElementById('an-drawn')`, "the draw looked back at, with its analysis")
		drew := js[string](p, `window.kombi.match.moves[1].move`)
		if got := js[string](p, `document.getElementById('an-drawn').textContent`); !strings.HasPrefix(got, "This game drew "+drew+": the namer’s chance then ") {
			t.Errorf("the draw looked back at says %q; the game drew %s", got, drew)
		}
		if got := js[[]string](p, `[...document.querySelectorAll('[data-analysis-draw]')].map(b => b.disabled + ' ' + b.textContent.includes('drawn with probability 1/3') + ' ' + b.textContent.includes('drawn in this game'))`); len(got) != 3 || slices.Index(got, "true true true") < 0 || slices.Index(got, "true true false") < 0 {
			t.Errorf("the past draw's rows (disabled, probability, drawn here): %q", got)
		}
		js[bool](p, `(document.getElementById('live').click(), true)`)
		p.wait(`window.kombi.travelAt === null`, "back to the game")
		if !wasOn {
			js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
			p.wait(`!window.kombi.analysisOn`, "the analysis off again")
		}
		p.start(setup{card: "nim2d(n=5)", action: "watch"})
		// Each computer named as above the board: its seat and its level.
		p.wait(`window.kombi.match.moves.length >= 1 && /^[RG] \((red|green), \w+\) is to move…$/.test(document.getElementById('status').textContent)`, "a computer to move, named by seat and level")
		words := js[string](p, `document.getElementById('status').textContent + ' | ' + document.querySelector('.match-head').textContent + ' | ' + ((document.querySelector('.last-line') || {}).textContent || '')`)
		if strings.Contains(words, "((") || strings.Contains(words, "))") {
			t.Errorf("2D Nim watched: %q", words)
		}
		p.clean("watch-lists")
	})

	t.Run("recent", func(t *testing.T) {
		// The first page lists the matches played above, the computers by
		// their names (the opponent Perfect, not the bot string).
		p.t = t
		p.phone()
		parent := h.t
		h.t = t
		defer func() { h.t = parent }()
		if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=2;3)", "players": []string{"human", "perfect"}, "seed": 5}, nil); st != 201 {
			t.Fatalf("a match against perfect: status %d", st)
		}
		// From another page, so that the first page reads the list anew (the page may be on it already),
		// and until the list read holds the new match (the one read before shows first).
		p.do(chromedp.Navigate(h.ts.URL + "/#/matches"))
		p.wait(`document.querySelector('#match-list li')`, "all matches")
		p.do(chromedp.Navigate(h.ts.URL + "/#/"))
		p.wait(`[...document.querySelectorAll('.recent-list .recent-meta')].some(e => e.textContent.includes(' vs Perfect · 0 moves'))`, "the recent matches with the new one")
		metas := js[[]string](p, `[...document.querySelectorAll('.recent-list .recent-meta')].map(e => e.textContent)`)
		if !slices.ContainsFunc(metas, func(m string) bool { return strings.HasPrefix(m, "a person vs Perfect · ") }) || slices.ContainsFunc(metas, func(m string) bool { return strings.Contains(m, "vs perfect ·") }) {
			t.Errorf("the recent matches say %q, want the computers by name (a person vs Perfect)", metas)
		}
		p.noOverflow("the recent matches")
		p.clean("recent")
	})

	t.Run("in-play-accessible", func(t *testing.T) {
		// axe-core on what a game shows after its start, on a phone, for every card: two moves in
		// with the analysis on (the marks and values on the board, the move list), the end (and a
		// lost game's review) and a past position. A number's colour badge and the move list's
		// labels were not part of their buttons' names here, at the start nothing showed them.
		p.t = t
		p.phone()
		p.do(chromedp.Navigate(p.base + "/#/"))
		p.wait(`document.querySelectorAll('.card').length >= 12`, "the gallery")
		choose := `const f = document.querySelector('#board button:not([disabled])'); f.click();
			if (document.getElementById('play-move').disabled) f.click();
			if (document.getElementById('play-move').disabled) { const b = [...document.querySelectorAll('#board button:not([disabled])')]; b[b.length - 1].click(); }`
		// The list-colouring game on 8 numbers and the Szemerédi game on 12: their ends show the same review,
		// weighed in a fraction of the time (the exact analyses of the 12 numbers' list-colouring game took
		// 14 of this test's 46 s under the race detector, the 20 numbers' Szemerédi game 9 of 26 s).
		fields := map[string]map[string]string{"vdwlist(k=3,colors=3,list=2,s=12)": {"s": "8"}, "ap(x=20,k=3)": {"x": "12"}}
		for _, c := range js[[]string](p, `[...document.querySelectorAll('.card')].map(c => c.dataset.game)`) {
			zt := time.Now()
			defer func() { t.Logf("%s %v", c, time.Since(zt)) }()
			p.start(setup{card: c, action: "computer", fields: fields[c]})
			js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
			for range 2 {
				p.playWhen(`document.querySelector('#analysis .an-row, #analysis .an-summary')`, choose)
			}
			p.wait(`window.kombi.match.finished || document.querySelector('#analysis .an-row, #analysis .an-summary')`, "the analysis of "+c)
			p.accessible("two moves into " + c)
			p.seatsAsThePage("two moves into " + c)
			// To the end where it comes soon (a builder who plays the first gap may never end a Thue game of overlaps).
			for range 24 {
				if !p.play(choose) {
					break
				}
			}
			t.Logf("%s played %v", c, time.Since(zt))
			if js[bool](p, `window.kombi.match.finished`) {
				p.wait(`document.getElementById('result') && !/Looking|Weighing/.test((document.getElementById('review') || {}).textContent || '')`, "the end of "+c)
				t.Logf("%s reviewed %v", c, time.Since(zt))
				p.accessible("the end of " + c)
				p.seatsAsThePage("the end of " + c)
			}
			js[bool](p, `(document.querySelector('.moves-panel .mv.start').click(), true)`)
			p.wait(`document.getElementById('travel') && document.querySelector('#analysis .an-row, #analysis .an-summary')`, "the start of "+c+" looked back at")
			p.accessible("the start of " + c + " looked back at")
		}
		p.clean("in play")
	})

	t.Run("fit", func(t *testing.T) {
		// Every game's study board and its set-up editor fit a 390 px phone:
		// nothing wider than the screen (a phone widens the page to what
		// overflows, so innerWidth grows past 390 too). Each page is also
		// checked by axe-core, but for colour contrast (nearly half its
		// time): TestBrowserSchemesAndAccessibility checks the colours of
		// every game's board, the set-up editor and the dialog, in both
		// schemes.
		p.t = t
		p.phone()
		p.do(chromedp.Navigate(h.ts.URL + "/#/"))
		p.wait(`document.querySelectorAll('.card').length >= 12`, "the gallery")
		cards := js[[]string](p, `[...document.querySelectorAll('.card')].map(c => c.dataset.game)`)
		p.onScreens(func(screen string) {
			for _, c := range append(cards, "nim2d(n=10)", "wythoff(piles=12;20,view=queen)", "ap(x=60,k=3)", "vdwlist(k=3,colors=3,list=2,s=30)", "thue(alphabet=12)") {
				p.do(chromedp.Navigate(h.ts.URL + "/#/"))
				p.wait(`document.querySelector('.card')`, "the gallery")
				p.do(chromedp.Navigate(h.ts.URL + "/#/study?game=" + url.QueryEscape(c)))
				p.wait(`window.kombi.study && window.kombi.study.pos && document.getElementById('board') && document.querySelector('.controls')`, "the study of "+c)
				fits := func(what string) {
					t.Helper()
					if w := js[[]float64](p, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > p.width || w[1] > p.width {
						t.Errorf("%s of %s: the page is %v px wide (innerWidth %v) on a %v px %s", what, c, w[0], w[1], p.width, screen)
					}
				}
				fits("the study board")
				p.accessibleLayout("the study board of " + c + " on a " + screen)
				js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
				p.wait(`document.querySelector('.setup')`, "the set-up editor of "+c)
				fits("the set-up editor")
				p.accessibleLayout("the set-up editor of " + c + " on a " + screen)
			}
		})
		p.phone()
		// Every game's new-game dialog, in each of its modes: nothing wider than the screen, every
		// control at least 44 px.
		for _, c := range cards {
			p.do(chromedp.Navigate(h.ts.URL + "/#/"))
			p.wait(`document.querySelector('[data-game="`+c+`"] [data-action=computer]')`, "the card "+c)
			js[bool](p, `(document.querySelector('[data-game="`+c+`"] [data-action=computer]').click(), true)`)
			p.wait(`document.getElementById('dlg-start')`, "the dialog of "+c)
			for _, mode := range []string{"computer", "friend", "watch"} {
				js[bool](p, `(document.querySelector('input[name=mode][value=`+mode+`]').click(), true)`)
				p.wait(`document.querySelector('.seg.on input[value=`+mode+`]')`, "the mode "+mode)
				js[bool](p, `(document.querySelector('.modal details.advanced').open = true, true)`)
				p.noOverflow("the dialog of " + c + " (" + mode + ")")
				p.targets("the dialog of "+c+" ("+mode+")", `.modal button, .modal input:not([type=radio]):not([type=checkbox]), .modal select, .modal .seg, .modal .switch, .modal summary`)
				p.accessibleLayout("the dialog of " + c + " (" + mode + ")")
			}
			p.do(chromedp.KeyEvent(kb.Escape))
		}
		// Every game against the computer, as the gallery starts it: the board in view, nothing
		// wider than the screen, every target at least 44 px.
		for _, c := range cards {
			p.start(setup{card: c, action: "computer"})
			p.wait(`window.kombi.match.finished || document.getElementById('play-move') || window.kombi.match.to_move !== 0`, "the first move of "+c)
			p.checkPhone("playing " + c)
			p.accessibleLayout("playing " + c + " on a phone")
			p.start(setup{card: c, action: "watch"})
			p.checkPhone("watching " + c)
			p.accessibleLayout("watching " + c + " on a phone")
		}
		// On a desktop (1400×900) the board and the Play button under it are in the window at the start.
		p.desktop()
		for _, c := range cards {
			p.start(setup{card: c, action: "computer"})
			p.wait(`window.kombi.match.finished || document.getElementById('play-move') || window.kombi.match.to_move !== 0`, "the first move of "+c)
			if b := js[[]float64](p, `(() => { const b = document.getElementById('board').getBoundingClientRect(), q = document.getElementById('play-move');
				return [b.top, b.bottom, q ? q.getBoundingClientRect().bottom : 0, innerHeight]; })()`); b[0] < 0 || b[1] > b[3] || b[2] > b[3] {
				t.Errorf("%s on a 1400×900 desktop: the board spans %v..%v px and Play ends at %v px, below the window's %v", c, b[0], b[1], b[2], b[3])
			}
		}
		p.phone()
		// The queen board is set up by its two heaps (it showed a palette of numbered squares to colour).
		p.study("wythoff(piles=12;20,view=queen)", "12;20")
		js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
		p.wait(`document.querySelectorAll('.setup .heap-field input').length === 2`, "the queen's two heaps to set")
		if n := js[int](p, `document.querySelectorAll('.setup .cell, .setup .btn:not(.primary)').length`); n != 0 {
			t.Errorf("the queen's set-up offers %d squares or heap buttons beside its two heaps", n)
		}
		js[bool](p, `(() => { document.querySelectorAll('.setup .heap-field input').forEach((e, i) => { e.value = ['3', '5'][i]; e.dispatchEvent(new Event('input', {bubbles: true})); }); return true; })()`)
		js[bool](p, `([...document.querySelectorAll('.setup .btn')].find(b => b.textContent.startsWith('Use this position')).click(), true)`)
		p.wait(`window.kombi.study.pos.position === "3;5" && document.querySelector("#board .queen-board")`, "the queen at (3, 5)")
		p.clean("fit")
	})

	t.Run("study-bad-link", func(t *testing.T) {
		// A study link whose position the game refuses (mistyped, or from a
		// set drawn with another seed): the reason, on the screen, and the
		// start of the same game one tap away; a link whose game is wrong
		// offers only the gallery.
		p.t = t
		p.phone()
		open := func(game, position string) {
			p.do(chromedp.Navigate(p.base + "/#/"))
			p.wait(`document.querySelector('.card')`, "the gallery")
			js[bool](p, fmt.Sprintf(`(location.hash = '#/study?game=' + encodeURIComponent(%q) + '&position=' + encodeURIComponent(%q), true)`, game, position))
			p.wait(`window.kombi.study && window.kombi.study.error && window.kombi.study.start !== undefined`, "the refusal of "+position)
		}
		open("ap(k=3,set=11;15;17;26;28;32;33;34;39;41;44;45;51;57;75;76;82;91;94;96)", "1 2 / 3")
		if got := js[string](p, `document.querySelector('main .error').textContent`); got != `This position cannot be studied: position "1 2 / 3": 1 is not in the set 11;15;17;26;28;32;33;34;39;41;44;45;51;57;75;76;82;91;94;96` {
			t.Errorf("the refusal says %q", got)
		}
		p.noOverflow("a refused position (a long set)")
		p.targets("a refused position", "main .btn")
		if got := js[string](p, `document.getElementById('study-start').textContent`); got != "Study the start of Szemerédi game" {
			t.Errorf("the way out says %q", got)
		}
		js[bool](p, `(document.getElementById('study-start').click(), true)`)
		p.wait(`window.kombi.study && window.kombi.study.pos && document.getElementById('board') && document.querySelectorAll('#board .num').length === 20`, "the start of the game studied")
		open("nimz(piles=3)", "1")
		if js[bool](p, `!!document.getElementById('study-start')`) {
			t.Error("an unknown game offers its start")
		}
		p.forgive("status of 400")
		p.clean("study-bad-link")
	})

	t.Run("study-ends", func(t *testing.T) {
		// The study board at the end of a game says who won in the game's
		// words (not the terminal's report of the square), and at a chance
		// draw offers the draws to study.
		p.t = t
		p.phone()
		p.study("thue(alphabet=3)", "0101")
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.getElementById('analysis').textContent.includes('The game is over at this position')`, "the analysis of the final position")
		got := js[[]string](p, `[document.getElementById('status').textContent, document.getElementById('end-detail').textContent, document.getElementById('analysis').textContent]`)
		if got[0] != "Final position: Builder won: the word has the square 01·01." || got[1] != "Length 4. The painter scored 2 points: one for each symbol that made no square." {
			t.Errorf("the study of 0101 says %q", got[:2])
		}
		if strings.Contains(got[2], "Step back through the moves") {
			t.Errorf("the study's analysis of a final position opened directly points to moves it has not: %q", got[2])
		}
		p.study("vdwlist(k=3,colors=3,list=2,s=7)", "r.r....:5")
		if st := p.status(); st != "Chance to move: a colour list is drawn." {
			t.Errorf("the study at a draw says %q", st)
		}
		if draws := js[[]string](p, `[...document.querySelectorAll('[data-draw]')].map(b => b.textContent)`); !slices.Equal(draws, []string{"Draw {red, blue}", "Draw {red, green}", "Draw {blue, green}"}) {
			t.Errorf("the draws offered: %q", draws)
		}
		p.targets("the draws", `[data-draw]`)
		// Setting up a position from the draw: still chance to move (it said "Player 2"), no line on playing moves.
		js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
		p.wait(`document.querySelector('.setup')`, "the set-up editor at a draw")
		if got := p.status() + " | " + js[string](p, `String(document.querySelectorAll('.study-page .howto').length)`); got != "Chance to move: a colour list is drawn. | 0" {
			t.Errorf("setting up from a draw: status and lines on how to play %q", got)
		}
		js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Cancel')).click(), true)`)
		p.wait(`!document.querySelector('.setup') && document.querySelector('[data-draw]')`, "the draws again")
		js[bool](p, `(document.querySelector('[data-draw="{red, green}"]').click(), true)`)
		p.wait(`window.kombi.study.pos.position === 'r.r....:5:rg' && document.querySelectorAll('.swatch-btn').length === 2`, "the colourer's choice after the draw")
		// The colours' buttons are named with what they show (the colour, what it completes or its value).
		p.accessible("the colourer's choice")
		// The analysis of a draw: what each list leaves the namer, which suits whom, the chance before
		// the draw (their average, the solver's value); a row draws its list.
		p.study("vdwlist(k=3,colors=3,list=2,s=9)", "rr.bb....:3")
		p.wait(`document.getElementById('an-luck')`, "the analysis of the draws")
		said := js[string](p, `document.getElementById('an-draws').textContent + ' | ' + document.getElementById('an-luck').textContent`)
		if want := "Before the draw the namer wins with probability 83/243 = 34.2\u00a0%: the average over 3 colour lists, each drawn with probability 1/3. | " +
			"Luckiest for the namer: {red, blue} (the namer wins for sure); for the colourer: {red, green} and {blue, green} (the namer wins with 1.2\u00a0%)."; said != want {
			t.Errorf("the analysis of rr.bb....:3's draws says\n%q, want\n%q", said, want)
		}
		if rows := js[[]string](p, `[...document.querySelectorAll('[data-analysis-draw]')].map(b => b.querySelector('.an-move').textContent + ' | ' + b.querySelector('.an-val').textContent)`); !slices.Equal(rows, []string{
			"{red, blue} drawn with probability 1/3 | 100\u00a0%", "{red, green} drawn with probability 1/3 | 1.2\u00a0%", "{blue, green} drawn with probability 1/3 | 1.2\u00a0%"}) {
			t.Errorf("the draws' rows: %q", rows)
		}
		// Why: the colours of a list that would complete a progression at 3.
		if details := js[[]string](p, `[...document.querySelectorAll('[data-analysis-draw] .an-detail')].map(d => d.textContent)`); !slices.Equal(details, []string{
			"red would complete 1, 2, 3 and blue would complete 3, 4, 5: the colourer must complete a progression at 3; the namer wins for sure",
			"red would complete 1, 2, 3: the colourer must colour 3 green; the namer wins with probability 1/81 = 1.2\u00a0%",
			"blue would complete 3, 4, 5: the colourer must colour 3 green; the namer wins with probability 1/81 = 1.2\u00a0%"}) {
			t.Errorf("the draws' details: %q", details)
		}
		p.targets("the draws' rows", `[data-analysis-draw]`)
		p.shotOf("study-draws-phone.png", "#analysis")
		p.desktop()
		p.shot("study-draws-desktop.png")
		p.phone()
		p.noOverflow("the draws' analysis")
		p.accessible("the draws' analysis")
		js[bool](p, `(document.querySelector('[data-analysis-draw="{red, blue}"]').click(), true)`)
		p.wait(`window.kombi.study.pos.position === 'rr.bb....:3:rb' && document.querySelector('.an-row')`, "the list drawn from its row, analysed")
		// The Szemerédi set's editor: a number tapped from red to blue shows blue (its colour followed
		// its old owner), as a square, the board's mark for blue.
		p.study("ap(k=3,set=1;2;3;5;7;9;11)", "1 5 / 2")
		js[bool](p, `([...document.querySelectorAll('.controls .btn')].find(b => b.textContent.startsWith('Set up')).click(), true)`)
		p.wait(`document.querySelector('.setup [data-number="1"]')`, "the set-up editor of the set")
		js[bool](p, `(document.querySelector('.setup [data-number="1"]').click(), true)`)
		p.wait(`document.querySelector('.setup [data-number="1"]').classList.contains('own1')`, "1 blue")
		if got := js[string](p, `[...document.querySelectorAll('.setup [data-number]')].map(b => b.dataset.number + (b.classList.contains('own0') ? 'R' : b.classList.contains('own1') ? 'B' : '') + ((b.querySelector('.num-badge') || {dataset: {}}).dataset.badge || '')).join(' ')`); got != "1BB 2BB 3 5RR 7 9 11" {
			t.Errorf("the set after 1 tapped to blue: %q, want 1 and 2 blue, 5 red", got)
		}
		// The editor's numbers say their owner in words, not only in the badge's letter.
		if got := js[string](p, `['1', '3', '5'].map(n => document.querySelector('.setup [data-number="' + n + '"]').getAttribute('aria-label')).join(' / ')`); got != "1, blue: tap to change its colour / 3, nobody’s: tap to change its colour / 5, red: tap to change its colour" {
			t.Errorf("the set-up editor's numbers are named %q", got)
		}
		p.accessible("the set-up editor of a Szemerédi set with owners")
		p.clean("study-ends")
	})

	t.Run("undo", func(t *testing.T) {
		// Undo takes back my move and the computer's reply; in the
		// list-colouring game the draws after my move too (the number I
		// colour again keeps its list; lists drawn later are drawn anew).
		p.t = t
		p.phone()
		p.start(setup{card: "nim(piles=3;4;5)", action: "computer", opponent: "perfect"})
		p.play(`document.querySelector('.token:not([disabled])').click();`)
		p.wait(`window.kombi.match.moves.length >= 2 && window.kombi.match.to_move === 0 && !window.kombi.busy`, "the computer's reply")
		js[bool](p, `(document.getElementById('undo').click(), true)`)
		p.wait(`window.kombi.match.moves.length === 0 && !window.kombi.busy && document.querySelector('#board .token:not([disabled])')`, "both moves taken back")
		if n := js[int](p, `document.querySelectorAll('#board .token').length`); n != 12 {
			t.Errorf("after Undo the heaps hold %d tokens, want the 3 + 4 + 5 of the start", n)
		}
		p.start(setup{card: "vdwlist(k=3,colors=3,list=2,s=12)", action: "computer", fields: map[string]string{"#dlg-you": "1"}, opponent: "random"})
		// The analysis off until the draw below is reached: its analysis is then asked when it is switched on
		// (asked before, it would be answered already: the kept table answers at once).
		wasOn := js[bool](p, `window.kombi.analysisOn`)
		if wasOn {
			js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
			p.wait(`!window.kombi.analysisOn`, "the analysis off")
		}
		p.play(`document.querySelector('.swatch-btn:not([disabled])').click();`)
		p.wait(`window.kombi.match.moves.length >= 5 && document.querySelector('.swatch-btn:not([disabled])') && !window.kombi.busy`, "my second colouring")
		first := js[string](p, `window.kombi.match.moves.slice(0, 2).map(m => m.move).join(' ')`)
		// With the analysis on, the analysis of the draw just made (the luck line) answers late and still
		// searching, after the Undo has taken that draw back: it is not asked again (the server would
		// refuse a move that is no longer there, an error in the console).
		js[bool](p, `(() => { const f = window.fetch; window.kombiFetch = f;
			window.fetch = (u, o) => (/analysis\?time=2s&at=4$/.test(String(u)) ? f(u, o).then(async (r) => { const j = await r.clone().json(); j.pending = true;
				await new Promise((done) => setTimeout(done, 400)); return new Response(JSON.stringify(j), { status: r.status, headers: r.headers }); }) : f(u, o)); return true; })()`)
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`[...window.kombi.draws.values()].some((e) => e.status === 'loading')`, "the draw's analysis asked")
		// The live position's own analysis answered first: asked just before the Undo and answered after
		// it, the server rightly refuses a position no longer there (a 400 in the console: once in two full runs here).
		p.wait(`[...window.kombi.analyses.values()].every((e) => !e.inflight)`, "the live position's analysis answered")
		js[bool](p, `(document.getElementById('undo').click(), true)`)
		p.wait(`window.kombi.match.moves.length === 2 && !window.kombi.busy && document.querySelector('.swatch-btn:not([disabled])')`, "back to my first colouring")
		p.wait(`[...window.kombi.draws.values()].every((e) => e.status !== 'loading')`, "the late answer of the draw taken back")
		js[bool](p, `(window.fetch = window.kombiFetch, true)`)
		if !wasOn {
			js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
		}
		if again := js[string](p, `window.kombi.match.moves.map(m => m.move).join(' ')`); again != first {
			t.Errorf("after Undo the moves are %q, want the first name and its drawn list %q again", again, first)
		}
		if l := js[string](p, `document.getElementById('undo').textContent`); l != "Undo my move" {
			t.Errorf("against the computer the undo button says %q, want Undo my move", l)
		}
		// Two people at one device: the button takes back the last move, whoever made it, and says so.
		p.start(setup{card: "nim(piles=3;4;5)", action: "friend"})
		p.play(`document.querySelector('#board button.token:not([disabled])').click();`)
		p.play(`document.querySelector('#board button.token:not([disabled])').click();`)
		if l := js[string](p, `document.getElementById('undo').textContent`); l != "Undo the last move" {
			t.Errorf("two people at one device: the undo button says %q, want Undo the last move", l)
		}
		js[bool](p, `(document.getElementById('undo').click(), true)`)
		p.wait(`window.kombi.match.moves.length === 1 && window.kombi.match.to_move === 1 && !window.kombi.busy`, "the second player's move taken back")
		p.clean("undo")
	})

	t.Run("watch", func(t *testing.T) {
		p.t = t
		p.desktop()
		// Overlaps end the game: a longer game (24 moves) than squares (8), more than its move list's box holds.
		p.start(setup{card: "thue(alphabet=3)", action: "watch", fields: map[string]string{"rule": "overlap"}})
		p.wait(`document.getElementById('pause') || window.kombi.match.finished`, "the computers playing")
		if js[bool](p, `!window.kombi.match.finished`) {
			// While they play, the analysis says how to see it (it said "Analysing this position…" for ever).
			js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
			p.wait(`window.kombi.match.finished || document.getElementById('analysis').textContent.includes('The computers are playing: pause the game to see the analysis')`, "the analysis panel while the computers play")
			js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
		}
		if js[bool](p, `!window.kombi.match.finished`) {
			js[bool](p, `(document.getElementById('pause').click(), true)`)
			p.wait(`document.getElementById('paused-badge') && window.kombi.match.paused`, "the pause shown")
			js[bool](p, `(() => { const e = document.getElementById('speed'); e.value = '0'; e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`)
			p.wait(`window.kombi.match.delay_ms === 0`, "the speed set")
			js[bool](p, `(document.getElementById('resume').click(), true)`)
		}
		p.wait(`window.kombi.match.finished && document.getElementById('result')`, "the end of the computers' game")
		// The move list scrolls in its own box, and the move shown stays in view in it: the last one as the
		// game goes on (it stayed at the top, the new moves hidden below), the first one stepped back to.
		inView := func(what string) {
			t.Helper()
			if got := js[[]float64](p, `(() => { const l = document.getElementById('moves').getBoundingClientRect(), c = document.querySelector('#moves .mv.current').getBoundingClientRect();
				return [Math.round(c.top - l.top), Math.round(l.bottom - c.bottom)]; })()`); got[0] < 0 || got[1] < 0 {
				t.Errorf("%s is out of the move list's box (from the box's top to it, from it to the box's bottom: %v px): %q", what, got, js[string](p, `document.querySelector('#moves .mv.current').textContent`))
			}
		}
		if !js[bool](p, `document.getElementById('moves').scrollHeight > document.getElementById('moves').clientHeight + 40`) {
			t.Errorf("the watched game's %d moves fit the move list: its scrolling is not put to the test", js[int](p, `window.kombi.match.moves.length`))
		}
		inView("the last move")
		// Time travel: the first position again, with its own analysis.
		js[bool](p, `(document.querySelector('[data-move="1"]').click(), true)`)
		p.wait(`window.kombi.shown.at === 1 && document.getElementById('travel')`, "the position after move 1")
		inView("move 1, stepped back to")
		js[bool](p, `(document.getElementById('analysis-on').checked || document.getElementById('analysis-on').click(), true)`)
		p.wait(`document.querySelectorAll('.an-row').length > 0 && document.querySelector('.an-row.best')`, "the analysis of move 1's position")
		p.do(chromedp.KeyEvent(kb.End))
		p.wait(`window.kombi.travelAt === null && !document.getElementById('travel')`, "back to the game with End")
		inView("the last move, after End")
		// Any position of a match opens in the study board.
		js[bool](p, `(document.querySelector('[data-move="2"]').click(), true)`)
		p.wait(`window.kombi.shown.at === 2`, "the position after move 2")
		want := js[string](p, `window.kombi.shown.position`)
		js[bool](p, `(document.getElementById('study-this').click(), true)`)
		p.wait(fmt.Sprintf(`window.kombi.study && window.kombi.study.pos && window.kombi.study.pos.position === %q`, want), "the study of move 2's position")
		p.clean("watch")
	})
}

// TestBrowserSources: the sources document that kombi report sources
// writes reads on a phone and a desktop: its title and a table, figures
// that load, nothing wider than the screen (a wide table scrolls in its
// own box), the way back to Kombi a target of 44 px, no console error and
// no CSP violation.
func TestBrowserSources(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	// ap/figure-3 names a game of 30 numbers in its text: a line without a space, wider than a phone. Figures
	// 2.1 and 2.2 of the Thue thesis have tables of the same title, 2.3 output that scrolls (each frame that
	// scrolls is named apart and takes the keyboard's focus: the accessibility check below); the empty
	// palette's table has a column of long arguments (a phone must not squeeze it to a word a line); Section
	// 1.3 quotes a word of 44 letters; Section 2.2 has three tables of the search's counts.
	writeSources(t, filepath.Join(data, sources.Folder), filepath.Join(data, "sources.db"),
		"wythoff/table-1,wythoff/table-5,nim2d/palettes,nim2d/empty-palette,ap/figure-3,thue/section-1.3,thue/section-2.2,thue/figure-2.1,thue/figure-2.2,thue/figure-2.3")
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.onScreens(func(screen string) {
		p.do(chromedp.Navigate(h.ts.URL + "/sources/"))
		p.wait(`document.images.length > 0 && [...document.images].every(i => i.complete)`, "the figures")
		if bad := js[[]string](p, `[...document.images].filter(i => i.naturalWidth === 0).map(i => i.src)`); len(bad) > 0 {
			t.Errorf("%s: figures that do not load: %v", screen, bad)
		}
		if h1 := js[string](p, `document.querySelector('h1').textContent`); h1 != "The five sources, recomputed" {
			t.Errorf("%s: the title is %q", screen, h1)
		}
		if !js[bool](p, `[...document.querySelectorAll('table caption')].some(e => e.textContent.startsWith('Table 1 recomputed: P-positions for a = 1'))`) {
			t.Errorf("%s: the Serbian thesis' Table 1 is not on the page", screen)
		}
		// The scroll to an item shows it (the figures keep their place as they load).
		js[bool](p, `(document.getElementById('wythoff-table-1').scrollIntoView(), true)`)
		if top := js[float64](p, `document.getElementById('wythoff-table-1').getBoundingClientRect().top`); top < -1 || top > 10 {
			t.Errorf("%s: the item Table 1 scrolled to is at %v px", screen, top)
		}
		p.noOverflow("sources " + screen)
		if screen == "phone" {
			p.targets("the sources' contents on a phone", `nav a`) // 39 px before
		}
		// A wide table scrolls at its width, its columns not squeezed into the screen (rows of a word a line).
		if tall := js[float64](p, `Math.max(...[...document.querySelectorAll('tr')].map(r => r.getBoundingClientRect().height))`); tall > 250 {
			t.Errorf("%s: a table row %v px tall", screen, tall)
		}
		// A wide table's caption stays on the screen, wrapped to it, as the table scrolls beneath (it ran the
		// table's width: a caption of 1,000 px read by scrolling sideways on a phone).
		if wide := js[[]string](p, `[...document.querySelectorAll('.table')].filter(f => f.scrollWidth > f.clientWidth + 1 && f.querySelector('caption')).flatMap(f => {
			const c = f.querySelector('caption'), before = c.getBoundingClientRect();
			f.scrollLeft = f.scrollWidth; const after = c.getBoundingClientRect(); f.scrollLeft = 0;
			return before.right > f.getBoundingClientRect().right + 1 || Math.abs(after.left - before.left) > 1 ? [c.textContent.slice(0, 40) + ' ' + Math.round(before.left) + '–' + Math.round(before.right) + ' px, scrolled ' + Math.round(after.left)] : [];
		})`); len(wide) > 0 || !js[bool](p, `[...document.querySelectorAll('.table')].some(f => f.scrollWidth > f.clientWidth + 1 && f.querySelector('caption'))`) {
			t.Errorf("%s: wide tables' captions off the screen or scrolled with the table: %v (or no wide table with a caption on the page)", screen, wide)
		}
		if w := js[[]float64](p, `[...document.images].map(i => i.getBoundingClientRect().right)`); len(w) > 0 {
			for _, r := range w {
				if r > js[float64](p, `innerWidth`)+0.5 {
					t.Errorf("%s: a figure reaches %v px on a %v px screen", screen, r, js[float64](p, `innerWidth`))
					break
				}
			}
		}
		p.targets("sources "+screen, `.back a`)
		p.shotHere("sources-" + screen + "-table-1.png")
		// Section 2.2's counts of the search, its words and its tables on the screen.
		if text := js[string](p, `document.getElementById('thue-section-2-2').innerText`); !strings.Contains(text, "comparesFitInSequence = (8 + 1) − (2 · 2) = 5") ||
			!strings.Contains(text, "the last 0120 (from 0) against 0121 (from 3)") || !strings.Contains(text, "7 + 1 = 8 for 0120121") {
			t.Errorf("%s: Section 2.2 lacks its counts:\n%s", screen, text)
		}
		p.shotOf("sources-thue-2-2-"+screen+".png", "#thue-section-2-2")
		p.shotOf("sources-thue-2-2-tables-"+screen+".png", "#thue-section-2-2 .table-wrap")
		p.shot("sources-" + screen + ".png")
	})
	// Its words are readable in the light and the dark scheme.
	for _, scheme := range []string{"light", "dark"} {
		p.scheme(scheme)
		p.inspect("sources, " + scheme)
		p.shot("sources-" + scheme + ".png")
	}
	p.clean("sources")
}

// TestBrowserSourcesWritten: on a fresh machine the first page's link to the
// sources document leads to a page that says what it is and offers to
// write it; a click writes a quick one, showing its progress, and the page
// then shows the document.
func TestBrowserSourcesWritten(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	write := func(ctx context.Context, quick bool, progress func(solve.Progress)) error {
		if !quick {
			return fmt.Errorf("the test writes the quick document only")
		}
		return runSources(ctx, filepath.Join(data, sources.Folder), filepath.Join(data, "sources.db"), "wythoff/table-1,nim2d/palettes", progress)
	}
	h := newHarness(t, nil, func(o *web.Options) { o.Sources = write })
	p := newPage(t, h.ts.URL)
	p.onScreens(func(screen string) {
		p.do(chromedp.Navigate(h.ts.URL + "/#/"))
		p.wait(`document.querySelector('.sources-link a')`, "the gallery's link to the sources")
		href := js[string](p, `document.querySelector('.sources-link a').getAttribute('href')`)
		if href != "/sources/" {
			t.Fatalf("the gallery links the sources at %q", href)
		}
		p.do(chromedp.Navigate(h.ts.URL + href)) // (a click would race the next evaluation against the navigation)
		p.wait(`document.getElementById('sources-write')`, "the offer to write the document")
		text := js[string](p, `document.querySelector('main').innerText`)
		for _, want := range []string{"The five sources, recomputed", "That document is not written on this machine yet.", "Kombi can write it now", "kombi report sources", filepath.Join(data, sources.Folder)} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the page lacks %q:\n%s", screen, want, text)
			}
		}
		p.noOverflow("the sources page " + screen)
		p.targets("the sources page "+screen, `main .btn, .brand`)
		p.shot("sources-unwritten-" + screen + ".png")
	})
	// Its words are readable in the light and the dark scheme.
	for _, scheme := range []string{"dark", "light"} {
		p.scheme(scheme)
		p.inspect("the sources page, " + scheme)
	}
	js[bool](p, `(document.getElementById('sources-quick').click(), true)`)
	p.wait(`document.querySelector('table caption')`, "the document written and shown")
	if !js[bool](p, `[...document.querySelectorAll('table caption')].some(e => e.textContent.startsWith('Table 1 recomputed: P-positions for a = 1'))`) {
		t.Error("the document shown lacks the Serbian thesis' Table 1")
	}
	p.shot("sources-written-desktop.png")
	// The quick document links to the page that writes the full one; there, the document written is named
	// and linked, and writing it again leads back to it.
	href := js[string](p, `([...document.querySelectorAll('main p a')].find(a => a.textContent === 'write the full document in the browser') || {getAttribute: () => ''}).getAttribute('href')`)
	if href != "write.html" {
		t.Fatalf("the quick document's link to write the full one: %q", href)
	}
	p.do(chromedp.Navigate(h.ts.URL + "/sources/write.html"))
	p.wait(`document.getElementById('sources-write')`, "the offer to write it again")
	if lead := js[string](p, `document.getElementById('sources-lead').textContent`); !strings.HasPrefix(lead, "A document is written on this machine: read it.") {
		t.Errorf("the page to write it again says %q", lead)
	}
	js[bool](p, `(document.getElementById('sources-quick').click(), true)`)
	p.wait(`location.pathname === '/sources/' && document.querySelector('table caption')`, "the document written again and shown")
	p.clean("sources written")
}

// runSources writes the items only of the quick sources document into out
// on the database db, as kombi report sources --quick --only only --out
// out does.
func runSources(ctx context.Context, out, db, only string, progress func(solve.Progress)) error {
	kit, err := all.New()
	if err != nil {
		return err
	}
	_, err = kit.Studies.Run(ctx, "report", "sources", map[string]string{"output directory": out, "quick run": "true", "items": only}, db, progress)
	return err
}

// writeSources writes the items only of the quick sources document into
// out, as kombi report sources --quick --only only --out out does.
func writeSources(t *testing.T, out, db, only string) {
	t.Helper()
	if err := runSources(context.Background(), out, db, only, nil); err != nil {
		t.Fatalf("kombi report sources --quick --only %s: %v", only, err)
	}
}

// TestBrowserSolo: the Thue thesis' solo mode, chosen in the new-game
// dialog, has one person play both roles on a phone; the end says the
// length the word reached and the best so far (the high score).
func TestBrowserSolo(t *testing.T) {
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)
	p.phone()
	p.do(chromedp.Navigate(h.ts.URL + "/#/"))
	p.wait(`document.querySelector('[data-game="thue(alphabet=3)"]')`, "the Thue game's card")
	js[bool](p, `(document.querySelector('[data-game="thue(alphabet=3)"] [data-action=computer]').click(), true)`)
	p.wait(`document.getElementById('dlg-start')`, "the dialog")
	js[bool](p, `(document.querySelector('input[name=mode][value=solo]').click(), true)`)
	p.wait(`document.querySelector('.seg.on input[value=solo]')`, "Solo chosen")
	// The seed draws the starting symbol: the same game every run.
	js[bool](p, `(() => { const e = document.getElementById('dlg-seed'); e.value = '11'; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
	p.wait(`document.getElementById('dlg-seed').value === '11'`, "the seed")
	js[bool](p, `(document.getElementById('dlg-start').click(), true)`)
	p.wait(`location.hash.startsWith('#/m/') && document.getElementById('board')`, "the solo board")
	if seats := js[string](p, `document.querySelector('.match-head .seats').textContent`); strings.Count(seats, "you (both roles)") != 2 {
		t.Errorf("the seats say %q, want you in both roles", seats)
	}
	// The hint serves the solo's goal, a long word, for the builder too (it told how to force a square soonest).
	if js[bool](p, `document.getElementById('analysis-on').checked`) {
		js[bool](p, `(document.getElementById('analysis-on').click(), true)`)
	}
	p.wait(`document.getElementById('hint')`, "Hint")
	js[bool](p, `(document.getElementById('hint').click(), true)`)
	p.wait(`/^Hint: The best move lets the word reach length \d+ at least, whatever the builder does later\. Ask again/.test((document.getElementById('hint-text') || {}).textContent || '')`, "the builder's hint for a long word")
	p.shot("solo-hint-phone.png")
	// Always the last choice: the builder the end of the word, the painter the last symbol, 2; the word
	// starts as 2 (seed 11), so the first symbol painted makes the square 2·2.
	p.playOut(`const b = [...document.querySelectorAll('#board button:not([disabled])')]; const x = b[b.length - 1]; x.click(); if (document.getElementById('play-move').disabled) x.click();`, 40)
	p.wait(`document.getElementById('result')`, "the end")
	if head := js[string](p, `document.querySelector('#result h2').textContent`); head != "The word reached length 2. Your best: 2." {
		t.Errorf("the end says %q", head)
	}
	p.noOverflow("the end of a solo game")
	p.clean("solo")
}
