package vdwlist

import "github.com/kombi/kombi/game"

// describe adds the words people read about the list-colouring game (see game.Type).
func describe(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "List-colouring van der Waerden game", "vdwlist", "List-colouring van der Waerden game"
	t.Rules = "The namer names a number of 1..s, a random list of colours is drawn, and the colourer colours the number from that list; the namer wins when k numbers in arithmetic progression get one colour."
	t.HowToMove = [2]string{"Name an uncoloured number.", "Colour the named number with a colour of the drawn list."}
	t.Measure = measure()
	t.Variants = []game.Variant{{Title: "List-colouring van der Waerden game", Game: "vdwlist(k=3,colors=3,list=2,s=12)", Rules: t.Rules}}
	t.Opponents = []game.Opponent{
		{Title: "Random", Bot: "random", Doc: "plays any legal move at random"},
		{Title: "Easy", Bot: "easy", Doc: "looks one round ahead"},
		{Title: "Normal", Bot: "normal", Doc: "looks two rounds ahead", Default: true},
		{Title: "Hard", Bot: "hard", Doc: "looks three rounds ahead (up to 10 s a move)"},
		{Title: "Perfect", Bot: "perfect", Doc: "exact play with the solver (small games)"},
	}
	return t
}

// measure is what the list-colouring game's value means: P1's winning
// probability under best play, which P1 wants high and P2 low.
func measure() *game.Measure {
	return &game.Measure{Kind: "p1_win", Label: "P1's winning probability", Maximizer: 0}
}
