package thesis

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// scoreMap is HighScores in memory.
type scoreMap map[string]int64

func (m scoreMap) HighScore(_ context.Context, key string, score int64) (int64, error) {
	m[key] = max(m[key], score)
	return m[key], nil
}

func (m scoreMap) HighScores(context.Context) (map[string]int64, error) { return m, nil }

// TestImportHighScores: an old high-score file goes into the database's
// high scores once, keeping the better score of each key; null is no
// scores; a broken file is refused and left where it is.
func TestImportHighScores(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, HighScoresFile)
	hs := scoreMap{"a": 7}
	if err := ImportHighScores(ctx, dir, hs); err != nil || len(hs) != 1 {
		t.Fatalf("no file: %v %v", hs, err)
	}
	if err := os.WriteFile(path, []byte(`{"a": 5, "b": 9}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ImportHighScores(ctx, dir, hs); err != nil || hs["a"] != 7 || hs["b"] != 9 {
		t.Fatalf("import: %v %v; want a kept at 7, b 9", hs, err)
	}
	if _, err := os.Stat(path + ".imported"); err != nil {
		t.Fatalf("the imported file is not renamed: %v", err)
	}
	if err := os.WriteFile(path, []byte("null\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ImportHighScores(ctx, dir, hs); err != nil || len(hs) != 2 {
		t.Fatalf("null: %v %v", hs, err)
	}
	if err := os.WriteFile(path, []byte("{broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ImportHighScores(ctx, dir, hs); err == nil || !strings.Contains(err.Error(), "not a JSON object of lengths") {
		t.Fatalf("a broken file: %v", err)
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

// A plot's series names tell apart one bot's games of one seed against
// different opponents (a legend listed "builder greedy, k=5 square, seed 1"
// twice), the opponent last, where a legend cuts a long name.
func TestSeriesNameNamesTheOpponent(t *testing.T) {
	a := &game.Record{Game: "thue(alphabet=5,rule=square,start=0)", Seed: 1, Players: []string{"greedy", "nesting(level=1)"}}
	b := &game.Record{Game: a.Game, Seed: 1, Players: []string{"greedy", "nesting(level=2)"}}
	if got := SeriesName(a, 0); got != "k=5 square, seed 1: builder greedy against nesting(level=1)" {
		t.Errorf("SeriesName = %q", got)
	}
	if SeriesName(a, 0) == SeriesName(b, 0) {
		t.Errorf("two opponents, one name: %q", SeriesName(a, 0))
	}
}
