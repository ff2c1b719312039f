package cli

import (
	"cmp"
	"errors"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report"
	studyap "github.com/kombi/kombi/study/apgame"
	"github.com/kombi/kombi/sweep"
)

// The Szemerédi game's commands: flags, a call to package study/apgame, its tables.
func (a *app) apTableCmd() (c *cobra.Command) {
	out, seed := output{}, uint64(1)
	c = &cobra.Command{Use: "ap-progressions GAME", Short: "The set of a Szemerédi game, its k-term progressions and how many hold each number",
		Args: exactArgs(1, "one game string"), RunE: func(c *cobra.Command, args []string) error {
			g, err := a.loadGame(args[0], seed)
			p, ok := studyap.ProgressionsOf(g)
			if err = errors.Join(out.Check(), err); err != nil || !ok {
				return cmp.Or(err, usagef("%s is not a Szemerédi game; want ap(x=...,k=...)", args[0]))
			}
			return a.write(out, p, report.Tables(p.ProgressionTable(), p.NumberTable())...)
		}}
	out.AddFlags(c.Flags())
	c.Flags().Uint64Var(&seed, "seed", seed, "seed of the set when the game string has no seed=")
	return c
}

func (a *app) apReportCmd() (c *cobra.Command) {
	out, p := output{}, studyap.StrengthPlan{}
	c = &cobra.Command{Use: "ap-strength", Short: "Szemerédi game: wins, draws and losses of bot A against bot B over a grid of (x, k), as `kombi arena` plays",
		Args: exactArgs(0, "no arguments"), RunE: func(c *cobra.Command, _ []string) error {
			specs, err := p.Specs(a.bots)
			if err = errors.Join(out.Check(), err); err != nil {
				return usagef("report ap-strength: %w", err)
			}
			bar := report.NewProgress(a.stderr, "games", false)
			rep, err := p.Run(specs, bar.Func(), func(spec string, record func(int, *game.Record), progress func(int, int)) error {
				_, err := sweep.Arena(c.Context(), a.games, a.bots, spec, [2]string{p.A, p.B},
					sweep.ArenaOptions{Games: p.Games, Seed: p.Seed, Workers: p.Workers, Record: record, Progress: progress})
				return err
			})
			bar.Done()
			return errors.Join(err, a.write(out, rep, report.Tables(rep.Table())...), interrupted(c.Context(), err))
		}}
	out.AddFlags(c.Flags())
	c.Flags().StringVar(&p.A, "p1", "strong", "bot string of A")
	c.Flags().StringVar(&p.B, "p2", "extendblock", "bot string of B")
	c.Flags().IntVar(&p.Games, "games", 200, "games per (x, k); game i uses seed --seed + i (a new set) and seats A first when i is even")
	c.Flags().Uint64Var(&p.Seed, "seed", 1, "seed of the first game of each row")
	c.Flags().StringVar(&p.Grid, "grid", "20:3,40:3,40:4,100:3,100:4,100:5", "comma-separated X:K pairs")
	c.Flags().IntVar(&p.Workers, "workers", 0, "games played at once (0: one per CPU)")
	return c
}
