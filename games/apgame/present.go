package apgame

import "github.com/kombi/kombi/game"

// rules says the Szemerédi game's rules on set with progressions of k
// numbers, as given ("the set" and "k" for the type), example one of them.
func rules(set, k, example string) string {
	return "Take numbers of " + set + " in turn; the first to own all " + k + " numbers of an arithmetic progression (like " + example + ") wins."
}

// describe adds the words people read about the Szemerédi game (see game.Type).
func describe(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Szemerédi game", "ap", "Szemerédi game"
	t.Rules = rules("the set", "k", exampleProgression(3))
	move := "Take one free number of the set."
	t.HowToMove = [2]string{move, move}
	t.Variants = []game.Variant{
		{Title: "Szemerédi game", Game: "ap(x=20,k=3)", Rules: "Twenty numbers; the first to own a 3-term arithmetic progression wins."},
		{Title: "Szemerédi game, k = 4", Game: "ap(x=30,k=4)", Rules: "Thirty numbers; the first to own a 4-term arithmetic progression wins."},
	}
	t.Opponents = []game.Opponent{
		{Title: "Random", Bot: "random", Doc: "plays any free number at random"},
		{Title: "Extend/block", Bot: "extendblock", Doc: "the 2022 student project's strategy: extend its best progression or block yours"},
		{Title: "Strong", Bot: "strong", Doc: "wins and blocks at once, sees double threats, searches ahead", Default: true},
		{Title: "Perfect", Bot: "perfect", Doc: "exact play: wins soonest, or holds out longest (sets of at most 40 numbers)"},
	}
	return t
}
