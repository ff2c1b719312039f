package nim2d

import (
	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Register adds 2D Nim to the game registry. Its computer players (the
// assignment's strategies and perfect play) switch to a winning move the
// solver proves, so they are registered by package study/nim2d.
func Register(games *game.Registry, _ *bot.Registry) error {
	return games.Register(NewType())
}
