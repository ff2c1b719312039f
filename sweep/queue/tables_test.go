package queue_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/study/nim2d"
	"github.com/kombi/kombi/sweep/queue"
)

// TestShapeTableByWorkers: `kombi solve 'nim2d(n=8)' --distribute` has
// two workers compute the 8×8 palette's shape table in shards (7×7 under
// the race detector), stopped once half way and run again (it asks only
// for the shards missing), and the table it writes equals the one a
// single machine computes, entry for entry.
func TestShapeTableByWorkers(t *testing.T) {
	url := storetest.PostgresURL(t)
	ctx, cancel, st, kit := workerEnv(t, url)
	n := 8
	if raceDetector {
		n = 7
	}
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	reports := make(chan queue.ShardReport, 10000)
	done := runWorkerHere(ctx, t, st, kit, queue.WorkerOptions{Workers: 2, RescueAfter: time.Minute, Solvers: kit.Solvers(),
		OnShard: func(r queue.ShardReport) {
			select {
			case reports <- r:
			default:
			}
		}})
	g, err := kit.Games.Load("nim2d(n="+string(rune('0'+n))+")", 1)
	if err != nil {
		t.Fatal(err)
	}
	so := queue.SolveOptions{Distribute: true, Solvers: kit.Solvers()}
	// Stopped half way: what was stored stays.
	half, stop := context.WithCancel(ctx)
	opt := solve.Options{Progress: func(p solve.Progress) {
		if p.Done >= p.Total/2 {
			stop()
		}
	}}
	if _, err := queue.Solve(half, url, kit.Games, g, g.NewInitialState(), opt, so); err == nil {
		t.Fatal("a solve stopped half way succeeded")
	}
	r, err := queue.Solve(ctx, url, kit.Games, g, g.NewInitialState(), solve.Options{}, so)
	if err != nil {
		t.Fatal(err)
	}
	if asked := r.Extra["table_shards_asked"].(int); asked == 0 {
		t.Fatalf("the second run asked no shard: %v", r.Extra)
	}
	if !strings.Contains(r.Extra["table"].(string), "written to") || r.Value != n%2 {
		t.Fatalf("result %v: %v", r.Value, r.Extra)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	close(reports)
	computed := map[string]bool{}
	for rep := range reports {
		if rep.Outcome == "failed" || rep.Outcome == "cancelled" {
			t.Errorf("shard job: %s", rep)
		}
		if rep.Outcome == "computed" {
			if computed[rep.Shard] {
				t.Errorf("shard %s computed twice", rep.Shard)
			}
			computed[rep.Shard] = true
		}
	}
	// A job for a shard stored meanwhile (queued again while the first
	// ran) finds it stored, even on a worker that has not read its level.
	var rep queue.ShardReport
	w := &queue.ShardWorker{Store: st, Solvers: kit.Solvers(), OnJob: func(r queue.ShardReport) { rep = r }}
	job := &river.Job[queue.ShardArgs]{JobRow: &rivertype.JobRow{ID: 1, Attempt: 1},
		Args: queue.ShardArgs{Game: g.Type().Name, Spec: nim2d.ShapeTableSpec(n), Level: 10, Shard: 0, Shards: 1}}
	if err := w.Work(context.Background(), job); err != nil || rep.Outcome != "stored before" {
		t.Fatalf("a job for a stored shard: %s (%v)", rep, err)
	}
	// The single machine's table, entry for entry.
	single := filepath.Join(t.TempDir(), "single.bin")
	if res, err := nim2d.BuildShapeTable(context.Background(), nim2d.ShapeTableOptions{N: n, File: single}, nil); err != nil || !res.Complete {
		t.Fatalf("single machine: %v", err)
	}
	a, err := nim2d.OpenShapeBook(single)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := nim2d.OpenShapeBook(filepath.Join(data, nim2d.ShapeFileName(n)))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if !nim2d.SameBooks(a, b) {
		t.Fatalf("the workers' table (%d shapes, triangle %d) differs from the single machine's (%d, %d)", b.Shapes, b.Triangle, a.Shapes, a.Triangle)
	}
	t.Logf("n=%d: %d shapes, triangle %d; %d shards computed by the workers", n, b.Shapes, b.Triangle, len(computed))
}
