package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
)

func (a *app) nim2dEndgamesCmd() *cobra.Command {
	var o nim2d.EndgameOptions
	return nim2dCmd(a, "nim2d-endgames", "markdown", "2D Nim: every class of positions with at most 5 empty cells (outcome, reason, example), and the empty N×N palettes proven", "kombi report nim2d-endgames --max-empty 6 --json", &o, o.FlagSet(), o.Check, nim2d.Endgames)
}

func (a *app) nim2dBenchCmd() *cobra.Command {
	var o nim2d.BenchOptions
	return nim2dCmd(a, "nim2d", "text", "2D Nim: the decomposition engine against plain whole-palette search, the triangles, and the bots' coverage", "kombi bench nim2d --up-to 8 --coverage 12 --json", &o, o.FlagSet(), o.Check, nim2d.Bench)
}

func (a *app) nim2dShapesCmd() *cobra.Command {
	var o nim2d.ShapeTableOptions
	return nim2dCmd(a, "nim2d-shapes", "text", "2D Nim: the Grundy value of every component shape of the N×N palette's triangles, saved for perfect play (parallel; Ctrl-C saves, a new run continues)", "kombi table nim2d-shapes --n 8\n  kombi table nim2d-shapes --n 9 --mem 4608 --file /big/disk/nim2d-shapes-9.bin", &o, o.FlagSet(), o.Check, nim2d.BuildShapeTable)
}

// nim2dCmd makes a command with the flags fl that checks the settings o, runs fn with them and prints the JSON or the tables (also after Ctrl-C: exit 130).
func nim2dCmd[O any, R interface{ Tables() []nim2d.Table }](a *app, use, format, short, example string, o *O, fl *flag.FlagSet, check func() error, fn func(context.Context, O, func(solve.Progress)) (R, error)) *cobra.Command {
	var out output
	c := &cobra.Command{Use: use, Short: short, Example: "  " + example, Args: exactArgs(0, "no arguments"), PreRunE: func(*cobra.Command, []string) error { return out.Check() }}
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
	c.Flags().AddGoFlagSet(fl)
	out.AddFlags(c.Flags())
	out.Format, c.Flags().Lookup("format").DefValue = format, format
	return c
}
