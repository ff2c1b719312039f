package nim

import (
	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Register adds Nim and its variants (nimk, greedynim, buildingnim,
// grundy) to the game registry. The Nim family has no bots of its own
// beside the generic ones: its perfect players follow its theory and are
// registered by package study/nim.
func Register(games *game.Registry, _ *bot.Registry) error {
	for _, t := range []*game.Type{NewType(), NewKType(), NewGreedyType(), NewBuildingType(), NewGrundyType()} {
		if err := games.Register(t); err != nil {
			return err
		}
	}
	return nil
}
