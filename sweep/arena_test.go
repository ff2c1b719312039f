package sweep_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/sweep"
)

// TestArenaAlternatesSeats checks that seats alternate and that every win
// is counted for the bot that sat in the winning seat, against a tally made
// from the records' own player names.
func TestArenaAlternatesSeats(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ game string }{
		{"nim(piles=3;4;5)"}, // a first-player win
		{"nim(piles=1;2;3)"}, // a second-player win
	} {
		var recs []*game.Record
		var idx []int
		res, err := sweep.Arena(context.Background(), games, bots, tc.game, [2]string{"perfect", "random"},
			sweep.ArenaOptions{Games: 20, Seed: 1, Workers: 3, Record: func(i int, r *game.Record) { idx = append(idx, i); recs = append(recs, r) }})
		if err != nil {
			t.Fatal(err)
		}
		if res.Games != 20 || res.Wins[0]+res.Wins[1]+res.Draws+res.Aborted != 20 {
			t.Fatalf("%s: counts do not add up: %+v", tc.game, res)
		}
		var want sweep.ArenaResult
		want.Bots, want.Games = res.Bots, 20
		var began, sum [2]int // by the bot that began: the lengths of its games
		for i, r := range recs {
			began[i%2]++
			sum[i%2] += r.Length
			if idx[i] != i || r.Seed != uint64(1+i) {
				t.Fatalf("record %d is game %d with seed %d: want game order", i, idx[i], r.Seed)
			}
			if first := []string{"perfect", "random"}[i%2]; r.Players[0] != first {
				t.Fatalf("game %d started by %s, want %s", i, r.Players[0], first)
			}
			if r.Winner == nil {
				want.Draws++
				continue
			}
			if *r.Winner == 0 {
				want.FirstWins++
			}
			if r.Players[*r.Winner] == "perfect" {
				want.Wins[0]++
			} else {
				want.Wins[1]++
			}
		}
		if res.Bots != want.Bots || res.Games != want.Games || res.Wins != want.Wins || res.Draws != want.Draws || res.FirstWins != want.FirstWins {
			t.Fatalf("%s: tally %+v, from the records %+v", tc.game, res, want)
		}
		for i := range 2 {
			if res.Began(i) != began[i] || res.Lengths[i].Mean != float64(sum[i])/float64(began[i]) {
				t.Fatalf("%s: %s began %d games of mean length %v; the records say %d of mean %v", tc.game, res.Bots[i], res.Began(i), res.Lengths[i].Mean,
					began[i], float64(sum[i])/float64(began[i]))
			}
		}
		// Perfect wins whenever its seat is the winning one: as first mover
		// in 3,4,5, as second mover in 1,2,3.
		if res.Wins[0] < 10 {
			t.Fatalf("%s: perfect won %d", tc.game, res.Wins[0])
		}
	}
}

// TestArenaSameAsBefore pins the tallies the arena gave before it moved
// onto the sweep pool (kombi arena ... --json).
func TestArenaSameAsBefore(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		game  string
		bots  [2]string
		n     int
		seed  uint64
		wins  [2]int
		draws int
		first int
	}{
		{"nim(piles=3;4;5)", [2]string{"perfect", "random"}, 20, 1, [2]int{20, 0}, 0, 10},
		{"nim(piles=2;3)", [2]string{"random", "random"}, 15, 7, [2]int{4, 11}, 0, 5},
		{"vdwlist(k=3,colors=3,list=2,s=9)", [2]string{"random", "random"}, 10, 1, [2]int{6, 4}, 0, 7},
		{"ap(x=20,k=3)", [2]string{"random", "random"}, 10, 2, [2]int{2, 7}, 1, 4},
	}
	for _, tt := range tests {
		for _, workers := range []int{1, 4} {
			res, err := sweep.Arena(context.Background(), games, bots, tt.game, tt.bots, sweep.ArenaOptions{Games: tt.n, Seed: tt.seed, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if res.Bots != tt.bots || res.Wins != tt.wins || res.Draws != tt.draws || res.Games != tt.n || res.Aborted != 0 || res.FirstWins != tt.first ||
				res.Began(0)+res.Began(1) != tt.n {
				t.Errorf("%s with %d workers: %+v, want wins %v, draws %d, first mover's wins %d of %d", tt.game, workers, res, tt.wins, tt.draws, tt.first, tt.n)
			}
		}
	}
}

// An arena of a person refuses before playing (its games were all aborted,
// for want of a move, with a score of 0 %).
func TestArenaRefusesAPerson(t *testing.T) {
	games, bots := registries(t)
	var played int
	_, err := sweep.Arena(context.Background(), games, bots, "nim(piles=1;2)", [2]string{"human", "random"},
		sweep.ArenaOptions{Games: 2, Seed: 1, Record: func(int, *game.Record) { played++ }})
	if !errors.As(err, new(*game.InputError)) || !strings.Contains(err.Error(), `P1: "human" is a person`) || played != 0 {
		t.Fatalf("an arena of a person: %v, %d games played; want a usage error and none", err, played)
	}
}

func TestArenaLimits(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opt     sweep.ArenaOptions
		wantErr string
	}{
		{sweep.ArenaOptions{Games: 2, Workers: -1}, "Workers (--workers) -1: want 1 to 1024"},
		{sweep.ArenaOptions{Games: 2, Workers: 2000000}, "Workers (--workers) 2000000: want 1 to 1024"},
		{sweep.ArenaOptions{Games: 0}, "Games (--games) 0: want 1 to 1000000 games"},
		{sweep.ArenaOptions{Games: 1_000_001}, "Games (--games) 1000001: want 1 to 1000000 games"},
		{sweep.ArenaOptions{Games: 3, Seed: ^uint64(0) - 1}, "Seed (--seed) 18446744073709551614: with 3 games the seeds wrap past 2^64; want a first seed of at most 18446744073709551613"},
	} {
		_, err := sweep.Arena(context.Background(), games, bots, "nim", [2]string{"random", "random"}, tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !errors.As(err, new(*game.OptionError)) || !errors.As(err, new(*game.InputError)) {
			t.Errorf("%+v: %v, want an *InputError with an *OptionError saying %q", tc.opt, err, tc.wantErr)
		}
	}
	// The last seed may be 2^64-1.
	if _, err := sweep.Arena(context.Background(), games, bots, "nim", [2]string{"random", "random"}, sweep.ArenaOptions{Games: 2, Seed: ^uint64(0) - 1}); err != nil {
		t.Fatal(err)
	}
	// A length limit stops every game of the Thue game at length 6: in Thue
	// terms the painter survived.
	res, err := sweep.Arena(context.Background(), games, bots, "thue(alphabet=5)", [2]string{"nesting(level=1)", "nesting(level=1)"},
		sweep.ArenaOptions{Games: 2, MaxLength: 6, Record: func(_ int, r *game.Record) {
			if r.Reason != "reached the length limit 6" || r.Length != 6 {
				t.Errorf("record: %+v", r)
			}
		}})
	if err != nil || res.Aborted != 2 {
		t.Fatalf("%+v, %v", res, err)
	}
}

func TestArenaInterruptedKeepsTheTally(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := sweep.Arena(ctx, games, bots, "nim(piles=3;4;5)", [2]string{"perfect", "random"},
		sweep.ArenaOptions{Games: 1000, Workers: 1, Progress: func(done, _ int) {
			if done == 5 {
				cancel()
			}
		}})
	if err == nil || ctx.Err() == nil {
		t.Fatalf("want the context's error, got %v", err)
	}
	if res.Games < 5 || res.Games >= 1000 || res.Wins[0]+res.Wins[1]+res.Draws+res.Aborted != res.Games {
		t.Fatalf("tally so far: %+v", res)
	}
}

// TestArenaResultAdd checks the tally from the bots' point of view: a win
// of seat w is bot A's exactly when A sat in seat w.
func TestArenaResultAdd(t *testing.T) {
	zero, one := 0, 1
	var r sweep.ArenaResult
	r.Add(&game.Record{Winner: &zero, Length: 5}, 0)  // A first, first mover wins: A
	r.Add(&game.Record{Winner: &zero, Length: 7}, 1)  // B first, first mover wins: B
	r.Add(&game.Record{Winner: &one, Length: 8}, 1)   // B first, second mover wins: A
	r.Add(&game.Record{Winner: &one, Length: 12}, 1)  // again A
	r.Add(&game.Record{Length: 4}, 0)                 // draw
	r.Add(&game.Record{Aborted: true, Length: 99}, 1) // aborted: no length counted
	if r.Wins != [2]int{3, 1} || r.Draws != 1 || r.Aborted != 1 || r.FirstWins != 2 {
		t.Fatalf("got %+v", r)
	}
	// The lengths of the games each began: A 5 and 4, B 7, 8 and 12.
	if r.Began(0) != 2 || r.Lengths[0] != (sweep.LengthStats{Mean: 4.5, Min: 4, Max: 5}) ||
		r.Began(1) != 3 || r.Lengths[1] != (sweep.LengthStats{Mean: 9, Min: 7, Max: 12}) {
		t.Fatalf("lengths by who began: %+v, began %d and %d", r.Lengths, r.Began(0), r.Began(1))
	}
	r.FirstRole = "builder"
	if got := report.ArenaText(r, "thue", 1, 6); !strings.Contains(got, "length of the games where B was the builder: mean 9.0, from 7 to 12 (3 games)") {
		t.Errorf("the arena's text:\n%s", got)
	}
	r.Games = 6
	if got := r.Score(0); got != 3.5/5 {
		t.Fatalf("score of A %v, want 0.7", got)
	}
}

// TestArenaP2Begins: in 2D Nim with first=p2 the second seat moves first;
// the arena's first-mover wins and the lengths by who began follow the
// records' first moves, not the seats.
func TestArenaP2Begins(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	var recs []*game.Record
	res, err := sweep.Arena(context.Background(), games, bots, "nim2d(n=4,first=p2)", [2]string{"random", "perfect"},
		sweep.ArenaOptions{Games: 12, Seed: 1, Workers: 2, Record: func(i int, r *game.Record) { recs = append(recs, r) }})
	if err != nil {
		t.Fatal(err)
	}
	firstWins, began, sum := 0, map[string]int{}, map[string]int{}
	for _, r := range recs {
		mover := r.Moves[0].Player // 2D Nim has no chance moves
		if mover != 1 {
			t.Fatalf("seed %d: the first move by P%d; first=p2 lets P2 begin", r.Seed, mover+1)
		}
		began[r.Players[mover]]++
		sum[r.Players[mover]] += r.Length
		if r.Winner != nil && game.Player(*r.Winner) == mover {
			firstWins++
		}
	}
	if res.FirstWins != firstWins {
		t.Errorf("the arena counts %d first-mover wins; the records' first movers won %d", res.FirstWins, firstWins)
	}
	for i, name := range res.Bots {
		if mean := float64(sum[name]) / float64(began[name]); res.Began(i) != began[name] || res.Lengths[i].Mean != mean {
			t.Errorf("%s began %d games of mean length %v by the arena, %d of mean %v by the records", name, res.Began(i), res.Lengths[i].Mean, began[name], mean)
		}
	}
	if res.FirstRole != "" {
		t.Errorf("first role %q where P2 began: want none (the text then says who moved first)", res.FirstRole)
	}
}

// buggy is a computer player with a bug: it panics.
type buggy struct{}

func (buggy) Act(context.Context, game.State) (game.Move, error) { panic("my bot's bug") }

// TestArenaBotFailed: an arena tells the bot's author of each panic, with
// the game's seed, and a factory that builds no bot is refused by name.
func TestArenaBotFailed(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	if err := bots.Register(&bot.Factory{Name: "buggy", New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return buggy{}, nil }}); err != nil {
		t.Fatal(err)
	}
	if err := bots.Register(&bot.Factory{Name: "none", New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return nil, nil }}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seeds := map[uint64]string{}
	res, err := sweep.Arena(context.Background(), games, bots, "nim(piles=2;3)", [2]string{"buggy", "random"}, sweep.ArenaOptions{Games: 4, Seed: 10, Workers: 2,
		BotFailed: func(seed uint64, p game.Player, err error) {
			var pe *match.PanicError
			mu.Lock()
			defer mu.Unlock()
			if errors.As(err, &pe) {
				seeds[seed] = fmt.Sprint(pe.Value)
			}
		}})
	if err != nil || res.Aborted != 4 {
		t.Fatalf("arena of a panicking bot: %+v, %v", res, err)
	}
	for seed := uint64(10); seed < 14; seed++ {
		if seeds[seed] != "my bot's bug" {
			t.Fatalf("BotFailed heard %v; want the panic of every seed 10..13", seeds)
		}
	}
	if _, err := sweep.Arena(context.Background(), games, bots, "nim(piles=2;3)", [2]string{"none", "random"}, sweep.ArenaOptions{Games: 2, Seed: 1}); err == nil || !strings.Contains(err.Error(), "bot none: its factory returned no bot") {
		t.Fatalf("a factory that builds no bot: %v", err)
	}
}

// TestArenaErrorsNameNoEmptyCell: an arena is one cell without a name;
// its errors say what is wrong, not "sweep cell : ...".
func TestArenaErrorsNameNoEmptyCell(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		spec  string
		names [2]string
		want  string
	}{
		{"nim(piles=2;3)", [2]string{"oneply", "random"}, `P1: unknown bot "oneply"`},
		{"nim(piles=x)", [2]string{"random", "random"}, "piles"},
	} {
		_, err := sweep.Arena(context.Background(), games, bots, tt.spec, tt.names, sweep.ArenaOptions{Games: 2, Seed: 1})
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "sweep cell") {
			t.Errorf("%s %v: %v; want %q and no cell name", tt.spec, tt.names, err, tt.want)
		}
	}
}
