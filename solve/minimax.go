package solve

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/game"
)

// Minimax solves two-player games without chance by memoised minimax, the
// plain exhaustive search that checks every game's own solver on small
// positions. It keeps its table between calls, so solving many positions of
// one game is cheap. Positions are memoised by their game.Hasher key.
type Minimax struct {
	tt *Table[uint64, Outcome]
}

// NewMinimax returns a solver whose table holds at most maxEntries
// positions (0: 1<<22).
func NewMinimax(maxEntries int) *Minimax {
	if maxEntries <= 0 {
		maxEntries = 1 << 22
	}
	return &Minimax{tt: NewTable[uint64, Outcome](HashUint64, TableOptions[Outcome]{MaxBytes: int64(maxEntries) * 24})}
}

// Solve returns the exact outcome of s for the player to move and all moves
// that achieve it. It stops with ctx.Err() when ctx is done.
func (mm *Minimax) Solve(ctx context.Context, s game.State) (Result, error) {
	return mm.SolveBudget(NewBudget(ctx, 0), s)
}

// SolveBudget is Solve within a budget.
func (mm *Minimax) SolveBudget(b *Budget, s game.State) (Result, error) {
	if s.IsTerminal() {
		return Result{}, fmt.Errorf("solve: the game is over")
	}
	if s.Player() == game.Chance {
		return Result{}, fmt.Errorf("solve: the position is a chance node; this solver handles games without chance")
	}
	if err := b.Err(); err != nil {
		return Result{}, err
	}
	before := b.Nodes()
	var best []game.Move
	res := Loss
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			return Result{}, fmt.Errorf("solve: legal move %s failed: %w", s.MoveString(m), err)
		}
		v, err := mm.value(b, c, s.Player())
		if err != nil {
			return Result{Nodes: b.Nodes() - before}, err
		}
		switch {
		case v > res:
			res, best = v, []game.Move{m}
		case v == res:
			best = append(best, m)
		}
	}
	return Result{Outcome: res, Best: best, Nodes: b.Nodes() - before}, nil
}

// value returns the outcome of s for player me.
func (mm *Minimax) value(b *Budget, s game.State, me game.Player) (Outcome, error) {
	if err := b.Step(); err != nil {
		return 0, err
	}
	if s.IsTerminal() {
		return FromReturn(s.Returns()[me]), nil
	}
	if s.Player() == game.Chance {
		return 0, fmt.Errorf("solve: reached a chance node; this solver handles games without chance")
	}
	h, hashed := s.(game.Hasher)
	var key uint64
	if hashed {
		key = h.Key()
		if v, ok := mm.tt.Get(key); ok {
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
		v, err := mm.value(b, c, mover)
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
	if hashed {
		mm.tt.Put(key, best)
	}
	if mover == me {
		return best, nil
	}
	return -best, nil
}
