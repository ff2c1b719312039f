package queue

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

// RunWorkerTo is RunWorker writing to w what `kombi worker` prints: a line
// once it takes jobs, one per run of a job (JobReport.String,
// SolveReport.String), and when it stops the jobs done, the games played
// and the subproblems solved. Its OnStart, OnJob and OnSolve are kept. A
// failed write is an error once it stops.
func RunWorkerTo(ctx context.Context, w io.Writer, st *store.Store, games *game.Registry, bots *bot.Registry, opt WorkerOptions) error {
	cw := files.NewCheckedWriter(w, "standard output")
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs, played, solved := 0, 0, 0
	onStart, onJob, onSolve := opt.OnStart, opt.OnJob, opt.OnSolve
	opt.OnStart = func(id string) {
		fmt.Fprintf(cw, "kombi worker %s: takes jobs from %s, %d at a time (Ctrl-C stops)\n", id, st.Location(), workers)
		if onStart != nil {
			onStart(id)
		}
	}
	var mu sync.Mutex // sweep jobs and subproblem jobs report side by side
	opt.OnJob = func(r JobReport) {
		mu.Lock()
		defer mu.Unlock()
		if r.Outcome == "done" {
			jobs++
		}
		played += r.Played
		fmt.Fprintf(cw, "%s\n", r)
		if onJob != nil {
			onJob(r)
		}
	}
	onShard := opt.OnShard
	opt.OnShard = func(r ShardReport) {
		mu.Lock()
		defer mu.Unlock()
		if r.Outcome == "computed" || r.Outcome == "stored before" {
			jobs++
		}
		fmt.Fprintf(cw, "%s\n", r)
		if onShard != nil {
			onShard(r)
		}
	}
	opt.OnSolve = func(r SolveReport) {
		mu.Lock()
		defer mu.Unlock()
		if r.Outcome == "answered" || r.Outcome == "too long" || r.Outcome == "stored before" {
			jobs++
		}
		if r.Outcome == "answered" {
			solved++
		}
		fmt.Fprintf(cw, "%s\n", r)
		if onSolve != nil {
			onSolve(r)
		}
	}
	if err := RunWorker(ctx, st, games, bots, opt); err != nil {
		return err
	}
	fmt.Fprintf(cw, "kombi worker stopped: %d jobs done, %d games played and stored, %d subproblems solved\n", jobs, played, solved)
	return cw.Err()
}

// Submitted tells what Submit did: what `kombi sweep run --enqueue --json`
// prints.
type Submitted struct {
	Name      string `json:"name"`
	Total     int64  `json:"games_total"`
	Done      int64  `json:"games_done"`
	PlayedNow int    `json:"games_played_now"` // always 0: workers play them
	Jobs      int    `json:"jobs_enqueued"`
	// Location is the database's (store.Location).
	Location string `json:"-"`
}

// String says what was queued and what to do next.
func (s Submitted) String() string {
	return fmt.Sprintf("sweep %s: %d jobs queued on %s (%d of %d games stored already).\n"+
		"Play them with 'kombi worker --db URL' on any machines; follow with 'kombi sweep status %s --db URL'.",
		s.Name, s.Jobs, s.Location, s.Done, s.Total, s.Name)
}

// Submit is EnqueueSweep telling where the sweep stands after it.
func Submit(ctx context.Context, st *store.Store, games *game.Registry, bots *bot.Registry, spec *sweep.Spec) (Submitted, error) {
	jobs, err := EnqueueSweep(ctx, st, games, bots, spec)
	if err != nil {
		return Submitted{}, err
	}
	s, err := Status(ctx, st, spec.Name)
	if err != nil {
		return Submitted{}, err
	}
	return Submitted{Name: spec.Name, Total: s.GamesTotal, Done: s.GamesDone, Jobs: jobs, Location: st.Location()}, nil
}
