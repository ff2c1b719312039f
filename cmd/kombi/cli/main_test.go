package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/sweep"
)

// TestMain keeps the tests' games out of the user's database: the default
// database lives in a temporary data directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kombi-test-data")
	if err != nil {
		panic(err)
	}
	os.Setenv("KOMBI_DATA_DIR", dir)
	os.Setenv("KOMBI_DB", "")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// kombi runs the command line in dir and returns the exit status and outputs.
func kombi(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut strings.Builder
	code := Run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPlayJSONAndReplay(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := kombi(t, "", "play", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--seed", "1", "--json", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec game.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("not a record: %v\n%s", err, out)
	}
	if rec.Winner == nil || *rec.Winner != 0 || rec.Seed != 1 || rec.Game != "nim(piles=3;4;5,misere=false)" {
		t.Fatalf("record: %+v", rec)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 2 {
		t.Fatalf("want a transcript and a record in %s, got %v", dir, files)
	}
	recFile := filepath.Join(dir, "rec.json")
	if err := os.WriteFile(recFile, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := kombi(t, "", "replay", recFile); code != 0 || !strings.Contains(out, "replayed and checked") {
		t.Fatalf("replay: exit %d\n%s%s", code, out, errOut)
	}
	bad := strings.Replace(out, `"move": "1:2"`, `"move": "1:3"`, 1)
	if err := os.WriteFile(recFile, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := kombi(t, "", "replay", recFile); code != 1 || !strings.Contains(errOut, "replay") {
		t.Fatalf("tampered record: exit %d, %s", code, errOut)
	}
}

func TestPlaySameSeedSameGame(t *testing.T) {
	_, a, _ := kombi(t, "", "play", "nim(piles=5;6;7)", "--p1", "random", "--p2", "random", "--seed", "9", "--json", "--no-out")
	_, b, _ := kombi(t, "", "play", "nim(piles=5;6;7)", "--p1", "random", "--p2", "random", "--seed", "9", "--json", "--no-out")
	strip := func(s string) string {
		var r game.Record
		_ = json.Unmarshal([]byte(s), &r)
		for i := range r.Moves {
			r.Moves[i].Seconds = 0
		}
		d, _ := json.Marshal(r)
		return string(d)
	}
	if strip(a) != strip(b) {
		t.Fatalf("same seed, different games:\n%s\n%s", a, b)
	}
}

func TestMisereGameEndsCorrectly(t *testing.T) {
	code, out, _ := kombi(t, "", "play", "nim(piles=1;1;1,misere=true)", "--p1", "random", "--p2", "random", "--seed", "1", "--json", "--no-out")
	var rec game.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
		t.Fatal(err, code)
	}
	// Three single tokens: P1, P2, P1 take one each; P1 takes the last and loses.
	if len(rec.Moves) != 3 || rec.Winner == nil || *rec.Winner != 1 {
		t.Fatalf("misère 1,1,1: %+v", rec)
	}
}

func TestHumanAgainstComputer(t *testing.T) {
	code, out, errOut := kombi(t, "garbage\n7:1\n1:4\nhelp\n1:3\n2:4\n3:4\n", "play", "nim(piles=3;4;5)", "--p1", "human", "--p2", "perfect", "--seed", "4", "--no-out")
	for _, want := range []string{"Not a move", "there is no heap 7", "heap 1 has only 3 tokens", "Legal moves (12)", "P1 (first) played 1:3"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if code != 0 && !strings.Contains(errOut, "input ended") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

func TestArenaJSON(t *testing.T) {
	code, out, errOut := kombi(t, "", "arena", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--games", "20", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res sweep.ArenaResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Games != 20 || res.Bots[0] != "perfect" || res.Wins[0]+res.Wins[1]+res.Draws != 20 || res.Wins[0] < 10 {
		t.Fatalf("arena: %+v", res)
	}
}

func TestSolve(t *testing.T) {
	code, out, _ := kombi(t, "", "solve", "nim(piles=7;5;12)", "--json")
	var an struct {
		Outcome   string   `json:"outcome"`
		BestMoves []string `json:"best_moves"`
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil || code != 0 {
		t.Fatal(err, code)
	}
	if an.Outcome != "win" || len(an.BestMoves) != 1 || an.BestMoves[0] != "3:10" {
		t.Fatalf("solve 7,5,12: %+v", an)
	}
	_, text, _ := kombi(t, "", "solve", "nim(piles=7;5;12)")
	if !strings.Contains(text, "XOR") || !strings.Contains(text, "take 12 − 2 = 10 tokens from heap 3") {
		t.Fatalf("explanation:\n%s", text)
	}
	_, out, _ = kombi(t, "", "solve", "nim(piles=1)", "--position", "1;2;3", "--json")
	if !strings.Contains(out, `"outcome": "loss"`) {
		t.Fatalf("1,2,3 is lost: %s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"play", "chess"}, `unknown game "chess"`},
		{[]string{"play", "nim(heaps=3)"}, `unknown key "heaps"; allowed keys: piles, misere`},
		{[]string{"play", "nim", "--p1", "wizard"}, `--p1: unknown bot "wizard"`},
		// A typo gets the name it likely meant.
		{[]string{"play", "wythof"}, `unknown game "wythof" (did you mean "wythoff"?); known games: ap,`},
		{[]string{"play", "nim(pile=3;4)"}, `unknown key "pile" (did you mean "piles"?); allowed keys: piles, misere`},
		{[]string{"play", "nim", "--p2", "alfabeta"}, `--p2: unknown bot "alfabeta" for nim (did you mean "alphabeta"?); bots for nim:`},
		{[]string{"play", "nim", "--seed", "x"}, "invalid argument"},
		{[]string{"arena", "nim", "--games", "0"}, "want at least 1"},
		{[]string{"solve", "nim", "--position", "a;b"}, "--position"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"replay", "/nonexistent/file.json"}, "no such file"},
	}
	for _, tt := range tests {
		code, _, errOut := kombi(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.wantErr)
		}
	}
}

func TestGamesJSON(t *testing.T) {
	code, out, _ := kombi(t, "", "games", "--json")
	var list []struct {
		Name   string   `json:"name"`
		Roles  []string `json:"roles"`
		Params []struct {
			Name    string `json:"name"`
			Default string `json:"default"`
		} `json:"params"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || code != 0 {
		t.Fatal(err, code)
	}
	found := false
	for _, g := range list {
		if g.Name == "nim" {
			found = len(g.Params) == 2 && g.Params[0].Default == "3;4;5" && g.Roles[0] == "first"
		}
	}
	if !found {
		t.Fatalf("nim missing or wrong in %s", out)
	}
}

func TestPlayConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "play.toml")
	_ = os.WriteFile(cfg, []byte("game = \"nim(piles=2;2)\"\np1 = \"random\"\np2 = \"perfect\"\nseed = 3\n"), 0o644)
	code, out, errOut := kombi(t, "", "play", "--config", cfg, "--json", "--no-out")
	if code != 0 || !strings.Contains(out, `"winner": 1`) || !strings.Contains(out, `"seed": 3`) {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	_ = os.WriteFile(cfg, []byte("game = \"nim\"\nplayer1 = \"random\"\n"), 0o644)
	code, _, errOut = kombi(t, "", "play", "--config", cfg, "--no-out")
	if code != 2 || !strings.Contains(errOut, "player1") || !strings.Contains(errOut, "allowed keys") {
		t.Fatalf("misspelled key: exit %d: %s", code, errOut)
	}
}

func TestUnknownAnalysis(t *testing.T) {
	code, _, errOut := kombi(t, "", "table", "nosuch")
	if code != 2 || !strings.Contains(errOut, `unknown table "nosuch"; available:`) || !strings.Contains(errOut, "wythoff") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

// TestPlayFailureToldOnce: a game that fails (the person's input ends) is
// told once, on standard error, with a non-zero exit; the transcript on
// standard output does not repeat it, the transcript file keeps it.
func TestPlayFailureToldOnce(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := kombi(t, "1:1\n", "play", "nim(piles=1;2;3)", "--p1", "human", "--p2", "random", "--seed", "1", "--out", dir, "--no-db")
	reason := "P1 (first, human): the input ended before a move was made"
	if code != 1 || strings.Count(out+errOut, reason) != 1 || errOut != "kombi: game aborted: "+reason+"\n" {
		t.Fatalf("exit %d; stdout\n%s\nstderr\n%s\nwant the reason once, on stderr", code, out, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 1 || !strings.Contains(mustRead(t, files[0]), "Game aborted: "+reason) {
		t.Fatalf("the transcript file %v lacks the reason", files)
	}
}
