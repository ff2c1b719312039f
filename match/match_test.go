package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/match"
	studynim "github.com/kombi/kombi/study/nim"
)

func registries(t *testing.T) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	if err := nim.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots
}

func TestPlayRecordReplays(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=3;4;5)", 1)
	var out strings.Builder
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"perfect", studynim.Perfect{}}, {"random", bot.NewRandom(5)}},
		match.Options{Seed: 1, Transcript: &out})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Aborted || rec.Winner == nil || *rec.Winner != 0 {
		t.Fatalf("perfect moving first in 3,4,5 must win: %+v", rec)
	}
	if rec.Length != len(rec.Moves) || rec.Returns[0] != 1 {
		t.Fatalf("bad result fields: %+v", rec)
	}
	if _, err := game.Replay(games, rec); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Game nim(piles=3;4;5,misere=false), seed 1", "P1 (first, perfect) chose", "| time ", "P1 (first, perfect) wins"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("transcript lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "Rules:") {
		t.Errorf("two computers' transcript tells the rules, for nobody:\n%s", out.String())
	}
	// A tampered record fails to replay.
	w := 1
	rec.Winner = &w
	if _, err := game.Replay(games, rec); err == nil || !strings.Contains(err.Error(), "recorded winner player 1") {
		t.Fatalf("tampered winner: %v", err)
	}
}

// sleeper ignores its context for a while, then plays the first move.
type sleeper struct{ d time.Duration }

func (s sleeper) Act(ctx context.Context, st game.State) (game.Move, error) {
	time.Sleep(s.d)
	return st.LegalMoves(nil)[0], nil
}

func TestMaxThinkAbortsSlowBot(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim", 1)
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"random", bot.NewRandom(1)}, {"slow", sleeper{300 * time.Millisecond}}},
		match.Options{Seed: 1, MaxThink: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Aborted || !strings.Contains(rec.Reason, "P2 (second, slow) took longer than the think-time limit of 50ms") {
		t.Fatalf("want an abort for the slow bot, got %+v", rec)
	}
	if len(rec.Moves) != 1 {
		t.Fatalf("only P1's first move should be recorded, got %d", len(rec.Moves))
	}
	if _, err := game.Replay(games, rec); err != nil {
		t.Fatalf("an aborted record replays: %v", err)
	}
}

func TestHumanInputEndAbortsCleanly(t *testing.T) {
	games, bots := registries(t)
	g, _ := games.Load("nim(piles=1;2)", 1)
	var out strings.Builder
	in := bot.NewLineReader(strings.NewReader("nonsense\n5:1\n1:2\nhelp\n"))
	h, err := bots.New("human", g, bot.Env{Input: in, Output: &out})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"human", h}, {"perfect", studynim.Perfect{}}}, match.Options{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Aborted || !strings.Contains(rec.Reason, "input ended") {
		t.Fatalf("want an abort at the end of input: %+v", rec)
	}
	for _, want := range []string{"Not a move", "there is no heap 5", "heap 1 has only 1 token, cannot take", "Legal moves (3): 1:1 2:1 2:2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("messages lack %q:\n%s", want, out.String())
		}
	}
}

func TestNewSeats(t *testing.T) {
	games, bots := registries(t)
	g, _ := games.Load("nim", 1)
	seats, err := match.NewSeats(bots, g, [2]string{"random", "alphabeta(depth=2)"}, 7, bot.Env{})
	if err != nil || seats[0].Name != "random" || seats[1].Name != "alphabeta(depth=2)" {
		t.Fatalf("%+v, %v", seats, err)
	}
	// The random bot in seat 0 plays as NewRandom(BotSeed(7, 0)).
	s := g.NewInitialState()
	want := bot.NewRandom(match.BotSeed(7, 0))
	for range 5 {
		a, _ := seats[0].Bot.Act(context.Background(), s)
		b, _ := want.Act(context.Background(), s)
		if a != b {
			t.Fatal("seat 0's bot is not seeded with BotSeed(seed, 0)")
		}
	}
	_, err = match.NewSeats(bots, g, [2]string{"random", "wizard"}, 7, bot.Env{})
	var se *match.SeatError
	if !errors.As(err, &se) || se.Seat != 1 || !strings.Contains(err.Error(), `P2: unknown bot "wizard"`) || !errors.As(err, new(*game.InputError)) {
		t.Fatalf("bad bot in seat 1: %v; want a *SeatError around a usage error (*game.InputError)", err)
	}
}

// script is a bot that plays the given moves in turn (bot.ErrUndo for
// "undo", bot.ErrQuit for "quit"), as a person typing them would.
type script struct {
	moves []string
	human bool
}

func (b *script) IsHuman() bool { return b.human }
func (b *script) Act(ctx context.Context, s game.State) (game.Move, error) {
	if len(b.moves) == 0 {
		return 0, bot.ErrInputEnded
	}
	m := b.moves[0]
	b.moves = b.moves[1:]
	switch m {
	case "undo":
		return 0, bot.ErrUndo
	case "quit":
		return 0, bot.ErrQuit
	}
	return s.ParseMove(m)
}

func TestUndoTakesBackMoveAndReply(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=3;4;5)", 1)
	person := &script{moves: []string{"undo", "1:1", "undo", "undo", "1:2", "quit"}, human: true}
	computer := &script{moves: []string{"2:1", "3:3"}}
	var out strings.Builder
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"human", person}, {"bot", computer}}, match.Options{Seed: 1, Transcript: &out})
	if err != nil {
		t.Fatal(err)
	}
	// 1:1, 2:1 taken back; the second undo finds nothing to take back;
	// then 1:2, 3:3, and the person quits.
	var moves []string
	for _, m := range rec.Moves {
		moves = append(moves, m.Move)
	}
	if strings.Join(moves, " ") != "1:2 3:3" {
		t.Fatalf("moves %v, want 1:2 3:3", moves)
	}
	// A person playing is told the rules and how to move, once, at the start.
	for _, want := range []string{"Rules: Take any number of tokens from one heap; whoever takes the last token\nwins.\nHow to move: Take one or more tokens from one heap.\n\n",
		"P1 (first) has no move to take back.", "P1 (first) takes back move 1 and what followed: 1:1, 2:1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("transcript lacks %q:\n%s", want, out.String())
		}
	}
	if !rec.Aborted || rec.Reason != "P1 (first, human) quit" || !match.Deliberate(rec) || rec.Extra[match.StoppedByField] != 0 {
		t.Fatalf("quit: %+v", rec)
	}
	if strings.Count(out.String(), "quit") != 1 {
		t.Fatalf("the quit is told more than once:\n%s", out.String())
	}
	if _, err := game.Replay(games, rec); err != nil {
		t.Fatalf("the record after undo does not replay: %v", err)
	}
}

func TestPositionResumeAndLengthLimit(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=3;4;5)", 1)
	seats := func() [2]match.Seat {
		return [2]match.Seat{{"perfect", studynim.Perfect{}}, {"perfect", studynim.Perfect{}}}
	}
	// From a position: 0;0;2 is won at once by taking both tokens.
	rec, err := match.Play(context.Background(), g, seats(), match.Options{Position: "0;0;2"})
	if err != nil || rec.Position != "0;0;2" || len(rec.Moves) != 1 || *rec.Winner != 0 {
		t.Fatalf("from 0;0;2: %+v, %v", rec, err)
	}
	if _, err := game.Replay(games, rec); err != nil {
		t.Fatal(err)
	}
	// A game over before any move has its result too: 0;0;0 is lost for the player to move.
	rec, err = match.Play(context.Background(), g, seats(), match.Options{Position: "0;0;0"})
	if err != nil || len(rec.Moves) != 0 || rec.Winner == nil || *rec.Winner != 1 {
		t.Fatalf("from 0;0;0, over at once: %+v, %v", rec, err)
	}
	// A length limit stops the game; the record says so and replays.
	rec, err = match.Play(context.Background(), g, seats(), match.Options{Seed: 3, MaxLength: 2})
	if err != nil || !rec.Aborted || rec.Reason != "reached the length limit 2" || len(rec.Moves) != 2 || !match.Deliberate(rec) {
		t.Fatalf("length limit: %+v, %v", rec, err)
	}
	if _, err := game.Replay(games, rec); err != nil {
		t.Fatal(err)
	}
	// Resuming the stopped game plays on from its moves to the end.
	full, err := match.Play(context.Background(), g, seats(), match.Options{Seed: 3, Moves: rec.Moves})
	if err != nil || full.Aborted || len(full.Moves) <= 2 || full.Moves[0] != rec.Moves[0] || full.Moves[1] != rec.Moves[1] {
		t.Fatalf("resume: %+v, %v", full, err)
	}
	if _, err := game.Replay(games, full); err != nil {
		t.Fatal(err)
	}
	if match.Deliberate(full) {
		t.Fatal("a finished game is not stopped on purpose")
	}
	// Earlier moves that do not apply are an error.
	bad := []game.RecordMove{{Player: 1, Move: "1:1"}}
	if _, err := match.Play(context.Background(), g, seats(), match.Options{Moves: bad}); err == nil || !strings.Contains(err.Error(), "earlier move 1") {
		t.Fatalf("bad earlier moves: %v", err)
	}
	if _, err := match.Play(context.Background(), g, seats(), match.Options{Position: "x;y"}); err == nil || !strings.Contains(err.Error(), "position") {
		t.Fatalf("bad position: %v", err)
	}
}

type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestWriteSteps(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=1;2)", 1)
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"perfect", studynim.Perfect{}}, {"random", bot.NewRandom(1)}}, match.Options{Seed: 1, Position: "1;1"})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := match.WriteSteps(&out, games, rec); err != nil {
		t.Fatal(err)
	}
	s0, _ := game.StateAt(games, rec, 0)
	s1, _ := game.StateAt(games, rec, 1)
	want := "Start (position 1;1):\n" + s0.String() + "\nMove 1: P1 (first, perfect) played " + rec.Moves[0].Move + "\n" + s1.String() + "\n"
	if !strings.HasPrefix(out.String(), want) || strings.Count(out.String(), "Move ") != len(rec.Moves) {
		t.Fatalf("got\n%s\nwant it to start with\n%s", out.String(), want)
	}
	if err := match.WriteSteps(fullDisk{}, games, rec); err == nil || !strings.Contains(err.Error(), "no space") {
		t.Fatalf("a failed write: %v", err)
	}
}

// Play refuses limits out of range, saying which by the Go field and its
// flag (a Go caller sets MaxThink, not --max-think), as a usage error
// (*game.InputError holding a *game.OptionError), and plays nothing.
func TestPlayRefusesLimitsOutOfRange(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim", 1)
	seats := [2]match.Seat{{"random", bot.NewRandom(1)}, {"random", bot.NewRandom(2)}}
	for _, c := range []struct {
		opt  match.Options
		want string
	}{
		{match.Options{MaxThink: -time.Second}, "MaxThink (--max-think) -1s: want a duration of 0 (no limit) or more"},
		{match.Options{MaxLength: -3}, "MaxLength (--max-length) -3: want 0"},
		{match.Options{MaxMoves: -1}, "MaxMoves (--max-moves) -1: want 0"},
	} {
		rec, err := match.Play(context.Background(), g, seats, c.opt)
		var oe *game.OptionError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, new(*game.InputError)) || !errors.As(err, &oe) {
			t.Errorf("Play with %+v = %v, %v; want an *InputError with an *OptionError saying %q", c.opt, rec, err, c.want)
		}
	}
}

// cheat plays a move that is not legal.
type cheat struct{}

func (cheat) Act(context.Context, game.State) (game.Move, error) { return game.Move(1 << 40), nil }

// A bot's illegal move aborts its game with a reason that names the seat
// as every other reason does: seat, role and player.
func TestIllegalMoveAbortsWithTheSeatNamed(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim", 1)
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"random", bot.NewRandom(1)}, {"cheat", cheat{}}}, match.Options{Seed: 1})
	if err != nil || !rec.Aborted || !strings.HasPrefix(rec.Reason, "P2 (second, cheat) chose an illegal move") || len(rec.Moves) != 1 {
		t.Errorf("a bot's illegal move: %+v, %v", rec, err)
	}
}

// A game over at its start says so: nobody took a last token or made a
// last split (the game's own words after a move), and after one move the
// game's own words come back.
func TestEndWordsAtTheStart(t *testing.T) {
	games, _ := registries(t)
	for _, tt := range []struct{ game, want, not string }{
		{"nim(piles=0)", "There is no move to make from the start: the game is over before it begins, and P2 wins.", "last token"},
		{"grundy(heap=2)", "There is no move to make from the start: the game is over before it begins, and P2 wins.", "last split"},
		{"nim(piles=1)", "P1 took the last token and wins.", "from the start"},
	} {
		g, err := games.Load(tt.game, 1)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if _, err := match.Play(context.Background(), g, [2]match.Seat{{"perfect", studynim.Perfect{}}, {"random", bot.NewRandom(5)}},
			match.Options{Seed: 1, Transcript: &out}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), tt.want) || strings.Contains(out.String(), tt.not) {
			t.Errorf("%s: the transcript says\n%s\nwant %q, without %q", tt.game, out.String(), tt.want, tt.not)
		}
	}
}

// A split in Grundy's game numbers the heaps after it one higher: the
// transcript says so after the move (which heaps the split made, which
// moved up), LastNote says it of the last move, also after an undo, and
// replay --step says it too; the moves and the heaps' order are the
// record's as before.
func TestGrundySplitSaysHowTheHeapsMoved(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("grundy(heap=12)", 1)
	var out strings.Builder
	people := [2]match.Seat{{"Ann", &script{human: true}}, {"Bob", &script{human: true}}}
	l, err := match.Start(g, people, match.Options{Seed: 1, Position: "5;3;4", Transcript: &out})
	if err != nil {
		t.Fatal(err)
	}
	notes := []string{
		"Heap 1 became heaps 1 (4 tokens) and 2 (1 token); old heaps 2 and 3 are now heaps 3 and 4.",
		"Heap 4 became heaps 4 (3 tokens) and 5 (1 token).",
		"Heap 4 became heaps 4 (2 tokens) and 5 (1 token); old heap 5 is now heap 6.",
	}
	for i, text := range []string{"1=4+1", "4=3+1", "4=2+1"} {
		p := game.Player(i % 2)
		m, err := l.State().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Move(p, m, 0); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("Move %d: P%d (%s) played %s | time 0.000 s\n%s\nheap 1:", i+1, p+1, g.Type().Role(p), text, game.Wrap(notes[i], 80))
		if !strings.Contains(out.String(), want) || l.LastNote() != notes[i] {
			t.Fatalf("move %s: LastNote %q; the transcript lacks %q:\n%s", text, l.LastNote(), want, out.String())
		}
	}
	rec := l.Record()
	if pos := l.State().(game.Positioner).Position(); pos != "4;1;3;2;1;1 P2" || rec.Moves[2].Move != "4=2+1" {
		t.Fatalf("the split moved heaps: position %s, moves %v", pos, rec.Moves)
	}
	var steps strings.Builder
	if err := match.WriteSteps(&steps, games, rec); err != nil {
		t.Fatal(err)
	}
	for _, note := range notes {
		if !strings.Contains(steps.String(), game.Wrap(note, 80)+"\n") {
			t.Errorf("replay --step lacks %q:\n%s", note, steps.String())
		}
	}
	if err := l.Undo(0); err != nil || l.LastNote() != notes[1] {
		t.Fatalf("after the undo (%v) LastNote is %q, want %q", err, l.LastNote(), notes[1])
	}
}

// Replay --step at a person's pace: a line before each move ("q": the rest
// at once), the last position shown once; a number for a file says how to
// replay the stored game of that id.
func TestReplayStepsPaused(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=3;4;5)", 1)
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"perfect", studynim.Perfect{}}, {"random", bot.NewRandom(1)}}, match.Options{Seed: 1})
	if err != nil || len(rec.Moves) < 3 {
		t.Fatalf("%d moves, %v", len(rec.Moves), err)
	}
	file := filepath.Join(t.TempDir(), "r.json")
	data, _ := json.Marshal(rec)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if _, err := match.Replay(file, nil, games, &out, match.ReplayOptions{Step: true, Pause: strings.NewReader("\nq\n")}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if n := strings.Count(text, "(Enter: move "); n != 2 || !strings.Contains(text, fmt.Sprintf("(Enter: move 2 of %d; q: the rest at once)", len(rec.Moves))) {
		t.Errorf("%d pauses (want 2: before move 1, before move 2, then q):\n%s", n, text)
	}
	s, _ := game.StateAt(games, rec, len(rec.Moves))
	if n := strings.Count(text, s.String()); n != 1 || strings.Count(text, "Move ") != len(rec.Moves) {
		t.Errorf("the last position shown %d times, %d moves shown:\n%s", n, strings.Count(text, "Move "), text)
	}
	_, err = match.Replay("17", nil, games, &out, match.ReplayOptions{})
	if err == nil || !strings.Contains(err.Error(), "kombi records show 17 --json | kombi replay -") {
		t.Errorf("replay 17: %v", err)
	}
}
