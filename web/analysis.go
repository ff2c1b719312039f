package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Analyses: every position's analysis is computed once, kept in a small
// cache, and deepened in the background (doubling its time) while moves
// are undecided, up to MaxAnalysisTime in all; a request returns what is
// known after its own time, with pending set while more is coming.

// maxCachedAnalyses bounds the analyses kept.
const maxCachedAnalyses = 256

// explainTime bounds the search for a position's explanation (the
// solver's text, such as Nim's XOR table).
const explainTime = 500 * time.Millisecond

// analysisAnswer is the JSON of an analysis: solve.Analysis with the
// position's explanation, the solver's own fields, and whether the server
// is still deepening it.
type analysisAnswer struct {
	*solve.Analysis
	Explanation string         `json:"explanation"`
	Extra       map[string]any `json:"extra,omitempty"`
	Pending     bool           `json:"pending"`
}

// analysisCache holds recent analyses by position.
type analysisCache struct {
	mu      sync.Mutex
	entries map[string]*analysisEntry
	order   []string // keys, oldest first
}

func newAnalysisCache() *analysisCache {
	return &analysisCache{entries: map[string]*analysisEntry{}}
}

// analysisEntry is one position's analysis as far as it got.
type analysisEntry struct {
	mu     sync.Mutex
	g      game.Game
	st     game.State // the entry's own copy
	result *solve.Analysis
	// explained: a complete solve gave explain (its Teach, maybe empty)
	// and extra; explain and extra are those of a solve cut short until then
	explained bool
	explain   string
	extra     map[string]any
	err       error
	spent     time.Duration // the time of the runs finished
	last      time.Duration // the time of the last run
	running   chan struct{} // closed when the run in progress ends; nil when none
}

// entry returns the cache's entry for st of g, creating it.
func (c *analysisCache) entry(g game.Game, st game.State) *analysisEntry {
	key := g.String() + "\x00" + strconv.Itoa(int(st.Player())) + "\x00"
	if p, err := game.PositionOf(st); err == nil {
		key += p
	} else {
		key += st.String()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.entries[key]; e != nil {
		return e
	}
	for len(c.order) >= maxCachedAnalyses {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
	e := &analysisEntry{g: g, st: st.Clone()}
	c.entries[key] = e
	c.order = append(c.order, key)
	return e
}

// decided counts the moves of a whose outcome is known.
func decided(a *solve.Analysis) int {
	if a == nil {
		return -1
	}
	n := 0
	for _, m := range a.Moves {
		if m.Outcome != solve.Unknown {
			n++
		}
	}
	return n
}

// analyse returns st's analysis after at most want (or as soon as it is
// complete), starting or continuing the background work.
func (s *Server) analyse(ctx context.Context, g game.Game, st game.State, want time.Duration) (*analysisAnswer, error) {
	e := s.cache.entry(g, st)
	e.mu.Lock()
	if e.running == nil && e.err == nil && (e.result == nil || !e.result.Complete) && e.spent < MaxAnalysisTime {
		budget := want
		if e.last > 0 {
			budget = 2 * e.last
		}
		budget = min(budget, MaxAnalysisTime-e.spent)
		e.running = make(chan struct{})
		s.wg.Add(1)
		go s.runAnalysis(e, budget, e.running)
	}
	wait := e.running
	e.mu.Unlock()
	if wait != nil {
		timer := time.NewTimer(want)
		select {
		case <-wait:
		case <-timer.C:
		case <-ctx.Done():
		}
		timer.Stop()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.err != nil {
		return nil, e.err
	}
	a := &analysisAnswer{Analysis: e.result, Explanation: e.explain, Extra: e.extra}
	if a.Analysis == nil {
		a.Analysis = unknownAnalysis(g, e.st)
	}
	a.Pending = e.running != nil || !a.Complete && e.spent < MaxAnalysisTime && e.err == nil
	return a, nil
}

// runAnalysis analyses e's position within budget (once a slot of the
// analysis queue is free) and keeps the answer that decides more moves.
func (s *Server) runAnalysis(e *analysisEntry, budget time.Duration, done chan struct{}) {
	defer s.wg.Done()
	finish := func(a *solve.Analysis, r *solve.Result, err error) {
		e.mu.Lock()
		defer e.mu.Unlock()
		if err != nil && a == nil && !solve.Stopped(err) {
			e.err = err
		}
		if a != nil && decided(a) >= decided(e.result) {
			e.result = a
		}
		if r != nil && !e.explained {
			// The part of the solver's text that reasons (the page shows the
			// rest itself), and its own fields; a solve cut short (what it
			// proved, as far as it got) is asked again in the next run.
			e.explained, e.explain, e.extra = r.Complete, r.Teach, r.Extra
		}
		e.spent += budget
		e.last = budget
		e.running = nil
		close(done)
	}
	if !acquire(s.ctx, s.analyses) {
		finish(nil, nil, s.ctx.Err())
		return
	}
	defer func() { <-s.analyses }()
	opt := solve.Options{MemBytes: s.opt.AnalysisMem, Workers: 1}
	explain := func(limit time.Duration) *solve.Result {
		ectx, cancel := context.WithTimeout(s.ctx, limit)
		defer cancel()
		r, _ := s.opt.Solvers.Solve(ectx, e.g, e.st.Clone(), opt)
		return r
	}
	var r *solve.Result
	if !e.explained {
		r = explain(min(explainTime, budget/4))
	}
	ctx, cancel := context.WithTimeout(s.ctx, budget)
	defer cancel()
	a, err := s.opt.Solvers.Analyze(ctx, e.g, e.st.Clone(), opt)
	if a != nil && a.Complete && !e.explained && (r == nil || !r.Complete) {
		// Every move decided, the explanation not: asked once more, it
		// says the same (a solver that keeps its table answers from it).
		if r2 := explain(explainTime); r2 != nil {
			r = r2
		}
	}
	finish(a, r, err)
}

// unknownAnalysis is the analysis of st before anything is decided.
func unknownAnalysis(g game.Game, st game.State) *solve.Analysis {
	a := &solve.Analysis{Game: g.String(), Player: st.Player(), Moves: []solve.MoveValue{}, Measure: solve.MeasureOf(g.Type())}
	if p, err := game.PositionOf(st); err == nil {
		a.Position = p
	}
	moves, _ := game.LegalMovesOf(st, MaxLegalMoves)
	for _, lm := range moves {
		a.Moves = append(a.Moves, solve.MoveValue{Move: lm.Move, Outcome: solve.Unknown, Parts: lm.Parts})
	}
	a.AddDraws(st)
	return a
}

// analysisTime reads the time= parameter (default 2 s).
func analysisTime(w http.ResponseWriter, r *http.Request) (time.Duration, bool) {
	values, ok := query(w, r)
	if !ok {
		return 0, false
	}
	q := values.Get("time")
	if q == "" {
		return 2 * time.Second, true
	}
	d, err := time.ParseDuration(q)
	if err != nil || d < time.Millisecond || d > MaxAnalysisTime {
		writeError(w, http.StatusBadRequest, "time=%q: want a duration from 1ms to %s, e.g. 2s", clip(q, 20), MaxAnalysisTime)
		return 0, false
	}
	return d, true
}

// answerAnalysis analyses st and writes the answer.
func (s *Server) answerAnalysis(w http.ResponseWriter, r *http.Request, g game.Game, st game.State) {
	want, ok := analysisTime(w, r)
	if !ok {
		return
	}
	switch {
	case st.IsTerminal():
		writeError(w, http.StatusConflict, "the game is over: there are no moves to analyse")
		return
	case st.Player() == game.Chance:
		// A chance node's analysis values each draw (solve.Analysis.AddDraws).
		if _, ok := st.(game.Chancer); !ok {
			writeError(w, http.StatusConflict, "a chance draw is due: there are no moves to analyse")
			return
		}
	}
	a, err := s.analyse(r.Context(), g, st, want)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "analysis: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// getMatchAnalysis is GET /api/matches/{id}/analysis[?at=N&time=D]: the
// analysis of the match's position now, or after move N.
func (s *Server) getMatchAnalysis(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	at, ok := atParam(w, r)
	if !ok {
		return
	}
	m.mu.Lock()
	g := m.live.Game()
	rec := m.live.Record()
	st := m.live.State().Clone()
	over := m.live.Over()
	m.mu.Unlock()
	if at > len(rec.Moves) {
		writeError(w, http.StatusBadRequest, "at=%d: the match has moves 0 to %d", at, len(rec.Moves))
		return
	}
	if at >= 0 && at < len(rec.Moves) {
		// On the live match's game: a state of a game loaded again is
		// another game's to solvers that check (the Szemerédi game's did:
		// "not a state of").
		past, err := game.PlayTo(g, rec, at)
		if err != nil {
			writeError(w, http.StatusInternalServerError, "the match's record no longer replays")
			return
		}
		st, over = past, false
	}
	if over && !st.IsTerminal() {
		writeError(w, http.StatusConflict, "the game is over (%s): there are no moves to analyse", rec.Reason)
		return
	}
	s.answerAnalysis(w, r, g, st)
}

// positionOf reads the game= and position= parameters: the game and the
// state (the start when position is empty).
func (s *Server) positionOf(gameText, position string) (game.Game, game.State, error) {
	if gameText == "" {
		return nil, nil, errors.New(`game= is required, e.g. game=nim(piles%3D3%3B4%3B5) (encode the value as encodeURIComponent does)`)
	}
	g, err := s.opt.Games.Load(gameText, 1)
	if err != nil {
		return nil, nil, err
	}
	st, err := game.StartOf(g, position)
	if err != nil {
		return nil, nil, err
	}
	return g, st, nil
}

// getAnalysis is GET /api/analysis?game=G&position=P[&time=D]: the
// analysis of any position.
func (s *Server) getAnalysis(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r)
	if !ok {
		return
	}
	g, st, err := s.positionOf(q.Get("game"), q.Get("position"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	s.answerAnalysis(w, r, g, st)
}

// query reads the request's query; one it cannot read (a raw ';', as in
// piles=3;4;5) is answered 400 with how to write it.
func query(w http.ResponseWriter, r *http.Request) (url.Values, bool) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, http.StatusBadRequest, "the query does not read (%s): encode each value as encodeURIComponent does (';' as %%3B, '=' as %%3D)", clip(r.URL.RawQuery, 60))
		return nil, false
	}
	return q, true
}

// studyView is the JSON of a position studied without a match.
type studyView struct {
	Game     string `json:"game"`
	Title    string `json:"title"`
	Position string `json:"position"`
	// Start: the position is the game's start (the page says so rather
	// than showing only its string, "/" in the Szemerédi game)
	Start      bool             `json:"start"`
	Move       string           `json:"move,omitempty"`
	LastMove   *lastMove        `json:"last_move"`
	ToMove     *game.Player     `json:"to_move"`
	View       *game.View       `json:"view"`
	LegalMoves []game.LegalMove `json:"legal_moves"`
	Truncated  bool             `json:"legal_moves_truncated,omitempty"`
	Finished   bool             `json:"finished"`
	Winner     *int             `json:"winner"`
	Reason     string           `json:"reason"`
	Roles      [2]string        `json:"roles"`
	GameName   string           `json:"game_name"`
	// HowToMove says per role what a move is in this game
	// (game.HowToMoveOf).
	HowToMove [2]string `json:"how_to_move"`
	// Rules says this game's rules in one sentence (game.RulesOf).
	Rules string `json:"rules"`
}

// study describes st of g.
func study(g game.Game, st game.State) *studyView {
	typ := g.Type()
	v := &studyView{Game: g.String(), Title: typ.TitleOrName(), Roles: [2]string{typ.Role(0), typ.Role(1)}, GameName: typ.Name,
		HowToMove: game.HowToMoveOf(g), Rules: game.RulesOf(g), Finished: st.IsTerminal(), LegalMoves: []game.LegalMove{}}
	if p, err := game.PositionOf(st); err == nil {
		v.Position = p
		first := g.NewInitialState()
		if start, err := game.PositionOf(first); err == nil {
			v.Start = p == start && st.Player() == first.Player()
		}
	}
	if view, err := game.ViewOf(st); err == nil {
		v.View = &view
	}
	if st.IsTerminal() {
		if w := game.Winner(st); w >= 0 {
			v.Winner = &w
		}
		if ex, ok := st.(game.Explainer); ok {
			v.Reason = ex.EndReason()
		}
		if v.Start && v.View != nil && v.Reason != "" {
			// The game's start is over: no move was made (its words
			// after a last move would credit one).
			v.Reason = game.EndWords(st, 0)
			v.View.Status.Reason = v.Reason
		}
		return v
	}
	p := st.Player()
	v.ToMove = &p
	v.LegalMoves, v.Truncated = game.LegalMovesOf(st, MaxLegalMoves)
	return v
}

// getStudy is GET /api/study?game=G&position=P: a position as data.
func (s *Server) getStudy(w http.ResponseWriter, r *http.Request) {
	q, ok := query(w, r)
	if !ok {
		return
	}
	g, st, err := s.positionOf(q.Get("game"), q.Get("position"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, study(g, st))
}

// studyMove is the body of POST /api/study/moves.
type studyMove struct {
	Game     string      `json:"game"`
	Position string      `json:"position"`
	Move     string      `json:"move"`
	Parts    []game.Part `json:"parts"`
}

// postStudyMove is POST /api/study/moves: the position after a move.
func (s *Server) postStudyMove(w http.ResponseWriter, r *http.Request) {
	var req studyMove
	data, ok := readBody(w, r, &req)
	if !ok || !gameGiven(w, req.Game) {
		return
	}
	if msg := partsLeftOut(data); msg != "" {
		writeError(w, http.StatusBadRequest, "%s", msg)
		return
	}
	g, st, err := s.positionOf(req.Game, req.Position)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	if st.IsTerminal() {
		writeError(w, http.StatusConflict, "the game is over in this position")
		return
	}
	mv, status, msg := parseMove(st, movePost{Move: req.Move, Parts: req.Parts})
	if status != 0 {
		writeError(w, status, "%s", msg)
		return
	}
	p, text := st.Player(), st.MoveString(mv)
	var parts []game.Part
	if v, ok := st.(game.Viewer); ok {
		parts = v.MoveParts(mv)
	}
	if err := st.Apply(mv); err != nil {
		writeError(w, http.StatusBadRequest, "illegal move %s: %v", clip(text, 60), err)
		return
	}
	v := study(g, st)
	v.Move = text
	v.LastMove = &lastMove{Index: 1, Player: p, Move: text, Parts: parts}
	writeJSON(w, http.StatusOK, v)
}

// gameGiven answers 400 to a JSON body without its "game" (a query's
// words, "game=", would not fit), and reports whether it has one.
func gameGiven(w http.ResponseWriter, game string) bool {
	if game == "" {
		writeError(w, http.StatusBadRequest, `"game" is required, e.g. "nim(piles=3;4;5)"`)
	}
	return game != ""
}

// studySetup is the body of POST /api/study/setup.
type studySetup struct {
	Game string    `json:"game"`
	View game.View `json:"view"`
}

// postStudySetup is POST /api/study/setup: the position an edited view
// describes (see game.Setter), or 400 saying what is wrong with it. An
// owner or a colour left out is none (-1), not seat 0's.
func (s *Server) postStudySetup(w http.ResponseWriter, r *http.Request) {
	var req studySetup
	data, ok := readBody(w, r, &req)
	if !ok || !gameGiven(w, req.Game) {
		return
	}
	leftOutIsNone(&req.View, data)
	g, _, err := s.positionOf(req.Game, "")
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	st, err := game.SetUp(g, req.View)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, study(g, st))
}
