package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
)

func (a *app) vdwlistTableCmd() *cobra.Command {
	var o vdwlist.TableOptions
	return vdwCmd(a, "Exact winning probabilities of the list-colouring van der Waerden game by game length s",
		"Solve vdwlist(k=K,colors=c,list=l,s=S) exactly for each c of --colors, each l of --list (default 1..c)\nand S = --from, --from+1, ... until --max-s or the series' --time. Ctrl-C prints the rows done.",
		"  kombi table vdwlist --k 3 --colors 2,3 --time 1m\n  kombi table vdwlist --colors 3 --list 2 --max-s 12 --json", func(fl *pflag.FlagSet) {
			fl.IntVar(&o.K, "k", 3, "progression length")
			fl.IntSliceVar(&o.Colors, "colors", []int{2, 3}, "numbers of colours c, e.g. 2,3")
			fl.IntSliceVar(&o.Lists, "list", nil, "list sizes l (default: every l from 1 to c)")
			fl.IntVar(&o.From, "from", 1, "first game length s")
			fl.IntVar(&o.MaxS, "max-s", vdwlist.MaxS, "last game length s")
			fl.DurationVar(&o.Budget, "time", time.Minute, "time budget of each (c, l) series")
			fl.Int64Var(&o.MemBytes, "mem", 1<<30, "memory bound of each series' solver table in bytes")
		}, o.Check, o.Run)
}

func (a *app) vdwlistBenchCmd() *cobra.Command {
	var o vdwlist.BenchOptions
	return vdwCmd(a, "Time the exact solver against plain expectimax, and *-minimax against plain expectiminimax",
		"Solve vdwlist(k,colors,list,s) for s = k .. --max-plain with the solver and with plain expectimax, then\nsearch --positions random positions of length --s to --depth with Star2, Star1 and no chance pruning.",
		"  kombi bench vdwlist --colors 3 --list 2 --max-plain 9 --s 20 --depth 9", func(fl *pflag.FlagSet) {
			vdwGameFlags(fl, &o.K, &o.Colors, &o.List)
			fl.IntVar(&o.MaxPlain, "max-plain", 9, "largest s solved by both the solver and plain expectimax")
			fl.IntVar(&o.S, "s", 20, "game length of the search positions")
			fl.IntVar(&o.Depth, "depth", 9, "search depth in moves (a round is 3)")
			fl.IntVar(&o.Positions, "positions", 20, "number of random search positions")
			fl.Uint64Var(&o.Seed, "seed", 1, "seed of the random positions")
		}, o.Check, o.Run)
}

func (a *app) vdwlistReportCmd() *cobra.Command {
	var o vdwlist.LevelOptions
	return vdwCmd(a, "The computer levels of the list-colouring van der Waerden game against the perfect player, exactly",
		"Each level (easy, normal, hard) as P1 and as P2 against the perfect player: P1's exact winning probability,\nevery list averaged, nothing sampled. Keep s small: the perfect player solves the game.",
		"  kombi report vdwlist --colors 3 --list 2 --s 10", func(fl *pflag.FlagSet) {
			vdwGameFlags(fl, &o.K, &o.Colors, &o.List)
			fl.IntVar(&o.S, "s", 10, "game length")
		}, o.Check, o.Run)
}

// vdwCmd builds a vdwlist command: flags, options check (usage error), run with
// progress, the result's grids as tables or its JSON (also when interrupted).
func vdwCmd[R interface{ Grids() []vdwlist.Grid }](a *app, short, long, example string, flags func(*pflag.FlagSet), check func() error, run func(context.Context, func(solve.Progress)) (R, error)) *cobra.Command {
	var out output
	c := &cobra.Command{Use: "vdwlist", Short: short, Long: long, Example: example, Args: exactArgs(0, "no arguments")}
	c.RunE = func(c *cobra.Command, _ []string) error {
		name := c.Parent().Name() + " vdwlist"
		if err := out.Check(); err != nil {
			return err
		} else if err := check(); err != nil {
			return usageError{fmt.Errorf("%s: %w", name, err)}
		}
		bar := report.NewProgress(a.stderr, name, false)
		r, err := run(c.Context(), bar.Func())
		if bar.Done(); err != nil && !solve.Stopped(err) { // Run returns a result with nil or Stopped errors
			return fmt.Errorf("%s: %w", name, err)
		}
		var tables []*report.Table
		for _, g := range r.Grids() {
			tables = append(tables, &report.Table{Title: g.Title, Columns: g.Columns, Rows: g.Rows, Notes: g.Notes})
		}
		if werr := a.write(out, r, tables...); werr != nil {
			return werr
		}
		return interrupted(c.Context(), err)
	}
	flags(c.Flags())
	out.AddFlags(c.Flags())
	return c
}

func vdwGameFlags(fl *pflag.FlagSet, k, colors, list *int) {
	fl.IntVar(k, "k", 3, "progression length")
	fl.IntVar(colors, "colors", 3, "number of colours")
	fl.IntVar(list, "list", 2, "list size")
}
