package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
)

// settings are the options of an analysis command: they declare their
// flags and check the values given (errors name the flag).
type settings interface {
	FlagSet() *flag.FlagSet
	Check() error
}

// analysisCmd builds a command without arguments whose flags are those of
// o: it checks them (a usage error), runs run with a progress report and
// prints the result's tables in the --format asked for (default format) or
// its JSON, also after Ctrl-C (then exit 130). Long help: help.txt.
func analysisCmd[R game.Tabler](a *app, use, short, format string, o settings, run func(context.Context, func(solve.Progress)) (R, error)) *cobra.Command {
	var out output
	c := newCmd(use, short, exactArgs(0, "no arguments"), nil)
	c.RunE = func(c *cobra.Command, _ []string) error {
		name := c.Parent().Name() + " " + c.Name()
		if err := out.Check(); err != nil {
			return err
		} else if err := o.Check(); err != nil {
			return usage(fmt.Errorf("%s: %w", name, err))
		}
		bar := report.NewProgress(a.stderr, name, false)
		r, err := run(c.Context(), bar.Func())
		if bar.Done(); err != nil && !solve.Stopped(err) { // a stopped run returns what it did
			return fmt.Errorf("%s: %w", name, err)
		}
		return cmp.Or(a.write(out, r, report.Tables(r.Tables()...)...), interrupted(c.Context(), err))
	}
	c.Flags().AddGoFlagSet(o.FlagSet())
	out.AddFlags(c.Flags())
	out.Format, c.Flags().Lookup("format").DefValue = format, format
	return c
}

func (a *app) vdwlistTableCmd() *cobra.Command {
	var o vdwlist.TableOptions
	return analysisCmd(a, "vdwlist", "Exact winning probabilities of the list-colouring van der Waerden game by game length s", "text", &o, o.Run)
}

func (a *app) vdwlistBenchCmd() *cobra.Command {
	var o vdwlist.BenchOptions
	return analysisCmd(a, "vdwlist", "Time the exact solver against plain expectimax, and *-minimax against plain expectiminimax", "text", &o, o.Run)
}

func (a *app) vdwlistReportCmd() *cobra.Command {
	var o vdwlist.LevelOptions
	return analysisCmd(a, "vdwlist", "The computer levels of the list-colouring van der Waerden game against the perfect player, exactly", "text", &o, o.Run)
}

func (a *app) nim2dEndgamesCmd() *cobra.Command {
	var o nim2d.EndgameOptions
	return analysisCmd(a, "nim2d-endgames", "2D Nim: every class of positions with at most 5 empty cells (outcome, reason, example), and the empty N×N palettes proven", "markdown", &o, o.Run)
}

func (a *app) nim2dBenchCmd() *cobra.Command {
	var o nim2d.BenchOptions
	return analysisCmd(a, "nim2d", "2D Nim: the decomposition engine against plain whole-palette search, the triangles, and the bots' coverage", "text", &o, o.Run)
}

func (a *app) nim2dShapesCmd() *cobra.Command {
	var o nim2d.ShapeTableOptions
	return analysisCmd(a, "nim2d-shapes", "2D Nim: the Grundy value of every component shape of the N×N palette's triangles, saved for perfect play (parallel; Ctrl-C saves, a new run continues)", "text", &o, o.Run)
}

func (a *app) tableBuildingNimCmd() *cobra.Command {
	var o nim.BuildingTableOptions
	return analysisCmd(a, "buildingnim", "Who wins Building Nim with n heaps and p tokens, by exact search", "text", &o, o.Run)
}

func (a *app) apBenchCmd() *cobra.Command {
	var o apgame.BenchOptions
	return analysisCmd(a, "ap", "Szemerédi game: time the set draw, the progressions (against a plain search), a move (against a recount)", "text", &o, o.Run)
}
