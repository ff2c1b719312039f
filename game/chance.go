package game

// ChanceDrawer is a Chancer that draws its own chance outcomes, for example
// from a seed parameter of its game string, so that the same game string
// gives the same draws whatever seed the match runner has. When DrawChance
// returns ok, a runner plays its outcome instead of sampling ChanceOutcomes
// with its own generator; the outcome must be one of ChanceOutcomes. Records
// store the drawn outcomes as moves of player Chance either way, so replays
// never call DrawChance.
type ChanceDrawer interface {
	Chancer
	DrawChance() (m Move, ok bool)
}
