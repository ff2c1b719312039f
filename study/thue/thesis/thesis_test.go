package thesis

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kombi/kombi/game"
)

func recordJSON(t *testing.T, seed uint64, indent bool) string {
	t.Helper()
	rec := &game.Record{Game: "thue(alphabet=3,rule=square,start=0)", Seed: seed, Players: []string{"greedy", "greedy"},
		Moves: []game.RecordMove{{Player: 0, Move: "1", Seconds: 0.5}, {Player: 1, Move: "1"}}, Length: 2}
	var data []byte
	var err error
	if indent {
		data, err = json.MarshalIndent(rec, "", "  ")
	} else {
		data, err = json.Marshal(rec)
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(data) + "\n"
}

func TestReadRecords(t *testing.T) {
	a, b, c := recordJSON(t, 1, false), recordJSON(t, 2, false), recordJSON(t, 3, true)
	for _, tc := range []struct {
		name, text string
		seeds      []uint64
		torn       int64
		err        string
	}{
		{"lines", a + b, []uint64{1, 2}, 0, ""},
		{"blank lines", "\n" + a + "\n\n" + b, []uint64{1, 2}, 0, ""},
		{"indented objects", c + c, []uint64{3, 3}, 0, ""},
		{"mixed", a + c + b, []uint64{1, 3, 2}, 0, ""},
		{"no final newline", a + strings.TrimSpace(b), []uint64{1, 2}, 0, ""},
		{"torn last line", a + b[:30], []uint64{1}, 30, ""},
		{"torn last line with newline", a + b[:30] + "\n", []uint64{1}, 31, ""},
		{"torn indented object", a + c[:len(c)/2], []uint64{1}, int64(len(c) / 2), ""},
		{"a bad line in the middle", a + "{\"game\": 7}\n" + b, nil, 0, "line 2: not a record"},
		{"garbage in the middle", a + "xyz\n" + b, nil, 0, "line 2: not a record"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadRecords(strings.NewReader(tc.text), 0)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var seeds []uint64
			for _, r := range got.Records {
				seeds = append(seeds, r.Seed)
			}
			if fmt.Sprint(seeds) != fmt.Sprint(tc.seeds) || got.Torn != tc.torn || got.Good+got.Torn != int64(len(tc.text)) {
				t.Fatalf("seeds %v torn %d good %d, want %v torn %d (of %d bytes)", seeds, got.Torn, got.Good, tc.seeds, tc.torn, len(tc.text))
			}
		})
	}
	// A line over the bound is refused before it is read whole.
	long := `{"game":"` + strings.Repeat("x", 5000) + `"}` + "\n"
	if _, err := ReadRecords(strings.NewReader(a+long), 1000); err == nil || !strings.Contains(err.Error(), "longer than 1000 bytes") {
		t.Fatalf("a long line: %v", err)
	}
}

func TestHighScores(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, HighScoresFile)
	// null (the crash of issue 13) and a missing file are no scores yet.
	for _, text := range []string{"", "null\n"} {
		if text != "" {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		scores, err := ReadHighScores(dir)
		if err != nil || len(scores) != 0 || scores == nil {
			t.Fatalf("%q: %v %v", text, scores, err)
		}
	}
	if before, err := SaveHighScore(dir, "a", 5); err != nil || before != 0 {
		t.Fatalf("save: %d %v", before, err)
	}
	if before, err := SaveHighScore(dir, "a", 4); err != nil || before != 5 {
		t.Fatalf("a lower score: %d %v", before, err)
	}
	// Runs at the same time merge their scores: every key keeps its best.
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := SaveHighScore(dir, fmt.Sprintf("k%d", i%4), 10+i); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	scores, err := ReadHighScores(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"a": 5, "k0": 26, "k1": 27, "k2": 28, "k3": 29}
	if fmt.Sprint(scores) != fmt.Sprint(want) {
		t.Fatalf("merged scores %v, want %v", scores, want)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 1 {
		t.Fatalf("temporary or lock files left: %v", files)
	}
	// A broken file is never overwritten.
	if err := os.WriteFile(path, []byte("{broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := SaveHighScore(dir, "a", 100); err == nil {
		t.Fatal("saving over a broken file")
	}
	if data, _ := os.ReadFile(path); string(data) != "{broken" {
		t.Fatalf("broken file changed: %s", data)
	}
}

func TestConsoleClosesPrompts(t *testing.T) {
	var screen bytes.Buffer
	file, err := os.Create(filepath.Join(t.TempDir(), "t.txt"))
	if err != nil {
		t.Fatal(err)
	}
	c := NewConsole(&screen, file, false, nil)
	fmt.Fprint(c, "Game\n")
	fmt.Fprint(c.Prompts(), "your move: ")
	fmt.Fprint(c.Prompts(), "Not a move.\n")
	fmt.Fprint(c.Prompts(), "your move: ")
	fmt.Fprint(c, "Move 1: 0\n")
	if want := "Game\nyour move: \nNot a move.\nyour move: \nMove 1: 0\n"; screen.String() != want {
		t.Fatalf("screen %q, want %q", screen.String(), want)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(file.Name()); string(data) != "Game\nMove 1: 0\n" {
		t.Fatalf("transcript %q", data)
	}
	// On a terminal the person's Enter ends the prompt's line.
	screen.Reset()
	c = NewConsole(&screen, nil, true, nil)
	fmt.Fprint(c.Prompts(), "your move: ")
	fmt.Fprint(c, "Move 1: 0\n")
	if screen.String() != "your move: Move 1: 0\n" {
		t.Fatalf("terminal screen %q", screen.String())
	}
}

func TestParseErrorsAreUsageErrors(t *testing.T) {
	_, err := Parse("x.toml", []byte("setPower = 99\n"), Keys{SetPower: new(int64(99))}, false)
	if !errors.As(err, new(*game.InputError)) || !strings.Contains(err.Error(), "x.toml:1: setPower: 99") {
		t.Fatalf("%v", err)
	}
}

// FuzzReadRecords: any input reads without a panic, and what is kept and
// what is torn never exceed the input.
func FuzzReadRecords(f *testing.F) {
	f.Add("{\"game\":\"thue\"}\n{\"ga")
	f.Add("{\n  \"game\": \"x\"\n}\n")
	f.Add("\n\n{}\n")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := ReadRecords(strings.NewReader(text), 256)
		if err == nil && (got.Good < 0 || got.Torn < 0 || got.Good+got.Torn > int64(len(text))) {
			t.Fatalf("%q: good %d torn %d", text, got.Good, got.Torn)
		}
	})
}
