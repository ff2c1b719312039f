package game_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
)

func TestRecordJSONExtraFields(t *testing.T) {
	w := 1
	rec := game.Record{Game: "g", Seed: 3, Players: []string{"a", "b"}, Winner: &w, Returns: []float64{-1, 1},
		Length: 7, Moves: []game.RecordMove{{Player: 0, Move: "x", Seconds: 0.5}},
		Extra: map[string]any{"word": "0121", "set": []int{1, 2}}}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"game":"g","seed":3,"players":["a","b"],"moves":[{"player":0,"move":"x","seconds":0.5}],"winner":1,"returns":[-1,1],"length":7,"aborted":false,"reason":"","set":[1,2],"word":"0121"}`
	if string(data) != want {
		t.Fatalf("got  %s\nwant %s", data, want)
	}
	var back game.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Extra["word"] != "0121" || *back.Winner != 1 || back.Length != 7 || back.Moves[0].Seconds != 0.5 {
		t.Fatalf("round trip lost data: %+v", back)
	}
	rec.Extra = map[string]any{"game": "clash"}
	if _, err := json.Marshal(rec); err == nil || !strings.Contains(err.Error(), "clashes") {
		t.Fatalf("extra field named like a standard one: err = %v", err)
	}
}

func TestDrawHasNullWinner(t *testing.T) {
	data, err := json.Marshal(game.Record{Game: "g"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"winner":null`) || !strings.Contains(string(data), `"moves":[]`) {
		t.Fatalf("got %s", data)
	}
}

func nimRegistry(t *testing.T) *game.Registry {
	t.Helper()
	var reg game.Registry
	if err := reg.Register(nim.NewType()); err != nil {
		t.Fatal(err)
	}
	return &reg
}

// finished returns the record of nim 1;2 played 2:1, 1:1, 2:1: P1 takes
// the last token and wins.
func finished() game.Record {
	w := 0
	return game.Record{Game: "nim(piles=1;2,misere=false)", Seed: 1, Players: []string{"a", "b"},
		Moves:  []game.RecordMove{{Player: 0, Move: "2:1"}, {Player: 1, Move: "1:1"}, {Player: 0, Move: "2:1"}},
		Winner: &w, Returns: []float64{1, -1}, Length: 3}
}

func TestReplayChecksTheResult(t *testing.T) {
	reg := nimRegistry(t)
	good := finished()
	if _, err := game.Replay(reg, &good); err != nil {
		t.Fatalf("a true record: %v", err)
	}
	one := 1
	tests := []struct {
		name    string
		change  func(r *game.Record)
		wantErr string
	}{
		{"wrong winner", func(r *game.Record) { r.Winner = &one }, "recorded winner player 1, but the moves give player 0"},
		{"draw claimed", func(r *game.Record) { r.Winner = nil }, "recorded winner none (draw), but the moves give player 0"},
		{"wrong returns", func(r *game.Record) { r.Returns = []float64{-1, 1} }, "recorded returns"},
		{"wrong length", func(r *game.Record) { r.Length = 4 }, "recorded length 4"},
		{"aborted but over", func(r *game.Record) { r.Aborted = true }, "says aborted but the game is over"},
		{"not over", func(r *game.Record) { r.Moves = r.Moves[:2] }, "not over after 2 moves"},
		{"wrong player", func(r *game.Record) { r.Moves[1].Player = 0 }, "recorded for player 0 but player 1 is on turn"},
		{"one player", func(r *game.Record) { r.Players = []string{"a"} }, "1 players; a game has 2"},
		{"three players", func(r *game.Record) { r.Players = []string{"a", "b", "c"} }, "3 players; a game has 2"},
		{"chance player in nim", func(r *game.Record) { r.Moves[0].Player = 5 }, "player 5; want 0, 1 or -1"},
		{"draws taken back below 0", func(r *game.Record) { r.DrawsTakenBack = -1 }, "draws_taken_back -1; want 0 to 1048576"},
		{"draws taken back beyond the limit", func(r *game.Record) { r.DrawsTakenBack = 1 << 40 }, "draws_taken_back 1099511627776; want 0 to"},
	}
	for _, tt := range tests {
		r := finished()
		tt.change(&r)
		if _, err := game.Replay(reg, &r); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.wantErr)
		}
	}
}

func TestReplayRefusesHugeValuesWithoutEchoingThem(t *testing.T) {
	reg := nimRegistry(t)
	huge := strings.Repeat("1;", 1<<20) // a game string of a million list items
	tests := []struct {
		name    string
		change  func(r *game.Record)
		wantErr string
	}{
		{"game string", func(r *game.Record) { r.Game = "nim(piles=" + huge + ")" }, "longer than the limit of 1048576 bytes"},
		{"move", func(r *game.Record) { r.Moves[0].Move = strings.Repeat("9", 100<<10) }, "move 1 \"99999"},
		{"position", func(r *game.Record) { r.Position = huge }, "position"},
	}
	for _, tt := range tests {
		r := finished()
		tt.change(&r)
		_, err := game.Replay(reg, &r)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.wantErr)
			continue
		}
		if len(err.Error()) > 400 {
			t.Errorf("%s: the error echoes %d bytes", tt.name, len(err.Error()))
		}
	}
}

func TestReplayFromAPosition(t *testing.T) {
	reg := nimRegistry(t)
	w := 0
	r := game.Record{Game: "nim(piles=3;4;5,misere=false)", Position: "0;0;2", Players: []string{"a", "b"},
		Moves: []game.RecordMove{{Player: 0, Move: "3:2"}}, Winner: &w, Returns: []float64{1, -1}, Length: 1}
	final, err := game.Replay(reg, &r)
	if err != nil {
		t.Fatal(err)
	}
	if !final.IsTerminal() {
		t.Fatalf("after 3:2 from 0;0;2 the game is over: %s", final)
	}
	start, err := game.StateAt(reg, &r, 0)
	if err != nil || start.String() != mustState(t, reg, "0;0;2").String() {
		t.Fatalf("start %v, %v", start, err)
	}
	// The position is stored in the record and read back.
	data, _ := json.Marshal(r)
	if !strings.Contains(string(data), `"position":"0;0;2"`) {
		t.Fatalf("record JSON lacks the position: %s", data)
	}
	var back game.Record
	if err := json.Unmarshal(data, &back); err != nil || back.Position != "0;0;2" || back.Extra != nil {
		t.Fatalf("read back: %+v, %v", back, err)
	}
	// Without the position the same moves are not a finished game.
	r.Position = ""
	if _, err := game.Replay(reg, &r); err == nil {
		t.Fatal("the moves replayed from the initial position")
	}
	r.Position = "x"
	if _, err := game.Replay(reg, &r); err == nil || !strings.Contains(err.Error(), "position") {
		t.Fatalf("bad position: %v", err)
	}
}

func mustState(t *testing.T, reg *game.Registry, pos string) game.State {
	t.Helper()
	g, err := reg.Load("nim(piles=3;4;5)", 1)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.StartOf(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTruncate(t *testing.T) {
	if got := game.Truncate("short", 10); got != "short" {
		t.Fatal(got)
	}
	if got := game.Truncate("ééééé", 3); got != "é… (10 bytes)" {
		t.Fatalf("got %q", got)
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{{1, "cell", "1 cell"}, {0, "cell", "0 cells"}, {3, "time", "3 times"}, {2, "class", "2 classes"}, {1, "class", "1 class"}} {
		if got := game.Plural(c.n, c.noun); got != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestAll(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{{1, "game", "the one game"}, {2, "game", "both games"}, {2, "class", "both classes"}, {4, "game", "all 4 games"}} {
		if got := game.All(c.n, c.noun); got != c.want {
			t.Errorf("All(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestSeries(t *testing.T) {
	for _, c := range []struct {
		items []string
		conj  string
		want  string
	}{{nil, "and", ""}, {[]string{"2"}, "and", "2"}, {[]string{"2", "3"}, "and", "2 and 3"}, {[]string{"1", "2", "3"}, "or", "1, 2 or 3"}} {
		if got := game.Series(c.items, c.conj); got != c.want {
			t.Errorf("Series(%q, %q) = %q, want %q", c.items, c.conj, got, c.want)
		}
	}
}

func TestSecondsAndGrouped(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want string
	}{{0.000012, "12 µs"}, {0.0034, "3.4 ms"}, {3.4, "3.4 s"}, {59.9, "59.9 s"}, {125, "2 min 5 s"},
		{2780, "46 min 20 s"}, {5400, "1 h 30 min"}, {39100, "10 h 51 min"}} {
		if got := strings.ReplaceAll(game.Seconds(c.s), "\u00a0", " "); got != c.want {
			t.Errorf("Seconds(%v) = %q, want %q", c.s, got, c.want)
		}
	}
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {-1234567, "-1,234,567"}, {13445743863, "13,445,743,863"}} {
		if got := game.Grouped(c.n); got != c.want {
			t.Errorf("Grouped(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"one two three four", 9, "one two\nthree\nfour"},
		{"one two\nthree four five", 10, "one two\nthree four\nfive"},
		{"a verylongword b", 5, "a\nverylongword\nb"},
		{"took 3\u00a0min", 8, "took\n3\u00a0min"},
		{"fits", 10, "fits"},
		{"", 10, ""},
		{"ends\n", 10, "ends\n"},
		{"0 → [1]0 → 1[2]0", 11, "0 → [1]0 →\n1[2]0"},
	} {
		if got := game.Wrap(c.in, c.w); got != c.want {
			t.Errorf("Wrap(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}

// TestRecordDrawsTakenBackJSON: the count of draws taken back is a field
// of its own (not a game's extra field), written only when not zero.
func TestRecordDrawsTakenBackJSON(t *testing.T) {
	r := finished()
	plain, err := json.Marshal(r)
	if err != nil || strings.Contains(string(plain), "draws_taken_back") {
		t.Fatalf("a record without draws taken back: %s, %v", plain, err)
	}
	r.DrawsTakenBack = 2
	data, err := json.Marshal(r)
	if err != nil || !strings.Contains(string(data), `"draws_taken_back":2`) {
		t.Fatalf("a record with 2 draws taken back: %s, %v", data, err)
	}
	var back game.Record
	if err := json.Unmarshal(data, &back); err != nil || back.DrawsTakenBack != 2 || back.Extra != nil {
		t.Fatalf("read back: %d draws taken back, extra %v, %v", back.DrawsTakenBack, back.Extra, err)
	}
}
