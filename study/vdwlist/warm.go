package vdwlist

import (
	"sync"
	"time"

	"github.com/kombi/kombi/games/vdwlist"
)

// warmIdle is how long the solver of the last game analysed keeps its
// table for the next analysis (see warmTables).
const warmIdle = 2 * time.Minute

// warmTables keeps the solver of the last game analysed, with its table,
// for the next analysis of a game of the same k, colours and list size (the
// table's keys and values do not depend on s: see Solver.SetGame). In a game
// being played each position's analysis then finds the positions after it
// valued already: with a fresh table each time, s = 14 took 3.2, 2.3 and
// 1.2 s for its first three positions. One solver at most is kept, bounded
// as the analysis that made it, and dropped after idle without use; a
// solver in use is taken out, so that concurrent analyses never share one.
type warmTables struct {
	idle  time.Duration
	mu    sync.Mutex
	sv    *Solver
	mem   int64
	timer *time.Timer
}

func newWarmTables(idle time.Duration) *warmTables { return &warmTables{idle: idle} }

// take returns the kept solver when it suits g with a table bound of mem
// bytes (it is no longer kept), else a new one.
func (w *warmTables) take(g *vdwlist.Game, mem int64) *Solver {
	w.mu.Lock()
	sv := w.sv
	if sv != nil && w.mem == mem && sv.SetGame(g) == nil {
		w.sv = nil
		w.timer.Stop()
		w.mu.Unlock()
		return sv
	}
	w.mu.Unlock()
	return NewSolver(g, mem)
}

// keep keeps sv, made with a table bound of mem bytes, in place of the
// solver kept before, for idle at most.
func (w *warmTables) keep(sv *Solver, mem int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Stop()
	}
	w.sv, w.mem = sv, mem
	w.timer = time.AfterFunc(w.idle, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.sv == sv {
			w.sv = nil
		}
	})
}

// kept returns the solver kept now (nil: none), for tests.
func (w *warmTables) kept() *Solver {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.sv
}
