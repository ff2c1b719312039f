package wythoff

import (
	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/wythoff"
	"github.com/kombi/kombi/study"
)

// Register adds the Wythoff game's solver to studies and its perfect
// player to bots.
func Register(studies *study.Registry, bots *bot.Registry) error {
	if err := studies.Solvers.Register("wythoff", solver{}); err != nil {
		return err
	}
	return bots.Register(&bot.Factory{
		Name:  "perfect",
		Doc:   "a move to a P-position (A_n, B_n) whenever one exists (thesis' Code 4, exact)",
		Games: []string{"wythoff"},
		New: func(g game.Game, _ game.Params, _ bot.Env) (bot.Bot, error) {
			if wg, ok := g.(*wythoff.Game); ok {
				if err := wg.Playable(); err != nil {
					return nil, err
				}
			}
			return Perfect{}, nil
		},
	})
}
