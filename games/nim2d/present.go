package nim2d

import "github.com/kombi/kombi/game"

// rules says 2D Nim's rules on the n×n palette, n as given ("N" for the
// type, a number for a game).
func rules(n string) string {
	return "Colour 1 to 3 empty cells of the " + n + "×" + n + " palette: a diagonal cell alone, or neighbouring off-diagonal cells of one row or column; whoever colours the last cell wins."
}

// describe adds the words people read about 2D Nim (see game.Type).
func describe(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "2D Nim", "nim2d", "2D Nim"
	t.Rules = rules("N")
	move := "Colour 1–3 empty cells: a diagonal cell alone, or neighbouring off-diagonal cells of one row or column."
	t.HowToMove = [2]string{move, move}
	t.Variants = []game.Variant{{Title: "2D Nim", Game: "nim2d(n=5)", Rules: t.Rules}}
	t.Opponents = []game.Opponent{
		{Title: "Random", Bot: "random(switch=false)", Doc: "the assignment's random strategy: a random empty cell, then a random run through it"},
		{Title: "First fit", Bot: "firstfit(switch=false)", Doc: "the assignment's firstfit: the first empty cell, then a random run through it"},
		{Title: "Copycat", Bot: "copycat(switch=false)", Doc: "the assignment's copycat: mirrors your move in the main diagonal"},
		{Title: "Perfect", Bot: "perfect", Doc: "perfect play by the Sprague–Grundy values of independent parts", Default: true},
	}
	return t
}
