package queue_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/sweep"
	"github.com/kombi/kombi/sweep/queue"
)

func openStore(t *testing.T, url string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Error(err)
		}
	})
	return st
}

func TestParseStoredSpec(t *testing.T) {
	spec := &sweep.Spec{Name: "grid", Games: []string{"nim(piles=3;4;5)"}, Pairs: [][]string{{"perfect", "random"}},
		Seeds: []any{int64(3), int64(1), int64(7)}, MaxThink: "2s"}
	data, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sweep.ParseStoredSpec("grid", string(data))
	if err != nil {
		t.Fatalf("the JSON of a spec with a list of seeds: %v", err)
	}
	seeds, err := got.SeedList()
	if err != nil || fmt.Sprint(seeds) != "[3 1 7]" || got.MaxThink != "2s" {
		t.Fatalf("read back: seeds %v (%v), max_think %q", seeds, err, got.MaxThink)
	}
	toml := "name = \"grid\"\ngames = [\"nim(piles=1;2)\"]\npairs = [[\"random\", \"random\"]]\nseeds = \"5..9\"\n"
	got, err = sweep.ParseStoredSpec("grid", toml)
	if err != nil {
		t.Fatalf("TOML: %v", err)
	}
	if seeds, _ := got.SeedList(); len(seeds) != 5 || seeds[0] != 5 {
		t.Fatalf("TOML seeds: %v", seeds)
	}
	for _, bad := range []string{`{"name":"grid"}`, `{"name":`, `{"name":"g","games":["nim"],"pairs":[["a","b"]],"seeds":[1.5]}`} {
		if _, err := sweep.ParseStoredSpec("grid", bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

func TestNoQueueOnSQLite(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, storetest.SQLitePath(t))
	spec := &sweep.Spec{Name: "local", Games: []string{"nim(piles=1;2)"}, Pairs: [][]string{{"random", "random"}}, Seeds: "1..3"}
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := queue.EnqueueSweep(ctx, st, games, bots, spec); !errors.Is(err, queue.ErrNoQueue) {
		t.Fatalf("enqueue on SQLite: %v; want ErrNoQueue", err)
	}
	if err := queue.RunWorker(ctx, st, games, bots, queue.WorkerOptions{}); !errors.Is(err, queue.ErrNoQueue) {
		t.Fatalf("worker on SQLite: %v; want ErrNoQueue", err)
	}
	// Status works for a sweep run on one machine: games only.
	if err := st.PutSweep(ctx, store.Sweep{Name: "local", Spec: "{}", GamesTotal: 3}); err != nil {
		t.Fatal(err)
	}
	s, err := queue.Status(ctx, st, "local")
	if err != nil || s.GamesTotal != 3 || s.GamesDone != 0 || s.Queue {
		t.Fatalf("status: %+v, %v", s, err)
	}
	if _, err := queue.Status(ctx, st, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("status of a missing sweep: %v", err)
	}
}

// waitStatus polls the sweep's status until done says so.
func waitStatus(t *testing.T, st *store.Store, name string, timeout time.Duration, done func(*sweep.Status) bool) *sweep.Status {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		s, err := queue.Status(context.Background(), st, name)
		if err != nil {
			t.Fatal(err)
		}
		if done(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("sweep %s after %s: %+v", name, timeout, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestEnqueueAndWorkInProcess queues a sweep (twice: the second time adds
// nothing), plus a job of a cell the sweep lacks, and works them with a
// worker in this process: every game is stored once, the bad job fails
// for good, Status counts it all.
func TestEnqueueAndWorkInProcess(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, storetest.PostgresURL(t))
	spec := &sweep.Spec{Name: "inproc", Games: []string{"nim(piles=3;4;5)", "nim(piles=2;2)"},
		Pairs: [][]string{{"perfect", "random"}}, Seeds: "1..12", Alternate: true}
	// Two games stored before: skipped by the queue.
	cells, err := spec.Cells()
	if err != nil {
		t.Fatal(err)
	}
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	pre := cells[0]
	pre.Seeds = []uint64{1, 2}
	if _, err := sweep.Run(ctx, games, bots, []sweep.Cell{pre}, sweep.Options{Workers: 1, Record: func(r *game.Record) {
		if _, _, err := st.AddGame(ctx, store.NewGame{Record: r, Source: store.SourceSweep, Sweep: spec.Name, Cell: pre.ID}); err != nil {
			t.Error(err)
		}
	}}); err != nil {
		t.Fatal(err)
	}
	jobs, err := queue.EnqueueSweepBatch(ctx, st, games, bots, spec, 5)
	// 4 cells: the first has 10 seeds left (2 jobs), the others 12 (3 jobs each).
	if err != nil || jobs != 11 {
		t.Fatalf("enqueue: %d jobs, %v; want 11", jobs, err)
	}
	if again, err := queue.EnqueueSweepBatch(ctx, st, games, bots, spec, 5); err != nil || again != 0 {
		t.Fatalf("enqueue again: %d jobs, %v; want 0", again, err)
	}
	if n, err := queue.Enqueue(ctx, st.PgxPool(), spec.Name, []sweep.Cell{{ID: "no such cell", Seeds: []uint64{1}}}, 5); err != nil || n != 1 {
		t.Fatalf("enqueue a bad cell: %d, %v", n, err)
	}
	s, err := queue.Status(ctx, st, spec.Name)
	if err != nil || s.GamesTotal != 48 || s.GamesDone != 2 || s.Queued != 12 || !s.Queue {
		t.Fatalf("status before work: %+v, %v", s, err)
	}

	wctx, stop := context.WithCancel(ctx)
	var mu sync.Mutex
	var reports []queue.JobReport
	done := make(chan error, 1)
	go func() {
		done <- queue.RunWorker(wctx, st, games, bots, queue.WorkerOptions{Workers: 2, RescueAfter: 10 * time.Second,
			OnJob: func(r queue.JobReport) {
				mu.Lock()
				reports = append(reports, r)
				mu.Unlock()
			}})
	}()
	s = waitStatus(t, st, spec.Name, 60*time.Second, func(s *sweep.Status) bool { return s.Done+s.Failed == 12 })
	stop()
	if err := <-done; err != nil {
		t.Fatalf("worker: %v", err)
	}
	if s.GamesDone != 48 || s.Done != 11 || s.Failed != 1 || s.Running != 0 || s.Queued != 0 || !strings.Contains(s.LastError, "no such cell") {
		t.Fatalf("status after work: %+v", s)
	}
	played := 0
	for _, r := range reports {
		played += r.Played
		if r.Outcome == "cancelled" && !strings.Contains(r.String(), "no such cell") {
			t.Errorf("report of the bad job: %s", r)
		}
	}
	if played != 46 || len(reports) != 12 {
		t.Fatalf("%d reports, %d games played; want 12 and 46", len(reports), played)
	}
	checkEachOnce(t, st, spec)
}

// checkEachOnce asserts that every (cell, seed) of the sweep is stored
// exactly once, and nothing else.
func checkEachOnce(t *testing.T, st *store.Store, spec *sweep.Spec) {
	t.Helper()
	cells, err := spec.Cells()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, c := range cells {
		for _, s := range c.Seeds {
			want[store.DoneKey(c.ID, s)] = 0
		}
	}
	stored, err := st.Games(context.Background(), store.Filter{Sweep: spec.Name})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range stored {
		k := store.DoneKey(g.Cell, g.Seed)
		if _, ok := want[k]; !ok {
			t.Errorf("stored game %d of cell %q seed %d is not in the sweep", g.ID, g.Cell, g.Seed)
		}
		want[k]++
		if g.Source != store.SourceSweep {
			t.Errorf("game %d: source %q", g.ID, g.Source)
		}
		rec, err := g.Decode()
		if err != nil || rec.Seed != g.Seed || sweep.CellOf(rec) != g.Cell {
			t.Errorf("game %d: record seed %d cell %q (%v)", g.ID, rec.Seed, sweep.CellOf(rec), err)
		}
	}
	for k, n := range want {
		if n != 1 {
			t.Errorf("%q stored %d times", k, n)
		}
	}
	if len(stored) != len(want) {
		t.Errorf("%d games stored; the sweep has %d", len(stored), len(want))
	}
}

// TestStopAndBudgetPutJobsBack stops a worker in the middle of a job: the
// job goes back on the queue at once without losing an attempt, and its
// games that ended stay stored. A worker whose job outlives its budget
// (half of RescueAfter) puts it back between two games and takes it again.
func TestStopAndBudgetPutJobsBack(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, storetest.PostgresURL(t))
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	// About 0.2 s a game: alpha-beta thinks 20 ms a move.
	spec := &sweep.Spec{Name: "slow", Games: []string{"nim(piles=20;30;40;50)"},
		Pairs: [][]string{{"alphabeta(depth=100,time=20ms)", "random"}}, Seeds: "1..12"}
	if jobs, err := queue.EnqueueSweepBatch(ctx, st, games, bots, spec, 12); err != nil || jobs != 1 {
		t.Fatalf("enqueue: %d jobs, %v", jobs, err)
	}
	var mu sync.Mutex
	var reports []queue.JobReport
	run := func(rescue time.Duration, until func() bool) {
		t.Helper()
		wctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() {
			done <- queue.RunWorker(wctx, st, games, bots, queue.WorkerOptions{Workers: 1, RescueAfter: rescue,
				OnJob: func(r queue.JobReport) {
					mu.Lock()
					reports = append(reports, r)
					mu.Unlock()
				}})
		}()
		deadline := time.Now().Add(60 * time.Second)
		for !until() {
			if time.Now().After(deadline) {
				t.Fatal("timed out")
			}
			time.Sleep(10 * time.Millisecond)
		}
		stop()
		if err := <-done; err != nil {
			t.Fatalf("worker: %v", err)
		}
	}
	stored := func() int64 {
		n, err := st.CountGames(ctx, store.Filter{Sweep: spec.Name})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	run(time.Minute, func() bool { return stored() >= 2 })
	var state string
	var attempt int
	if err := st.PgxPool().QueryRow(ctx, `SELECT state, attempt FROM river_job`).Scan(&state, &attempt); err != nil {
		t.Fatal(err)
	}
	kept := stored()
	if state != "available" || attempt != 0 || kept < 2 || kept >= 12 {
		t.Fatalf("after a stop in the middle: job %s, attempt %d, %d games stored", state, attempt, kept)
	}
	if len(reports) != 1 || reports[0].Outcome != "snoozed" || int64(reports[0].Played) != kept {
		t.Fatalf("report of the stopped run: %+v", reports)
	}

	reports = nil
	run(queue.MinRescueAfter, func() bool {
		s, err := queue.Status(ctx, st, spec.Name)
		return err == nil && s.Done == 1
	})
	if len(reports) < 2 || reports[0].Skipped != int(kept) || reports[len(reports)-1].Outcome != "done" {
		t.Fatalf("runs after the stop (budget 1 s for 10 games of 0.2 s): %v", reports)
	}
	// Each run before the last stopped between two games after its 1 s,
	// before the job timeout (1.8 s) could fail it.
	for _, r := range reports[:len(reports)-1] {
		if r.Outcome != "snoozed" || r.Played == 0 {
			t.Fatalf("a run before the last: %s", r)
		}
	}
	checkEachOnce(t, st, spec)
}

// TestMaxLengthStopsGames checks that a worker plays the spec's
// max_length: four heaps take at least four moves, and every game stops
// at three.
func TestMaxLengthStopsGames(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, storetest.PostgresURL(t))
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	spec := &sweep.Spec{Name: "short", Games: []string{"nim(piles=20;30;40;50)"}, Pairs: [][]string{{"random", "random"}},
		Seeds: "1..4", MaxLength: 3}
	if jobs, err := queue.EnqueueSweep(ctx, st, games, bots, spec); err != nil || jobs != 1 {
		t.Fatalf("enqueue: %d jobs, %v", jobs, err)
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- queue.RunWorker(wctx, st, games, bots, queue.WorkerOptions{Workers: 1}) }()
	waitStatus(t, st, spec.Name, 30*time.Second, func(s *sweep.Status) bool { return s.Done == 1 })
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	stored, err := st.Games(ctx, store.Filter{Sweep: spec.Name})
	if err != nil || len(stored) != 4 {
		t.Fatalf("%d games, %v", len(stored), err)
	}
	for _, g := range stored {
		if g.Length != 3 {
			t.Errorf("game of seed %d: length %d; max_length is 3", g.Seed, g.Length)
		}
	}
}

// workerEnv opens the store at url (storetest.PostgresURL) of a test that
// runs workers here, the kit, and the context whose cancel stops them
// (also when the test ends).
func workerEnv(t *testing.T, url string) (context.Context, context.CancelFunc, *store.Store, *all.Kit) {
	t.Helper()
	st := openStore(t, url)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	return ctx, cancel, st, kit
}

// runWorkerHere runs queue.RunWorker with opt until ctx ends and returns once
// it takes jobs; the channel gives RunWorker's error.
func runWorkerHere(ctx context.Context, t *testing.T, st *store.Store, kit *all.Kit, opt queue.WorkerOptions) <-chan error {
	t.Helper()
	done := make(chan error, 1)
	started := make(chan struct{})
	opt.OnStart = func(string) { close(started) }
	go func() { done <- queue.RunWorker(ctx, st, kit.Games, kit.Bots, opt) }()
	select {
	case <-started:
	case err := <-done:
		t.Fatalf("worker: %v", err)
	}
	return done
}

// --enqueue refuses what a run on this machine refuses, before it stores
// the sweep or queues a job: a game or a pair listed twice, a bot string
// that does not build for a game (found by the workers only, before).
func TestEnqueueChecksTheSweep(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, storetest.PostgresURL(t))
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		spec *sweep.Spec
		want string
	}{
		{&sweep.Spec{Name: "dup-games", Games: []string{"nim(piles=3;4;5)", "nim(piles=3;4;5,misere=false)"}, Pairs: [][]string{{"random", "random"}}, Seeds: "1..2"},
			`"games" lists one game twice`},
		{&sweep.Spec{Name: "dup-pairs", Games: []string{"nim(piles=1;2)"}, Pairs: [][]string{{"perfect", "random"}, {"perfect", "random"}}, Seeds: "1..2"},
			`"pairs" lists one pair twice`},
		{&sweep.Spec{Name: "bad-bot", Games: []string{"nim(piles=1;2)", "thue(alphabet=3)"}, Pairs: [][]string{{"greedy", "random"}}, Seeds: "1..2"},
			`unknown bot "greedy" for nim`},
	} {
		jobs, err := queue.EnqueueSweep(ctx, st, games, bots, tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, new(*game.InputError)) || jobs != 0 {
			t.Errorf("enqueue %s: %d jobs, %v; want a usage error with %q", tt.spec.Name, jobs, err, tt.want)
		}
		if _, err := st.Sweep(ctx, tt.spec.Name); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the refused sweep %s was stored: %v", tt.spec.Name, err)
		}
	}
}

// --enqueue refuses a sweep file changed under a stored sweep's name, as a
// run on this machine does (sweep.CheckUnchanged), whether the sweep was
// run here or queued; a file that only adds seeds queues the new ones.
func TestEnqueueRefusesAChangedSweep(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, storetest.PostgresURL(t))
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	spec := func(seeds string, maxMoves int) *sweep.Spec {
		return &sweep.Spec{Name: "grid", Games: []string{"nim(piles=1;2;3)"}, Pairs: [][]string{{"perfect", "random"}}, Seeds: seeds, MaxMoves: maxMoves}
	}
	if _, err := sweep.RunStored(ctx, st, games, bots, spec("1..5", 0), sweep.StoredOptions{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if jobs, err := queue.EnqueueSweepBatch(ctx, st, games, bots, spec("1..5", 3), 5); !errors.Is(err, sweep.ErrChanged) || jobs != 0 ||
		!strings.Contains(err.Error(), "max_moves 10000 → 3") {
		t.Fatalf("enqueue with max_moves added: %d jobs, %v; want ErrChanged naming max_moves", jobs, err)
	}
	if jobs, err := queue.EnqueueSweepBatch(ctx, st, games, bots, spec("1..8", 0), 5); err != nil || jobs != 1 {
		t.Fatalf("enqueue with seeds 6..8 added: %d jobs, %v; want 1", jobs, err)
	}
	if jobs, err := queue.EnqueueSweepBatch(ctx, st, games, bots, spec("1..3", 0), 5); !errors.Is(err, sweep.ErrChanged) || jobs != 0 ||
		!strings.Contains(err.Error(), "drops 4, 5, 6, 7, 8") {
		t.Fatalf("enqueue with seeds dropped: %d jobs, %v; want ErrChanged naming the seeds", jobs, err)
	}
	if sw, err := st.Sweep(ctx, "grid"); err != nil || sw.GamesTotal != 8 {
		t.Fatalf("stored sweep: %+v, %v; want 8 games in all", sw, err)
	}
}
