// Package web is `kombi serve`: an HTTP JSON API to play, watch and analyse
// matches of every Kombi game, Server-Sent Events as they are played, and
// the embedded browser UI that draws every board from the game's View.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/solve"
)

//go:embed static
var staticFiles embed.FS

// Limits of the API.
const (
	// MaxBody is the largest request body read (64 KiB).
	MaxBody = 64 << 10
	// MaxLegalMoves is the most legal moves a match lists; a position with
	// more says so (legal_moves_truncated) and takes moves by text or parts.
	MaxLegalMoves = 5000
	// MaxMatches is the most matches held at once.
	MaxMatches = 10000
	// MaxAnalysisTime bounds an analysis request's time.
	MaxAnalysisTime = 30 * time.Second
)

// Options configure a Server.
type Options struct {
	Games *game.Registry
	Bots  *bot.Registry
	// Solvers are the games' own solvers that analysis requests use (nil:
	// the kit's generic searches, solve.Generic).
	Solvers *solve.Solvers
	// Store persists matches (nil: a MemoryStore).
	Store Store
	// MaxThink bounds each computer decision (0: 10 s).
	MaxThink time.Duration
	// MaxSearches bounds the bot searches and analyses running at once
	// (0: the number of cores); the rest wait their turn.
	MaxSearches int
	// Catalogue returns what GET /api/games serves (`kombi games --json`).
	Catalogue func() any
	// Logger receives request errors and panics (nil: discarded).
	Logger *slog.Logger
}

// Server is the HTTP server of `kombi serve`. Create it with New.
type Server struct {
	opt      Options
	id       string // names this run of the server
	searches chan struct{}
	mu       sync.Mutex
	matches  map[string]*liveMatch
	ctx      context.Context
	stop     context.CancelFunc
	wg       sync.WaitGroup
}

// New returns a server; Resume continues the stored unfinished matches.
func New(opt Options) (*Server, error) {
	if opt.Games == nil || opt.Bots == nil {
		return nil, errors.New("web: the game and bot registries are required")
	}
	if opt.Store == nil {
		opt.Store = &MemoryStore{}
	}
	if opt.MaxThink <= 0 {
		opt.MaxThink = 10 * time.Second
	}
	if opt.MaxSearches <= 0 {
		opt.MaxSearches = runtime.NumCPU()
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	id, err := newID(8)
	if err != nil {
		return nil, err
	}
	ctx, stop := context.WithCancel(context.Background())
	return &Server{id: id, opt: opt, searches: make(chan struct{}, opt.MaxSearches), matches: map[string]*liveMatch{}, ctx: ctx, stop: stop}, nil
}

// Close stops the computer players; matches stay stored.
func (s *Server) Close() {
	s.stop()
	s.wg.Wait()
}

// Resume loads the stored unfinished matches and continues them. It
// returns how many it resumed; a match that no longer loads is skipped and
// logged.
func (s *Server) Resume(ctx context.Context) (int, error) {
	stored, err := s.opt.Store.Matches(ctx, true, "", MaxMatches)
	if err != nil {
		return 0, fmt.Errorf("resume matches: %w", err)
	}
	n := 0
	for i := range stored {
		sm := &stored[i]
		m, err := s.rebuild(sm)
		if err != nil {
			s.opt.Logger.Warn("cannot resume match", "id", sm.ID, "err", err)
			continue
		}
		s.mu.Lock()
		s.matches[m.id] = m
		s.mu.Unlock()
		s.drive(m)
		n++
	}
	return n, nil
}

func (s *Server) rebuild(sm *StoredMatch) (*liveMatch, error) {
	rec := sm.Record
	st, err := game.StateAt(s.opt.Games, &rec, len(rec.Moves))
	if err != nil {
		return nil, err
	}
	g, err := s.opt.Games.Load(rec.Game, rec.Seed)
	if err != nil {
		return nil, err
	}
	m := &liveMatch{id: sm.ID, mode: sm.Mode, g: g, rec: rec, state: st, tokens: sm.TokenHashes,
		created: sm.Created, updated: sm.Updated, watchers: map[chan event]struct{}{}}
	if err := s.makeBots(m); err != nil {
		return nil, err
	}
	return m, nil
}

func (s *Server) makeBots(m *liveMatch) error {
	for p, name := range m.rec.Players {
		if name == Human {
			continue
		}
		b, err := s.opt.Bots.New(name, m.g, bot.Env{Seed: match.BotSeed(m.rec.Seed, p)})
		if err != nil {
			return fmt.Errorf("seat %s: %w", game.SeatName(game.Player(p)), err)
		}
		if _, ok := b.(bot.Interactive); ok {
			return fmt.Errorf("seat %s: %q needs a terminal; use %q for a person", game.SeatName(game.Player(p)), name, Human)
		}
		m.bots[p] = b
	}
	return nil
}

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
	mux.HandleFunc("GET /api/matches/{id}/events", s.getEvents)
	mux.HandleFunc("GET /api/matches/{id}/record", s.getRecord)
	mux.HandleFunc("GET /api/matches/{id}/analysis", s.getAnalysis)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no API route %s %s; see the README for the API", r.Method, r.URL.Path)
	})
	static, _ := fs.Sub(staticFiles, "static")
	files := http.FileServerFS(static)
	mux.Handle("/", files)
	return s.guard(mux)
}

// guard adds the security headers, caps request bodies and turns a panic
// in one request into a 500 answer.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.opt.Logger.Error("panic in request", "method", r.Method, "path", r.URL.Path, "panic", v)
				writeError(w, http.StatusInternalServerError, "internal error: %v", v)
			}
		}()
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		next.ServeHTTP(w, r)
	})
}

type apiError struct {
	Error string `json:"error"`
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

// readJSON decodes a request body into v, refusing unknown fields, bodies
// over MaxBody and trailing data.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "request body over %d bytes", MaxBody)
		} else {
			writeError(w, http.StatusBadRequest, "request body: %v", err)
		}
		return false
	}
	if dec.More() {
		writeError(w, http.StatusBadRequest, "request body: one JSON object expected, found more")
		return false
	}
	return true
}

func (s *Server) getGames(w http.ResponseWriter, _ *http.Request) {
	if s.opt.Catalogue == nil {
		writeJSON(w, http.StatusOK, []any{})
		return
	}
	writeJSON(w, http.StatusOK, s.opt.Catalogue())
}

type newMatch struct {
	Game    string    `json:"game"`
	Players [2]string `json:"players"`
	Seed    *uint64   `json:"seed"`
	Mode    string    `json:"mode"`
}

func (s *Server) postMatch(w http.ResponseWriter, r *http.Request) {
	var req newMatch
	if !readJSON(w, r, &req) {
		return
	}
	if req.Game == "" {
		writeError(w, http.StatusBadRequest, `"game" is required, e.g. "nim(piles=3;4;5)"`)
		return
	}
	seed := uint64(time.Now().UnixNano())
	if req.Seed != nil {
		seed = *req.Seed
	}
	switch req.Mode {
	case "":
		req.Mode = ModeNormal
	case ModeNormal:
	case ModeSolo:
		req.Players = [2]string{Human, Human}
	default:
		writeError(w, http.StatusBadRequest, "mode %q: want %q or %q", req.Mode, ModeNormal, ModeSolo)
		return
	}
	for p, name := range req.Players {
		if strings.TrimSpace(name) == "" {
			writeError(w, http.StatusBadRequest, "players[%d] is empty: want %q or a bot string such as \"perfect\"", p, Human)
			return
		}
	}
	g, err := s.opt.Games.Load(req.Game, seed)
	if err != nil {
		writeError(w, http.StatusBadRequest, "game: %v", err)
		return
	}
	id, err := newID(16)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	now := time.Now().UTC()
	m := &liveMatch{id: id, mode: req.Mode, g: g, state: g.NewInitialState(), created: now, updated: now,
		rec:      game.Record{Game: g.String(), Seed: seed, Players: []string{req.Players[0], req.Players[1]}, Moves: []game.RecordMove{}},
		watchers: map[chan event]struct{}{}}
	if err := s.makeBots(m); err != nil {
		writeError(w, http.StatusBadRequest, "players: %v", err)
		return
	}
	var tokens [2]*string
	solo := ""
	for p, name := range req.Players {
		if name != Human {
			continue
		}
		t := solo
		if t == "" {
			if t, err = newID(24); err != nil {
				writeError(w, http.StatusInternalServerError, "%v", err)
				return
			}
		}
		if req.Mode == ModeSolo {
			solo = t
		}
		tokens[p] = &t
		m.tokens[p] = hashToken(t)
	}
	s.mu.Lock()
	if len(s.matches) >= MaxMatches {
		s.evictFinished()
	}
	if len(s.matches) >= MaxMatches {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "the server holds %d matches, its limit; try again later", MaxMatches)
		return
	}
	s.matches[id] = m
	s.mu.Unlock()
	m.mu.Lock()
	if err := m.playChance(); err != nil {
		m.mu.Unlock()
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	if err := s.save(m); err != nil {
		m.mu.Unlock()
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	body := s.matchJSON(m, -1)
	m.mu.Unlock()
	body.SeatTokens = &tokens
	s.drive(m)
	writeJSON(w, http.StatusCreated, body)
}

// evictFinished forgets the finished matches held in memory (they stay
// stored). The caller holds s.mu.
func (s *Server) evictFinished() {
	for id, m := range s.matches {
		m.mu.Lock()
		done := m.finished() && len(m.watchers) == 0
		m.mu.Unlock()
		if done {
			delete(s.matches, id)
		}
	}
}

func (s *Server) match(w http.ResponseWriter, r *http.Request) *liveMatch {
	id := r.PathValue("id")
	s.mu.Lock()
	m := s.matches[id]
	s.mu.Unlock()
	if m == nil {
		writeError(w, http.StatusNotFound, "no match %q", truncate(id, 40))
	}
	return m
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// matchView is the JSON of a match.
type matchView struct {
	ID         string            `json:"id"`
	Mode       string            `json:"mode"`
	Game       string            `json:"game"`
	Players    []string          `json:"players"`
	Seed       uint64            `json:"seed"`
	Moves      []game.RecordMove `json:"moves"`
	At         int               `json:"at"`
	ToMove     *game.Player      `json:"to_move"`
	View       *game.View        `json:"view"`
	Position   string            `json:"position,omitempty"`
	LegalMoves []game.LegalMove  `json:"legal_moves"`
	Truncated  bool              `json:"legal_moves_truncated,omitempty"`
	Finished   bool              `json:"finished"`
	Winner     *int              `json:"winner"`
	Reason     string            `json:"reason"`
	Length     int               `json:"length"`
	Paused     bool              `json:"paused"`
	Thinking   *thinking         `json:"thinking"`
	HighScore  *int              `json:"high_score,omitempty"`
	Created    time.Time         `json:"created"`
	SeatTokens *[2]*string       `json:"seat_tokens,omitempty"`
	Roles      [2]string         `json:"roles"`
	GameName   string            `json:"game_name"`
	// Version grows with every change of the match (a move, an undo) within
	// one server run, named by Server: a client keeps the newest state.
	Version uint64         `json:"version"`
	Server  string         `json:"server"`
	Error   string         `json:"error,omitempty"`
	Extra   map[string]any `json:"extra,omitempty"`
}

// matchJSON describes m now, or at move at (0 ≤ at < len(moves)) for time
// travel. The caller holds m.mu.
func (s *Server) matchJSON(m *liveMatch, at int) *matchView {
	st := m.state
	if at >= 0 && at < len(m.rec.Moves) {
		if past, err := game.StateAt(s.opt.Games, &m.rec, at); err == nil {
			st = past
		}
	} else {
		at = len(m.rec.Moves)
	}
	typ := m.g.Type()
	v := &matchView{ID: m.id, Mode: m.mode, Game: m.rec.Game, Players: m.rec.Players, Seed: m.rec.Seed,
		Moves: m.rec.Moves, At: at, Finished: m.finished(), Winner: m.rec.Winner, Reason: m.rec.Reason,
		Length: m.rec.Length, Paused: m.paused, Created: m.created, Roles: [2]string{typ.Role(0), typ.Role(1)},
		GameName: typ.Name, Extra: m.rec.Extra, Version: m.gen, Server: s.id}
	if m.highScore > 0 {
		hs := m.highScore
		v.HighScore = &hs
	}
	if v.Moves == nil {
		v.Moves = []game.RecordMove{}
	}
	if m.thinking != nil {
		t := *m.thinking
		t.Elapsed = time.Since(t.Since).Seconds()
		v.Thinking = &t
	}
	if view, err := game.ViewOf(st); err == nil {
		v.View = &view
	}
	if p, err := game.PositionOf(st); err == nil {
		v.Position = p
	}
	if !st.IsTerminal() && !(at == len(m.rec.Moves) && m.rec.Aborted) {
		p := st.Player()
		v.ToMove = &p
		v.LegalMoves, v.Truncated = game.LegalMovesOf(st, MaxLegalMoves)
	} else {
		v.LegalMoves = []game.LegalMove{}
	}
	if m.state.IsTerminal() && !m.rec.Aborted && m.rec.Reason == "" {
		if ex, ok := m.state.(game.Explainer); ok {
			v.Reason = ex.EndReason()
		}
	}
	return v
}

func (s *Server) getMatch(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	at := -1
	if q := r.URL.Query().Get("at"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "at=%q: want a move number from 0", truncate(q, 20))
			return
		}
		at = n
	}
	m.mu.Lock()
	if at > len(m.rec.Moves) {
		n := len(m.rec.Moves)
		m.mu.Unlock()
		writeError(w, http.StatusBadRequest, "at=%d: the match has moves 0 to %d", at, n)
		return
	}
	body := s.matchJSON(m, at)
	m.mu.Unlock()
	writeJSON(w, http.StatusOK, body)
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	t, ok := strings.CutPrefix(h, "Bearer ")
	if !ok {
		return ""
	}
	return strings.TrimSpace(t)
}

type movePost struct {
	Move  string      `json:"move"`
	Parts []game.Part `json:"parts"`
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	var req movePost
	if !readJSON(w, r, &req) {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	seats := m.seatsOf(bearer(r))
	if len(seats) == 0 {
		writeError(w, http.StatusForbidden, "a seat token is required: send 'Authorization: Bearer <token>' with the token this match's creation returned")
		return
	}
	if m.finished() {
		writeError(w, http.StatusConflict, "the game is over")
		return
	}
	p := m.state.Player()
	mine := false
	for _, q := range seats {
		mine = mine || q == p
	}
	if !mine {
		writeError(w, http.StatusConflict, "it is not your turn: %s (%s) is to move", game.SeatName(p), m.g.Type().Role(p))
		return
	}
	var (
		mv  game.Move
		err error
	)
	switch {
	case req.Move != "" && req.Parts != nil:
		writeError(w, http.StatusBadRequest, `give "move" (text) or "parts", not both`)
		return
	case req.Move != "":
		if len(req.Move) > 1024 {
			writeError(w, http.StatusBadRequest, "move text over 1024 bytes")
			return
		}
		mv, err = m.state.ParseMove(req.Move)
	case req.Parts != nil:
		mv, err = game.MoveFromParts(m.state, req.Parts)
	default:
		writeError(w, http.StatusBadRequest, `give the move as "move" (text, e.g. "1:2") or as "parts"`)
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	if err := m.apply(mv, 0); err != nil {
		writeError(w, http.StatusBadRequest, "illegal move %s: %v", truncate(m.state.MoveString(mv), 60), err)
		return
	}
	s.afterMove(m)
	writeJSON(w, http.StatusOK, s.matchJSON(m, -1))
}

// afterMove plays pending chance moves, stores the match, tells the
// watchers and wakes the computer. The caller holds m.mu.
func (s *Server) afterMove(m *liveMatch) {
	if err := m.playChance(); err != nil {
		m.abort(err.Error())
	}
	if err := s.save(m); err != nil {
		s.opt.Logger.Error("store match", "id", m.id, "err", err)
	}
	m.publish(event{"state", s.matchJSON(m, -1)})
	s.wake(m)
}

func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	seats := m.seatsOf(bearer(r))
	if len(seats) == 0 {
		writeError(w, http.StatusForbidden, "a seat token is required to take moves back")
		return
	}
	// Take back the latest move of any seat the token holds.
	last, seat := -1, seats[0]
	for i, mv := range m.rec.Moves {
		for _, q := range seats {
			if mv.Player == q {
				last, seat = i, q
			}
		}
	}
	if last < 0 {
		writeError(w, http.StatusConflict, "%v", errNothingToUndo)
		return
	}
	if m.cancel != nil {
		m.cancel()
	}
	m.thinking = nil
	if err := m.undo(s.opt.Games, seat); err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	m.paused = m.paused && m.bots[0] != nil && m.bots[1] != nil
	s.afterMove(m)
	writeJSON(w, http.StatusOK, s.matchJSON(m, -1))
}

type controlPost struct {
	Action string `json:"action"`
}

// postControl pauses, resumes or steps a match between computers.
func (s *Server) postControl(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	var req controlPost
	if !readJSON(w, r, &req) {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	switch req.Action {
	case "pause":
		m.paused = true
	case "resume":
		m.paused, m.steps = false, 0
	case "step":
		m.paused, m.steps = true, m.steps+1
	default:
		writeError(w, http.StatusBadRequest, "action %q: want pause, resume or step", truncate(req.Action, 20))
		return
	}
	m.publish(event{"state", s.matchJSON(m, -1)})
	s.wake(m)
	writeJSON(w, http.StatusOK, s.matchJSON(m, -1))
}

func (s *Server) getRecord(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	m.mu.Lock()
	rec := s.recordOf(m)
	m.mu.Unlock()
	writeJSON(w, http.StatusOK, rec)
}

// recordOf returns the record kombi replay accepts: finished, or marked
// aborted while the match is still going. The caller holds m.mu.
func (s *Server) recordOf(m *liveMatch) *game.Record {
	rec := m.rec
	rec.Moves = append([]game.RecordMove{}, m.rec.Moves...)
	if !m.finished() {
		rec.Aborted = true
		rec.Reason = "in progress"
		rec.Finish(m.state)
	}
	return &rec
}

func (s *Server) getAnalysis(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	limit := 2 * time.Second
	if q := r.URL.Query().Get("time"); q != "" {
		d, err := time.ParseDuration(q)
		if err != nil || d <= 0 || d > MaxAnalysisTime {
			writeError(w, http.StatusBadRequest, "time=%q: want a duration from 1ms to %s, e.g. 2s", truncate(q, 20), MaxAnalysisTime)
			return
		}
		limit = d
	}
	m.mu.Lock()
	st := m.state.Clone()
	g := m.g
	m.mu.Unlock()
	if st.IsTerminal() {
		writeError(w, http.StatusConflict, "the game is over: there are no moves to analyse")
		return
	}
	if st.Player() == game.Chance {
		writeError(w, http.StatusConflict, "a chance draw is due: there are no moves to analyse")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), limit)
	defer cancel()
	if !s.acquire(ctx) {
		writeError(w, http.StatusServiceUnavailable, "every search slot stayed busy for %s; try again", limit)
		return
	}
	an, err := s.opt.Solvers.Analyze(ctx, g, st, solve.Options{})
	s.release()
	if an == nil {
		writeError(w, http.StatusUnprocessableEntity, "analysis: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, an)
}

func (s *Server) listMatches(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := 20
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 1000 {
			writeError(w, http.StatusBadRequest, "limit=%q: want a number from 1 to 1000", truncate(l, 20))
			return
		}
		limit = n
	}
	name := q.Get("game")
	if name != "" {
		if _, ok := s.opt.Games.Lookup(name); !ok {
			writeError(w, http.StatusBadRequest, "game=%q: no such game; known: %s", truncate(name, 40), strings.Join(s.opt.Games.Names(), ", "))
			return
		}
	}
	stored, err := s.opt.Store.Matches(r.Context(), false, name, limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	type row struct {
		ID       string    `json:"id"`
		Mode     string    `json:"mode"`
		Game     string    `json:"game"`
		Players  []string  `json:"players"`
		Moves    int       `json:"moves"`
		Finished bool      `json:"finished"`
		Winner   *int      `json:"winner"`
		Reason   string    `json:"reason"`
		Created  time.Time `json:"created"`
		Updated  time.Time `json:"updated"`
	}
	out := []row{}
	for _, sm := range stored {
		out = append(out, row{sm.ID, sm.Mode, sm.Record.Game, sm.Record.Players, len(sm.Record.Moves), sm.Finished,
			sm.Record.Winner, sm.Record.Reason, sm.Created, sm.Updated})
	}
	writeJSON(w, http.StatusOK, map[string]any{"matches": out})
}

// save stores the match; a finished one also goes to the games archive
// and, in solo mode, raises the high score. The caller holds m.mu.
func (s *Server) save(m *liveMatch) error {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	sm := &StoredMatch{ID: m.id, Mode: m.mode, Record: *s.recordOf(m), TokenHashes: m.tokens, Finished: m.finished(), Created: m.created, Updated: m.updated}
	if !sm.Finished {
		sm.Record = m.rec // unfinished: stored as it is, to resume
	}
	if err := s.opt.Store.SaveMatch(ctx, sm); err != nil {
		return fmt.Errorf("store match %s: %w", m.id, err)
	}
	if sm.Finished && !m.stored {
		m.stored = true
		if arc, ok := s.opt.Store.(GameArchive); ok {
			if err := arc.AddFinishedGame(ctx, &sm.Record, "serve"); err != nil {
				return fmt.Errorf("store game of match %s: %w", m.id, err)
			}
		}
		if m.mode == ModeSolo && !m.rec.Aborted {
			best, err := s.opt.Store.HighScore(ctx, highScoreKey(m.g), m.rec.Length)
			if err != nil {
				return fmt.Errorf("high score: %w", err)
			}
			m.highScore = best
		}
	}
	return nil
}

// highScoreKey names the table of a solo game: the game string without
// its random parameters (the Thue start symbol).
func highScoreKey(g game.Game) string {
	spec, err := game.ParseSpec(g.String())
	if err != nil {
		return g.String()
	}
	var parts []string
	for _, a := range spec.Args {
		if a.Key == "start" || a.Key == "seed" {
			continue
		}
		parts = append(parts, a.Key+"="+a.Value)
	}
	return spec.Name + "(" + strings.Join(parts, ",") + ")"
}

func (s *Server) acquire(ctx context.Context) bool {
	select {
	case s.searches <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) release() { <-s.searches }
