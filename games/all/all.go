// Package all assembles the registries of every Kombi game and bot.
package all

import (
	"fmt"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/games/wythoff"
)

// Registries returns new registries holding every game and every bot.
func Registries() (*game.Registry, *bot.Registry, error) {
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots); err != nil {
		return nil, nil, fmt.Errorf("registries: %w", err)
	}
	for _, register := range []func(*game.Registry, *bot.Registry) error{
		nim.Register,
		wythoff.Register,
		nim2d.Register,
		vdwlist.Register,
		apgame.Register,
		thue.Register,
	} {
		if err := register(games, bots); err != nil {
			return nil, nil, fmt.Errorf("registries: %w", err)
		}
	}
	return games, bots, nil
}
