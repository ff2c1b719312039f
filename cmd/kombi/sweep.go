package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
	"github.com/kombi/kombi/sweep/queue"
)

func (a *app) sweepCmd() *cobra.Command {
	return group("sweep", "Run grids of games into the database, resumably, on one machine or many; tables and plots of the results",
		a.sweepRunCmd(), a.sweepResultsCmd(), a.sweepPlotCmd(), a.sweepStatusCmd())
}

func (a *app) sweepRunCmd() *cobra.Command {
	var (
		workers int
		asJSON  bool
		enqueue bool
	)
	c := &cobra.Command{
		Use:   "run FILE.toml",
		Short: "Play every game of a sweep file not stored yet, committing each game at once (run it again to continue)",
		Example: "  kombi sweep run examples/sweeps/thesis-overall.toml\n" +
			"  kombi sweep run big.toml --db postgres://kombi@db/kombi --enqueue   # then 'kombi worker' on many machines",
		Args: exactArgs(1, "a sweep file"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkWorkers(workers); err != nil {
				return err
			}
			spec, err := sweep.ReadSpec(args[0])
			if err != nil {
				return usageError{err}
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			if enqueue {
				return a.enqueueSweep(c, st, spec, asJSON)
			}
			bar := report.NewProgress(a.stderr, "sweep "+spec.Name, false)
			res, err := queue.RunLocal(c.Context(), st, a.games, a.bots, spec, queue.LocalOptions{Workers: workers,
				Progress: func(done, total int) { bar.Report(solve.Progress{Done: int64(done), Total: int64(total)}) },
				CellDone: func(cell string) {
					if !bar.IsTerminal() {
						fmt.Fprintf(a.stderr, "cell done: %s\n", cell)
					}
				}})
			bar.Done()
			if err != nil && !errors.Is(err, context.Canceled) {
				return err
			}
			if err := a.print(asJSON, res, fmt.Sprintf("sweep %s: %d of %d games stored (%d played now) in %s\n",
				res.Name, res.Done, res.Total, res.PlayedNow, st.Location())); err != nil {
				return err
			}
			return interrupted(c.Context(), err)
		},
	}
	c.Flags().IntVar(&workers, "workers", 0, "games at once (0: one per CPU)")
	c.Flags().BoolVar(&asJSON, "json", false, `print {"name","games_total","games_done","games_played_now"}`)
	c.Flags().BoolVar(&enqueue, "enqueue", false, "put the sweep on the job queue of a PostgreSQL --db for 'kombi worker' and return")
	return c
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
	return a.print(asJSON, map[string]any{"name": spec.Name, "games_total": s.GamesTotal, "games_done": s.GamesDone, "games_played_now": 0, "jobs_enqueued": jobs},
		fmt.Sprintf("sweep %s: %d jobs queued on %s (%d of %d games stored already).\n"+
			"Play them with 'kombi worker --db URL' on any machines; follow with 'kombi sweep status %s --db URL'.\n",
			spec.Name, jobs, st.Location(), s.GamesDone, s.GamesTotal, spec.Name))
}

// sweepResults reads a stored sweep's results and records.
func (a *app) sweepResults(c *cobra.Command, name string) (*sweep.Results, []*game.Record, error) {
	st, err := a.openStore(c)
	if err != nil {
		return nil, nil, err
	}
	defer st.Close()
	res, recs, err := queue.Results(c.Context(), st, name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, usagef("no sweep %q in %s ('kombi sweep run FILE' makes one)", name, st.Location())
	}
	return res, recs, err
}

func (a *app) sweepResultsCmd() *cobra.Command {
	var out output
	c := &cobra.Command{
		Use:     "results NAME",
		Short:   "Per cell: games, wins, draws, length mean/min/max, decision-time p50/p90/max per seat",
		Example: "  kombi sweep results thesis-overall --format markdown",
		Args:    exactArgs(1, "the sweep's name"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := out.check(); err != nil {
				return err
			}
			res, _, err := a.sweepResults(c, args[0])
			if err != nil {
				return err
			}
			return a.write(out, res, report.SweepTable(res))
		},
	}
	out.addFlags(c.Flags())
	return c
}

func (a *app) sweepPlotCmd() *cobra.Command {
	var kind, file string
	var logY bool
	c := &cobra.Command{
		Use:   "plot NAME --kind decision-times|positions|lengths -o FILE.png|.svg",
		Short: "Plot a sweep: decision time against length per strategy, chosen positions, game lengths per cell",
		Example: "  kombi sweep plot thesis-figures --kind decision-times -o times.png --log\n" +
			"  kombi sweep plot thesis-figures --kind positions -o positions.svg",
		Args: exactArgs(1, "the sweep's name"),
		RunE: func(c *cobra.Command, args []string) error {
			if file == "" {
				return usagef("-o FILE.png|.svg|.pdf is required")
			}
			res, recs, err := a.sweepResults(c, args[0])
			if err != nil {
				return err
			}
			lp, err := report.SweepPlot(a.games, kind, res, recs)
			var ke report.KindError
			if errors.As(err, &ke) {
				return usageError{err}
			} else if err != nil {
				return err
			}
			lp.LogY = logY
			if err := lp.Save(file); err != nil {
				return err
			}
			return a.print(false, nil, fmt.Sprintf("Wrote %s (%d series from %d games)\n", file, len(lp.Series), len(recs)))
		},
	}
	c.Flags().StringVar(&kind, "kind", "decision-times", "decision-times (the thesis' Figures 3.1-3.6), positions (Figure 3.8) or lengths")
	c.Flags().StringVarP(&file, "out", "o", "", "output file: .png, .svg or .pdf")
	c.Flags().BoolVar(&logY, "log", false, "logarithmic y axis")
	return c
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
			return a.write(out, s, report.SweepStatusTable(s))
		},
	}
	out.addFlags(c.Flags())
	return c
}
