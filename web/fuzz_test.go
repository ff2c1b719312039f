package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
)

// FuzzAPI sends any game string, position, move and body to the routes
// that read them: every answer is a 2xx, or a 4xx with an error message
// in JSON (harness.do checks the message), or the 501 of POST
// /api/sources on a server that does not write the sources; never the 500
// that a panic in a handler becomes. The matches it plays on are one person's
// seat against a computer in each family, so that moves reach every
// game's notation and parts.
func FuzzAPI(f *testing.F) {
	h := newHarness(f, nil)
	type seat struct{ id, token string }
	var seats []seat
	for _, g := range []string{"nim(piles=3;4;5)", "wythoff(piles=5;8)", "nim2d(n=4)", "ap(k=3,set=1;2;3;4;5;6;7;8;9)",
		"thue(alphabet=3)", "vdwlist(k=3,colors=3,list=2,s=7)", "grundy(heap=9)", "buildingnim(tokens=4)"} {
		m := h.create(g, [2]string{"human", "random"}, 1)
		if m.SeatTokens == nil || m.SeatTokens[0] == nil {
			f.Fatalf("%s: no seat token for the person", g)
		}
		seats = append(seats, seat{m.ID, *m.SeatTokens[0]})
	}
	for _, seed := range []struct {
		route    uint8
		game     string
		position string
		body     string
	}{
		{0, "nim(piles=3;4;5)", "", `{"move":"1:2"}`},
		{0, "", "", `{"parts":[{"kind":"heap","value":0},{"kind":"count","value":2}]}`},
		{1, "", "", `{"move":"0,3"}`},
		{2, "", "", `{"parts":[{"kind":"cell","value":5}]}`},
		{3, "", "", `{"move":"5"}`},
		{4, "", "", `{"move":"2@1"}`},
		{5, "", "", `{"move":"4"}`},
		{6, "", "", `{"move":"3+4"}`},
		{7, "", "", `{"move":"1"}`},
		{8, "nim(piles=3;4;5)", "3;4;5", ""},
		{9, "thue(alphabet=3)", "010@3", ""},
		{10, "vdwlist(k=3,colors=3,list=2,s=7)", "r.r....:5:rb", `{"move":"blue"}`},
		{11, "nim2d(n=4)", "", `{"view":{"grid":{"rows":4,"cols":4}}}`},
		{12, "", "", `{"game":"nim(piles=3;4;5)","players":["human","perfect"],"seed":3}`},
		{12, "", "", `{"game":"nim(piles=999999999999)","players":["human",""]}`},
		{13, "ap(k=3,set=1;2;3)", "1 / 2", ""},
		{8, "thue(alphabet=99)", "@@@", ""},
		{0, "", "", `{"move":"1:2","parts":[{"kind":"heap","value":-1}]}`},
		{2, "", "", `{"parts":[{"kind":"cell","value":9223372036854775807}]}`},
		{12, "", "", `[]`},
		{10, "", "", `{"move":`},
	} {
		f.Add(seed.route, seed.game, seed.position, seed.body)
	}
	f.Fuzz(func(t *testing.T, route uint8, gameStr, position, body string) {
		hh := *h
		hh.t = t
		q := url.Values{"game": {gameStr}, "position": {position}}.Encode()
		var path, method, token string
		var send any = body
		r := int(route) % 15
		switch {
		case r < len(seats):
			s := seats[r]
			method, path, token = "POST", "/api/matches/"+s.id+"/moves", s.token
		case r == 8:
			method, path = "GET", "/api/study?"+q
		case r == 9:
			method, path = "GET", "/api/analysis?"+q
		case r == 10:
			// a study move: the body's move and parts on the game and position given
			var mv map[string]any
			if json.Unmarshal([]byte(body), &mv) != nil {
				mv = map[string]any{}
			}
			mv["game"], mv["position"] = gameStr, position
			method, path, send = "POST", "/api/study/moves", mv
		case r == 11:
			var su map[string]any
			if json.Unmarshal([]byte(body), &su) != nil {
				su = map[string]any{}
			}
			su["game"] = gameStr
			method, path, send = "POST", "/api/study/setup", su
		case r == 12:
			method, path = "POST", "/api/matches"
		case r == 13:
			method, path = "POST", "/api/sources"
		default:
			method, path = "GET", "/api/matches?"+q
		}
		if st := hh.do(method, path, token, send, nil); st == http.StatusInternalServerError {
			t.Errorf("%s %s with %q: status %d", method, path, body, st)
		}
	})
}
