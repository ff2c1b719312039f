package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestThueThesisConfigPlays(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "thue.toml", "gameType = \"Square\"\ngameMode = \"pcPc\"\nsetPower = 4\nbuilderNestingLevel = 0\npainterNestingLevel = 1\nmaxThinkTime = 10000000000\nrandomization = false\nmakeOverallTest = false\n")
	code, out, errOut := kombi(t, "", "play", "--config", cfg, "--seed", "2", "--json", "--no-out")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec game.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("not a record: %v\n%s", err, out)
	}
	// Greedy builder against the level-1 painter lasts 10 with 4 symbols (Table 3.1).
	if rec.Game != "thue(alphabet=4,rule=square,start=2)" || rec.Players[0] != "greedy" || rec.Players[1] != "nesting(level=1,ties=first)" || rec.Length != 10 {
		t.Fatalf("record: %+v", rec)
	}
	if w, _ := rec.Extra["word"].(string); len(w) != 10 {
		t.Fatalf("record word %v", rec.Extra["word"])
	}
}

func TestThueThesisConfigErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ text, want string }{
		{"setPower = 4\ngameType = \"Cube\"\n", ":2: gameType: \"Cube\": want Square or Overlap"},
		{"setPower = 1\n", ":1: setPower: 1: want an alphabet size from 2 to 32"},
		{"gameMode = \"pcpc\"\n", "gameMode: \"pcpc\": want humanHuman"},
		{"builderNestingLevel = -1\n", "builderNestingLevel: -1"},
		{"maxThinkTime = \"soon\"\n", "maxThinkTime: \"soon\""},
		{"setPower = 4\nsetpower = 5\n", ":2: unknown key \"setpower\""},
		{"setPower = 4\nfoo = 5\n", "unknown field"},
		{"setPower = \"four\"\n", "1:12"},
		{"game = \"nim\"\nsetPower = 4\n", "give either game or the Thue thesis' keys"},
	} {
		cfg := writeFile(t, dir, "bad.toml", tt.text)
		code, _, errOut := kombi(t, "", "play", "--config", cfg, "--no-out")
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("config %q: exit %d, stderr %q; want exit 2 and %q", tt.text, code, errOut, tt.want)
		}
	}
}

func TestThueOverallTestTable(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "all.toml", "setPower = 4\nbuilderNestingLevel = 1\npainterNestingLevel = 1\nmakeOverallTest = true\noverallTestGames = 2\noverallTestMaxLength = 40\n")
	code, out, errOut := kombi(t, "", "play", "--config", cfg, "--seed", "0", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Table 3.1", "square    3         0                    0                    5", "square    4         1                    0                    10", "square    4         1                    1                    7", "overlap"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "overall-test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2*2*2*2*2 {
		t.Fatalf("want 32 records (2 rules × 2 alphabets × 2 × 2 levels × 2 games), got %d", len(lines))
	}
	var rec game.Record
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil || len(rec.Moves) == 0 || rec.Extra["sweep_cell"] == nil {
		t.Fatalf("record: %v %+v", err, rec)
	}
	// A rerun resumes: nothing new is played or written.
	if code, out2, _ := kombi(t, "", "play", "--config", cfg, "--seed", "0", "--out", dir); code != 0 || out2 != out {
		t.Fatalf("resumed run differs:\n%s\nvs\n%s", out2, out)
	}
	data2, _ := os.ReadFile(filepath.Join(dir, "overall-test.jsonl"))
	if len(data2) != len(data) {
		t.Fatal("resumed run appended records")
	}
	// Records replay, and their decision times plot.
	if code, _, errOut := kombi(t, "", "replay", "-q", filepath.Join(dir, "overall-test.jsonl")); code != 0 {
		t.Fatalf("replay: %s", errOut)
	}
	png := filepath.Join(dir, "times.png")
	if code, _, errOut := kombi(t, "", "plot", "decision-times", filepath.Join(dir, "overall-test.jsonl"), "-o", png, "--player", "builder", "--log"); code != 0 {
		t.Fatalf("plot: %s", errOut)
	}
	if st, err := os.Stat(png); err != nil || st.Size() < 1000 {
		t.Fatalf("plot file: %v", err)
	}
}

func TestThueMatchBots(t *testing.T) {
	code, out, errOut := kombi(t, "", "thue", "match", "--a", "greedy", "--b", "nesting(level=1)", "--alphabet", "4", "--seed", "2", "--json", "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res matchResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	// Round 1: greedy builds, level 1 paints: length 10, 8 points; round 2:
	// level 1 builds, greedy paints: length 7, 5 points. B wins.
	if len(res.Rounds) != 2 || res.Points[1] != 8 || res.Points[0] != 5 || res.Winner == nil || *res.Winner != 1 {
		t.Fatalf("match: %+v", res)
	}
}

func TestThueMatchPeople(t *testing.T) {
	// Round 1 (start 0, k=3): A builds, B paints; round 2 the other way.
	input := strings.Join([]string{
		"5", "1", "x", "7", "1", // A: bad position, then 1; B: garbage, bad symbol, then 1
		"2", "2", "0", "2", // 012 then 2012? positions and symbols
		"quit",
	}, "\n")
	code, out, _ := kombi(t, input, "thue", "match", "--seed", "0", "--no-out")
	for _, want := range []string{"position 5 is out of range: positions are 0 to 1", "want a symbol", "symbol 7 is not in the alphabet 0..2", "Round 1: A builds, B paints"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code != 1 {
		t.Fatalf("quit must stop the match with exit 1, got %d", code)
	}
}

func TestThueSoloHighScore(t *testing.T) {
	dir := t.TempDir()
	// 0 -> 01 -> 012 -> 0120 -> 01201 -> 012012, a square: length 6.
	moves := "1\n1\n2\n2\n3\n0\n4\n1\n5\n2\n"
	code, out, errOut := kombi(t, moves, "thue", "solo", "--seed", "0", "--data-dir", dir, "--out", filepath.Join(dir, "out"))
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(out, "New high score: 6 (was 0)") {
		t.Fatalf("output:\n%s", out)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "out", "*thue-solo*.txt")); len(files) != 1 {
		t.Fatalf("want one transcript file, got %v", files)
	}
	data, err := os.ReadFile(filepath.Join(dir, "thue-highscores.json"))
	if err != nil || !strings.Contains(string(data), `"thue(alphabet=3,rule=square)": 6`) {
		t.Fatalf("high score file: %v %s", err, data)
	}
	t.Setenv("KOMBI_DATA_DIR", dir)
	code, out, _ = kombi(t, "1\n1\n1\n1\n", "thue", "solo", "--seed", "0", "--no-out")
	if code != 0 || !strings.Contains(out, "High score: 6") || !strings.Contains(out, "Length 3. High score: 6.") {
		t.Fatalf("second run: exit %d\n%s", code, out)
	}
}

func TestThueSolve(t *testing.T) {
	code, out, errOut := kombi(t, "", "solve", "thue(alphabet=3,rule=square)", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var a struct {
		Value      *int `json:"value"`
		LowerBound *int `json:"lower_bound"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil || a.Value == nil || *a.Value != 5 {
		t.Fatalf("k=3 square: %s", out)
	}
	code, out, _ = kombi(t, "", "solve", "thue(alphabet=3,rule=overlap)", "--max-length", "8", "--json")
	if err := json.Unmarshal([]byte(out), &a); code != 0 || err != nil || a.Value != nil || a.LowerBound == nil || *a.LowerBound != 9 {
		t.Fatalf("k=3 overlap up to 8: %s", out)
	}
	if !strings.Contains(out, `"value": null`) {
		t.Fatalf("value must be null: %s", out)
	}
}

func TestBenchThue(t *testing.T) {
	code, out, errOut := kombi(t, "", "bench", "thue", "--config", "B0-P1", "--max-length", "30", "--port-budget", "50ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"B0-P1", "decisions/s", "Port of the thesis' listings", "Speed-up over the port"} {
		if !strings.Contains(out, want) {
			t.Errorf("bench output lacks %q:\n%s", want, out)
		}
	}
}

func TestThueMaxThinkAborts(t *testing.T) {
	code, out, errOut := kombi(t, "", "play", "thue(alphabet=6,start=0)", "--p1", "nesting(level=5)", "--p2", "greedy", "--max-think", "20ms", "--seed", "1", "--json", "--no-out")
	var rec game.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if code != 1 || !rec.Aborted || !strings.Contains(rec.Reason, "took longer than the think-time limit of 20ms") || !strings.Contains(errOut, "game aborted") {
		t.Fatalf("exit %d, record %+v, stderr %s", code, rec, errOut)
	}
}

// FuzzThesisConfig: any config text is either accepted with valid settings
// or refused with a usage error, never a panic.
func FuzzThesisConfig(f *testing.F) {
	for _, s := range []string{
		"setPower = 4\n", "gameType = \"Overlap\"\nmaxThinkTime = \"2s\"\n", "maxThinkTime = 5\n",
		"gameMode = 3\n", "setPower = 99999999999999999999\n", "randomization = \"yes\"\n", "[x]\nsetPower = 3\n",
	} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(dir, "fuzz.toml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := readPlayConfig(path)
		if err != nil || !cfg.thesisKeys.present() {
			return
		}
		tc, err := parseThesis(path, cfg)
		if err != nil {
			var ue usageError
			if !errorsAs(err, &ue) {
				t.Fatalf("config %q: not a usage error: %v", text, err)
			}
			return
		}
		if tc.k < 2 || tc.k > 32 || tc.builder < 0 || tc.painter < 0 || tc.maxThink < 0 {
			t.Fatalf("config %q accepted bad settings %+v", text, tc)
		}
	})
}

func errorsAs(err error, target *usageError) bool { return errors.As(err, target) }

func TestReportTable31(t *testing.T) {
	code, out, errOut := kombi(t, "", "report", "thue-table31", "--max-level", "1", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"3,1,1,5 5 5,5", "4,0,0,7 7 7 8,7", "4,1,0,10 10 10 10,-", "4,1,1,7 7 7 7,7", "4,0,1,7 7 7 7,10"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}
