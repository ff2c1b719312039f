package queue

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
	"github.com/kombi/kombi/store"
)

// SolveReport tells what one run of a subproblem job did.
type SolveReport struct {
	JobID    int64  `json:"job"`
	Attempt  int    `json:"attempt"`
	Game     string `json:"game"`
	Position string `json:"position"`
	T        int64  `json:"t"`
	// Bounds proven (or stored before) on the position's value.
	Bounds distribute.Bounds `json:"bounds"`
	Nodes  int64             `json:"nodes"`
	// Elapsed is the run's time.
	Elapsed time.Duration `json:"elapsed"`
	// Outcome is "answered", "stored before" (another job answered it),
	// "too long" (the job's time was up: the coordinator splits the
	// position further), "snoozed" (put back: the worker stops),
	// "failed" (to be tried again) or "cancelled" (given up: a position
	// or game the solver cannot take).
	Outcome string `json:"outcome"`
	Err     error  `json:"-"`
}

// String describes the report in one line.
func (r SolveReport) String() string {
	s := jobName(r.JobID, r.Attempt)
	s += fmt.Sprintf(" %s: %s %s, value ≤ %d? ", r.Outcome, r.Game, r.Position, r.T)
	switch yes, known := r.Bounds.AtMost(r.T); {
	case known && yes:
		s += "yes"
	case known:
		s += "no"
	default:
		s += "not decided"
	}
	s += fmt.Sprintf(" (value %s), %d positions, %.1fs", r.Bounds, r.Nodes, r.Elapsed.Seconds())
	if r.Err != nil {
		s += ": " + r.Err.Error()
	}
	return s
}

// SolveWorker answers the subproblems of distributed solves: for a job's
// question, it keeps the stored answer when that decides it, else solves
// the position with the game's leaf solver and stores the bounds proven.
// A question it cannot answer within Budget is stored as too long, and the
// coordinator splits it further. Register it with river.AddWorker;
// RunWorker does it all.
type SolveWorker struct {
	river.WorkerDefaults[SolveArgs]
	// Store holds the answers.
	Store *store.Store
	// Games builds the games of the jobs.
	Games *game.Registry
	// Solvers hold the games' distributed solvers (distribute.Of).
	Solvers *solve.Solvers
	// Budget is how long one job may search (0: no limit).
	Budget time.Duration
	// Leaf configures the leaf solvers.
	Leaf distribute.LeafOptions
	// Keep is how many leaf solvers are kept for later jobs (their tables
	// serve the next subproblems; 0: one). The leaf solvers of a game
	// that can share its table (distribute.Sharer) are siblings of one
	// table: jobs at once share it, and Leaf.MemBytes bounds it.
	Keep int
	// ID names the worker in the answers it stores.
	ID string
	// ProofBytes bounds the proofs this worker stores for the others per
	// game (0: DefaultProofBytes); beyond it, it keeps them to itself (its
	// answers are still stored).
	ProofBytes int64
	// OnJob, when set, receives a report after each run of a job (one call
	// at a time).
	OnJob func(SolveReport)

	mu     sync.Mutex
	idle   []idleSolver
	shared map[string]distribute.Sharer // by game: the table every job shares
	// proofsSeen: by game, the last blob of proofs imported (see
	// exchangeProofs), under proofsMu
	proofsMu   sync.Mutex
	proofsSeen map[string]int64
	proofsOut  map[string]int64 // by game: the bytes of proofs stored
	cbMu       sync.Mutex
	loaded     map[string]distribute.Game
}

type idleSolver struct {
	game string
	ls   distribute.LeafSolver
}

// Work answers a job's question.
func (w *SolveWorker) Work(ctx context.Context, job *river.Job[SolveArgs]) error {
	a := job.Args
	rep := SolveReport{JobID: job.ID, Attempt: job.Attempt, Game: a.Game, Position: a.Position, T: a.T, Bounds: distribute.Any}
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

func (w *SolveWorker) work(ctx context.Context, a SolveArgs, start time.Time, rep *SolveReport) error {
	switch {
	case a.Game == "" || len(a.Game) > store.MaxSolveGame:
		return river.JobCancel(fmt.Errorf("a game string of %d bytes: want 1 to %d", len(a.Game), store.MaxSolveGame))
	case a.Position == "" || len(a.Position) > store.MaxSolvePosition:
		return river.JobCancel(fmt.Errorf("a position of %d bytes: want 1 to %d", len(a.Position), store.MaxSolvePosition))
	}
	stored, err := w.Store.SolveAnswers(ctx, a.Game, []string{a.Position})
	switch {
	case err != nil && ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded):
		// The worker stops before the job began: back on the queue at once.
		return river.JobSnooze(0)
	case err != nil:
		return err
	}
	if s, ok := stored[a.Position]; ok && storedDecides(s, a.T) {
		rep.Outcome, rep.Bounds = "stored before", distribute.Bounds{Lo: s.Lo, Hi: s.Hi}
		return nil
	}
	ls, release, err := w.solver(a.Game)
	if err != nil {
		return river.JobCancel(err)
	}
	defer release()
	bctx, cancel := ctx, context.CancelFunc(func() {})
	if w.Budget > 0 {
		bctx, cancel = context.WithTimeout(ctx, w.Budget)
	}
	stopExchange := w.exchangeDuring(bctx, a.Game, a.T, ls)
	b, nodes, err := ls.SolveLeaf(bctx, a.Position, a.T)
	cancel()
	stopExchange()
	rep.Bounds, rep.Nodes = b, nodes
	ans := store.SolveAnswer{Game: a.Game, Position: a.Position, Lo: b.Lo, Hi: b.Hi, Nodes: nodes, Seconds: elapsed(start), Worker: w.ID}
	switch {
	case err == nil:
		rep.Outcome = "answered"
	case ctx.Err() != nil:
		// The worker stops (or the job was withdrawn): what was proven is
		// kept, and the positions searched counted (the coordinator adds
		// up every job's), the job goes back on the queue at once, no
		// attempt lost.
		if b.Lo > distribute.NoLower || b.Hi < distribute.NoUpper || nodes > 0 {
			_ = w.keep(ctx, ans)
		}
		return river.JobSnooze(0)
	case solve.Stopped(err):
		// The job's time is up: the coordinator splits the position.
		rep.Outcome, ans.TooLong = "too long", a.T
	default:
		// A position the solver cannot take: trying again cannot help.
		return river.JobCancel(err)
	}
	if err := w.keep(ctx, ans); err != nil {
		return err
	}
	return nil
}

// keep stores an answer proven, also while the worker stops (the job's
// context cancelled): a proof is never thrown away for want of a write.
func (w *SolveWorker) keep(ctx context.Context, ans store.SolveAnswer) error {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	return storeAnswer(sctx, w.Store, ans)
}

// DefaultProofBytes is SolveWorker.ProofBytes when none is given. A long
// search proves far more than is worth sending: squares with 5 symbols to
// length 22 stored 17 GB of proofs in an hour from one worker.
const DefaultProofBytes = 1 << 30

// proofsEvery is how often a job's leaf solver exchanges proofs with the
// other workers while it searches (and once before and once after). Often:
// two workers solving sibling subproblems meet the same words all along
// (squares with 5 symbols to length 17 on two worker processes: 1.29–1.36
// times the local positions every 50 ms in 11 runs, 1.38–1.44 every 250 ms
// in 9; every 50 ms for the first second and less often later, as with
// 250 ms). Each exchange is a read of the database, and a write when
// there is something new: a few dozen workers make some hundreds a
// second.
const proofsEvery = 50 * time.Millisecond

// exchangeDuring exchanges proofs for a job (threshold t) whose leaf
// solver is an Exchanger: the other workers' new proofs before it starts,
// then every proofsEvery while it searches, and its own new ones when the
// returned function is called (the job is over). Errors leave the exchange
// for later: the proofs only save work. (A proof stored before that does
// not decide t is passed over for good by this worker: a later job of a
// greater t does not need it either.)
func (w *SolveWorker) exchangeDuring(ctx context.Context, game string, t int64, ls distribute.LeafSolver) func() {
	ex, ok := ls.(distribute.Exchanger)
	if !ok {
		return func() {}
	}
	w.exchangeProofs(ctx, game, t, ex)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(proofsEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				w.exchangeProofs(ctx, game, t, ex)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		w.exchangeProofs(context.WithoutCancel(ctx), game, t, ex)
	}
}

// exchangeProofs stores the leaf solver's new proofs and imports those the
// others stored since the last import (one exchange at a time per worker).
func (w *SolveWorker) exchangeProofs(ctx context.Context, game string, t int64, ex distribute.Exchanger) {
	w.proofsMu.Lock()
	defer w.proofsMu.Unlock()
	if w.proofsSeen == nil {
		w.proofsSeen, w.proofsOut = map[string]int64{}, map[string]int64{}
	}
	// Exported even beyond the bound: the journal starts afresh.
	if data := ex.ExportProofs(); len(data) > 0 && w.proofsOut[game]+int64(len(data)) <= cmp.Or(w.ProofBytes, DefaultProofBytes) {
		if ok, _ := w.Store.PutSolveBlob(ctx, store.SolveBlob{Game: game, Kind: ProofsKind, Data: data, Worker: w.ID}); ok {
			w.proofsOut[game] += int64(len(data))
		}
	}
	for {
		// Not its own: they are in its table already.
		blobs, err := w.Store.SolveBlobs(ctx, game, ProofsKind, w.proofsSeen[game], 64, w.ID)
		if err != nil || len(blobs) == 0 {
			return
		}
		for _, b := range blobs {
			w.proofsSeen[game] = b.ID
			_ = ex.ImportProofs(b.Data, t)
		}
	}
}

// solver returns a leaf solver of the game, one kept from an earlier job
// when there is one, and the function that gives it back.
func (w *SolveWorker) solver(gameString string) (distribute.LeafSolver, func(), error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := len(w.idle) - 1; i >= 0; i-- {
		if w.idle[i].game == gameString {
			ls := w.idle[i].ls
			w.idle = append(w.idle[:i], w.idle[i+1:]...)
			return ls, w.giveBack(gameString, ls), nil
		}
	}
	dg, ok := w.loaded[gameString]
	if !ok {
		g, err := w.Games.Load(gameString, 0)
		if err != nil {
			return nil, nil, err
		}
		if dg, ok = distribute.Of(w.Solvers, g); !ok {
			return nil, nil, fmt.Errorf("%s has no distributed solver", gameString)
		}
		if w.loaded == nil {
			w.loaded = map[string]distribute.Game{}
		}
		w.loaded[gameString] = dg
	}
	if sh, ok := w.shared[gameString]; ok {
		ls := sh.Sibling()
		return ls, w.giveBack(gameString, ls), nil
	}
	ls := dg.NewLeafSolver(w.Leaf)
	if sh, ok := ls.(distribute.Sharer); ok {
		if w.shared == nil {
			w.shared = map[string]distribute.Sharer{}
		}
		w.shared[gameString] = sh
	}
	return ls, w.giveBack(gameString, ls), nil
}

// giveBack keeps a leaf solver for the next job, the most recent first: at
// most Keep are kept, those of other games dropped first.
func (w *SolveWorker) giveBack(gameString string, ls distribute.LeafSolver) func() {
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		keep := max(w.Keep, 1)
		kept := w.idle[:0]
		for _, s := range w.idle {
			if s.game == gameString {
				kept = append(kept, s)
			}
		}
		for g := range w.shared {
			if g != gameString {
				delete(w.shared, g) // its table goes with its solvers
			}
		}
		w.idle = append(kept, idleSolver{gameString, ls})
		if len(w.idle) > keep {
			w.idle = w.idle[len(w.idle)-keep:]
		}
	}
}
