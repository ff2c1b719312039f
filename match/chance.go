package match

import "github.com/kombi/kombi/game"

// SampleChance draws the outcome of the chance node s: the game's own draw
// when it is a game.ChanceDrawer that has one, else an outcome of
// ChanceOutcomes chosen with rng by its probability.
func SampleChance(s game.State, rng interface{ Float64() float64 }) (game.Move, error) {
	return sampleChance(s, rng)
}
