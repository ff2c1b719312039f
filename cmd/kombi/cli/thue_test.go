package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/study/thue/thesis"
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
		{"setPower = 4\nfoo = 5\n", "unknown key"},
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
	// A torn last line (a write cut short) does not block resuming: it is
	// skipped with a warning and its game played again.
	path := filepath.Join(dir, "overall-test.jsonl")
	lines = strings.SplitAfter(string(data), "\n")
	torn := strings.Join(lines[:len(lines)-2], "") + lines[len(lines)-2][:40]
	if err := os.WriteFile(path, []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out3, errOut := kombi(t, "", "play", "--config", cfg, "--seed", "0", "--out", dir)
	if code != 0 || out3 != out || !strings.Contains(errOut, "torn record") {
		t.Fatalf("resume after a torn line: exit %d\n%s\n%s", code, errOut, out3)
	}
	data3, _ := os.ReadFile(path)
	if n := strings.Count(string(data3), "\n"); n != 32 || !strings.HasSuffix(string(data3), "}\n") {
		t.Fatalf("after resuming, %d lines:\n%s", n, data3[max(0, len(data3)-300):])
	}
}

// TestThuePlotDecisionTimes: records of other games and people's seats are
// left out, and said so.
func TestThuePlotDecisionTimes(t *testing.T) {
	dir := t.TempDir()
	_, nimRec, _ := kombi(t, "", "play", "nim(piles=3;4)", "--p1", "perfect", "--p2", "random", "--seed", "1", "--json", "--no-out")
	_, thueRec, _ := kombi(t, "0\n0\n0\n0\n", "play", "thue(alphabet=3,start=0)", "--p1", "human", "--p2", "greedy", "--seed", "1", "--json", "--no-out")
	recs := writeFile(t, dir, "recs.json", nimRec+thueRec)
	png := filepath.Join(dir, "t.png")
	code, out, errOut := kombi(t, "", "plot", "decision-times", recs, "-o", png)
	if code != 0 || !strings.Contains(errOut, "Skipped 1 record of other games") || !strings.Contains(errOut, "Left out 1 seat played by people") || !strings.Contains(out, "(1 series)") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if code, _, errOut := kombi(t, "", "plot", "decision-times", recs, "-o", png, "--player", "builder"); code != 2 || !strings.Contains(errOut, "no computer decision of a Thue game") {
		t.Fatalf("only a person's seat: exit %d %s", code, errOut)
	}
}

func TestThueMatchBots(t *testing.T) {
	code, out, errOut := kombi(t, "", "thue", "match", "--a", "greedy", "--b", "nesting(level=1)", "--alphabet", "4", "--seed", "2", "--json", "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res thesis.MatchResult
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
	dir := t.TempDir()
	code, out, errOut := kombi(t, input, "thue", "match", "--seed", "0", "--out", dir)
	for _, want := range []string{"position 5 is out of range: positions (the gaps of the word) are 0 to 1", "want a symbol", "symbol 7 is not in the alphabet 0..2", "Round 1: A builds, B paints", "The match stops in round 1 at length 4"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// A person's quit is not a failure.
	if code != 0 {
		t.Fatalf("quit must end the match with exit 0, got %d: %s", code, errOut)
	}
	// A prompt never sticks to the transcript's next line, on the screen or in the file.
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "lists moves): "); i >= 0 && i+len("lists moves): ") < len(line) {
			t.Errorf("a prompt sticks to what follows: %q", line)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*thue-match*"))
	if len(files) != 2 {
		t.Fatalf("want the transcript and the round's record, got %v", files)
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if strings.HasSuffix(f, ".txt") && (strings.Contains(string(data), "your move") || !strings.Contains(string(data), "\nMove 1: P1 (builder) played 1")) {
			t.Errorf("transcript %s holds prompts or lacks the moves:\n%s", f, data)
		}
		var rec game.Record
		if strings.HasSuffix(f, ".json") && (json.Unmarshal(data, &rec) != nil || !rec.Aborted || !strings.HasSuffix(rec.Reason, "quit") || len(rec.Moves) != 6) {
			t.Errorf("record %s: %s", f, data)
		}
	}
}

// TestThueMatchSaysWhoMovesAndTheLengths: the prompts name the person to
// move (the seats change hands between the rounds), and a round's end says
// its length and the painter's points, not that a seat won.
func TestThueMatchSaysWhoMovesAndTheLengths(t *testing.T) {
	code, out, errOut := kombi(t, "1\n0\n2\n0\n1\n2\n2\n1\n1\n0\n", "thue", "match", "--seed", "5", "--name-a", "Alice", "--name-b", "Bob", "--no-out", "--no-db")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	r1, r2, ok := strings.Cut(out, "== Round 2")
	if !ok {
		t.Fatalf("no second round:\n%s", out)
	}
	for _, c := range []struct{ text, want string }{
		{r1, "Alice (builder), your move ('help' lists moves): "}, {r1, "Bob (painter), your move"},
		{r2, "Bob (builder), your move"}, {r2, "Alice (painter), your move"},
		{r1, "Round 1: the word reached length 3; Bob, the painter, scores 1 painter point.\n"},
		{r2, "Round 2: the word reached length 4; Alice, the painter, scores 2 painter points.\n"},
		{r2, "Painter points: Alice 2, Bob 1. Alice wins the match."},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("output lacks %q:\n%s", c.want, out)
		}
	}
	for _, bad := range []string{"P1 (builder), your move", "wins after", "1 painter points"} {
		if strings.Contains(out, bad) {
			t.Errorf("output says %q:\n%s", bad, out)
		}
	}
}

// TestThueGamesAreStored: each round of a match played (a stopped one too)
// and each solo game is stored in the database, as `kombi play` stores its
// games, and the command says where; --no-db stores nothing (and makes no
// database for a match).
func TestThueGamesAreStored(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kombi.db")
	match := "1\n0\n2\n0\n1\n2\n2\n1\n1\n0\n" // round 1: length 3, round 2: length 4
	code, out, errOut := kombi(t, match, "thue", "match", "--seed", "5", "--no-out", "--db", db)
	if code != 0 || !strings.Contains(errOut, "Stored the 2 rounds in the database "+db+": see 'kombi records list --game thue'.") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	l := listGames(t, db, "--game", "thue")
	if l.Total != 2 {
		t.Fatalf("stored: %+v", l)
	}
	for i, g := range l.Games { // newest first
		want := [2]string{"B (human)", "A (human)"}
		if i == 1 {
			want = [2]string{"A (human)", "B (human)"}
		}
		if g.Source != "play" || g.Seed != uint64(6-i) || len(g.Players) != 2 || [2]string(g.Players) != want {
			t.Errorf("stored round %d: %+v", 2-i, g)
		}
	}
	// A stored round replays.
	_, rec, _ := kombi(t, "", "records", "show", strconv.FormatInt(l.Games[0].ID, 10), "--db", db, "--json")
	if code, out, errOut := kombi(t, rec, "replay", "-"); code != 0 || !strings.Contains(out, "length 4") {
		t.Fatalf("replay of the stored round 2: exit %d\n%s\n%s", code, out, errOut)
	}
	// A match stopped in round 1 stores that round.
	if code, _, errOut := kombi(t, "1\nquit\n", "thue", "match", "--seed", "7", "--no-out", "--db", db); code != 0 || !strings.Contains(errOut, "Stored round 1 in the database") {
		t.Fatalf("quit: exit %d\n%s", code, errOut)
	}
	// A solo game.
	if code, _, errOut := kombi(t, "1\n0\n2\n2\n0\n1\n", "thue", "solo", "--seed", "1", "--no-out", "--db", db, "--data-dir", dir); code != 0 || !strings.Contains(errOut, "Stored the game in the database "+db) {
		t.Fatalf("solo: exit %d\n%s", code, errOut)
	}
	if l := listGames(t, db, "--game", "thue"); l.Total != 4 || l.Games[0].Seed != 1 || [2]string(l.Games[0].Players) != [2]string{"you", "you"} {
		t.Fatalf("after the quit and the solo game: %+v", l)
	}
	// --no-db: nothing stored, nothing said; the solo mode keeps its high score still.
	if code, _, errOut := kombi(t, "1\n0\n2\n2\n0\n2\n1\n1\n", "thue", "solo", "--seed", "1", "--no-out", "--db", db, "--data-dir", dir, "--no-db"); code != 0 || strings.Contains(errOut, "Stored") {
		t.Fatalf("solo --no-db: exit %d\n%s", code, errOut)
	}
	if l := listGames(t, db, "--game", "thue"); l.Total != 4 {
		t.Fatalf("solo --no-db stored a game: %+v", l)
	}
	fresh := filepath.Join(dir, "fresh.db")
	if code, _, errOut := kombi(t, match, "thue", "match", "--seed", "5", "--no-out", "--db", fresh, "--no-db"); code != 0 || strings.Contains(errOut, "Stored") {
		t.Fatalf("match --no-db: exit %d\n%s", code, errOut)
	}
	if _, err := os.Stat(fresh); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("match --no-db made a database: %v", err)
	}
}

// TestThueHelp: the solo mode's high score is in the database, and the
// match's seeds are said as the rounds count them.
func TestThueHelp(t *testing.T) {
	_, solo, _ := kombi(t, "", "thue", "solo", "--help")
	_, match, _ := kombi(t, "", "thue", "match", "--help")
	for _, c := range []struct{ text, want string }{
		{solo, "The best length per alphabet and rule is kept in the database\n(--db)"},
		{solo, "is imported into the database once"},
		{solo, "seed of the starting symbol (default: random)"},
		{solo, "--no-db"},
		{match, "seed of round 1's starting symbol (round 2 uses seed+1; default: random)"},
		{match, "Round 1 starts from\nthe symbol --seed draws, round 2 from the one seed+1 draws."},
		{match, "--no-db"},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("help lacks %q:\n%s", c.want, c.text)
		}
	}
	for _, bad := range []string{"seed+r", "kept in\nthue-highscores.json"} {
		if strings.Contains(solo+match, bad) {
			t.Errorf("help says %q", bad)
		}
	}
}

// TestThueSoloHighScore: the solo mode keeps its high score in the
// database, where the browser's solo games keep theirs.
func TestThueSoloHighScore(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kombi.db")
	// 0 -> 01 -> 012 -> 0120 -> 01201 -> 012012, a square: length 6.
	moves := "1\n1\n2\n2\n3\n0\n4\n1\n5\n2\n"
	code, out, errOut := kombi(t, moves, "thue", "solo", "--seed", "0", "--db", db, "--data-dir", dir, "--out", filepath.Join(dir, "out"))
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(out, "New high score: 6 (was 0)") {
		t.Fatalf("output:\n%s", out)
	}
	// One person plays both roles and wants the word long: no seat wins.
	flat := strings.ReplaceAll(out, "\n", " ") // the rules wrap at 80 columns
	if !strings.Contains(flat, "Rules: You play both roles: choose where the next symbol goes, then which of the 3 symbols; ") || !strings.Contains(flat, ": make the word as long as you can. ") ||
		strings.Contains(out, "wins after") || strings.Contains(out, "painter late") || strings.Contains(out, "painter scored") {
		t.Fatalf("the solo game's words:\n%s", out)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "out", "*thue-solo*.txt")); len(files) != 1 {
		t.Fatalf("want one transcript file, got %v", files)
	}
	if best := highScores(t, db)["thue(alphabet=3,rule=square)"]; best != 6 {
		t.Fatalf("high score in the database: %d, want 6", best)
	}
	code, out, _ = kombi(t, "1\n1\n1\n1\n", "thue", "solo", "--seed", "0", "--db", db, "--data-dir", dir, "--no-out")
	if code != 0 || !strings.Contains(out, "High score: 6") || !strings.Contains(out, "Length 3. High score: 6.") {
		t.Fatalf("second run: exit %d\n%s", code, out)
	}
	// quit keeps the length reached: exit 0, said once, and saved.
	code, out, errOut = kombi(t, "1\n1\n2\n2\n3\n0\n4\n2\n5\n1\n6\n0\n7\n1\nquit\n", "thue", "solo", "--seed", "0", "--db", db, "--data-dir", dir, "--no-out")
	if code != 0 || strings.Count(out, "You quit at length 8") != 1 || !strings.Contains(out, "New high score: 8 (was 6)") || errOut != "Stored the game in the database "+db+": see 'kombi records list --game thue'.\n" {
		t.Fatalf("quit: exit %d\n%s\n%s", code, out, errOut)
	}
	if best := highScores(t, db)["thue(alphabet=3,rule=square)"]; best != 8 {
		t.Fatalf("high score after quit: %d, want 8", best)
	}
}

// TestThueSoloImportsTheOldHighScoreFile: the high scores of the old file
// are imported once into the database (nothing lost) and the file renamed;
// a broken file is refused.
func TestThueSoloImportsTheOldHighScoreFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kombi.db")
	writeFile(t, dir, "thue-highscores.json", `{"thue(alphabet=3,rule=square)": 11, "thue(alphabet=4,rule=overlap)": 30}`)
	code, out, errOut := kombi(t, "0\n1\n0\n1\n", "thue", "solo", "--seed", "0", "--db", db, "--data-dir", dir, "--no-out")
	if code != 0 || !strings.Contains(out, "High score: 11") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if hs := highScores(t, db); hs["thue(alphabet=4,rule=overlap)"] != 30 || hs["thue(alphabet=3,rule=square)"] != 11 {
		t.Fatalf("imported: %v", hs)
	}
	if _, err := os.Stat(filepath.Join(dir, "thue-highscores.json.imported")); err != nil {
		t.Fatalf("the old file is not renamed: %v", err)
	}
	writeFile(t, dir, "thue-highscores.json", "[1,2]\n")
	if code, _, errOut := kombi(t, "", "thue", "solo", "--db", db, "--data-dir", dir, "--no-out"); code != 1 || !strings.Contains(errOut, "not a JSON object of lengths") {
		t.Fatalf("a broken high-score file: exit %d %s", code, errOut)
	}
}

// highScores reads the high scores of the database at db.
func highScores(t *testing.T, db string) map[string]int64 {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hs, err := st.HighScores(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return hs
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
	// The common result shape, with the fields printed before as extras.
	code, out, _ = kombi(t, "", "solve", "thue(alphabet=4,rule=square)", "--json")
	var r struct {
		Value        *int     `json:"value"`
		Outcome      string   `json:"outcome"`
		Player       int      `json:"player"`
		BestMoves    []string `json:"best_moves"`
		Complete     bool     `json:"complete"`
		Word         string   `json:"word"`
		BestPosition *int     `json:"best_position"`
	}
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Value == nil || *r.Value != 7 || r.Outcome != "win" || !r.Complete || len(r.BestMoves) == 0 || r.Word == "" || r.BestPosition == nil {
		t.Fatalf("k=4: %s", out)
	}
	// Every builder move of k=4 keeps the value 7.
	code, out, errOut = kombi(t, "", "analyze", "thue(alphabet=4)", "--json")
	var an struct {
		Moves []struct {
			Move    string `json:"move"`
			Outcome string `json:"outcome"`
			Value   int    `json:"value"`
		} `json:"moves"`
		Complete bool `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &an); code != 0 || err != nil || !an.Complete || len(an.Moves) != 2 {
		t.Fatalf("analyze k=4: exit %d %v %s %s", code, err, out, errOut)
	}
	for _, m := range an.Moves {
		if m.Value != 7 || m.Outcome != "win" {
			t.Errorf("analyze k=4: move %+v, want value 7", m)
		}
	}
	// A position with the painter to move round-trips through --position.
	code, out, _ = kombi(t, "", "solve", "thue(alphabet=4)", "--position", "0@1", "--json")
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || *r.Value != 7 || r.Outcome != "loss" || r.Player != 1 || !strings.Contains(out, `"position": "0@1"`) {
		t.Fatalf("painter to move: %s", out)
	}
}

func TestThueSolveBound(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	code, out, errOut := kombi(t, "", "solve", "thue(alphabet=5)", "--max-length", "16", "--json", "--quiet")
	var r struct {
		Value      *int `json:"value"`
		LowerBound *int `json:"lower_bound"`
		Complete   bool `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Value != nil || r.LowerBound == nil || *r.LowerBound != 17 || r.Complete {
		t.Fatalf("k=5 up to 16: exit %d %s %s", code, out, errOut)
	}
}

// TestThuePerfectRefusesLargeAlphabets: perfect refuses what it cannot
// finish, naming the limit, instead of hanging.
func TestThuePerfectRefusesLargeAlphabets(t *testing.T) {
	code, _, errOut := kombi(t, "", "play", "thue(alphabet=32)", "--p1", "perfect", "--p2", "random", "--no-out")
	if code != 2 || !strings.Contains(errOut, "only up to alphabet 4 with squares") || !strings.Contains(errOut, "alphabet 32") {
		t.Fatalf("exit %d: %s", code, errOut)
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
		if err != nil || !cfg.Keys.Present() {
			return
		}
		tc, err := thesis.Load(path, cfg.Keys, cfg.Game != "", false)
		if err != nil {
			if !errors.As(err, new(*game.InputError)) {
				t.Fatalf("config %q: not a usage error: %v", text, err)
			}
			return
		}
		if tc.K < 2 || tc.K > 32 || tc.BuilderLevel < 0 || tc.PainterLevel < 0 || tc.MaxThink < 0 {
			t.Fatalf("config %q accepted bad settings %+v", text, tc)
		}
	})
}

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

// TestSolveCheckpoint: `kombi solve --checkpoint FILE` keeps the Thue
// solver's table, so that the same solve run again finds what the first
// proved; a game whose solver keeps no table, and a distributed solve,
// refuse it with a clear error.
func TestSolveCheckpoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables", "overlaps-3.table")
	var counts [2]struct {
		Value       int   `json:"value"`
		Nodes       int64 `json:"nodes"`
		TableLoaded int64 `json:"table_loaded"`
	}
	for i := range counts {
		code, out, errOut := kombi(t, "", "solve", "thue(alphabet=3,rule=overlap,start=0)", "--checkpoint", path, "--json", "--quiet")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), &counts[i]); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	if counts[0].Value != 12 || counts[1].Value != 12 || counts[0].TableLoaded != 0 || counts[1].TableLoaded == 0 || counts[1].Nodes*10 > counts[0].Nodes {
		t.Fatalf("two runs: %+v", counts)
	}
	for _, args := range [][]string{
		{"solve", "nim(piles=3;4;5)", "--checkpoint", path},
		{"solve", "thue(alphabet=3,rule=overlap,start=0)", "--checkpoint", path, "--distribute", "--db", "postgres://nobody@127.0.0.1:1/none"},
	} {
		code, _, errOut := kombi(t, "", args...)
		if code == 0 || !strings.Contains(errOut, "checkpoint") || !strings.Contains(errOut, "keeps no table file") && !strings.Contains(errOut, "kept in the database") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
}

// TestThueBoardFitsTheTerminal: the audit's long game (rows of 20 symbols
// were 131 columns wide) draws every line of the board within 80 columns,
// or within $COLUMNS.
func TestThueBoardFitsTheTerminal(t *testing.T) {
	for _, width := range []int{80, 40} {
		t.Setenv("COLUMNS", strconv.Itoa(width))
		code, out, errOut := kombi(t, "", "play", "thue(alphabet=5,start=0)", "--p1", "greedy", "--p2", "nesting(level=1)", "--seed", "1", "--no-out", "--no-db", "--max-length", "40")
		if code != 0 || !strings.Contains(out, "reached the length limit 40") {
			t.Fatalf("exit %d: %s\n%s", code, errOut, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if board := strings.HasPrefix(line, "word ") || strings.HasPrefix(line, "position ") || strings.HasPrefix(line, "length "); board && len([]rune(line)) > width {
				t.Fatalf("COLUMNS=%d: a line of %d columns: %q", width, len([]rune(line)), line)
			}
		}
	}
}

// TestThueFailureToldOnce: a Thue match or solo game that fails (the input
// ends) says why once, as the command's error on stderr; the transcript
// file keeps the reason.
func TestThueFailureToldOnce(t *testing.T) {
	reason := "the input ended before a move was made"
	for _, args := range [][]string{{"match"}, {"solo"}} {
		dir := t.TempDir()
		code, out, errOut := kombi(t, "", append([]string{"thue"}, append(args, "--seed", "1", "--out", dir, "--no-db")...)...)
		if code != 1 || strings.Count(out+errOut, reason) != 1 || !strings.Contains(errOut, reason) {
			t.Fatalf("thue %s: exit %d; stdout\n%s\nstderr\n%s\nwant the reason once, on stderr", args[0], code, out, errOut)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		if len(files) != 1 || !strings.Contains(mustRead(t, files[0]), "Game aborted: ") || !strings.Contains(mustRead(t, files[0]), reason) {
			t.Fatalf("thue %s: the transcript file %v lacks the reason", args[0], files)
		}
	}
}
