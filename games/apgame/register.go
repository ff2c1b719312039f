package apgame

import (
	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Register adds the Szemerédi game and its bots (extendblock, strong) to
// the registries. Its perfect player searches exactly and is registered by
// package study/apgame.
func Register(games *game.Registry, bots *bot.Registry) error {
	if err := games.Register(NewType()); err != nil {
		return err
	}
	for _, f := range []*bot.Factory{
		{
			Name:  "extendblock",
			Doc:   "the 2022 student project's strategy: first move in the most progressions, then extend its best progression or block the opponent's longer one",
			Games: []string{"ap"},
			New: func(_ game.Game, _ game.Params, env bot.Env) (bot.Bot, error) {
				return NewExtendBlock(env.Seed), nil
			},
		},
		{
			Name: "strong",
			Doc:  "wins at once, blocks at once, sees double threats; alpha-beta with forced replies and threat quiescence under a node budget",
			Params: []game.ParamSpec{
				{Name: "work", Kind: game.Int, Default: "5000000", HasMin: true, Min: 1, HasMax: true, Max: 1 << 50, Doc: "search effort per move: positions plus progressions examined"},
				{Name: "time", Kind: game.Duration, Default: "5s", Doc: "time bound per move (a safety net: the work bound, not the clock, ends the search normally, so games replay exactly)"},
				{Name: "depth", Kind: game.Int, Default: "64", HasMin: true, Min: 1, HasMax: true, Max: 100, Doc: "full-width search depth in moves"},
				{Name: "model", Kind: game.Enum, Default: "extendblock", Choices: []string{"extendblock", "uniform", "none"}, Doc: "in a lost position, the opponent model that picks the move most likely to swindle: the project's greedy strategy, uniformly random replies, or none (the slowest loss)"},
				{Name: "swindle", Kind: game.Int, Default: "2", HasMin: true, Min: 1, HasMax: true, Max: 10, Doc: "our moves the opponent model looks ahead in lost positions"},
				{Name: "quiescence", Kind: game.Int, Default: "4", HasMin: true, Min: 0, HasMax: true, Max: 50, Doc: "threat moves searched beyond the horizon (0: none)"},
			},
			Games: []string{"ap"},
			New: func(_ game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
				q := p.Int("quiescence")
				if q == 0 {
					q = -1
				}
				return NewStrong(StrongOptions{Work: p.Int64("work"), Time: p.Duration("time"), Depth: p.Int("depth"), Quiescence: q, Model: p.String("model"), SwindlePlies: p.Int("swindle")}), nil
			},
		},
	} {
		if err := bots.Register(f); err != nil {
			return err
		}
	}
	return nil
}
