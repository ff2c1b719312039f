package subtract_test

import (
	"context"
	"fmt"
	"log"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/examples/subtract"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/solve"
)

// A new game is registered beside the game-independent bots (random,
// alphabeta, perfect: they need nothing but game.State), then loaded from
// a game string, solved by the generic solver (an impartial game: its
// Grundy value, heap mod take+1) and played against the strongest of its
// opponents (the last of Type.Opponents). To add it to every built-in
// game, register it on all.New()'s kit.Games instead.
func Example() {
	var games game.Registry
	if err := subtract.Register(&games); err != nil {
		log.Fatal(err)
	}
	var bots bot.Registry
	if err := bot.RegisterGeneric(&bots, nil); err != nil {
		log.Fatal(err)
	}
	g, err := games.Load("subtract(heap=10)", 1)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	r, err := solve.SolveWith(ctx, solve.Generic{}, g, g.NewInitialState(), solve.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(g, "-", r.Outcome, "for P1, Grundy value", r.Value, "best", r.BestMoves)

	opponents := g.Type().Opponents
	strongest := opponents[len(opponents)-1].Bot
	const seed = 7
	seats, err := match.NewSeats(&bots, g, [2]string{"random", strongest}, seed, bot.Env{})
	if err != nil {
		log.Fatal(err)
	}
	rec, err := match.Play(ctx, g, seats, match.Options{Seed: seed})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print("random (P1) against ", strongest, " (P2) takes")
	for _, m := range rec.Moves {
		fmt.Print(" ", m.Move)
	}
	fmt.Println(": the winner is", rec.Players[*rec.Winner])
	end, err := game.Replay(&games, rec) // the record replays to the same end
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(end)
	_, err = games.Load("subtract(heap=-1)", 1)
	fmt.Println(err)
	// Output:
	// subtract(heap=10,take=3) - win for P1, Grundy value 2 best [2]
	// random (P1) against perfect (P2) takes 1 1 3 1 2 2: the winner is perfect
	// heap 0: P2 took the last token
	// subtract: bad value "-1" for heap: want a whole number from 0 to 10000
}
