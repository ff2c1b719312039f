package bot

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Perfect plays by exact search (package solve): a winning move when one
// exists, else a drawing one, else any. It suits small games; games with a
// theory of their own get a faster "perfect" from their study package.
type Perfect struct {
	sv *solve.Minimax
}

// NewPerfect returns an exact player with an empty memo table.
func NewPerfect() *Perfect { return &Perfect{sv: solve.NewMinimax(0)} }

// Act returns the first move that keeps the best outcome. A position with
// more than MaxSearchMoves legal moves is refused.
func (p *Perfect) Act(ctx context.Context, s game.State) (game.Move, error) {
	if _, err := rootMoves("perfect", s); err != nil {
		return 0, err
	}
	res, err := p.sv.Solve(ctx, s)
	if err != nil {
		return 0, fmt.Errorf("perfect: %w", err)
	}
	if len(res.Best) == 0 {
		return 0, fmt.Errorf("perfect: no legal move")
	}
	return res.Best[0], nil
}

var perfectFactory = &Factory{
	Name: "perfect",
	Doc:  "exact play by exhaustive memoised search",
	New: func(game.Game, game.Params, Env) (Bot, error) {
		return NewPerfect(), nil
	},
}
