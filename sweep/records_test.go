package sweep_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
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
