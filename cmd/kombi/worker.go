package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
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

// enqueueSweep is `kombi sweep run FILE --db postgres://... --enqueue`:
// it stores the sweep and puts its games not stored yet on the job queue,
// then returns; `kombi worker` plays them. With --json it prints
// {"name","games_total","games_done","games_played_now","jobs_enqueued"}.
func (a *app) enqueueSweep(c *cobra.Command, st *store.Store, spec *sweep.Spec, asJSON bool) error {
	if st.Dialect() != store.DialectPostgres {
		return usagef("--enqueue needs a PostgreSQL database: --db postgres://... (%s is an SQLite file; run the sweep without --enqueue)", st.Location())
	}
	jobs, err := queue.EnqueueSweep(c.Context(), st, spec)
	if err != nil {
		return err
	}
	s, err := queue.Status(c.Context(), st, spec.Name)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(a.stdout, map[string]any{"name": spec.Name, "games_total": s.GamesTotal, "games_done": s.GamesDone,
			"games_played_now": 0, "jobs_enqueued": jobs})
	}
	_, err = fmt.Fprintf(a.stdout, "sweep %s: %d jobs queued on %s (%d of %d games stored already).\n"+
		"Play them with 'kombi worker --db URL' on any machines; follow with 'kombi sweep status %s --db URL'.\n",
		spec.Name, jobs, st.Location(), s.GamesDone, s.GamesTotal, spec.Name)
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// sweepStatusCmd is `kombi sweep status NAME`: the sweep's games stored
// and, for a sweep on the job queue, its jobs done, queued, running and
// failed.
func (a *app) sweepStatusCmd() *cobra.Command {
	var out output
	c := &cobra.Command{
		Use:     "status NAME",
		Short:   "Show how far a sweep is: games stored, and jobs done / queued / running / failed on the queue",
		Example: "  kombi sweep status thesis-overall --db postgres://kombi:secret@db.example.org/kombi --json",
		Args:    exactArgs(1, "the sweep's name"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := out.check(); err != nil {
				return err
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			s, err := queue.Status(c.Context(), st, args[0])
			if errors.Is(err, store.ErrNotFound) {
				return usagef("sweep %q is not in %s ('kombi sweep run FILE' stores it)", args[0], st.Location())
			}
			if err != nil {
				return err
			}
			t := &report.Table{Title: "sweep " + s.Name, Columns: []string{"games stored", "games total"},
				Rows: [][]string{{fmt.Sprint(s.GamesDone), fmt.Sprint(s.GamesTotal)}}}
			if s.Queue {
				t.Columns = append(t.Columns, "jobs done", "queued", "running", "failed")
				queued := fmt.Sprint(s.Queued)
				if s.Retrying > 0 {
					queued += fmt.Sprintf(" (%d to retry)", s.Retrying)
				}
				t.Rows[0] = append(t.Rows[0], fmt.Sprint(s.Done), queued, fmt.Sprint(s.Running), fmt.Sprint(s.Failed))
			} else {
				t.Notes = append(t.Notes, "no jobs on the queue: the sweep runs on one machine ('kombi sweep run')")
			}
			if s.LastError != "" {
				t.Notes = append(t.Notes, "last job error: "+s.LastError)
			}
			return a.write(out, s, t)
		},
	}
	out.addFlags(c.Flags())
	return c
}
