package web_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/web"
)

// The tests of this file each hold a finding of the HTTP API's bad-input
// audit: a script author sending wrong input.

// TestRefusalsCarryTheSecurityHeaders: the guard's own 403 answers (a
// foreign Host, another site's Origin) carry the security headers every
// other answer has.
func TestRefusalsCarryTheSecurityHeaders(t *testing.T) {
	addr := served(t, web.Options{})
	for _, c := range []struct{ method, host, origin string }{
		{"GET", "attacker.example", ""},
		{"POST", addr, "https://attacker.example"},
		{"POST", addr, "null"},
	} {
		req, _ := http.NewRequest(c.method, "http://"+addr+"/api/study/moves", strings.NewReader(`{"game":"nim","move":"1:1"}`))
		req.Host = c.host
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%+v: status %d, want 403", c, res.StatusCode)
		}
		for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"} {
			if res.Header.Get(h) == "" {
				t.Errorf("%+v: a 403 without %s", c, h)
			}
		}
	}
}

// TestHeadOnTheEventStreamEnds: HEAD on a match's event stream answers
// its headers and ends (it held the connection open, streaming nothing,
// until the client hung up).
func TestHeadOnTheEventStreamEnds(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim", [2]string{"human", "human"}, 1)
	conn, err := net.Dial("tcp", strings.TrimPrefix(h.ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "HEAD /api/matches/%s/events HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", m.ID)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	got, err := io.ReadAll(conn)
	if err != nil {
		t.Fatalf("HEAD on the events: the connection stayed open (%v) after %q", err, got)
	}
	if !strings.HasPrefix(string(got), "HTTP/1.1 200") || !strings.Contains(string(got), "text/event-stream") || strings.Contains(string(got), "event: state") {
		t.Errorf("HEAD on the events: %q", got)
	}
}

// TestSeatIsExactlyZeroOrOne: the seat in /seats/{seat}/token is "0" or
// "1"; "01", "001" and "+1" were read as seat 1 and took its token away.
func TestSeatIsExactlyZeroOrOne(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
	var e struct{ Error string }
	for _, seat := range []string{"01", "001", "%2B1", "1.0", "%201", "-0"} {
		if st := h.do("POST", "/api/matches/"+m.ID+"/seats/"+seat+"/token", *m.Control, nil, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, "want 0 or 1") {
			t.Errorf("seat %s: %d %q, want 400", seat, st, e.Error)
		}
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1:1"}, &e); st != http.StatusOK {
		t.Fatalf("P1's move: %d %q", st, e.Error)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[1], map[string]string{"move": "1:1"}, &e); st != http.StatusOK {
		t.Errorf("P2's move with its first token: %d %q (the seat's token was changed)", st, e.Error)
	}
}

// TestAnalysisTimeFromOneMillisecond: time= below 1ms is refused, as its
// message says ("from 1ms"); 1ns and 1us were taken.
func TestAnalysisTimeFromOneMillisecond(t *testing.T) {
	h := newHarness(t, nil)
	var e struct{ Error string }
	for _, d := range []string{"1ns", "1us", "999us", "0", "-1s", "31s"} {
		if st := h.do("GET", "/api/analysis?game=nim&time="+d, "", nil, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, "want a duration from 1ms to 30s") {
			t.Errorf("time=%s: %d %q, want 400", d, st, e.Error)
		}
	}
	if st := h.do("GET", "/api/analysis?game=nim&time=1ms", "", nil, nil); st != http.StatusOK {
		t.Errorf("time=1ms: %d", st)
	}
}

// TestTokenMessagesSayWhatWasSent: no token is asked for; a token that
// holds nothing is told so (the undo said "required" to both, the seat's
// token route "this one is neither" to none).
func TestTokenMessagesSayWhatWasSent(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
	var e struct{ Error string }
	for _, c := range []struct{ path, token, want string }{
		{"/undo", "", "a seat token is required to take moves back: send 'Authorization: Bearer <token>'"},
		{"/undo", "wrong", "the token sent holds no seat of this match"},
		{"/undo", *m.Control, "the token sent holds no seat of this match"},
		{"/seats/1/token", "", "the seat's token or the match's control token is required: send 'Authorization: Bearer <token>'"},
		{"/seats/1/token", "wrong", "this one is neither"},
	} {
		if st := h.do("POST", "/api/matches/"+m.ID+c.path, c.token, nil, &e); st != http.StatusForbidden || !strings.Contains(e.Error, c.want) {
			t.Errorf("POST %s with token %q: %d %q, want 403 saying %q", c.path, c.token, st, e.Error, c.want)
		}
	}
}

// TestDelayGoesWithSpeed: a control's delay_ms beside another action is
// refused, not ignored (a pause with delay_ms 5 kept the pace of 3 s).
func TestDelayGoesWithSpeed(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim(piles=9;9;9)", "players": []string{"random", "random"}, "seed": 3, "delay_ms": 10000}, &m); st != 201 {
		t.Fatal(st)
	}
	var e struct{ Error string }
	for _, action := range []string{"pause", "resume", "step"} {
		if st := h.do("POST", "/api/matches/"+m.ID+"/control", *m.Control, map[string]any{"action": action, "delay_ms": 5}, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, `"delay_ms" goes with action speed`) {
			t.Errorf("%s with delay_ms: %d %q, want 400", action, st, e.Error)
		}
	}
	var c matchJSON
	if st := h.do("GET", "/api/matches/"+m.ID, "", nil, &c); st != 200 || c.Paused {
		t.Errorf("after the refusals: %d, paused %v (nothing should have changed)", st, c.Paused)
	}
}

// TestRefusedCreatesAreNotCounted: the creation rate counts matches
// created; requests refused for their content cost nothing (20 bad bodies
// used up the burst, and the good one after them got 429).
func TestRefusedCreatesAreNotCounted(t *testing.T) {
	addr := served(t, web.Options{CreatesPerMinute: 1})
	post := func(body string) int {
		res, err := http.Post("http://"+addr+"/api/matches", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	for i := range 25 {
		for _, bad := range []string{`{"game":`, `{"game":"nim","players":["human","nobody"]}`} {
			if st := post(bad); st != http.StatusBadRequest {
				t.Fatalf("bad body %d %s: %d, want 400", i, bad, st)
			}
		}
	}
	if st := post(`{"game":"nim","players":["human","human"]}`); st != http.StatusCreated {
		t.Fatalf("a good body after 50 bad ones: %d, want 201", st)
	}
}

// TestLongInputIsClipped: an error quotes at most a clip of what was sent
// (a game's, a key's, a bot's or a view kind's name of 30 000 letters was
// echoed whole, twice for a bot), and a Wythoff heap of 10 000 digits by
// its first digits.
func TestLongInputIsClipped(t *testing.T) {
	h := newHarness(t, nil)
	long := strings.Repeat("q", 30000)
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/study?game=" + long, nil},
		{"GET", "/api/analysis?game=nim(" + long + "%3D1)", nil},
		{"POST", "/api/study/moves", map[string]any{"game": "nim(" + long + "=1)", "move": "1:1"}},
		{"POST", "/api/study/moves", map[string]any{"game": long + "!", "move": "1:1"}},
		{"POST", "/api/matches", map[string]any{"game": "nim", "players": []string{"human", long}}},
		{"POST", "/api/matches", map[string]any{"game": "nim", "players": []string{"human", "alphabeta(" + long + "=1)"}}},
		{"POST", "/api/matches", map[string]any{"game": "nim", "players": []string{"human", "human(" + long + "=1)"}}},
		{"POST", "/api/study/setup", map[string]any{"game": "nim", "view": map[string]any{"kind": long}}},
		{"POST", "/api/study/moves", map[string]any{"game": "wythoff(piles=10^9999;10^9999)", "move": "0,1"}},
	} {
		var e struct {
			Error  string
			Reason string
		}
		st := h.do(c.method, c.path, "", c.body, &e)
		if st != http.StatusBadRequest || e.Error == "" || len(e.Error)+len(e.Reason) > 1000 {
			t.Errorf("%s %.60s: %d, an error of %d bytes and a reason of %d: %.300s", c.method, c.path, st, len(e.Error), len(e.Reason), e.Error)
		}
	}
}

// TestAMatchNobodyCanMoveInIsRefused: a start with too many moves to
// list (a Wythoff analysis position) is refused at creation whoever plays,
// as it was for a computer seat; two people's match was stored and waited
// for a move forever.
func TestAMatchNobodyCanMoveInIsRefused(t *testing.T) {
	h := newHarness(t, nil)
	var e struct{ Error string }
	for _, g := range []string{"wythoff(piles=10^9999;10^9999)", "wythoff(piles=4000000;4000000)"} {
		for _, players := range [][]string{{"human", "human"}, {"human", "random"}, {"random", "random"}} {
			if st := h.do("POST", "/api/matches", "", map[string]any{"game": g, "players": players}, &e); st != http.StatusBadRequest ||
				!strings.Contains(e.Error, "cannot be played") || !strings.Contains(e.Error, "more than 10000000 legal moves") || len(e.Error) > 500 {
				t.Errorf("%s for %v: %d %q", g, players, st, e.Error)
			}
		}
	}
	var list struct{ Matches []any }
	if h.do("GET", "/api/matches", "", nil, &list); len(list.Matches) != 0 {
		t.Errorf("%d matches stored, want none", len(list.Matches))
	}
	h.create("wythoff(piles=3000000;3000000)", [2]string{"human", "human"}, 1)
}

// TestAGameOverAtItsStartSaysNoMoveWasMade: Nim without tokens, studied
// or played, says in its reason and its view's that there was no move to
// make (the study said "P2 took the last token", as did the match's view
// beside its true reason).
func TestAGameOverAtItsStartSaysNoMoveWasMade(t *testing.T) {
	h := newHarness(t, nil)
	const want = "There is no move to make from the start: the game is over before it begins, and P2 wins."
	var s struct {
		Reason string
		View   *struct{ Status struct{ Reason string } }
	}
	for _, g := range []string{"nim(piles=0)", "grundy(heap=2)"} {
		if st := h.do("GET", "/api/study?game="+url.QueryEscape(g), "", nil, &s); st != 200 || s.Reason != want || s.View == nil || s.View.Status.Reason != want {
			t.Errorf("the study of %s: %d, reason %q, the view's %+v", g, st, s.Reason, s.View)
		}
		m := h.create(g, [2]string{"human", "human"}, 1)
		if m.Reason != want || m.View == nil || m.View.Status.Reason != want {
			t.Errorf("a match of %s: reason %q, the view's %q", g, m.Reason, m.View.Status.Reason)
		}
	}
	// After a move the game's own words stand.
	if st := h.do("GET", "/api/study?game=nim&position="+url.QueryEscape("0;0;0"), "", nil, &s); st != 200 || !strings.Contains(s.Reason, "took the last token") {
		t.Errorf("a study of 0;0;0 in nim(piles=3;4;5): %d %q", st, s.Reason)
	}
}

// TestSoloTakesNoOtherPlayers: a solo match's players are one person's
// two seats; other players are refused, not replaced in silence.
func TestSoloTakesNoOtherPlayers(t *testing.T) {
	h := newHarness(t, nil)
	var e matchJSON
	for _, players := range [][]string{{"random", "perfect"}, {"human", "random"}, {"human"}} {
		if st := h.do("POST", "/api/matches", "", map[string]any{"game": "thue", "mode": "solo", "players": players}, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, `mode solo: one person plays both seats; leave out "players"`) {
			t.Errorf("solo with %v: %d %q", players, st, e.Error)
		}
	}
	for _, body := range []map[string]any{{"game": "thue", "mode": "solo"}, {"game": "thue", "mode": "solo", "players": []string{"human", "human"}}} {
		if st := h.do("POST", "/api/matches", "", body, &e); st != http.StatusCreated || e.Players[0] != "human" || e.Players[1] != "human" {
			t.Errorf("solo %v: %d %q %v", body, st, e.Error, e.Players)
		}
	}
}

// TestAPersonWithSpacesIsAPerson: " human" and "human " are a person, as a
// game string's spaces are trimmed (they were told about a terminal).
func TestAPersonWithSpacesIsAPerson(t *testing.T) {
	h := newHarness(t, nil)
	var m matchJSON
	if st := h.do("POST", "/api/matches", "", map[string]any{"game": " nim ", "players": []string{"human ", " perfect "}}, &m); st != http.StatusCreated ||
		m.Players[0] != "human" || m.Players[1] != "perfect" || m.SeatTokens == nil || m.SeatTokens[0] == nil {
		t.Fatalf("players with spaces: %d %q %v", st, m.Error, m.Players)
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1:1"}, &m); st != http.StatusOK {
		t.Errorf("the person's move: %d %q", st, m.Error)
	}
}

// TestNoMoveGivenShowsTheGamesNotation: a move request without a move
// asks for one with an example in the game's own notation and parts (it
// offered Nim's "1:2" to every game).
func TestNoMoveGivenShowsTheGamesNotation(t *testing.T) {
	h := newHarness(t, nil)
	var e struct{ Error string }
	for _, c := range []struct{ game, want string }{
		{"nim(piles=3;4;5)", `(text, e.g. "1:1") or as "parts" (the same move: [{"kind":"heap","value":0},{"kind":"amount","value":1}])`},
		{"thue(alphabet=3,start=1)", `(text, e.g. "0")`},
		{"wythoff(piles=5;8)", `(text, e.g. "0,1")`},
		{"nim2d(n=3)", `"parts" (the same move: [{"kind":"cell"`},
	} {
		if st := h.do("POST", "/api/study/moves", "", map[string]any{"game": c.game, "move": ""}, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
			t.Errorf("study %s without a move: %d %q, want %q", c.game, st, e.Error, c.want)
		}
		m := h.create(c.game, [2]string{"human", "human"}, 1)
		tok := *m.SeatTokens[0]
		if m.ToMove != nil && *m.ToMove == 1 {
			tok = *m.SeatTokens[1]
		}
		if st := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]any{}, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
			t.Errorf("a move of %s without a move: %d %q, want %q", c.game, st, e.Error, c.want)
		}
	}
}

// TestMovePartsAreQuotedAsJSON: an error about move parts quotes them as
// the API takes them, not as Go prints its structs ("[{heap -1}]").
func TestMovePartsAreQuotedAsJSON(t *testing.T) {
	h := newHarness(t, nil)
	var e struct{ Error string }
	for _, c := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"game": "ap(x=10,seed=1)", "parts": []map[string]any{{"kind": "heap", "value": -1}}}, `a move is one part, the number to colour; got [{"kind":"heap","value":-1}]`},
		{map[string]any{"game": "nim", "parts": []map[string]any{{"kind": "", "value": 0}}}, `want two parts, heap then amount; got [{"kind":"","value":0}]`},
		{map[string]any{"game": "vdwlist(k=3,colors=3,list=2,s=9)", "position": "rr.bb....:3", "parts": []map[string]any{{"kind": "heap", "value": 0}, {"kind": "amount", "value": 0}}}, `part {"kind":"heap","value":0} is not one of the 3 colours`},
		{map[string]any{"game": "thue", "parts": []map[string]any{{"kind": "cell", "value": 1}, {"kind": "gap", "value": 2}}}, `got [{"kind":"cell","value":1},{"kind":"gap","value":2}]`},
		{map[string]any{"game": "buildingnim", "parts": []map[string]any{{"kind": strings.Repeat("k", 5000), "value": 1}}}, `got [{"kind":"kkkk`},
	} {
		if st := h.do("POST", "/api/study/moves", "", c.body, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) || len(e.Error) > 400 {
			t.Errorf("%v: %d %.400q, want %q", c.body["game"], st, e.Error, c.want)
		}
	}
}

// TestTypeErrorsSayTheAPIsRange: a value of the wrong kind is told the
// range the API allows (Go's int64 or int8 range it was), and a move
// part's field names its part.
func TestTypeErrorsSayTheAPIsRange(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim(piles=9;9;9)", [2]string{"random", "random"}, 1)
	var e struct{ Error string }
	for _, c := range []struct {
		path string
		body any
		want string
	}{
		{"/api/matches", `{"game":"nim","players":["random","random"],"delay_ms":2.5}`, `field "delay_ms" has the wrong kind of value (a number 2.5 where a whole number of milliseconds from 0 to 10000 is expected)`},
		{"/api/matches/" + m.ID + "/control", `{"action":"speed","delay_ms":"fast"}`, `(a string where a whole number of milliseconds from 0 to 10000 is expected)`},
		{"/api/matches/" + m.ID + "/control", `{"action":"speed","delay_ms":1e30}`, `where a whole number of milliseconds from 0 to 10000 is expected`},
		{"/api/study/setup", `{"game":"nim","view":{"kind":"heaps","heaps":[3],"status":{"to_move":"1"}}}`, `field "view.status.to_move" has the wrong kind of value (a string where a whole number from -2 to 1`},
		{"/api/study/moves", `{"game":"nim","parts":[{"kind":"heap","value":0},{"kind":"amount","value":"1"}]}`, `field "parts[1].value" has the wrong kind of value (a string where a whole number (a heap`},
		{"/api/study/setup", `{"game":"nim2d","view":{"kind":"grid","grid":{"rows":1,"cols":1,"cells":[{"owner":0.5}]}}}`, `where -1 (free), 0 or 1 (the seat that took the cell) is expected`},
	} {
		if st := h.do("POST", c.path, *m.Control, c.body, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) || strings.Contains(e.Error, "9223372036854775807") {
			t.Errorf("%s %s: %d %q, want %q", c.path, c.body, st, e.Error, c.want)
		}
	}
}

// TestSetUpRefusesFieldsOutOfRange: a set-up's field out of its range is
// refused, naming the field and what it allows (they were rewritten or
// ignored), and an owner left out is none, not seat 0's.
func TestSetUpRefusesFieldsOutOfRange(t *testing.T) {
	h := newHarness(t, nil)
	var e struct{ Error string }
	for _, c := range []struct {
		body string
		want string
	}{
		{`{"game":"nim","view":{"kind":"heaps","heaps":[3],"status":{"to_move":-1}}}`, "status.to_move -1 (a chance draw): Nim has no chance draws"},
		{`{"game":"nim","view":{"kind":"heaps","heaps":[3],"status":{"to_move":-2}}}`, "status.to_move -2 says the game is over, but this position is not"},
		{`{"game":"nim","view":{"kind":"heaps","heaps":[0,0],"status":{"to_move":-2,"winner":7}}}`, "status.winner 7: want 0 or 1"},
		{`{"game":"nim2d(n=2)","view":{"kind":"grid","grid":{"rows":2,"cols":2,"cells":[{"owner":5},{},{},{"owner":-1}]}}}`, "cell 1 (index 0) has owner 5: want -1 (free), 0 or 1"},
		{`{"game":"wythoff","view":{"kind":"heaps","heaps":[1,2],"status":{"to_move":-2,"winner":0}}}`, "status.to_move -2 says the game is over, but this position is not"},
		{`{"game":"ap(x=10,seed=1)","view":{"kind":"numbers","numbers":[{"n":9,"owner":3}]}}`, "number 9 has owner 3: want -1 (free), 0 or 1"},
		{`{"game":"buildingnim","view":{"kind":"heaps","heaps":[1,1,1],"status":{"phase":"weird"}}}`, `status.phase "weird": want "building" (tokens are placed) or "nim"`},
		{`{"game":"vdwlist(s=5)","view":{"kind":"numbers","numbers":[{"n":1,"color":9}]}}`, "number 1 has colour 9: the game has 3 colours, want 0 to 2, or -1 (uncoloured)"},
		{`{"game":"vdwlist(s=5)","view":{"kind":"numbers","numbers":[{"n":1,"color":2}]}}`, "give every number 1..5 in order, each with its colour (0 to 2, or -1 uncoloured); 1 numbers given"},
		{`{"game":"vdwlist(s=3)","view":{"kind":"numbers","numbers":[{"n":1},{"n":3},{"n":2}]}}`, "number 3 given in place 2"},
		{`{"game":"vdwlist(s=3)","view":{"kind":"numbers","numbers":[{"n":1},{"n":2},{"n":3}],"status":{"phase":"colour","highlight":[1],"draw":["red",""]}}}`, `status.draw holds "": want colour names of this game (red, blue, green)`},
		{`{"game":"vdwlist(s=3)","view":{"kind":"numbers","numbers":[{"n":1},{"n":2},{"n":3}],"status":{"phase":"painting"}}}`, `status.phase "painting": want "name"`},
	} {
		if st := h.do("POST", "/api/study/setup", "", c.body, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s: %d %q, want 400 with %q", c.body, st, e.Error, c.want)
		}
	}
	// Left out, an owner or a colour is none: {} is an empty cell, not R.
	var s struct{ Position, Error string }
	for _, c := range []struct{ body, want string }{
		{`{"game":"nim2d(n=2)","view":{"kind":"grid","grid":{"rows":2,"cols":2,"cells":[{"owner":0},{},{},{"owner":-1}]},"status":{"to_move":1}}}`, "R./..:G"},
		{`{"game":"vdwlist(s=3)","view":{"kind":"numbers","numbers":[{"n":1},{"n":2,"color":1},{"n":3}]}}`, ".b."},
		{`{"game":"nim","view":{"kind":"heaps","heaps":[0,0],"status":{"to_move":-2,"winner":0}}}`, "0;0 P2"},
	} {
		if st := h.do("POST", "/api/study/setup", "", c.body, &s); st != http.StatusOK || s.Position != c.want {
			t.Errorf("%s: %d %q %q, want %q", c.body, st, s.Position, s.Error, c.want)
		}
	}
}

// TestMethodsOutsideTheRoutes: OPTIONS answers 204 with the methods
// allowed (HEAD among them where GET is), a page's file refuses a change
// (POST / served the page), and a path the mux would redirect in HTML
// under /api/ is a JSON 404.
func TestMethodsOutsideTheRoutes(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("nim", [2]string{"human", "human"}, 1)
	send := func(method, path string) (*http.Response, string) {
		req, _ := http.NewRequest(method, h.ts.URL+path, strings.NewReader("x=1"))
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, string(body)
	}
	for _, c := range []struct {
		method, path string
		status       int
		allow        string
		json         bool
	}{
		{"OPTIONS", "/api/matches", 204, "GET, HEAD, POST, OPTIONS", false},
		{"OPTIONS", "/api/games", 204, "GET, HEAD, OPTIONS", false},
		{"OPTIONS", "/api/matches/" + m.ID + "/moves", 204, "POST, OPTIONS", false},
		{"TRACE", "/api/games", 405, "GET, HEAD, OPTIONS", true},
		{"POST", "/", 405, "GET, HEAD, OPTIONS", true},
		{"DELETE", "/index.html", 405, "GET, HEAD, OPTIONS", true},
		{"POST", "/app.js", 405, "GET, HEAD, OPTIONS", true},
		{"OPTIONS", "/app.js", 204, "GET, HEAD, OPTIONS", false},
		{"POST", "/sources/", 405, "GET, HEAD, OPTIONS", true},
		{"GET", "/api", 404, "", true},
		{"GET", "/api/matches//record", 404, "", true},
		{"GET", "/api/matches/" + m.ID + "/./record", 404, "", true},
		{"GET", "/api/matches/" + m.ID + "/../" + m.ID, 404, "", true},
		{"GET", "/api/nosuch/" + strings.Repeat("x", 5000), 404, "", true},
	} {
		res, body := send(c.method, c.path)
		if res.StatusCode != c.status || res.Header.Get("Allow") != c.allow || c.json != strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || len(body) > 500 {
			t.Errorf("%s %.60s: %d, Allow %q, %s: %.200s; want %d, Allow %q", c.method, c.path, res.StatusCode, res.Header.Get("Allow"), res.Header.Get("Content-Type"), body, c.status, c.allow)
		}
	}
	for _, path := range []string{"/", "/app.js", "/api/games", "/api/matches/" + m.ID, "/api/matches/"} {
		if res, _ := send("HEAD", path); res.StatusCode != 200 && !(path == "/api/matches/" && res.StatusCode == 404) {
			t.Errorf("HEAD %s: %d", path, res.StatusCode)
		}
	}
}

// TestJSONSyntaxSaysWhatIsWrong: a body nested too deeply, one that begins
// with a byte order mark and one cut short say so (they were "not valid
// JSON at byte 10001", "at byte 1" and "not a valid JSON object").
func TestJSONSyntaxSaysWhatIsWrong(t *testing.T) {
	h := newHarness(t, nil)
	var e struct{ Error string }
	for _, c := range []struct{ body, want string }{
		{`{"game":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`, "request body: nested too deeply at byte"},
		{"\xef\xbb\xbf{\"game\":\"nim\",\"move\":\"1:1\"}", "request body: it starts with a UTF-8 byte order mark (EF BB BF); send the JSON object without it"},
		{`{"game":"nim"`, "request body: the JSON ends early, after 13 bytes: a closing }, ] or \" is missing"},
		{`{"game":"nim","parts":[{"kind":"heap"`, "the JSON ends early"},
		{`{"game":"nim",}`, "not valid JSON at byte 15"},
	} {
		if st := h.do("POST", "/api/study/moves", "", c.body, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
			t.Errorf("%.60q: %d %q, want %q", c.body, st, e.Error, c.want)
		}
	}
}

// TestAPartNeedsItsValue: a move part without its value (or its kind) is
// refused; the value read as 0 and "buildingnim" placed a token on heap 1.
func TestAPartNeedsItsValue(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("buildingnim", [2]string{"human", "human"}, 1)
	var e struct{ Error string }
	for _, c := range []struct{ body, want string }{
		{`{"game":"buildingnim","parts":[{"kind":"heap"}]}`, `parts[0] has no "value"`},
		{`{"game":"nim","parts":[{"kind":"heap","value":0},{"kind":"amount"}]}`, `parts[1] has no "value"`},
		{`{"game":"nim","parts":[{"value":0},{"kind":"amount","value":1}]}`, `parts[0] has no "kind"`},
	} {
		if st := h.do("POST", "/api/study/moves", "", c.body, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
			t.Errorf("study %s: %d %q, want %q", c.body, st, e.Error, c.want)
		}
	}
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], `{"parts":[{"kind":"heap"}]}`, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, `parts[0] has no "value"`) {
		t.Errorf("a match's move: %d %q", st, e.Error)
	}
	if st := h.do("POST", "/api/study/moves", "", `{"game":"buildingnim","parts":[{"kind":"heap","value":0}]}`, nil); st != http.StatusOK {
		t.Errorf("a whole part: %d", st)
	}
}

// TestKeysAreExact: a field given twice, or in capitals, is refused (the
// last "game" was taken, and "GAME" read as "game").
func TestKeysAreExact(t *testing.T) {
	h := newHarness(t, nil)
	var e struct{ Error string }
	for _, c := range []struct{ path, body, want string }{
		{"/api/matches", `{"GAME":"nim","Players":["human","perfect"]}`, `field "GAME": the API's field names are lower case ("game")`},
		{"/api/matches", `{"game":"nim","game":"thue","players":["human","human"]}`, `field "game" is given twice in one object`},
		{"/api/study/moves", `{"game":"nim","parts":[{"kind":"heap","value":0,"value":1},{"kind":"amount","value":1}]}`, `field "value" is given twice`},
		{"/api/study/setup", `{"game":"nim","view":{"kind":"heaps","heaps":[1],"status":{"to_move":0,"To_Move":1}}}`, `field "To_Move": the API's field names are lower case`},
	} {
		if st := h.do("POST", c.path, "", c.body, &e); st != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s %s: %d %q, want %q", c.path, c.body, st, e.Error, c.want)
		}
	}
	var list struct{ Matches []any }
	if h.do("GET", "/api/matches", "", nil, &list); len(list.Matches) != 0 {
		t.Errorf("%d matches created, want none", len(list.Matches))
	}
	// The same keys in different objects, and nested values, are fine.
	if st := h.do("POST", "/api/study/moves", "", `{"game":"nim","parts":[{"kind":"heap","value":0},{"kind":"amount","value":1}]}`, nil); st != http.StatusOK {
		t.Errorf("two parts: %d", st)
	}
}
