package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/report"
	nim "github.com/kombi/kombi/study/nim"
)

// The table of Grundy's game values (streamed as JSON: it may hold millions).

func (a *app) tableGrundyCmd() *cobra.Command {
	var count, naive, summary = 0, false, false
	var out output
	c := newCmd("grundy", "Grundy values G(0..C−1) of Grundy's game, by the sparse-space (rare values) method",
		exactArgs(0, "no arguments"), func(c *cobra.Command, _ []string) error {
			if err := errors.Join(out.Check(), nim.CheckGrundyTable(count, !summary && !out.IsJSON())); err != nil {
				return usage(fmt.Errorf("table grundy: --count %d (required), --summary %t: %w", count, summary, err))
			}
			bar := report.NewProgress(a.stderr, "values", false)
			t, err := nim.GrundyTableOf(c.Context(), count, naive, bar.Func())
			if bar.Done(); t == nil {
				return fmt.Errorf("table grundy: %w", err)
			}
			if out.IsJSON() {
				return errors.Join(t.WriteJSON(a.stdout, summary), interrupted(c.Context(), err))
			}
			tables := []*report.Table{{Title: t.RareTitle(), Columns: []string{"n", "G(n)"}, Rows: t.RareRows(), Notes: []string{t.Summary()}}}
			if rows, _ := t.ValueRows(); !summary {
				tables = append([]*report.Table{{Title: t.ValuesTitle(), Columns: nim.ValueColumns(), Rows: rows}}, tables...)
			}
			return errors.Join(a.write(out, nil, tables...), interrupted(c.Context(), err))
		})
	out.AddFlags(c.Flags())
	c.Flags().IntVar(&count, "count", 0, "number of values, G(0)..G(COUNT−1) (required)")
	c.Flags().BoolVar(&naive, "naive", false, "use the plain O(n²) mex (slow; for comparison)")
	c.Flags().BoolVar(&summary, "summary", false, "leave out the list of all values")
	return c
}
