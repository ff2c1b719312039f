package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
	"github.com/kombi/kombi/sweep/queue"
)

// Series of games: an arena, sweeps run here or queued, queue workers.

func (a *app) arenaCmd() *cobra.Command {
	var (
		p1, p2       string
		run          runFlags
		opt          sweep.ArenaOptions
		asJSON, noDB bool
	)
	c := newCmd("arena GAME", "Play many games between two bots, seats alternating",
		exactArgs(1, "one game string"), func(c *cobra.Command, args []string) error {
			if opt.Games < 1 || opt.Games > sweep.MaxArenaGames {
				return usagef("arena: --games %d: want at least 1 and at most %d", opt.Games, sweep.MaxArenaGames)
			}
			if err := errors.Join(run.check(), sweep.CheckWorkers(opt.Workers)); err != nil {
				return err
			}
			if err := sweep.CheckSeeds(opt.Seed, opt.Games); err != nil {
				return err
			}
			g, err := a.loadGame(args[0], opt.Seed)
			if err != nil {
				return err
			}
			if _, err := a.seats(g, [2]string{p1, p2}, opt.Seed, bot.Env{}); err != nil {
				return err
			}
			if !noDB {
				if opt.Store, err = a.openStore(c); err != nil {
					return err
				}
				defer opt.Store.Close()
			}
			bar := report.NewProgress(a.stderr, "games", false)
			opt.Report, opt.MaxThink, opt.MaxLength = bar.Func(), run.maxThink, run.maxLength
			res, err := sweep.Arena(c.Context(), a.games, a.bots, args[0], [2]string{p1, p2}, opt)
			bar.Done()
			if err != nil && !errors.Is(err, context.Canceled) {
				return err
			}
			return errors.Join(a.print(asJSON, res, report.ArenaText(res, args[0], opt.Seed, opt.Games)), interrupted(c.Context(), err))
		})
	fl := c.Flags()
	fl.StringVar(&p1, "p1", "random", "bot string of bot A")
	fl.StringVar(&p2, "p2", "random", "bot string of bot B")
	fl.IntVar(&opt.Games, "games", 10, "number of games")
	fl.Uint64Var(&opt.Seed, "seed", 1, "seed of the first game")
	fl.BoolVar(&asJSON, "json", false, `print {"bots":[A,B],"wins":[wa,wb],"draws":d,"games":N,...}`)
	run.addFlags(fl)
	fl.IntVar(&opt.Workers, "workers", 0, fmt.Sprintf("games played at once, 1 to %d (0: one per CPU)", sweep.MaxWorkers))
	fl.StringVar(&opt.Records, "records", "", "write every game's record to this new file (an existing one is refused), one JSON object per line")
	fl.BoolVar(&noDB, "no-db", false, "do not store the games in the database (--db)")
	return c
}

func (a *app) sweepRunCmd() *cobra.Command {
	var opt sweep.StoredOptions
	var asJSON, enqueue bool
	c := newCmd("run FILE.toml", "Play every game of a sweep file not stored yet, committing each game at once (run it again to continue)",
		exactArgs(1, "a sweep file"), func(c *cobra.Command, args []string) error {
			spec, err := sweep.ReadSpec(args[0])
			if err = errors.Join(sweep.CheckWorkers(opt.Workers), usage(err)); err != nil {
				return err
			}
			return a.withStore(c, func(st *store.Store) error {
				if enqueue {
					s, err := queue.Submit(c.Context(), st, a.games, a.bots, spec)
					if err != nil {
						return err
					}
					return a.print(asJSON, s, s.String()+"\n")
				}
				bar := report.NewProgress(a.stderr, "sweep "+spec.Name, false)
				if opt.Progress = bar.Func(); !bar.IsTerminal() {
					opt.Log = a.stderr // "cell done" lines
				}
				res, err := sweep.RunStored(c.Context(), st, a.games, a.bots, spec, opt)
				if bar.Done(); err != nil && !errors.Is(err, context.Canceled) {
					return err
				}
				return errors.Join(a.print(asJSON, res, res.String()+"\n"), interrupted(c.Context(), err))
			})
		})
	c.Flags().IntVar(&opt.Workers, "workers", 0, "games at once (0: one per CPU)")
	c.Flags().BoolVar(&asJSON, "json", false, `print {"name","games_total","games_done","games_played_now"}`)
	c.Flags().BoolVar(&enqueue, "enqueue", false, "put the sweep on the job queue of a PostgreSQL --db for 'kombi worker' and return")
	c.Long = sweep.RunHelp
	return c
}

func (a *app) sweepResultsCmd() *cobra.Command {
	return a.storeQuery("results NAME", "Per cell: games, wins, draws, length mean/min/max, decision-time p50/p90/max per seat", exactArgs(1, "the sweep's name"),
		func(c *cobra.Command, st *store.Store, args []string) (any, *report.Table, error) {
			res, _, err := sweep.LoadResults(c.Context(), st, args[0])
			return withTable(res, err, report.SweepTable)
		})
}

func (a *app) sweepPlotCmd() *cobra.Command {
	var (
		kind, file string
		logY       bool
	)
	c := newCmd("plot NAME --kind decision-times|positions|lengths|narrow-gaps -o FILE.png|.svg", "Plot a sweep: decision time against length per strategy, histograms of chosen positions and game lengths, the Thue builder's first narrow gaps",
		exactArgs(1, "the sweep's name"), func(c *cobra.Command, args []string) error {
			if file == "" {
				return usagef("-o FILE.png|.svg|.pdf is required")
			}
			return a.withStore(c, func(st *store.Store) error {
				res, recs, err := sweep.LoadResults(c.Context(), st, args[0])
				if err != nil {
					return err
				}
				text, err := report.SaveSweepPlot(a.games, res, recs, kind, file, logY)
				if err != nil {
					return err
				}
				return a.print(false, nil, text)
			})
		})
	c.Flags().StringVar(&kind, "kind", "decision-times", "decision-times (the Thue thesis' Figures 3.1-3.6), positions (Figure 3.8), lengths or narrow-gaps (Figure 3.7)")
	c.Flags().StringVarP(&file, "out", "o", "", "output file: .png, .svg or .pdf")
	c.Flags().BoolVar(&logY, "log", false, "logarithmic y axis")
	return readOnly(c)
}

// sweepStatusCmd is `kombi sweep status NAME`: the sweep's games stored
// and, for a sweep on the job queue, its jobs by state.
func (a *app) sweepStatusCmd() *cobra.Command {
	return a.storeQuery("status NAME", "Show how far a sweep is: games stored, and jobs done / queued / running / failed on the queue", exactArgs(1, "the sweep's name"),
		func(c *cobra.Command, st *store.Store, args []string) (any, *report.Table, error) {
			s, err := queue.Status(c.Context(), st, args[0])
			return withTable(s, err, report.SweepStatusTable)
		})
}

func (a *app) workerCmd() *cobra.Command {
	var opt queue.WorkerOptions
	c := newCmd("worker", "Play the games of sweeps ('kombi sweep run --enqueue') and answer the subproblems of distributed solves ('kombi solve --distribute') queued on a PostgreSQL database, until Ctrl-C",
		exactArgs(0, "no arguments"), func(c *cobra.Command, _ []string) error {
			if err := opt.Check(); err != nil {
				return err
			}
			return a.withStore(c, func(st *store.Store) error {
				ctx, stop := signal.NotifyContext(c.Context(), syscall.SIGTERM)
				defer stop()
				opt.Logger = slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
				opt.Solvers = &a.studies.Solvers
				if err := queue.RunWorkerTo(ctx, a.stdout, st, a.games, a.bots, opt); err != nil || c.Context().Err() == nil {
					return err
				}
				return errInterrupted
			})
		})
	fl := c.Flags()
	fl.IntVar(&opt.Workers, "workers", 0, "jobs played at once (0: one per CPU)")
	fl.Int64Var(&opt.MemBytes, "mem", 0, "memory bound in bytes of the distributed solves' tables, shared by the jobs (0: a quarter of the machine's)")
	fl.DurationVar(&opt.RescueAfter, "rescue-after", queue.DefaultRescueAfter,
		"a job running this long is taken for one of a dead worker and played elsewhere;\n"+
			"a job plays new games for half of it (then goes back on the queue) and is stopped\n"+
			"after nine tenths: keep it well above the longest game, the same on every worker")
	return c
}
