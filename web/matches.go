package web

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

// newMatch is the body of POST /api/matches.
type newMatch struct {
	Game string `json:"game"`
	// Players are the two seats' players, P1's first (P1 moves first
	// unless the game says otherwise: 2D Nim's first=p2) (a
	// slice, so that a third is refused, not dropped by the decoder).
	Players []string `json:"players"`
	// Seed is a whole number below 2^64; absent, the server draws one
	// below 2^53 (exact in JavaScript). SeedText gives it as a decimal
	// string instead.
	Seed     *uint64 `json:"seed"`
	SeedText string  `json:"seed_text"`
	Mode     string  `json:"mode"`
	// DelayMS is the pace of a computer-vs-computer match.
	DelayMS int64 `json:"delay_ms"`
}

func (s *Server) postMatch(w http.ResponseWriter, r *http.Request) {
	// Only a match created counts against the address's rate (taken
	// below): a refused request, such as a body being fixed, costs nothing.
	if wait := s.creates.wait(hostOf(r.RemoteAddr)); wait > 0 {
		tooMany(w, wait, "new matches")
		return
	}
	var req newMatch
	if !readJSON(w, r, &req) {
		return
	}
	if !gameGiven(w, req.Game) {
		return
	}
	seed := match.RandomSeed()
	switch {
	case req.Seed != nil && req.SeedText != "":
		writeError(w, http.StatusBadRequest, `give "seed" or "seed_text", not both`)
		return
	case req.Seed != nil:
		seed = *req.Seed
	case req.SeedText != "":
		n, err := strconv.ParseUint(strings.TrimSpace(req.SeedText), 10, 64)
		if err != nil {
			writeError(w, http.StatusBadRequest, "seed_text %q: want a whole number from 0 to 18446744073709551615", clip(req.SeedText, 30))
			return
		}
		seed = n
	}
	if req.DelayMS < 0 || req.DelayMS > MaxDelay.Milliseconds() {
		writeError(w, http.StatusBadRequest, "delay_ms %d: want 0 to %d", req.DelayMS, MaxDelay.Milliseconds())
		return
	}
	g, err := s.opt.Games.Load(req.Game, seed)
	if err != nil {
		writeError(w, http.StatusBadRequest, "game: %v", err)
		return
	}
	// A start nobody can move from (a Wythoff position with too many
	// moves to list) is refused whoever plays: stored, it would wait for a
	// move forever.
	if err := game.CheckPlayable(g.NewInitialState()); err != nil {
		writeError(w, http.StatusBadRequest, "game %q cannot be played, only studied (GET /api/analysis): %v", clip(req.Game, 60), err)
		return
	}
	switch req.Mode {
	case "":
		req.Mode = ModeNormal
	case ModeNormal:
	case ModeSolo:
		if !g.Type().Solo {
			writeError(w, http.StatusBadRequest, "mode solo: %s has no solo mode", g.Type().TitleOrName())
			return
		}
		if req.Players != nil && (len(req.Players) != 2 || strings.TrimSpace(req.Players[0]) != Human || strings.TrimSpace(req.Players[1]) != Human) {
			writeError(w, http.StatusBadRequest, `mode solo: one person plays both seats; leave out "players" (or give [%q, %q])`, Human, Human)
			return
		}
		req.Players = []string{Human, Human}
	default:
		writeError(w, http.StatusBadRequest, "mode %q: want %q or %q", clip(req.Mode, 30), ModeNormal, ModeSolo)
		return
	}
	if len(req.Players) != 2 {
		writeError(w, http.StatusBadRequest, `"players": want exactly 2, player 1's first (%q or a bot string such as %q each), got %d`, Human, g.Type().DefaultOpponent(), len(req.Players))
		return
	}
	players := [2]string(req.Players)
	for p, name := range players {
		players[p] = strings.TrimSpace(name) // " human" is a person, as " nim " is Nim
		if players[p] == "" {
			writeError(w, http.StatusBadRequest, "players[%d] is empty: want %q or a bot string such as %q", p, Human, g.Type().DefaultOpponent())
			return
		}
	}
	notes := &botNotes{}
	seats, err := match.NewSeats(s.opt.Bots, g, players, seed, s.botEnv(notes))
	if err != nil {
		e := apiError{Error: fmt.Sprintf("players: %v", err)}
		if se, ok := errors.AsType[*match.SeatError](err); ok {
			reason := se.Err
			if ie, ok := reason.(*game.InputError); ok {
				reason = ie.Err // the bot string's fault: its words, below
			}
			if inner := errors.Unwrap(reason); inner != nil {
				reason = inner // without the registry's "bot perfect: "
			}
			e.Seat, e.Reason = &se.Seat, reason.Error()
		}
		writeJSON(w, http.StatusBadRequest, e)
		return
	}
	l, err := match.Start(g, seats, s.liveOptions(seats, seed))
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
	m := &liveMatch{id: id, mode: req.Mode, live: l, notes: notes, created: now, updated: now, used: now, delay: time.Duration(req.DelayMS) * time.Millisecond,
		drawNote: game.DrawNoteOf(g), watchers: map[*watcher]struct{}{}}
	var tokens [2]*string
	control, err := newID(24)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	m.control = hashToken(control)
	for p, name := range players {
		if name != Human {
			continue
		}
		t := control // solo: one token for both seats, the control token
		if req.Mode != ModeSolo {
			if t, err = newID(24); err != nil {
				writeError(w, http.StatusInternalServerError, "%v", err)
				return
			}
		}
		tokens[p] = &t
		m.tokens[p] = hashToken(t)
	}
	s.mu.Lock()
	if !s.makeRoom() {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "the server holds %d matches that are being played or watched, its limit; try again later", MaxMatches)
		return
	}
	s.matches[id] = m
	s.mu.Unlock()
	m.mu.Lock()
	body := s.commit(w, m, "the new match")
	if body == nil {
		return
	}
	s.creates.take(hostOf(r.RemoteAddr))
	answer := *body // the shared view stays without the tokens
	answer.SeatTokens = &tokens
	answer.ControlToken = &control
	writeJSON(w, http.StatusCreated, &answer)
}

// commit stores a change of m — called with m.mu held, which it releases
// — and returns the match as stored, or answers that it was not stored
// and returns nil.
func (s *Server) commit(w http.ResponseWriter, m *liveMatch, what string) *matchView {
	snap := s.changed(m)
	m.mu.Unlock()
	if err := s.settle(m, snap); err != nil {
		notStored(w, err, what)
		return nil
	}
	return snap.view
}

// answerChange is commit answering 200 with the match.
func (s *Server) answerChange(w http.ResponseWriter, m *liveMatch, what string) {
	if v := s.commit(w, m, what); v != nil {
		writeJSON(w, http.StatusOK, v)
	}
}

// match returns the match of the request's {id}, or answers 404 (or 503
// when the store cannot say) and returns nil.
func (s *Server) match(w http.ResponseWriter, r *http.Request) *liveMatch {
	id := r.PathValue("id")
	m, err := s.lookup(r.Context(), id)
	if err != nil {
		s.opt.Logger.Error("load match", "id", id, "err", err)
		writeError(w, http.StatusServiceUnavailable, "match %q could not be loaded; try again", clip(id, 40))
		return nil
	}
	if m == nil {
		writeError(w, http.StatusNotFound, "no match %q", clip(id, 40))
	}
	return m
}

func (s *Server) getMatch(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	at, ok := atParam(w, r)
	if !ok {
		return
	}
	m.mu.Lock()
	if n := len(m.shown.Moves); at > n {
		m.mu.Unlock()
		writeError(w, http.StatusBadRequest, "at=%d: the match has moves 0 to %d", at, n)
		return
	}
	shown := m.current()
	m.mu.Unlock()
	if at < 0 || at >= len(shown.Moves) {
		writeJSON(w, http.StatusOK, shown)
		return
	}
	body, err := s.matchAt(m, shown, at)
	if err != nil {
		s.opt.Logger.Error("time travel", "id", m.id, "at", at, "err", err)
		writeError(w, http.StatusInternalServerError, "the match's record no longer replays to move %d", at)
		return
	}
	writeJSON(w, http.StatusOK, body)
}

// atParam reads the at= parameter: a move number from 0, or -1 when
// absent (the position now). A bad value is answered 400.
func atParam(w http.ResponseWriter, r *http.Request) (int, bool) {
	values, ok := query(w, r)
	if !ok {
		return 0, false
	}
	q := values.Get("at")
	if q == "" {
		return -1, true
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < 0 {
		writeError(w, http.StatusBadRequest, "at=%q: want a move number from 0", clip(q, 20))
		return 0, false
	}
	return n, true
}

// movePost is the body of POST /api/matches/{id}/moves.
type movePost struct {
	Move  string      `json:"move"`
	Parts []game.Part `json:"parts"`
}

// parseMove reads a move given as text or as parts in state st.
func parseMove(st game.State, req movePost) (game.Move, int, string) {
	switch {
	case req.Move != "" && req.Parts != nil:
		return 0, http.StatusBadRequest, `give "move" (text) or "parts", not both`
	case req.Move != "":
		if len(req.Move) > 1024 {
			return 0, http.StatusBadRequest, "move text over 1024 bytes"
		}
		mv, err := st.ParseMove(req.Move)
		if err != nil {
			return 0, http.StatusBadRequest, err.Error()
		}
		return mv, 0, ""
	case req.Parts != nil:
		mv, err := game.MoveFromParts(st, req.Parts)
		if err != nil {
			return 0, http.StatusBadRequest, err.Error()
		}
		return mv, 0, ""
	}
	return 0, http.StatusBadRequest, noMoveGiven(st)
}

// noMoveGiven asks for a move, with one of st's legal moves as the example
// in the game's own notation and parts (none when no move is listed).
func noMoveGiven(st game.State) string {
	var mv game.Move
	switch ix, ok := st.(game.MoveIndexer); {
	case ok && ix.MoveCount() > 0:
		mv = ix.MoveAt(0)
	case ok:
		return `give the move as "move" (text) or as "parts"`
	default:
		moves := st.LegalMoves(nil)
		if len(moves) == 0 {
			return `give the move as "move" (text) or as "parts"`
		}
		mv = moves[0]
	}
	example := fmt.Sprintf(`give the move as "move" (text, e.g. %q) or as "parts"`, st.MoveString(mv))
	if v, ok := st.(game.Viewer); ok {
		if parts, err := json.Marshal(v.MoveParts(mv)); err == nil {
			example += " (the same move: " + string(parts) + ")"
		}
	}
	return example
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	var req movePost
	data, ok := readBody(w, r, &req)
	if !ok {
		return
	}
	if msg := partsLeftOut(data); msg != "" {
		writeError(w, http.StatusBadRequest, "%s", msg)
		return
	}
	m.mu.Lock()
	if status, msg := s.mayMove(m, bearer(r)); status != 0 {
		m.mu.Unlock()
		writeError(w, status, "%s", msg)
		return
	}
	st := m.live.State()
	mv, status, msg := parseMove(st, req)
	if status != 0 {
		m.mu.Unlock()
		writeError(w, status, "%s", msg)
		return
	}
	if err := m.live.Move(st.Player(), mv, 0); err != nil {
		text := st.MoveString(mv)
		m.mu.Unlock()
		writeError(w, http.StatusBadRequest, "illegal move %s: %v", clip(text, 60), err)
		return
	}
	s.answerChange(w, m, "the move")
}

// mayMove checks that the token holds the seat to move in a match still
// going: 0 when it does, else the status and the reason. The caller holds
// m.mu.
func (s *Server) mayMove(m *liveMatch, token string) (int, string) {
	seats := m.seatsOf(token)
	switch {
	case m.gone:
		return http.StatusServiceUnavailable, "the match is being reloaded; try again"
	case len(seats) == 0 && token == "":
		return http.StatusForbidden, "a seat token is required: send 'Authorization: Bearer <token>' with the token this match's creation returned"
	case len(seats) == 0:
		return http.StatusForbidden, "the token sent holds no seat of this match: send one of the seat tokens its creation returned"
	case m.live.Over():
		return http.StatusConflict, "the game is over"
	}
	p := m.live.ToMove()
	for _, q := range seats {
		if q == p {
			return 0, ""
		}
	}
	typ := m.live.Game().Type()
	if p == game.Chance {
		return http.StatusConflict, "it is not your turn: a chance draw is due"
	}
	return http.StatusConflict, "it is not your turn: " + game.SeatName(p) + " (" + typ.Role(p) + ") is to move"
}

func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	m.mu.Lock()
	tok := bearer(r)
	seats := m.seatsOf(tok)
	switch {
	case m.gone:
		m.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "the match is being reloaded; try again")
		return
	case len(seats) == 0 && tok == "":
		m.mu.Unlock()
		writeError(w, http.StatusForbidden, "a seat token is required to take moves back: send 'Authorization: Bearer <token>' with the token this match's creation returned")
		return
	case len(seats) == 0:
		m.mu.Unlock()
		writeError(w, http.StatusForbidden, "the token sent holds no seat of this match: a seat's token takes back that seat's moves")
		return
	}
	// Take back the latest move of any seat the token holds that was a
	// choice: a move played for the person as the only one (a list of one
	// colour) would only be played again.
	rec, forced := m.live.Record(), m.live.Forced()
	last, seat, none := -1, seats[0], "there is no move of yours to take back"
	for i, mv := range rec.Moves {
		for _, q := range seats {
			if mv.Player != q {
				continue
			}
			if slices.Contains(forced, i+1) {
				none = "there is no move of yours to take back: each was the only move there was, played for you"
			} else {
				last, seat = i, q
			}
		}
	}
	if last < 0 {
		m.mu.Unlock()
		writeError(w, http.StatusConflict, "%s", none)
		return
	}
	// Two people on two devices: an undo takes back one's own move only, in a game still being played.
	if m.friendElsewhere(seats) {
		friend := last
		for i := last + 1; i < len(rec.Moves); i++ {
			if rec.Moves[i].Player == 1-seat && !slices.Contains(forced, i+1) {
				friend = i
			}
		}
		switch {
		case m.live.Over():
			m.mu.Unlock()
			writeError(w, http.StatusConflict, "the game is over: its result stands for both of you (a rematch plays again)")
			return
		case friend > last:
			m.mu.Unlock()
			writeError(w, http.StatusConflict, "your friend has moved since your move: taking it back would take theirs back too")
			return
		}
	}
	if m.cancel != nil {
		m.cancel()
	}
	m.thinking = nil
	for m.live.Moves() > last { // the seat's moves played for it after its choice go first
		if err := m.live.Undo(seat); err != nil {
			m.mu.Unlock()
			s.opt.Logger.Error("undo", "id", m.id, "err", err)
			writeError(w, http.StatusInternalServerError, "the move could not be taken back: the record no longer replays")
			return
		}
	}
	m.paused = m.paused && m.computers()
	s.answerChange(w, m, "the undo")
}

// controlPost is the body of POST /api/matches/{id}/control.
type controlPost struct {
	Action  string `json:"action"`
	DelayMS *int64 `json:"delay_ms"`
}

// postControl pauses, resumes, steps or paces a match between computers.
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
	if !m.mayControl(bearer(r)) || m.gone {
		m.mu.Unlock()
		writeError(w, http.StatusForbidden, "a control token is required: send 'Authorization: Bearer <token>' with the control_token (or a seat token) this match's creation returned")
		return
	}
	// Pause, step and pace are a watched game's: paused, a match with a
	// person would wait for a computer that never moves.
	switch {
	case !slices.Contains([]string{"pause", "resume", "step", "speed"}, req.Action):
		m.mu.Unlock()
		writeError(w, http.StatusBadRequest, "action %q: want pause, resume, step or speed", clip(req.Action, 20))
		return
	case req.DelayMS != nil && req.Action != "speed":
		m.mu.Unlock()
		writeError(w, http.StatusBadRequest, `"delay_ms" goes with action speed; action %s takes none (send {"action": "speed", "delay_ms": N} to set the pace)`, req.Action)
		return
	case !m.computers():
		m.mu.Unlock()
		writeError(w, http.StatusConflict, "control applies to a match between two computers; this one has a person, who moves when it is their turn")
		return
	case m.live.Over():
		m.mu.Unlock()
		writeError(w, http.StatusConflict, "the game is over: there is nothing to pause, step or pace")
		return
	}
	switch req.Action {
	case "pause":
		m.paused = true
		m.callOff()
	case "resume":
		m.paused, m.steps = false, 0
	case "step":
		m.paused, m.steps = true, m.steps+1
	case "speed":
		if req.DelayMS == nil || *req.DelayMS < 0 || *req.DelayMS > MaxDelay.Milliseconds() {
			m.mu.Unlock()
			writeError(w, http.StatusBadRequest, `action speed: give "delay_ms" from 0 to %d`, MaxDelay.Milliseconds())
			return
		}
		m.delay = time.Duration(*req.DelayMS) * time.Millisecond
		m.callOff()
	}
	s.answerChange(w, m, "the change")
}

// seatToken is the answer of POST /api/matches/{id}/seats/{seat}/token.
type seatToken struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// postSeatToken gives a person's seat a new token, and the old one stops
// working. A friend's device claims an invitation so (it trades the link's
// token for its own: a second device that opens the link is refused, where
// both played the seat before), and the device that invited takes the seat
// back so (with the match's control token: the friend's token stops).
// Authorization: the seat's token or the match's control token.
func (s *Server) postSeatToken(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	// Exactly "0" or "1": "01" or "+1" read as seat 1 would take a
	// friend's seat away on a typo.
	seat := slices.Index([]string{"0", "1"}, r.PathValue("seat"))
	if seat < 0 {
		writeError(w, http.StatusBadRequest, "seat %q: want 0 or 1", clip(r.PathValue("seat"), 20))
		return
	}
	tok := bearer(r)
	m.mu.Lock()
	switch {
	case m.mode == ModeSolo:
		m.mu.Unlock()
		writeError(w, http.StatusConflict, "a solo match's two seats are one person's: they have one token")
		return
	case m.tokens[seat] == "":
		m.mu.Unlock()
		writeError(w, http.StatusConflict, "seat %d is a computer's: it has no token", seat)
		return
	case m.gone:
		m.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "the match is being reloaded; try again")
		return
	case tok == "":
		m.mu.Unlock()
		writeError(w, http.StatusForbidden, "the seat's token or the match's control token is required: send 'Authorization: Bearer <token>' with one this match's creation returned")
		return
	case !sameHash(m.control, hashToken(tok)) && !sameHash(m.tokens[seat], hashToken(tok)):
		m.mu.Unlock()
		writeError(w, http.StatusForbidden, "the seat's token or the match's control token is required; this one is neither (the seat was taken back, or its invitation was used on another device)")
		return
	}
	fresh, err := newID(24)
	if err != nil {
		m.mu.Unlock()
		writeError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	m.tokens[seat] = hashToken(fresh)
	// Traded with the seat's own token: a friend's device claimed its invitation; with the control token: the
	// device that invited took the seat back.
	m.claimed[seat] = !sameHash(m.control, hashToken(tok))
	if s.commit(w, m, "the seat's new token") != nil {
		writeJSON(w, http.StatusOK, seatToken{Seat: seat, Token: fresh})
	}
}

func (s *Server) getRecord(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	m.mu.Lock()
	rec := recordOf(m)
	m.mu.Unlock()
	writeJSON(w, http.StatusOK, rec)
}

// matchRow is one match of GET /api/matches.
type matchRow struct {
	ID       string    `json:"id"`
	Mode     string    `json:"mode"`
	Game     string    `json:"game"`
	Title    string    `json:"title"`
	Players  []string  `json:"players"`
	Seed     uint64    `json:"seed"`
	SeedText string    `json:"seed_text"`
	Moves    int       `json:"moves"`
	Finished bool      `json:"finished"`
	Winner   *int      `json:"winner"`
	Reason   string    `json:"reason"`
	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
	// ToMove is the seat to move in an unfinished match (-1 at a chance
	// draw): as this server holds it in memory, else as last stored; null
	// when finished or not known.
	ToMove *game.Player `json:"to_move"`
	// Paused: an unfinished match of two computers, in memory, is paused.
	Paused bool `json:"paused,omitempty"`
}

// toMove returns the seat to move in the match with this id when it is
// unfinished and in memory (no match is loaded to list it), and whether it
// is paused.
func (s *Server) toMove(id string) (*game.Player, bool) {
	s.mu.Lock()
	m := s.matches[id]
	s.mu.Unlock()
	if m == nil {
		return nil, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.shown == nil || m.shown.ToMove == nil || m.shown.Finished {
		return nil, false
	}
	p := *m.shown.ToMove
	return &p, m.paused
}

func (s *Server) listMatches(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r)
	if !ok {
		return
	}
	limit := 20
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 1000 {
			writeError(w, http.StatusBadRequest, "limit=%q: want a number from 1 to 1000", clip(l, 20))
			return
		}
		limit = n
	}
	name := q.Get("game")
	if name != "" {
		if _, ok := s.opt.Games.Lookup(name); !ok {
			writeError(w, http.StatusBadRequest, "game=%q: no such game; known: %s", clip(name, 40), strings.Join(s.opt.Games.Names(), ", "))
			return
		}
	}
	f := ListFilter{Game: name, State: q.Get("state"), Before: q.Get("before"), Limit: limit + 1}
	if f.State != "" && f.State != StateFinished && f.State != StateUnfinished {
		writeError(w, http.StatusBadRequest, "state=%q: want %s or %s (or no state: every match)", clip(f.State, 20), StateFinished, StateUnfinished)
		return
	}
	if f.Before != "" {
		m, err := s.opt.Store.Match(r.Context(), f.Before)
		if err != nil {
			s.opt.Logger.Error("list matches", "err", err)
			writeError(w, http.StatusServiceUnavailable, "the matches could not be read; try again")
			return
		}
		if m == nil {
			writeError(w, http.StatusBadRequest, "before=%q: no stored match has this id (it is the id of the last match of the page before)", clip(f.Before, 40))
			return
		}
	}
	stored, err := s.opt.Store.List(r.Context(), f)
	if err != nil {
		s.opt.Logger.Error("list matches", "err", err)
		writeError(w, http.StatusServiceUnavailable, "the matches could not be read; try again")
		return
	}
	more := len(stored) > limit
	if more {
		stored = stored[:limit]
	}
	out := []matchRow{}
	for _, sm := range stored {
		title := ""
		if spec, err := game.ParseSpec(sm.Game); err == nil {
			if t, ok := s.opt.Games.Lookup(spec.Name); ok {
				title = t.TitleOrName()
			}
		}
		row := matchRow{sm.ID, sm.Mode, sm.Game, title, sm.Players, sm.Seed, strconv.FormatUint(sm.Seed, 10),
			sm.Moves, sm.Finished, sm.Winner, clip(sm.Reason, 200), sm.Created, sm.Updated, nil, false}
		if !sm.Finished {
			row.ToMove, row.Paused = s.toMove(sm.ID)
			row.ToMove = cmp.Or(row.ToMove, sm.ToMove)
		}
		out = append(out, row)
	}
	writeJSON(w, http.StatusOK, map[string]any{"matches": out, "more": more})
}
