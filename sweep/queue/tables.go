package queue

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
	"github.com/kombi/kombi/store"
)

// Tables that workers compute in shards (distribute.Table; 2D Nim's shape
// table): `kombi solve GAME --distribute` on a game whose solver is a
// distribute.TableMaker has the table its solve needs computed by the
// workers, level by level (BuildTable), then solves here with it. Each
// shard is a job; its data is stored as a solve blob named after the
// shard (ShardsKind, game: the table's Spec), so a build that is
// interrupted and run again asks only for the shards not stored.

// ShardKind is the River job kind of a shard of a table.
const ShardKind = "kombi_table_shard"

// ShardsKind is the kind of the store's solve blobs that hold shards.
const ShardsKind = "shard"

// ShardArgs are a shard job's arguments: shard Shard of Shards of a level
// of the table Spec of the game Game (whose solver makes it).
type ShardArgs struct {
	Game   string `json:"game"`
	Spec   string `json:"spec"`
	Level  int    `json:"level"`
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
}

// Kind is the job kind, ShardKind.
func (ShardArgs) Kind() string { return ShardKind }

// InsertOpts puts the job on Queue, once while it waits or runs.
func (ShardArgs) InsertOpts() river.InsertOpts { return onceWhileQueued() }

// shardName is the blob name of a shard.
func shardName(level, i, shards int) string { return fmt.Sprintf("%d/%d/%d", level, i, shards) }

func parseShardName(name string) (level, i, shards int, err error) {
	_, err = fmt.Sscanf(name, "%d/%d/%d", &level, &i, &shards)
	return level, i, shards, err
}

// ShardReport tells what one run of a shard job did.
type ShardReport struct {
	JobID   int64  `json:"job"`
	Attempt int    `json:"attempt"`
	Spec    string `json:"spec"`
	Shard   string `json:"shard"`
	// Bytes is the shard's data; Elapsed the run's time.
	Bytes   int           `json:"bytes"`
	Elapsed time.Duration `json:"elapsed"`
	// Outcome is "computed", "stored before", "snoozed", "failed" or
	// "cancelled".
	Outcome string `json:"outcome"`
	Err     error  `json:"-"`
}

// String describes the report in one line.
func (r ShardReport) String() string {
	s := jobName(r.JobID, r.Attempt) + fmt.Sprintf(" %s: %s shard %s (level/shard/shards), %d bytes, %.1fs", r.Outcome, r.Spec, r.Shard, r.Bytes, r.Elapsed.Seconds())
	if r.Err != nil {
		s += ": " + r.Err.Error()
	}
	return s
}

// ShardWorker computes the shards of tables: for a job, it adds to its
// copy of the table (one per spec, kept between jobs) the shards stored
// since its last job, and computes and stores the one asked unless it is
// stored already. Register it with river.AddWorker; RunWorker does.
type ShardWorker struct {
	river.WorkerDefaults[ShardArgs]
	Store *store.Store
	// Solvers are the games' own solvers, among them the table makers
	// (distribute.TableMaker).
	Solvers *solve.Solvers
	// MemBytes bounds each table (0: as the game needs).
	MemBytes int64
	ID       string
	// OnJob, when set, receives a report after each run (one at a time).
	OnJob func(ShardReport)

	mu     sync.Mutex
	tables map[string]*sharded
	cbMu   sync.Mutex
}

// sharded is a worker's copy of a table: Computes hold mu for reading,
// adding shards holds it for writing.
type sharded struct {
	mu sync.RWMutex
	t  distribute.Table
}

// Work computes a job's shard.
func (w *ShardWorker) Work(ctx context.Context, job *river.Job[ShardArgs]) error {
	a := job.Args
	rep := ShardReport{JobID: job.ID, Attempt: job.Attempt, Spec: a.Spec, Shard: shardName(a.Level, a.Shard, a.Shards)}
	return runJob(&w.cbMu, func(time.Time) error { return w.work(ctx, a, &rep) }, func(r jobRun) {
		rep.Elapsed, rep.Err = r.elapsed, r.err
		if r.outcome != "" {
			rep.Outcome = r.outcome
		}
		if w.OnJob != nil {
			w.OnJob(rep)
		}
	})
}

func (w *ShardWorker) work(ctx context.Context, a ShardArgs, rep *ShardReport) error {
	ts, err := w.table(a)
	if err != nil {
		return river.JobCancel(err)
	}
	if err := syncShards(ctx, w.Store, ts, a.Level, false); err != nil {
		return err
	}
	ts.mu.RLock()
	has := ts.t.Has(a.Level, a.Shard, a.Shards)
	ts.mu.RUnlock()
	if !has {
		// A job queued again while the first ran (the coordinator asks
		// again for shards it has not seen) finds the shard stored.
		got, err := w.Store.SolveBlobsByName(ctx, a.Spec, ShardsKind, []string{rep.Shard})
		if err != nil {
			return err
		}
		has = len(got) > 0
	}
	if has {
		rep.Outcome = "stored before"
		return nil
	}
	ts.mu.RLock()
	data, err := ts.t.Compute(ctx, a.Level, a.Shard, a.Shards)
	ts.mu.RUnlock()
	if err != nil {
		if ctx.Err() != nil {
			return river.JobSnooze(0)
		}
		return err // a level below not yet stored: tried again later
	}
	rep.Bytes = len(data)
	if _, err := w.Store.PutSolveBlob(ctx, store.SolveBlob{Game: a.Spec, Kind: ShardsKind, Name: rep.Shard, Data: data, Worker: w.ID}); err != nil {
		return err
	}
	rep.Outcome = "computed"
	return nil
}

// table returns the worker's copy of the job's table.
func (w *ShardWorker) table(a ShardArgs) (*sharded, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ts, ok := w.tables[a.Spec]; ok {
		return ts, nil
	}
	tm, ok := w.Solvers.Lookup(a.Game)
	if !ok {
		return nil, fmt.Errorf("%s has no solver of its own", a.Game)
	}
	maker, ok := tm.(distribute.TableMaker)
	if !ok {
		return nil, fmt.Errorf("%s's solver makes no tables", a.Game)
	}
	t, err := maker.NewTable(a.Spec, w.MemBytes)
	if err != nil {
		return nil, err
	}
	if w.tables == nil {
		w.tables = map[string]*sharded{}
	}
	// One table at a time: another spec's is dropped.
	clear(w.tables)
	ts := &sharded{t: t}
	w.tables[a.Spec] = ts
	return ts, nil
}

// syncShards adds to the table the shards stored of the levels before
// upTo (and of upTo itself when through), level by level, each read by
// name: a level whose shards are not all stored yet ends it (the number of
// shards of the next depends on it).
func syncShards(ctx context.Context, st *store.Store, ts *sharded, upTo int, through bool) error {
	for _, level := range ts.t.Levels() {
		if level > upTo || level == upTo && !through {
			return nil
		}
		ts.mu.RLock()
		shards := ts.t.Shards(level)
		var missing []string
		for i := range shards {
			if !ts.t.Has(level, i, shards) {
				missing = append(missing, shardName(level, i, shards))
			}
		}
		spec := ts.t.Spec()
		ts.mu.RUnlock()
		for lo := 0; lo < len(missing); lo += 256 {
			got, err := st.SolveBlobsByName(ctx, spec, ShardsKind, missing[lo:min(lo+256, len(missing))])
			if err != nil {
				return err
			}
			ts.mu.Lock()
			for name, b := range got {
				_, i, shards, _ := parseShardName(name)
				if err := ts.t.Add(level, i, shards, b.Data); err != nil {
					ts.mu.Unlock()
					return fmt.Errorf("shard %s of %s: %w", name, spec, err)
				}
			}
			ts.mu.Unlock()
			if len(got) < len(missing[lo:min(lo+256, len(missing))]) {
				return nil // the level is not complete
			}
		}
	}
	return nil
}

// BuildTable has the workers compute the table t of the game named
// gameName, level by level (each level's missing shards queued as jobs,
// the next level once every shard is stored), adds every shard to t and
// calls its Finish; it returns what Finish said and how many shards the
// workers computed now.
func BuildTable(ctx context.Context, st *store.Store, client *river.Client[pgx.Tx], gameName string, t distribute.Table, progress func(solve.Progress)) (string, int, error) {
	ts := &sharded{t: t}
	start := time.Now()
	levels := t.Levels()
	computed := 0
	for li, level := range levels {
		wait := 20 * time.Millisecond
		asked := false
		for {
			if err := syncShards(ctx, st, ts, level, true); err != nil {
				return "", computed, err
			}
			shards := t.Shards(level)
			var missing []river.InsertManyParams
			for i := range shards {
				if !t.Has(level, i, shards) {
					missing = append(missing, river.InsertManyParams{Args: ShardArgs{Game: gameName, Spec: t.Spec(), Level: level, Shard: i, Shards: shards}})
				}
			}
			if len(missing) == 0 {
				break
			}
			if !asked || wait >= time.Second {
				// Ask again now and then: a job given up is queued anew.
				if _, err := client.InsertMany(ctx, missing); err != nil {
					return "", computed, fmt.Errorf("job queue: %w", err)
				}
				if !asked {
					computed += len(missing)
				}
				asked, wait = true, 20*time.Millisecond
			}
			if progress != nil {
				progress(solve.Progress{Done: int64(li), Total: int64(len(levels)), Elapsed: time.Since(start),
					Message: fmt.Sprintf("%s: level %d, %d of %d shards waited for", t.Spec(), level, len(missing), shards)})
			}
			select {
			case <-ctx.Done():
				return "", computed, ctx.Err()
			case <-time.After(wait):
			}
			wait = min(wait*3/2, time.Second)
		}
	}
	summary, err := t.Finish()
	return summary, computed, err
}

// solveWithTable is Solve for a game whose solver makes tables: the table
// its solve needs built by the workers (when it has none), then the
// ordinary solve here.
func solveWithTable(ctx context.Context, st *store.Store, g game.Game, s game.State, opt solve.Options, tm distribute.TableMaker) (*solve.Result, error) {
	t, err := tm.TableFor(g, 0)
	if err != nil {
		return nil, err
	}
	summary, computed := "none to build (the table is here, or the palette is beyond the tables)", 0
	start := time.Now()
	if t != nil {
		pool := st.PgxPool()
		if pool == nil {
			return nil, fmt.Errorf("--distribute: %w; %s is an SQLite file", ErrNoQueue, st.Location())
		}
		client, err := insertClient(ctx, pool)
		if err != nil {
			return nil, err
		}
		if summary, computed, err = BuildTable(ctx, st, client, g.Type().Name, t, opt.Progress); err != nil {
			return nil, fmt.Errorf("--distribute: the table %s: %w", t.Spec(), err)
		}
	}
	r, err := solve.SolveWith(ctx, tm, g, s, opt)
	if r != nil {
		if r.Extra == nil {
			r.Extra = map[string]any{}
		}
		r.Extra["distributed"] = true
		r.Extra["table"] = summary
		r.Extra["table_shards_asked"] = computed
		r.Extra["table_seconds"] = time.Since(start).Seconds() - r.Seconds
		r.Text += "Distributed: the table: " + strings.TrimSpace(summary) + fmt.Sprintf(" (%d shards asked of the workers).\n", computed)
	}
	return r, err
}
