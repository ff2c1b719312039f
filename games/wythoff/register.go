package wythoff

import (
	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Register adds the Wythoff game to the game registry. Its perfect player
// follows the P-positions and is registered by package study/wythoff.
func Register(games *game.Registry, _ *bot.Registry) error {
	return games.Register(NewType())
}
