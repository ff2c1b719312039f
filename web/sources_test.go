package web_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study/sources"
	"github.com/kombi/kombi/web"
)

// TestSources: GET /sources/ serves the document in the data directory's
// sources folder read-only, with the security headers, and nothing else:
// no listing, no other kind of file, nothing outside the folder (not by
// .., not by a link that leads out); without a document it says how to
// write one.
func TestSources(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	if web.SourcesFolder != sources.Folder {
		t.Fatalf("web serves %q, kombi report sources writes %q", web.SourcesFolder, sources.Folder)
	}
	h := newHarness(t, nil)
	get := func(path string) (int, string, http.Header) {
		t.Helper()
		res, err := http.Get(h.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body), res.Header
	}
	// Without a document: a page that says how to write it (TestSourcesWrittenOnRequest), its files none.
	if code, body, _ := get("/sources/"); code != http.StatusOK || !strings.Contains(body, "kombi report sources") {
		t.Fatalf("no document yet: %d %q", code, body)
	}
	if code, body, _ := get("/sources/README.md"); code != http.StatusNotFound || !strings.Contains(body, "kombi report sources") {
		t.Fatalf("no document yet, its Markdown: %d %q", code, body)
	}
	dir := filepath.Join(data, sources.Folder)
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"index.html": "<!doctype html><title>five</title>", "sources.css": "body{}", "frames.js": "0;", "fig.png": "\x89PNG", "fig.svg": `<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:#fff"/></svg>`, "README.md": "# five", "sub/x.png": "x", "notes.txt": "no"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(data, "secret.html"), []byte("TOP-SECRET-CONTENT"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(data, "secret.html"), filepath.Join(dir, "out.html")); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"/sources/": "text/html", "/sources/index.html": "text/html", "/sources/sources.css": "text/css", "/sources/frames.js": "text/javascript", "/sources/fig.png": "image/png", "/sources/fig.svg": "image/svg+xml", "/sources/README.md": "text/markdown"} {
		code, body, hdr := get(path)
		if code != http.StatusOK || !strings.HasPrefix(hdr.Get("Content-Type"), want) {
			t.Errorf("%s: %d %s", path, code, hdr.Get("Content-Type"))
		}
		if name := strings.TrimPrefix(path, "/sources/"); name != "" && body != files[name] || name == "" && body != files["index.html"] {
			t.Errorf("%s: body %q", path, body)
		}
		if hdr.Get("Content-Security-Policy") == "" || hdr.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: security headers missing: %v", path, hdr)
		}
		// An SVG figure styles its elements with style attributes: its policy lets them apply (the pages' style-src
		// 'self' blocked them, and the figure drew as a black box) and allows no script; the pages keep theirs.
		csp := hdr.Get("Content-Security-Policy")
		svg := strings.HasSuffix(path, ".svg")
		if svg && (!strings.Contains(csp, "style-src 'unsafe-inline'") || !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src")) {
			t.Errorf("%s: the figure's policy is %q, want its inline styles allowed and nothing else", path, csp)
		}
		if !svg && (strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "style-src 'self'")) {
			t.Errorf("%s: the policy is %q, want the pages' own", path, csp)
		}
	}
	for _, path := range []string{"/sources/sub/", "/sources/sub/x.png", "/sources/notes.txt", "/sources/out.html", "/sources/..%2fsecret.html", "/sources/%2e%2e/secret.html", "/sources/missing.png"} {
		if code, body, _ := get(path); code == http.StatusOK || strings.Contains(body, "TOP-SECRET") {
			t.Errorf("%s: %d %q, want refused", path, code, body)
		}
	}
	if code, body, _ := get("/sources/../secret.html"); strings.Contains(body, "TOP-SECRET") {
		t.Errorf("/sources/../secret.html: %d %q", code, body)
	}
}

// sourcesStatus is the answer of GET /api/sources.
type sourcesStatus struct {
	Written  bool `json:"written"`
	CanWrite bool `json:"can_write"`
	Running  bool `json:"running"`
	Quick    bool `json:"quick"`
	// Cancelling and Cancelled: a person asked the run to stop (POST /api/sources/cancel).
	Cancelling bool   `json:"cancelling"`
	Cancelled  bool   `json:"cancelled"`
	Done       int64  `json:"done"`
	Total      int64  `json:"total"`
	Message    string `json:"message"`
	Folder     string `json:"folder"`
	Command    string `json:"command"`
	Error      string `json:"error"`
}

// TestSourcesWrittenOnRequest: without a document, GET /sources/ is a page
// that offers to write it, and POST /api/sources writes it in the
// background (one run at a time) while GET /api/sources says how far it
// is; then GET /sources/ shows it. A server that cannot write it says so.
func TestSourcesWrittenOnRequest(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	release := make(chan struct{})
	var asked []bool
	write := func(ctx context.Context, quick bool, progress func(solve.Progress)) error {
		asked = append(asked, quick)
		progress(solve.Progress{Done: 1, Total: 2, Message: "Table 1"})
		select {
		case <-release:
		case <-ctx.Done():
			return ctx.Err()
		}
		dir := filepath.Join(data, sources.Folder)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>five</title>"), 0o644)
	}
	h := newHarness(t, nil, func(o *web.Options) { o.Sources = write })
	var st sourcesStatus
	get := func() sourcesStatus { return statusOf(h) }
	if st = get(); st.Written || !st.CanWrite || st.Running || st.Folder != filepath.Join(data, sources.Folder) || st.Command != "kombi report sources" {
		t.Fatalf("before: %+v", st)
	}
	res, err := http.Get(h.ts.URL + "/sources/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(page), `src="/sources.js"`) || !strings.Contains(string(page), "kombi report sources") {
		t.Fatalf("the page without a document: %d %s %.300s", res.StatusCode, res.Header.Get("Content-Type"), page)
	}
	var e struct {
		Error string `json:"error"`
	}
	if code := h.do("POST", "/api/sources", "", map[string]any{"fast": true}, &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "fast") {
		t.Fatalf("an unknown field: %d %q", code, e.Error)
	}
	if code := h.do("POST", "/api/sources", "", map[string]any{"quick": true}, nil); code != http.StatusAccepted {
		t.Fatalf("POST /api/sources: %d, want 202", code)
	}
	// A second request while it runs starts nothing.
	if code := h.do("POST", "/api/sources", "", map[string]any{"quick": false}, nil); code != http.StatusOK {
		t.Fatalf("POST /api/sources while it runs: %d, want 200", code)
	}
	deadline := time.Now().Add(10 * time.Second)
	for st = get(); st.Message != "Table 1" && time.Now().Before(deadline); st = get() {
		time.Sleep(10 * time.Millisecond)
	}
	if !st.Running || !st.Quick || st.Done != 1 || st.Total != 2 || st.Written {
		t.Fatalf("while it runs: %+v", st)
	}
	close(release)
	for st = get(); st.Running && time.Now().Before(deadline); st = get() {
		time.Sleep(10 * time.Millisecond)
	}
	if !st.Written || st.Running || st.Error != "" || len(asked) != 1 || !asked[0] {
		t.Fatalf("after: %+v, runs asked %v", st, asked)
	}
	res, err = http.Get(h.ts.URL + "/sources/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || string(page) != "<!doctype html><title>five</title>" {
		t.Fatalf("the document written: %d %q", res.StatusCode, page)
	}
	// The page that writes it is there still, to write it again (a quick document links to it).
	res, err = http.Get(h.ts.URL + "/sources/write.html")
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), `src="/sources.js"`) {
		t.Fatalf("/sources/write.html with a document written: %d %.200q", res.StatusCode, page)
	}

	// A server without the writer: the page says how, POST says it cannot.
	t.Setenv("KOMBI_DATA_DIR", t.TempDir())
	h2 := newHarness(t, nil)
	if code := h2.do("POST", "/api/sources", "", map[string]any{"quick": true}, &e); code != http.StatusNotImplemented || !strings.Contains(e.Error, "kombi report sources") {
		t.Fatalf("no writer: %d %q", code, e.Error)
	}
}

// TestSourcesCancelled: POST /api/sources/cancel stops the run going by
// its context (202); the run keeps what it computed and says so; GET
// /api/sources then says it was cancelled, how far it had got and what it
// kept, with no error; with no run going it stops nothing (200); the
// routes scripts use are unchanged, and a new run starts afresh.
func TestSourcesCancelled(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	write, stopped := stoppableSources(data)
	h := newHarness(t, nil, func(o *web.Options) { o.Sources = write })
	var st sourcesStatus
	if code := h.do("POST", "/api/sources/cancel", "", nil, &st); code != http.StatusOK || st.Running || st.Cancelling || st.Cancelled {
		t.Fatalf("cancel with no run: %d %+v, want 200 and nothing stopped", code, st)
	}
	if code := h.do("GET", "/api/sources/cancel", "", nil, nil); code != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/sources/cancel: %d, want 405", code)
	}
	if code := h.do("POST", "/api/sources", "", map[string]any{"quick": false}, nil); code != http.StatusAccepted {
		t.Fatalf("POST /api/sources: %d, want 202", code)
	}
	deadline := time.Now().Add(10 * time.Second)
	for st = statusOf(h); st.Done != 35 && time.Now().Before(deadline); st = statusOf(h) {
		time.Sleep(10 * time.Millisecond)
	}
	if !st.Running || st.Cancelling || st.Cancelled {
		t.Fatalf("while it runs: %+v", st)
	}
	code := h.do("POST", "/api/sources/cancel", "", nil, &st)
	if code != http.StatusAccepted || !st.Cancelling && !st.Cancelled || st.Done != 35 {
		t.Fatalf("cancel: %d %+v, want 202, cancelling at 35 %%", code, st)
	}
	select {
	case err := <-stopped:
		if err != context.Canceled {
			t.Errorf("the run's context ended with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the run's context was not cancelled")
	}
	for st = statusOf(h); st.Running && time.Now().Before(deadline); st = statusOf(h) {
		time.Sleep(10 * time.Millisecond)
	}
	if want := "kept: 0 of 2 items computed and written in the document (the other 2 marked not computed); no game played or result computed by then"; st.Running || st.Cancelling || !st.Cancelled || st.Error != "" ||
		st.Done != 35 || st.Total != 100 || st.Message != want || !st.Written {
		t.Fatalf("after the cancel: %+v, want cancelled at 35 of 100, %q", st, want)
	}
	// A cancel once it has stopped stops nothing.
	if code := h.do("POST", "/api/sources/cancel", "", nil, &st); code != http.StatusOK || !st.Cancelled {
		t.Errorf("a cancel after the run: %d %+v", code, st)
	}
	// Writing again starts afresh.
	if code := h.do("POST", "/api/sources", "", map[string]any{"quick": true}, &st); code != http.StatusAccepted || st.Cancelled || st.Cancelling || !st.Running {
		t.Fatalf("a run after a cancelled one: %d %+v", code, st)
	}
	if code := h.do("POST", "/api/sources/cancel", "", nil, nil); code != http.StatusAccepted {
		t.Errorf("cancel the second run: %d", code)
	}
	<-stopped
}

// statusOf answers GET /api/sources.
func statusOf(h *harness) sourcesStatus {
	h.t.Helper()
	var st sourcesStatus
	if code := h.do("GET", "/api/sources", "", nil, &st); code != http.StatusOK {
		h.t.Fatalf("GET /api/sources: %d", code)
	}
	return st
}

// stoppableSources returns a writer of the sources document for the data
// directory data that says it is 35 % done and waits for its run to be
// cancelled; then, as the sources study does, it writes the document of
// the items it computed (none of two) and says what it kept: the sources
// study's run on the cancelled context. stopped hears how each run's
// context ended.
func stoppableSources(data string) (write web.SourcesFunc, stopped <-chan error) {
	ends := make(chan error, 4)
	return func(ctx context.Context, quick bool, progress func(solve.Progress)) error {
		progress(solve.Progress{Done: 35, Total: 100, Message: "Nim and Wythoff thesis, Table 1 (item 1 of 2)"})
		<-ctx.Done()
		ends <- ctx.Err()
		return runSources(ctx, filepath.Join(data, sources.Folder), filepath.Join(data, "sources.db"), "wythoff/table-1,nim2d/palettes", progress)
	}, ends
}
