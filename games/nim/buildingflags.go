package nim

import (
	"context"
	"flag"
	"fmt"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// BuildingTableOptions are the settings of `kombi table buildingnim`: the
// table's bounds and the placement rule.
type BuildingTableOptions struct {
	MaxHeaps, MaxTokens int
	Placement           string
}

// FlagSet sets the defaults and returns the command-line flags bound to o.
func (o *BuildingTableOptions) FlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("table buildingnim", flag.ContinueOnError)
	fs.IntVar(&o.MaxHeaps, "max-heaps", 5, "largest number of heaps")
	fs.IntVar(&o.MaxTokens, "max-tokens", 20, "largest number of tokens")
	fs.StringVar(&o.Placement, "placement", string(EmptyFirst), "empty-first (a token goes on an empty heap while there is one) or free (any heap)")
	return fs
}

// Check reports settings BuildingWinners cannot fill a table for, naming the flags.
func (o *BuildingTableOptions) Check() error {
	if _, err := CheckBuildingTable(o.MaxHeaps, o.MaxTokens, o.Placement); err != nil {
		return fmt.Errorf("--max-heaps %d --max-tokens %d --placement %s: %w", o.MaxHeaps, o.MaxTokens, o.Placement, err)
	}
	return nil
}

// Run fills the table (BuildingWinners).
func (o *BuildingTableOptions) Run(ctx context.Context, progress func(solve.Progress)) (*BuildingTable, error) {
	return BuildingWinners(ctx, o.MaxHeaps, o.MaxTokens, Placement(o.Placement), progress)
}

// Tables is the table for people: a row per number of heaps.
func (t *BuildingTable) Tables() []game.Table {
	return []game.Table{{Title: t.Title(), Columns: t.Columns(), Rows: t.Rows()}}
}
