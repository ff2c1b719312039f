package solve

import (
	"context"
	"time"
)

// The one time manager of Kombi's searches: a decision's hard limit comes
// from its caller's context (the match's think-time limit, an analysis'
// time, Ctrl-C); a search answers a little before it (Deadline), within
// its own limit where it has one (a bot's time=), and a series of searches
// gives each an equal share of what is left (Share).

// Deadline returns the context one search runs under: it ends a little
// before ctx's deadline (at 90% of the time left, at least 20 ms earlier)
// so that the search can still answer in time, or after limit (> 0) when
// that comes first.
func Deadline(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	now := time.Now()
	var end time.Time
	if dl, ok := ctx.Deadline(); ok {
		left := dl.Sub(now)
		margin := max(left/10, 20*time.Millisecond)
		end = dl.Add(-margin)
	}
	if limit > 0 && (end.IsZero() || now.Add(limit).Before(end)) {
		end = now.Add(limit)
	}
	if end.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, end)
}

// Share returns the context of one of n searches still to run under ctx:
// an equal share of the time left before ctx's deadline (without one, ctx
// itself).
func Share(ctx context.Context, n int) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok || n <= 1 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, time.Until(dl)/time.Duration(n))
}
