package web

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/kombi/kombi/game"
)

//go:embed static
var staticFiles embed.FS

// Handler returns the HTTP handler: the API under /api/ and the UI at /.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/games", s.getGames)
	mux.HandleFunc("POST /api/matches", s.postMatch)
	mux.HandleFunc("GET /api/matches", s.listMatches)
	mux.HandleFunc("GET /api/matches/{id}", s.getMatch)
	mux.HandleFunc("POST /api/matches/{id}/moves", s.postMove)
	mux.HandleFunc("POST /api/matches/{id}/undo", s.postUndo)
	mux.HandleFunc("POST /api/matches/{id}/control", s.postControl)
	mux.HandleFunc("POST /api/matches/{id}/seats/{seat}/token", s.postSeatToken)
	mux.HandleFunc("GET /api/matches/{id}/events", s.getEvents)
	mux.HandleFunc("GET /api/matches/{id}/record", s.getRecord)
	mux.HandleFunc("GET /api/matches/{id}/analysis", s.getMatchAnalysis)
	mux.HandleFunc("GET /api/analysis", s.getAnalysis)
	mux.HandleFunc("GET /api/study", s.getStudy)
	mux.HandleFunc("POST /api/study/moves", s.postStudyMove)
	mux.HandleFunc("POST /api/study/setup", s.postStudySetup)
	mux.HandleFunc("GET /api/addresses", s.getAddresses)
	mux.HandleFunc("GET /sources/", s.getSources) // the sources recomputed (sources.go)
	mux.HandleFunc("GET /api/sources", s.getSourcesStatus)
	mux.HandleFunc("POST /api/sources", s.postSources)
	mux.HandleFunc("POST /api/sources/cancel", s.postSourcesCancel)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		allow := allowed(mux, r)
		switch {
		case allow != "" && r.Method == http.MethodOptions:
			w.Header().Set("Allow", allow)
			w.WriteHeader(http.StatusNoContent)
		case allow != "":
			w.Header().Set("Allow", allow)
			writeError(w, http.StatusMethodNotAllowed, "%s %s: the method is not allowed here; allowed: %s", clip(r.Method, 20), clip(r.URL.Path, 80), allow)
		default:
			noRoute(w, r)
		}
	})
	static, _ := fs.Sub(staticFiles, "static")
	mux.Handle("/", staticHandler(static))
	return s.guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The mux would redirect /api and a path with an empty or dot
		// segment in HTML (/api/matches//record to a route that then says
		// there is no match "record"): the API answers JSON.
		if p := r.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") && !cleanPath(p) {
			noRoute(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	}))
}

// noRoute answers 404 to an API request that no route takes.
func noRoute(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusNotFound, "no API route %s %s; see the README for the API (its paths have no empty or dot segments)", clip(r.Method, 20), clip(r.URL.Path, 80))
}

// cleanPath reports whether p is as path.Clean writes it, but for a
// final slash.
func cleanPath(p string) bool {
	c := path.Clean(p)
	return c == p || c+"/" == p
}

// staticHandler serves the page's files; an address that names none (a
// mistyped link, a folder) gets a page that says so and leads back to the
// games, with the status 404, not the file server's bare text or a listing.
//
// The files are read, never changed: a method other than GET or HEAD gets
// 405 (OPTIONS 204) with the methods allowed.
func staticHandler(static fs.FS) http.Handler {
	files := http.FileServerFS(static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD, OPTIONS")
			if r.Method == http.MethodOptions {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			writeError(w, http.StatusMethodNotAllowed, "%s %s: the page's files are only read; allowed: GET, HEAD, OPTIONS", clip(r.Method, 20), clip(r.URL.Path, 80))
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(static, name); err != nil || st.IsDir() {
				page, _ := fs.ReadFile(static, "notfound.html")
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write(page)
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

// allowed lists the methods that have a route for r's path, for an Allow
// header ("" when none has): GET with HEAD, POST, and OPTIONS, which says
// so.
func allowed(mux *http.ServeMux, r *http.Request) string {
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := mux.Handler(probe); pattern != "/api/" && pattern != "" {
			out = append(out, m)
			if m == http.MethodGet {
				out = append(out, http.MethodHead)
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(append(out, http.MethodOptions), ", ")
}

// guard adds the security headers, caps request bodies and turns a panic
// in one request into a 500 answer (its text goes to the log only).
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.opt.Logger.Error("panic in request", "method", r.Method, "path", r.URL.Path, "panic", v)
				writeError(w, http.StatusInternalServerError, "internal error: the server failed on this request (a bug in Kombi; it is logged)")
			}
		}()
		// The headers go on every answer, the guard's own refusals too.
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if msg := s.refuse(r); msg != "" {
			writeError(w, http.StatusForbidden, "%s", msg)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		next.ServeHTTP(w, r)
	})
}

// refuse says why a request is refused before it is handled: a Host that
// is not a loopback name while the server listens on loopback (a DNS
// rebinding attack), or a change asked from another site (its Origin is
// not this server). "" lets it through.
func (s *Server) refuse(r *http.Request) string {
	if s.loopback.Load() && !loopbackName(hostOf(r.Host)) {
		return fmt.Sprintf("this server listens on loopback and answers only to localhost, not to %q", clip(r.Host, 60))
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return ""
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return "" // not a browser's cross-site request
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host != r.Host {
		return fmt.Sprintf("a change from another site (%s) is refused", clip(origin, 60))
	}
	return ""
}

// loopbackName reports whether host names this machine's loopback.
func loopbackName(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

type apiError struct {
	Error string `json:"error"`
	// Seat and Reason, for a new match whose seat's bot string is refused:
	// the seat (0 moves first) and the bot's own words, without the seat
	// and bot names the error begins with, for a page that names them its
	// way.
	Seat   *int   `json:"seat,omitempty"`
	Reason string `json:"reason,omitempty"`
}

func writeError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...)})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"the answer does not encode as JSON"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(data, '\n'))
}

// bearer returns the token of the request's Authorization header.
func bearer(r *http.Request) string {
	scheme, t, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") { // the scheme's case does not matter (RFC 9110)
		return ""
	}
	return strings.TrimSpace(t)
}

// clip shortens text quoted in an error message.
func clip(s string, n int) string { return game.Truncate(s, n) }

func (s *Server) getGames(w http.ResponseWriter, _ *http.Request) {
	if s.opt.Catalogue == nil {
		writeJSON(w, http.StatusOK, []any{})
		return
	}
	writeJSON(w, http.StatusOK, s.opt.Catalogue())
}

// getAddresses answers the addresses the page is opened at (URLs): this
// computer's first, then those other devices open ({"urls": [...]}; none
// before the server listens through Serve).
func (s *Server) getAddresses(w http.ResponseWriter, _ *http.Request) {
	urls := []string{}
	if u := s.urls.Load(); u != nil {
		urls = *u
	}
	writeJSON(w, http.StatusOK, map[string]any{"urls": urls})
}
