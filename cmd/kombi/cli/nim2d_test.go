package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
)

func TestNim2dSolve(t *testing.T) {
	for _, tt := range []struct{ args, outcome, grundy, moves, cells string }{
		{"nim2d(n=5)|RRR../RRRRR/RRRRR/RRRRR/RRRR.", "win", "3", `["4","5"]`, `[[4],[5]]`},
		{"nim2d(n=3)|..R/G../...", "win", "3", `["7","8"]`, `[[7],[8]]`},
		{"nim2d(n=3)|..R/G../...:G", "win", "3", `["7","8"]`, `[[7],[8]]`},
		{"nim2d(n=5)|RRR../RRRRR/RRRRR/RRRRR/RRRRR", "win", "2", `["4,5"]`, `[[4,5]]`},
		{"nim2d(n=4)|", "loss", "0", `[]`, `[]`},
		{"nim2d(n=10)|", "loss", "0", `[]`, `[]`},
	} {
		spec, pos, _ := strings.Cut(tt.args, "|")
		args := []string{"solve", spec, "--json", "--quiet"}
		if pos != "" {
			args = append(args, "--position", pos)
		}
		code, out, errOut := kombi(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		// The common fields, and today's grundy with the cells of the
		// winning moves beside them.
		want := map[string]string{"outcome": `"` + tt.outcome + `"`, "value": tt.grundy, "grundy": tt.grundy,
			"best_moves": tt.moves, "best_cells": tt.cells, "complete": "true", "lower_bound": "null"}
		for k, w := range want {
			var compact bytes.Buffer
			_ = json.Compact(&compact, got[k])
			if compact.String() != w {
				t.Errorf("%v: %s is %s, want %s\n%s", args, k, got[k], w, out)
			}
		}
		for _, k := range []string{"game", "position", "player", "upper_bound", "nodes", "seconds"} {
			if _, ok := got[k]; !ok {
				t.Errorf("%v: no %q field", args, k)
			}
		}
	}
	code, out, _ := kombi(t, "", "solve", "nim2d(n=3)", "--position", "..R/G../...")
	if code != 0 || !strings.Contains(out, "Winning moves (2): {7} {8}") || !strings.Contains(out, "Grundy value") {
		t.Fatalf("solve text:\n%s", out)
	}
	for _, bad := range []struct{ args []string }{
		{[]string{"solve", "nim2d(n=3)", "--position", "../.."}},
		{[]string{"solve", "nim2d(n=3)", "--position", "..R/G.?/..."}},
		{[]string{"solve", "nim2d(n=3)", "--position", "RRR/RRR/RRR"}},
		{[]string{"solve", "nim2d(n=3)", "--position", "..R/G../...:B"}},
		{[]string{"solve", "nim2d(n=12)"}},
	} {
		if code, _, errOut := kombi(t, "", bad.args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", bad.args, code, errOut)
		}
	}
	// The error counts cells, not bytes: "ö.." is three cells.
	if code, _, errOut := kombi(t, "", "solve", "nim2d(n=3)", "--position", "ö../.../..."); code != 2 || !strings.Contains(errOut, "row 1 has 'ö'") {
		t.Errorf("ö: exit %d: %s", code, errOut)
	}
}

// TestNim2dSolveAtOnce: the empty 9×9 palette is decided at once (it took
// 30 s listing every winning move); --time lets it look further.
func TestNim2dSolveAtOnce(t *testing.T) {
	start := time.Now()
	code, out, errOut := kombi(t, "", "solve", "nim2d(n=9)", "--json", "--quiet")
	if code != 0 || time.Since(start) > 15*time.Second {
		t.Fatalf("exit %d after %s: %s", code, time.Since(start), errOut)
	}
	var r struct {
		Outcome   string   `json:"outcome"`
		Value     int      `json:"value"`
		BestMoves []string `json:"best_moves"`
		Complete  bool     `json:"complete"`
		Note      string   `json:"note"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Outcome != "win" || r.Value != 1 || r.Complete || strings.Join(r.BestMoves, " ") != "1 11 21 31 41 51 61 71 81" || !strings.Contains(r.Note, "--time") {
		t.Fatalf("%+v", r)
	}
	code, out, _ = kombi(t, "", "solve", "nim2d(n=9)", "--time", "300ms", "--quiet")
	if code != 0 || !strings.Contains(out, "Partial: stopped by the time limit") || !strings.Contains(out, "Winning moves (9)") {
		t.Fatalf("--time: exit %d\n%s", code, out)
	}
	code, out, _ = kombi(t, "", "analyze", "nim2d(n=3,first=p1)", "--position", "..R/G../...", "--format", "csv")
	if code != 0 || !strings.Contains(out, "move,outcome,value\n1,loss,2\n") || !strings.Contains(out, "\n7,win,0\n") {
		t.Fatalf("analyze: exit %d\n%s", code, out)
	}
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
	if code != 0 || !strings.Contains(md, "**2 empty cells: 2 classes, 1 won and 1 lost for the player to move**") || !strings.Contains(md, "| 10 | loss | 0 | mirror |") {
		t.Fatalf("markdown:\n%s", md)
	}
	code, csv, _ := kombi(t, "", "report", "nim2d-endgames", "--max-empty", "2", "--search-up-to", "4", "--format", "csv")
	if code != 0 || !strings.Contains(csv, "class,Grundy,outcome,reason,N ≥,example,winning move\n") || !strings.Contains(csv, "\n10,loss,0,mirror,—,") {
		t.Fatalf("csv:\n%s", csv)
	}
	for _, bad := range [][]string{{"--max-empty", "9"}, {"--search-up-to", "9"}, {"--max-empty", "x"}, {"--mem", "-1"}, {"--format", "xml"}} {
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
	if code != 0 || !strings.Contains(out, "quit") {
		t.Fatalf("quit: exit %d (want 0, a person's choice): %s", code, errOut)
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

// TestNim2dCoinSaysItChose: when the coin decides who starts, the game's
// header says so beside the game string, which keeps first=pN for replay;
// a first= the person gave is shown as given, with no coin.
func TestNim2dCoinSaysItChose(t *testing.T) {
	seen := map[string]bool{}
	for seed := 1; seed <= 6; seed++ {
		for _, spec := range []string{"nim2d(n=3,p1=G)", "nim2d(n=3,p1=G,first=coin)"} {
			code, out, errOut := kombi(t, "", "play", spec, "--p1", "random", "--p2", "random", "--seed", fmt.Sprint(seed), "--no-out", "--no-db")
			header, _, _ := strings.Cut(out, "\n")
			_, first, ok := strings.Cut(header, ",first=p")
			if code != 0 || !ok {
				t.Fatalf("%s seed %d: exit %d\n%s%s", spec, seed, code, out, errOut)
			}
			seat := first[:1] // "1" or "2"
			colour := map[string]string{"1": "G", "2": "R"}[seat]
			want := fmt.Sprintf("Game nim2d(n=3,p1=G,first=p%s), seed %d (first=p%s: the coin chose %s (P%s) to start)", seat, seed, seat, colour, seat)
			if header != want || !strings.Contains(out, colour+" (P"+seat+") to move first") {
				t.Fatalf("%s seed %d: the header is\n%s\nwant\n%s\n%s", spec, seed, header, want, out)
			}
			seen[seat] = true
		}
	}
	if !seen["1"] || !seen["2"] {
		t.Fatalf("six seeds tossed only %v", seen)
	}
	_, out, _ := kombi(t, "", "play", "nim2d(n=3,p1=G,first=p2)", "--p1", "random", "--p2", "random", "--seed", "1", "--no-out", "--no-db")
	if !strings.HasPrefix(out, "Game nim2d(n=3,p1=G,first=p2), seed 1\n") {
		t.Fatalf("a first= given: %s", out)
	}
}

// TestNim2dBenchFlags: bad settings are usage errors before any work (the
// bench itself takes many seconds; games/nim2d tests its tables).
func TestNim2dBenchFlags(t *testing.T) {
	for _, bad := range [][]string{{"--up-to", "9"}, {"--coverage", "-1"}, {"--budget", "-5"}, {"--format", "xml"}} {
		if code, _, errOut := kombi(t, "", append([]string{"bench", "nim2d"}, bad...)...); code != 2 || !strings.Contains(errOut, bad[0]) {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errOut)
		}
	}
}

// TestNim2dSolveInterrupted: Ctrl-C (the context cancelled) during a solve
// prints what is proven and exits 130; before, it printed only "context
// canceled".
func TestNim2dSolveInterrupted(t *testing.T) {
	// The lower triangle used: the upper one, 36 cells, takes hours.
	rows := make([]string, 9)
	for r := range rows {
		rows[r] = strings.Repeat("G", r) + strings.Repeat(".", 9-r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	var out, errOut strings.Builder
	code := Run(ctx, []string{"solve", "nim2d(n=9)", "--position", strings.Join(rows, "/"), "--json", "--quiet"}, strings.NewReader(""), &out, &errOut)
	var r struct {
		Outcome  string `json:"outcome"`
		Complete bool   `json:"complete"`
		Nodes    int64  `json:"nodes"`
		Note     string `json:"note"`
	}
	if err := json.Unmarshal([]byte(out.String()), &r); err != nil || code != 130 {
		t.Fatalf("exit %d, %v\n%s%s", code, err, out.String(), errOut.String())
	}
	if r.Outcome != "unknown" || r.Complete || r.Nodes == 0 || !strings.Contains(r.Note, "stopped by an interruption: components of 36 cells not solved") {
		t.Fatalf("%+v", r)
	}
}

// The result line of a replay names the colours of the game string (p1=G),
// like the game itself, not the registered default p1=R.
func TestNim2dReplayColours(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := kombi(t, "", "play", "nim2d(n=3,p1=G,first=p1)", "--p1", "random", "--p2", "random", "--seed", "2", "--json", "--out", dir)
	if code != 0 {
		t.Fatalf("play: %d %s", code, errOut)
	}
	file := filepath.Join(dir, "record.json")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = kombi(t, "", "replay", file)
	if code != 0 {
		t.Fatalf("replay: %d %s", code, errOut)
	}
	if !strings.Contains(out, "(G, random) wins") && !strings.Contains(out, "(R, random) wins") {
		t.Fatalf("replay result line: %s", out)
	}
	var rec struct{ Winner int }
	if err := json.Unmarshal([]byte(mustRead(t, file)), &rec); err != nil {
		t.Fatal(err)
	}
	want := map[int]string{0: "P1 (G, random) wins", 1: "P2 (R, random) wins"}[rec.Winner]
	if !strings.Contains(out, want) {
		t.Fatalf("replay says\n%s\nwant %q", out, want)
	}
}

// TestTableNim2dShapes: `kombi table nim2d-shapes` computes and seals a
// table, a second run only reports it, sizes beyond its reach are usage
// errors, and solve then reads the table from the data directory.
func TestTableNim2dShapes(t *testing.T) {
	if code, _, _ := kombi(t, "", "table", "nim2d-shapes", "--help"); code != 0 {
		t.Skip("table nim2d-shapes is not registered (groups.go: a.nim2dShapesCmd() in tableCmd)")
	}
	dir := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", dir)
	var res struct {
		Complete bool  `json:"complete"`
		Grundy   *int  `json:"grundy"`
		Shapes   int64 `json:"shapes"`
		Computed int64 `json:"computed"`
		File     string
	}
	for run := range 2 {
		code, out, errOut := kombi(t, "", "table", "nim2d-shapes", "--n", "7", "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		if !res.Complete || res.Grundy == nil || *res.Grundy != 1 || res.Shapes != 41335 || res.File != filepath.Join(dir, "nim2d-shapes-7.bin") || run == 1 && res.Computed != 0 {
			t.Fatalf("run %d: %s", run, out)
		}
	}
	code, out, _ := kombi(t, "", "table", "nim2d-shapes", "--n", "5", "--file", filepath.Join(dir, "five.bin"))
	if code != 0 || !strings.Contains(out, "triangle Grundy value") || !strings.Contains(out, "79") {
		t.Fatalf("text: %d\n%s", code, out)
	}
	for _, bad := range [][]string{{"--n", "10"}, {"--n", "1"}, {"--mem", "-1"}, {"--workers", "-2"}} {
		if code, _, errOut := kombi(t, "", append([]string{"table", "nim2d-shapes"}, bad...)...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d: %s", bad, code, errOut)
		}
	}
	// The 7×7 palette after 2 and 15: the table decides every move at once.
	code, out, errOut := kombi(t, "", "solve", "nim2d(n=7)", "--position", ".R...../......./G....../......./......./......./.......", "--json", "--quiet")
	var r map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r["complete"] != true {
		t.Fatalf("solve with the table: %d %s %s", code, out, errOut)
	}
}
