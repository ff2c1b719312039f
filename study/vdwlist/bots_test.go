package vdwlist_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/match"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
)

// TestPerfectPlaysBestMoves checks every decision of the perfect bot in
// random play of small games against the plain definition.
func TestPerfectPlaysBestMoves(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 3))
	for _, p := range [][4]int{{3, 3, 2, 7}, {3, 2, 2, 8}, {2, 4, 2, 5}, {3, 3, 3, 6}} {
		g := newGame(t, p[0], p[1], p[2], p[3])
		perfect := studyvdwlist.NewPerfect(g, 1<<20)
		memo := expectimax{}
		for range 10 {
			s := g.NewInitialState()
			for !s.IsTerminal() {
				var m game.Move
				if s.Player() == game.Chance {
					moves := s.LegalMoves(nil)
					m = moves[rng.IntN(len(moves))]
				} else {
					var err error
					if m, err = perfect.Act(ctx, s); err != nil {
						t.Fatal(err)
					}
					c := s.Clone()
					_ = c.Apply(m)
					if got, want := memo.value(c), memo.value(s); got.Cmp(want) != 0 {
						t.Fatalf("%s at %q: perfect chose %s of value %s, the position's value is %s", g, s.(*vdwlist.State).Colouring(), s.MoveString(m), got.RatString(), want.RatString())
					}
				}
				if err := s.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestPlainValueAgreesWithSolver(t *testing.T) {
	for _, p := range [][4]int{{3, 3, 2, 7}, {3, 2, 1, 9}, {2, 3, 2, 6}} {
		g := newGame(t, p[0], p[1], p[2], p[3])
		v, n, err := studyvdwlist.PlainValue(context.Background(), g.NewInitialState().(*vdwlist.State))
		if err != nil {
			t.Fatal(err)
		}
		an := solveValue(t, g, g.NewInitialState())
		if v.Cmp(rat(t, an.Value)) != 0 || n == 0 {
			t.Fatalf("%s: plain %s (%d positions), solver %s", g, v.RatString(), n, an.Value)
		}
	}
}

// TestBotsPlayBothRoles plays every computer level in both roles under a
// time limit and replays the records.
func TestBotsPlayBothRoles(t *testing.T) {
	games, bots := registries(t)
	g, err := games.Load("vdwlist(k=3,colors=3,list=2,s=9)", 1)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"easy", "normal", "hard(time=300ms)", "alphabeta(depth=4)", "expectiminimax(depth=3,pruning=star1)", "perfect", "random"}
	for i, a := range names {
		b := names[(i+1)%len(names)]
		var seats [2]match.Seat
		for j, name := range []string{a, b} {
			bt, err := bots.New(name, g, bot.Env{Seed: uint64(j)})
			if err != nil {
				t.Fatalf("bot %s: %v", name, err)
			}
			seats[j] = match.Seat{Name: name, Bot: bt}
		}
		rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: uint64(i)})
		if err != nil || rec.Aborted {
			t.Fatalf("%s vs %s: %v %+v", a, b, err, rec)
		}
		if _, err := game.Replay(games, rec); err != nil {
			t.Fatalf("%s vs %s: %v", a, b, err)
		}
	}
	for _, tt := range []struct{ bot, err string }{
		{"hard(depth=3)", `unknown key "depth"; allowed keys: time`},
		{"alphabeta(pruning=star3)", "want one of star2, star1, none"},
	} {
		if _, err := bots.New(tt.bot, g, bot.Env{}); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("bot %s: error %v, want %q", tt.bot, err, tt.err)
		}
	}
	// The exact player has no bound on s: on 1..60, where player 1 can win
	// at once, it finds the win among 54 numbers whose values need more
	// than 64 bits (3^(54+1) > 2^58).
	big, _ := games.Load("vdwlist(k=3,colors=3,list=2,s=60)", 1)
	perfect, err := bots.New("perfect", big, bot.Env{})
	if err != nil {
		t.Fatalf("perfect on s=60: %v", err)
	}
	// 1, 2 red, 4, 5 blue, 6, 9 green: 3 completes a progression in every colour.
	s := big.NewInitialState()
	for _, m := range []string{"1", "rb", "r", "2", "rb", "r", "4", "rb", "b", "5", "bg", "b", "6", "bg", "g", "9", "rg", "g"} {
		mv, err := s.ParseMove(m)
		if err == nil {
			err = s.Apply(mv)
		}
		if err != nil {
			t.Fatalf("move %s: %v", m, err)
		}
	}
	m, err := perfect.Act(context.Background(), s)
	if err != nil || s.MoveString(m) != "3" {
		t.Fatalf("perfect on s=60: %s, %v; want 3", s.MoveString(m), err)
	}
}

// TestSearchValuesAreExactAtTheEnd: a search deep enough to reach the end
// of every line returns the exact value (as a float).
func TestSearchValuesAreExactAtTheEnd(t *testing.T) {
	g := newGame(t, 3, 3, 2, 6)
	s := g.NewInitialState()
	want, _, _ := studyvdwlist.PlainValue(context.Background(), s.(*vdwlist.State))
	b := bot.NewStar(bot.StarOptions{Depth: 18})
	if _, err := b.Act(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	w, _ := want.Float64()
	if !b.Exact || abs(b.LastValue-(2*w-1)) > 1e-9 {
		t.Fatalf("exact %t value %v, want %v (2p−1 with p = %s)", b.Exact, b.LastValue, 2*w-1, want.RatString())
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestDuelValue: perfect against perfect is the game's value; a bot can only
// do worse than perfect in either seat.
func TestDuelValue(t *testing.T) {
	ctx := context.Background()
	g := newGame(t, 3, 3, 2, 8)
	st := g.NewInitialState().(*vdwlist.State)
	sv := studyvdwlist.NewSolver(g, 1<<20)
	exact, err := sv.Value(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	perfect := studyvdwlist.PerfectPolicy(sv)
	v, _, err := studyvdwlist.DuelValue(ctx, st, perfect, perfect)
	if err != nil || v.Cmp(exact) != 0 {
		t.Fatalf("perfect vs perfect %v (%v), value %s", v, err, exact.RatString())
	}
	for _, d := range []int{1, 3} {
		asP1, _, err := studyvdwlist.DuelValue(ctx, st, studyvdwlist.SearchPolicy(d), perfect)
		if err != nil {
			t.Fatal(err)
		}
		asP2, _, err := studyvdwlist.DuelValue(ctx, st, perfect, studyvdwlist.SearchPolicy(d))
		if err != nil {
			t.Fatal(err)
		}
		if asP1.Cmp(exact) > 0 || asP2.Cmp(exact) < 0 {
			t.Fatalf("depth %d: as P1 %s, as P2 concedes %s; value %s", d, asP1.RatString(), asP2.RatString(), exact.RatString())
		}
	}
}
