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
)

func TestVDWSolveJSON(t *testing.T) {
	code, out, errOut := kombi(t, "", "solve", "vdwlist(k=3,colors=2,list=1,s=8)", "--json")
	var an struct {
		P1Win      string   `json:"p1_win"`
		P1WinFloat float64  `json:"p1_win_float"`
		BestMoves  []string `json:"best_moves"`
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil || code != 0 {
		t.Fatalf("exit %d: %v\n%s%s", code, err, out, errOut)
	}
	// 6 of the 256 2-colourings of 1..8 avoid monochromatic 3-term progressions.
	if an.P1Win != "125/128" || an.P1WinFloat != 0.9765625 || len(an.BestMoves) != 8 {
		t.Fatalf("solve: %+v", an)
	}
	code, out, _ = kombi(t, "", "solve", "vdwlist(k=3,colors=3,list=2,s=8)")
	if code != 0 || !strings.Contains(out, "P1 (namer) wins with probability 7/243 ≈ 0.028807") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// A sure result in words, not "0/1 ≈ 0.000000".
	code, out, _ = kombi(t, "", "solve", "vdwlist(k=3,colors=3,list=2,s=4)")
	if code != 0 || !strings.Contains(out, "P2 (colourer) always wins") || strings.Contains(out, "0/1") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// From a position: red 1 and 5 threaten 9 only in red; P1 names 3, 7 or 9 ...
	code, out, _ = kombi(t, "", "solve", "vdwlist(k=3,colors=2,list=2,s=9)", "--position", "r...r....", "--json")
	if code != 0 || !strings.Contains(out, `"p1_win": "1/1"`) {
		t.Fatalf("position: exit %d %s", code, out)
	}
	code, _, errOut = kombi(t, "", "solve", "vdwlist(k=3,colors=2,list=2,s=9)", "--position", "r..x")
	if code != 2 || !strings.Contains(errOut, "has 4 symbols: want one per number 1..9") {
		t.Fatalf("bad position: exit %d %s", code, errOut)
	}
	// Fractions beyond 64 bits: 1..40 all of one random colour, 3·3^−40.
	code, out, errOut = kombi(t, "", "solve", "vdwlist(k=40,colors=3,list=1,s=40)", "--json")
	if code != 0 || !strings.Contains(out, `"value": "1/4052555153018976267"`) {
		t.Fatalf("s=40: exit %d %s %s", code, out, errOut)
	}
}

func TestVDWTable(t *testing.T) {
	code, out, errOut := kombi(t, "", "table", "vdwlist", "--colors", "3", "--list", "2", "--max-s", "9", "--json")
	var tab struct {
		K      int `json:"k"`
		Series []struct {
			Colors, List, MaxS int
			Rows               []struct {
				S     int    `json:"s"`
				P1Win string `json:"p1_win"`
			} `json:"rows"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(out), &tab); err != nil || code != 0 {
		t.Fatalf("exit %d: %v %s", code, err, errOut)
	}
	if len(tab.Series) != 1 || len(tab.Series[0].Rows) != 9 {
		t.Fatalf("table: %s", out)
	}
	want := map[int]string{6: "0/1", 7: "1/243", 8: "7/243", 9: "77/729"}
	for _, r := range tab.Series[0].Rows {
		if w, ok := want[r.S]; ok && r.P1Win != w {
			t.Errorf("s=%d: %s, want %s", r.S, r.P1Win, w)
		}
	}
	code, out, _ = kombi(t, "", "table", "vdwlist", "--colors", "2", "--max-s", "10", "--format", "markdown")
	if code != 0 || !strings.Contains(out, "k=3, colors=2, list=1") || !strings.Contains(out, "| 8 | 125/128 | 0.976563 |") || !strings.Contains(out, "Solved s ≤ 10") ||
		!strings.Contains(out, "| 2 | 0 | 0.000000 |") || !strings.Contains(out, "| 10 | 1 | 1.000000 |") { // sure values read 0 and 1, not 0/1 and 1/1
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// Values within 10⁻⁶ of 1 get the digits that show it.
	code, out, _ = kombi(t, "", "table", "vdwlist", "--colors", "3", "--list", "1", "--from", "23", "--max-s", "23")
	if code != 0 || !strings.Contains(out, "31381056713/31381059609  0.99999990772") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, tt := range []struct{ args, err string }{
		{"--colors 9", "--colors 9: want 1 to 8"},
		{"--colors 2 --list 3", "--list 3 with 2 colours"},
		{"--from 5 --max-s 4", "--from 5 --max-s 4: want 1 ≤ first ≤ last ≤ 64"},
		{"--time 0s", "--time 0s: want a positive duration"},
		{"--format xml", `--format "xml": want one of`},
	} {
		code, _, errOut := kombi(t, "", append([]string{"table", "vdwlist"}, strings.Fields(tt.args)...)...)
		if code != 2 || !strings.Contains(errOut, tt.err) {
			t.Errorf("table vdwlist %s: exit %d %s; want %q", tt.args, code, errOut, tt.err)
		}
	}
}

func TestVDWBench(t *testing.T) {
	code, out, errOut := kombi(t, "", "bench", "vdwlist", "--max-plain", "6", "--s", "10", "--max-s", "12", "--depth", "4", "--positions", "3", "--json")
	var res struct {
		Solve []struct {
			P1Win string `json:"p1_win"`
		} `json:"solve"`
		Search []struct {
			Pruning string `json:"pruning"`
			Nodes   int64  `json:"nodes"`
		} `json:"search"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("exit %d: %v %s", code, err, errOut)
	}
	if len(res.Solve) != 4 || len(res.Search) != 3 || res.Search[0].Pruning != "star2" || res.Search[0].Nodes > res.Search[2].Nodes {
		t.Fatalf("bench: %s", out)
	}
}

// TestVDWHumanBothRoles plays a person as the namer and as the colourer,
// with mistakes, and replays the record.
func TestVDWHumanBothRoles(t *testing.T) {
	dir := t.TempDir()
	input := "0\n2\n7\n1\n4\n5\n3\n6\n"
	code, out, errOut := kombi(t, input, "play", "vdwlist(k=2,colors=2,list=2,s=6)", "--p1", "human", "--p2", "easy", "--seed", "3", "--out", dir)
	for _, want := range []string{"P1 (namer), your move", "there is no number 0", "list drawn: {red, blue}", "P1 (namer) played 2", "progression in"} {
		if !strings.Contains(out, want) {
			t.Errorf("namer: output lacks %q\n%s", want, out)
		}
	}
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	input = "purple\ngreen\nr\nb\nred\nblue\nred\nblue\nred\nblue\n"
	code, out, errOut = kombi(t, input, "play", "vdwlist(k=3,colors=3,list=2,s=6,seed=4)", "--p1", "easy", "--p2", "human", "--seed", "9", "--out", dir)
	for _, want := range []string{"P2 (colourer), your move", "list drawn: {", "colour", "with a colour of the drawn list", "P2 (colourer) played"} {
		if !strings.Contains(out, want) {
			t.Errorf("colourer: output lacks %q\n%s", want, out)
		}
	}
	if code != 0 && !strings.Contains(errOut, "input ended") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	records, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, r := range records {
		if code, out, errOut := kombi(t, "", "replay", r); code != 0 && !strings.Contains(errOut+out, "aborted") {
			t.Fatalf("replay %s: exit %d %s %s", r, code, out, errOut)
		}
	}
}

// TestVDWOneColourListPlaysItself: with list=1 the colourer has no choice,
// so a person colouring is not asked: the only colour is played and the
// person told so, on the screen and in the transcript file, while the
// namer still names. A human colourer against the computer needs no input.
func TestVDWOneColourListPlaysItself(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := kombi(t, "5\n3\n", "play", "vdwlist(k=3,colors=2,list=1,s=9)", "--p1", "human", "--p2", "human", "--seed", "1", "--json", "--out", dir, "--no-db")
	var rec game.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("exit %d, not a record: %v\n%s%s", code, err, out, errOut)
	}
	// 5, its list, its colour, 3, its list, its colour; then the namer's input ends.
	if len(rec.Moves) != 6 || !rec.Aborted || !strings.Contains(rec.Reason, "P1 (namer, human): the input ended") {
		t.Fatalf("moves %v, stopped: %q\n%s", rec.Moves, rec.Reason, errOut)
	}
	transcripts, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(transcripts) != 1 {
		t.Fatalf("transcripts %v", transcripts)
	}
	file, err := os.ReadFile(transcripts[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := 2; i < len(rec.Moves); i += 3 {
		named, drawn, coloured := rec.Moves[i-2], rec.Moves[i-1], rec.Moves[i]
		if coloured.Player != 1 || drawn.Move != "{"+coloured.Move+"}" {
			t.Fatalf("round %d: %v %v %v", i/3+1, named, drawn, coloured)
		}
		told := fmt.Sprintf("Only %s is on the list: %s is coloured %s for P2 (colourer).\n", coloured.Move, named.Move, coloured.Move)
		if !strings.Contains(errOut, told) || !strings.Contains(string(file), told) {
			t.Errorf("the screen or the transcript file lacks %q:\n%s\n%s", told, errOut, file)
		}
	}
	if strings.Contains(errOut, "P2 (colourer), your move") {
		t.Errorf("the colourer was asked:\n%s", errOut)
	}
	code, out, errOut = kombi(t, "", "play", "vdwlist(k=3,colors=2,list=1,s=9)", "--p1", "normal", "--p2", "human", "--seed", "2", "--json", "--no-out", "--no-db")
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 || rec.Aborted || rec.Winner == nil {
		t.Fatalf("a human colourer with nothing to type: exit %d, %v, %+v\n%s", code, err, rec, errOut)
	}
}

// TestVDWSeedParameter: with seed= in the game string the lists are the
// same whatever the match seed; without it they follow the match seed.
func TestVDWSeedParameter(t *testing.T) {
	lists := func(spec, seed string) string {
		_, out, errOut := kombi(t, "", "play", spec, "--p1", "random", "--p2", "random", "--seed", seed, "--json", "--no-out")
		var rec game.Record
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%v %s", err, errOut)
		}
		var ls []string
		for _, m := range rec.Moves {
			if m.Player == game.Chance {
				ls = append(ls, m.Move)
			}
		}
		return strings.Join(ls, " ")
	}
	spec := "vdwlist(k=5,colors=4,list=2,s=12,seed=11)"
	a, b := lists(spec, "1"), lists(spec, "2")
	if len(a) == 0 || !strings.HasPrefix(b, a[:min(len(a), len(b))]) && !strings.HasPrefix(a, b[:min(len(a), len(b))]) {
		t.Fatalf("seed=11 must fix the lists:\n%s\n%s", a, b)
	}
	if x, y := lists("vdwlist(k=5,colors=4,list=2,s=12)", "1"), lists("vdwlist(k=5,colors=4,list=2,s=12)", "2"); x == y {
		t.Fatalf("without seed= the match seed draws the lists: %s", x)
	}
}

func TestVDWReport(t *testing.T) {
	code, out, errOut := kombi(t, "", "report", "vdwlist", "--s", "8", "--json")
	var rep struct {
		P1Win  string `json:"p1_win"`
		Levels []struct {
			Level     string  `json:"level"`
			AsP1Float float64 `json:"as_p1_float"`
			AsP2Float float64 `json:"as_p2_float"`
		} `json:"levels"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d: %v %s", code, err, errOut)
	}
	if rep.P1Win != "7/243" || len(rep.Levels) != 3 || rep.Levels[2].Level != "hard" {
		t.Fatalf("report: %s", out)
	}
	for _, l := range rep.Levels {
		if l.AsP1Float > 7.0/243+1e-12 || l.AsP2Float < 7.0/243-1e-12 {
			t.Fatalf("%s beats the perfect player: %+v", l.Level, l)
		}
	}
	if code, _, errOut := kombi(t, "", "report", "vdwlist", "--colors", "2", "--list", "3"); code != 2 || !strings.Contains(errOut, "list=3 with colors=2") {
		t.Fatalf("bad list: exit %d %s", code, errOut)
	}
}

// TestVDWSolveCommonFields: the one result shape with the old fields
// beside it, in every phase of a round; the outcome is for the player to
// move (at a chance node for P1).
func TestVDWSolveCommonFields(t *testing.T) {
	for _, tt := range []struct {
		game, position, value, outcome, best string
		player                               int
	}{
		{"vdwlist(k=3,colors=3,list=2,s=9)", "", "77/729", "chance", "1 2 8 9", 0},
		{"vdwlist(k=3,colors=3,list=2,s=6)", "", "0/1", "loss", "1 2 3 4 5 6", 0},
		{"vdwlist(k=3,colors=3,list=2,s=9)", "r...r....:9:rb", "23/243", "chance", "blue", 1},
		{"vdwlist(k=3,colors=3,list=2,s=9)", "r.b.rbgg.:9", "1/1", "win", "", -1},
		{"vdwlist(k=3,colors=3,list=2,s=9)", "r.b.rbgg.:9:bg", "1/1", "loss", "blue green", 1},
	} {
		args := []string{"solve", tt.game, "--json"}
		if tt.position != "" {
			args = append(args, "--position", tt.position)
		}
		code, out, errOut := kombi(t, "", args...)
		var r struct {
			Game, Position, Outcome string
			Player                  int
			Value, LowerBound       any
			UpperBound              any `json:"upper_bound"`
			Complete                bool
			BestMoves               []string `json:"best_moves"`
			P1Win                   string   `json:"p1_win"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 {
			t.Fatalf("%v: exit %d %v %s", args, code, err, errOut)
		}
		if r.Game != tt.game || tt.position != "" && r.Position != tt.position || r.Player != tt.player || r.Value != tt.value || r.P1Win != tt.value ||
			r.Outcome != tt.outcome || !r.Complete || r.LowerBound != nil || r.UpperBound != nil || strings.Join(r.BestMoves, " ") != tt.best {
			t.Errorf("%v:\n%s", args, out)
		}
	}
}

// TestVDWWholeProbabilitiesPlain: a winning probability of 0 or 1 reads 0
// or 1 in the analysis table and in a hint (not 0/1, 1/1), other fractions
// as they are; the JSON keeps the exact "0/1" and "1/1".
func TestVDWWholeProbabilitiesPlain(t *testing.T) {
	for _, tt := range []struct{ game, position string }{
		{"vdwlist(k=3,colors=2,list=2,s=8)", ""},               // P1 never wins: every value 0/1
		{"vdwlist(k=3,colors=2,list=2,s=9)", ""},               // P1 always wins: 1/1
		{"vdwlist(k=3,colors=3,list=2,s=9)", "r...r....:9:rb"}, // 1/1 and a fraction
	} {
		args := []string{"analyze", tt.game}
		if tt.position != "" {
			args = append(args, "--position", tt.position)
		}
		_, out, errOut := kombi(t, "", append(args, "--json")...)
		var an struct {
			Moves []struct{ Move, Value string }
		}
		if err := json.Unmarshal([]byte(out), &an); err != nil || len(an.Moves) == 0 {
			t.Fatalf("%v: %v\n%s%s", args, err, out, errOut)
		}
		_, table, _ := kombi(t, "", args...)
		rows := map[string]string{} // move → the table's value
		for _, line := range strings.Split(table, "\n") {
			if f := strings.Fields(line); len(f) == 3 {
				rows[f[0]] = f[2]
			}
		}
		whole := 0
		for _, m := range an.Moves {
			want := strings.TrimSuffix(m.Value, "/1")
			if want != m.Value {
				whole++
			}
			if rows[m.Move] != want {
				t.Errorf("%v: move %s (value %s) reads %q in the table, want %q:\n%s", args, m.Move, m.Value, rows[m.Move], want, table)
			}
		}
		if whole == 0 {
			t.Errorf("%v: no value of 0 or 1 among %v", args, an.Moves)
		}
	}
	_, out, _ := kombi(t, "hint\nquit\n", "play", "vdwlist(k=3,colors=2,list=2,s=9)", "--p1", "human", "--p2", "human", "--seed", "1", "--no-out", "--no-db")
	if !strings.Contains(out, " (1), ") || strings.Contains(out, "/1)") {
		t.Errorf("the hint:\n%s", out)
	}
}

// TestVDWAnalyze: the check, one value per move with one table;
// no move of a game with chance moves is a "draw": strictly between 0 and
// 1 it is "chance", and the best moves are marked.
func TestVDWAnalyze(t *testing.T) {
	code, out, errOut := kombi(t, "", "analyze", "vdwlist(k=3,colors=3,list=2,s=9)", "--json")
	var an struct {
		Player   int
		Complete bool
		Moves    []struct {
			Move, Outcome, Value string
			Best                 bool
		}
		Measure struct{ Kind, Label string }
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil || code != 0 {
		t.Fatalf("exit %d: %v %s", code, err, errOut)
	}
	best := map[string]bool{}
	for _, m := range an.Moves {
		if m.Outcome == "draw" || m.Outcome != "chance" {
			t.Errorf("move %s: outcome %q at P1's probability %s; want chance", m.Move, m.Outcome, m.Value)
		}
		if m.Value == "77/729" != m.Best {
			t.Errorf("move %s (%s): best %v; the best moves are those worth 77/729", m.Move, m.Value, m.Best)
		}
		if m.Value == "77/729" {
			best[m.Move] = true
		}
	}
	if an.Measure.Kind != "p1_win" || an.Measure.Label != "P1's winning probability" {
		t.Errorf("measure %+v", an.Measure)
	}
	if len(an.Moves) != 9 || !an.Complete || len(best) != 4 || !best["1"] || !best["9"] {
		t.Fatalf("analyze:\n%s", out)
	}
	code, out, _ = kombi(t, "", "analyze", "vdwlist(k=3,colors=3,list=2,s=9)", "--position", "r...r....:9:rb")
	if code != 0 || !strings.Contains(out, "red   loss     1\n") || !strings.Contains(out, "blue  chance   23/243") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// interruptAfter runs kombi and cancels its context after d, as Ctrl-C does.
func interruptAfter(t *testing.T, d time.Duration, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(d, cancel)
	var out, errOut strings.Builder
	code := Run(ctx, args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestVDWSolveInterrupted: Ctrl-C prints the bounds proven, then exit 130.
func TestVDWSolveInterrupted(t *testing.T) {
	code, out, errOut := interruptAfter(t, 300*time.Millisecond, "solve", "vdwlist(k=3,colors=3,list=2,s=16)", "--json", "--quiet")
	var r struct {
		Outcome    string
		Value      any
		LowerBound string `json:"lower_bound"`
		Upper      string `json:"upper_bound"`
		Complete   bool
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 130 || !strings.Contains(errOut, "interrupted") {
		t.Fatalf("exit %d: %v\n%s%s", code, err, out, errOut)
	}
	if r.Complete || r.Value != nil || !strings.Contains(r.LowerBound, "/") || r.Upper != "14324089/14348907" {
		t.Fatalf("interrupted solve:\n%s", out)
	}
	code, out, _ = interruptAfter(t, 300*time.Millisecond, "solve", "vdwlist(k=3,colors=3,list=2,s=16)", "--quiet")
	if code != 130 || !strings.Contains(out, "Stopped before the end") || !strings.Contains(out, "at most 14324089/14348907") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// TestVDWTableInterrupted: Ctrl-C prints the rows done, then exit 130.
func TestVDWTableInterrupted(t *testing.T) {
	code, out, _ := interruptAfter(t, 1500*time.Millisecond, "table", "vdwlist", "--colors", "3", "--list", "2", "--from", "8", "--max-s", "20")
	if code != 130 || !strings.Contains(out, "77/729") || !strings.Contains(out, "interrupted at s=") || !strings.Contains(out, "proven so far: P1 wins with probability") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}
