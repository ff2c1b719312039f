package wythoff

import (
	"fmt"

	"github.com/kombi/kombi/game"
)

// howToMove is the words on how to move in Wythoff's game with a given a
// (the most by which the amounts taken from both heaps may differ, plus 1).
func howToMove(a uint64) [2]string {
	move := "Take tokens from one heap, or the same number from both heaps at once."
	if a > 1 {
		move = fmt.Sprintf("Take tokens from one heap, or from both heaps at once, amounts differing by less than %d.", a)
	}
	return [2]string{move, move}
}

// howToMoveQueen is howToMove in the queen's words (view=queen).
func howToMoveQueen(a uint64) [2]string {
	move := "Move the queen any number of squares west or south, or diagonally south-west (K,L moves it K squares west and L south)."
	if a > 1 {
		move = fmt.Sprintf("Move the queen any number of squares west or south, or both at once by distances differing by less than %d (K,L moves it K squares west and L south).", a)
	}
	return [2]string{move, move}
}

// describe adds the words people read about Wythoff's game (see game.Type).
func describe(t *game.Type) *game.Type {
	t.Title, t.Family, t.FamilyTitle = "Wythoff's game", "nim", "Nim family"
	t.Rules = "Take any number of tokens from one heap, or the same number from both heaps (with a > 1: numbers differing by less than a); whoever takes the last token wins."
	t.HowToMove = howToMove(1)
	t.Variants = []game.Variant{
		{Title: "Wythoff's game", Game: "wythoff(piles=5;8)", Rules: "Take from one heap, or the same number from both; the last token wins."},
		{Title: "Wythoff's queen", Game: "wythoff(piles=7;9,view=queen)", Rules: "Move the queen west, south or south-west any distance; whoever reaches the corner wins."},
	}
	t.Opponents = []game.Opponent{
		{Title: "Random", Bot: "random", Doc: "plays any legal move at random"},
		{Title: "Perfect", Bot: "perfect", Doc: "moves, whenever it can, to a position that loses for the player to move (a P-position)", Default: true},
	}
	return t
}
