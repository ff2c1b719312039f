package queue_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/sweep/queue"
)

// solveFields are the fields of `kombi solve --json` that a distributed
// solve must give as the local one does.
var solveFields = []string{"game", "position", "player", "outcome", "value", "lower_bound", "upper_bound", "best_moves", "complete", "word", "best_position"}

// kombiSolve runs `kombi solve` with args and --json and returns what it
// printed.
func kombiSolve(t *testing.T, bin string, args ...string) map[string]any {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"solve", "--json", "--quiet"}, args...)...)
	cmd.Env = append(os.Environ(), "KOMBI_DATA_DIR="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("kombi solve %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("kombi solve %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return m
}

// sameResult fails the test unless the distributed result has the local
// one's value, bounds, outcome and best moves.
func sameResult(t *testing.T, what string, local, dist map[string]any) {
	t.Helper()
	for _, f := range solveFields {
		if !reflect.DeepEqual(local[f], dist[f]) {
			t.Errorf("%s: %s is %v distributed, %v here", what, f, dist[f], local[f])
		}
	}
	if dist["distributed"] != true {
		t.Errorf("%s: not distributed: %v", what, dist)
	}
}

// startWorkers starts n `kombi worker` processes and waits until each takes
// jobs.
func startWorkers(t *testing.T, bin, url string, n int) []*workerProc {
	t.Helper()
	var procs []*workerProc
	for i := range n {
		procs = append(procs, startWorker(t, bin, url, i))
	}
	for i, p := range procs {
		select {
		case <-p.id:
		case <-p.exited:
			t.Fatalf("worker %d ended at its start: %v\n%s", i, p.err, p.output())
		case <-time.After(30 * time.Second):
			t.Fatalf("worker %d did not start in 30 s\n%s", i, p.output())
		}
	}
	return procs
}

// TestDistributedSolve runs `kombi solve --distribute` against three
// `kombi worker` processes on one PostgreSQL database: the same results
// as a local solve (values, bounds, best moves, for the builder and the
// painter to move), the subproblems answered by the workers; then a
// distributed solve killed with SIGKILL and run again gives the local
// value, reusing the answers stored before and queueing none of them again.
func TestDistributedSolve(t *testing.T) {
	url := storetest.PostgresURL(t)
	if testing.Short() {
		t.Skip("builds kombi and runs three workers for some seconds")
	}
	ctx := context.Background()
	bin := buildKombi(t)
	st := openStore(t, url)
	procs := startWorkers(t, bin, url, 3)
	defer func() {
		if t.Failed() {
			for _, p := range procs {
				t.Log(p.output())
			}
		}
	}()

	cases := [][]string{
		{"thue(alphabet=4,start=0)", "--split-depth", "4"},
		{"thue(alphabet=4,start=1)", "--position", "0102@1", "--split-depth", "3"},
		{"thue(alphabet=3,rule=overlap,start=0)", "--split-depth", "7"},
		{"thue(alphabet=5,start=0)", "--max-length", "16", "--split-depth", "8"},
	}
	for _, args := range cases {
		start := time.Now()
		dist := kombiSolve(t, bin, append(args, "--distribute", "--db", url, "--local-nodes", "-1")...)
		took := time.Since(start)
		local := kombiSolve(t, bin, args...)
		sameResult(t, strings.Join(args, " "), local, dist)
		if asked, _ := dist["subproblems_asked"].(float64); asked == 0 {
			t.Errorf("%s: no subproblem was asked: %v", strings.Join(args, " "), dist)
		}
		t.Logf("%s: value %v, bound %v: %v subproblems, %.2fs distributed (%.3fs here)", strings.Join(args, " "),
			dist["value"], dist["lower_bound"], dist["subproblems"], took.Seconds(), local["seconds"])
	}
	// With the coordinator's own quick searches (to about length 13 here):
	// what they proved goes to the workers, and the result is the same.
	{
		args := []string{"thue(alphabet=5,start=0)", "--max-length", "16"}
		dist := kombiSolve(t, bin, append(args, "--distribute", "--db", url, "--local-nodes", "100000")...)
		sameResult(t, "with local searches", kombiSolve(t, bin, args...), dist)
		var blobs int
		if err := st.PgxPool().QueryRow(ctx, `SELECT count(*) FROM solve_blobs WHERE kind = $1 AND worker LIKE 'coordinator-%'`, queue.ProofsKind).Scan(&blobs); err != nil {
			t.Fatal(err)
		}
		if shared, _ := dist["local_proof_bytes"].(float64); shared == 0 || blobs == 0 {
			t.Errorf("with local searches: %v bytes of proofs shared, %d blobs stored by the coordinator: %v", shared, blobs, dist)
		}
		if answered, _ := dist["subproblems"].(float64); answered == 0 {
			t.Errorf("with local searches: no subproblem was answered (all decided here): %v", dist)
		}
	}
	var answered, workers int
	if err := st.PgxPool().QueryRow(ctx, `SELECT count(*), count(DISTINCT worker) FROM solve_answers`).Scan(&answered, &workers); err != nil {
		t.Fatal(err)
	}
	if workers < 2 {
		t.Errorf("%d answers stored by %d workers: want the three workers to share them", answered, workers)
	}
	if !strings.Contains(procs[0].output()+procs[1].output()+procs[2].output(), " answered: thue(alphabet=") {
		t.Error("no worker printed a subproblem it answered")
	}

	// Killed and run again.
	const space = "thue(alphabet=4,rule=overlap,start=0)"
	args := []string{"thue(alphabet=4,rule=overlap,start=0)", "--max-length", "16", "--split-depth", "10"}
	local := kombiSolve(t, bin, args...)
	first := exec.Command(bin, append([]string{"solve", "--json", "--quiet", "--distribute", "--db", url, "--local-nodes", "-1"}, args...)...)
	first.Env = append(os.Environ(), "KOMBI_DATA_DIR="+t.TempDir())
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	count := func() int64 {
		n, err := st.CountSolveAnswers(ctx, space)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Killed once a few answers are stored, with the workers paused (SIGSTOP)
	// meanwhile: the run, which searches nothing itself (--local-nodes -1),
	// cannot end between the count and the kill, however fast the workers
	// are (a kill at 20 answers came after the run had ended on CI: the whole
	// run stores 19-21 answers).
	deadline := time.Now().Add(60 * time.Second)
	for count() < 5 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	for _, p := range procs {
		if err := p.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
	}
	killErr := first.Process.Signal(syscall.SIGKILL)
	for _, p := range procs {
		if err := p.cmd.Process.Signal(syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
	}
	if killErr != nil {
		t.Fatal(killErr)
	}
	err := first.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("the first run ended before it was killed (%v): the test wants to kill it in the middle", err)
	}
	var killedAt time.Time
	if err := st.PgxPool().QueryRow(ctx, `SELECT now()`).Scan(&killedAt); err != nil {
		t.Fatal(err)
	}
	// What was stored when it was killed (workers go on answering its
	// questions meanwhile).
	rows, err := st.PgxPool().Query(ctx, `SELECT position, lo, hi FROM solve_answers WHERE game = $1`, space)
	if err != nil {
		t.Fatal(err)
	}
	before := map[string]distribute.Bounds{}
	for rows.Next() {
		var p string
		var b distribute.Bounds
		if err := rows.Scan(&p, &b.Lo, &b.Hi); err != nil {
			t.Fatal(err)
		}
		before[p] = b
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	second := kombiSolve(t, bin, append(args, "--distribute", "--db", url, "--local-nodes", "-1")...)
	sameResult(t, "run again after SIGKILL", local, second)
	if reused, _ := second["subproblems_reused"].(float64); reused == 0 {
		t.Errorf("run again: no answer of the killed run reused: %v", second)
	}
	// No question answered before was queued again.
	rows, err = st.PgxPool().Query(ctx, `SELECT args->>'position', (args->>'t')::bigint FROM river_job
		WHERE kind = $1 AND args->>'game' = $2 AND created_at > $3`, queue.SolveKind, space, killedAt)
	if err != nil {
		t.Fatal(err)
	}
	queuedAgain := 0
	for rows.Next() {
		var p string
		var T int64
		if err := rows.Scan(&p, &T); err != nil {
			t.Fatal(err)
		}
		if b, ok := before[p]; ok {
			if _, known := b.AtMost(T); known {
				t.Errorf("run again: %s (value ≤ %d?) queued again, though %s was stored", p, T, b)
			}
		}
		queuedAgain++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// No question waits twice.
	var dups int
	if err := st.PgxPool().QueryRow(ctx, `SELECT count(*) FROM (SELECT args FROM river_job WHERE kind = $1
		AND state NOT IN ('completed', 'cancelled', 'discarded') GROUP BY args HAVING count(*) > 1) d`, queue.SolveKind).Scan(&dups); err != nil {
		t.Fatal(err)
	}
	if dups != 0 {
		t.Errorf("%d questions have two jobs waiting", dups)
	}
	t.Logf("killed with %d answers stored; run again: %v subproblems (%v stored before), %d jobs queued by it; value %v, bound %v",
		len(before), second["subproblems"], second["subproblems_reused"], queuedAgain, second["value"], second["lower_bound"])
}

// TestDistributeUsage: a game without a distributed solver, and a database
// that is not PostgreSQL, are usage errors (exit status 2) naming what is
// allowed.
func TestDistributeUsage(t *testing.T) {
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	games := kit.Games
	load := func(spec string) (game.Game, game.State) {
		g, err := games.Load(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		return g, g.NewInitialState()
	}
	ctx := context.Background()
	g, s := load("nim(piles=1;2)")
	_, err = queue.Solver("postgres://nowhere.invalid/kombi", games, queue.SolveOptions{Distribute: true, Solvers: kit.Solvers()})(ctx, g, s, solve.Options{})
	var ie *game.InputError
	if !errors.As(err, &ie) || !errors.Is(err, distribute.ErrUsage) || !strings.Contains(err.Error(), "--distribute solves thue") {
		t.Errorf("nim: %v; want a usage error naming thue", err)
	}
	g, s = load("thue(alphabet=4)")
	_, err = queue.Solver(storetest.SQLitePath(t), games, queue.SolveOptions{Distribute: true, Solvers: kit.Solvers()})(ctx, g, s, solve.Options{})
	if !errors.Is(err, queue.ErrNoQueue) {
		t.Errorf("SQLite: %v; want ErrNoQueue", err)
	}
	bin := buildKombi(t)
	for _, args := range [][]string{
		{"solve", "nim(piles=1;2)", "--distribute", "--db", "postgres://nowhere.invalid/kombi"},
		{"solve", "thue(alphabet=4)", "--distribute", "--db", storetest.SQLitePath(t)},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "KOMBI_DATA_DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), "distribute") {
			t.Errorf("kombi %s: %v, %s; want exit status 2 and a message", strings.Join(args, " "), err, out)
		}
	}
}

// TestDistributedSolveInProcess runs the coordinator and two workers in
// this process (so the race detector sees them): the local result, and
// every subproblem job reported.
func TestDistributedSolveInProcess(t *testing.T) {
	ctx, cancel, st, kit := workerEnv(t, storetest.PostgresURL(t))
	games := kit.Games
	reports := make(chan queue.SolveReport, 1000)
	done := runWorkerHere(ctx, t, st, kit, queue.WorkerOptions{Workers: 2, RescueAfter: 4 * time.Second, Solvers: kit.Solvers(),
		OnSolve: func(r queue.SolveReport) {
			select {
			case reports <- r:
			default:
			}
		}})
	// The positions each solve reports: its tree's and every job's.
	counted := map[string]int64{}
	for _, spec := range []struct {
		game, position string
	}{{"thue(alphabet=4,start=0)", ""}, {"thue(alphabet=3,rule=overlap,start=2)", "1021@2"}} {
		g, err := games.Load(spec.game, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := game.StartOf(g, spec.position)
		if err != nil {
			t.Fatal(err)
		}
		local, err := kit.Solvers().Solve(ctx, g, s, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		dg, _ := distribute.Of(kit.Solvers(), g)
		dist, err := queue.SolveStore(ctx, st, dg, s, solve.Options{},
			queue.SolveOptions{Options: distribute.Options{SplitDepth: 4, Poll: 5 * time.Millisecond}, LocalNodes: -1})
		if err != nil {
			t.Fatal(err)
		}
		if local.Value != dist.Value || local.Outcome != dist.Outcome || !reflect.DeepEqual(local.BestMoves, dist.BestMoves) {
			t.Errorf("%s %s: local %v %v %v, distributed %v %v %v", spec.game, spec.position,
				local.Value, local.Outcome, local.BestMoves, dist.Value, dist.Outcome, dist.BestMoves)
		}
		if dist.Extra["subproblems_asked"].(int) == 0 {
			t.Errorf("%s: nothing asked: %v", spec.game, dist.Extra)
		}
		counted[dg.Splitter().Space()] = dist.Nodes - int64(dist.Extra["tree_nodes"].(int)) - dist.Extra["local_nodes"].(int64)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	close(reports)
	n := 0
	searched := map[string]int64{}
	for r := range reports {
		if r.Outcome == "failed" || r.Outcome == "cancelled" || r.String() == "" {
			t.Errorf("job report: %s", r)
		}
		searched[r.Game] += r.Nodes
		n++
	}
	if n == 0 {
		t.Error("no subproblem job reported")
	}
	// Every job's positions are in its solve's count, those of jobs
	// withdrawn while they ran too.
	if !reflect.DeepEqual(searched, counted) {
		t.Errorf("positions the jobs searched %v, the solves counted %v", searched, counted)
	}
}

// TestProofsStoredAreBounded: a worker stores at most ProofBytes of
// proofs for a game (a long search proves gigabytes), and the solve's
// result is the local one all the same.
func TestProofsStoredAreBounded(t *testing.T) {
	ctx, cancel, st, kit := workerEnv(t, storetest.PostgresURL(t))
	// Unbounded, this solve stores some 270 KB of proofs.
	const bound = 2000
	done := runWorkerHere(ctx, t, st, kit, queue.WorkerOptions{Workers: 2, RescueAfter: 4 * time.Second, Solvers: kit.Solvers(), ProofBytes: bound})
	const gs = "thue(alphabet=5,start=0)"
	g, err := kit.Games.Load(gs, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	local, err := kit.Solvers().Solve(ctx, g, s, solve.Options{MaxLength: 14})
	if err != nil {
		t.Fatal(err)
	}
	dg, _ := distribute.Of(kit.Solvers(), g)
	dist, err := queue.SolveStore(ctx, st, dg, s, solve.Options{MaxLength: 14},
		queue.SolveOptions{Options: distribute.Options{SplitDepth: 4, Poll: 5 * time.Millisecond}, LocalNodes: -1})
	if err != nil {
		t.Fatal(err)
	}
	if local.Value != dist.Value || local.Outcome != dist.Outcome {
		t.Errorf("local %v %v, distributed %v %v", local.Value, local.Outcome, dist.Value, dist.Outcome)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	blobs, err := st.SolveBlobs(context.Background(), g.String(), queue.ProofsKind, 0, 1<<20, "")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, b := range blobs {
		total += len(b.Data)
	}
	if total > bound {
		t.Errorf("%d bytes of proofs in %d blobs stored, bound %d", total, len(blobs), bound)
	}
}
