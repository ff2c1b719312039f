package web_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/web"
)

type harness struct {
	t     testing.TB
	srv   *web.Server
	ts    *httptest.Server
	store web.Store
	reg   *game.Registry
	down  *atomic.Bool // the server unreachable (see cut)
}

// cut makes the server unreachable (every connection closed, every new
// one closed unanswered, as by a server that has stopped) or reachable
// again.
func (h *harness) cut(down bool) {
	h.down.Store(down)
	if down {
		h.ts.CloseClientConnections()
	}
}

// newHarness serves Kombi with the games of games/all on st (nil: in
// memory); each of more changes the server's options first.
func newHarness(t testing.TB, st web.Store, more ...func(*web.Options)) *harness {
	t.Helper()
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	store := st
	if store == nil {
		store = &web.MemoryStore{}
	}
	opt := web.Options{Games: kit.Games, Bots: kit.Bots, Solvers: kit.Solvers(), Store: store, MaxThink: 5 * time.Second, MaxSearches: 2, CreatesPerMinute: 1 << 20,
		Catalogue: func() any { return all.Catalogue(kit.Games, kit.Bots) }}
	for _, f := range more {
		f(&opt)
	}
	srv, err := web.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	down := new(atomic.Bool)
	handler := srv.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
				conn.Close() // no answer at all
				return
			}
		}
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &harness{t: t, srv: srv, ts: ts, store: store, reg: kit.Games, down: down}
}

// do sends a request and decodes the JSON answer into out (when not nil),
// returning the status.
func (h *harness) do(method, path, token string, body any, out any) int {
	h.t.Helper()
	var rd io.Reader
	if s, ok := body.(string); ok {
		rd = strings.NewReader(s)
	} else if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, h.ts.URL+path, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			h.t.Fatalf("%s %s: %d %s: not JSON: %v", method, path, res.StatusCode, data, err)
		}
	}
	if res.StatusCode >= 400 {
		var e struct{ Error string }
		if json.Unmarshal(data, &e); e.Error == "" {
			h.t.Fatalf("%s %s: status %d without an error message: %s", method, path, res.StatusCode, data)
		}
	}
	return res.StatusCode
}

type matchJSON struct {
	ID         string            `json:"id"`
	Game       string            `json:"game"`
	Players    []string          `json:"players"`
	Seed       uint64            `json:"seed"`
	Moves      []game.RecordMove `json:"moves"`
	ToMove     *int              `json:"to_move"`
	View       *game.View        `json:"view"`
	LegalMoves []game.LegalMove  `json:"legal_moves"`
	Finished   bool              `json:"finished"`
	Winner     *int              `json:"winner"`
	Reason     string            `json:"reason"`
	Length     int               `json:"length"`
	Paused     bool              `json:"paused"`
	SeatTokens *[2]*string       `json:"seat_tokens"`
	Control    *string           `json:"control_token"`
	Thinking   any               `json:"thinking"`
	Error      string            `json:"error"`
}

func (h *harness) create(gameStr string, players [2]string, seed uint64) matchJSON {
	h.t.Helper()
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": gameStr, "players": players, "seed": seed}, &m); st != http.StatusCreated {
		h.t.Fatalf("create %s: status %d: %s", gameStr, st, m.Error)
	}
	return m
}

// waitFor polls the match until ok holds (10 s at most).
func (h *harness) waitFor(id string, ok func(matchJSON) bool) matchJSON {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var m matchJSON
		h.do("GET", "/api/matches/"+id, "", nil, &m)
		if ok(m) {
			return m
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("match %s: not as expected in 10 s: %+v", id, m)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitTurn polls until a person is to move or the game is over.
func (h *harness) waitTurn(id string) matchJSON {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var m matchJSON
		h.do("GET", "/api/matches/"+id, "", nil, &m)
		if m.Finished || m.ToMove != nil && m.Players[*m.ToMove] == web.Human && m.Thinking == nil {
			return m
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("match %s: the computer did not move in 10 s", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCreateGetAndMoveStatuses(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 1)
	if m.SeatTokens == nil || m.SeatTokens[0] == nil || m.SeatTokens[1] != nil {
		t.Fatalf("seat tokens %v: want one for the human seat 0 only", m.SeatTokens)
	}
	tok := *m.SeatTokens[0]
	if m.Game != "nim(piles=3;4;5,misere=false)" || len(m.LegalMoves) != 12 || *m.ToMove != 0 {
		t.Fatalf("new match: game %q, %d legal moves, to move %v", m.Game, len(m.LegalMoves), m.ToMove)
	}
	var got matchJSON
	if st := h.do("GET", "/api/matches/"+m.ID, "", nil, &got); st != 200 || got.SeatTokens != nil {
		t.Fatalf("GET match: status %d, seat tokens %v (only the creation answer carries them)", st, got.SeatTokens)
	}
	cases := []struct {
		name, token string
		body        any
		status      int
		says        string
	}{
		{"no token", "", map[string]string{"move": "1:2"}, 403, "token"},
		{"wrong token", "nope", map[string]string{"move": "1:2"}, 403, "token"},
		{"garbled move", tok, map[string]string{"move": "x:y"}, 400, ""},
		{"illegal move", tok, map[string]string{"move": "1:9"}, 400, ""},
		{"no move", tok, map[string]string{}, 400, "move"},
		{"unknown field", tok, `{"mvoe":"1:2"}`, 400, "mvoe"},
		{"not JSON", tok, `{`, 400, "body"},
		{"a list", tok, `[]`, 400, "the body has the wrong kind of value (an array where an object is expected)"},
		{"a string move", tok, `{"move":5}`, 400, `field "move" has the wrong kind of value (a number where a string is expected)`},
	}
	for _, c := range cases {
		var e matchJSON
		if st := h.do("POST", "/api/matches/"+m.ID+"/moves", c.token, c.body, &e); st != c.status || !strings.Contains(e.Error, c.says) {
			t.Errorf("%s: status %d error %q; want %d mentioning %q", c.name, st, e.Error, c.status, c.says)
		}
	}
	var after matchJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:2"}, &after); st != 200 || len(after.Moves) < 1 {
		t.Fatalf("legal move: status %d, %d moves", st, len(after.Moves))
	}
	// While (or after) the computer answers, a second move by seat 0 before
	// its turn is a conflict, unless the computer has already replied.
	now := h.waitTurn(m.ID)
	if len(now.Moves) != 2 {
		t.Fatalf("after the reply: %d moves, want 2", len(now.Moves))
	}
	if st := h.do("GET", "/api/matches/nosuchmatch", "", nil, &matchJSON{}); st != 404 {
		t.Errorf("unknown match: status %d, want 404", st)
	}
}

func TestPlayNimToTheEndAgainstPerfect(t *testing.T) {
	h := newHarness(t, nil)
	// P-position: the human moves first and loses against perfect play.
	m := h.create("nim(piles=1;2;3)", [2]string{"human", "perfect"}, 3)
	tok := *m.SeatTokens[0]
	for range 20 {
		m = h.waitTurn(m.ID)
		if m.Finished {
			break
		}
		var next matchJSON
		if st := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]any{"move": m.LegalMoves[0].Move}, &next); st != 200 {
			t.Fatalf("move: status %d %s", st, next.Error)
		}
	}
	if !m.Finished || m.Winner == nil || *m.Winner != 1 {
		t.Fatalf("nim 1;2;3: finished %v winner %v; want perfect (seat 1) to win", m.Finished, m.Winner)
	}
	var conflict matchJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:1"}, &conflict); st != 409 {
		t.Errorf("move after the end: status %d, want 409", st)
	}
	// The record replays.
	var rec game.Record
	if st := h.do("GET", "/api/matches/"+m.ID+"/record", "", nil, &rec); st != 200 {
		t.Fatalf("record: %d", st)
	}
	if _, err := game.Replay(h.reg, &rec); err != nil {
		t.Fatalf("the served record does not replay: %v", err)
	}
}

func TestHotseatTurnsAndUndo(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=2;2)", [2]string{"human", "human"}, 1)
	t0, t1 := *m.SeatTokens[0], *m.SeatTokens[1]
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", t1, map[string]string{"move": "1:1"}, &matchJSON{}); st != 409 {
		t.Fatalf("P2 moving on P1's turn: status %d, want 409", st)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/undo", t0, nil, &matchJSON{}); st != 409 {
		t.Fatalf("undo with no move made: status %d, want 409", st)
	}
	h.do("POST", "/api/matches/"+m.ID+"/moves", t0, map[string]string{"move": "1:1"}, &matchJSON{})
	var m2 matchJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", t1, map[string]any{"parts": []game.Part{{Kind: game.PartHeap, Value: 1}, {Kind: game.PartAmount, Value: 1}}}, &m2); st != 200 && st != 400 {
		t.Fatalf("move by parts: status %d", st)
	}
	var back matchJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/undo", t0, nil, &back); st != 200 {
		t.Fatalf("undo: status %d %s", st, back.Error)
	}
	if len(back.Moves) != 0 || *back.ToMove != 0 {
		t.Fatalf("undo by P1 took back to %d moves, to move %v; want the start", len(back.Moves), back.ToMove)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/undo", "", nil, &matchJSON{}); st != 403 {
		t.Fatalf("undo without a token: status %d, want 403", st)
	}
}

func TestUndoTakesBackTheComputersReply(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 1)
	tok := *m.SeatTokens[0]
	h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:1"}, &matchJSON{})
	if now := h.waitTurn(m.ID); len(now.Moves) != 2 {
		t.Fatalf("%d moves after the reply", len(now.Moves))
	}
	var back matchJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/undo", tok, nil, &back); st != 200 || len(back.Moves) != 0 {
		t.Fatalf("undo: status %d, %d moves left; want 0", st, len(back.Moves))
	}
}

func TestBadCreations(t *testing.T) {
	h := newHarness(t, nil)
	cases := []struct {
		body any
		says string
	}{
		{map[string]any{"game": "nosuch", "players": []string{"human", "human"}}, "unknown game"},
		{map[string]any{"game": "nim(piles=x)", "players": []string{"human", "human"}}, "piles"},
		{map[string]any{"game": "nim", "players": []string{"human", "nosuchbot"}}, "nosuchbot"},
		{map[string]any{"game": "nim", "players": []string{"human", ""}}, "players[1]"},
		{map[string]any{"players": []string{"human", "human"}}, "game"},
		{map[string]any{"game": "nim", "players": []string{"human", "human"}, "mode": "weird"}, "mode"},
		{`{"game":"nim","players":["human","human"]} {}`, "one JSON object"},
	}
	for _, c := range cases {
		var e matchJSON
		if st := h.do("POST", "/api/matches", "", c.body, &e); st != 400 || !strings.Contains(e.Error, c.says) {
			t.Errorf("%v: status %d error %q; want 400 mentioning %q", c.body, st, e.Error, c.says)
		}
	}
	big := `{"game":"` + strings.Repeat("a", web.MaxBody) + `"}`
	if st := h.do("POST", "/api/matches", "", big, &matchJSON{}); st != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over 64 KiB: status %d, want 413", st)
	}
	if st := h.do("GET", "/api/nothing", "", nil, &matchJSON{}); st != 404 {
		t.Errorf("unknown API route: status %d", st)
	}
}

func TestAnalysisListAndTimeTravel(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
	var an struct {
		Moves []struct{ Move, Outcome string }
	}
	if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?time=2s", "", nil, &an); st != 200 {
		t.Fatalf("analysis: status %d", st)
	}
	wins := 0
	for _, mv := range an.Moves {
		if mv.Outcome == "win" {
			wins++
			if mv.Move != "1:2" {
				t.Errorf("winning move %s, want 1:2", mv.Move)
			}
		}
	}
	if len(an.Moves) != 12 || wins != 1 {
		t.Fatalf("analysis: %d moves, %d wins; want 12 and 1", len(an.Moves), wins)
	}
	if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?time=forever", "", nil, &matchJSON{}); st != 400 {
		t.Errorf("bad analysis time: status %d", st)
	}
	tok := *m.SeatTokens[0]
	h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:2"}, &matchJSON{})
	var past matchJSON
	if st := h.do("GET", "/api/matches/"+m.ID+"?at=0", "", nil, &past); st != 200 || len(past.LegalMoves) != 12 {
		t.Fatalf("time travel to move 0: status %d, %d legal moves", st, len(past.LegalMoves))
	}
	if st := h.do("GET", "/api/matches/"+m.ID+"?at=5", "", nil, &matchJSON{}); st != 400 {
		t.Errorf("time travel past the end: status %d, want 400", st)
	}
	var list struct {
		Matches []struct{ ID, Game string }
	}
	if st := h.do("GET", "/api/matches?game=nim&limit=5", "", nil, &list); st != 200 || len(list.Matches) != 1 || list.Matches[0].ID != m.ID {
		t.Fatalf("list: status %d, %v", st, list.Matches)
	}
	if st := h.do("GET", "/api/matches?game=chess", "", nil, &matchJSON{}); st != 400 {
		t.Errorf("list of an unknown game: status %d", st)
	}
	if st := h.do("GET", "/api/matches?limit=-1", "", nil, &matchJSON{}); st != 400 {
		t.Errorf("list with limit -1: status %d", st)
	}
	var cat []all.GameInfo
	if st := h.do("GET", "/api/games", "", nil, &cat); st != 200 || len(cat) != 10 || len(cat[0].Params) == 0 {
		t.Errorf("catalogue: status %d %v", st, cat)
	}
}

func TestListMatchesPages(t *testing.T) {
	h := newHarness(t, nil)
	var ids []string
	for seed := range uint64(3) {
		ids = append(ids, h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, seed).ID)
	}
	type page struct {
		Matches []struct{ ID, Title string }
		More    bool
		Error   string
	}
	var p1, p2, done page
	if st := h.do("GET", "/api/matches?limit=2", "", nil, &p1); st != 200 || len(p1.Matches) != 2 || !p1.More || p1.Matches[0].ID != ids[2] || p1.Matches[0].Title != "Nim" {
		t.Fatalf("the first page of 2: status %d, %+v", st, p1)
	}
	if st := h.do("GET", "/api/matches?limit=2&before="+p1.Matches[1].ID, "", nil, &p2); st != 200 || len(p2.Matches) != 1 || p2.More || p2.Matches[0].ID != ids[0] {
		t.Fatalf("the page after %s: status %d, %+v", p1.Matches[1].ID, st, p2)
	}
	if st := h.do("GET", "/api/matches?state=finished", "", nil, &done); st != 200 || len(done.Matches) != 0 {
		t.Fatalf("finished matches: status %d, %+v", st, done)
	}
	// Whose move it is, in each unfinished match: seat 0 at the start, seat 1 after a move; none once it is over.
	seat := func() []any {
		var rows struct{ Matches []map[string]any }
		h.do("GET", "/api/matches?limit=1", "", nil, &rows)
		return []any{rows.Matches[0]["to_move"], rows.Matches[0]["finished"]}
	}
	if got := seat(); got[0] != float64(0) {
		t.Errorf("the newest match's to_move is %v; want 0", got)
	}
	m := h.create("nim(piles=1;1)", [2]string{"human", "human"}, 1)
	h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1:1"}, &matchJSON{})
	if got := seat(); got[0] != float64(1) {
		t.Errorf("after a move, to_move is %v; want 1", got)
	}
	h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[1], map[string]string{"move": "2:1"}, &matchJSON{})
	if got := seat(); got[0] != nil || got[1] != true {
		t.Errorf("a finished match's to_move and finished: %v; want null and true", got)
	}
	for q, want := range map[string]string{
		"state=over":   `state="over": want finished or unfinished`,
		"before=nope":  `before="nope": no stored match has this id`,
		"limit=100000": `limit="100000": want a number from 1 to 1000`,
	} {
		var bad page
		if st := h.do("GET", "/api/matches?"+q, "", nil, &bad); st != 400 || !strings.Contains(bad.Error, want) {
			t.Errorf("%s: status %d, %q; want 400 and %q", q, st, bad.Error, want)
		}
	}
}

func TestEventsStreamStates(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 1)
	res, err := http.Get(h.ts.URL + "/api/matches/" + m.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	next := func() (string, matchJSON) {
		var name string
		for sc.Scan() {
			line := sc.Text()
			if n, ok := strings.CutPrefix(line, "event: "); ok {
				name = n
			}
			if d, ok := strings.CutPrefix(line, "data: "); ok && name == "state" {
				var mj matchJSON
				if err := json.Unmarshal([]byte(d), &mj); err != nil {
					t.Fatal(err)
				}
				return name, mj
			}
		}
		t.Fatalf("event stream ended: %v", sc.Err())
		return "", matchJSON{}
	}
	if _, first := next(); len(first.Moves) != 0 {
		t.Fatalf("first state has %d moves", len(first.Moves))
	}
	h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1:1"}, &matchJSON{})
	for seen := 0; seen < 2; {
		_, st := next()
		seen = len(st.Moves)
	}
}

func TestRestartContinuesMatches(t *testing.T) {
	store := &web.MemoryStore{}
	h := newHarness(t, store)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 1)
	tok := *m.SeatTokens[0]
	h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:1"}, &matchJSON{})
	h.waitTurn(m.ID)
	h.ts.Close()
	h.srv.Close()
	h2 := newHarness(t, store)
	got := h2.waitTurn(m.ID)
	if len(got.Moves) != 2 || *got.ToMove != 0 {
		t.Fatalf("after a restart: %d moves, to move %v", len(got.Moves), got.ToMove)
	}
	if st := h2.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": got.LegalMoves[0].Move}, &matchJSON{}); st != 200 {
		t.Fatalf("the seat token does not survive a restart: status %d", st)
	}
}

func TestComputerVersusComputerPauseAndStep(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=5;6;7)", "players": []string{"random", "random"}, "seed": 9}, &m); st != 201 {
		t.Fatal(st)
	}
	var c matchJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", "", map[string]string{"action": "pause"}, &c); st != 403 {
		t.Fatalf("control without a token: %d", st)
	}
	if m.Control == nil {
		t.Fatal("the creation answer has no control token")
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", *m.Control, map[string]string{"action": "fly"}, &c); st != 400 {
		t.Fatalf("bad action: %d", st)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !c.Finished && time.Now().Before(deadline) {
		h.do("GET", "/api/matches/"+m.ID, "", nil, &c)
		time.Sleep(5 * time.Millisecond)
	}
	if !c.Finished {
		t.Fatal("random vs random did not finish")
	}
	var rec game.Record
	h.do("GET", "/api/matches/"+m.ID+"/record", "", nil, &rec)
	if _, err := game.Replay(h.reg, &rec); err != nil {
		t.Fatalf("record: %v", err)
	}
}

func TestSecurityHeadersAndUI(t *testing.T) {
	h := newHarness(t, nil)
	res, err := http.Get(h.ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	csp := res.Header.Get("Content-Security-Policy")
	if res.StatusCode != 200 || !strings.Contains(string(body), `type="module"`) || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Fatalf("index: status %d, CSP %q", res.StatusCode, csp)
	}
	if strings.Contains(string(body), "<script>") {
		t.Fatal("the page has inline script")
	}
	for _, f := range []string{"/app.js", "/style.css"} {
		r, err := http.Get(h.ts.URL + f)
		if err != nil || r.StatusCode != 200 {
			t.Fatalf("%s: %v %v", f, err, r)
		}
		r.Body.Close()
	}
	// The web app manifest: a phone adds the page to its home screen under this name and icon.
	r, err := http.Get(h.ts.URL + "/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var man struct {
		Name      string `json:"name"`
		ShortName string `json:"short_name"`
		StartURL  string `json:"start_url"`
		Display   string `json:"display"`
		Icons     []struct{ Src, Type string }
	}
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&man); err != nil || r.StatusCode != 200 || man.Name == "" || man.ShortName != "Kombi" || man.StartURL != "/" || man.Display != "standalone" ||
		len(man.Icons) != 1 || man.Icons[0].Src != "favicon.svg" || !strings.Contains(string(body), `<link rel="manifest" href="manifest.json">`) {
		t.Fatalf("the manifest: status %d, %+v, %v", r.StatusCode, man, err)
	}
	if icon, err := http.Get(h.ts.URL + "/" + man.Icons[0].Src); err != nil || icon.StatusCode != 200 {
		t.Fatalf("the manifest's icon: %v %v", err, icon)
	} else {
		icon.Body.Close()
	}
}

// TestAnAddressWithNoPage: a mistyped address, or a folder of the page's
// files, gets a page that says so and leads back to the games (status
// 404, with the same security headers), not bare text or a listing.
func TestAnAddressWithNoPage(t *testing.T) {
	h := newHarness(t, nil)
	for _, path := range []string{"/nope.html", "/boards/", "/views", "/static/app.js", "/../etc/passwd"} {
		res, err := http.Get(h.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(string(body), "<h1>No such page</h1>") || !strings.Contains(string(body), `href="/#/"`) ||
			!strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("GET %s: status %d, %s, %.200s", path, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
	for _, path := range []string{"/", "/index.html", "/boards/heaps.js", "/favicon.svg"} {
		res, err := http.Get(h.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d", path, res.StatusCode)
		}
	}
}

// TestURLsToOpen: a server on one address is opened there; one on every
// interface at this computer's loopback address first, then at its network
// addresses (never a loopback or link-local one), all with the port.
func TestURLsToOpen(t *testing.T) {
	if got := web.URLs(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}); len(got) != 1 || got[0] != "http://127.0.0.1:8080/" {
		t.Errorf("on 127.0.0.1:8080: %v", got)
	}
	all := web.URLs(&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080})
	if len(all) == 0 || all[0] != "http://127.0.0.1:8080/" {
		t.Fatalf("on every interface: %v; want the loopback address first", all)
	}
	for _, u := range all[1:] {
		host, port, err := net.SplitHostPort(strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/"))
		ip := net.ParseIP(host)
		if err != nil || port != "8080" || ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
			t.Errorf("on every interface, %q is no address another device opens", u)
		}
	}
}

// TestAddressesForOtherDevices: a server listening on every interface
// tells the page its addresses, this computer's first (the invitation's
// link uses another); one not yet listening through Serve tells none.
func TestAddressesForOtherDevices(t *testing.T) {
	h := newHarness(t, nil)
	var none struct{ URLs []string }
	if st := h.do("GET", "/api/addresses", "", nil, &none); st != 200 || none.URLs == nil || len(none.URLs) != 0 {
		t.Fatalf("before Serve: status %d, %+v", st, none)
	}
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.srv.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	res, err := http.Get("http://127.0.0.1:" + port + "/api/addresses")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct{ URLs []string }
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil || len(got.URLs) == 0 || got.URLs[0] != "http://127.0.0.1:"+port+"/" {
		t.Fatalf("on every interface: %+v, %v; want this computer's address first", got, err)
	}
}

// A seat's new token (POST /api/matches/{id}/seats/{seat}/token): the seat's
// own token trades itself for a new one (a friend claims an invitation: the
// link's token then stops, so a second device opening it is refused), and
// the match's control token takes the seat back (the friend's token stops).
func TestSeatToken(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
	link, control := *m.SeatTokens[1], *m.Control
	path := "/api/matches/" + m.ID + "/seats/1/token"
	var claimed struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
		Error string `json:"error"`
	}
	if st := h.do("POST", path, link, nil, &claimed); st != http.StatusOK || claimed.Seat != 1 || claimed.Token == "" || claimed.Token == link {
		t.Fatalf("the link's token claimed: %d %+v", st, claimed)
	}
	var e matchJSON
	if st := h.do("POST", path, link, nil, &e); st != http.StatusForbidden || !strings.Contains(e.Error, "its invitation was used on another device") {
		t.Errorf("the link opened again: %d %q", st, e.Error)
	}
	// Player 1 moves; the friend's new token moves for player 2, the link's no longer.
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]any{"move": "1:1"}, &e); st != http.StatusOK {
		t.Fatalf("player 1's move: %d %s", st, e.Error)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", link, map[string]any{"move": "1:1"}, &e); st != http.StatusForbidden {
		t.Errorf("a move with the claimed link's token: %d", st)
	}
	friend := claimed.Token
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", friend, map[string]any{"move": "1:1"}, &e); st != http.StatusOK {
		t.Fatalf("the friend's move: %d %s", st, e.Error)
	}
	// The device that invited takes the seat back with the control token: the friend's token stops.
	var back struct {
		Token string `json:"token"`
	}
	if st := h.do("POST", path, control, nil, &back); st != http.StatusOK || back.Token == "" {
		t.Fatalf("the seat taken back: %d", st)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]any{"move": "2:1"}, &e); st != http.StatusOK {
		t.Fatalf("player 1's second move: %d %s", st, e.Error)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", friend, map[string]any{"move": "2:1"}, &e); st != http.StatusForbidden {
		t.Errorf("the friend's move after the seat was taken back: %d", st)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", back.Token, map[string]any{"move": "2:1"}, &e); st != http.StatusOK {
		t.Errorf("the taken-back seat's move: %d %s", st, e.Error)
	}
	// Refused: a seat that is none, a computer's seat, a solo match's.
	for _, c := range []struct {
		path, token string
		want        int
	}{
		{"/api/matches/" + m.ID + "/seats/2/token", control, http.StatusBadRequest},
		{"/api/matches/" + m.ID + "/seats/x/token", control, http.StatusBadRequest},
		{"/api/matches/" + m.ID + "/seats/1/token", "", http.StatusForbidden},
	} {
		if st := h.do("POST", c.path, c.token, nil, &e); st != c.want {
			t.Errorf("POST %s: %d, want %d", c.path, st, c.want)
		}
	}
	vc := h.create("nim(piles=3;4;5)", [2]string{"human", "random"}, 1)
	if st := h.do("POST", "/api/matches/"+vc.ID+"/seats/1/token", *vc.Control, nil, &e); st != http.StatusConflict || !strings.Contains(e.Error, "a computer's") {
		t.Errorf("a computer's seat: %d %q", st, e.Error)
	}
}

// The list of matches says that a match of two computers is paused (it said
// only "in progress").
func TestListSaysPaused(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=3;4;5)", "players": []string{"random", "random"}, "seed": 1, "delay_ms": 5000}, &m); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", *m.Control, map[string]any{"action": "pause"}, &m); st != http.StatusOK {
		t.Fatalf("pause: %d %s", st, m.Error)
	}
	var list struct {
		Matches []struct {
			ID     string `json:"id"`
			Paused bool   `json:"paused"`
		} `json:"matches"`
	}
	if st := h.do("GET", "/api/matches", "", nil, &list); st != http.StatusOK || len(list.Matches) != 1 || !list.Matches[0].Paused {
		t.Errorf("the list of a paused match: %d %+v", st, list)
	}
}

// Two people on two devices (the friend claimed an invitation): an undo
// takes back one's own move while the friend has not answered it, never the
// friend's move, and never a finished game's result; on one device (the
// seat taken back) the undo takes moves back as before.
func TestUndoWithAFriendElsewhere(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=1;2)", [2]string{"human", "human"}, 1)
	me, control := *m.SeatTokens[0], *m.Control
	path := "/api/matches/" + m.ID
	var claimed struct {
		Token string `json:"token"`
	}
	if st := h.do("POST", path+"/seats/1/token", *m.SeatTokens[1], nil, &claimed); st != http.StatusOK {
		t.Fatalf("the invitation claimed: %d", st)
	}
	friend := claimed.Token
	move := func(tok, mv string) {
		t.Helper()
		var e matchJSON
		if st := h.do("POST", path+"/moves", tok, map[string]any{"move": mv}, &e); st != http.StatusOK {
			t.Fatalf("move %s: %d %s", mv, st, e.Error)
		}
	}
	undo := func(tok string, want int, says string) matchJSON {
		t.Helper()
		var e matchJSON
		if st := h.do("POST", path+"/undo", tok, nil, &e); st != want || !strings.Contains(e.Error, says) {
			t.Fatalf("undo: %d %q; want %d saying %q", st, e.Error, want, says)
		}
		return e
	}
	move(me, "2:1")
	if back := undo(me, http.StatusOK, ""); len(back.Moves) != 0 {
		t.Fatalf("my move not answered yet, taken back: %d moves left", len(back.Moves))
	}
	move(me, "2:1")
	move(friend, "2:1")
	undo(me, http.StatusConflict, "your friend has moved since")
	if back := undo(friend, http.StatusOK, ""); len(back.Moves) != 1 {
		t.Fatalf("the friend took back their own move: %d moves left, want 1", len(back.Moves))
	}
	move(friend, "2:1")
	move(me, "1:1") // the last token: player 1 wins
	undo(me, http.StatusConflict, "the game is over")
	undo(friend, http.StatusConflict, "the game is over")
	// Kept over a restart: the stored match has the claim.
	h = newHarness(t, h.store)
	undo(friend, http.StatusConflict, "the game is over")
	// The device that invited takes the seat back: one device plays both seats, and its undo works again.
	var back struct {
		Token string `json:"token"`
	}
	if st := h.do("POST", path+"/seats/1/token", control, nil, &back); st != http.StatusOK {
		t.Fatalf("the seat taken back: %d", st)
	}
	if got := undo(me, http.StatusOK, ""); len(got.Moves) != 2 {
		t.Fatalf("undo after the seat was taken back: %d moves left, want 2", len(got.Moves))
	}
}
