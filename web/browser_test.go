package web_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var screenshots = flag.String("screenshots", "", "directory to save the browser tests' screenshots in (e.g. ../docs)")

// browser starts headless Chromium on a fresh profile. Outside CI a machine
// without Chromium skips the browser tests; in CI (CI=true) they must run.
func browser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no Chromium found: .ci/run installs Debian's chromium package for these tests")
		}
		t.Skip("browser tests skipped: no chromium on PATH (apt-get install chromium, or run .ci/run)")
	}
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
		chromedp.WindowSize(1100, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if *screenshots == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(*screenshots, name), png, 0o644); err != nil {
		t.Fatalf("screenshot: %v", err)
	}
}

// newGame fills the new-game form and starts the game.
func newGame(h *harness, name string, params map[string]string, p1, p2 string) []chromedp.Action[chromedp.Void] {
	tasks := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(h.ts.URL + "/"),
		chromedp.WaitReady(chromedp.CSS(`#game-name option[value="` + name + `"]`)),
		chromedp.SetValue(chromedp.CSS(`#game-name`), name),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`document.getElementById('game-name').dispatchEvent(new Event('change'))`)(ctx, tg)
			return err
		}),
	}
	for k, v := range params {
		tasks = append(tasks, chromedp.SetValue(chromedp.CSS(`[data-param="`+k+`"]`), v))
	}
	return append(tasks,
		chromedp.SetValue(chromedp.CSS(`#seat0`), p1),
		chromedp.SetValue(chromedp.CSS(`#seat1`), p2),
		chromedp.SetValue(chromedp.CSS(`#seed`), "5"),
		chromedp.Click(chromedp.CSS(`#start`)),
	)
}

// js evaluates an expression and returns its value.
func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition.
func waitFor(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !js[bool](t, ctx, cond) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: page status %q, error %q", what, js[string](t, ctx, `document.getElementById('status').textContent`), js[string](t, ctx, `document.getElementById('move-error').textContent + document.getElementById('form-error').textContent`))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestBrowserNimAgainstPerfectWithAnalysis(t *testing.T) {
	h := newHarness(t, nil)
	ctx := browser(t)
	if err := chromedp.Do(ctx, newGame(h, "nim", map[string]string{"piles": "2;3;4"}, "human", "perfect")...); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `!document.getElementById('play').hidden`, "the new game")
	// Switch analysis on: every move gets an outcome, a winning token is marked.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#analysis-on`))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.querySelectorAll('#analysis tbody tr').length === 9`, "the analysis of 9 moves")
	if n := js[int](t, ctx, `document.querySelectorAll('#analysis .o-win').length`); n != 1 {
		t.Fatalf("nim 2;3;4 has %d winning moves in the analysis, want 1", n)
	}
	waitFor(t, ctx, `document.querySelectorAll('.token.win').length >= 1`, "a token marked as a win")
	shot(t, ctx, "nim-analysis.png")
	for range 40 {
		waitFor(t, ctx, `!document.getElementById('result').hidden || document.querySelector('.token:not([disabled])') !== null`, "my turn or the end")
		if js[bool](t, ctx, `!document.getElementById('result').hidden`) {
			break
		}
		// Click the last token of the first heap with tokens: take one.
		js[bool](t, ctx, `(() => { const ts = [...document.querySelectorAll('.token:not([disabled])')]; ts[ts.length-1].click(); return true; })()`)
		time.Sleep(100 * time.Millisecond)
	}
	result := js[string](t, ctx, `document.getElementById('result').textContent`)
	if !strings.Contains(result, "wins") {
		t.Fatalf("the end is not shown: %q", result)
	}
	if !strings.Contains(result, "perfect") {
		t.Fatalf("perfect should win nim 2;3;4 from the first move on: %q", result)
	}
}

func TestBrowserNim2DTwoCellMove(t *testing.T) {
	h := newHarness(t, nil)
	ctx := browser(t)
	if err := chromedp.Do(ctx, newGame(h, "nim2d", map[string]string{"n": "5", "first": "p1"}, "human", "human")...); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `!document.getElementById('play').hidden`, "the new game")
	// Cells 1 and 2 (0-based) of the first row: next to each other, off the diagonal.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`[data-cell="1"]`)),
		chromedp.Click(chromedp.CSS(`[data-cell="2"]`)),
	); err != nil {
		t.Fatal(err)
	}
	if js[bool](t, ctx, `document.getElementById('play-move').disabled`) {
		t.Fatal("two adjacent cells selected but Play is disabled")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#play-move`))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `document.querySelectorAll('#moves li').length === 1`, "the move in the move list")
	if n := js[int](t, ctx, `document.querySelectorAll('.cell.own0').length`); n != 2 {
		t.Fatalf("%d cells coloured by P1 after a two-cell move, want 2", n)
	}
	shot(t, ctx, "nim2d.png")
}

func TestBrowserThueToTheEndHighlightsTheSquare(t *testing.T) {
	h := newHarness(t, nil)
	ctx := browser(t)
	if err := chromedp.Do(ctx, newGame(h, "thue", map[string]string{"alphabet": "3", "start": "0"}, "human", "human")...); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `!document.getElementById('play').hidden`, "the new game")
	for i := 0; i < 60; i++ {
		if js[bool](t, ctx, `!document.getElementById('result').hidden`) {
			break
		}
		// Builder: the last gap; painter: the first symbol offered.
		click := `(() => { const g = [...document.querySelectorAll('.gap:not([disabled])')]; if (g.length) { g[g.length-1].click(); return 'gap'; }
			const s = document.querySelector('#palette [data-symbol]'); if (s) { s.click(); return 'symbol'; } return 'none'; })()`
		if what := js[string](t, ctx, click); what == "none" {
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond)
	}
	waitFor(t, ctx, `!document.getElementById('result').hidden`, "the end of the Thue game")
	if n := js[int](t, ctx, `document.querySelectorAll('.sym.lit').length`); n < 2 || n%2 != 0 {
		t.Fatalf("%d symbols lit at the end, want the square (an even number ≥ 2)", n)
	}
	shot(t, ctx, "thue.png")
	_ = fmt.Sprint()
}

// playNumbers plays a numbers game against the computer by clicking the
// first playable number (and a colour, when one is offered) until the end.
func playNumbers(t *testing.T, ctx context.Context) string {
	t.Helper()
	for range 80 {
		waitFor(t, ctx, `!document.getElementById('result').hidden || document.querySelector('.num:not([disabled])') !== null || document.querySelector('#palette [data-color]') !== null`, "my turn or the end")
		if js[bool](t, ctx, `!document.getElementById('result').hidden`) {
			break
		}
		js[bool](t, ctx, `(() => { const c = document.querySelector('#palette [data-color]'); if (c) { c.click(); return true; }
			const n = document.querySelector('.num:not([disabled])'); if (n) n.click(); return true; })()`)
		time.Sleep(60 * time.Millisecond)
	}
	waitFor(t, ctx, `!document.getElementById('result').hidden`, "the end of the game")
	return js[string](t, ctx, `document.getElementById('result').textContent`)
}

func TestBrowserNumbersGamesAgainstTheComputer(t *testing.T) {
	h := newHarness(t, nil)
	ctx := browser(t)
	// The list-colouring game: the person names numbers, the computer colours.
	if err := chromedp.Do(ctx, newGame(h, "vdwlist", map[string]string{"s": "8"}, "human", "hard")...); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `!document.getElementById('play').hidden`, "the new game")
	if res := playNumbers(t, ctx); !strings.Contains(res, "wins") {
		t.Fatalf("vdwlist: the end is not shown: %q", res)
	}
	if n := js[int](t, ctx, `document.querySelectorAll('.num.taken').length`); n == 0 {
		t.Fatal("vdwlist: no coloured number on the board at the end")
	}
	// The Szemerédi game against the strong player.
	if err := chromedp.Do(ctx, newGame(h, "ap", map[string]string{"x": "12", "k": "3"}, "human", "strong")...); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `!document.getElementById('play').hidden && document.querySelector('#title h2').textContent.startsWith('ap(')`, "the new game")
	res := playNumbers(t, ctx)
	if !strings.Contains(res, "wins") && !strings.Contains(res, "Draw") {
		t.Fatalf("ap: the end is not shown: %q", res)
	}
	if strings.Contains(res, "wins") && js[int](t, ctx, `document.querySelectorAll('.num.lit').length`) < 3 {
		t.Fatal("ap: the winning progression is not highlighted")
	}
	shot(t, ctx, "ap.png")
}
