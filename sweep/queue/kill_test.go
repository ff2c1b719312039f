package queue_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/store/storetest"
)

// TestSweepRunKilledAndRunAgain kills `kombi sweep run` with SIGKILL while
// it stores games, runs it again, and checks that every game of the sweep
// is stored exactly once, on SQLite and (when there is a server) PostgreSQL.
func TestSweepRunKilledAndRunAgain(t *testing.T) {
	bin := buildKombi(t)
	storetest.EachBackend(t, func(t *testing.T, url string) {
		dir := t.TempDir()
		file := filepath.Join(dir, "kill.toml")
		// Thue games between searching bots take a while each: enough to
		// kill the run in the middle.
		spec := `name = "kill"
games = ["thue(alphabet=3,start=0)", "thue(alphabet=4,start=1)"]
pairs = [["nesting(level=1)", "nesting(level=1)"], ["random", "greedy"]]
seeds = "1..150"
max_length = 60
`
		if err := os.WriteFile(file, []byte(spec), 0o644); err != nil {
			t.Fatal(err)
		}
		run := func() *exec.Cmd {
			cmd := exec.Command(bin, "sweep", "run", file, "--db", url, "--workers", "2")
			cmd.Env = append(os.Environ(), "KOMBI_DATA_DIR="+dir)
			return cmd
		}
		st, err := store.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		count := func() int64 {
			n, err := st.CountGames(context.Background(), store.Filter{Sweep: "kill"})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		first := run()
		if err := first.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(60 * time.Second)
		for count() < 10 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if err := first.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = first.Wait()
		killedAt := count()
		if killedAt == 0 || killedAt >= 600 {
			t.Fatalf("%d games stored when killed: the test wants to kill the run in the middle", killedAt)
		}
		out, err := run().CombinedOutput()
		if err != nil {
			t.Fatalf("second run: %v\n%s", err, out)
		}
		if n := count(); n != 600 {
			t.Fatalf("%d games stored after the second run, want 600 (killed at %d)\n%s", n, killedAt, out)
		}
		seen := map[string]bool{}
		err = st.Each(context.Background(), store.Filter{Sweep: "kill"}, func(g *store.StoredGame) error {
			key := fmt.Sprintf("%s/%d", g.Cell, g.Seed)
			if seen[key] {
				return fmt.Errorf("game %s stored twice", key)
			}
			seen[key] = true
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("killed after %d of 600 games; the second run stored the rest", killedAt)
	})
}
