package bot_test

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"slices"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/sweep"
)

// finisher is a custom bot: it plays a move that wins at once where there
// is one, else a random move.
type finisher struct{ rng *rand.Rand }

// Act chooses finisher's move in s, where it is to move.
func (f *finisher) Act(ctx context.Context, s game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	moves := s.LegalMoves(nil)
	for _, m := range moves {
		after := s.Clone()
		if after.Apply(m) == nil && after.IsTerminal() && game.Winner(after) == int(s.Player()) {
			return m, nil
		}
	}
	return moves[f.rng.IntN(len(moves))], nil
}

// A bot of your own is a bot.Factory registered on the bot registry: its
// name is then a bot string, which matches, arenas and sweeps take like
// any built-in bot's. Its random choices come from the seed it is given
// (bot.Env.Seed, drawn from the match's seed), so an arena run again with
// the same seed plays the same games. Here it meets the strongest of the
// game's opponents: the last of Type.Opponents (they go weakest first).
func ExampleRegistry_Register() {
	kit, err := all.New()
	if err != nil {
		log.Fatal(err)
	}
	err = kit.Bots.Register(&bot.Factory{
		Name: "finisher",
		Doc:  "wins at once where it can, else plays at random",
		New: func(g game.Game, p game.Params, env bot.Env) (bot.Bot, error) {
			return &finisher{rng: bot.NewRand(env.Seed, 0)}, nil
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	const spec = "nim(piles=1;2;3)"
	g, err := kit.Games.Load(spec, 1)
	if err != nil {
		log.Fatal(err)
	}
	opponents := g.Type().Opponents
	strongest := opponents[len(opponents)-1].Bot

	arena := func() (sweep.ArenaResult, []string) {
		var moves []string // every game's moves (not their times), to compare two runs
		res, err := sweep.Arena(context.Background(), kit.Games, kit.Bots, spec, [2]string{"finisher", strongest},
			sweep.ArenaOptions{Games: 10, Seed: 42, Workers: 2, Record: func(i int, r *game.Record) {
				for _, m := range r.Moves {
					moves = append(moves, m.Move)
				}
				moves = append(moves, "|")
			}})
		if err != nil {
			log.Fatal(err)
		}
		return res, moves
	}
	res, first := arena()
	fmt.Printf("%s: %s %d wins, %s %d wins, %d draws in %d games\n", spec, res.Bots[0], res.Wins[0], res.Bots[1], res.Wins[1], res.Draws, res.Games)
	again, second := arena()
	fmt.Println("the same seed plays the same games:", again.Wins == res.Wins && slices.Equal(first, second))
	// Output:
	// nim(piles=1;2;3): finisher 1 wins, perfect 9 wins, 0 draws in 10 games
	// the same seed plays the same games: true
}
