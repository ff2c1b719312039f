package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	studyap "github.com/kombi/kombi/study/apgame"
	"github.com/kombi/kombi/sweep"
)

func TestAPArenaAsWritten(t *testing.T) {
	// The command, with fewer games.
	code, out, errOut := kombi(t, "", "arena", "ap(x=100,k=4)", "--p1", "strong", "--p2", "extendblock", "--games", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res sweep.ArenaResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Games != 1 || res.Wins[0]+res.Wins[1]+res.Draws != 1 || res.Wins[1] != 0 {
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

// TestAPWinSaidOnce: the end of a won game names the winning progression
// once, with its difference (the board's last line; the transcript does
// not say it again), and the replayed record shows it the same way.
func TestAPWinSaidOnce(t *testing.T) {
	wins := 0
	for seed := 1; seed <= 3; seed++ {
		dir := t.TempDir()
		code, out, errOut := kombi(t, "", "play", "ap(x=10,k=3)", "--p1", "strong", "--p2", "random", "--seed", fmt.Sprint(seed), "--out", dir, "--no-db")
		records, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		if code != 0 || len(records) != 1 {
			t.Fatalf("seed %d: exit %d, records %v\n%s", seed, code, records, errOut)
		}
		var rec game.Record
		if err := json.Unmarshal([]byte(mustRead(t, records[0])), &rec); err != nil {
			t.Fatal(err)
		}
		prog, _ := rec.Extra["progression"].([]any)
		if rec.Winner == nil || len(prog) != 3 {
			continue // a draw names no progression
		}
		wins++
		var nums []string
		for _, x := range prog {
			nums = append(nums, fmt.Sprint(x))
		}
		d := int(prog[1].(float64) - prog[0].(float64))
		seat := game.Player(*rec.Winner)
		want := fmt.Sprintf("%s (%s) owns the progression %s (difference %d).\n", game.SeatName(seat), []string{"red", "blue"}[seat], strings.Join(nums, " "), d)
		if strings.Count(out, "owns the progression") != 1 || !strings.Contains(out, want) {
			t.Errorf("seed %d: want the progression said once, %q:\n%s", seed, want, out)
		}
		if _, replayed, _ := kombi(t, "", "replay", records[0]); !strings.Contains(replayed, want) {
			t.Errorf("seed %d: the replay lacks %q:\n%s", seed, want, replayed)
		}
	}
	if wins == 0 {
		t.Fatal("no game of three was won")
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
		"P1 (red, to move) can still complete 9 progressions",
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
	if code != 0 || !strings.Contains(out, "quit") {
		t.Fatalf("quitting: exit %d (want 0: a person's choice), %s", code, errOut)
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
	code, out, errOut := kombi(t, "", "report", "ap-strength", "--grid", "12:3", "--games", "4", "--workers", "1", "--format", "markdown")
	if code != 0 || !strings.Contains(out, "| ap(x=12,k=3) |") {
		t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = kombi(t, "", "report", "ap-strength", "--grid", "12:3", "--games", "4", "--workers", "1", "--json")
	var rep struct {
		A, B string
		Seed uint64
		Rows []struct {
			Game                       string
			Games, Wins, Draws, Losses int
			Score                      float64
			MeanSeconds                float64 `json:"mean_seconds"`
			MaxSeconds                 float64 `json:"max_seconds"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || rep.A != "strong" || rep.B != "extendblock" || rep.Seed != 1 || len(rep.Rows) != 1 {
		t.Fatalf("report JSON: exit %d, %v\n%s", code, err, out)
	}
	if r := rep.Rows[0]; r.Game != "ap(x=12,k=3)" || r.Games != 4 || r.Wins+r.Draws+r.Losses != 4 || r.Score != (float64(r.Wins)+float64(r.Draws)/2)/4 || r.MaxSeconds < r.MeanSeconds {
		t.Fatalf("report row: %+v", r)
	}
	code, out, _ = kombi(t, "", "table", "ap-progressions", "ap(k=3,set=2;4;6;8;10;12)", "--format", "csv")
	if code != 0 || !strings.Contains(out, "progression,difference\n2 4 6,2\n") || !strings.Contains(out, "number,progressions\n2,2\n4,3\n6,4\n") {
		t.Fatalf("table csv: exit %d\n%s", code, out)
	}
	code, out, _ = kombi(t, "", "solve", "ap(k=3,set=1;2;3;4;5;6;7;20)", "--json")
	if code != 0 || !strings.Contains(out, `"outcome": "win"`) || !strings.Contains(out, `"to_move": "P1 (red)"`) || !strings.Contains(out, `"position": "/"`) {
		t.Fatalf("solve: exit %d %s", code, out)
	}
	code, out, _ = kombi(t, "", "solve", "ap(k=3,set=1;2;3;4;5;6;7;20)", "--position", "3 5 / 20")
	if code != 0 || !strings.Contains(out, "P2 (blue) loses against best play") {
		t.Fatalf("solve a lost position: exit %d %s", code, out)
	}
	code, out, _ = kombi(t, "", "analyze", "ap(k=3,set=1;2;3;4;5;6;7;20)", "--json")
	var an solve.Analysis
	if err := json.Unmarshal([]byte(out), &an); err != nil || code != 0 || len(an.Moves) != 8 || !an.Complete {
		t.Fatalf("analyze: exit %d %v\n%s", code, err, out)
	}
}

// TestAPHardening: exact play and solving refuse sets beyond the exact
// search (or answer within --time), and an interrupted strength report
// prints the rows done, then exits 130.
func TestAPHardening(t *testing.T) {
	code, _, errOut := kombi(t, "", "play", "ap(x=1000,k=3)", "--p1", "perfect", "--p2", "random", "--no-out")
	if code != 2 || !strings.Contains(errOut, "takes on at most 40") {
		t.Fatalf("perfect on 1000 numbers: exit %d, %s", code, errOut)
	}
	code, _, errOut = kombi(t, "", "solve", "ap(x=1000,k=3)")
	if code != 1 || !strings.Contains(errOut, "at most 40 without a time bound") {
		t.Fatalf("solve 1000 numbers: exit %d, %s", code, errOut)
	}
	code, out, errOut := kombi(t, "", "solve", "ap(x=1000,k=3)", "--time", "100ms", "--json", "--quiet")
	var r solve.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || r.Complete || r.Outcome == solve.Draw || r.Outcome == solve.Loss {
		t.Fatalf("solve 1000 numbers within 100ms: exit %d, %v %s%s", code, err, out, errOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(1500*time.Millisecond, cancel)
	defer timer.Stop()
	var stdout, stderr strings.Builder
	code = Run(ctx, []string{"report", "ap-strength", "--grid", "5:3,300:4", "--p1", "strong(work=1000000000000)", "--games", "2", "--workers", "1", "--json"}, strings.NewReader(""), &stdout, &stderr)
	if err := json.Unmarshal([]byte(stdout.String()), &rep0); err != nil || code != 130 || len(rep0.Rows) != 1 || rep0.Rows[0].Game != "ap(x=5,k=3)" {
		t.Fatalf("interrupted report: exit %d, %v\n%s%s", code, err, stdout.String(), stderr.String())
	}
}

var rep0 studyap.StrengthReport

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
		{[]string{"report", "ap-strength", "--grid", "2000:3"}, "x=2000: allowed 3 to 1000"},
		{[]string{"report", "ap-strength", "--p1", "strong(model=psychic)"}, "bot A (strong(model=psychic))"},
		{[]string{"report", "ap-strength", "--workers", "-1"}, "workers=-1"},
		{[]string{"report", "ap-strength", "--format", "xml"}, "--format"},
		{[]string{"bench", "ap", "--sets", "0"}, "sets=0: allowed 1 to"},
		{[]string{"bench", "ap", "--x", "5", "--k", "6"}, "choose k ≤ x"},
		{[]string{"solve", "ap(k=3,set=1;2;3;4)", "--position", "1 / 9"}, "9 is not in the set"},
	} {
		code, _, errOut := kombi(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.wantErr)
		}
	}
}
