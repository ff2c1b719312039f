package distribute

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kombi/kombi/solve"
)

// Local is a Backend that answers questions with goroutines of this
// process, each with a LeafSolver of the game: the job queue without the
// database, for tests and for trying a split on one machine. A question
// whose leaf solver runs out of its node budget (LeafOptions.Nodes) is
// answered TooLong, as a job that runs out of time is.
type Local struct {
	g    Game
	opt  LeafOptions
	work chan Question

	mu        sync.Mutex
	answers   map[string]Answer
	waiting   map[Question]bool
	withdrawn map[Question]bool
	solved    int
	running   int // questions being solved now
	err       error

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewLocal starts workers goroutines (at least one) answering questions
// about g's positions. Close stops them.
func NewLocal(g Game, workers int, opt LeafOptions) *Local {
	ctx, cancel := context.WithCancel(context.Background())
	l := &Local{g: g, opt: opt, work: make(chan Question, 1<<16), answers: map[string]Answer{},
		waiting: map[Question]bool{}, withdrawn: map[Question]bool{}, cancel: cancel}
	for range max(workers, 1) {
		l.wg.Add(1)
		go l.run(ctx)
	}
	return l
}

func (l *Local) run(ctx context.Context) {
	defer l.wg.Done()
	ls := l.g.NewLeafSolver(l.opt)
	for {
		var q Question
		select {
		case <-ctx.Done():
			return
		case q = <-l.work:
		}
		l.mu.Lock()
		skip := l.withdrawn[q]
		if a, ok := l.answers[q.Position]; ok {
			if _, known := a.Bounds.AtMost(q.T); known {
				skip = true
			}
		}
		if !skip {
			l.running++
		}
		l.mu.Unlock()
		if skip {
			l.done(q, nil)
			continue
		}
		start := time.Now()
		b, nodes, err := ls.SolveLeaf(ctx, q.Position, q.T)
		a := Answer{Bounds: b, Nodes: nodes, Seconds: time.Since(start).Seconds()}
		switch {
		case err == nil:
		case errors.Is(err, solve.ErrBudget):
			a.TooLong = q.T
			err = nil
		case ctx.Err() != nil:
			l.mu.Lock()
			l.running--
			l.mu.Unlock()
			return
		default:
			err = fmt.Errorf("subproblem %s, T %d: %w", q.Position, q.T, err)
		}
		l.store(q.Position, a)
		l.mu.Lock()
		l.running--
		l.mu.Unlock()
		l.done(q, err)
	}
}

func (l *Local) store(position string, a Answer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if old, ok := l.answers[position]; ok {
		a.Bounds = a.Bounds.Meet(old.Bounds)
		if old.TooLong > 0 && (a.TooLong == 0 || old.TooLong < a.TooLong) {
			a.TooLong = old.TooLong
		}
		a.Nodes += old.Nodes
		a.Seconds += old.Seconds
	}
	l.answers[position] = a
	l.solved++
}

func (l *Local) done(q Question, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.waiting, q)
	if err != nil && l.err == nil {
		l.err = err
	}
}

// Ask queues the questions not waiting and not answered.
func (l *Local) Ask(_ context.Context, _ string, qs []Question) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return 0, l.err
	}
	added := 0
	for _, q := range qs {
		if a, ok := l.answers[q.Position]; ok {
			if _, known := a.Bounds.AtMost(q.T); known || a.TooLong > 0 && a.TooLong <= q.T {
				continue
			}
		}
		delete(l.withdrawn, q)
		if l.waiting[q] {
			continue
		}
		select {
		case l.work <- q:
			l.waiting[q] = true
			added++
		default:
			return added, fmt.Errorf("local backend: more than %d questions waiting", cap(l.work))
		}
	}
	return added, nil
}

// Answers returns the answers about the positions.
func (l *Local) Answers(_ context.Context, _ string, positions []string) (map[string]Answer, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return nil, l.err
	}
	out := map[string]Answer{}
	for _, p := range positions {
		if a, ok := l.answers[p]; ok {
			out[p] = a
		}
	}
	return out, nil
}

// Withdraw marks the questions so that a worker skips them.
func (l *Local) Withdraw(_ context.Context, _ string, qs []Question) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, q := range qs {
		if l.waiting[q] {
			l.withdrawn[q] = true
		}
	}
	return nil
}

// Unsettled returns how many questions are being solved now: once the
// coordinator has its answer, those it withdrew (Settler).
func (l *Local) Unsettled(context.Context, string) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.running, nil
}

// Waiting returns how many questions wait for a worker to take them.
func (l *Local) Waiting(context.Context, string) (int, error) { return len(l.work), nil }

// Solved returns how many questions the workers solved (not skipped).
func (l *Local) Solved() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.solved
}

// Close stops the workers.
func (l *Local) Close() {
	l.cancel()
	l.wg.Wait()
}
