package nim

import (
	"fmt"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// MaxAnalyzeMoves bounds the moves the Nim family's analyses value at once
// (`kombi analyze`): every move of a single Nim heap of nim.MaxHeap tokens
// or a Grundy's game heap of nim.MaxGrundyHeap tokens fits.
const MaxAnalyzeMoves = 1 << 20

// analysisOf is an analysis of moves, every one decided: win reports
// whether the move wins for its mover, value the position's value after
// it (nil where the game has no value).
func analysisOf(s game.State, moves []game.Move, value func(i int, m game.Move) (win bool, v any)) *solve.Analysis {
	a := &solve.Analysis{Complete: true, Moves: make([]solve.MoveValue, len(moves)), Nodes: int64(len(moves))}
	for i, m := range moves {
		win, v := value(i, m)
		o := solve.Loss
		if win {
			o = solve.Win
		}
		a.Moves[i] = solve.MoveValue{Move: s.MoveString(m), M: m, Outcome: o, Value: v}
	}
	return a
}

// checkAnalyzable refuses positions with more than MaxAnalyzeMoves moves.
func checkAnalyzable(name string, count int64) error {
	if count > MaxAnalyzeMoves {
		return fmt.Errorf("%s analyze: the position has %d legal moves, more than the %d an analysis lists", name, count, MaxAnalyzeMoves)
	}
	return nil
}

// terminalResult is the result of a finished game: seat 0's outcome and
// the value (nil where the game has none).
func terminalResult(s game.State, value any, text string) *solve.Result {
	return &solve.Result{Outcome: solve.FromReturn(s.Returns()[0]), Value: value, Complete: true, Text: text}
}

// winLoss is Win when the player to move wins, else Loss.
func winLoss(win bool) solve.Outcome {
	if win {
		return solve.Win
	}
	return solve.Loss
}
