package web

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// SourcesFolder is the folder of the data directory whose document
// `kombi report sources` writes by default and GET /sources/ shows.
const SourcesFolder = "sources"

// sourcesTypes are the files of the document GET /sources/ serves, by
// extension: the page, its style sheet and script, the figures and the
// Markdown.
var sourcesTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".md":   "text/markdown; charset=utf-8",
}

// figureCSP is the Content-Security-Policy of the document's SVG figures,
// in place of the guard's: report/chart's SVG styles every element with a
// style attribute, which the pages' policy (style-src 'self') blocks, so a
// figure opened alone drew as a black box. It lets those attributes apply
// and nothing else: no script, no fetch, no frame, images only inline.
const figureCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// getSources serves, read-only, the document in the data directory's
// sources folder at /sources/ (index.html for the folder itself): files of
// that folder only, of the document's kinds, never a listing, never a file
// outside it (the folder is opened as an os.Root, which also refuses links
// that lead out). The security headers are the guard's, as on every page,
// but for the SVG figures' policy (figureCSP).
func (s *Server) getSources(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/sources/")
	if name == "" {
		name = "index.html"
	}
	ctype, ok := sourcesTypes[strings.ToLower(filepath.Ext(name))]
	if !ok || strings.Contains(name, "/") || !fs.ValidPath(name) {
		http.Error(w, "404: the document of the five sources has no file "+clip(name, 60), http.StatusNotFound)
		return
	}
	if name == sourcesWriteName {
		s.writePage(w, r)
		return
	}
	dir, err := game.DataDir()
	if err != nil {
		http.Error(w, "the data directory is unknown: "+err.Error(), http.StatusNotFound)
		return
	}
	root, err := os.OpenRoot(filepath.Join(dir, SourcesFolder))
	if err != nil {
		s.notYet(w, r, name, filepath.Join(dir, SourcesFolder))
		return
	}
	defer root.Close()
	f, err := root.Open(name)
	if err != nil {
		if name == "index.html" && errors.Is(err, fs.ErrNotExist) {
			s.notYet(w, r, name, filepath.Join(dir, SourcesFolder))
			return
		}
		http.Error(w, "404: the document of the five sources has no file "+clip(name, 60), http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.Error(w, "404: the document of the five sources has no file "+clip(name, 60), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", ctype)
	if ctype == sourcesTypes[".svg"] {
		w.Header().Set("Content-Security-Policy", figureCSP)
	}
	http.ServeContent(w, r, name, st.ModTime(), f)
}

// sourcesWriteName is the page at /sources/ that writes the document
// (static/sources.html), there whether a document is written or not: a
// quick document links to it, to write the full one.
const sourcesWriteName = "write.html"

// notYet answers that the document was not written yet: for the page
// itself, the page that writes it (writePage); for its other files, a line
// of text (404).
func (s *Server) notYet(w http.ResponseWriter, r *http.Request, name, dir string) {
	if name != "index.html" {
		http.Error(w, fmt.Sprintf("404: no document of the five sources yet. 'kombi report sources' writes it into %s (a quick one: 'kombi report sources --quick').", dir), http.StatusNotFound)
		return
	}
	s.writePage(w, r)
}

// writePage serves static/sources.html: it says what the document is,
// whether it is written and how to write it with `kombi report sources`,
// and, where the server can (Options.Sources), offers to write it now and
// shows how far that got (sources.js, from GET /api/sources). It is a 200
// where no document is written too: a page people use, which a browser
// would log as an error were it a 404 (GET /api/sources says whether the
// document is written).
func (s *Server) writePage(w http.ResponseWriter, r *http.Request) {
	page, err := staticFiles.ReadFile("static/sources.html")
	if err != nil {
		http.Error(w, "the page that writes the sources document is missing from this build: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(page)
	}
}

// SourcesFunc writes the document of the five sources into the data
// directory's sources folder, as `kombi report sources` does (quick: its
// --quick run), reporting its progress; it returns when the document is
// written, or with ctx's error when stopped (what was computed stays in
// the database).
type SourcesFunc func(ctx context.Context, quick bool, progress func(solve.Progress)) error

// sourcesJob is the writing of the sources document that a person asked
// for in the browser (POST /api/sources): one at a time, in the
// background, stopped when the server closes or when a person cancels it
// (POST /api/sources/cancel).
type sourcesJob struct {
	mu      sync.Mutex
	running bool
	quick   bool
	started time.Time
	took    time.Duration
	last    solve.Progress
	err     string
	// cancel stops the run going (nil when none runs); cancelling says a
	// person asked it to stop, when it had got to at; cancelled that the
	// last run stopped so.
	cancel     context.CancelFunc
	cancelling bool
	at         solve.Progress
	cancelled  bool
}

// sourcesStatus is the answer of GET and POST /api/sources.
type sourcesStatus struct {
	// Written: the document is in the data directory (GET /sources/ shows it).
	Written bool `json:"written"`
	// CanWrite: this server can write it (else only `kombi report sources` can).
	CanWrite bool `json:"can_write"`
	// Running: it is being written now; Quick: the quick run.
	Running bool `json:"running"`
	Quick   bool `json:"quick"`
	// Cancelling: a person asked the run going to stop (it stops at its
	// next step); Cancelled: the last run stopped so. Done and Total then
	// say how far it had got when asked, and Message what it kept.
	Cancelling bool `json:"cancelling"`
	Cancelled  bool `json:"cancelled"`
	// Done and Total say how far it is (Total 0: not known yet): the
	// document counts percent of its work, each item weighted by the time
	// it takes; Message says in words what it computes now.
	Done    int64  `json:"done"`
	Total   int64  `json:"total"`
	Message string `json:"message"`
	// Seconds since it started (or that it took).
	Seconds float64 `json:"seconds"`
	// Error says why the last run failed.
	Error string `json:"error,omitempty"`
	// Command writes it from a terminal, into Folder.
	Command string `json:"command"`
	Folder  string `json:"folder"`
}

// sourcesWritten reports whether the data directory holds the document,
// and its folder ("" when the data directory is unknown).
func sourcesWritten() (bool, string) {
	dir, err := game.DataDir()
	if err != nil {
		return false, ""
	}
	folder := filepath.Join(dir, SourcesFolder)
	st, err := os.Stat(filepath.Join(folder, "index.html"))
	return err == nil && st.Mode().IsRegular(), folder
}

func (s *Server) sourcesStatus() sourcesStatus {
	written, folder := sourcesWritten() // (a stat: not under the job's lock)
	j := &s.sources
	j.mu.Lock()
	defer j.mu.Unlock()
	st := sourcesStatus{Written: written, Folder: folder, CanWrite: s.opt.Sources != nil, Running: j.running, Quick: j.quick,
		Cancelling: j.running && j.cancelling, Cancelled: !j.running && j.cancelled,
		Done: j.last.Done, Total: j.last.Total, Message: j.last.Message, Error: j.err, Command: "kombi report sources"}
	if j.cancelling || j.cancelled {
		st.Done, st.Total = j.at.Done, j.at.Total
	}
	switch {
	case j.running:
		st.Seconds = time.Since(j.started).Seconds()
	case !j.started.IsZero():
		st.Seconds = j.took.Seconds()
	}
	return st
}

// getSourcesStatus answers GET /api/sources: whether the document is
// written, and how far its writing is.
func (s *Server) getSourcesStatus(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.sourcesStatus())
}

// postSources answers POST /api/sources {"quick": bool}: it starts writing
// the document in the background (202), or answers how far the run
// already going is (200); 501 where this server cannot write it.
func (s *Server) postSources(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Quick bool `json:"quick"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	if s.opt.Sources == nil {
		writeError(w, http.StatusNotImplemented, "this server does not write the sources document: run 'kombi report sources' on its machine")
		return
	}
	j := &s.sources
	j.mu.Lock()
	if j.running {
		j.mu.Unlock()
		writeJSON(w, http.StatusOK, s.sourcesStatus())
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	j.running, j.quick, j.started, j.took, j.last, j.err = true, req.Quick, time.Now(), 0, solve.Progress{Message: "starting"}, ""
	j.cancel, j.cancelling, j.cancelled, j.at = cancel, false, false, solve.Progress{}
	s.wg.Add(1)
	j.mu.Unlock()
	go func() {
		defer s.wg.Done()
		defer cancel()
		err := s.opt.Sources(ctx, req.Quick, func(p solve.Progress) {
			j.mu.Lock()
			j.last = p
			j.mu.Unlock()
		})
		j.mu.Lock()
		j.running, j.took, j.cancel = false, time.Since(j.started), nil
		switch {
		case err != nil && j.cancelling && errors.Is(err, context.Canceled):
			j.cancelled = true
			s.opt.Logger.Info("the sources document was cancelled from the page", "at", fmt.Sprintf("%d of %d", j.at.Done, j.at.Total), "kept", j.last.Message)
		case err != nil:
			j.err = err.Error()
			s.opt.Logger.Error("writing the sources document", "err", err)
		}
		j.cancelling = false
		j.mu.Unlock()
	}()
	writeJSON(w, http.StatusAccepted, s.sourcesStatus())
}

// postSourcesCancel answers POST /api/sources/cancel: it stops the run
// going (its context cancelled: it stops at its next step, keeps in the
// database what it computed and writes the document with the items done,
// the others marked) and answers 202 with the status, cancelling; with
// no run going it stops nothing and answers 200 with the status.
func (s *Server) postSourcesCancel(w http.ResponseWriter, _ *http.Request) {
	j := &s.sources
	j.mu.Lock()
	if !j.running || j.cancel == nil {
		j.mu.Unlock()
		writeJSON(w, http.StatusOK, s.sourcesStatus())
		return
	}
	if !j.cancelling {
		j.cancelling, j.at = true, j.last
		j.cancel()
	}
	j.mu.Unlock()
	writeJSON(w, http.StatusAccepted, s.sourcesStatus())
}
