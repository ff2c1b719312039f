package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	studynim "github.com/kombi/kombi/study/nim"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSessionFilesResumeAndReplay plays a session into files and a keeper,
// continues a stopped game from its record file and replays the records.
func TestSessionFilesResumeAndReplay(t *testing.T) {
	games, _ := registries(t)
	dir := t.TempDir()
	g, _ := games.Load("nim(piles=3;4;5)", 1)
	seats := [2]match.Seat{{"perfect", studynim.Perfect{}}, {"random", bot.NewRandom(5)}}
	var kept []*game.Record
	s := match.Session{Game: g, Seats: seats, Options: match.Options{Seed: 1, MaxLength: 2}, Dir: dir,
		Keep: func(r *game.Record) error { kept = append(kept, r); return nil }}
	rec, wrote, err := s.Run(context.Background())
	if err != nil || len(kept) != 1 || kept[0] != rec || !rec.Aborted || match.Failure(rec) != nil {
		t.Fatalf("session: %v, kept %d, record %+v, failure %v", err, len(kept), rec, match.Failure(rec))
	}
	transcript, err := os.ReadFile(wrote.Transcript)
	if err != nil || !strings.Contains(string(transcript), "Game stopped: reached the length limit 2") {
		t.Fatalf("transcript %s: %v\n%s", wrote.Transcript, err, transcript)
	}
	data, err := os.ReadFile(wrote.Record)
	var back game.Record
	if err != nil || json.Unmarshal(data, &back) != nil || len(back.Moves) != 2 {
		t.Fatalf("record file %s: %v\n%s", wrote.Record, err, data)
	}
	// The stopped game continues where it stopped.
	rec2, g2, opt, err := match.Resume(games, wrote.Record, nil)
	if err != nil || g2.String() != g.String() || len(opt.Moves) != 2 || rec2.Seed != 1 {
		t.Fatalf("resume: %v %+v", err, opt)
	}
	end, err := match.Play(context.Background(), g2, seats, opt)
	if err != nil || end.Aborted || end.Winner == nil {
		t.Fatalf("continued game: %v %+v", err, end)
	}
	endFile := filepath.Join(dir, "end.json")
	if err := files.WriteRecordFile(endFile, end); err != nil {
		t.Fatal(err)
	}
	_, _, _, err = match.Resume(games, endFile, nil)
	if ie := new(game.InputError); !errors.As(err, &ie) || !strings.Contains(err.Error(), "the game is over") {
		t.Fatalf("resuming a finished game: %v", err)
	}
	// Replay checks both records; input that is not records is the user's mistake.
	var out strings.Builder
	both := writeFile(t, dir, "both.jsonl", string(data)+"\n"+mustJSON(t, end))
	if n, err := match.Replay(both, nil, games, &out, match.ReplayOptions{Quiet: true}); n != 2 || err != nil || out.String() != "2 records replayed and checked\n" {
		t.Fatalf("replay: %d %v %q", n, err, out.String())
	}
	for _, bad := range []string{writeFile(t, dir, "empty.json", ""), writeFile(t, dir, "junk.json", "{"), filepath.Join(dir, "missing")} {
		if _, err := match.Replay(bad, nil, games, &out, match.ReplayOptions{}); !errors.As(err, new(*game.InputError)) {
			t.Errorf("replay %s: %v; want an InputError", bad, err)
		}
	}
	if _, err := match.Replay("-", spaces{}, games, &out, match.ReplayOptions{}); !errors.Is(err, files.ErrTooLarge) {
		t.Fatalf("too large: %v", err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// spaces reads as endless spaces.
type spaces struct{}

func (s spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// What a person at the terminal is told (a move refused, a hint) goes into
// the game's transcript file too, as the screen showed it; not the prompts.
func TestSessionTranscriptHoldsWhatThePersonWasTold(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=1;2;3)", 1)
	var screen strings.Builder
	person := bot.NewHumanFor(g, bot.NewLineReader(strings.NewReader("garbage\nhint\n1:1\nq\n")), &screen)
	s := match.Session{Game: g, Seats: [2]match.Seat{{"human", person}, {"random", bot.NewRandom(1)}}, Options: match.Options{Seed: 1}, Dir: t.TempDir()}
	_, wrote, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(wrote.Transcript)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`Not a move: "garbage": want HEAP:COUNT`, "P1 (first) asked for a hint:\nEvery move loses", "Move 1: P1 (first) played 1:1"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the transcript file lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(string(text), "your move ('help' lists moves)") {
		t.Errorf("the transcript file holds the prompts:\n%s", text)
	}
	if person.Log != nil {
		t.Error("the person's log is left set after the session")
	}
}

// A game that fails (here: the person's input ends) is reported once, by
// the caller, from Failure: the terminal's transcript does not say it, the
// transcript file does; a person's quit is still told on the terminal.
func TestSessionLeavesTheFailureToTheCaller(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=1;2;3)", 1)
	for _, tt := range []struct {
		input, told string
		failed      bool
	}{
		{"1:1\n", "Game aborted: P1 (first, human): the input ended before a move was made", true},
		{"1:1\nquit\n", "Game stopped: P1 (first, human) quit.", false},
	} {
		var screen strings.Builder
		person := bot.NewHumanFor(g, bot.NewLineReader(strings.NewReader(tt.input)), &screen)
		s := match.Session{Game: g, Seats: [2]match.Seat{{"human", person}, {"random", bot.NewRandom(1)}},
			Options: match.Options{Seed: 1, Transcript: &screen}, Dir: t.TempDir()}
		rec, wrote, err := s.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		file, err := os.ReadFile(wrote.Transcript)
		if err != nil {
			t.Fatal(err)
		}
		failure := match.Failure(rec)
		if !strings.Contains(string(file), tt.told) || (failure != nil) != tt.failed || strings.Contains(screen.String(), tt.told) == tt.failed {
			t.Errorf("%q: Failure %v; the screen\n%s\nthe file\n%s\nwant %q in the file, and on the screen only when nobody else reports it", tt.input, failure, screen.String(), file, tt.told)
		}
		if tt.failed && !strings.Contains(failure.Error(), rec.Reason) {
			t.Errorf("Failure %v lacks the reason %q", failure, rec.Reason)
		}
	}
}
