package match_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/match"
)

func registries(t *testing.T) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots); err != nil {
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
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"perfect", nim.Perfect{}}, {"random", bot.NewRandom(5)}},
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
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{"human", h}, {"perfect", nim.Perfect{}}}, match.Options{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Aborted || !strings.Contains(rec.Reason, "input ended") {
		t.Fatalf("want an abort at the end of input: %+v", rec)
	}
	for _, want := range []string{"Not a move", "there is no heap 5", "heap 1 has only 1 tokens", "Legal moves (3): 1:1 2:1 2:2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("messages lack %q:\n%s", want, out.String())
		}
	}
}

func TestArenaAlternatesSeats(t *testing.T) {
	games, bots := registries(t)
	load := func(seed uint64) (game.Game, error) { return games.Load("nim(piles=3;4;5)", seed) }
	var firsts []string
	res, err := match.Arena(context.Background(), load, bots.New, [2]string{"perfect", "random"},
		match.ArenaOptions{Games: 20, Seed: 1, Record: func(i int, r *game.Record) { firsts = append(firsts, r.Players[0]) }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Wins[0]+res.Wins[1]+res.Draws != 20 || res.Games != 20 {
		t.Fatalf("counts do not add up: %+v", res)
	}
	// Perfect wins every game it starts (3,4,5 is a first-player win); as
	// second player it wins whenever random errs.
	if res.Wins[0] < 10 {
		t.Fatalf("perfect won only %d of 20", res.Wins[0])
	}
	for i, f := range firsts {
		want := []string{"perfect", "random"}[i%2]
		if f != want {
			t.Fatalf("game %d started by %s, want %s", i, f, want)
		}
	}
	again, _ := match.Arena(context.Background(), load, bots.New, [2]string{"perfect", "random"}, match.ArenaOptions{Games: 20, Seed: 1, Workers: 1})
	if again != res {
		t.Fatalf("same seeds, different results: %+v vs %+v", again, res)
	}
}
