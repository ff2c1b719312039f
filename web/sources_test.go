package web_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	if code, body, _ := get("/sources/"); code != http.StatusNotFound || !strings.Contains(body, "kombi report sources") {
		t.Fatalf("no document yet: %d %q", code, body)
	}
	dir := filepath.Join(data, sources.Folder)
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"index.html": "<!doctype html><title>five</title>", "sources.css": "body{}", "fig.png": "\x89PNG", "README.md": "# five", "sub/x.png": "x", "notes.txt": "no"}
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
	for path, want := range map[string]string{"/sources/": "text/html", "/sources/index.html": "text/html", "/sources/sources.css": "text/css", "/sources/fig.png": "image/png", "/sources/README.md": "text/markdown"} {
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
