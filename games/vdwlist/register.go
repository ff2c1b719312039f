package vdwlist

import (
	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Register adds the game and its bots to the registries.
func Register(games *game.Registry, bots *bot.Registry) error {
	if err := games.Register(NewType()); err != nil {
		return err
	}
	for _, f := range botFactories() {
		if err := bots.Register(f); err != nil {
			return err
		}
	}
	return nil
}
