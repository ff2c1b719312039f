// Package nim2d is the study of two-dimensional Nim on an N×N palette
// (the rules are in package games/nim2d).
//
// The game is impartial, and a position is a sum of independent parts: each
// empty diagonal cell is a single-token heap, and the empty off-diagonal
// cells split into connected components (cells joined through a common
// row or column run) whose game depends only on their shape. The package
// computes Grundy values of shapes with a memory-bounded cache of canonical
// forms (Engine), solves positions (Analyse), plays the assignment's three
// strategies and perfect play (bots.go), proves the outcome of the empty
// board for every N, and classifies the endgames with few empty cells.
//
// For the large palettes it computes, once, the shape table of a palette
// side (BuildShapeTable, `kombi table nim2d-shapes`): the Grundy value of
// every component that can arise in the palette's triangles, in parallel,
// saved as it goes to a file that a later run continues. The solver and the
// players that Register adds read the finished table of the data
// directory (ShapeLibrary, ShapeBook), so that perfect play and solves need
// no search.
package nim2d

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// Register adds 2D Nim's solver and frontier rows to studies and its
// computer players (the assignment's strategies and perfect play) to bots.
// They share one ShapeLibrary: the finished shape tables of the data
// directory, each file opened once, when first needed.
func Register(studies *study.Registry, bots *bot.Registry) error {
	lib := NewShapeLibrary("")
	if err := studies.Solvers.Register("nim2d", solver{lib: lib}); err != nil {
		return err
	}
	studies.AddFrontier(FrontierRows)
	studies.AddCommand(study.Command{Group: "report", Name: "nim2d-endgames", Format: "markdown",
		Short: "2D Nim: every class of positions with at most 5 empty cells (outcome, reason, example), and the empty N×N palettes proven",
		New: func() (study.Options, study.Run) {
			var o EndgameOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	studies.AddCommand(study.Command{Group: "bench", Name: "nim2d", Format: "text",
		Short: "2D Nim: the decomposition engine against plain whole-palette search, the triangles, and the bots' coverage",
		New: func() (study.Options, study.Run) {
			var o BenchOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	studies.AddCommand(study.Command{Group: "table", Name: "nim2d-shapes", Format: "text",
		Short: "2D Nim: the Grundy value of every component shape of the N×N palette's triangles, saved for perfect play (parallel; Ctrl-C saves, a new run continues)",
		New: func() (study.Options, study.Run) {
			var o ShapeTableOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	common := []game.ParamSpec{
		{Name: "budget", Kind: game.Int, Default: fmt.Sprint(DefaultBudget), HasMin: true, Min: 0,
			Doc: "work budget of the exact analysis per decision (0: none); deterministic"},
		{Name: "mem", Kind: game.Int, MemUnit: 1 << 20, Default: "64", HasMin: true, Min: 1, HasMax: true, Max: 1 << 16,
			Doc: "memory bound of the Grundy cache in MiB"},
		{Name: "time", Kind: game.Duration, Doc: "also stop the exact analysis after this long (makes play machine-dependent)"},
	}
	switchParam := game.ParamSpec{Name: "switch", Kind: game.Bool, Default: "true",
		Doc: "play a winning move whenever the exact analysis proves one within the budget"}
	docs := map[Strategy]string{
		StrategyRandom:   "the assignment's random strategy: a random empty cell, then a random row or column run through it",
		StrategyFirstFit: "the assignment's firstfit: the first empty cell, then a random row or column run through it",
		StrategyCopycat:  "the assignment's copycat: the mirror image of the opponent's move in the main diagonal, with its fallbacks",
		StrategyPerfect:  "perfect play by Sprague–Grundy values of independent components (a sound fallback beyond its budget)",
	}
	for _, st := range []Strategy{StrategyRandom, StrategyFirstFit, StrategyCopycat, StrategyPerfect} {
		params := common
		if st != StrategyPerfect {
			params = append([]game.ParamSpec{switchParam}, common...)
		}
		err := bots.Register(&bot.Factory{
			Name: st.String(), Doc: docs[st], Params: params, Games: []string{"nim2d"},
			New: func(g game.Game, prm game.Params, env bot.Env) (bot.Bot, error) {
				pl := NewPlayer(st, env.Seed, prm.Int64("mem")<<20, env.Output)
				if ng, ok := g.(*nim2d.Game); ok {
					pl.book = func(ctx context.Context) (*ShapeBook, error) {
						b, _, err := lib.BookOrBuild(ctx, ng.N())
						return b, err
					}
				}
				pl.Switch = st != StrategyPerfect && prm.Bool("switch")
				pl.Budget = prm.Int64("budget")
				pl.Time = prm.Duration("time")
				return pl, nil
			},
		})
		if err != nil {
			return err
		}
	}
	return nil
}
