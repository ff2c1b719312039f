// Package solve holds exact solvers that work for any game of package game:
// memoised minimax for win/loss/draw outcomes, and the table helpers they share.
package solve

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/game"
)

// Outcome is the exact result for the player to move under optimal play.
type Outcome int8

const (
	// Loss means every move loses against best play.
	Loss Outcome = -1
	// Draw means neither side can force a win.
	Draw Outcome = 0
	// Win means some move wins against any defence.
	Win Outcome = 1
)

// String returns "win", "loss" or "draw".
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Loss:
		return "loss"
	default:
		return "draw"
	}
}

// Result is the solution of a position: its outcome for the player to move
// and every move that achieves it.
type Result struct {
	Outcome Outcome
	// Best lists every move that keeps the outcome, in LegalMoves order.
	Best []game.Move
	// Nodes counts the positions searched.
	Nodes int64
}

// Options bound a solver.
type Options struct {
	// MaxEntries bounds the memo table (0: 1<<22 entries).
	MaxEntries int
}

// Solver solves two-player games without chance by memoised minimax. It
// keeps its table between calls, so solving many positions of one game is
// cheap. A Solver is not safe for concurrent use.
type Solver struct {
	memo  map[uint64]Outcome
	limit int
	nodes int64
	ctx   context.Context
}

// NewSolver returns a solver with an empty table.
func NewSolver(opt Options) *Solver {
	limit := opt.MaxEntries
	if limit <= 0 {
		limit = 1 << 22
	}
	return &Solver{memo: map[uint64]Outcome{}, limit: limit}
}

// Solve returns the exact outcome of s for the player to move and all moves
// that achieve it. Positions are memoised by their Hasher key when s has
// one. It stops with ctx.Err() when ctx is done.
func (sv *Solver) Solve(ctx context.Context, s game.State) (Result, error) {
	if s.IsTerminal() {
		return Result{}, fmt.Errorf("solve: the game is over")
	}
	if s.Player() == game.Chance {
		return Result{}, fmt.Errorf("solve: the position is a chance node; this solver handles games without chance")
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	sv.ctx, sv.nodes = ctx, 0
	var best []game.Move
	res := Loss
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			return Result{}, fmt.Errorf("solve: legal move %s failed: %w", s.MoveString(m), err)
		}
		v, err := sv.value(c, s.Player())
		if err != nil {
			return Result{}, err
		}
		switch {
		case v > res:
			res, best = v, []game.Move{m}
		case v == res:
			best = append(best, m)
		}
	}
	return Result{Outcome: res, Best: best, Nodes: sv.nodes}, nil
}

// value returns the outcome of s for player me.
func (sv *Solver) value(s game.State, me game.Player) (Outcome, error) {
	sv.nodes++
	if sv.nodes&0xfff == 0 {
		if err := sv.ctx.Err(); err != nil {
			return 0, err
		}
	}
	if s.IsTerminal() {
		r := s.Returns()[me]
		switch {
		case r > 0:
			return Win, nil
		case r < 0:
			return Loss, nil
		}
		return Draw, nil
	}
	if s.Player() == game.Chance {
		return 0, fmt.Errorf("solve: reached a chance node; this solver handles games without chance")
	}
	h, hashed := s.(game.Hasher)
	var key uint64
	if hashed {
		key = h.Key()
		if v, ok := sv.memo[key]; ok {
			if s.Player() == me {
				return v, nil
			}
			return -v, nil
		}
	}
	mover := s.Player()
	best := Loss // for the mover
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			return 0, fmt.Errorf("solve: legal move %s failed: %w", s.MoveString(m), err)
		}
		v, err := sv.value(c, mover)
		if err != nil {
			return 0, err
		}
		if v > best {
			best = v
			if best == Win {
				break
			}
		}
	}
	if hashed && len(sv.memo) < sv.limit {
		sv.memo[key] = best
	}
	if mover == me {
		return best, nil
	}
	return -best, nil
}
