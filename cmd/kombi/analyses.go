package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	studyap "github.com/kombi/kombi/study/apgame"
	studynim "github.com/kombi/kombi/study/nim"
)

// checker is the options of a study: Check refuses bad settings, naming
// them in words (study.SettingError).
type checker interface{ Check() error }

// analysisCmd builds a command without arguments whose flags (declared by
// flags) set the options o of a study: it checks them (a usage error
// naming the flags), runs run with a progress report and prints the
// result's tables in the --format asked for (default format) or its JSON,
// also after Ctrl-C (then exit 130). Long help: help.txt.
func analysisCmd[R game.Tabler](a *app, use, short, format string, o checker, flags func(*pflag.FlagSet), run func(context.Context, func(solve.Progress)) (R, error)) *cobra.Command {
	var out output
	c := newCmd(use, short, exactArgs(0, "no arguments"), nil)
	c.RunE = func(c *cobra.Command, _ []string) error {
		name := c.Parent().Name() + " " + c.Name()
		if err := out.Check(); err != nil {
			return err
		} else if err := o.Check(); err != nil {
			return usageError{fmt.Errorf("%s: %w", name, flagged(err))}
		}
		bar := report.NewProgress(a.stderr, name, false)
		r, err := run(c.Context(), bar.Func())
		if bar.Done(); err != nil && !solve.Stopped(err) { // a stopped run returns what it did
			return fmt.Errorf("%s: %w", name, err)
		}
		return cmp.Or(a.write(out, r, report.Tables(r.Tables()...)...), interrupted(c.Context(), err))
	}
	flags(c.Flags())
	out.AddFlags(c.Flags())
	out.Format, c.Flags().Lookup("format").DefValue = format, format
	return c
}

// goFlags adds the flags of a flag.FlagSet.
func goFlags(fs func() *flag.FlagSet) func(*pflag.FlagSet) {
	return func(fl *pflag.FlagSet) { fl.AddGoFlagSet(fs()) }
}

func (a *app) vdwlistTableCmd() *cobra.Command {
	var o vdwlist.TableOptions
	return analysisCmd(a, "vdwlist", "Exact winning probabilities of the list-colouring van der Waerden game by game length s", "text", &o, goFlags(o.FlagSet), o.Run)
}

func (a *app) vdwlistBenchCmd() *cobra.Command {
	var o vdwlist.BenchOptions
	return analysisCmd(a, "vdwlist", "Time the exact solver against plain expectimax, and *-minimax against plain expectiminimax", "text", &o, goFlags(o.FlagSet), o.Run)
}

func (a *app) vdwlistReportCmd() *cobra.Command {
	var o vdwlist.LevelOptions
	return analysisCmd(a, "vdwlist", "The computer levels of the list-colouring van der Waerden game against the perfect player, exactly", "text", &o, goFlags(o.FlagSet), o.Run)
}

func (a *app) nim2dEndgamesCmd() *cobra.Command {
	var o nim2d.EndgameOptions
	return analysisCmd(a, "nim2d-endgames", "2D Nim: every class of positions with at most 5 empty cells (outcome, reason, example), and the empty N×N palettes proven", "markdown", &o, goFlags(o.FlagSet), o.Run)
}

func (a *app) nim2dBenchCmd() *cobra.Command {
	var o nim2d.BenchOptions
	return analysisCmd(a, "nim2d", "2D Nim: the decomposition engine against plain whole-palette search, the triangles, and the bots' coverage", "text", &o, goFlags(o.FlagSet), o.Run)
}

func (a *app) nim2dShapesCmd() *cobra.Command {
	var o nim2d.ShapeTableOptions
	return analysisCmd(a, "nim2d-shapes", "2D Nim: the Grundy value of every component shape of the N×N palette's triangles, saved for perfect play (parallel; Ctrl-C saves, a new run continues)", "text", &o, goFlags(o.FlagSet), o.Run)
}

func (a *app) tableBuildingNimCmd() *cobra.Command {
	var o studynim.BuildingTableOptions
	return analysisCmd(a, "buildingnim", "Who wins Building Nim with n heaps and p tokens, by exact search", "text", &o, func(fl *pflag.FlagSet) {
		fl.IntVar(&o.MaxHeaps, "max-heaps", 5, "largest number of heaps")
		fl.IntVar(&o.MaxTokens, "max-tokens", 20, "largest number of tokens")
		fl.StringVar(&o.Placement, "placement", "empty-first", "empty-first (a token goes on an empty heap while there is one) or free (any heap)")
	}, o.Run)
}

func (a *app) apBenchCmd() *cobra.Command {
	var o studyap.BenchOptions
	return analysisCmd(a, "ap", "Szemerédi game: time the set draw, the progressions (against a plain search), a move (against a recount)", "text", &o, func(fl *pflag.FlagSet) {
		fl.IntVar(&o.X, "x", 1000, "size of the sets")
		fl.IntVar(&o.K, "k", 3, "progression length")
		fl.IntVar(&o.Sets, "sets", 20, "number of sets (seeds 0, 1, ...)")
	}, o.Run)
}

// flagged writes the settings that a study.SettingError in err names as
// the flags that carry them (flagOf).
func flagged(err error) error {
	var se *study.SettingError
	if !errors.As(err, &se) {
		return err
	}
	return errors.New(strings.Replace(err.Error(), se.Error(), se.Format(flagOf), 1))
}

// flagOf is the flag that carries a study's setting named in words.
func flagOf(setting string) string {
	switch setting {
	case "largest number of heaps":
		return "--max-heaps"
	case "largest number of tokens":
		return "--max-tokens"
	case "placement":
		return "--placement"
	case "parameter a":
		return "--a"
	case "method":
		return "--method"
	case "methods":
		return "--methods"
	case "number of rows":
		return "--count"
	case "first index":
		return "--from"
	case "position":
		return "--position"
	case "runs per measurement":
		return "--repeat"
	}
	return setting
}
