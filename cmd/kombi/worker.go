package main

import (
	"fmt"
	"log/slog"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep/queue"
)

// maxWorkerJobs bounds --workers.
const maxWorkerJobs = 1024

func (a *app) workerCmd() *cobra.Command {
	var (
		workers int
		rescue  time.Duration
	)
	c := &cobra.Command{
		Use:   "worker",
		Short: "Play the games of sweeps queued on a PostgreSQL database ('kombi sweep run --enqueue') until Ctrl-C",
		Long: "kombi worker takes jobs (batches of a sweep's seeds) from the job queue in a PostgreSQL database,\n" +
			"plays their games and stores each one there as it ends. Run it on any number of machines;\n" +
			"a job of a worker that dies is given to another after --rescue-after, and no game is stored\n" +
			"twice. It prints a line per job; Ctrl-C (or SIGTERM) puts its jobs back on the queue and stops.",
		Example: "  kombi sweep run grid.toml --db postgres://kombi:secret@db.example.org/kombi --enqueue\n" +
			"  kombi worker --db postgres://kombi:secret@db.example.org/kombi --workers 8\n" +
			"  kombi sweep status grid --db postgres://kombi:secret@db.example.org/kombi",
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if workers < 0 || workers > maxWorkerJobs {
				return usagef("--workers %d: want 0 (one per CPU) to %d", workers, maxWorkerJobs)
			}
			if rescue < queue.MinRescueAfter || rescue > 24*time.Hour {
				return usagef("--rescue-after %s: want %s to 24h, well above the longest game", rescue, queue.MinRescueAfter)
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			if st.Dialect() != store.DialectPostgres {
				return usagef("kombi worker needs a PostgreSQL database: --db postgres://... (%s is an SQLite file; run 'kombi sweep run' on it instead)", st.Location())
			}
			ctx, stop := signal.NotifyContext(c.Context(), syscall.SIGTERM)
			defer stop()
			jobs, played := 0, 0
			var werr error
			write := func(format string, args ...any) {
				if _, err := fmt.Fprintf(a.stdout, format, args...); err != nil && werr == nil {
					werr = fmt.Errorf("write: %w", err)
				}
			}
			err = queue.RunWorker(ctx, st, a.games, a.bots, queue.WorkerOptions{
				Workers:     workers,
				RescueAfter: rescue,
				Logger:      slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
				OnStart: func(id string) {
					write("kombi worker %s: takes jobs from %s, %d at a time (Ctrl-C stops)\n", id, st.Location(), effectiveWorkers(workers))
				},
				OnJob: func(r queue.JobReport) {
					if r.Outcome == "done" {
						jobs++
					}
					played += r.Played
					write("%s\n", r)
				},
			})
			if err != nil {
				return err
			}
			write("kombi worker stopped: %d jobs done, %d games played and stored\n", jobs, played)
			if werr != nil {
				return werr
			}
			if c.Context().Err() != nil {
				return errInterrupted
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&workers, "workers", 0, "jobs played at once (0: one per CPU)")
	fl.DurationVar(&rescue, "rescue-after", queue.DefaultRescueAfter,
		"a job running this long is taken for one of a dead worker and played elsewhere;\n"+
			"a job plays new games for half of it (then goes back on the queue) and is stopped\n"+
			"after nine tenths: keep it well above the longest game, the same on every worker")
	return c
}

// effectiveWorkers is --workers with 0 meaning one per CPU.
func effectiveWorkers(n int) int {
	if n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}

// Until rootCmd adds a.workerCmd() (cmd/kombi/main.go), this keeps the
// command from counting as unused; delete it then.
var _ = (*app).workerCmd
