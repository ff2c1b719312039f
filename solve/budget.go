package solve

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
)

// ErrBudget is returned (wrapped) when a search used up its node budget.
var ErrBudget = errors.New("node budget used up")

// Budget bounds the work of a search: its context (deadline, Ctrl-C) and an
// optional number of nodes. It is safe for concurrent use, so parallel
// searches share one.
type Budget struct {
	ctx   context.Context
	max   int64
	nodes atomic.Int64
}

// NewBudget returns a budget ending with ctx or after maxNodes nodes
// (0: no node bound).
func NewBudget(ctx context.Context, maxNodes int64) *Budget {
	return &Budget{ctx: ctx, max: maxNodes}
}

// Step counts one node. It returns an error when the context is done
// (checked every 1024 nodes) or the node budget is used up.
func (b *Budget) Step() error {
	n := b.nodes.Add(1)
	if b.max > 0 && n > b.max {
		return fmt.Errorf("after %d nodes: %w", b.max, ErrBudget)
	}
	if n&1023 == 0 {
		return b.ctx.Err()
	}
	return nil
}

// Err reports the context's error, if any, at once.
func (b *Budget) Err() error { return b.ctx.Err() }

// Nodes returns the nodes counted so far.
func (b *Budget) Nodes() int64 { return b.nodes.Load() }

// Context returns the budget's context.
func (b *Budget) Context() context.Context { return b.ctx }

// Stopped reports whether err means the search was cut short (interrupted,
// out of time or out of budget) rather than failed.
func Stopped(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrBudget)
}
