package main

import (
	"cmp"
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
)

func (a *app) nim2dEndgamesCmd() *cobra.Command {
	var o nim2d.EndgameOptions
	c := nim2dCmd(a, &cobra.Command{Use: "nim2d-endgames", Example: "  kombi report nim2d-endgames --max-empty 6 --json",
		Short: "2D Nim: every class of positions with at most 5 empty cells (outcome, reason, example), and the empty N×N palettes proven"},
		"markdown", &o, o.Check, nim2d.Endgames)
	c.Flags().IntVar(&o.MaxEmpty, "max-empty", 5, "classify positions with at most this many empty cells")
	c.Flags().IntVar(&o.SearchUpTo, "search-up-to", 7, "search the empty palette's triangles up to this side (8 takes about a minute)")
	c.Flags().Int64Var(&o.MemMiB, "mem", 256, "memory bound of the Grundy cache in MiB")
	return c
}

func (a *app) nim2dBenchCmd() *cobra.Command {
	var o nim2d.BenchOptions
	c := nim2dCmd(a, &cobra.Command{Use: "nim2d", Example: "  kombi bench nim2d --up-to 8 --coverage 12 --json",
		Short: "2D Nim: the decomposition engine against plain whole-palette search, the triangles, and the bots' coverage"},
		"text", &o, o.Check, nim2d.Bench)
	c.Flags().IntVar(&o.UpTo, "up-to", 7, "largest palette whose triangle is solved (8 takes about a minute)")
	c.Flags().Uint64Var(&o.Seed, "seed", 1, "seed of the random positions")
	c.Flags().IntVar(&o.Coverage, "coverage", 0, "random games per palette side (8 to 10) and game length of the coverage table (0: none)")
	c.Flags().Int64Var(&o.Budget, "budget", nim2d.DefaultBudget, "work budget of one analysis in the coverage table")
	return c
}

// nim2dCmd completes c: check the settings o, run fn with them, print the JSON or the tables (also after Ctrl-C: exit 130).
func nim2dCmd[O any, R interface{ Tables() []nim2d.Table }](a *app, c *cobra.Command, format string, o *O, check func() error, fn func(context.Context, O, func(solve.Progress)) (R, error)) *cobra.Command {
	var out output
	c.Args, c.PreRunE = exactArgs(0, "no arguments"), func(*cobra.Command, []string) error { return out.Check() }
	c.RunE = func(c *cobra.Command, _ []string) error {
		if err := check(); err != nil {
			return usageError{err}
		}
		bar := report.NewProgress(a.stderr, c.Use, false)
		res, err := fn(c.Context(), *o, bar.Func())
		if bar.Done(); err != nil && !solve.Stopped(err) {
			return fmt.Errorf("%s: %w", c.Use, err)
		}
		var ts []*report.Table
		for _, t := range res.Tables() {
			ts = append(ts, (*report.Table)(&t))
		}
		return cmp.Or(a.write(out, res, ts...), interrupted(c.Context(), err))
	}
	out.AddFlags(c.Flags())
	out.Format, c.Flags().Lookup("format").DefValue = format, format
	return c
}
