package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

// Series of games on this machine, each game stored as soon as it ends.

// LocalOptions configure RunLocal.
type LocalOptions struct {
	// Workers plays that many games at once (0: one per CPU).
	Workers int
	// Progress, when not nil, receives a report after each game stored:
	// the sweep's games stored (Done) of its games (Total).
	Progress func(solve.Progress)
	// Log, when not nil, receives a line "cell done: ID" when the last
	// game of a cell is stored.
	Log io.Writer
}

// LocalResult counts a sweep's games after RunLocal: what `kombi sweep
// run --json` prints.
type LocalResult struct {
	Name      string `json:"name"`
	Total     int    `json:"games_total"`
	Done      int    `json:"games_done"`
	PlayedNow int    `json:"games_played_now"`
	// Location is the database's (store.Location).
	Location string `json:"-"`
}

// String describes the result in one line.
func (r LocalResult) String() string {
	return fmt.Sprintf("sweep %s: %d of %d games stored (%d played now) in %s", r.Name, r.Done, r.Total, r.PlayedNow, r.Location)
}

// RunLocal plays on this machine the games of a sweep that are not stored
// yet, storing each one as it ends: a run stopped at any point (even
// killed) loses only the games being played, and a run again plays the
// rest. It stores the sweep first (store.PutSweep, as EnqueueSweep does).
// When ctx ends it returns the counts so far with ctx's error.
func RunLocal(ctx context.Context, st *store.Store, games *game.Registry, bots *bot.Registry, spec *sweep.Spec, opt LocalOptions) (LocalResult, error) {
	res := LocalResult{Name: spec.Name, Location: st.Location()}
	cells, err := spec.Cells()
	if err != nil {
		return res, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	for _, cl := range cells {
		res.Total += len(cl.Seeds)
	}
	data, err := json.Marshal(spec)
	if err != nil {
		return res, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	if err := st.PutSweep(ctx, store.Sweep{Name: spec.Name, Spec: string(data), GamesTotal: int64(res.Total)}); err != nil {
		return res, err
	}
	done, err := st.DoneKeys(ctx, spec.Name)
	if err != nil {
		return res, err
	}
	todo := make([]sweep.Cell, 0, len(cells))
	left := map[string]int{}
	res.Done = res.Total
	for _, cl := range cells {
		seeds := cl.Seeds[:0:0]
		for _, s := range cl.Seeds {
			if !done[store.DoneKey(cl.ID, s)] {
				seeds = append(seeds, s)
			}
		}
		if len(seeds) > 0 {
			cl.Seeds = seeds
			todo = append(todo, cl)
			left[cl.ID] = len(seeds)
			res.Done -= len(seeds)
		}
	}
	maxThink, _ := spec.MaxThinkDuration()
	var (
		mu      sync.Mutex
		saveErr error
	)
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, runErr := sweep.Run(rctx, games, bots, todo, sweep.Options{Workers: opt.Workers, MaxThink: maxThink, MaxLength: spec.MaxLength, NoResults: true,
		Record: func(r *game.Record) {
			cell := sweep.CellOf(r)
			_, _, err := st.AddGame(context.WithoutCancel(ctx), store.NewGame{Record: r, Source: store.SourceSweep, Sweep: spec.Name, Cell: cell})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if saveErr == nil {
					saveErr = err
					cancel()
				}
				return
			}
			res.Done++
			res.PlayedNow++
			if left[cell]--; left[cell] == 0 && opt.Log != nil {
				fmt.Fprintf(opt.Log, "cell done: %s\n", cell)
			}
			if opt.Progress != nil {
				opt.Progress(solve.Progress{Done: int64(res.Done), Total: int64(res.Total)})
			}
		}})
	mu.Lock()
	defer mu.Unlock()
	switch {
	case saveErr != nil:
		return res, fmt.Errorf("sweep %s: storing a game: %w (the games stored so far are kept)", spec.Name, saveErr)
	case runErr != nil && ctx.Err() == nil:
		return res, fmt.Errorf("sweep %s: %w", spec.Name, runErr)
	}
	return res, runErr
}

// ArenaOptions configure Arena: those of sweep.Arena, and where the games
// are kept.
type ArenaOptions struct {
	sweep.ArenaOptions
	// Store, when not nil, stores every game as it ends (source arena).
	Store *store.Store
	// Records, when not empty, is a file (created or truncated) that
	// receives every record as a line of JSON.
	Records string
	// Report, when not nil, receives a report after each game (besides
	// ArenaOptions.Progress).
	Report func(solve.Progress)
}

// Arena plays an arena (sweep.Arena) and keeps every game as it ends, in
// the store and the records file. A game that cannot be kept stops the
// arena with an error; the games kept before stay. When ctx ends it
// returns the tally so far with ctx's error.
func Arena(ctx context.Context, games *game.Registry, bots *bot.Registry, spec string, names [2]string, opt ArenaOptions) (match.ArenaResult, error) {
	var rf *sweep.RecordFile
	if opt.Records != "" {
		var err error
		if rf, err = sweep.CreateRecordFile(opt.Records); err != nil {
			return match.ArenaResult{Bots: names}, err
		}
	}
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if report, progress, start := opt.Report, opt.Progress, time.Now(); report != nil {
		opt.Progress = func(done, total int) {
			report(solve.Progress{Done: int64(done), Total: int64(total), Elapsed: time.Since(start)})
			if progress != nil {
				progress(done, total)
			}
		}
	}
	var saveErr error
	record := opt.Record
	opt.Record = func(i int, r *game.Record) {
		if rf != nil && rf.Write(r) != nil {
			cancel() // stop: records would be lost
		}
		if opt.Store != nil && saveErr == nil {
			if _, _, saveErr = opt.Store.AddGame(context.WithoutCancel(ctx), store.NewGame{Record: r, Source: store.SourceArena}); saveErr != nil {
				cancel()
			}
		}
		if record != nil {
			record(i, r)
		}
	}
	res, err := sweep.Arena(rctx, games, bots, spec, names, opt.ArenaOptions)
	if rf != nil {
		if cerr := rf.Close(); cerr != nil {
			return res, cerr
		}
	}
	if saveErr != nil {
		return res, fmt.Errorf("arena: storing a game: %w (the games stored before are kept)", saveErr)
	}
	return res, err
}

// Results reads a sweep's stored games into its results, cell by cell in
// the order of its spec, and returns them with the records. A sweep not
// stored is an error wrapping store.ErrNotFound.
func Results(ctx context.Context, st *store.Store, name string) (*sweep.Results, []*game.Record, error) {
	sw, err := st.Sweep(ctx, name)
	if err != nil {
		return nil, nil, err
	}
	var cells []sweep.Cell
	if spec, err := ParseStoredSpec(name, sw.Spec); err == nil {
		cells, _ = spec.Cells()
	}
	res := sweep.NewResults(name, cells)
	var recs []*game.Record
	err = st.Each(ctx, store.Filter{Sweep: name}, func(g *store.StoredGame) error {
		r, err := g.Decode()
		if err != nil {
			return err
		}
		res.Add(g.Cell, r)
		recs = append(recs, r)
		return nil
	})
	return res.Finish(), recs, err
}

// RunWorkerTo is RunWorker writing to w what `kombi worker` prints: a line
// once it takes jobs, one per run of a job (JobReport.String,
// SolveReport.String), and when it stops the jobs done, the games played
// and the subproblems solved. Its OnStart, OnJob and OnSolve are kept. A
// failed write is an error once it stops.
func RunWorkerTo(ctx context.Context, w io.Writer, st *store.Store, games *game.Registry, bots *bot.Registry, opt WorkerOptions) error {
	cw := match.NewCheckedWriter(w, "standard output")
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
func Submit(ctx context.Context, st *store.Store, spec *sweep.Spec) (Submitted, error) {
	jobs, err := EnqueueSweep(ctx, st, spec)
	if err != nil {
		return Submitted{}, err
	}
	s, err := Status(ctx, st, spec.Name)
	if err != nil {
		return Submitted{}, err
	}
	return Submitted{Name: spec.Name, Total: s.GamesTotal, Done: s.GamesDone, Jobs: jobs, Location: st.Location()}, nil
}
