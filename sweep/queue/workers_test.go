package queue_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/sweep"
	"github.com/kombi/kombi/sweep/queue"
)

// buildKombi builds the kombi command into a temporary directory.
func buildKombi(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build kombi: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "kombi")
	// Without the profile (default.pgo): the packages vet compiled are reused.
	out, err := exec.Command(goTool, "build", "-pgo=off", "-o", bin, "github.com/kombi/kombi/cmd/kombi").CombinedOutput()
	if err != nil {
		t.Fatalf("go build kombi: %v\n%s", err, out)
	}
	return bin
}

// workerProc is a `kombi worker` process and what it printed.
type workerProc struct {
	cmd *exec.Cmd
	id  chan string
	mu  sync.Mutex
	out strings.Builder
	// exited is closed once the process ended, with its error in err.
	exited chan struct{}
	err    error
}

func startWorker(t *testing.T, bin, url string, n int) *workerProc {
	t.Helper()
	cmd := exec.Command(bin, "worker", "--db", url, "--workers", "1", "--rescue-after", "4s")
	cmd.Env = append(os.Environ(), "KOMBI_DATA_DIR="+t.TempDir())
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	w := &workerProc{cmd: cmd, id: make(chan string, 1), exited: make(chan struct{})}
	cmd.Stderr = &lockedWriter{w: &w.out, mu: &w.mu}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		select {
		case <-w.exited:
		default:
			_ = cmd.Process.Kill()
			<-w.exited
		}
	})
	scanned := make(chan struct{})
	go func() {
		defer close(scanned)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, "kombi worker "); ok && strings.Contains(rest, ": takes jobs from ") {
				id, _, _ := strings.Cut(rest, ":")
				w.id <- id
			}
			w.mu.Lock()
			fmt.Fprintf(&w.out, "worker %d: %s\n", n, line)
			w.mu.Unlock()
		}
	}()
	go func() {
		<-scanned
		w.err = cmd.Wait()
		close(w.exited)
	}()
	return w
}

func (w *workerProc) output() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.out.String()
}

type lockedWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestThreeWorkersOneKilled runs three `kombi worker` processes on one
// PostgreSQL database, kills one with SIGKILL while it plays a job: the
// sweep completes, every game stored exactly once, the killed job played
// again by another worker.
func TestThreeWorkersOneKilled(t *testing.T) {
	url := storetest.PostgresURL(t)
	if testing.Short() {
		t.Skip("builds kombi and runs three workers for up to a minute")
	}
	ctx := context.Background()
	bin := buildKombi(t)
	st := openStore(t, url)
	// The alpha-beta cell thinks 20 ms a move: a job of 5 games lasts about
	// a second, long enough to be killed in the middle.
	spec := &sweep.Spec{Name: "three-workers", Games: []string{"nim(piles=20;30;40;50)"},
		Pairs: [][]string{{"perfect", "random"}, {"alphabeta(depth=100,time=20ms)", "random"}}, Seeds: "1..60"}
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := queue.EnqueueSweepBatch(ctx, st, games, bots, spec, 5)
	if err != nil || jobs != 24 {
		t.Fatalf("enqueue: %d jobs, %v; want 24", jobs, err)
	}
	var procs []*workerProc
	for i := range 3 {
		procs = append(procs, startWorker(t, bin, url, i))
	}
	var ids []string
	for i, p := range procs {
		select {
		case id := <-p.id:
			ids = append(ids, id)
		case <-p.exited:
			if strings.Contains(p.output(), `unknown command "worker"`) {
				t.Fatal("kombi has no worker command: cmd/kombi/cli/cli.go must add a.workerCmd() to the root command")
			}
			t.Fatalf("worker %d ended at its start: %v\n%s", i, p.err, p.output())
		case <-time.After(30 * time.Second):
			t.Fatalf("worker %d did not start in 30 s\n%s", i, p.output())
		}
	}

	// Kill worker 0 while it plays a job of the alpha-beta cell.
	pool := st.PgxPool()
	var killedJob int64
	deadline := time.Now().Add(30 * time.Second)
	for killedJob == 0 {
		err := pool.QueryRow(ctx, `SELECT id FROM river_job WHERE state = 'running'
			AND attempted_by[cardinality(attempted_by)] = $1 AND args->>'cell' LIKE '%alphabeta%' LIMIT 1`, ids[0]).Scan(&killedJob)
		if err != nil && !strings.Contains(err.Error(), "no rows") {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("worker 0 took no alpha-beta job in 30 s\n%s%s%s", procs[0].output(), procs[1].output(), procs[2].output())
		}
		if killedJob == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	// Into the middle of its games: once the first of them is stored.
	var cell string
	var seeds []int64
	if err := pool.QueryRow(ctx, `SELECT args->>'cell', ARRAY(SELECT jsonb_array_elements_text(args->'seeds')::bigint) FROM river_job WHERE id = $1`, killedJob).Scan(&cell, &seeds); err != nil {
		t.Fatal(err)
	}
	for stored := 0; stored == 0; {
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE sweep = $1 AND cell = $2 AND seed = ANY($3)`, spec.Name, cell, seeds).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("worker 0 stored no game of its job in 30 s\n%s", procs[0].output())
		}
	}
	if err := procs[0].cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-procs[0].exited

	s := waitStatus(t, st, spec.Name, 90*time.Second, func(s *sweep.Status) bool {
		return s.GamesDone == s.GamesTotal && s.Queued == 0 && s.Running == 0
	})
	if s.GamesTotal != 120 || s.Done != 24 || s.Failed != 0 {
		t.Fatalf("status at the end: %+v", s)
	}
	checkEachOnce(t, st, spec)
	var attempt int
	var by []string
	var state string
	if err := pool.QueryRow(ctx, `SELECT state, attempt, attempted_by FROM river_job WHERE id = $1`, killedJob).Scan(&state, &attempt, &by); err != nil {
		t.Fatal(err)
	}
	if state != "completed" || attempt < 2 || by[len(by)-1] == ids[0] {
		t.Fatalf("the killed worker's job %d: %s after %d attempts by %v", killedJob, state, attempt, by)
	}

	// Ctrl-C stops the others: exit status 130, a summary line.
	for i, p := range procs[1:] {
		if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		select {
		case <-p.exited:
			var ee *exec.ExitError
			if !errors.As(p.err, &ee) || ee.ExitCode() != 130 {
				t.Errorf("worker %d after Ctrl-C: %v; want exit status 130", i+1, p.err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("worker %d did not stop in 30 s after Ctrl-C", i+1)
		}
		if out := p.output(); !strings.Contains(out, "kombi worker stopped:") || !strings.Contains(out, " done: three-workers [") {
			t.Errorf("worker %d printed:\n%s", i+1, out)
		}
	}
	if t.Failed() {
		for _, p := range procs {
			t.Log(p.output())
		}
	}
}
