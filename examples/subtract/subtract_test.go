package subtract_test

import (
	"context"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/examples/subtract"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/match"
)

// TestConformance runs the suite every Kombi game passes (package
// game/gametest) on a few of the game's variants: the default, an empty
// heap (over before it begins), one token a move, a wider choice.
func TestConformance(t *testing.T) {
	var games game.Registry
	if err := subtract.Register(&games); err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"subtract", "subtract(heap=0)", "subtract(heap=5,take=1)", "subtract(heap=200,take=40)"} {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, &games, spec, gametest.Options{})
		})
	}
}

// TestOpponents plays each opponent the type offers against random once,
// from a position P1 wins: every bot string builds for the game, and the
// strongest, perfect, wins as P1.
func TestOpponents(t *testing.T) {
	var games game.Registry
	if err := subtract.Register(&games); err != nil {
		t.Fatal(err)
	}
	var bots bot.Registry
	if err := bot.RegisterGeneric(&bots, nil); err != nil {
		t.Fatal(err)
	}
	g, err := games.Load("subtract(heap=31,take=4)", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range g.Type().Opponents {
		seats, err := match.NewSeats(&bots, g, [2]string{o.Bot, "random"}, 1, bot.Env{})
		if err != nil {
			t.Fatalf("%s: %v", o.Bot, err)
		}
		rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: 1})
		if err != nil || rec.Winner == nil {
			t.Fatalf("%s against random: %v, winner %v", o.Bot, err, rec)
		}
		if o.Bot == "perfect" && *rec.Winner != 0 {
			t.Errorf("perfect as P1 lost %s, a first player's win (31 is not a multiple of take+1 = 5)", g)
		}
	}
}
