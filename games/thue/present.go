package thue

import "github.com/kombi/kombi/game"

// describe adds the words people read about the Thue game (see game.Type).
func describe(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Thue game", "thue", "Thue game"
	t.Rules = "The builder chooses where the next symbol goes, the painter which symbol; the game ends when a square appears (a block followed at once by itself, like 0101) or, in the overlap variant, an overlap (a block followed by itself sharing one symbol, like 01010): the builder wants it soon, the painter late."
	t.HowToMove = [2]string{"Choose a gap of the word: the next symbol goes there.", "Choose the symbol for the chosen gap."}
	t.Variants = []game.Variant{
		{Title: "Thue game", Game: "thue(alphabet=3)", Rules: "Three symbols; the word ends at its first square. The painter scores a point for each symbol that made none."},
		{Title: "Thue game, overlaps", Game: "thue(alphabet=3,rule=overlap)", Rules: "Three symbols; the word ends at its first overlap (like 01010 or 000)."},
	}
	t.Opponents = []game.Opponent{
		{Title: "Random", Bot: "random", Doc: "plays any legal move at random"},
		{Title: "Greedy", Bot: "greedy", Doc: "the thesis' greedy strategy"},
		{Title: "Nesting level 1", Bot: "nesting(level=1)", Doc: "the thesis' recursive strategy, one level deep", Default: true},
		{Title: "Nesting level 2", Bot: "nesting(level=2)", Doc: "the thesis' recursive strategy, two levels deep"},
		{Title: "Perfect", Bot: "perfect", Doc: "the exact solver (up to 4 symbols with squares, 3 with overlaps)"},
	}
	t.Measure = measure()
	t.Solo, t.SoloDoc = true, "One person plays both roles over the chosen symbols and tries to make the word as long as possible; the longest word is kept as the high score."
	return t
}

// measure is what the Thue game's value means: the final length, which the
// painter wants long and the builder short.
func measure() *game.Measure {
	return &game.Measure{Kind: "length", Label: "length of the final word", Maximizer: 1}
}
