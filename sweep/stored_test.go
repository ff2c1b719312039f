package sweep_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/sweep"
)

// A sweep run on this machine stores every game once; run again it plays
// nothing; its results count every cell.
func TestRunStoredAndResults(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	storetest.EachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		st := openStore(t, url)
		spec := &sweep.Spec{Name: "local", Games: []string{"nim(piles=2;3)"}, Pairs: [][]string{{"perfect", "random"}, {"random", "random"}}, Seeds: "1..4"}
		var log bytes.Buffer
		var last solve.Progress
		res, err := sweep.RunStored(ctx, st, games, bots, spec, sweep.StoredOptions{Workers: 2, Log: &log, Progress: func(p solve.Progress) { last = p }})
		if err != nil || res.Total != 8 || res.Done != 8 || res.PlayedNow != 8 || last.Done != 8 || last.Total != 8 {
			t.Fatalf("first run: %+v, %v, last progress %+v", res, err, last)
		}
		if strings.Count(log.String(), "cell done: ") != 2 || !strings.Contains(res.String(), "8 of 8 games stored (8 played now)") {
			t.Fatalf("log %q, result %q", log.String(), res)
		}
		res, err = sweep.RunStored(ctx, st, games, bots, spec, sweep.StoredOptions{})
		if err != nil || res.Done != 8 || res.PlayedNow != 0 {
			t.Fatalf("second run: %+v, %v", res, err)
		}
		results, recs, err := sweep.LoadResults(ctx, st, "local")
		if err != nil || len(recs) != 8 || len(results.Cells) != 2 || results.Cells[0].Games != 4 || results.Cells[0].Wins[0] != 4 {
			t.Fatalf("results: %v, %d records, %+v", err, len(recs), results)
		}
		if _, _, err := sweep.LoadResults(ctx, st, "nosuch"); !errors.As(err, new(*game.InputError)) || !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("results of a sweep not stored: %v; want a usage error", err)
		}
	})
}

// An arena keeps every game in the store and the records file.
func TestArenaKeepsEveryGame(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	st := openStore(t, filepath.Join(t.TempDir(), "kombi.db"))
	file := filepath.Join(t.TempDir(), "arena.jsonl")
	var reports int
	res, err := sweep.Arena(context.Background(), games, bots, "nim(piles=3;4;5)", [2]string{"perfect", "random"},
		sweep.ArenaOptions{Games: 6, Seed: 1, Store: st, Records: file, Report: func(solve.Progress) { reports++ }})
	if err != nil || res.Games != 6 || res.Wins[0] != 6 || reports != 6 {
		t.Fatalf("arena: %+v, %v, %d reports", res, err, reports)
	}
	data, err := os.ReadFile(file)
	if err != nil || strings.Count(string(data), "\n") != 6 {
		t.Fatalf("records file: %v\n%s", err, data)
	}
	if n, err := st.CountGames(context.Background(), store.Filter{}); err != nil || n != 6 {
		t.Fatalf("stored %d games: %v", n, err)
	}
	if _, err := sweep.Arena(context.Background(), games, bots, "nim", [2]string{"random", "random"},
		sweep.ArenaOptions{Games: 1, Records: filepath.Join(t.TempDir(), "no", "such", "dir")}); err == nil {
		t.Fatal("an arena whose records file cannot be created ran")
	}
}

func openStore(t *testing.T, url string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Error(err)
		}
	})
	return st
}
