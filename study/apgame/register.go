package apgame

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// Register adds the Szemerédi game's exact solver to studies and its
// perfect player to bots.
func Register(studies *study.Registry, bots *bot.Registry) error {
	if err := studies.Solvers.Register("ap", solver{}); err != nil {
		return err
	}
	studies.AddCommand(study.Command{Group: "bench", Name: "ap", Format: "text",
		Short: "Szemerédi game: time the set draw, the progressions (against a plain search), a move (against a recount)",
		New: func() (study.Options, study.Run) {
			var o BenchOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	return bots.Register(&bot.Factory{
		Name:  "perfect",
		Doc:   fmt.Sprintf("exact play: the number that wins soonest when one wins, else a drawing one, else the one that holds out longest; for sets with at most %d numbers in play", MaxExactNumbers),
		Games: []string{"ap"},
		Params: []game.ParamSpec{
			{Name: "nodes", Kind: game.Int, Default: "50000000", HasMin: true, Min: 1000, HasMax: true, Max: 1 << 40, Doc: "positions searched per move at most; a move needing more is an error"},
			{Name: "mem", Kind: game.Int, MemUnit: 1, Default: "268435456", HasMin: true, Min: 1 << 16, HasMax: true, Max: 1 << 36, Doc: "memory bound of the solver's table in bytes (it grows to it as needed)"},
		},
		New: func(g game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
			ag, ok := g.(*apgame.Game)
			if !ok {
				return nil, fmt.Errorf("not a Szemerédi game")
			}
			return NewPerfect(ag, p.Int64("nodes"), p.Int64("mem"))
		},
	})
}
