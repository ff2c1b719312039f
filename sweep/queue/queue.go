// Package queue spreads sweeps over many machines: a sweep's games are put
// on a River job queue in a PostgreSQL database, in batches of seeds of one
// cell per job (Enqueue, EnqueueSweep), and workers on any number of
// machines take the jobs, play the games and store each one in the same
// database as soon as it ends (Worker, RunWorker).
//
// Nothing is lost and nothing is stored twice: a worker skips the seeds of
// its batch whose games are stored already, the store's unique key
// (sweep, cell, seed) refuses a second copy, and the job of a worker that
// was killed is rescued after WorkerOptions.RescueAfter and played again
// elsewhere, skipping the games it had stored.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

// Queue is the River queue that holds the jobs of sweeps.
const Queue = "kombi_sweep"

// Kind is the River job kind of a batch of a sweep's games.
const Kind = "kombi_sweep_games"

// Batch sizes: DefaultBatch seeds per job unless asked otherwise, at most
// MaxBatch.
const (
	DefaultBatch = 10
	MaxBatch     = store.MaxSeedsQuery
)

// maxAttempts is how often a job that fails (a database error, a job
// timeout, a killed worker) is tried before River discards it.
const maxAttempts = 10

// ErrNoQueue is the error (wrapped) when the database is not PostgreSQL:
// the job queue needs one. It is a usage error (*game.InputError).
var ErrNoQueue error = &game.InputError{Err: errors.New("the job queue needs a PostgreSQL database (--db postgres://...)")}

// Args are a job's arguments: a batch of seeds of one cell of a sweep.
type Args struct {
	Sweep string   `json:"sweep"`
	Cell  string   `json:"cell"`
	Seeds []uint64 `json:"seeds"`
}

// Kind is the job kind, Kind.
func (Args) Kind() string { return Kind }

// InsertOpts puts the job on Queue; a job with the same arguments that is
// queued, running or done is not inserted again.
func (Args) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: maxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// migrateLock is the PostgreSQL advisory lock under which River's
// migrations run, so that workers starting together migrate once.
const migrateLock int64 = 0x6b6f6d6269_01 // "kombi" 1

// Migrate brings River's tables in the database (in its search_path
// schema) up to date. Enqueue, RunWorker and Status call it; it is cheap
// when there is nothing to do.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	if err := migrate(ctx, pool); err != nil {
		return fmt.Errorf("job queue: River migrations: %w", err)
	}
	return nil
}

func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	m, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Logger: quietLogger()})
	if err != nil {
		return err
	}
	// A session lock on a connection of its own: released when the
	// connection closes, should the process die.
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrateLock); err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	// Unlock even when ctx is done.
	if _, uerr := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrateLock); uerr != nil && err == nil {
		err = uerr
	}
	return err
}

// quietLogger drops River's own logs (which go to stdout by default).
func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// insertClient migrates River's tables and returns a client that only
// inserts jobs (the workers run them).
func insertClient(ctx context.Context, pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	if err := Migrate(ctx, pool); err != nil {
		return nil, err
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: quietLogger(), SkipUnknownJobCheck: true})
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	return client, nil
}

// Enqueue puts the games of the sweep's cells on the queue: for each cell
// its seeds in batches of batch seeds, one job each, the cells' batches
// interleaved so that every cell advances together. A job identical to
// one queued or done already is not inserted again. It returns the number
// of jobs inserted. The jobs are inserted in one transaction.
func Enqueue(ctx context.Context, pool *pgxpool.Pool, sweepName string, cells []sweep.Cell, batch int) (int, error) {
	switch {
	case pool == nil:
		return 0, fmt.Errorf("job queue: %w", ErrNoQueue)
	case sweepName == "":
		return 0, errors.New("job queue: enqueue: the sweep has no name")
	case batch < 1 || batch > MaxBatch:
		return 0, fmt.Errorf("job queue: enqueue: a batch of %d seeds: want 1 to %d", batch, MaxBatch)
	}
	client, err := insertClient(ctx, pool)
	if err != nil {
		return 0, err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("job queue: enqueue: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) // a no-op after Commit
	inserted := 0
	const chunk = 1000
	params := make([]river.InsertManyParams, 0, chunk)
	flush := func() error {
		if len(params) == 0 {
			return nil
		}
		res, err := client.InsertManyTx(ctx, tx, params)
		if err != nil {
			return err
		}
		for _, r := range res {
			if !r.UniqueSkippedAsDuplicate {
				inserted++
			}
		}
		params = params[:0]
		return nil
	}
	for i := 0; ; i++ {
		more := false
		for _, c := range cells {
			lo := i * batch
			if lo >= len(c.Seeds) {
				continue
			}
			more = true
			hi := min(lo+batch, len(c.Seeds))
			params = append(params, river.InsertManyParams{Args: Args{Sweep: sweepName, Cell: c.ID, Seeds: c.Seeds[lo:hi]}})
			if len(params) == chunk {
				if err := flush(); err != nil {
					return 0, fmt.Errorf("job queue: enqueue %s: %w", sweepName, err)
				}
			}
		}
		if !more {
			break
		}
	}
	if err := flush(); err != nil {
		return 0, fmt.Errorf("job queue: enqueue %s: %w", sweepName, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("job queue: enqueue %s: %w", sweepName, err)
	}
	return inserted, nil
}

// EnqueueSweep checks the sweep as a run on this machine does
// (sweep.Spec.Validate: every game and bot string, no game or pair twice;
// sweep.CheckUnchanged: a sweep stored from another file is refused),
// stores it (its spec as JSON and its games total, store.PutSweep) and
// puts the games not stored yet on the queue in batches of DefaultBatch
// seeds. It returns the number of jobs inserted: 0 when every game is
// stored or queued already.
func EnqueueSweep(ctx context.Context, st *store.Store, games *game.Registry, bots *bot.Registry, spec *sweep.Spec) (jobs int, err error) {
	return EnqueueSweepBatch(ctx, st, games, bots, spec, DefaultBatch)
}

// EnqueueSweepBatch is EnqueueSweep with batch seeds per job.
func EnqueueSweepBatch(ctx context.Context, st *store.Store, games *game.Registry, bots *bot.Registry, spec *sweep.Spec, batch int) (jobs int, err error) {
	if st.PgxPool() == nil {
		return 0, fmt.Errorf("sweep %s: %w; %s is an SQLite file (run the sweep without --enqueue)", spec.Name, ErrNoQueue, st.Location())
	}
	if err := spec.Check(); err != nil {
		return 0, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	if err := spec.Validate(games, bots); err != nil {
		return 0, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	if err := sweep.CheckUnchanged(ctx, st, spec); err != nil {
		return 0, err
	}
	cells, err := spec.Cells()
	if err != nil {
		return 0, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	text, err := json.Marshal(spec)
	if err != nil {
		return 0, fmt.Errorf("sweep %s: spec: %w", spec.Name, err)
	}
	total := int64(0)
	for _, c := range cells {
		total += int64(len(c.Seeds))
	}
	if err := st.PutSweep(ctx, store.Sweep{Name: spec.Name, Spec: string(text), GamesTotal: total}); err != nil {
		return 0, err
	}
	done, err := st.SweepSeedsDone(ctx, spec.Name)
	if err != nil {
		return 0, err
	}
	for i := range cells {
		stored := map[uint64]bool{}
		for _, s := range done[cells[i].ID] {
			stored[s] = true
		}
		left := cells[i].Seeds[:0]
		for _, s := range cells[i].Seeds {
			if !stored[s] {
				left = append(left, s)
			}
		}
		cells[i].Seeds = left
	}
	return Enqueue(ctx, st.PgxPool(), spec.Name, cells, batch)
}

// Status tells where the sweep of that name stands, with its jobs on the
// queue. A sweep not stored is a *game.InputError wrapping
// store.ErrNotFound.
func Status(ctx context.Context, st *store.Store, name string) (*sweep.Status, error) {
	sw, err := sweep.Stored(ctx, st, name)
	if err != nil {
		return nil, err
	}
	done, err := st.CountGames(ctx, store.Filter{Sweep: name})
	if err != nil {
		return nil, err
	}
	s := &sweep.Status{Name: name, GamesTotal: sw.GamesTotal, GamesDone: done}
	pool := st.PgxPool()
	if pool == nil {
		return s, nil
	}
	if err := jobStatus(ctx, pool, s); err != nil {
		return nil, fmt.Errorf("sweep %s: job queue: %w", name, err)
	}
	return s, nil
}

func jobStatus(ctx context.Context, pool *pgxpool.Pool, s *sweep.Status) error {
	var table *string
	if err := pool.QueryRow(ctx, `SELECT to_regclass('river_job')::text`).Scan(&table); err != nil {
		return err
	}
	if table == nil {
		return nil // no queue in this database yet
	}
	rows, err := pool.Query(ctx, `SELECT state, count(*) FROM river_job WHERE kind = $1 AND args->>'sweep' = $2 GROUP BY state`, Kind, s.Name)
	if err != nil {
		return err
	}
	counts, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (struct {
		state string
		n     int64
	}, error) {
		var c struct {
			state string
			n     int64
		}
		err := r.Scan(&c.state, &c.n)
		return c, err
	})
	if err != nil {
		return err
	}
	for _, c := range counts {
		s.Queue = true
		switch rivertype.JobState(c.state) {
		case rivertype.JobStateCompleted:
			s.Done += c.n
		case rivertype.JobStateRunning:
			s.Running += c.n
		case rivertype.JobStateDiscarded, rivertype.JobStateCancelled:
			s.Failed += c.n
		case rivertype.JobStateRetryable:
			s.Retrying += c.n
			s.Queued += c.n
		default: // available, scheduled, pending
			s.Queued += c.n
		}
	}
	// errors is a jsonb[] of {at, attempt, error, trace}, oldest first.
	err = pool.QueryRow(ctx, `SELECT errors[cardinality(errors)]->>'error' FROM river_job
		WHERE kind = $1 AND args->>'sweep' = $2 AND cardinality(errors) > 0
		ORDER BY (errors[cardinality(errors)]->>'at')::timestamptz DESC LIMIT 1`, Kind, s.Name).Scan(&s.LastError)
	if errors.Is(err, pgx.ErrNoRows) {
		err = nil
	}
	return err
}
