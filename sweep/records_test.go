package sweep_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

func TestRecordFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	f, err := sweep.CreateRecordFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := f.Write(&game.Record{Game: "nim", Seed: uint64(i), Players: []string{"a", "b"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if strings.Count(string(data), "\n") != 3 || !strings.Contains(string(data), `"seed":2`) {
		t.Fatalf("file:\n%s", data)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	full, err := sweep.CreateRecordFile("/dev/full")
	if err != nil {
		t.Fatal(err)
	}
	big := &game.Record{Game: strings.Repeat("x", 8192), Players: []string{"a", "b"}}
	werr := full.Write(big) // larger than the buffer: written through at once
	cerr := full.Close()
	if werr == nil || cerr == nil || !strings.Contains(cerr.Error(), "records file /dev/full") || !strings.Contains(cerr.Error(), "no space left") {
		t.Fatalf("write %v, close %v", werr, cerr)
	}
}

// An arena's records file is never overwritten: an existing file is
// refused before any game is played, and left as it was; a device is
// written to; a refused arena makes no file.
func TestRecordFileNotOverwritten(t *testing.T) {
	games, bots := registries(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "kept.jsonl")
	if err := os.WriteFile(path, []byte("{\"game\":\"nim\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := sweep.CreateRecordFile(path); err == nil || !errors.As(err, new(*game.InputError)) || !strings.Contains(err.Error(), "exists already") {
		t.Fatalf("an existing file: %v; want a usage error", err)
	}
	st := openStore(t, filepath.Join(dir, "kombi.db"))
	res, err := sweep.Arena(context.Background(), games, bots, "nim(piles=1;2)", [2]string{"random", "random"},
		sweep.ArenaOptions{Games: 2, Seed: 1, Store: st, Records: path})
	if err == nil || !strings.Contains(err.Error(), "remove it or choose another name") || res.Games != 0 {
		t.Fatalf("arena onto an existing records file: %+v, %v; want a refusal", res, err)
	}
	if data, _ := os.ReadFile(path); string(data) != "{\"game\":\"nim\"}\n" {
		t.Fatalf("the existing file was changed: %q", data)
	}
	if n, err := st.CountGames(context.Background(), store.Filter{}); err != nil || n != 0 {
		t.Fatalf("the refused arena stored %d games (%v)", n, err)
	}
	fresh := filepath.Join(dir, "fresh.jsonl")
	if _, err := sweep.Arena(context.Background(), games, bots, "nim(piles=1;2)", [2]string{"random", "nosuchbot"},
		sweep.ArenaOptions{Games: 2, Seed: 1, Records: fresh}); err == nil {
		t.Fatal("an arena with a bad bot string ran")
	}
	if _, err := os.Stat(fresh); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a refused arena left its records file: %v", err)
	}
	if res, err := sweep.Arena(context.Background(), games, bots, "nim(piles=1;2)", [2]string{"random", "random"},
		sweep.ArenaOptions{Games: 2, Seed: 1, Records: os.DevNull}); err != nil || res.Games != 2 {
		t.Fatalf("records to %s: %+v, %v", os.DevNull, res, err)
	}
}
