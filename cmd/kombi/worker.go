package main

import (
	"log/slog"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep/queue"
)

func (a *app) workerCmd() *cobra.Command {
	var opt queue.WorkerOptions
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
			if err := checkWorkers(opt.Workers); err != nil {
				return err
			}
			if opt.RescueAfter < queue.MinRescueAfter || opt.RescueAfter > 24*time.Hour {
				return usagef("--rescue-after %s: want %s to 24h, well above the longest game", opt.RescueAfter, queue.MinRescueAfter)
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
			opt.Logger = slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			if err := queue.RunWorkerTo(ctx, a.stdout, st, a.games, a.bots, opt); err != nil {
				return err
			}
			if c.Context().Err() != nil {
				return errInterrupted
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&opt.Workers, "workers", 0, "jobs played at once (0: one per CPU)")
	fl.DurationVar(&opt.RescueAfter, "rescue-after", queue.DefaultRescueAfter,
		"a job running this long is taken for one of a dead worker and played elsewhere;\n"+
			"a job plays new games for half of it (then goes back on the queue) and is stopped\n"+
			"after nine tenths: keep it well above the longest game, the same on every worker")
	return c
}
