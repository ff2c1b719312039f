package nim

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// Register adds the solvers of Nim and its variants (nim, nimk,
// greedynim, buildingnim, grundy) and the frontier rows of Grundy's game
// to studies, and their perfect players to bots.
func Register(studies *study.Registry, bots *bot.Registry) error {
	values := &GrundyCache{} // shared by Grundy's game's solver and players
	for name, sv := range map[string]solve.Solver{
		"nim": boutonSolver{}, "nimk": mooreSolver{}, "greedynim": greedySolver{},
		"buildingnim": buildingSolver{}, "grundy": grundySolver{vals: values},
	} {
		if err := studies.Solvers.Register(name, sv); err != nil {
			return err
		}
	}
	studies.AddFrontier(FrontierRows)
	studies.AddCommand(study.Command{Group: "table", Name: "buildingnim", Format: "text",
		Short: "Who wins Building Nim with n heaps and p tokens, by exact search",
		New: func() (study.Options, study.Run) {
			var o BuildingTableOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	for _, f := range []*bot.Factory{
		{Name: "perfect", Doc: "Bouton's strategy (XOR rule, misère endgame)", Games: []string{"nim"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return Perfect{}, nil }},
		{Name: "perfect", Doc: "Moore's strategy: every binary digit sum a multiple of k+1", Games: []string{"nimk"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return KPerfect{}, nil }},
		{Name: "perfect", Doc: "leave an even number of largest heaps", Games: []string{"greedynim"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return GreedyPerfect{}, nil }},
		{Name: "perfect", Doc: "exact search of the building phase, then Bouton's strategy", Games: []string{"buildingnim"},
			New: func(g game.Game, _ game.Params, _ bot.Env) (bot.Bot, error) {
				bg, ok := g.(*nim.BuildingGame)
				if !ok {
					return nil, fmt.Errorf("not Building Nim")
				}
				return NewBuildingPerfect(bg.Placement()), nil
			}},
		{Name: "perfect", Doc: "Sprague–Grundy values (sparse-space method): a move to value 0", Games: []string{"grundy"},
			New: func(g game.Game, _ game.Params, _ bot.Env) (bot.Bot, error) {
				if _, ok := g.(*nim.GrundyGame); !ok {
					return nil, fmt.Errorf("not Grundy's game")
				}
				return NewGrundyPerfect(values), nil
			}},
	} {
		if err := bots.Register(f); err != nil {
			return err
		}
	}
	return nil
}
