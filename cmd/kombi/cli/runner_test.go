package cli

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/sweep"
)

// TestArenaJSONSameAsBefore pins `kombi arena --json` to what the arena
// printed before it became a one-cell sweep (and, since, the lengths of
// the games each bot began).
func TestArenaJSONSameAsBefore(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--games", "20"},
			`{"bots":["perfect","random"],"wins":[20,0],"draws":0,"games":20,"aborted":0,"first_player_wins":10,"lengths_by_first":[{"mean":6.4,"min":5,"max":9},{"mean":6.4,"min":4,"max":8}],"first_role":"first"}`},
		{[]string{"nim(piles=2;3)", "--p1", "random", "--p2", "random", "--games", "15", "--seed", "7", "--workers", "3"},
			`{"bots":["random","random"],"wins":[4,11],"draws":0,"games":15,"aborted":0,"first_player_wins":5,"lengths_by_first":[{"mean":3.125,"min":2,"max":4},{"mean":3.4285714285714284,"min":3,"max":4}],"first_role":"first"}`},
		{[]string{"wythoff", "--p1", "random", "--p2", "alphabeta(depth=2)", "--games", "8", "--seed", "3"},
			`{"bots":["random","alphabeta(depth=2)"],"wins":[0,8],"draws":0,"games":8,"aborted":0,"first_player_wins":4,"lengths_by_first":[{"mean":4,"min":2,"max":8},{"mean":4,"min":3,"max":5}],"first_role":"first"}`},
	}
	for _, tt := range tests {
		code, out, errOut := kombi(t, "", append(append([]string{"arena"}, tt.args...), "--json")...)
		got := strings.Join(strings.Fields(out), "")
		if code != 0 || got != tt.want {
			t.Errorf("%v: exit %d, %s\n%s\nwant %s", tt.args, code, errOut, got, tt.want)
		}
	}
}

func TestRunnerFlagBounds(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"arena", "nim", "--workers", "-1"}, "--workers -1: want 1 to 1024"},
		{[]string{"arena", "nim", "--workers", "2000000"}, "--workers 2000000: want 1 to 1024"},
		{[]string{"arena", "nim", "--max-think", "-1s"}, "--max-think -1s"},
		{[]string{"arena", "nim", "--max-length", "-1"}, "--max-length -1"},
		{[]string{"arena", "nim", "--games", "1000000000"}, "at most 1000000"},
		{[]string{"arena", "nim", "--seed", "18446744073709551615", "--games", "2"}, "wrap past 2^64"},
		{[]string{"arena", "nim", "--seed", "18446744073709551616"}, "invalid argument"},
		{[]string{"arena", "nim", "--p2", "wizard"}, `--p2: unknown bot "wizard"`},
		{[]string{"play", "nim", "--max-think", "-1s"}, "--max-think -1s"},
		{[]string{"play", "nim", "--position", "x"}, "--position"},
		{[]string{"play", "nim", "--resume", "r.json"}, "give no game string"},
		{[]string{"play", "--config", "/dev/zero"}, "more than the limit of 1048576 bytes"},
		{[]string{"replay", "/dev/zero"}, "not a valid record"},
	}
	for _, tt := range tests {
		code, _, errOut := kombi(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.wantErr)
		}
	}
	// One seed short of wrapping is fine.
	if code, _, errOut := kombi(t, "", "arena", "nim", "--seed", "18446744073709551614", "--games", "2", "--json"); code != 0 {
		t.Fatalf("last seeds: exit %d: %s", code, errOut)
	}
}

// endless yields n bytes of b, then ends.
type endless struct {
	b byte
	n int64
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), e.n)
	for i := range p[:k] {
		p[i] = e.b
	}
	e.n -= k
	return int(k), nil
}

// TestReplayBoundsItsInput: replay reads at most 64 MiB of a record: 65
// MiB of spaces is refused at the limit, and 65 MiB of '[' (JSON nested
// without end) at the limit or as no record, not read to the end first.
func TestReplayBoundsItsInput(t *testing.T) {
	for _, c := range []struct {
		in   io.Reader
		want []string // one of them
	}{
		{&endless{' ', 65 << 20}, []string{"more than the limit of 67108864 bytes"}},
		{&endless{'[', 65 << 20}, []string{"more than the limit of 67108864 bytes", "not a valid record"}},
	} {
		var out, errOut strings.Builder
		code := Run(context.Background(), []string{"replay", "-"}, c.in, &out, &errOut)
		if code != 2 || !slices.ContainsFunc(c.want, func(w string) bool { return strings.Contains(errOut.String(), w) }) {
			t.Errorf("exit %d: %.300s; want exit 2 saying one of %q", code, errOut.String(), c.want)
		}
	}
}

func writeRecord(t *testing.T, rec game.Record) string {
	t.Helper()
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "rec.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReplayRefusesBadRecordsBriefly(t *testing.T) {
	w := 0
	good := game.Record{Game: "nim(piles=1;2,misere=false)", Seed: 1, Players: []string{"a", "b"},
		Moves:  []game.RecordMove{{Player: 0, Move: "2:1"}, {Player: 1, Move: "1:1"}, {Player: 0, Move: "2:1"}},
		Winner: &w, Returns: []float64{1, -1}, Length: 3}
	if code, out, errOut := kombi(t, "", "replay", writeRecord(t, good)); code != 0 {
		t.Fatalf("good record: exit %d: %s %s", code, out, errOut)
	}
	bad := []struct {
		change  func(r *game.Record)
		wantErr string
	}{
		{func(r *game.Record) { r.Players = r.Players[:1] }, "1 players"},
		{func(r *game.Record) { r.Players = append(r.Players, "c") }, "3 players"},
		{func(r *game.Record) { r.Moves[1].Move = strings.Repeat("7", 10<<20) }, "longer than the limit"},
		{func(r *game.Record) { r.Game = "nim(piles=" + strings.Repeat("1;", 5<<20) + "1)" }, "longer than the limit"},
		{func(r *game.Record) { one := 1; r.Winner = &one }, "recorded winner player 1"},
	}
	for _, b := range bad {
		r := good
		r.Players = append([]string(nil), good.Players...)
		r.Moves = append([]game.RecordMove(nil), good.Moves...)
		b.change(&r)
		code, _, errOut := kombi(t, "", "replay", writeRecord(t, r))
		if code != 1 || !strings.Contains(errOut, b.wantErr) || len(errOut) > 1000 {
			t.Errorf("exit %d, %d bytes of error: %.300s; want %q", code, len(errOut), errOut, b.wantErr)
		}
	}
}

func TestReplayStep(t *testing.T) {
	w := 0
	rec := game.Record{Game: "nim(piles=1;2,misere=false)", Seed: 1, Players: []string{"perfect", "random"},
		Moves:  []game.RecordMove{{Player: 0, Move: "2:1"}, {Player: 1, Move: "1:1"}, {Player: 0, Move: "2:1"}},
		Winner: &w, Returns: []float64{1, -1}, Length: 3}
	code, out, errOut := kombi(t, "", "replay", writeRecord(t, rec), "--step")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	i := 0
	for _, want := range []string{"Start:", "Move 1: P1 (first, perfect) played 2:1", "Move 2: P2 (second, random) played 1:1", "Move 3: P1 (first, perfect) played 2:1", "replayed and checked"} {
		j := strings.Index(out[i:], want)
		if j < 0 {
			t.Fatalf("output lacks %q after byte %d:\n%s", want, i, out)
		}
		i += j
	}
}

// failing is standard output on a full disk.
type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

func TestFailedWritesExit1(t *testing.T) {
	for _, args := range [][]string{
		{"play", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--seed", "1", "--no-out"},
		{"play", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--seed", "1", "--no-out", "--json"},
		{"arena", "nim", "--games", "2"},
		{"arena", "nim", "--games", "2", "--json"},
		{"games"},
		{"games", "--json"},
	} {
		var errOut strings.Builder
		code := Run(context.Background(), args, strings.NewReader(""), failing{}, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "no space left on device") {
			t.Errorf("%v: exit %d, %s", args, code, errOut.String())
		}
	}
	// The record file of a game is written although standard output fails.
	dir := t.TempDir()
	var errOut strings.Builder
	code := Run(context.Background(), []string{"play", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--seed", "1", "--out", dir}, strings.NewReader(""), failing{}, &errOut)
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if code != 1 || len(files) != 1 {
		t.Fatalf("exit %d, record files %v", code, files)
	}
	// A records file on a full disk.
	if _, err := os.Stat("/dev/full"); err == nil {
		code, _, errOut := kombi(t, "", "arena", "nim", "--games", "3", "--records", "/dev/full")
		if code != 1 || !strings.Contains(errOut, "records file /dev/full") || !strings.Contains(errOut, "no space left") {
			t.Fatalf("records on /dev/full: exit %d, %s", code, errOut)
		}
	}
}

func TestArenaInterruptedPrintsTheTally(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	records := filepath.Join(t.TempDir(), "r.jsonl")
	// Ctrl-C once some records are on disk.
	go func() {
		for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(20 * time.Millisecond) {
			if fi, err := os.Stat(records); err == nil && fi.Size() > 0 {
				break
			}
		}
		cancel()
	}()
	var out, errOut strings.Builder
	code := Run(ctx, []string{"arena", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--games", "1000000", "--workers", "2", "--json", "--records", records}, strings.NewReader(""), &out, &errOut)
	if code != 130 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var res sweep.ArenaResult
	if err := json.Unmarshal([]byte(out.String()), &res); err != nil {
		t.Fatalf("no tally: %v\n%s", err, out.String())
	}
	if res.Games < 1 || res.Games >= 1000000 || res.Wins[0]+res.Wins[1]+res.Draws+res.Aborted != res.Games {
		t.Fatalf("tally so far: %+v", res)
	}
	data, _ := os.ReadFile(records)
	if n := strings.Count(string(data), "\n"); n != res.Games {
		t.Fatalf("%d records for %d games", n, res.Games)
	}
	// The text tally says how many games finished.
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	code, text, _ := kombiCtx(t, ctx2, "arena", "nim", "--games", "1000", "--workers", "1")
	if code != 130 || !strings.Contains(text, "of 1000 games of nim finished") || !strings.Contains(text, "score of A") {
		t.Fatalf("exit %d, text tally:\n%s", code, text)
	}
}

func kombiCtx(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut strings.Builder
	code := Run(ctx, args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPlayFromPositionAndResume(t *testing.T) {
	code, out, errOut := kombi(t, "", "play", "nim(piles=3;4;5)", "--position", "0;0;2", "--p1", "perfect", "--p2", "random", "--json", "--no-out")
	var rec game.Record
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || rec.Position != "0;0;2" || len(rec.Moves) != 1 {
		t.Fatalf("from a position: exit %d, %s %s", code, out, errOut)
	}
	if code, _, errOut := kombi(t, "", "replay", writeRecord(t, rec)); code != 0 {
		t.Fatalf("a record from a position replays: %s", errOut)
	}
	// A length limit stops the game with status 0; the record continues.
	code, out, errOut = kombi(t, "", "play", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--seed", "4", "--max-length", "2", "--json", "--no-out")
	var part game.Record
	if code != 0 || json.Unmarshal([]byte(out), &part) != nil || !part.Aborted || part.Reason != "reached the length limit 2" {
		t.Fatalf("length limit: exit %d, %s %s", code, out, errOut)
	}
	path := writeRecord(t, part)
	code, out, errOut = kombi(t, "", "play", "--resume", path, "--json", "--no-out")
	var full game.Record
	if code != 0 || json.Unmarshal([]byte(out), &full) != nil || full.Aborted || len(full.Moves) <= 2 || full.Moves[0] != part.Moves[0] || full.Seed != 4 || full.Players[0] != "perfect" {
		t.Fatalf("resume: exit %d, %s %s", code, out, errOut)
	}
	if code, _, errOut := kombi(t, "", "replay", writeRecord(t, full)); code != 0 {
		t.Fatalf("the continued record replays: %s", errOut)
	}
	if code, _, errOut := kombi(t, "", "play", "--resume", writeRecord(t, full), "--no-out"); code != 2 || !strings.Contains(errOut, "the game is over") {
		t.Fatalf("resuming a finished game: exit %d, %s", code, errOut)
	}
}

func TestHumanQuitUndoHintAndLongLines(t *testing.T) {
	long := strings.Repeat("x", 2<<20)
	input := "hint\n1:1\nundo\n" + long + "\n1:2\nquit\n"
	code, out, errOut := kombi(t, input, "play", "nim(piles=3;4;5)", "--p1", "human", "--p2", "perfect", "--seed", "4", "--no-out")
	if code != 0 {
		t.Fatalf("quit must exit 0, got %d: %s", code, errOut)
	}
	for _, want := range []string{"Winning moves: 1:2.", "P1 (first) takes back move 1 and what followed: 1:1,", "longer than 1 MiB", "P1 (first) played 1:2", "Game stopped: P1 (first, human) quit."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%.3000s", want, out)
		}
	}
	if n := strings.Count(out+errOut, "quit"); n != 1 {
		t.Errorf("the quit is told %d times:\n%s\n%s", n, out, errOut)
	}
	if strings.Contains(out+errOut, "token too long") {
		t.Error("a long line aborted the game")
	}
	// The record says who stopped the game.
	code, out, _ = kombi(t, "quit\n", "play", "nim", "--p1", "random", "--p2", "human", "--seed", "1", "--json", "--no-out")
	var rec game.Record
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || !rec.Aborted || rec.Reason != "P2 (second, human) quit" || rec.Extra["stopped_by"] != 1.0 {
		t.Fatalf("exit %d, record %s", code, out)
	}
}

// In 2D Nim the game's own hint and the analysis of every move both
// spoke of a lost position: the hint says it once.
func TestHintInALostPositionSaysItOnce(t *testing.T) {
	// 3x3, G first: after G's token on 1, every move of R loses (the
	// analysis below checks it: losses only).
	code, out, errOut := kombi(t, "hint\nquit\n", "play", "nim2d(n=3,first=p2)", "--p1", "human", "--p2", "random", "--seed", "3", "--no-out")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "loss: ") || strings.Contains(out, "win: ") {
		t.Fatalf("not a lost position:\n%s", out)
	}
	if n := strings.Count(out, "Every move loses"); n != 1 {
		t.Errorf("a lost position is told %d times:\n%s", n, out)
	}
}

func TestGamesShowsBotParameters(t *testing.T) {
	code, out, _ := kombi(t, "", "games")
	for _, want := range []string{"nesting(level,ties) — ", "alphabeta(depth,time) — ", "level=     a whole number from 0 to 6; default 1."} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d; games lacks %q", code, want)
		}
	}
}
