package queue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
	"github.com/kombi/kombi/store"
)

// SolveKind is the River job kind of a subproblem of a distributed solve
// (`kombi solve GAME --distribute`). Its jobs go on Queue with the sweeps'.
const SolveKind = "kombi_solve"

// SolveArgs are a subproblem job's arguments: is the value of Position (the
// game's canonical text) in Game (distribute.Splitter.Space) at most T?
type SolveArgs struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	T        int64  `json:"t"`
}

// Kind is the job kind, SolveKind.
func (SolveArgs) Kind() string { return SolveKind }

// InsertOpts puts the job on Queue; a job with the same arguments that is
// queued or running is not inserted again. (A done one may be: its answer
// is stored, and a coordinator asks only what the stored answers do not
// decide.)
func (SolveArgs) InsertOpts() river.InsertOpts { return onceWhileQueued() }

// onceWhileQueued are the insert options of a job kind that is queued at
// most once with the same arguments while it waits or runs.
func onceWhileQueued() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: maxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true,
		ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
			rivertype.JobStateRunning, rivertype.JobStateScheduled}}}
}

// SolveOptions configure a distributed solve.
type SolveOptions struct {
	// Distribute asks for one (the CLI's --distribute).
	Distribute bool
	// Options configure the coordinator: the split depth (the CLI's
	// --split-depth) and its waits. Its Progress is solve.Options', its
	// Local a leaf solver of LocalNodes.
	distribute.Options
	// LocalNodes bounds the positions searched here on a question before
	// it is split (0: DefaultLocalNodes; negative: none, every question is
	// split).
	LocalNodes int64
	// Solvers are the games' own solvers, where a game's distributed
	// solver is found (distribute.Of; games/all's Kit.Solvers).
	Solvers *solve.Solvers
}

// DefaultLocalNodes is SolveOptions.LocalNodes' default: about a second's
// search, so that the lengths that take less are not split.
const DefaultLocalNodes = 4 << 20

// IsPostgresURL reports whether url names a PostgreSQL database, which the
// job queue needs.
func IsPostgresURL(url string) bool {
	u := strings.ToLower(url)
	return strings.HasPrefix(u, "postgres://") || strings.HasPrefix(u, "postgresql://")
}

// Solve solves s exactly with its game's distributed solver, its
// subproblems queued on the job queue of the PostgreSQL database at dbURL
// and answered by `kombi worker` processes (RunWorker): the Result of a
// local solve (solve.Solve), with the coordinator's counts among its extras
// (distribute.Solve). Answers are stored in the database, so a solve that
// is interrupted and run again asks only for what is not answered yet.
// A game whose solver makes tables (distribute.TableMaker: 2D Nim) has the
// workers compute the table its solve needs (see BuildTable), then solves
// here with it.
// A game without a distributed solver is an error wrapping
// distribute.ErrUsage that names the games with one (games lists them); a
// database that is not PostgreSQL one wrapping ErrNoQueue.
func Solve(ctx context.Context, dbURL string, games *game.Registry, g game.Game, s game.State, opt solve.Options, so SolveOptions) (*solve.Result, error) {
	if opt.Checkpoint != "" {
		return nil, fmt.Errorf("%w: a checkpoint file with --distribute: the answers are kept in the database (run the same command again to continue)", distribute.ErrUsage)
	}
	tm, table := distribute.TableMakerOf(so.Solvers, g)
	dg, ok := distribute.Of(so.Solvers, g)
	if !table && !ok {
		return nil, fmt.Errorf("%w: %s has no distributed solver; --distribute solves %s", distribute.ErrUsage, g.Type().Name, strings.Join(distribute.Games(games, so.Solvers), ", "))
	}
	if !IsPostgresURL(dbURL) {
		return nil, fmt.Errorf("--distribute: %w; the database is %s", ErrNoQueue, dbURL)
	}
	st, err := store.Open(context.WithoutCancel(ctx), dbURL)
	if err != nil {
		return nil, fmt.Errorf("--distribute: %w", err)
	}
	defer st.Close()
	if table {
		return solveWithTable(ctx, st, g, s, opt, tm)
	}
	return SolveStore(ctx, st, dg, s, opt, so)
}

// Solver returns solve.Solve's counterpart for `kombi solve --distribute`:
// Solve on the database that a --db flag's value names (when empty,
// $KOMBI_DB, else the default file, which is not PostgreSQL); its usage
// errors are *game.InputErrors.
func Solver(dbFlag string, games *game.Registry, so SolveOptions) func(context.Context, game.Game, game.State, solve.Options) (*solve.Result, error) {
	return func(ctx context.Context, g game.Game, s game.State, opt solve.Options) (*solve.Result, error) {
		url, err := store.URLFromEnv(dbFlag)
		if err != nil {
			return nil, err
		}
		return Solve(ctx, url, games, g, s, opt, so)
	}
}

// SolveStore is Solve on an open store.
func SolveStore(ctx context.Context, st *store.Store, g distribute.Game, s game.State, opt solve.Options, so SolveOptions) (*solve.Result, error) {
	pool := st.PgxPool()
	if pool == nil {
		return nil, fmt.Errorf("--distribute: %w; %s is an SQLite file", ErrNoQueue, st.Location())
	}
	client, err := insertClient(ctx, pool)
	if err != nil {
		return nil, err
	}
	copt := so.Options
	copt.Progress = opt.Progress
	if so.LocalNodes >= 0 {
		n := so.LocalNodes
		if n == 0 {
			n = DefaultLocalNodes
		}
		copt.Local, copt.LocalNodes = g.NewLeafSolver(distribute.LeafOptions{MemBytes: opt.MemBytes, Nodes: n, WholeTable: true}), n
	}
	c, err := distribute.NewCoordinator(g.Splitter(), &queueBackend{st: st, pool: pool, client: client, jobs: map[distribute.Question]int64{}, id: "coordinator-" + WorkerID()}, copt)
	if err != nil {
		return nil, err
	}
	return distribute.Solve(ctx, g, s, opt, c)
}

// queueBackend is the distribute.Backend of the job queue: questions are
// SolveArgs jobs, answers the store's solve_answers.
type queueBackend struct {
	st     *store.Store
	pool   *pgxpool.Pool
	client *river.Client[pgx.Tx]
	// jobs holds the job of each question asked, to withdraw it.
	jobs map[distribute.Question]int64
	// cancelled holds the jobs withdrawn while a worker ran them (see
	// Unsettled).
	cancelled []int64
	// id names the coordinator in the proofs it stores (PutProofs).
	id string
}

// Ask inserts a job per question (none where one is queued, running or
// done). A question whose earlier job was given up is an error.
func (b *queueBackend) Ask(ctx context.Context, space string, qs []distribute.Question) (int, error) {
	if err := b.failed(ctx, space, qs); err != nil {
		return 0, err
	}
	added := 0
	const chunk = 1000
	for lo := 0; lo < len(qs); lo += chunk {
		part := qs[lo:min(lo+chunk, len(qs))]
		params := make([]river.InsertManyParams, len(part))
		for i, q := range part {
			params[i] = river.InsertManyParams{Args: SolveArgs{Game: space, Position: q.Position, T: q.T}}
		}
		res, err := b.client.InsertMany(ctx, params)
		if err != nil {
			return added, fmt.Errorf("job queue: %w", err)
		}
		for i, r := range res {
			if !r.UniqueSkippedAsDuplicate {
				added++
			}
			if r.Job != nil {
				b.jobs[part[i]] = r.Job.ID
			}
		}
	}
	return added, nil
}

// ProofsKind is the kind of the store's solve blobs that hold proofs
// exchanged between leaf solvers (distribute.Exchanger).
const ProofsKind = "proofs"

// PutProofs stores the coordinator's proofs for the workers, which read
// them as the other workers' (distribute.ProofSink).
func (b *queueBackend) PutProofs(ctx context.Context, space string, data []byte) error {
	if _, err := b.st.PutSolveBlob(ctx, store.SolveBlob{Game: space, Kind: ProofsKind, Data: data, Worker: b.id}); err != nil {
		return fmt.Errorf("proofs for the workers: %w", err)
	}
	return nil
}

// Waiting counts the jobs on the queue that no worker has taken yet (of
// any solve or sweep: while there are some, the workers are busy).
func (b *queueBackend) Waiting(ctx context.Context, _ string) (int, error) {
	var n int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE state = 'available' AND queue = $1`, Queue).Scan(&n); err != nil {
		return 0, fmt.Errorf("job queue: %w", err)
	}
	return n, nil
}

// failed reports the first question among qs whose job was given up: a
// subproblem no worker can solve (the last error says why).
func (b *queueBackend) failed(ctx context.Context, space string, qs []distribute.Question) error {
	var ids []int64
	for _, q := range qs {
		if id, ok := b.jobs[q]; ok {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var (
		id      int64
		pos     string
		lastErr *string
	)
	err := b.pool.QueryRow(ctx, `SELECT id, args->>'position', errors[cardinality(errors)]->>'error' FROM river_job
		WHERE id = ANY($1) AND (state = 'discarded' OR state = 'cancelled' AND cardinality(errors) > 0
			AND errors[cardinality(errors)]->>'error' <> $2)
		LIMIT 1`, ids, rivertype.ErrJobCancelledRemotely.Error()).Scan(&id, &pos, &lastErr)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil
	case err != nil:
		return fmt.Errorf("job queue: %w", err)
	}
	why := "no error recorded"
	if lastErr != nil {
		why = *lastErr
	}
	return fmt.Errorf("subproblem %s of %s: job %d was given up: %s", pos, space, id, why)
}

// Answers reads the stored answers.
func (b *queueBackend) Answers(ctx context.Context, space string, positions []string) (map[string]distribute.Answer, error) {
	out := make(map[string]distribute.Answer, len(positions))
	for lo := 0; lo < len(positions); lo += store.MaxSolvePositions {
		got, err := b.st.SolveAnswers(ctx, space, positions[lo:min(lo+store.MaxSolvePositions, len(positions))])
		if err != nil {
			return nil, err
		}
		for p, a := range got {
			out[p] = distribute.Answer{Bounds: distribute.Bounds{Lo: a.Lo, Hi: a.Hi}, TooLong: a.TooLong, Nodes: a.Nodes, Seconds: a.Seconds}
		}
	}
	return out, nil
}

// Withdraw deletes the jobs of the questions that wait on the queue and
// cancels those running (their workers store what they proved so far).
func (b *queueBackend) Withdraw(ctx context.Context, _ string, qs []distribute.Question) error {
	var ids []int64
	for _, q := range qs {
		if id, ok := b.jobs[q]; ok {
			ids = append(ids, id)
			delete(b.jobs, q)
		}
	}
	const chunk = 10000 // River's bound
	for lo := 0; lo < len(ids); lo += chunk {
		part := ids[lo:min(lo+chunk, len(ids))]
		params := river.NewJobDeleteManyParams().IDs(part...).First(len(part)).
			States(rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStateRetryable, rivertype.JobStatePending)
		if _, err := b.client.JobDeleteMany(ctx, params); err != nil {
			return fmt.Errorf("job queue: withdraw: %w", err)
		}
	}
	rows, err := b.pool.Query(ctx, `SELECT id FROM river_job WHERE id = ANY($1) AND state = 'running'`, ids)
	if err != nil {
		return fmt.Errorf("job queue: withdraw: %w", err)
	}
	running, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return fmt.Errorf("job queue: withdraw: %w", err)
	}
	for _, id := range running {
		if _, err := b.client.JobCancel(ctx, id); err != nil && !errors.Is(err, river.ErrNotFound) {
			return fmt.Errorf("job queue: withdraw: cancel job %d: %w", id, err)
		}
		b.cancelled = append(b.cancelled, id)
	}
	return nil
}

// Unsettled returns how many of the jobs withdrawn while they ran are
// still running: their workers store the positions they searched as they
// stop (distribute.Settler). The jobs that stopped are forgotten.
func (b *queueBackend) Unsettled(ctx context.Context, _ string) (int, error) {
	if len(b.cancelled) == 0 {
		return 0, nil
	}
	rows, err := b.pool.Query(ctx, `SELECT id FROM river_job WHERE id = ANY($1) AND state = 'running'`, b.cancelled)
	if err != nil {
		return 0, fmt.Errorf("job queue: jobs withdrawn: %w", err)
	}
	running, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, fmt.Errorf("job queue: jobs withdrawn: %w", err)
	}
	b.cancelled = running
	return len(running), nil
}

// storeAnswer stores a job's answer, also after its context ended.
func storeAnswer(ctx context.Context, st *store.Store, a store.SolveAnswer) error {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	return st.PutSolveAnswer(sctx, a)
}

// storedDecides reports whether a stored answer decides the question.
func storedDecides(a store.SolveAnswer, t int64) bool {
	_, known := distribute.Bounds{Lo: a.Lo, Hi: a.Hi}.AtMost(t)
	return known
}

// elapsed is the time since start in seconds.
func elapsed(start time.Time) float64 { return time.Since(start).Seconds() }
