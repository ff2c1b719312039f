package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/games/nim2d"
)

// maxTriangleSearch is the largest palette whose triangles the endgame
// report searches: side 8 takes about a minute, side 9 would take hours.
const maxTriangleSearch = 8

func (a *app) nim2dEndgamesCmd() *cobra.Command {
	var (
		maxEmpty, searchUpTo int
		mem                  int64
		asJSON               bool
	)
	c := &cobra.Command{
		Use:   "nim2d-endgames",
		Short: "2D Nim: every class of positions with at most 5 empty cells, and the empty N×N palettes proven",
		Long: "Classify every position of 2D Nim with at most --max-empty empty cells (N ≥ 5), up to symmetry and\n" +
			"up to how the empty cells share rows and columns: outcome, Grundy value, a one-line reason and an\n" +
			"example position. Then prove the outcome of the empty N×N palette for N = 1 to 10: plain search\n" +
			"(N ≤ 4), Grundy search of the triangles (N ≤ --search-up-to) and the mirror argument checked by the\n" +
			"program on every move (all N). Markdown by default, one JSON object with --json.",
		Example: "  kombi report nim2d-endgames\n  kombi report nim2d-endgames --max-empty 6 --json",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if maxEmpty < 0 || maxEmpty > nim2d.MaxEndgameCells {
				return usagef("--max-empty %d: want 0 to %d", maxEmpty, nim2d.MaxEndgameCells)
			}
			if searchUpTo < 0 || searchUpTo > maxTriangleSearch {
				return usagef("--search-up-to %d: want 0 to %d (larger palettes take hours; the mirror argument covers them)", searchUpTo, maxTriangleSearch)
			}
			if mem < 1 {
				return usagef("--mem %d: want at least 1 MiB", mem)
			}
			steps := 0
			bar := newProgress(a.stderr, maxEmpty+1+nim2d.MaxN, "nim2d endgames")
			rep, err := nim2d.Endgames(c.Context(), maxEmpty, searchUpTo, mem<<20, func(string) {
				steps++
				bar.set(steps)
			})
			bar.finish()
			if err != nil {
				return fmt.Errorf("nim2d-endgames: %w", err)
			}
			if asJSON {
				return writeJSON(a.stdout, rep)
			}
			fmt.Fprint(a.stdout, rep.Markdown())
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&maxEmpty, "max-empty", 5, "classify positions with at most this many empty cells")
	fl.IntVar(&searchUpTo, "search-up-to", 7, "search the empty palette's triangles up to this side (8 takes about a minute)")
	fl.Int64Var(&mem, "mem", 256, "memory bound of the Grundy cache in MiB")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}

func (a *app) nim2dBenchCmd() *cobra.Command {
	var (
		upTo, samples int
		budget        int64
		seed          uint64
		asJSON        bool
	)
	c := &cobra.Command{
		Use:   "nim2d",
		Short: "2D Nim: the decomposition engine against plain whole-palette search, and the triangles' Grundy values",
		Long: "Time the Sprague–Grundy engine (components, canonical forms, cache) against a plain exhaustive\n" +
			"search of the whole palette on the empty 4×4 palette and 40 random 5×5 positions (both must agree),\n" +
			"then the engine alone on the triangle of the empty N×N palette for N = 4 to --up-to. With --coverage S,\n" +
			"also play S random games on the 8×8, 9×9 and 10×10 palettes, stop after k moves and count the positions\n" +
			"one bot analysis (--budget) decides.",
		Example: "  kombi bench nim2d\n  kombi bench nim2d --up-to 8 --json",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if upTo < 0 || upTo > maxTriangleSearch {
				return usagef("--up-to %d: want 0 to %d", upTo, maxTriangleSearch)
			}
			if samples < 0 || budget < 0 {
				return usagef("--coverage and --budget must not be negative")
			}
			res, err := nim2d.Bench(c.Context(), upTo, seed)
			if err != nil {
				return fmt.Errorf("bench nim2d: %w", err)
			}
			if samples > 0 {
				res.Budget = budget
				res.Coverage, err = nim2d.Coverage(c.Context(), []int{8, 9, 10}, []int{1, 3, 5, 8, 12, 16, 20, 25}, samples, budget, seed)
				if err != nil {
					return fmt.Errorf("bench nim2d: %w", err)
				}
			}
			if asJSON {
				return writeJSON(a.stdout, res)
			}
			fmt.Fprint(a.stdout, res.Text())
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&upTo, "up-to", 7, "largest palette whose triangle is solved (8 takes about a minute)")
	fl.Uint64Var(&seed, "seed", 1, "seed of the random positions")
	fl.IntVar(&samples, "coverage", 0, "random games per palette side and game length for the coverage table (0: none)")
	fl.Int64Var(&budget, "budget", nim2d.DefaultBudget, "work budget of one analysis in the coverage table")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}
