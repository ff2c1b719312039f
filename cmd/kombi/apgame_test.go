package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

func TestAPArenaAsWritten(t *testing.T) {
	// The command, with fewer games.
	code, out, errOut := kombi(t, "", "arena", "ap(x=100,k=4)", "--p1", "strong", "--p2", "extendblock", "--games", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res match.ArenaResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Games != 2 || res.Wins[0]+res.Wins[1]+res.Draws != 2 || res.Wins[1] != 0 {
		t.Fatalf("arena: %+v", res)
	}
}

func TestAPPlayRecordAndReplay(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := kombi(t, "", "play", "ap(x=20,k=3)", "--p1", "strong", "--p2", "extendblock", "--seed", "5", "--json", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec game.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	set, ok := rec.Extra["set"].([]any)
	if rec.Game != "ap(x=20,k=3,seed=5)" || !ok || len(set) != 20 {
		t.Fatalf("record: game %q, set %v", rec.Game, rec.Extra["set"])
	}
	path := filepath.Join(dir, "rec.json")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := kombi(t, "", "replay", path); code != 0 || !strings.Contains(out, "replayed and checked") {
		t.Fatalf("replay: exit %d\n%s%s", code, out, errOut)
	}
	// A record whose set was tampered with is refused.
	var m map[string]any
	_ = json.Unmarshal([]byte(mustRead(t, path)), &m)
	m["set"] = []int{1, 2, 3}
	data, _ := json.Marshal(m)
	_ = os.WriteFile(path, data, 0o644)
	if code, _, errOut := kombi(t, "", "replay", path); code != 1 || !strings.Contains(errOut, "set") {
		t.Fatalf("tampered set: exit %d, %s", code, errOut)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAPHumanBadInput(t *testing.T) {
	// Set 1..7 and 20 with k = 3. The person (P1) types garbage, numbers
	// out of range and not in the set, asks for a hint, then plays 4; after
	// the computer's answer 4 is already coloured.
	input := strings.Join([]string{"abc", "0", "99", "19", "", "hint", "help", "4", "4", "quit"}, "\n") + "\n"
	code, out, errOut := kombi(t, input, "play", "ap(k=3,set=1;2;3;4;5;6;7;20)", "--p1", "human", "--p2", "extendblock", "--seed", "1", "--no-out")
	for _, want := range []string{
		"to play (8): 1 2 3 4 5 6 7 20",
		`"abc" is not a number`,
		"0 is out of range: the set's numbers lie between 1 and 20",
		"99 is out of range",
		"19 is not in the set",
		"P1 (red, to move) can still complete 9 progression(s)",
		"P2 (blue) can still complete 9",
		"Type an uncoloured number of the set",
		"Legal moves (8): 1 2 3 4 5 6 7 20",
		"P1 (red) played 4",
		"P2 (blue, extendblock) chose",
		"4 is already coloured (by P1, red)",
		"P1 red  (1): 4",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if code != 1 || !strings.Contains(errOut, "quit") {
		t.Fatalf("quitting: exit %d, %s", code, errOut)
	}
	if strings.Count(out, "your move") != 10 {
		t.Errorf("every input must get a new prompt; %d prompts:\n%s", strings.Count(out, "your move"), out)
	}
}

func TestAPCommands(t *testing.T) {
	code, out, _ := kombi(t, "", "table", "ap-progressions", "ap(k=3,set=2;4;6;8;10;12)", "--json")
	var tab struct {
		Progressions [][]int `json:"progressions"`
		Through      []int   `json:"through"`
	}
	if err := json.Unmarshal([]byte(out), &tab); err != nil || code != 0 {
		t.Fatal(err, code)
	}
	if len(tab.Progressions) != 6 || tab.Through[2] != 4 {
		t.Fatalf("2..12 step 2: %+v", tab)
	}
	code, out, _ = kombi(t, "", "bench", "ap", "--x", "200", "--sets", "2", "--json")
	if code != 0 || !strings.Contains(out, `"enumerate_seconds"`) {
		t.Fatalf("bench: exit %d %s", code, out)
	}
	code, out, errOut := kombi(t, "", "report", "ap-strength", "--grid", "12:3", "--games", "4", "--workers", "1")
	if code != 0 || !strings.Contains(out, "| ap(x=12,k=3) |") {
		t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = kombi(t, "", "solve", "ap(k=3,set=1;2;3;4;5;6;7;20)", "--json")
	if code != 0 || !strings.Contains(out, `"outcome": "win"`) {
		t.Fatalf("solve: exit %d %s", code, out)
	}
}

func TestAPUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		wantErr string
	}{
		{[]string{"play", "ap(x=3,k=4)"}, "choose k ≤ x"},
		{[]string{"play", "ap(x=2000)"}, "from 3 to 1000"},
		{[]string{"arena", "ap", "--p1", "strong(model=psychic)"}, "one of extendblock, uniform, none"},
		{[]string{"table", "ap-progressions", "nim"}, "not a Szemerédi game"},
		{[]string{"report", "ap-strength", "--grid", "40"}, "want X:K"},
		{[]string{"bench", "ap", "--x", "5", "--k", "6"}, "choose k ≤ x"},
		{[]string{"solve", "ap(k=3,set=1;2;3;4)", "--position", "1 / 9"}, "9 is not in the set"},
	} {
		code, _, errOut := kombi(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.wantErr)
		}
	}
}
