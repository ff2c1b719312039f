package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	studyap "github.com/kombi/kombi/study/apgame"
	studynim "github.com/kombi/kombi/study/nim"
	nim2d "github.com/kombi/kombi/study/nim2d"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
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
			return usage(fmt.Errorf("%s: %w", name, flagged(err)))
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

func (a *app) vdwlistTableCmd() *cobra.Command {
	o := studyvdwlist.TableOptions{K: 3, Colors: []int{2, 3}, From: 1, MaxS: vdwlist.MaxS, Budget: time.Minute, MemBytes: 1 << 30}
	return analysisCmd(a, "vdwlist", "Exact winning probabilities of the list-colouring van der Waerden game by game length s", "text", &o, func(fl *pflag.FlagSet) {
		fl.IntVar(&o.K, "k", o.K, "progression length")
		fl.Var((*intList)(&o.Colors), "colors", "numbers of colours c (a `list` such as 2,3)")
		fl.Var((*intList)(&o.Lists), "list", "list sizes l (a `list` such as 1,2; default: every l from 1 to c)")
		fl.IntVar(&o.From, "from", o.From, "first game length s")
		fl.IntVar(&o.MaxS, "max-s", o.MaxS, "last game length s")
		fl.DurationVar(&o.Budget, "time", o.Budget, "time budget of each (c, l) series")
		fl.Int64Var(&o.MemBytes, "mem", o.MemBytes, "memory bound of each series' solver table in bytes")
	}, o.Run)
}

func (a *app) vdwlistBenchCmd() *cobra.Command {
	var o studyvdwlist.BenchOptions
	return analysisCmd(a, "vdwlist", "Time the exact solver against plain expectimax, and *-minimax against plain expectiminimax", "text", &o, func(fl *pflag.FlagSet) {
		vdwlistGameFlags(fl, &o.K, &o.Colors, &o.List)
		fl.IntVar(&o.MaxPlain, "max-plain", 9, "largest s solved by both the solver and plain expectimax")
		fl.IntVar(&o.S, "s", 20, "game length of the search positions")
		fl.IntVar(&o.Depth, "depth", 9, "search depth in moves (a round is 3)")
		fl.IntVar(&o.Positions, "positions", 20, "number of random search positions")
		fl.Uint64Var(&o.Seed, "seed", 1, "seed of the random positions")
	}, o.Run)
}

func (a *app) vdwlistReportCmd() *cobra.Command {
	var o studyvdwlist.LevelOptions
	return analysisCmd(a, "vdwlist", "The computer levels of the list-colouring van der Waerden game against the perfect player, exactly", "text", &o, func(fl *pflag.FlagSet) {
		vdwlistGameFlags(fl, &o.K, &o.Colors, &o.List)
		fl.IntVar(&o.S, "s", 10, "game length")
	}, o.Run)
}

// vdwlistGameFlags are the flags --k, --colors and --list of one game.
func vdwlistGameFlags(fl *pflag.FlagSet, k, colors, list *int) {
	fl.IntVar(k, "k", 3, "progression length")
	fl.IntVar(colors, "colors", 3, "number of colours")
	fl.IntVar(list, "list", 2, "list size")
}

// intList is a flag of numbers separated by commas, such as 2,3.
type intList []int

func (l *intList) String() string {
	parts := make([]string, len(*l))
	for i, n := range *l {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

func (l *intList) Set(s string) error {
	*l = (*l)[:0]
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("%q: want whole numbers separated by commas, e.g. 2,3", f)
		}
		*l = append(*l, n)
	}
	return nil
}

func (l *intList) Type() string { return "list" }

func (a *app) nim2dEndgamesCmd() *cobra.Command {
	var o nim2d.EndgameOptions
	return analysisCmd(a, "nim2d-endgames", "2D Nim: every class of positions with at most 5 empty cells (outcome, reason, example), and the empty N×N palettes proven", "markdown", &o, func(fl *pflag.FlagSet) {
		fl.IntVar(&o.MaxEmpty, "max-empty", 5, "classify positions with at most this many empty cells")
		fl.IntVar(&o.SearchUpTo, "search-up-to", 7, "search the empty palette's triangles up to this side (8 takes about a minute)")
		fl.Int64Var(&o.MemMiB, "mem", 256, "memory bound of the Grundy cache in MiB")
	}, o.Run)
}

func (a *app) nim2dBenchCmd() *cobra.Command {
	var o nim2d.BenchOptions
	return analysisCmd(a, "nim2d", "2D Nim: the decomposition engine against plain whole-palette search, the triangles, and the bots' coverage", "text", &o, func(fl *pflag.FlagSet) {
		fl.IntVar(&o.UpTo, "up-to", 7, "largest palette whose triangle is solved (8 takes about a minute)")
		fl.Uint64Var(&o.Seed, "seed", 1, "seed of the random positions")
		fl.IntVar(&o.Coverage, "coverage", 0, "random games per palette side (8 to 10) and game length of the coverage table (0: none)")
		fl.Int64Var(&o.Budget, "budget", nim2d.DefaultBudget, "work budget of one analysis in the coverage table")
	}, o.Run)
}

func (a *app) nim2dShapesCmd() *cobra.Command {
	var o nim2d.ShapeTableOptions
	return analysisCmd(a, "nim2d-shapes", "2D Nim: the Grundy value of every component shape of the N×N palette's triangles, saved for perfect play (parallel; Ctrl-C saves, a new run continues)", "text", &o, func(fl *pflag.FlagSet) {
		fl.IntVar(&o.N, "n", 8, "palette side (2 to 9); the table serves every smaller palette too")
		fl.StringVar(&o.File, "file", "", "shape file (default: nim2d-shapes-N.bin in $KOMBI_DATA_DIR, else ~/.local/share/kombi)")
		fl.Int64Var(&o.MemMiB, "mem", 0, "memory bound of the table in MiB (8 bytes a slot, growing needs 1.5×; 0: as the palette needs, 4096 for 9×9)")
		fl.IntVar(&o.Workers, "workers", 0, "parallel workers (0: one per core)")
	}, o.Run)
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
// the flags that carry them (flagOf), keeping err a usage error.
func flagged(err error) error {
	var se *study.SettingError
	if !errors.As(err, &se) {
		return err
	}
	return usage(errors.New(strings.Replace(err.Error(), se.Error(), se.Format(flagOf), 1)))
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
	case "progression length":
		return "--k"
	case "numbers of colours":
		return "--colors"
	case "list sizes":
		return "--list"
	case "first game length":
		return "--from"
	case "last game length":
		return "--max-s"
	case "time budget":
		return "--time"
	case "memory bound":
		return "--mem"
	case "search depth":
		return "--depth"
	case "search positions":
		return "--positions"
	case "largest plain game length":
		return "--max-plain"
	case "game length":
		return "--s"
	case "most empty cells":
		return "--max-empty"
	case "largest triangle searched":
		return "--search-up-to"
	case "largest triangle solved":
		return "--up-to"
	case "coverage games":
		return "--coverage"
	case "work budget":
		return "--budget"
	case "palette side":
		return "--n"
	case "workers":
		return "--workers"
	}
	return setting
}
