package nim

import "github.com/kombi/kombi/game"

// The words people read about the Nim family (titles, rules, variants,
// opponents by name): see game.Type.

const (
	family      = "nim"
	familyTitle = "Nim family"
)

// heapOpponents are the opponents of every game of heaps.
func heapOpponents(perfectDoc string) []game.Opponent {
	return []game.Opponent{
		{Title: "Random", Bot: "random", Doc: "plays any legal move at random"},
		{Title: "Look-ahead", Bot: "alphabeta(depth=4,time=1s)", Doc: "searches four moves ahead"},
		{Title: "Perfect", Bot: "perfect", Doc: perfectDoc, Default: true},
	}
}

// nimRules is Nim's rules in normal play (Index-k Nim's with k = 1).
const nimRules = "Take any number of tokens from one heap; whoever takes the last token wins."

// kRules is Index-k Nim's rules with k written as given ("k" for the
// type, a number for a game).
func kRules(k string) string {
	return "Moore's Nim: take tokens from at least one and at most " + k + " heaps at once; whoever takes the last token wins."
}

// nimHowToMove is Nim's words on how to move (Index-k Nim's with k = 1).
const nimHowToMove = "Take one or more tokens from one heap."

// both is the same words for both roles.
func both(words string) [2]string { return [2]string{words, words} }

func describeNim(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Nim", family, familyTitle
	t.Rules = "Take any number of tokens from one heap; whoever takes the last token wins (in misère play, loses)."
	t.HowToMove = both(nimHowToMove)
	t.Variants = []game.Variant{
		{Title: "Nim", Game: "nim(piles=3;4;5)", Rules: nimRules},
		{Title: "Misère Nim", Game: "nim(piles=3;4;5,misere=true)", Rules: "Nim where whoever takes the last token loses."},
	}
	t.Opponents = heapOpponents("Bouton's strategy: leaves heaps whose binary XOR is zero (in misère play, once only one-token heaps would be left: an odd number of them)")
	return t
}

func describeNimK(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Index-k Nim", family, familyTitle
	t.Rules = kRules("k")
	t.HowToMove = kHowToMove("k")
	t.Variants = []game.Variant{{Title: "Index-k Nim", Game: "nimk(piles=3;4;5;6,k=2)", Rules: t.Rules}}
	t.Opponents = heapOpponents("Moore's strategy: every binary digit sum a multiple of k+1")
	return t
}

// kHowToMove is Index-k Nim's words on how to move, with k written as
// given ("k" for the type, a number for a game).
func kHowToMove(k string) [2]string {
	return both("Take tokens from one heap, or from up to " + k + " heaps at once.")
}

func describeGreedy(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Greedy Nim", family, familyTitle
	t.Rules = "Take any number of tokens, but only from a largest heap; whoever takes the last token wins."
	t.HowToMove = [2]string{"Take one or more tokens from a largest heap.", "Take one or more tokens from a largest heap."}
	t.Variants = []game.Variant{{Title: "Greedy Nim", Game: "greedynim(piles=3;4;5)", Rules: t.Rules}}
	t.Opponents = heapOpponents("leaves an even number of largest heaps")
	return t
}

func describeGrundy(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Grundy's game", family, familyTitle
	t.Rules = "Split one heap into two heaps of different sizes; whoever cannot move loses."
	t.HowToMove = [2]string{"Split a heap into two unequal, non-empty heaps.", "Split a heap into two unequal, non-empty heaps."}
	t.Variants = []game.Variant{{Title: "Grundy's game", Game: "grundy(heap=15)", Rules: t.Rules}}
	t.Opponents = heapOpponents("Sprague–Grundy values: always moves to a position of value 0 when it can")
	return t
}

// buildingHowToMove is Building Nim's words on how to move under a
// placement rule.
func buildingHowToMove(pl Placement) [2]string {
	heap := "a heap (an empty one while there is one)"
	if pl == Free {
		heap = "any heap"
	}
	return both("Building: put one token on " + heap + ". Then: take tokens from one heap.")
}

func describeBuilding(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Building Nim", family, familyTitle
	t.Rules = "First the players place tokens on heaps one at a time; then they play Nim on the heaps they built."
	t.HowToMove = buildingHowToMove(EmptyFirst)
	t.Variants = []game.Variant{{Title: "Building Nim", Game: "buildingnim(heaps=3,tokens=10)", Rules: t.Rules}}
	t.Opponents = heapOpponents("exact search of the building phase, then Bouton's strategy")
	return t
}
