package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
)

func TestNim2dSolve(t *testing.T) {
	for _, tt := range []struct{ args, want string }{
		{"nim2d(n=5)|RRR../RRRRR/RRRRR/RRRRR/RRRR.", `{"outcome":"win","grundy":3,"best_moves":[[4],[5]]}`},
		{"nim2d(n=3)|..R/G../...", `{"outcome":"win","grundy":3,"best_moves":[[7],[8]]}`},
		{"nim2d(n=4)|", `{"outcome":"loss","grundy":0,"best_moves":[]}`},
		{"nim2d(n=10)|", `{"outcome":"loss","grundy":0,"best_moves":[]}`},
	} {
		spec, pos, _ := strings.Cut(tt.args, "|")
		args := []string{"solve", spec, "--json"}
		if pos != "" {
			args = append(args, "--position", pos)
		}
		code, out, errOut := kombi(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		compact, _ := json.Marshal(v)
		// Go's map encoding sorts keys; compare field by field instead.
		var got, want map[string]any
		_ = json.Unmarshal(compact, &got)
		_ = json.Unmarshal([]byte(tt.want), &want)
		if len(got) != 3 || string(mustJSON(got["outcome"])) != string(mustJSON(want["outcome"])) ||
			string(mustJSON(got["grundy"])) != string(mustJSON(want["grundy"])) ||
			string(mustJSON(got["best_moves"])) != string(mustJSON(want["best_moves"])) {
			t.Errorf("%v:\n%s\nwant %s", args, out, tt.want)
		}
	}
	code, out, _ := kombi(t, "", "solve", "nim2d(n=3)", "--position", "..R/G../...")
	if code != 0 || !strings.Contains(out, "Winning moves (2): {7} {8}") || !strings.Contains(out, "Grundy value") {
		t.Fatalf("solve text:\n%s", out)
	}
	for _, bad := range [][]string{
		{"solve", "nim2d(n=3)", "--position", "../.."},
		{"solve", "nim2d(n=3)", "--position", "..R/G.?/..."},
		{"solve", "nim2d(n=3)", "--position", "RRR/RRR/RRR"},
		{"solve", "nim2d(n=12)"},
	} {
		if code, _, errOut := kombi(t, "", bad...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errOut)
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func TestNim2dEndgamesReport(t *testing.T) {
	code, out, errOut := kombi(t, "", "report", "nim2d-endgames", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		MaxEmpty int `json:"max_empty"`
		Classes  []struct {
			Empty   int    `json:"empty"`
			Class   string `json:"class"`
			Grundy  int    `json:"grundy"`
			Outcome string `json:"outcome"`
			Reason  string `json:"reason"`
			MinN    int    `json:"min_n"`
		} `json:"classes"`
		EmptyBoards []struct {
			N       int      `json:"n"`
			Outcome string   `json:"outcome"`
			Grundy  int      `json:"grundy"`
			Methods []string `json:"methods"`
		} `json:"empty_boards"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	perSize := map[int]int{}
	lost := map[string]bool{}
	for _, c := range rep.Classes {
		perSize[c.Empty]++
		if c.Reason == "" || c.MinN < 5 {
			t.Errorf("class %s: reason %q, min N %d", c.Class, c.Reason, c.MinN)
		}
		if (c.Grundy == 0) != (c.Outcome == "loss") {
			t.Errorf("class %s: Grundy %d, outcome %s", c.Class, c.Grundy, c.Outcome)
		}
		if c.Outcome == "loss" {
			lost[c.Class] = true
		}
	}
	// Free polyominoes: 1, 1, 2, 5, 12; multisets of total size k: 1, 1, 2, 4, 10, 24.
	for k, want := range []int{1, 1, 2, 4, 10, 24} {
		if perSize[k] != want {
			t.Errorf("%d empty cells: %d classes, want %d", k, perSize[k], want)
		}
	}
	// The assignment's two cases with two empty cells: together (won) or apart (lost).
	for _, want := range []string{"• + •", "I2 + I2", "O4", "• + • + • + •", "S4 + •", "full palette"} {
		if !lost[want] {
			t.Errorf("class %s should be lost; lost classes: %v", want, lost)
		}
	}
	if len(lost) != 6 {
		t.Errorf("lost classes %v, want 6", lost)
	}
	if len(rep.EmptyBoards) != 10 {
		t.Fatalf("empty boards: %d", len(rep.EmptyBoards))
	}
	for _, e := range rep.EmptyBoards {
		want := "loss"
		if e.N%2 == 1 {
			want = "win"
		}
		if e.Outcome != want || e.Grundy != e.N%2 || len(e.Methods) == 0 || e.Methods[0] != "mirror" {
			t.Errorf("empty %d×%d: %+v", e.N, e.N, e)
		}
		if e.N <= 7 && len(e.Methods) < 2 {
			t.Errorf("empty %d×%d is not searched: %v", e.N, e.N, e.Methods)
		}
	}
	code, md, _ := kombi(t, "", "report", "nim2d-endgames", "--max-empty", "3", "--search-up-to", "5")
	if code != 0 || !strings.Contains(md, "### 2 empty cells: 2 classes, 1 won and 1 lost") || !strings.Contains(md, "| 10 | loss | 0 | mirror |") {
		t.Fatalf("markdown:\n%s", md)
	}
	for _, bad := range [][]string{{"--max-empty", "9"}, {"--search-up-to", "9"}, {"--max-empty", "x"}} {
		if code, _, _ := kombi(t, "", append([]string{"report", "nim2d-endgames"}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

func TestNim2dPlayAndReplay(t *testing.T) {
	dir := t.TempDir()
	input := "2 4\n1 7\n2 6\n2 3 4 5\n99\n"
	code, out, errOut := kombi(t, input+strings.Repeat("quit\n", 1), "play", "nim2d(n=5,p1=G,first=p1)", "--p1", "human", "--p2", "perfect", "--seed", "3", "--out", dir)
	for _, want := range []string{"cell 3 lies between 2 and 4", "cell 1 is on the main diagonal", "not all in one row or all in one column",
		"more than 3 cells", "there is no cell 99", "COUNTER = [ 0 ]", "G (P1) to move first"} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	if code != 1 || !strings.Contains(errOut, "quit") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// A whole game between bots, replayed from its record.
	code, out, errOut = kombi(t, "", "play", "nim2d(n=6,p1=R)", "--p1", "copycat", "--p2", "random", "--seed", "11", "--json", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec game.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rec.Game, "nim2d(n=6,p1=R,first=p") || rec.Winner == nil || rec.Extra["palette"] == nil {
		t.Fatalf("record: %+v", rec)
	}
	path := filepath.Join(dir, "rec.json")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := kombi(t, "", "replay", path); code != 0 || !strings.Contains(out, "replayed and checked") {
		t.Fatalf("replay: exit %d\n%s%s", code, out, errOut)
	}
	// The same seed tosses the same coin and plays the same game.
	_, again, _ := kombi(t, "", "play", "nim2d(n=6,p1=R)", "--p1", "copycat", "--p2", "random", "--seed", "11", "--json", "--no-out")
	var rec2 game.Record
	_ = json.Unmarshal([]byte(again), &rec2)
	if rec2.Game != rec.Game || len(rec2.Moves) != len(rec.Moves) {
		t.Fatalf("same seed, different games: %s %d vs %s %d", rec.Game, len(rec.Moves), rec2.Game, len(rec2.Moves))
	}
	for i := range rec.Moves {
		if rec.Moves[i].Move != rec2.Moves[i].Move {
			t.Fatalf("move %d differs: %s vs %s", i+1, rec.Moves[i].Move, rec2.Moves[i].Move)
		}
	}
}
