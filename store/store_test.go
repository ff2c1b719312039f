package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store/storetest"
)

// The suite runs against SQLite always and against PostgreSQL when
// KOMBI_TEST_POSTGRES holds a URL (.ci/postgres.sh starts a server and
// prints one). Each PostgreSQL test gets a schema of its own.

var eachBackend = storetest.EachBackend

func openT(t *testing.T, url string) *Store {
	t.Helper()
	s, err := Open(context.Background(), url)
	if err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// record is a small record with a game-specific field; n varies it.
func record(n int) *game.Record {
	w := n % 2
	return &game.Record{
		Game:    "nim(piles=3;4;5,misere=false)",
		Seed:    uint64(n),
		Players: []string{"perfect", "random"},
		Moves: []game.RecordMove{
			{Player: 0, Move: "1:2", Seconds: 0.25},
			{Player: 1, Move: fmt.Sprintf("2:%d", n%4+1), Seconds: 0.5},
		},
		Winner:  &w,
		Returns: []float64{1, -1},
		Length:  2,
		Extra:   map[string]any{"note": fmt.Sprintf("game %d", n)},
	}
}

func mustAdd(t *testing.T, s *Store, g NewGame) int64 {
	t.Helper()
	id, added, err := s.AddGame(context.Background(), g)
	if err != nil || !added {
		t.Fatalf("add game: id %d, added %v, %v", id, added, err)
	}
	return id
}

func count(t *testing.T, s *Store, f Filter) int64 {
	t.Helper()
	n, err := s.CountGames(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		rec := record(3)
		rec.Seed = 1<<63 + 12345 // beyond int64: stored with the same bits
		want, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		id := mustAdd(t, s, NewGame{Record: rec, Source: SourcePlay})
		g, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(g.Record, want) {
			t.Fatalf("record not byte-exact:\n got %s\nwant %s", g.Record, want)
		}
		if g.ID != id || g.Seed != rec.Seed || g.GameName != "nim" || g.Game != rec.Game ||
			strings.Join(g.Players, ",") != "perfect,random" || g.Winner == nil || *g.Winner != 1 ||
			g.Length != 2 || g.Aborted || g.Source != SourcePlay || g.Sweep != "" || g.Cell != "" ||
			g.Created.IsZero() || len(g.RecordHash) != 64 {
			t.Fatalf("stored game: %+v", g)
		}
		back, err := g.Decode()
		if err != nil {
			t.Fatal(err)
		}
		if back.Extra["note"] != "game 3" || back.Moves[1].Seconds != 0.5 {
			t.Fatalf("decoded: %+v", back)
		}

		// Given as JSON, the record is kept byte for byte (white space included).
		raw := []byte(`{"game": "thue(alphabet=3)", "seed": 7, "players": ["a", "b"], "moves": [], "winner": null,` +
			` "returns": [0, 0], "length": 0, "aborted": true, "reason": "max-think", "word": "ab"}`)
		id2 := mustAdd(t, s, NewGame{JSON: append([]byte("  "), append(raw, '\n')...), Source: SourceArena})
		g2, err := s.Game(ctx, id2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(g2.Record, raw) || g2.Winner != nil || !g2.Aborted || g2.GameName != "thue" || g2.Source != SourceArena {
			t.Fatalf("stored JSON game: %+v (record %s)", g2, g2.Record)
		}
		if id2 <= id {
			t.Fatalf("ids do not grow: %d then %d", id, id2)
		}
	})
}

func TestAddGameChecks(t *testing.T) {
	s := openT(t, filepath.Join(t.TempDir(), "k.db"))
	for _, tt := range []struct {
		g    NewGame
		want string
	}{
		{NewGame{Record: record(1), Source: "web"}, `source "web"`},
		{NewGame{Record: record(1), Source: SourceSweep, Sweep: "s"}, "give both or neither"},
		{NewGame{Source: SourcePlay}, "no record given"},
		{NewGame{Record: record(1), JSON: []byte("{}"), Source: SourcePlay}, "not both"},
		{NewGame{JSON: []byte(`{"game":"nim"`), Source: SourcePlay}, "not a game record"},
		{NewGame{JSON: []byte(`{"seed":1}`), Source: SourcePlay}, `no "game"`},
		{NewGame{JSON: []byte(`{"game":"nim(("}`), Source: SourcePlay}, "not a game record"},
		// Shapes no game has (the store checks the shape, not the moves).
		{NewGame{JSON: []byte(`{"game":"nim(piles=3;4;5)","players":["a","b"],"winner":7}`), Source: SourcePlay}, "winner 7; want 0 (P1), 1 (P2) or null"},
		{NewGame{JSON: []byte(`{"game":"nim(piles=3;4;5)","players":["a"]}`), Source: SourceImport}, "1 players; a game has 2"},
		{NewGame{JSON: []byte(`{"game":"nim(piles=3;4;5)","players":["a","b"],"moves":[{"player":4,"move":"1:1"}]}`), Source: SourcePlay}, "move 1: player 4"},
	} {
		// The options are usage errors; the records are checked as
		// game.Replay checks them (not usage errors: kombi records import
		// exits 1).
		_, _, err := s.AddGame(context.Background(), tt.g)
		usage := tt.g.Source == "web" || tt.g.Sweep != "" || tt.g.Record != nil && tt.g.JSON != nil
		if err == nil || !strings.Contains(err.Error(), tt.want) || errors.As(err, new(*game.InputError)) != usage {
			t.Errorf("%+v: got %v, want an error with %q (a usage error, *game.InputError: %v)", tt.g, err, tt.want, usage)
		}
	}
	if n := count(t, s, Filter{}); n != 0 {
		t.Fatalf("refused games were stored: %d", n)
	}
}

func TestSweepGameStoredOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		id := mustAdd(t, s, NewGame{Record: record(1), Source: SourceSweep, Sweep: "grid", Cell: "c1"})
		// The same sweep, cell and seed with another record: not stored again.
		other := record(1)
		other.Moves[0].Seconds = 9
		id2, added, err := s.AddGame(ctx, NewGame{Record: other, Source: SourceSweep, Sweep: "grid", Cell: "c1"})
		if err != nil || added || id2 != id {
			t.Fatalf("second add: id %d (first %d), added %v, %v", id2, id, added, err)
		}
		if n := count(t, s, Filter{Sweep: "grid"}); n != 1 {
			t.Fatalf("%d rows for one sweep game", n)
		}
		// Another cell, another sweep: other games, even with the same record.
		mustAdd(t, s, NewGame{Record: record(1), Source: SourceSweep, Sweep: "grid", Cell: "c2"})
		mustAdd(t, s, NewGame{Record: record(1), Source: SourceSweep, Sweep: "grid2", Cell: "c1"})
		// Outside sweeps the same record is one game.
		id3 := mustAdd(t, s, NewGame{Record: record(1), Source: SourcePlay})
		id4, added, err := s.AddGame(ctx, NewGame{Record: record(1), Source: SourceArena})
		if err != nil || added || id4 != id3 {
			t.Fatalf("same record twice: id %d (first %d), added %v, %v", id4, id3, added, err)
		}
		if n := count(t, s, Filter{}); n != 4 {
			t.Fatalf("%d games stored, want 4", n)
		}
	})
}

func jsonl(t *testing.T, recs ...*game.Record) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, r := range recs {
		d, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(d)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func TestImportTwiceAddsNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		// A game stored by a sweep is not imported again either.
		mustAdd(t, s, NewGame{Record: record(4), Source: SourceSweep, Sweep: "g", Cell: "c"})
		data := jsonl(t, record(1), record(2), record(2), record(3), record(4))
		data = append(data, "\n  \n"...) // blank lines are ignored
		res, err := s.Import(ctx, bytes.NewReader(data), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res != (ImportResult{Added: 3, Skipped: 2}) {
			t.Fatalf("first import: %+v", res)
		}
		res, err = s.Import(ctx, bytes.NewReader(data), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res != (ImportResult{Added: 0, Skipped: 5}) {
			t.Fatalf("second import: %+v", res)
		}
		if n := count(t, s, Filter{}); n != 4 {
			t.Fatalf("%d games after two imports, want 4", n)
		}
		gs, err := s.Games(ctx, Filter{Limit: 1})
		if err != nil || len(gs) != 1 || gs[0].Source != SourceImport || gs[0].Seed != 3 {
			t.Fatalf("newest game: %+v, %v", gs, err)
		}
	})
}

func TestImportTornAndBadLines(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		good := jsonl(t, record(1), record(2))
		full := jsonl(t, record(3))
		torn := full[:len(full)/2]

		res, err := s.Import(ctx, bytes.NewReader(append(append([]byte{}, good...), torn...)), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res != (ImportResult{Added: 2, TornLast: true}) {
			t.Fatalf("torn last line: %+v", res)
		}
		// A complete last line without a newline is a record, not a torn one.
		res, err = s.Import(ctx, bytes.NewReader(bytes.TrimSuffix(full, []byte("\n"))), nil)
		if err != nil || res != (ImportResult{Added: 1}) {
			t.Fatalf("last line without newline: %+v, %v", res, err)
		}

		before := count(t, s, Filter{})
		for _, tt := range []struct {
			data []byte
			want string
		}{
			// A torn line that is not the last is an error.
			{append(append(append([]byte{}, torn...), '\n'), jsonl(t, record(5))...), "line 1"},
			{append(jsonl(t, record(6)), `{"seed": 1}`+"\n"...), `line 2: not a game record: no "game"`},
			// Valid JSON but not a record, last and without a newline: an error, not torn.
			{append(jsonl(t, record(7)), `[1, 2]`...), "line 2: not a game record"},
			{append(jsonl(t, record(8)), bytes.Repeat([]byte(" "), MaxRecordBytes+2)...), "line 2: longer than"},
		} {
			_, err := s.Import(ctx, bytes.NewReader(tt.data), nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error with %q", err, tt.want)
			}
		}
		if n := count(t, s, Filter{}); n != before {
			t.Fatalf("a failed import stored games: %d before, %d after", before, n)
		}
	})
}

func TestExportImportByteExact(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		for i := 1; i <= 3; i++ {
			mustAdd(t, s, NewGame{Record: record(i), Source: SourcePlay})
		}
		// An indented record becomes one line in the export.
		indented, _ := json.MarshalIndent(record(9), "", "  ")
		mustAdd(t, s, NewGame{JSON: indented, Source: SourcePlay})
		mustAdd(t, s, NewGame{Record: record(5), Source: SourceSweep, Sweep: "sw", Cell: "c"})

		var all bytes.Buffer
		n, err := s.Export(ctx, Filter{}, &all)
		if err != nil || n != 5 {
			t.Fatalf("export: %d, %v", n, err)
		}
		lines := strings.Split(strings.TrimSuffix(all.String(), "\n"), "\n")
		if len(lines) != 5 {
			t.Fatalf("export has %d lines:\n%s", len(lines), all.String())
		}
		for i, line := range lines {
			var r game.Record
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			if want := []uint64{1, 2, 3, 9, 5}[i]; r.Seed != want {
				t.Fatalf("line %d: seed %d, want %d (oldest first)", i+1, r.Seed, want)
			}
		}
		var sw bytes.Buffer
		if n, err := s.Export(ctx, Filter{Sweep: "sw"}, &sw); err != nil || n != 1 || !strings.Contains(sw.String(), `"seed":5`) {
			t.Fatalf("sweep export: %d, %v: %s", n, err, sw.String())
		}

		// Into another database and out again: the same bytes.
		s2 := openT(t, filepath.Join(t.TempDir(), "other.db"))
		if res, err := s2.Import(ctx, bytes.NewReader(all.Bytes()), nil); err != nil || res.Added != 5 {
			t.Fatalf("import: %+v, %v", res, err)
		}
		var again bytes.Buffer
		if _, err := s2.Export(ctx, Filter{}, &again); err != nil {
			t.Fatal(err)
		}
		if again.String() != all.String() {
			t.Fatalf("export → import → export differs:\n%s\n%s", all.String(), again.String())
		}

		// A failing writer is an error.
		if _, err := s.Export(ctx, Filter{}, failWriter{}); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Fatalf("write error: %v", err)
		}
	})
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestFilters(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		var ids []int64
		for i := 1; i <= 6; i++ {
			r := record(i)
			if i%2 == 0 {
				r.Game = "wythoff(x=4,y=5)"
			}
			g := NewGame{Record: r, Source: SourceArena}
			if i >= 5 {
				g.Source, g.Sweep, g.Cell = SourceSweep, "grid", "cell"
			}
			ids = append(ids, mustAdd(t, s, g))
		}
		seeds := func(f Filter) string {
			t.Helper()
			gs, err := s.Games(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, g := range gs {
				out = append(out, fmt.Sprint(g.Seed))
			}
			return strings.Join(out, ",")
		}
		for _, tt := range []struct {
			f    Filter
			want string
		}{
			{Filter{}, "6,5,4,3,2,1"},
			{Filter{Limit: 2}, "6,5"},
			{Filter{Game: "nim"}, "5,3,1"},
			{Filter{Game: "wythoff(x=4,y=5)"}, "6,4,2"},
			{Filter{Game: "wythoff(x=1,y=1)"}, ""},
			{Filter{Sweep: "grid"}, "6,5"},
			{Filter{Sweep: "grid", Game: "nim"}, "5"},
			{Filter{Sweep: "nope"}, ""},
			{Filter{AfterID: ids[3]}, "6,5"},
			{Filter{BeforeID: ids[2], Limit: 1}, "2"},
		} {
			if got := seeds(tt.f); got != tt.want {
				t.Errorf("%+v: seeds %q, want %q", tt.f, got, tt.want)
			}
		}
		if n := count(t, s, Filter{Game: "nim", Limit: 1}); n != 3 {
			t.Errorf("count nim: %d", n)
		}
		// An option out of range: the field and the flag of kombi records list.
		if _, err := s.Games(ctx, Filter{Limit: -1}); err == nil || !strings.Contains(err.Error(), "Limit (--limit) -1: want 0 (no limit) or more") || !errors.As(err, new(*game.OptionError)) {
			t.Errorf("limit -1: %v", err)
		}
		var seen []uint64
		err := s.Each(ctx, Filter{Game: "nim"}, func(g *StoredGame) error {
			seen = append(seen, g.Seed)
			return nil
		})
		if err != nil || fmt.Sprint(seen) != "[1 3 5]" {
			t.Errorf("each: %v, %v", seen, err)
		}
		stop := errors.New("stop")
		if err := s.Each(ctx, Filter{}, func(*StoredGame) error { return stop }); !errors.Is(err, stop) {
			t.Errorf("each stopped: %v", err)
		}
	})
}

func TestNotFound(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		_, err := s.Game(ctx, 42)
		if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "no game 42 in ") {
			t.Fatalf("game 42: %v", err)
		}
		_, err = s.Sweep(ctx, "nope")
		if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `sweep "nope": not found`) {
			t.Fatalf("sweep: %v", err)
		}
	})
}

func TestConcurrentAdd(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		const workers, each = 8, 25
		var wg sync.WaitGroup
		var mu sync.Mutex
		addedKey := 0
		errs := make(chan error, workers*(each+1))
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < each; i++ {
					if _, added, err := s.AddGame(ctx, NewGame{Record: record(1000 + w*each + i), Source: SourceArena}); err != nil || !added {
						errs <- fmt.Errorf("worker %d game %d: added %v, %v", w, i, added, err)
					}
				}
				// Every worker stores the same sweep game: one of them adds it.
				_, added, err := s.AddGame(ctx, NewGame{Record: record(7), Source: SourceSweep, Sweep: "race", Cell: "c"})
				if err != nil {
					errs <- err
				}
				if added {
					mu.Lock()
					addedKey++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if n := count(t, s, Filter{}); n != workers*each+1 || addedKey != 1 {
			t.Fatalf("%d games stored (want %d), the sweep game added %d times", n, workers*each+1, addedKey)
		}
	})
}

func TestOpenTwice(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s, err := Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		id := mustAdd(t, s, NewGame{Record: record(1), Source: SourcePlay})
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2 := openT(t, url) // the migrations are applied already
		if _, err := s2.Game(ctx, id); err != nil {
			t.Fatal(err)
		}
		s3 := openT(t, url) // and open beside another
		mustAdd(t, s3, NewGame{Record: record(2), Source: SourcePlay})
		if n := count(t, s2, Filter{}); n != 2 {
			t.Fatalf("%d games", n)
		}
	})
}

func TestOpenNewFileConcurrently(t *testing.T) {
	url := filepath.Join(t.TempDir(), "new.db")
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(context.Background(), url)
			if err != nil {
				errs <- err
				return
			}
			if _, _, err := s.AddGame(context.Background(), NewGame{Record: record(i), Source: SourcePlay}); err != nil {
				errs <- err
			}
			errs <- s.Close()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

func TestSweeps(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		if err := s.PutSweep(ctx, Sweep{Name: "grid", Spec: "name = \"grid\"\n", GamesTotal: 4}); err != nil {
			t.Fatal(err)
		}
		first, err := s.Sweep(ctx, "grid")
		if err != nil || first.Spec != "name = \"grid\"\n" || first.GamesTotal != 4 || first.Created.IsZero() {
			t.Fatalf("sweep: %+v, %v", first, err)
		}
		if err := s.PutSweep(ctx, Sweep{Name: "grid", Spec: "v2", GamesTotal: 6}); err != nil {
			t.Fatal(err)
		}
		if err := s.PutSweep(ctx, Sweep{Name: "other", Spec: "{}"}); err != nil {
			t.Fatal(err)
		}
		second, err := s.Sweep(ctx, "grid")
		if err != nil || second.Spec != "v2" || second.GamesTotal != 6 || !second.Created.Equal(first.Created) {
			t.Fatalf("updated sweep: %+v (first %+v), %v", second, first, err)
		}
		all, err := s.Sweeps(ctx)
		if err != nil || len(all) != 2 || all[0].Name != "grid" || all[1].Name != "other" {
			t.Fatalf("sweeps: %v, %v", all, err)
		}
		for _, bad := range []Sweep{{}, {Name: strings.Repeat("x", MaxSweepName+1)}, {Name: "n", GamesTotal: -1}} {
			if err := s.PutSweep(ctx, bad); err == nil {
				t.Errorf("put %+v: no error", bad)
			}
		}

		for _, k := range []struct {
			cell string
			seed uint64
		}{{"b", 3}, {"a", 2}, {"a", 1}, {"b", 1 << 63}} {
			r := record(int(k.seed % 100))
			r.Seed = k.seed
			mustAdd(t, s, NewGame{Record: r, Source: SourceSweep, Sweep: "grid", Cell: k.cell})
		}
		mustAdd(t, s, NewGame{Record: record(1), Source: SourceSweep, Sweep: "other", Cell: "a"})
		done, err := s.SweepSeedsDone(ctx, "grid")
		if err != nil || fmt.Sprint(done) != fmt.Sprintf("map[a:[1 2] b:[3 %d]]", uint64(1<<63)) {
			t.Fatalf("seeds done: %v, %v", done, err)
		}
		keys, err := s.DoneKeys(ctx, "grid")
		if err != nil || len(keys) != 4 || !keys["a\x002"] || !keys[DoneKey("b", 1<<63)] || keys["a\x003"] {
			t.Fatalf("done keys: %v, %v", keys, err)
		}
		if none, err := s.DoneKeys(ctx, "nope"); err != nil || len(none) != 0 {
			t.Fatalf("unknown sweep: %v, %v", none, err)
		}
	})
}

func TestSQLiteDSN(t *testing.T) {
	for _, tt := range []struct {
		spec, dsnPrefix, path string
	}{
		{"/tmp/a b/k.db", "file:///tmp/a b/k.db?_pragma=busy_timeout(10000)", "/tmp/a b/k.db"},
		{"rel/k?x#y%.db", "file:rel/k%3Fx%23y%25.db?", "rel/k?x#y%.db"},
		{"sqlite:///tmp/k.db", "file:///tmp/k.db?", "/tmp/k.db"},
		{"sqlite:k.db", "file:k.db?", "k.db"},
		{"file:/tmp/k.db?mode=rwc", "file:/tmp/k.db?mode=rwc&_pragma=", "/tmp/k.db"},
		{"file:k.db", "file:k.db?_pragma", "k.db"},
	} {
		dsn, path, err := sqliteDSN(tt.spec)
		if err != nil || !strings.HasPrefix(dsn, tt.dsnPrefix) || path != tt.path ||
			!strings.Contains(dsn, "journal_mode(WAL)") || !strings.Contains(dsn, "_txlock=immediate") {
			t.Errorf("%q: dsn %q, path %q, %v; want %q…, %q", tt.spec, dsn, path, err, tt.dsnPrefix, tt.path)
		}
	}
	// A name with '?' and '#' opens that very file.
	dir := t.TempDir()
	s := openT(t, filepath.Join(dir, "odd?name#1.db"))
	mustAdd(t, s, NewGame{Record: record(1), Source: SourcePlay})
	if _, err := os.Stat(filepath.Join(dir, "odd?name#1.db")); err != nil {
		t.Fatal(err)
	}
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal mode %q, %v", mode, err)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		url, want string
		bad       bool // a bad URL, not a failure to connect
	}{
		{"", "none given", true},
		{"mysql://u@h/db", `scheme "mysql" is not supported`, true},
		{"sqlite:", "names no database file", true},
		{"postgres://u:secret@h:x/db", "does not parse", true},
		{"postgres://kombi:secret@127.0.0.1:1/none?connect_timeout=2", "127.0.0.1", false},
		{"postgres://kombi@127.0.0.1:1/none?connect_timeout=2&password=secret", "password=xxxxx", false},
		{"postgres://kombi@127.0.0.1:1/none?sslmode=bogus&password=secret", "sslmode", true},
	} {
		_, err := Open(ctx, tt.url)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "secret") || errors.Is(err, ErrBadURL) != tt.bad || errors.As(err, new(*game.InputError)) != tt.bad {
			t.Errorf("open %q: %v; want an error with %q and no password (bad URL, a usage error: %v)", tt.url, err, tt.want, tt.bad)
		}
	}
	// A file where the directory should be.
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, filepath.Join(file, "k.db")); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("database under a file: %v", err)
	}
	// A folder where the file should be.
	dir := t.TempDir()
	if _, err := Open(ctx, dir); err == nil || !strings.Contains(err.Error(), dir+" is a folder: give the path of a database file") {
		t.Errorf("a folder as the database: %v", err)
	}
}

// TestOpenExisting: a reader's database that is not there is an error
// naming the path, and no file (nor its folder) is made; one that exists
// opens; bad URLs stay bad URLs.
func TestOpenExisting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, url := range []string{filepath.Join(dir, "typo", "kombi.db"), "sqlite:" + filepath.Join(dir, "k2.db"), "file:" + filepath.Join(dir, "k3.db") + "?cache=shared"} {
		_, err := OpenExisting(ctx, url)
		if !errors.Is(err, ErrNoDatabase) || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "--db") {
			t.Errorf("open %s: %v; want ErrNoDatabase naming the path and --db", url, err)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Fatalf("a reader made files: %v %v", entries, err)
	}
	path := filepath.Join(dir, "kombi.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err = OpenExisting(ctx, path); err != nil {
		t.Fatalf("an existing database: %v", err)
	}
	s.Close()
	for _, url := range []string{"", "mysql://u@h/db", "sqlite:"} {
		if _, err := OpenExisting(ctx, url); !errors.Is(err, ErrBadURL) {
			t.Errorf("open %q: %v; want a bad URL", url, err)
		}
	}
	if _, err := OpenExisting(ctx, ":memory:"); err != nil {
		t.Errorf("memory: %v", err)
	}
}

// TestLocationHidesPasswords: a password in the URL's query is kept out of
// the location shown to people (the worker's banner, a sweep's summary),
// as the user's password is.
func TestLocationHidesPasswords(t *testing.T) {
	for _, tt := range []struct{ url, want string }{
		{"postgres://kombi@db:5432/kombi?sslmode=disable&password=secret", "postgres://kombi@db:5432/kombi?sslmode=disable&password=xxxxx"},
		{"postgres://kombi:secret@db/kombi?sslpassword=secret&Password=secret&pool_max_conns=4", "postgres://kombi:xxxxx@db/kombi?sslpassword=xxxxx&Password=xxxxx&pool_max_conns=4"},
		{"postgresql://db/kombi?pass%77ord=secret", "postgresql://db/kombi?pass%77ord=xxxxx"},
		{"postgres://db/kombi?sslmode=disable", "postgres://db/kombi?sslmode=disable"},
	} {
		s, err := openPostgres(tt.url) // connects lazily: no server needed
		if err != nil {
			t.Fatalf("%s: %v", tt.url, err)
		}
		if got := s.Location(); got != tt.want {
			t.Errorf("location of %s: %q; want %q", tt.url, got, tt.want)
		}
		s.closeAll()
	}
}

func TestDefaultPathAndEnv(t *testing.T) {
	t.Setenv("KOMBI_DATA_DIR", "/data/k")
	t.Setenv("KOMBI_DB", "")
	if p, err := DefaultPath(); err != nil || p != "/data/k/kombi.db" {
		t.Fatalf("KOMBI_DATA_DIR: %q, %v", p, err)
	}
	t.Setenv("KOMBI_DATA_DIR", "")
	t.Setenv("XDG_DATA_HOME", "/xdg")
	if p, err := DefaultPath(); err != nil || p != "/xdg/kombi/kombi.db" {
		t.Fatalf("XDG_DATA_HOME: %q, %v", p, err)
	}
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "/home/u")
	if p, err := DefaultPath(); err != nil || p != "/home/u/.local/share/kombi/kombi.db" {
		t.Fatalf("home: %q, %v", p, err)
	}
	if u, _ := URLFromEnv(""); u != "/home/u/.local/share/kombi/kombi.db" {
		t.Fatalf("no flag, no env: %q", u)
	}
	t.Setenv("KOMBI_DB", "postgres://h/db")
	if u, _ := URLFromEnv(""); u != "postgres://h/db" {
		t.Fatalf("KOMBI_DB: %q", u)
	}
	if u, _ := URLFromEnv("x.db"); u != "x.db" {
		t.Fatalf("flag: %q", u)
	}
}

func TestLineReader(t *testing.T) {
	lr := newLineReader(strings.NewReader("ab\n\ncde"), 3)
	var got []string
	for {
		line, complete, err := lr.next()
		if err != nil {
			break
		}
		got = append(got, fmt.Sprintf("%d:%s:%v", lr.n, line, complete))
	}
	if strings.Join(got, " ") != "1:ab:true 2::true 3:cde:false" {
		t.Fatalf("lines: %v", got)
	}
	lr = newLineReader(strings.NewReader("abc\nabcd\n"), 3)
	if _, _, err := lr.next(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := lr.next(); err == nil || lr.n != 2 {
		t.Fatalf("a line over the limit: %v (line %d)", err, lr.n)
	}
}

// TestOneServerPerSQLiteFile: a second claim of the same file is refused
// while the first holds it, and granted once it is given back.
func TestOneServerPerSQLiteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kombi.db")
	a, b := openT(t, path), openT(t, path)
	release, err := a.Serve()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Serve(); !errors.Is(err, ErrServed) || !strings.Contains(err.Error(), path) {
		t.Fatalf("a second server on %s: %v; want ErrServed naming the file", path, err)
	}
	release()
	again, err := b.Serve()
	if err != nil {
		t.Fatalf("after the first server stopped: %v", err)
	}
	again()
}

// TestLargeRecordsAreStoredCompressed: a record of megabytes (a long game,
// twice the size above which records are compressed) is stored,
// compressed, and read back byte for byte, as a game and as a served match.
func TestLargeRecordsAreStoredCompressed(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		const moves = 80000
		rec := &game.Record{Game: fmt.Sprintf("nim(piles=%d,misere=false)", moves), Seed: 1, Players: []string{"random", "random"}}
		for i := range moves {
			rec.Moves = append(rec.Moves, game.RecordMove{Player: game.Player(i % 2), Move: "1:1", Seconds: 0.000001})
		}
		w := 1
		rec.Winner, rec.Returns, rec.Length = &w, []float64{-1, 1}, moves
		raw, err := json.Marshal(rec)
		if err != nil || len(raw) < 2*compressAbove {
			t.Fatalf("a record of %d bytes, %v", len(raw), err)
		}
		id, added, err := s.AddGame(ctx, NewGame{JSON: raw, Source: SourcePlay})
		if err != nil || !added {
			t.Fatalf("a record of %d bytes: %v", len(raw), err)
		}
		g, err := s.Game(ctx, id)
		if err != nil || !bytes.Equal(g.Record, raw) {
			t.Fatalf("read back: %d bytes, %v", len(g.Record), err)
		}
		var stored int64
		if err := s.db.QueryRowContext(ctx, s.q(`SELECT length(record) FROM games WHERE id = ?`), id).Scan(&stored); err != nil || stored > int64(len(raw))/10 {
			t.Fatalf("stored %d bytes for a record of %d: %v; want it compressed", stored, len(raw), err)
		}
		var out bytes.Buffer
		if n, err := s.Export(ctx, Filter{}, &out); err != nil || n != 1 || !bytes.Equal(bytes.TrimSpace(out.Bytes()), raw) {
			t.Fatalf("export: %d records, %v", n, err)
		}
		if err := s.SaveMatch(ctx, Match{ID: "long", Mode: "normal", Record: raw}); err != nil {
			t.Fatal(err)
		}
		if m, err := s.Match(ctx, "long"); err != nil || !bytes.Equal(m.Record, raw) {
			t.Fatalf("a served match's large record: %v", err)
		}
	})
}

// An SQLite database whose folder cannot be written is refused with the
// cause and the way to read it as it is (SQLite said only "attempt to write a
// readonly database"); a writable folder adds nothing to the error.
func TestFolderHint(t *testing.T) {
	s := &Store{dialect: DialectSQLite, location: filepath.Join(t.TempDir(), "none", "k.db")} // a folder that cannot take a file
	if h := s.folderHint(); !strings.Contains(h, "is not writable") || !strings.Contains(h, "file:"+s.location+"?immutable=1") {
		t.Errorf("hint %q", h)
	}
	s.location = filepath.Join(t.TempDir(), "k.db")
	if h := s.folderHint(); h != "" {
		t.Errorf("a writable folder: hint %q", h)
	}
	if h := (&Store{dialect: DialectPostgres, location: "postgres://x"}).folderHint(); h != "" {
		t.Errorf("PostgreSQL: hint %q", h)
	}
}
