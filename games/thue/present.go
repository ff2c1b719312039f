package thue

import "github.com/kombi/kombi/game"

// describe adds the words people read about the Thue game (see game.Type).
func describe(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Thue game", "thue", "Thue game"
	t.Rules = "The builder chooses where the next symbol goes, the painter which symbol; the game ends when a square appears (a block followed at once by itself, like 0101) or, in the overlap variant, an overlap (a block followed by itself sharing one symbol, like 01010): the builder wants it soon, the painter late."
	t.HowToMove = [2]string{"Choose a gap of the word: the next symbol goes there.", "Choose the symbol for the chosen gap."}
	t.Variants = []game.Variant{
		{Title: "Thue game", Game: "thue(alphabet=3)", Rules: "Three symbols: the builder chooses where the next one goes, the painter which; the word ends at its first square (a block twice in a row, like 0101). The painter scores a point for every symbol that makes no square."},
		{Title: "Thue game, overlaps", Game: "thue(alphabet=3,rule=overlap)", Rules: "Three symbols; the word ends at its first overlap (like 01010 or 000)."},
	}
	t.Opponents = []game.Opponent{
		{Title: "Random", Bot: "random", Doc: "plays any legal move at random"},
		{Title: "Greedy", Bot: "greedy", Doc: "looks at the next move only: as builder the gap where the fewest symbols fit, as painter the first symbol that does not end the game (the thesis' greedy strategy)"},
		{Title: "Nesting level 1", Bot: "nesting(level=1)", Doc: "counts, after each move it could make, how many symbols still fit in every gap, and picks the move whose count suits its side best (the thesis' recursive strategy at nesting level 1)", Default: true},
		{Title: "Nesting level 2", Bot: "nesting(level=2)", Doc: "counts as level 1 does, and also in every word one symbol longer: it looks further ahead, more slowly (the thesis' recursive strategy at nesting level 2)"},
		{Title: "Perfect", Bot: "perfect", Doc: "plays a best move, found by searching the whole game (up to 4 symbols with squares, 3 with overlaps)"},
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
