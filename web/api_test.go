package web_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/web"
)

// analysisJSON is the answer of the analysis routes.
type analysisJSON struct {
	Player int
	Moves  []struct {
		Move, Outcome string
		Value         any
		Best          bool
		Parts         []game.Part
		Probability   string
	}
	Value       any
	Complete    bool
	Pending     bool
	Explanation string
	Measure     struct{ Kind, Label string }
	Error       string
}

func TestAnalysisInTheGamesWords(t *testing.T) {
	h := newHarness(t, nil)
	var an analysisJSON
	// Nim: the one winning move is best, with its parts, and the XOR table.
	if st := h.do("GET", "/api/analysis?game="+url.QueryEscape("nim(piles=3;4;5)"), "", nil, &an); st != 200 {
		t.Fatalf("analysis: %d %s", st, an.Error)
	}
	for _, m := range an.Moves {
		if m.Best != (m.Move == "1:2") || m.Best != (m.Outcome == "win") || len(m.Parts) != 2 {
			t.Errorf("nim move %s: best %v, outcome %s, parts %v", m.Move, m.Best, m.Outcome, m.Parts)
		}
	}
	if an.Measure.Kind != "grundy" || !strings.Contains(an.Explanation, "XOR") || !an.Complete || an.Pending {
		t.Errorf("nim: measure %+v, complete %v, pending %v, explanation %q", an.Measure, an.Complete, an.Pending, an.Explanation)
	}
	// The Thue game: every builder move wins; the best is the shortest.
	an = analysisJSON{}
	if st := h.do("GET", "/api/analysis?game="+url.QueryEscape("thue(alphabet=3,start=1)")+"&position=1", "", nil, &an); st != 200 {
		t.Fatalf("thue analysis: %d %s", st, an.Error)
	}
	if an.Measure.Kind != "length" || len(an.Moves) != 2 {
		t.Fatalf("thue: %+v", an)
	}
	for _, m := range an.Moves {
		if m.Outcome != "win" || m.Value != float64(5) || !m.Best {
			t.Errorf("thue move %s: %s worth %v, best %v; want every move a win worth 5 and best", m.Move, m.Outcome, m.Value, m.Best)
		}
	}
	// The list-colouring game: chances, never draws, best marked.
	an = analysisJSON{}
	if st := h.do("GET", "/api/analysis?game="+url.QueryEscape("vdwlist(k=3,colors=3,list=2,s=9)"), "", nil, &an); st != 200 {
		t.Fatalf("vdwlist analysis: %d %s", st, an.Error)
	}
	best := 0
	for _, m := range an.Moves {
		if m.Outcome != "chance" {
			t.Errorf("vdwlist move %s: outcome %s; want chance", m.Move, m.Outcome)
		}
		if m.Best {
			best++
			if m.Value != "77/729" {
				t.Errorf("best move %s is worth %v, not 77/729", m.Move, m.Value)
			}
		}
	}
	if best != 4 || an.Measure.Kind != "p1_win" {
		t.Errorf("vdwlist: %d best moves (want 4), measure %+v", best, an.Measure)
	}
	for _, bad := range []string{"/api/analysis", "/api/analysis?game=chess", "/api/analysis?game=nim&position=x", "/api/analysis?game=nim&time=1h", "/api/analysis?game=nim(piles=1;2)"} {
		if st := h.do("GET", bad, "", nil, &an); st != 400 {
			t.Errorf("%s: status %d, want 400", bad, st)
		}
	}
}

func TestMatchAnalysisAtAMoveAndLastMove(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
	tok0, tok1 := *m.SeatTokens[0], *m.SeatTokens[1]
	h.do("POST", "/api/matches/"+m.ID+"/moves", tok0, map[string]string{"move": "3:5"}, nil)
	var now struct {
		LastMove *struct {
			Index  int
			Player int
			Move   string
			Parts  []game.Part
		} `json:"last_move"`
		SeedText string `json:"seed_text"`
		Title    string
	}
	h.do("GET", "/api/matches/"+m.ID, "", nil, &now)
	if now.LastMove == nil || now.LastMove.Index != 1 || now.LastMove.Move != "3:5" || len(now.LastMove.Parts) != 2 || now.SeedText != "1" || now.Title != "Nim" {
		t.Fatalf("last move %+v, seed %q, title %q", now.LastMove, now.SeedText, now.Title)
	}
	h.do("POST", "/api/matches/"+m.ID+"/moves", tok1, map[string]string{"move": "1:1"}, nil)
	var an analysisJSON
	if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?at=0", "", nil, &an); st != 200 || len(an.Moves) != 12 || an.Player != 0 {
		t.Fatalf("analysis at move 0: %d, %d moves for player %d", st, len(an.Moves), an.Player)
	}
	if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?at=1", "", nil, &an); st != 200 || an.Player != 1 || len(an.Moves) != 7 {
		t.Fatalf("analysis at move 1: %d, %d moves for player %d", st, len(an.Moves), an.Player)
	}
	if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?at=3", "", nil, &an); st != 400 {
		t.Fatalf("analysis past the end: %d", st)
	}
}

func TestStudyAPosition(t *testing.T) {
	h := newHarness(t, nil)
	var s struct {
		Game, Position, Title, Move string
		ToMove                      *int             `json:"to_move"`
		LegalMoves                  []game.LegalMove `json:"legal_moves"`
		Finished                    bool
		Winner                      *int
		Start                       bool
		Error                       string
	}
	if st := h.do("GET", "/api/study?game="+url.QueryEscape("nim(piles=1;2)"), "", nil, &s); st != 200 || s.Title != "Nim" || len(s.LegalMoves) != 3 || *s.ToMove != 0 || !s.Start {
		t.Fatalf("study: %d %+v", st, s)
	}
	if st := h.do("POST", "/api/study/moves", "", map[string]any{"game": "nim(piles=1;2)", "position": s.Position, "move": "2:1"}, &s); st != 200 {
		t.Fatalf("study move: %d %s", st, s.Error)
	}
	if s.Move != "2:1" || *s.ToMove != 1 || len(s.LegalMoves) != 2 || s.Start {
		t.Fatalf("after 2:1: %+v", s)
	}
	if st := h.do("POST", "/api/study/moves", "", map[string]any{"game": "nim(piles=1;2)", "position": s.Position, "move": "2:5"}, &s); st != 400 || !strings.Contains(s.Error, "heap 2") {
		t.Fatalf("illegal study move: %d %q", st, s.Error)
	}
}

func TestControlNeedsATokenAndPaces(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=9;9;9)", "players": []string{"random", "random"}, "seed": 3, "delay_ms": 10000}, &m); st != 201 {
		t.Fatal(st)
	}
	var c struct {
		Paused  bool
		DelayMS int64 `json:"delay_ms"`
		Moves   []game.RecordMove
		Error   string
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", "wrong", map[string]any{"action": "pause"}, &c); st != 403 {
		t.Fatalf("control with a wrong token: %d", st)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", *m.Control, map[string]any{"action": "pause"}, &c); st != 200 || !c.Paused || len(c.Moves) != 0 {
		t.Fatalf("pause: %d %+v (a 10 s pace: no move yet)", st, c)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", *m.Control, map[string]any{"action": "speed", "delay_ms": 99999}, &c); st != 400 {
		t.Fatalf("speed out of range: %d", st)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", *m.Control, map[string]any{"action": "speed", "delay_ms": 0}, &c); st != 200 || c.DelayMS != 0 {
		t.Fatalf("speed 0: %d %+v", st, c)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", *m.Control, map[string]any{"action": "step"}, &c); st != 200 {
		t.Fatalf("step: %d", st)
	}
	got := h.waitFor(m.ID, func(m matchJSON) bool { return len(m.Moves) == 1 && m.Thinking == nil })
	if !got.Paused {
		t.Fatalf("after a step the match stays paused: %+v", got)
	}
}

// TestControlOnlyBetweenComputers: pause, step and pace are a watched
// game's. Paused, a match with a person waited for a computer that never
// moved (the person's every move then refused: not their turn); a
// finished match was stored as paused.
func TestControlOnlyBetweenComputers(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=3;4;5)", "players": []string{"human", "perfect"}, "seed": 3}, &m); st != 201 {
		t.Fatal(st)
	}
	var c struct {
		Paused bool
		Error  string
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/control", *(*m.SeatTokens)[0], map[string]any{"action": "pause"}, &c); st != 409 || !strings.Contains(c.Error, "a match between two computers") {
		t.Fatalf("pausing a match with a person: %d %+v", st, c)
	}
	var got matchJSON
	if h.do("GET", "/api/matches/"+m.ID, "", nil, &got); got.Paused {
		t.Fatal("the refused pause was stored")
	}
	var done matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=1)", "players": []string{"perfect", "random"}, "seed": 3}, &done); st != 201 {
		t.Fatal(st)
	}
	h.waitFor(done.ID, func(m matchJSON) bool { return m.Finished })
	if st := h.do("POST", "/api/matches/"+done.ID+"/control", *done.Control, map[string]any{"action": "step"}, &c); st != 409 || !strings.Contains(c.Error, "the game is over") {
		t.Fatalf("stepping a finished match: %d %+v", st, c)
	}
}

// TestBadInputIsRefused: input a script gets wrong is answered 400 with
// what is allowed, where it was taken silently (a query that does not
// read dropped its bad pair and applied nothing; a third player was
// dropped; a seat to move of 7 became 0; a JSON body without "game" was
// told about "game=" of a query).
func TestBadInputIsRefused(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=3;4;5)", "players": []string{"human", "human"}, "seed": 3}, &m); st != 201 {
		t.Fatal(st)
	}
	var e struct{ Error string }
	for _, path := range []string{"/api/matches?limit=2%", "/api/matches?limit=3&state=finished;", "/api/matches/" + m.ID + "?at=1%", "/api/matches/" + m.ID + "/analysis?time=1s;"} {
		if st := h.do("GET", path, "", nil, &e); st != 400 || !strings.Contains(e.Error, "the query does not read") {
			t.Errorf("GET %s: %d %q", path, st, e.Error)
		}
	}
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim", "players": []string{"human", "perfect", "random"}}, &e); st != 400 || !strings.Contains(e.Error, `"players": want exactly 2`) || !strings.Contains(e.Error, "got 3") {
		t.Errorf("three players: %d %q", st, e.Error)
	}
	if st := h.do("POST", "/api/study/setup", "", map[string]any{"game": "nim", "view": map[string]any{"kind": "heaps", "heaps": []int{1, 2}, "status": map[string]any{"to_move": 7}}}, &e); st != 400 || !strings.Contains(e.Error, "status.to_move 7: want 0 or 1") {
		t.Errorf("a seat to move of 7: %d %q", st, e.Error)
	}
	// A form-encoded body (curl -d without a JSON Content-Type) is told the API reads JSON.
	req, _ := http.NewRequest("POST", h.ts.URL+"/api/matches", strings.NewReader("game=nim&players=human"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if res, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 400 || !strings.Contains(string(data), "it came as application/x-www-form-urlencoded: the API reads a JSON object") {
			t.Errorf("a form-encoded body: %d %s", res.StatusCode, data)
		}
	}
	for path, body := range map[string]map[string]any{"/api/study/moves": {"move": "1:1"}, "/api/study/setup": {"view": map[string]any{"kind": "heaps"}}} {
		if st := h.do("POST", path, "", body, &e); st != 400 || e.Error != `"game" is required, e.g. "nim(piles=3;4;5)"` {
			t.Errorf("POST %s without a game: %d %q", path, st, e.Error)
		}
	}
}

// TestBearerSchemeAnyCase: "bearer TOKEN" holds the seat as "Bearer
// TOKEN" does (an authorization scheme's case does not matter; it was 403).
func TestBearerSchemeAnyCase(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=3;4;5)", "players": []string{"human", "human"}, "seed": 3}, &m); st != 201 {
		t.Fatal(st)
	}
	req, _ := http.NewRequest("POST", h.ts.URL+"/api/matches/"+m.ID+"/moves", strings.NewReader(`{"move": "1:1"}`))
	req.Header.Set("Authorization", "bearer "+*(*m.SeatTokens)[0])
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("a move with 'bearer': %d", res.StatusCode)
	}
	// A token that holds no seat is told so, not asked for a token.
	var e struct{ Error string }
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", "wrong", map[string]any{"move": "2:1"}, &e); st != 403 || !strings.Contains(e.Error, "the token sent holds no seat of this match") {
		t.Errorf("a wrong token: %d %q", st, e.Error)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", "", map[string]any{"move": "2:1"}, &e); st != 403 || !strings.Contains(e.Error, "a seat token is required") {
		t.Errorf("no token: %d %q", st, e.Error)
	}
}

func TestMethodNotAllowedNamesTheMethods(t *testing.T) {
	h := newHarness(t, nil)
	req, _ := http.NewRequest(http.MethodDelete, h.ts.URL+"/api/matches", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD, POST, OPTIONS" {
		t.Fatalf("DELETE /api/matches: %d, Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
}

// failingStore is a MemoryStore whose saves fail while fail is set.
type failingStore struct {
	web.MemoryStore
	fail atomic.Bool
}

func (f *failingStore) Write(ctx context.Context, ws []web.Write) error {
	if f.fail.Load() {
		return errors.New("disk full")
	}
	return f.MemoryStore.Write(ctx, ws)
}

// TestAMoveNotStoredIsNotAcknowledged: with the store failing, a move is
// answered 503 and the match stays as the store has it.
func TestAMoveNotStoredIsNotAcknowledged(t *testing.T) {
	st := &failingStore{}
	h := newHarness(t, st)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
	tok := *m.SeatTokens[0]
	st.fail.Store(true)
	var e matchJSON
	if code := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:1"}, &e); code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "not stored") {
		t.Fatalf("a move the store refused: %d %q", code, e.Error)
	}
	st.fail.Store(false)
	var got matchJSON
	h.do("GET", "/api/matches/"+m.ID, "", nil, &got)
	if len(got.Moves) != 0 || *got.ToMove != 0 {
		t.Fatalf("after a failed save the match shows %d moves; the store has none", len(got.Moves))
	}
	if code := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:1"}, &got); code != 200 || len(got.Moves) != 1 {
		t.Fatalf("the same move once the store works: %d, %d moves", code, len(got.Moves))
	}
}

func TestAnalysisOfAFinishedMatchsPast(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=1;1)", [2]string{"human", "human"}, 1)
	h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1:1"}, nil)
	h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[1], map[string]string{"move": "2:1"}, nil)
	var an analysisJSON
	for at, moves := range []int{2, 1} {
		if st := h.do("GET", fmt.Sprintf("/api/matches/%s/analysis?at=%d", m.ID, at), "", nil, &an); st != 200 || len(an.Moves) != moves {
			t.Fatalf("analysis at %d of a finished match: %d, %d moves %s", at, st, len(an.Moves), an.Error)
		}
	}
	if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?at=2", "", nil, &an); st != 409 {
		t.Fatalf("analysis of the final position: %d", st)
	}
}

// TestAnalysisOfADraw: at a chance draw of the list-colouring game the
// analysis values each list with its probability, marks none best, and
// gives the position's value, their average: on the study board and in a
// match's past.
func TestAnalysisOfADraw(t *testing.T) {
	h := newHarness(t, nil)
	var an analysisJSON
	q := "/api/analysis?game=" + url.QueryEscape("vdwlist(k=3,colors=3,list=2,s=9)") + "&position=" + url.QueryEscape("rr.bb....:3") + "&time=10s"
	if st := h.do("GET", q, "", nil, &an); st != 200 {
		t.Fatalf("analysis of a draw: %d %s", st, an.Error)
	}
	var got []string
	for _, m := range an.Moves {
		got = append(got, fmt.Sprintf("%s %s %v %s %v", m.Move, m.Probability, m.Value, m.Outcome, m.Best))
	}
	want := []string{"{red, blue} 1/3 1/1 win false", "{red, green} 1/3 1/81 chance false", "{blue, green} 1/3 1/81 chance false"}
	if an.Player != -1 || !an.Complete || an.Value != "83/243" || !slices.Equal(got, want) {
		t.Fatalf("the draws of rr.bb....:3: player %d, complete %v, value %v, %q; want value 83/243, %q", an.Player, an.Complete, an.Value, got, want)
	}
	// A match's past: the position after the namer's first number is a draw.
	m := h.create("vdwlist(k=3,colors=3,list=2,s=9)", [2]string{"human", "human"}, 1)
	h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "5"}, nil)
	if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?at=1&time=10s", "", nil, &an); st != 200 || an.Player != -1 || len(an.Moves) != 3 || an.Moves[0].Probability != "1/3" || an.Value == nil {
		t.Fatalf("analysis of a match's draw: %d, player %d, %d moves, value %v %s", st, an.Player, len(an.Moves), an.Value, an.Error)
	}
}

// TestComputersStopAtTheMoveLimit: a match between computers that would
// go on for a long time ends by itself at --max-moves, saying so.
func TestComputersStopAtTheMoveLimit(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Options{Games: games, Bots: bots, MaxMoves: 40})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); srv.Close() }()
	h := &harness{t: t, srv: srv, ts: ts, reg: games}
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "thue(alphabet=32)", "players": []string{"random", "greedy"}, "seed": 1}, &m); st != 201 {
		t.Fatal(st)
	}
	got := h.waitFor(m.ID, func(m matchJSON) bool { return m.Finished })
	if len(got.Moves) != 40 || !strings.Contains(got.Reason, "reached the move limit 40") || got.Winner != nil {
		t.Fatalf("after the limit: %d moves, reason %q, winner %v", len(got.Moves), got.Reason, got.Winner)
	}
	// A person's match has no move limit.
	p := h.create("nim(piles=30;30;30)", [2]string{"human", "human"}, 1)
	for i := range 45 {
		var next matchJSON
		if st := h.do("POST", "/api/matches/"+p.ID+"/moves", *p.SeatTokens[i%2], map[string]string{"move": fmt.Sprintf("%d:1", i%3+1)}, &next); st != 200 {
			t.Fatalf("move %d of a person's match: %d %s", i+1, st, next.Error)
		}
	}
}

// TestStudySetUpFromAnEditedBoard: the study board's set-up sends an
// edited view and gets the position it describes, or the reason it is
// not one.
func TestStudySetUpFromAnEditedBoard(t *testing.T) {
	h := newHarness(t, nil)
	var s struct {
		Position string
		ToMove   *int `json:"to_move"`
		Error    string
	}
	for _, c := range []struct {
		game string
		view map[string]any
		want string
		to   int
	}{
		{"nim(piles=3;4;5)", map[string]any{"kind": "heaps", "heaps": []int{1, 0, 7}, "status": map[string]any{"to_move": 1}}, "1;0;7 P2", 1},
		{"buildingnim(heaps=3,tokens=6)", map[string]any{"kind": "heaps", "heaps": []int{1, 1, 1}, "status": map[string]any{"to_move": 1, "phase": "building"}}, "1;1;1", 1},
		{"thue(alphabet=3)", map[string]any{"kind": "word", "word": map[string]any{"symbols": []int{0, 1, 2}, "alphabet": 3}, "status": map[string]any{"to_move": 1, "gap": 3}}, "012@3", 1},
		{"ap(k=3,set=1;2;3;4;5;6;7)", map[string]any{"kind": "numbers", "numbers": []map[string]any{{"n": 1, "owner": 0, "color": -1}, {"n": 5, "owner": 1, "color": -1}}, "status": map[string]any{}}, "1 / 5", 0},
	} {
		st := h.do("POST", "/api/study/setup", "", map[string]any{"game": c.game, "view": c.view}, &s)
		if st != 200 || s.Position != c.want || s.ToMove == nil || *s.ToMove != c.to {
			t.Errorf("%s: %d, position %q (to move %v), %s; want %q", c.game, st, s.Position, s.ToMove, s.Error, c.want)
		}
	}
	bad := map[string]any{"kind": "heaps", "heaps": []int{1, 2}, "status": map[string]any{"phase": "building"}}
	if st := h.do("POST", "/api/study/setup", "", map[string]any{"game": "buildingnim(heaps=3,tokens=6)", "view": bad}, &s); st != 400 || !strings.Contains(s.Error, "want 3 heap sizes") {
		t.Errorf("a Building Nim board with 2 heaps of 3: %d %q", st, s.Error)
	}
	// A heap of 2.5 tokens: the error says what a heap may be.
	half := map[string]any{"kind": "heaps", "heaps": []float64{2.5, 5}, "status": map[string]any{}}
	if st := h.do("POST", "/api/study/setup", "", map[string]any{"game": "wythoff(piles=5;8)", "view": half}, &s); st != 400 ||
		!strings.Contains(s.Error, `field "view.heaps" has the wrong kind of value (a number 2.5 where a whole number of tokens, 0 or more is expected)`) {
		t.Errorf("a Wythoff board with a heap of 2.5: %d %q", st, s.Error)
	}
}

// TestWythoffAnalysisLayer: the analysis of a queen's board carries the
// P-positions on it (the Serbian thesis' Figures 2 and 4).
func TestWythoffAnalysisLayer(t *testing.T) {
	h := newHarness(t, nil)
	var an struct {
		Extra struct {
			PPositions [][2]int `json:"p_positions"`
		}
	}
	if st := h.do("GET", "/api/analysis?game="+url.QueryEscape("wythoff(piles=5;8,view=queen)"), "", nil, &an); st != 200 {
		t.Fatalf("analysis: %d", st)
	}
	want := [][2]int{{0, 0}, {1, 2}, {2, 1}, {3, 5}, {5, 3}, {4, 7}}
	if fmt.Sprint(an.Extra.PPositions) != fmt.Sprint(want) {
		t.Fatalf("P-positions on the 5×8 board: %v, want %v", an.Extra.PPositions, want)
	}
}

// TestBotMemoryIsCapped: a bot string asking for more table memory than
// the server allows a computer player is refused, naming the limit.
func TestBotMemoryIsCapped(t *testing.T) {
	h := newHarness(t, nil)
	var e matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "vdwlist(s=9)", "players": []string{"human", "perfect(mem=1099511627776)"}}, &e); st != 400 || !strings.Contains(e.Error, "more memory than a computer player may use here (512 MiB)") {
		t.Fatalf("perfect(mem=1 TiB): %d %q", st, e.Error)
	}
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim2d(n=4)", "players": []string{"human", "perfect(mem=1024)"}}, &e); st != 400 || !strings.Contains(e.Error, "mem=1024") {
		t.Fatalf("2D Nim perfect(mem=1024 MiB): %d %q", st, e.Error)
	}
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "vdwlist(s=9)", "players": []string{"human", "perfect(mem=100000000)"}}, &e); st != 201 {
		t.Fatalf("perfect(mem=100 MB): %d %q", st, e.Error)
	}
}

// TestASeatsRefusalNamesTheSeat: a new match refused for a seat's bot says
// which seat (0 moves first) and the bot's own reason apart, for a page to
// name them its way; the error keeps the terminal's words.
func TestASeatsRefusalNamesTheSeat(t *testing.T) {
	h := newHarness(t, nil)
	var set []string
	for i := 1; i <= 45; i++ {
		set = append(set, strconv.Itoa(i))
	}
	var e struct {
		Error  string `json:"error"`
		Seat   *int   `json:"seat"`
		Reason string `json:"reason"`
	}
	game := "ap(k=3,set=" + strings.Join(set, ";") + ")"
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": game, "players": []string{"human", "perfect"}}, &e); st != 400 || e.Seat == nil || *e.Seat != 1 ||
		e.Reason != "the set has 45 numbers in play (in a progression of 3), and the perfect player's exact search takes on at most 40 (strong plays larger sets)" ||
		e.Error != "players: P2: bot perfect: "+e.Reason {
		t.Fatalf("perfect on 45 numbers: %d %+v", st, e)
	}
	e.Seat = nil
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim", "players": []string{"alfabeta", "human"}}, &e); st != 400 || e.Seat == nil || *e.Seat != 0 || !strings.HasPrefix(e.Reason, `unknown bot "alfabeta" for nim`) {
		t.Fatalf("a typo: %d %+v", st, e)
	}
	e.Seat = nil
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim", "players": []string{"human", "alphabeta(depth=0)"}}, &e); st != 400 || e.Seat == nil || *e.Seat != 1 ||
		!strings.HasPrefix(e.Reason, `bad value "0" for depth: want a whole number from 1`) || e.Error != "players: P2: bot alphabeta: "+e.Reason {
		t.Fatalf("a parameter out of range: %d %+v", st, e)
	}
	e.Seat, e.Reason = nil, ""
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=x)", "players": []string{"human", "perfect"}}, &e); st != 400 || e.Seat != nil || e.Reason != "" {
		t.Fatalf("a bad game: %d %+v", st, e)
	}
}

// TestGameFactsAsData: what the page draws comes from the server: the
// moves that end the game (the Thue painter's squares, in a match too), the
// Szemerédi game's lines, Nim's XOR table.
func TestGameFactsAsData(t *testing.T) {
	h := newHarness(t, nil)
	// The painter after 010 at the end: 0 and 1 make a square (the builder
	// wins), 2 does not (no ends, no winner in its JSON).
	var raw struct {
		LegalMoves []map[string]any `json:"legal_moves"`
	}
	if st := h.do("GET", "/api/study?game="+url.QueryEscape("thue(alphabet=3)")+"&position="+url.QueryEscape("010@3"), "", nil, &raw); st != 200 {
		t.Fatalf("study: %d", st)
	}
	var got []string
	for _, m := range raw.LegalMoves {
		got = append(got, fmt.Sprintf("%v ends=%v winner=%v highlight=%v", m["move"], m["ends"], m["winner"], m["highlight"]))
	}
	if want := "0 ends=true winner=0 highlight=[2 3]|1 ends=true winner=0 highlight=[0 1 2 3]|2 ends=<nil> winner=<nil> highlight=<nil>"; strings.Join(got, "|") != want {
		t.Errorf("the painter's moves after 010:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.ReplaceAll(want, "|", "\n"))
	}
	// A match lists them too: Nim 0;0;1, the one move ends it and P1 wins.
	m := h.create("nim(piles=0;0;1)", [2]string{"human", "human"}, 1)
	if len(m.LegalMoves) != 1 || !m.LegalMoves[0].Ends || m.LegalMoves[0].Winner == nil || *m.LegalMoves[0].Winner != 0 {
		t.Errorf("nim 0;0;1: legal moves %+v, want 3:1 ending it with P1 the winner", m.LegalMoves)
	}

	// The Szemerédi game on 1 2 3 5 7, red 1 3, blue 5: only 1 2 3 is
	// still open (for red), and 2 completes it.
	var ap struct {
		View game.View `json:"view"`
	}
	if st := h.do("GET", "/api/study?game="+url.QueryEscape("ap(k=3,set=1;2;3;5;7)")+"&position="+url.QueryEscape("1 3 / 5"), "", nil, &ap); st != 200 {
		t.Fatalf("ap study: %d", st)
	}
	if l := ap.View.Lines; len(l) != 1 || fmt.Sprint(l[0].Items, l[0].Held, l[0].Open, l[0].Threat) != "[1 2 3] [2 0] [0] true" || fmt.Sprint(ap.View.LinesOpen) != "[1 0]" {
		t.Errorf("ap lines %+v, open %v; want 1 2 3 held 2 by red, a threat", l, ap.View.LinesOpen)
	}

	// Nim 3;4;5: the analysis' extra fields hold Bouton's table.
	var an struct {
		Extra struct {
			XOR struct {
				Rows []struct {
					Heap, Size int
					Binary     string
				}
				NimSum int `json:"nim_sum"`
				Binary string
				Moves  []struct {
					Move                 string
					Heap, From, To, Take int
				}
			} `json:"xor"`
		} `json:"extra"`
	}
	if st := h.do("GET", "/api/analysis?game="+url.QueryEscape("nim(piles=3;4;5)"), "", nil, &an); st != 200 {
		t.Fatalf("nim analysis: %d", st)
	}
	x := an.Extra.XOR
	if fmt.Sprint(x.Rows) != "[{1 3 011} {2 4 100} {3 5 101}]" || x.NimSum != 2 || x.Binary != "010" || fmt.Sprint(x.Moves) != "[{1:2 1 3 1 2}]" {
		t.Errorf("the XOR table of 3;4;5: %+v", x)
	}
}

// TestHowToMoveInTheGamesOwnNumbers checks that a match and a study say how
// to move in their game's own numbers (Index-k Nim's k, Wythoff's a), which
// the page shows above the board.
func TestHowToMoveInTheGamesOwnNumbers(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nimk(piles=3;4;5;6,k=2)", [2]string{"human", "human"}, 1)
	var v struct {
		HowToMove []string `json:"how_to_move"`
	}
	h.do("GET", "/api/matches/"+m.ID, "", nil, &v)
	want := "Take tokens from one heap, or from up to 2 heaps at once."
	if len(v.HowToMove) != 2 || v.HowToMove[0] != want || v.HowToMove[1] != want {
		t.Fatalf("match of Index-k Nim with k = 2: how to move %q; want %q for both", v.HowToMove, want)
	}
	if st := h.do("GET", "/api/study?game="+url.QueryEscape("wythoff(piles=5;8,a=3)"), "", nil, &v); st != 200 || len(v.HowToMove) != 2 ||
		!strings.Contains(v.HowToMove[0], "differing by less than 3") {
		t.Fatalf("study of Wythoff with a = 3: %d, how to move %q", st, v.HowToMove)
	}
	// The rules in one sentence, the game's own: overlaps, not squares.
	var r struct {
		Rules string `json:"rules"`
	}
	ov := h.create("thue(alphabet=3,rule=overlap)", [2]string{"human", "human"}, 1)
	h.do("GET", "/api/matches/"+ov.ID, "", nil, &r)
	if !strings.Contains(r.Rules, "when an overlap appears") || strings.Contains(r.Rules, "square") {
		t.Errorf("match of the Thue game with overlaps: rules %q", r.Rules)
	}
	if st := h.do("GET", "/api/study?game="+url.QueryEscape("nim(piles=3;4;5,misere=true)"), "", nil, &r); st != 200 || !strings.HasSuffix(r.Rules, "whoever takes the last token loses (misère play).") {
		t.Errorf("study of misère Nim: %d, rules %q", st, r.Rules)
	}
}

// TestAnalysisOfAMatchsPastInEveryGame analyses the start of a match of
// every game after its first move (the page's analysis as a person steps
// back): the answer is the analysis of that position, not an error. The
// Szemerédi game's solver refused it ("not a state of"): the past position
// was replayed on the game loaded again, not on the match's.
func TestAnalysisOfAMatchsPastInEveryGame(t *testing.T) {
	h := newHarness(t, nil)
	var cat []all.GameInfo
	if st := h.do("GET", "/api/games", "", nil, &cat); st != 200 || len(cat) == 0 {
		t.Fatalf("catalogue: %d", st)
	}
	for _, g := range cat {
		m := h.create(g.Example, [2]string{"human", "human"}, 3)
		if len(m.LegalMoves) == 0 || m.ToMove == nil {
			t.Errorf("%s: no move to play at the start", g.Example)
			continue
		}
		var after matchJSON
		if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[*m.ToMove], map[string]string{"move": m.LegalMoves[0].Move}, &after); st != 200 {
			t.Errorf("%s: the first legal move %q: %d %s", g.Example, m.LegalMoves[0].Move, st, after.Error)
			continue
		}
		var an analysisJSON
		if st := h.do("GET", "/api/matches/"+m.ID+"/analysis?at=0&time=200ms", "", nil, &an); st != 200 || an.Error != "" || len(an.Moves) != len(m.LegalMoves) {
			t.Errorf("%s: the analysis of the start after a move: %d, %d moves of %d, error %q", g.Example, st, len(an.Moves), len(m.LegalMoves), an.Error)
		}
	}
}

// TestAnalysisExplanationCatchesUp: the explanation of a position whose
// first solve was cut short says what it proved (the list-colouring game's
// bounds); once the analysis has decided every move, it says what the
// solver knows then, not the first run's "not decided".
func TestAnalysisExplanationCatchesUp(t *testing.T) {
	h := newHarness(t, nil)
	q := "/api/analysis?game=" + url.QueryEscape("vdwlist(k=3,colors=3,list=2,s=11)")
	var an analysisJSON
	// The first run, of 20 ms, gives the explanation a quarter of it; the
	// second request waits for that run (or the next, of 40 ms).
	for _, time := range []string{"20ms", "10s"} {
		if st := h.do("GET", q+"&time="+time, "", nil, &an); st != 200 {
			t.Fatalf("analysis: %d %s", st, an.Error)
		}
	}
	if !strings.Contains(an.Explanation, "Not decided yet. Proven so far: the namer wins with probability at least") {
		t.Fatalf("a solve of 5 ms for 11 numbers: the explanation %q does not say what it proved", an.Explanation)
	}
	for i := 0; an.Pending || !an.Complete; i++ {
		if i == 20 {
			t.Fatalf("the analysis is not complete after 20 requests: %+v", an)
		}
		if st := h.do("GET", q+"&time=10s", "", nil, &an); st != 200 {
			t.Fatalf("analysis: %d %s", st, an.Error)
		}
	}
	if !strings.Contains(an.Explanation, "The chance comes from searching every way the game can go") || strings.Contains(an.Explanation, "Not decided") {
		t.Errorf("every move decided, the explanation says %q", an.Explanation)
	}
}
