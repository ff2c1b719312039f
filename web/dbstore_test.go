package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/web"
)

// openDB opens the database at url for the test; close closes it (once).
func openDB(t *testing.T, url string) (st *store.Store, close func()) {
	t.Helper()
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	close = func() {
		if !closed {
			closed = true
			if err := st.Close(); err != nil {
				t.Error(err)
			}
		}
	}
	t.Cleanup(close)
	return st, close
}

// dbHarness is a server on the database store, as `kombi serve --db`
// runs it, with the test helpers of server_test.go.
func dbHarness(t *testing.T, st *store.Store) *harness {
	t.Helper()
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Options{Games: kit.Games, Bots: kit.Bots, Solvers: kit.Solvers(), Store: web.NewDBStore(st), MaxThink: 5 * time.Second,
		MaxSearches: 2, Catalogue: func() any { return all.Catalogue(kit.Games, kit.Bots) }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &harness{t: t, srv: srv, ts: ts, reg: kit.Games}
}

func TestDBStoreMatchesScoresAndArchive(t *testing.T) {
	storetest.EachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		st, _ := openDB(t, url)
		ds := web.NewDBStore(st)
		t0 := time.Date(2025, 5, 1, 10, 0, 0, 0, time.UTC)
		w := 1
		rec := game.Record{Game: "nim(piles=1;2,misere=false)", Seed: 4, Players: []string{"human", "perfect"},
			Moves: []game.RecordMove{{Player: 0, Move: "2:1", Seconds: 1.5}}, Extra: map[string]any{"note": "x"}}
		for i, id := range []string{"m1", "m2", "m3"} {
			sm := &web.StoredMatch{ID: id, Mode: web.ModeNormal, Record: rec, TokenHashes: [2]string{"t-" + id, ""},
				Created: t0.Add(time.Duration(i) * time.Second), Updated: t0.Add(time.Duration(i) * time.Second)}
			if id == "m3" {
				sm.Record.Game = "wythoff(x=1,y=2)"
			}
			if err := ds.Write(ctx, []web.Write{{Match: sm, Expect: 0}}); err != nil {
				t.Fatal(err)
			}
		}
		done := rec
		done.Moves = append(done.Moves, game.RecordMove{Player: 1, Move: "1:1", Seconds: 0}, game.RecordMove{Player: 0, Move: "2:1"})
		done.Winner, done.Length = &w, 3
		end := &web.StoredMatch{ID: "m1", Mode: web.ModeNormal, Record: done, Finished: true, Created: t0, Updated: t0.Add(time.Minute)}
		if err := ds.Write(ctx, []web.Write{{Match: end, Expect: 1}}); err != nil {
			t.Fatal(err)
		}
		if err := ds.Write(ctx, []web.Write{{Match: end, Expect: 1}}); !errors.Is(err, web.ErrConflict) {
			t.Fatalf("a second change based on version 1: %v; want ErrConflict", err)
		}
		open, err := ds.Matches(ctx)
		if err != nil || len(open) != 2 || open[0].ID != "m3" || open[1].ID != "m2" {
			t.Fatalf("unfinished matches: %+v, %v", open, err)
		}
		if m := open[1]; m.Record.Extra["note"] != "x" || len(m.Record.Moves) != 1 || m.Record.Moves[0].Seconds != 1.5 ||
			m.TokenHashes[0] != "t-m2" || !m.Created.Equal(t0.Add(time.Second)) || m.Finished {
			t.Fatalf("match m2 read back: %+v", m)
		}
		nim, err := ds.List(ctx, web.ListFilter{Game: "nim", Limit: 1})
		if err != nil || len(nim) != 1 || nim[0].ID != "m2" || nim[0].Moves != 1 || nim[0].Seed != 4 {
			t.Fatalf("newest nim match: %+v, %v", nim, err)
		}
		if all, err := ds.List(ctx, web.ListFilter{}); err != nil || len(all) != 3 || !all[2].Finished || all[2].Moves != 3 || *all[2].Winner != 1 {
			t.Fatalf("all matches: %+v, %v", all, err)
		}

		for i, c := range [][2]int{{5, 5}, {2, 5}, {8, 8}} {
			ws := []web.Write{{Match: end, Expect: int64(2 + i), ScoreKey: "thue(alphabet=3)", Score: c[0]}}
			if err := ds.Write(ctx, ws); err != nil || ws[0].Best != c[1] {
				t.Fatalf("score %d: best %d, %v; want %d", c[0], ws[0].Best, err, c[1])
			}
		}
		for i := range 2 {
			if err := ds.Write(ctx, []web.Write{{Match: end, Expect: int64(5 + i), Archive: true}}); err != nil {
				t.Fatal(err)
			}
		}
		// One write of a batch that fails fails the whole batch: none is stored.
		bad := &web.StoredMatch{ID: strings.Repeat("x", 300), Mode: web.ModeNormal, Record: rec}
		if err := ds.Write(ctx, []web.Write{{Match: &web.StoredMatch{ID: "m4", Mode: web.ModeNormal, Record: rec}}, {Match: bad}}); err == nil {
			t.Fatal("a batch with an id of 300 bytes was stored")
		}
		if m, err := ds.Match(ctx, "m4"); err != nil || m != nil {
			t.Fatalf("a match of a failed batch: %+v, %v", m, err)
		}
		games, err := st.Games(ctx, store.Filter{})
		if err != nil || len(games) != 1 || games[0].Source != store.SourceServe || games[0].Length != 3 {
			t.Fatalf("archived games (the same record twice): %+v, %v", games, err)
		}
	})
}

// TestDBStoreRestartContinuesMatch closes a server and its database and
// starts both again: the unfinished match goes on where it was, its seat
// token still valid; once over it is in the games table.
func TestDBStoreRestartContinuesMatch(t *testing.T) {
	storetest.EachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		st, closeDB := openDB(t, url)
		h := dbHarness(t, st)
		m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 1)
		tok := *m.SeatTokens[0]
		h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": "1:1"}, &matchJSON{})
		h.waitTurn(m.ID)
		// Two people: no server takes their match into memory at its start.
		f := h.create("nim(piles=2;3)", [2]string{"human", "human"}, 2)
		h.do("POST", "/api/matches/"+f.ID+"/moves", *f.SeatTokens[0], map[string]string{"move": "1:1"}, &matchJSON{})
		h.ts.Close()
		h.srv.Close()
		closeDB()

		st2, _ := openDB(t, url)
		h2 := dbHarness(t, st2)
		// The list says whose move it is before the match is opened again
		// (the page's "your move"): the seat stored with the match.
		var list struct {
			Matches []struct {
				ID     string       `json:"id"`
				ToMove *game.Player `json:"to_move"`
			} `json:"matches"`
		}
		code := h2.do("GET", "/api/matches", "", nil, &list)
		if code != http.StatusOK || len(list.Matches) != 2 {
			t.Fatalf("the list after a restart: status %d, %+v", code, list.Matches)
		}
		for _, row := range list.Matches {
			want := map[string]game.Player{m.ID: 0, f.ID: 1}[row.ID]
			if row.ToMove == nil || *row.ToMove != want {
				t.Errorf("the list after a restart: match %s with %v to move; want seat %d", row.ID, row.ToMove, want)
			}
		}
		got := h2.waitTurn(m.ID)
		if len(got.Moves) != 2 || got.Moves[0].Move != "1:1" || *got.ToMove != 0 || got.Finished {
			t.Fatalf("after a restart: moves %v, to move %v, finished %v", got.Moves, got.ToMove, got.Finished)
		}
		for !got.Finished {
			if st := h2.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": got.LegalMoves[0].Move}, &matchJSON{}); st != http.StatusOK {
				t.Fatalf("move after a restart (the seat token must survive): status %d", st)
			}
			got = h2.waitTurn(m.ID)
		}
		if got.Winner == nil || *got.Winner != 1 {
			t.Fatalf("perfect play from 3;4;5 after 1:1 should win for the computer: winner %v", got.Winner)
		}
		open, err := web.NewDBStore(st2).Matches(ctx)
		if err != nil || len(open) != 1 || open[0].ID != f.ID {
			t.Fatalf("unfinished matches after the end: %d, %v; want the two people's only", len(open), err)
		}
		games, err := st2.Games(ctx, store.Filter{Game: "nim"})
		if err != nil || len(games) != 1 || games[0].Source != store.SourceServe {
			t.Fatalf("games stored: %+v, %v", games, err)
		}
		rec, err := games[0].Decode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.Replay(h2.reg, rec); err != nil || len(rec.Moves) != len(got.Moves) {
			t.Fatalf("stored record: %d moves (the match had %d), replay: %v", len(rec.Moves), len(got.Moves), err)
		}
	})
}

// TestDBStoreSoloHighScore plays a solo match to its end: its length is
// the high score, kept in the database for the next server.
func TestDBStoreSoloHighScore(t *testing.T) {
	storetest.EachBackend(t, func(t *testing.T, url string) {
		st, _ := openDB(t, url)
		h := dbHarness(t, st)
		var m matchJSON
		if code := h.do("POST", "/api/matches", "", map[string]any{"game": "thue(alphabet=2)", "mode": web.ModeSolo, "seed": 1}, &m); code != http.StatusCreated {
			t.Fatalf("solo match: status %d: %s", code, m.Error)
		}
		tok := *m.SeatTokens[0]
		for !m.Finished {
			mv := m.LegalMoves[len(m.LegalMoves)-1].Move
			if code := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": mv}, &m); code != http.StatusOK {
				t.Fatalf("move %s: status %d", mv, code)
			}
		}
		scores, err := st.HighScores(context.Background())
		if err != nil || len(scores) != 1 {
			t.Fatalf("high scores: %v, %v", scores, err)
		}
		for key, score := range scores {
			if key != "thue(alphabet=2,rule=square)" || score != int64(m.Length) || m.Length < 2 {
				t.Fatalf("high score %s = %d after a solo game of length %d", key, score, m.Length)
			}
		}
	})
}

// TestTwoServersNeverTwoHistories: two servers on one database hold the
// same match; a move through the one whose copy is stale is refused with
// 409 (never stored over the other's), and that server then shows what
// the database has.
func TestTwoServersNeverTwoHistories(t *testing.T) {
	storetest.EachBackend(t, func(t *testing.T, url string) {
		st, _ := openDB(t, url)
		a := dbHarness(t, st)
		m := a.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
		b := dbHarness(t, st)
		var seen matchJSON
		b.do("GET", "/api/matches/"+m.ID, "", nil, &seen) // b loads it
		if st := a.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1:1"}, &matchJSON{}); st != 200 {
			t.Fatalf("a's move: %d", st)
		}
		var e matchJSON
		if st := b.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "3:5"}, &e); st != 409 || !strings.Contains(e.Error, "another server") {
			t.Fatalf("a move through the stale server: %d %q; want 409", st, e.Error)
		}
		var got matchJSON
		b.do("GET", "/api/matches/"+m.ID, "", nil, &got)
		if len(got.Moves) != 1 || got.Moves[0].Move != "1:1" || *got.ToMove != 1 {
			t.Fatalf("the stale server after the conflict shows %v", got.Moves)
		}
		if st := b.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[1], map[string]string{"move": "3:5"}, &got); st != 200 || len(got.Moves) != 2 {
			t.Fatalf("the next move through it: %d, %d moves", st, len(got.Moves))
		}
	})
}

// TestAnUnreadableMatchDoesNotStopTheStart: a stored match whose record
// does not read is left out with a warning; the server starts and resumes
// the others.
func TestAnUnreadableMatchDoesNotStopTheStart(t *testing.T) {
	storetest.EachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		st, _ := openDB(t, url)
		if err := st.SaveMatch(ctx, store.Match{ID: "broken", Mode: web.ModeNormal, Record: json.RawMessage(`{"game":"nim(piles=1)","players":["a","b"],"moves":[{"player":"x"}]}`)}); err != nil {
			t.Fatal(err)
		}
		h := dbHarness(t, st)
		m := h.create("nim(piles=3;4;5)", [2]string{"human", "perfect"}, 1)
		h.ts.Close()
		h.srv.Close()
		h2 := dbHarness(t, st)
		if got := h2.waitTurn(m.ID); len(got.Moves) != 0 || got.Finished {
			t.Fatalf("the readable match after a restart: %+v", got)
		}
	})
}

// TestListPages: every store lists the same matches for the same filter,
// newest first (the same instant: the larger id first), a page at a time
// after the last match of the page before.
func TestListPages(t *testing.T) {
	check := func(t *testing.T, st web.Store) {
		ctx := context.Background()
		t0 := time.Date(2025, 5, 1, 10, 0, 0, 0, time.UTC)
		w := 0
		// a (finished) and b at t0, c at t0+1s, d (a Wythoff match) at t0+2s.
		for _, m := range []struct {
			id, game string
			at       time.Duration
			finished bool
		}{{"a", "nim(piles=1;2,misere=false)", 0, true}, {"b", "nim(piles=1;2,misere=false)", 0, false},
			{"c", "nim(piles=1;2,misere=false)", time.Second, false}, {"d", "wythoff(x=1,y=2)", 2 * time.Second, false}} {
			rec := game.Record{Game: m.game, Seed: 4, Players: []string{"human", "perfect"}}
			if m.finished {
				rec.Moves, rec.Winner = []game.RecordMove{{Player: 0, Move: "2:2"}, {Player: 1, Move: "1:1"}}, &w
			}
			sm := &web.StoredMatch{ID: m.id, Mode: web.ModeNormal, Record: rec, Finished: m.finished, Created: t0.Add(m.at), Updated: t0.Add(m.at)}
			if err := st.Write(ctx, []web.Write{{Match: sm, Expect: 0}}); err != nil {
				t.Fatal(err)
			}
		}
		for _, tc := range []struct {
			f    web.ListFilter
			want string
		}{
			{web.ListFilter{}, "d c b a"},
			{web.ListFilter{Limit: 2}, "d c"},
			{web.ListFilter{Before: "c", Limit: 2}, "b a"},
			{web.ListFilter{Before: "b"}, "a"},
			{web.ListFilter{Before: "a"}, ""},
			{web.ListFilter{Game: "nim", Before: "d"}, "c b a"},
			{web.ListFilter{State: web.StateFinished}, "a"},
			{web.ListFilter{State: web.StateUnfinished, Before: "c"}, "b"},
			{web.ListFilter{Game: "wythoff", State: web.StateFinished}, ""},
		} {
			got, err := st.List(ctx, tc.f)
			var ids []string
			for _, s := range got {
				ids = append(ids, s.ID)
			}
			if err != nil || strings.Join(ids, " ") != tc.want {
				t.Errorf("list %+v: %v, %v; want %q", tc.f, ids, err, tc.want)
			}
		}
	}
	t.Run("memory", func(t *testing.T) { check(t, &web.MemoryStore{}) })
	storetest.EachBackend(t, func(t *testing.T, url string) {
		st, _ := openDB(t, url)
		check(t, web.NewDBStore(st))
	})
}

// TestDBStoreRestartAfterUndoDrawsAnew: a list drawn, seen and taken back
// by an undo does not come back when the server restarts: the stored
// record counts the draws taken back, and the rebuilt match skips them as
// the match that made them did (it draws the seed's next list).
func TestDBStoreRestartAfterUndoDrawsAnew(t *testing.T) {
	const spec = "vdwlist(k=3,colors=6,list=3,s=9)" // 20 lists, drawn from the match's seed
	people := [2]string{"human", "human"}
	lastList := func(m matchJSON) string {
		t.Helper()
		if n := len(m.Moves); n == 0 || m.Moves[n-1].Player != game.Chance {
			t.Fatalf("no list drawn after the number: moves %v", m.Moves)
		}
		return m.Moves[len(m.Moves)-1].Move
	}
	storetest.EachBackend(t, func(t *testing.T, url string) {
		for seed := range uint64(8) {
			// The seed's first two lists, in a match without an undo.
			st, closeDB := openDB(t, url)
			h := dbHarness(t, st)
			plain := h.create(spec, people, seed)
			var m matchJSON
			h.do("POST", "/api/matches/"+plain.ID+"/moves", *plain.SeatTokens[0], map[string]string{"move": "5"}, &m)
			first := lastList(m)
			h.do("POST", "/api/matches/"+plain.ID+"/moves", *plain.SeatTokens[1], map[string]string{"move": m.LegalMoves[0].Move}, &m)
			h.do("POST", "/api/matches/"+plain.ID+"/moves", *plain.SeatTokens[0], map[string]string{"move": "1"}, &m)
			second := lastList(m)
			if first == second {
				h.ts.Close()
				h.srv.Close()
				closeDB()
				continue // the seed draws one list twice: it shows nothing
			}

			u := h.create(spec, people, seed)
			tok := *u.SeatTokens[0]
			h.do("POST", "/api/matches/"+u.ID+"/moves", tok, map[string]string{"move": "5"}, &m)
			if seen := lastList(m); seen != first {
				t.Fatalf("seed %d: the first list %s, want %s", seed, seen, first)
			}
			if code := h.do("POST", "/api/matches/"+u.ID+"/undo", tok, nil, &m); code != http.StatusOK || len(m.Moves) != 0 {
				t.Fatalf("undo: status %d, %d moves left", code, len(m.Moves))
			}
			h.ts.Close()
			h.srv.Close()
			closeDB()

			st2, closeDB2 := openDB(t, url)
			h2 := dbHarness(t, st2)
			h2.do("POST", "/api/matches/"+u.ID+"/moves", tok, map[string]string{"move": "1"}, &m)
			if got := lastList(m); got != second {
				t.Fatalf("seed %d: after an undo and a restart the list %s, want the seed's next %s (not %s, seen and taken back)", seed, got, second, first)
			}
			h2.ts.Close()
			h2.srv.Close()
			closeDB2()
			return
		}
		t.Fatal("every seed drew its first list twice: the test shows nothing")
	})
}
