package queue

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

// DefaultRescueAfter is how long a job may run before River takes it to be
// the job of a dead worker and runs it again elsewhere.
const DefaultRescueAfter = 30 * time.Second

// MinRescueAfter bounds WorkerOptions.RescueAfter from below.
const MinRescueAfter = 2 * time.Second

// storeTimeout bounds the storing of one game.
const storeTimeout = 30 * time.Second

// JobReport tells what one run of a job did.
type JobReport struct {
	JobID   int64  `json:"job"`
	Attempt int    `json:"attempt"`
	Sweep   string `json:"sweep"`
	Cell    string `json:"cell"`
	// Seeds is the job's batch; Played of them were played and stored now,
	// Skipped were stored before, Duplicate were played but stored by
	// another worker meanwhile.
	Seeds     []uint64      `json:"seeds"`
	Played    int           `json:"played"`
	Skipped   int           `json:"skipped"`
	Duplicate int           `json:"duplicate"`
	Elapsed   time.Duration `json:"elapsed"`
	// Outcome is "done", "snoozed" (put back: its time was up, or the
	// worker stops), "failed" (to be tried again) or "cancelled" (given
	// up: it cannot succeed).
	Outcome string `json:"outcome"`
	Err     error  `json:"-"`
}

// jobName names a job and, after the first, its attempt.
func jobName(id int64, attempt int) string {
	if attempt > 1 {
		return fmt.Sprintf("job %d (attempt %d)", id, attempt)
	}
	return fmt.Sprintf("job %d", id)
}

// String describes the report in one line.
func (r JobReport) String() string {
	s := jobName(r.JobID, r.Attempt)
	s += fmt.Sprintf(" %s: %s [%s], seeds %s: %d played, %d stored before", r.Outcome, r.Sweep, r.Cell, seedRange(r.Seeds), r.Played, r.Skipped)
	if r.Duplicate > 0 {
		s += fmt.Sprintf(", %d stored by another worker", r.Duplicate)
	}
	s += fmt.Sprintf(", %.1fs", r.Elapsed.Seconds())
	if r.Err != nil {
		s += ": " + r.Err.Error()
	}
	return s
}

func seedRange(seeds []uint64) string {
	switch {
	case len(seeds) == 0:
		return "none"
	case len(seeds) == 1:
		return fmt.Sprint(seeds[0])
	}
	for i := 1; i < len(seeds); i++ {
		if seeds[i] != seeds[i-1]+1 {
			return fmt.Sprintf("%d (%d seeds)", seeds[0], len(seeds))
		}
	}
	return fmt.Sprintf("%d..%d", seeds[0], seeds[len(seeds)-1])
}

// Worker plays the jobs of the queue: for its batch of seeds of one cell,
// the games not stored yet, one after another, storing each as it ends
// (source sweep, with its sweep and cell). Register it with
// river.AddWorker; RunWorker does it all.
type Worker struct {
	river.WorkerDefaults[Args]
	// Store is the database of the sweeps and their games.
	Store *store.Store
	// Games and Bots build the games and players.
	Games *game.Registry
	Bots  *bot.Registry
	// Budget is how long one run of a job plays: once it is over, the job
	// is put back on the queue with its remaining seeds between two games
	// (snoozed, which costs no attempt) so that River never takes a live
	// job for a dead one. 0: no limit.
	Budget time.Duration
	// OnJob, when set, receives a report after each run of a job (one call
	// at a time).
	OnJob func(JobReport)

	mu    sync.Mutex
	specs map[string]*loadedSpec
	cbMu  sync.Mutex
}

// loadedSpec is a stored sweep's spec, its cells by ID (without seeds).
type loadedSpec struct {
	text     string
	cells    map[string]sweep.Cell
	maxThink time.Duration
	// maxLength stops a game at this length (for Thue: the painter
	// survived); 0: no bound. maxMoves stops it at this many moves.
	maxLength, maxMoves int
}

// spec returns the sweep's spec, parsed again only when it changed.
func (w *Worker) spec(ctx context.Context, name string) (*loadedSpec, error) {
	sw, err := w.Store.Sweep(ctx, name)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	ls := w.specs[name]
	w.mu.Unlock()
	if ls != nil && ls.text == sw.Spec {
		return ls, nil
	}
	spec, err := sweep.ParseStoredSpec(name, sw.Spec)
	if err != nil {
		return nil, err
	}
	cells, err := spec.Cells()
	if err != nil {
		return nil, err
	}
	maxThink, err := spec.MaxThinkDuration()
	if err != nil {
		return nil, err
	}
	ls = &loadedSpec{text: sw.Spec, cells: make(map[string]sweep.Cell, len(cells)), maxThink: maxThink, maxLength: spec.MaxLength, maxMoves: spec.MovesBound()}
	for _, c := range cells {
		c.Seeds = nil
		ls.cells[c.ID] = c
	}
	w.mu.Lock()
	if w.specs == nil {
		w.specs = map[string]*loadedSpec{}
	}
	w.specs[name] = ls
	w.mu.Unlock()
	return ls, nil
}

// Work plays a job's batch.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	a := job.Args
	rep := JobReport{JobID: job.ID, Attempt: job.Attempt, Sweep: a.Sweep, Cell: a.Cell, Seeds: a.Seeds, Outcome: "done"}
	return runJob(&w.cbMu, func(start time.Time) error { return w.work(ctx, a, start, &rep) }, func(r jobRun) {
		rep.Elapsed, rep.Err = r.elapsed, r.err
		if r.outcome != "" {
			rep.Outcome = r.outcome
		}
		if w.OnJob != nil {
			w.OnJob(rep)
		}
	})
}

// jobRun is how one run of a job ended: its outcome when it did not do
// its work ("snoozed", "cancelled", "failed"; "" when it did), the error
// and the time it took.
type jobRun struct {
	outcome string
	err     error
	elapsed time.Duration
}

// runJob is the one wrapper of River's Work for every kind of job: it runs
// the job's work, then reports how it ended to report (one report at a
// time, under mu), and returns work's error to River.
func runJob(mu *sync.Mutex, work func(start time.Time) error, report func(jobRun)) error {
	start := time.Now()
	err := work(start)
	r := jobRun{elapsed: time.Since(start)}
	var snooze *river.JobSnoozeError
	var cancel *river.JobCancelError
	switch {
	case err == nil:
	case errors.As(err, &snooze):
		r.outcome = "snoozed"
	case errors.As(err, &cancel):
		r.outcome, r.err = "cancelled", err
	default:
		r.outcome, r.err = "failed", err
	}
	mu.Lock()
	defer mu.Unlock()
	report(r)
	return err
}

func (w *Worker) work(ctx context.Context, a Args, start time.Time, rep *JobReport) error {
	if len(a.Seeds) > MaxBatch {
		return river.JobCancel(fmt.Errorf("a batch of %d seeds: at most %d allowed", len(a.Seeds), MaxBatch))
	}
	ls, err := w.spec(ctx, a.Sweep)
	if errors.Is(err, store.ErrNotFound) {
		return river.JobCancel(err) // the sweep is gone
	}
	if err != nil {
		return err
	}
	cell, ok := ls.cells[a.Cell]
	if !ok {
		return river.JobCancel(fmt.Errorf("sweep %s has no cell %q (was its spec replaced?)", a.Sweep, a.Cell))
	}
	done, err := w.Store.CellSeedsDone(ctx, a.Sweep, a.Cell, a.Seeds)
	if err != nil {
		return err
	}
	for _, seed := range a.Seeds {
		if done[seed] {
			rep.Skipped++
			continue
		}
		if w.Budget > 0 && time.Since(start) >= w.Budget {
			return river.JobSnooze(0)
		}
		c := cell
		c.Seeds = []uint64{seed}
		var storeErr error
		_, err := sweep.Run(ctx, w.Games, w.Bots, []sweep.Cell{c}, sweep.Options{Workers: 1, MaxThink: ls.maxThink, MaxLength: ls.maxLength, MaxMoves: ls.maxMoves, NoResults: true,
			Record: func(r *game.Record) {
				// A game that ended is stored even while the job stops.
				sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
				defer cancel()
				_, added, err := w.Store.AddGame(sctx, store.NewGame{Record: r, Source: store.SourceSweep, Sweep: a.Sweep, Cell: a.Cell})
				switch {
				case err != nil:
					storeErr = err
				case added:
					rep.Played++
				default:
					rep.Duplicate++
				}
			}})
		switch {
		case storeErr != nil:
			return storeErr
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			return fmt.Errorf("seed %d: the job ran out of time (a game longer than the job timeout? raise --rescue-after): %w", seed, ctx.Err())
		case ctx.Err() != nil:
			// The worker stops: back on the queue at once, no attempt lost.
			return river.JobSnooze(0)
		case err != nil:
			// A game or bot string that does not load: trying again cannot help.
			return river.JobCancel(err)
		}
	}
	return nil
}

// WorkerOptions configure RunWorker.
type WorkerOptions struct {
	// Workers is how many jobs run at once (0: one per CPU).
	Workers int
	// RescueAfter is how long a job may run before River takes it for the
	// job of a dead worker and gives it to another (0: DefaultRescueAfter).
	// A run of a job stops taking new games after half of it and is given
	// a hard timeout of nine tenths of it, so it must be well above the
	// longest game. Every worker of a database should use the same.
	RescueAfter time.Duration
	// ID names the worker in the queue (River's client ID, at most 100
	// bytes; "": host, process and a random suffix).
	ID string
	// Solvers are the games' own solvers, where the distributed solves'
	// games find theirs (games/all's Kit.Solvers).
	Solvers *solve.Solvers
	// MemBytes bounds the tables of the distributed solves' leaf solvers,
	// shared among the jobs run at once (0: a quarter of the machine's
	// memory; lower it when several workers share a machine).
	MemBytes int64
	// ProofBytes bounds the proofs a worker stores for the others per game
	// (0: DefaultProofBytes).
	ProofBytes int64
	// OnStart is called with the ID once the worker takes jobs.
	OnStart func(id string)
	// OnJob receives a report after each run of a job (one call at a time).
	OnJob func(JobReport)
	// OnSolve receives a report after each run of a subproblem job of a
	// distributed solve (one call at a time).
	OnSolve func(SolveReport)
	// OnShard receives a report after each run of a shard job of a table
	// (one call at a time).
	OnShard func(ShardReport)
	// Logger receives River's warnings and errors (nil: none).
	Logger *slog.Logger
}

// Check says which setting is out of range: Workers as sweep.CheckWorkers
// allows, MemBytes 0 to the machine's memory, RescueAfter MinRescueAfter to
// 24 h. The error is a *game.InputError holding a *game.OptionError that
// names the field and kombi worker's flag for it: "MemBytes (--mem) -1:
// want ...".
func (o WorkerOptions) Check() error {
	if err := sweep.CheckWorkers(o.Workers); err != nil {
		return err
	}
	if mem := solve.MachineMemory(); o.MemBytes < 0 || o.MemBytes > mem {
		return game.Optionf("MemBytes", "mem", o.MemBytes, "want 0 (a quarter of this machine's memory) to %d bytes", mem)
	} else if o.RescueAfter < MinRescueAfter || o.RescueAfter > 24*time.Hour {
		return game.Optionf("RescueAfter", "rescue-after", o.RescueAfter, "want %s to 24h, well above the longest game", MinRescueAfter)
	}
	return nil
}

// WorkerID is a River client ID for this process: host, process id and a
// random suffix.
func WorkerID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "host"
	}
	host = strings.Map(func(r rune) rune {
		if r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, host)
	if len(host) > 60 {
		host = host[:60]
	}
	var b [4]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return fmt.Sprintf("kombi-%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

// RunWorker takes jobs of the queue in the store's PostgreSQL database and
// plays them until ctx is done; then it stops at once, putting its jobs
// back on the queue (their games that ended are stored) and returns nil.
// It runs River's migrations first. It answers the subproblems of
// distributed solves too (SolveWorker): each job searches for at most half
// of RescueAfter, with the memory and the cores of the machine shared
// among the jobs that run at once.
func RunWorker(ctx context.Context, st *store.Store, games *game.Registry, bots *bot.Registry, opt WorkerOptions) error {
	pool := st.PgxPool()
	if pool == nil {
		return fmt.Errorf("worker: %w; %s is an SQLite file", ErrNoQueue, st.Location())
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.RescueAfter == 0 {
		opt.RescueAfter = DefaultRescueAfter
	}
	if opt.RescueAfter < MinRescueAfter {
		return fmt.Errorf("worker: rescue after %s: want at least %s", opt.RescueAfter, MinRescueAfter)
	}
	if opt.ID == "" {
		opt.ID = WorkerID()
	}
	logger := opt.Logger
	if logger == nil {
		logger = quietLogger()
	}
	if err := Migrate(ctx, pool); err != nil {
		return err
	}
	workers := river.NewWorkers()
	w := &Worker{Store: st, Games: games, Bots: bots, Budget: opt.RescueAfter / 2, OnJob: opt.OnJob}
	if err := river.AddWorkerSafely(workers, w); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	sw := &SolveWorker{Store: st, Games: games, Solvers: opt.Solvers, Budget: opt.RescueAfter / 2, Keep: opt.Workers, ID: opt.ID, OnJob: opt.OnSolve, ProofBytes: opt.ProofBytes,
		Leaf: distribute.LeafOptions{MemBytes: cmp.Or(opt.MemBytes, solve.DefaultMem()), Threads: max(1, runtime.GOMAXPROCS(0)/opt.Workers)}}
	if err := river.AddWorkerSafely(workers, sw); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	shw := &ShardWorker{Store: st, Solvers: opt.Solvers, MemBytes: opt.MemBytes, ID: opt.ID, OnJob: opt.OnShard}
	if err := river.AddWorkerSafely(workers, shw); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		ID:                          opt.ID,
		Queues:                      map[string]river.QueueConfig{Queue: {MaxWorkers: opt.Workers}},
		Workers:                     workers,
		RescueStuckJobsAfter:        opt.RescueAfter,
		JobTimeout:                  opt.RescueAfter * 9 / 10,
		MaxAttempts:                 maxAttempts,
		FetchCooldown:               10 * time.Millisecond,
		FetchPollInterval:           250 * time.Millisecond,
		CompletedJobRetentionPeriod: 30 * 24 * time.Hour,
		Logger:                      logger,
	})
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	// River stops when the context given to Start is done; stop it here
	// instead, cancelling the jobs' contexts at once.
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("worker: start: %w", err)
	}
	if opt.OnStart != nil {
		opt.OnStart(opt.ID)
	}
	<-ctx.Done()
	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := client.StopAndCancel(stopCtx); err != nil {
		return fmt.Errorf("worker: stop: %w", err)
	}
	return nil
}
