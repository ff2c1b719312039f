package apgame

import (
	"context"
	"errors"
	"fmt"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/solve"
)

// DefaultPerfectNodes is the perfect player's default bound on the
// positions searched per move.
const DefaultPerfectNodes = 50_000_000

// Perfect plays exactly with the exact solver (see Exact): in a won
// position the smallest number that wins soonest against any defence, in a
// drawn one the smallest that keeps the draw, in a lost one the smallest
// that holds out longest against the soonest win (see racer: a fallible
// opponent gets the most moves to go wrong). Its solver's table lasts
// through the game. It refuses games with more than MaxExactNumbers numbers in play,
// and a move whose search needs more than its node bound is an error: the
// exact search grows exponentially with the numbers in play.
type Perfect struct {
	x     *Exact
	nodes int64
	mem   int64
}

// NewPerfect returns an exact player of g that searches at most nodes
// positions per move (0: DefaultPerfectNodes) with a table of at most
// memBytes (0: solve.DefaultTableBytes). It refuses games with more than
// MaxExactNumbers numbers in play at the start.
func NewPerfect(g *apgame.Game, nodes, memBytes int64) (*Perfect, error) {
	if n := g.NewInitialState().(*apgame.State).InPlay(); n > MaxExactNumbers {
		return nil, fmt.Errorf("the set has %d numbers in play (in a progression of %d), and the perfect player's exact search takes on at most %d (strong plays larger sets)", n, g.K(), MaxExactNumbers)
	}
	if nodes <= 0 {
		nodes = DefaultPerfectNodes
	}
	return &Perfect{nodes: nodes, mem: memBytes}, nil
}

// Release drops the search's table (bot.Releaser); the next move builds a
// new one.
func (p *Perfect) Release() { p.x = nil }

// Act returns the first move of the best outcome.
func (p *Perfect) Act(ctx context.Context, gs game.State) (game.Move, error) {
	s, ok := gs.(*apgame.State)
	if !ok {
		return 0, fmt.Errorf("perfect: not a Szemerédi game state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("perfect: the game is over")
	}
	if p.x == nil {
		p.x = NewExact(p.mem)
	}
	b := solve.NewBudget(ctx, p.nodes)
	i, v, err := p.x.firstBest(b, s)
	if err == nil && (v == solve.Win || v == solve.Loss) {
		// The race, within what is left of the move's bound; cut short, the
		// first best move stands.
		if j, rerr := race(solve.NewBudget(ctx, max(1, p.nodes-b.Nodes())), s, v, p.mem); rerr == nil {
			i = j
		}
	}
	if errors.Is(err, solve.ErrBudget) {
		return 0, fmt.Errorf("perfect: this move is not decided after %d positions (the bound nodes=%d); the exact search suits small sets, strong plays larger ones", p.nodes, p.nodes)
	}
	if err != nil {
		return 0, fmt.Errorf("perfect: %w", err)
	}
	return game.Move(s.Game().Number(i)), nil
}

// race returns the index of the smallest number in play that wins soonest
// (outcome Win for the player to move) or holds out longest (Loss).
func race(b *solve.Budget, s *apgame.State, outcome solve.Outcome, maxBytes int64) (int, error) {
	r := newRacer(s, b, maxBytes)
	limit := raceLimit(s)
	if outcome == solve.Loss {
		i, _, err := r.longest(limit)
		return i, err
	}
	d, err := r.distance(limit)
	if err != nil {
		return 0, err
	}
	if d == 0 {
		return 0, fmt.Errorf("no win within %d moves", limit)
	}
	return r.fastest(d)
}

// firstBest returns the smallest index in play of the best outcome for the
// player to move, and that outcome, stopping at the first win. Numbers
// outside the open progressions are never better (see Exact), so only
// those in play are searched.
func (x *Exact) firstBest(b *solve.Budget, s *apgame.State) (int, solve.Outcome, error) {
	moves := s.AppendInPlay(nil)
	x.begin(b, s, len(moves))
	defer func() { x.nodes = b.Nodes() }()
	best, bestV := -1, solve.Loss-1
	for _, i := range moves {
		x.apply(int(i))
		v, err := x.value(1)
		x.undo(int(i))
		if err != nil {
			return -1, 0, err
		}
		x.done++
		if v = v.Neg(); v > bestV {
			best, bestV = int(i), v
			if v == solve.Win {
				break
			}
		}
	}
	return best, bestV, nil
}
