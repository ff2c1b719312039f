package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/games/nim"
)

// The Nim-family tables: Grundy's game values and Building Nim winners.

func (a *app) tableGrundyCmd() *cobra.Command {
	var (
		count         int
		asJSON, naive bool
		summary       bool
	)
	c := &cobra.Command{
		Use:   "grundy",
		Short: "Grundy values G(0..C−1) of Grundy's game, by the sparse-space (rare values) method",
		Long: "Computes G(n) = mex{G(a) XOR G(n−a) : 1 ≤ a < n/2} for n < COUNT by the sparse-space method of\n" +
			"Winning Ways: values whose bits above the lowest have even parity are rare, the common values\n" +
			"among the options come from the few rare heaps, and a short search confirms the rare ones.\n" +
			"Prints the values, the rare values (heap and value) and the largest value with where it first occurs.\n" +
			"--naive uses the plain O(n²) mex instead, for comparison.",
		Example: "  kombi table grundy --count 100\n  kombi table grundy --count 2097152 --summary\n  kombi table grundy --count 1000 --json",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if !c.Flags().Changed("count") {
				return usagef("table grundy: --count is required")
			}
			if count < 1 || count > 1<<26 {
				return usagef("--count %d: want 1 to %d", count, 1<<26)
			}
			start := time.Now()
			var t *nim.GrundyTable
			if naive {
				vals := nim.NaiveGrundyValues(count)
				t = &nim.GrundyTable{Values: make([]uint16, count)}
				for n, v := range vals {
					t.Values[n] = uint16(v)
					if n >= 1 && nim.IsRare(v) {
						t.Rare = append(t.Rare, [2]int{n, v})
					}
					if v > t.Max {
						t.Max, t.MaxAt = v, n
					}
				}
			} else {
				bar := newProgress(a.stderr, count, "values")
				var err error
				t, err = nim.GrundyValues(c.Context(), count, bar.set)
				bar.finish()
				if err != nil {
					return fmt.Errorf("table grundy: %w", err)
				}
			}
			elapsed := time.Since(start)
			w := bufio.NewWriterSize(a.stdout, 1<<16)
			if asJSON {
				fmt.Fprintf(w, `{"count":%d,"values":[`, count)
				if !summary {
					for n, v := range t.Values {
						if n > 0 {
							w.WriteByte(',')
						}
						w.WriteString(strconv.Itoa(int(v)))
					}
				}
				w.WriteString(`],"rare":[`)
				for i, r := range t.Rare {
					if i > 0 {
						w.WriteByte(',')
					}
					fmt.Fprintf(w, "[%d,%d]", r[0], r[1])
				}
				fmt.Fprintf(w, `],"max_value":%d,"max_at":%d,"seconds":%.3f}`+"\n", t.Max, t.MaxAt, elapsed.Seconds())
				return flush(w, "table grundy")
			}
			method := "sparse-space method"
			if naive {
				method = "plain mex"
			}
			fmt.Fprintf(w, "Grundy's game: G(n) for n = 0..%d (%s, %.3f s).\n", count-1, method, elapsed.Seconds())
			if !summary {
				for n := 0; n < count; n += 20 {
					fmt.Fprintf(w, "%8d:", n)
					for _, v := range t.Values[n:min(n+20, count)] {
						fmt.Fprintf(w, " %3d", v)
					}
					w.WriteByte('\n')
				}
			}
			fmt.Fprintf(w, "Rare values (bits above the lowest of even parity) at %d heaps n ≥ 1, as n:G(n):\n", len(t.Rare))
			var parts []string
			for _, r := range t.Rare {
				parts = append(parts, fmt.Sprintf("%d:%d", r[0], r[1]))
			}
			for i := 0; i < len(parts); i += 10 {
				fmt.Fprintf(w, "  %s\n", strings.Join(parts[i:min(i+10, len(parts))], " "))
			}
			fmt.Fprintf(w, "Largest value: %d, first at n = %d.\n", t.Max, t.MaxAt)
			return flush(w, "table grundy")
		},
	}
	fl := c.Flags()
	fl.IntVar(&count, "count", 0, "number of values, G(0)..G(COUNT−1) (required)")
	fl.BoolVar(&asJSON, "json", false, `print {"count":C,"values":[...],"rare":[[n,G(n)],...],"max_value":V,"max_at":N,"seconds":S}`)
	fl.BoolVar(&naive, "naive", false, "use the plain O(n²) mex (slow; for comparison)")
	fl.BoolVar(&summary, "summary", false, "leave out the list of all values")
	return c
}

func flush(w *bufio.Writer, what string) error {
	if err := w.Flush(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

func (a *app) tableBuildingNimCmd() *cobra.Command {
	var (
		maxHeaps, maxTokens int
		asJSON              bool
	)
	c := &cobra.Command{
		Use:   "buildingnim",
		Short: "Who wins Building Nim with n heaps and p tokens, by exact search",
		Long: "For every n ≤ --max-heaps and p ≤ --max-tokens, searches the building phase exactly (the heaps\n" +
			"sorted, the end decided by Bouton's rule) and prints the winner: P1 (who places first) or P2.",
		Example: "  kombi table buildingnim --max-heaps 5 --max-tokens 20\n  kombi table buildingnim --max-heaps 3 --max-tokens 12 --json",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if maxHeaps < 1 || maxHeaps > 64 {
				return usagef("--max-heaps %d: want 1 to 64", maxHeaps)
			}
			if maxTokens < 1 || maxTokens > 10000 {
				return usagef("--max-tokens %d: want 1 to 10000", maxTokens)
			}
			for n := 1; n <= maxHeaps; n++ {
				if nim.BuildingStates(n, maxTokens) > nim.MaxBuildingStates {
					return usagef("%d heaps and %d tokens give more than %d building positions; lower --max-tokens or --max-heaps", n, maxTokens, nim.MaxBuildingStates)
				}
			}
			winners := make([][]int, maxHeaps)
			var nodes int64
			start := time.Now()
			for n := 1; n <= maxHeaps; n++ {
				sv := nim.NewBuildingSolver()
				for p := 1; p <= maxTokens; p++ {
					w, err := nim.BuildingWinner(c.Context(), sv, n, p)
					if err != nil {
						return fmt.Errorf("table buildingnim: %w", err)
					}
					winners[n-1] = append(winners[n-1], w+1)
				}
				nodes += sv.Nodes
			}
			if asJSON {
				return writeJSON(a.stdout, map[string]any{"max_heaps": maxHeaps, "max_tokens": maxTokens,
					"winner": winners, "positions": nodes, "seconds": time.Since(start).Seconds()})
			}
			fmt.Fprintf(a.stdout, "Building Nim: the winner with n heaps (rows) and p tokens (columns) under best play;\n"+
				"P1 places the first token. Exact search of %d building positions in %.3f s.\n\n", nodes, time.Since(start).Seconds())
			fmt.Fprintf(a.stdout, "%7s", "n \\ p")
			for p := 1; p <= maxTokens; p++ {
				fmt.Fprintf(a.stdout, " %3d", p)
			}
			fmt.Fprintln(a.stdout)
			for n := 1; n <= maxHeaps; n++ {
				fmt.Fprintf(a.stdout, "%7d", n)
				for _, w := range winners[n-1] {
					fmt.Fprintf(a.stdout, "  P%d", w)
				}
				fmt.Fprintln(a.stdout)
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&maxHeaps, "max-heaps", 5, "largest number of heaps")
	fl.IntVar(&maxTokens, "max-tokens", 20, "largest number of tokens")
	fl.BoolVar(&asJSON, "json", false, `print {"winner":[[...],...]} (1 or 2, indexed by heaps−1 and tokens−1) and the counts`)
	return c
}
