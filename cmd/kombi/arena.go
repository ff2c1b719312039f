package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/sweep"
	"github.com/kombi/kombi/sweep/queue"
)

func (a *app) arenaCmd() *cobra.Command {
	var (
		p1, p2 string
		run    runFlags
		opt    queue.ArenaOptions
		asJSON bool
		noDB   bool
	)
	c := &cobra.Command{
		Use:   "arena GAME",
		Short: "Play many games between two bots, seats alternating",
		Long: "Play --games games between bot A (--p1) and bot B (--p2). Game i (from 0) uses seed S+i;\n" +
			"A moves first in even games, B in odd ones. Prints the wins of A, of B and the draws.\n" +
			"Ctrl-C prints the tally of the games finished so far (exit status 130).",
		Example: "  kombi arena 'nim(piles=3;4;5)' --p1 perfect --p2 random --games 20 --json\n" +
			"  kombi arena 'thue(alphabet=5)' --p1 'nesting(level=2)' --p2 'nesting(level=1)' --games 4 --max-length 30",
		Args: exactArgs(1, "one game string"),
		RunE: func(c *cobra.Command, args []string) error {
			if opt.Games < 1 || opt.Games > sweep.MaxArenaGames {
				return usagef("arena: --games %d: want at least 1 and at most %d", opt.Games, sweep.MaxArenaGames)
			}
			if err := errors.Join(run.check(), checkWorkers(opt.Workers)); err != nil {
				return err
			}
			if err := sweep.CheckSeeds(opt.Seed, opt.Games); err != nil {
				return usagef("--seed: %w", err)
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
			start := time.Now()
			opt.Progress = func(done, total int) {
				bar.Report(solve.Progress{Done: int64(done), Total: int64(total), Elapsed: time.Since(start)})
			}
			opt.MaxThink, opt.MaxLength = run.maxThink, run.maxLength
			res, err := queue.Arena(c.Context(), a.games, a.bots, args[0], [2]string{p1, p2}, opt)
			bar.Done()
			if err != nil && !errors.Is(err, context.Canceled) {
				return err
			}
			if err := a.print(asJSON, res, report.ArenaText(res, args[0], opt.Seed, opt.Games)); err != nil {
				return err
			}
			return interrupted(c.Context(), err)
		},
	}
	fl := c.Flags()
	fl.StringVar(&p1, "p1", "random", "bot string of bot A")
	fl.StringVar(&p2, "p2", "random", "bot string of bot B")
	fl.IntVar(&opt.Games, "games", 10, "number of games")
	fl.Uint64Var(&opt.Seed, "seed", 1, "seed of the first game")
	fl.BoolVar(&asJSON, "json", false, `print {"bots":[A,B],"wins":[wa,wb],"draws":d,"games":N,...}`)
	run.addFlags(fl)
	fl.IntVar(&opt.Workers, "workers", 0, fmt.Sprintf("games played at once, 1 to %d (0: one per CPU)", sweep.MaxWorkers))
	fl.StringVar(&opt.Records, "records", "", "write every game's record to this file, one JSON object per line")
	fl.BoolVar(&noDB, "no-db", false, "do not store the games in the database (--db)")
	return c
}
