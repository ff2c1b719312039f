package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/kombi/kombi/store/storetest"
)

func matchRecord(t *testing.T, n int) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(record(n))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestMatchesSaveReplaceAndList(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		t0 := time.Date(2025, 3, 1, 12, 0, 0, 123456000, time.UTC)
		for i, id := range []string{"a", "b", "c"} {
			m := Match{ID: id, Mode: "normal", Record: matchRecord(t, i), TokenHashes: [2]string{"h" + id, ""},
				Created: t0.Add(time.Duration(i) * time.Minute), Updated: t0.Add(time.Duration(i) * time.Minute)}
			if err := s.SaveMatch(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		// b finishes: replaced, its creation time kept even when not given.
		later := t0.Add(time.Hour)
		if err := s.SaveMatch(ctx, Match{ID: "b", Mode: "solo", Record: matchRecord(t, 7), Finished: true, Updated: later}); err != nil {
			t.Fatal(err)
		}
		b, err := s.Match(ctx, "b")
		if err != nil {
			t.Fatal(err)
		}
		if !b.Finished || b.Mode != "solo" || string(b.Record) != string(matchRecord(t, 7)) || b.GameName != "nim" ||
			!b.Created.Equal(t0.Add(time.Minute)) || !b.Updated.Equal(later) || b.TokenHashes != [2]string{} {
			t.Fatalf("replaced match: %+v", b)
		}
		all, err := s.Matches(ctx, MatchFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if ids := matchIDs(all); ids != "c b a" {
			t.Fatalf("all matches, newest first: %s", ids)
		}
		if a := all[2]; a.TokenHashes != [2]string{"ha", ""} || !a.Created.Equal(t0) {
			t.Fatalf("match a: %+v", a)
		}
		open, err := s.Matches(ctx, MatchFilter{Unfinished: true})
		if err != nil || matchIDs(open) != "c a" {
			t.Fatalf("unfinished: %s, %v", matchIDs(open), err)
		}
		one, err := s.Matches(ctx, MatchFilter{GameName: "nim", Limit: 1})
		if err != nil || matchIDs(one) != "c" {
			t.Fatalf("nim, limit 1: %s, %v", matchIDs(one), err)
		}
		none, err := s.Matches(ctx, MatchFilter{GameName: "thue"})
		if err != nil || none == nil || len(none) != 0 {
			t.Fatalf("thue: %v, %v", none, err)
		}
		if _, err := s.Match(ctx, "zz"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("missing match: %v", err)
		}
	})
}

func matchIDs(ms []Match) string {
	s := ""
	for i, m := range ms {
		if i > 0 {
			s += " "
		}
		s += m.ID
	}
	return s
}

func TestSaveMatchChecks(t *testing.T) {
	s := openT(t, storetest.SQLitePath(t))
	ctx := context.Background()
	for name, m := range map[string]Match{
		"no id":      {Record: matchRecord(t, 1)},
		"long id":    {ID: string(make([]byte, MaxMatchID+1)), Record: matchRecord(t, 1)},
		"not json":   {ID: "x", Record: json.RawMessage("{")},
		"no game":    {ID: "x", Record: json.RawMessage(`{"moves":[]}`)},
		"bad game":   {ID: "x", Record: json.RawMessage(`{"game":"nim(("}`)},
		"long mode":  {ID: "x", Mode: string(make([]byte, MaxMatchMode+1)), Record: matchRecord(t, 1)},
		"big record": {ID: "x", Record: make(json.RawMessage, MaxRecordBytes+1)},
	} {
		if err := s.SaveMatch(ctx, m); err == nil {
			t.Errorf("%s: saved", name)
		}
	}
	if ms, err := s.Matches(ctx, MatchFilter{}); err != nil || len(ms) != 0 {
		t.Fatalf("after refused saves: %d matches, %v", len(ms), err)
	}
	if _, err := s.Matches(ctx, MatchFilter{Limit: -1}); err == nil {
		t.Fatal("negative limit accepted")
	}
}

func TestHighScore(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		for _, c := range []struct {
			key         string
			score, best int64
		}{
			{"thue(alphabet=3)", 5, 5},
			{"thue(alphabet=3)", 3, 5},
			{"thue(alphabet=3)", 9, 9},
			{"thue(alphabet=4)", 2, 2},
			{"thue(alphabet=3)", 9, 9},
		} {
			best, err := s.HighScore(ctx, c.key, c.score)
			if err != nil || best != c.best {
				t.Fatalf("HighScore(%s, %d) = %d, %v; want %d", c.key, c.score, best, err, c.best)
			}
		}
		if _, err := s.HighScore(ctx, "", 1); err == nil {
			t.Fatal("empty key accepted")
		}
		all, err := s.HighScores(ctx)
		if err != nil || len(all) != 2 || all["thue(alphabet=3)"] != 9 || all["thue(alphabet=4)"] != 2 {
			t.Fatalf("high scores: %v, %v", all, err)
		}
	})
}

// TestHighScoreConcurrent raises one score from many connections at once:
// the best always survives, as the upsert is one statement.
func TestHighScoreConcurrent(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		s2 := openT(t, url)
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for i := range 64 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st := s
				if i%2 == 1 {
					st = s2
				}
				// Scores 0..63 in a scrambled order.
				score := int64(i*37%64) + 100
				if _, err := st.HighScore(ctx, "k", score); err != nil {
					errs <- fmt.Errorf("score %d: %w", score, err)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		best, err := s.HighScore(ctx, "k", 0)
		if err != nil || best != 163 {
			t.Fatalf("best after 64 concurrent scores: %d, %v; want 163", best, err)
		}
	})
}

func TestCellSeedsDone(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		for _, n := range []int{2, 4, 5} {
			mustAdd(t, s, NewGame{Record: record(n), Source: SourceSweep, Sweep: "grid", Cell: "c1"})
		}
		mustAdd(t, s, NewGame{Record: record(3), Source: SourceSweep, Sweep: "grid", Cell: "c2"})
		mustAdd(t, s, NewGame{Record: record(1), Source: SourceSweep, Sweep: "other", Cell: "c1"})
		done, err := s.CellSeedsDone(ctx, "grid", "c1", []uint64{1, 2, 3, 4})
		if err != nil {
			t.Fatal(err)
		}
		if len(done) != 2 || !done[2] || !done[4] {
			t.Fatalf("done seeds of grid/c1 among 1..4: %v; want 2 and 4", done)
		}
		if done, err := s.CellSeedsDone(ctx, "grid", "c1", nil); err != nil || len(done) != 0 {
			t.Fatalf("no seeds: %v, %v", done, err)
		}
		if _, err := s.CellSeedsDone(ctx, "grid", "c1", make([]uint64, MaxSeedsQuery+1)); err == nil {
			t.Fatal("too many seeds accepted")
		}
	})
}

// TestMatchVersionsNeverTwoHistories: each change of a match is based on
// the version it read; a second server's change based on the same
// version is refused, and a listing reads summaries without records.
func TestMatchVersionsNeverTwoHistories(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		m := Match{ID: "v", Mode: "normal", Record: matchRecord(t, 3)}
		write := func(expect int64) error {
			_, err := s.WriteMatches(ctx, []MatchWrite{{Match: m, Expect: expect}})
			return err
		}
		if err := write(0); err != nil {
			t.Fatalf("a new match: %v", err)
		}
		if err := write(0); !errors.Is(err, ErrConflict) {
			t.Fatalf("a second new match with the same id: %v; want ErrConflict", err)
		}
		if err := write(1); err != nil {
			t.Fatalf("a change based on version 1: %v", err)
		}
		if err := write(1); !errors.Is(err, ErrConflict) {
			t.Fatalf("another change based on version 1 (a second server): %v; want ErrConflict", err)
		}
		got, err := s.Match(ctx, "v")
		if err != nil || got.Version != 2 {
			t.Fatalf("stored version %d, %v; want 2", got.Version, err)
		}
		sums, err := s.MatchSummaries(ctx, MatchFilter{})
		rec := record(3)
		if err != nil || len(sums) != 1 || sums[0].Game != rec.Game || sums[0].Seed != rec.Seed || sums[0].Moves != len(rec.Moves) ||
			len(sums[0].Players) != 2 || sums[0].GameName == "" {
			t.Fatalf("summaries: %+v, %v; want the record's game %s, seed %d, %d moves", sums, err, rec.Game, rec.Seed, len(rec.Moves))
		}
		if sums[0].ToMove != nil {
			t.Fatalf("to move %d; want none known (no summary given)", *sums[0].ToMove)
		}
		// The seat to move, as the server gives it, is listed while the
		// match goes on, and forgotten once it is finished.
		for _, tt := range []struct {
			toMove   int
			finished bool
		}{{1, false}, {-1, false}, {0, true}} {
			m.Finished = tt.finished
			m.Summary = &MatchSummary{Game: rec.Game, Seed: rec.Seed, Players: rec.Players, Moves: len(rec.Moves), ToMove: &tt.toMove}
			v := got.Version
			if err := write(v); err != nil {
				t.Fatal(err)
			}
			got.Version++
			sums, err := s.MatchSummaries(ctx, MatchFilter{})
			switch {
			case err != nil:
				t.Fatal(err)
			case tt.finished && sums[0].ToMove != nil:
				t.Errorf("a finished match listed with seat %d to move", *sums[0].ToMove)
			case !tt.finished && (sums[0].ToMove == nil || *sums[0].ToMove != tt.toMove):
				t.Errorf("to move %v; want %d", sums[0].ToMove, tt.toMove)
			}
		}
	})
}
