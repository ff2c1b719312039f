package nim

import (
	"context"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// BuildingTableOptions are the settings of `kombi table buildingnim`: the
// table's bounds and the placement rule.
type BuildingTableOptions struct {
	// MaxHeaps and MaxTokens are the largest numbers of heaps and tokens.
	MaxHeaps, MaxTokens int
	// Placement is the placement rule: empty-first or free.
	Placement string
}

// Check reports settings BuildingWinners cannot fill a table for (a
// study.SettingError).
func (o *BuildingTableOptions) Check() error {
	if _, err := CheckBuildingTable(o.MaxHeaps, o.MaxTokens, o.Placement); err != nil {
		return study.Settingf("{largest number of heaps} %d {largest number of tokens} %d {placement} %s: %v", o.MaxHeaps, o.MaxTokens, o.Placement, err)
	}
	return nil
}

// Run fills the table (BuildingWinners).
func (o *BuildingTableOptions) Run(ctx context.Context, progress func(solve.Progress)) (*BuildingTable, error) {
	return BuildingWinners(ctx, o.MaxHeaps, o.MaxTokens, nim.Placement(o.Placement), progress)
}

// Tables is the table for people: a row per number of heaps.
func (t *BuildingTable) Tables() []game.Table {
	return []game.Table{{Title: t.Title(), Columns: t.Columns(), Rows: t.Rows()}}
}

// Settings sets the defaults and returns the settings of the table.
func (o *BuildingTableOptions) Settings() []study.Setting {
	*o = BuildingTableOptions{MaxHeaps: 5, MaxTokens: 20, Placement: string(nim.EmptyFirst)}
	return []study.Setting{
		{Name: "largest number of heaps", Doc: "largest number of heaps", Value: study.Int(&o.MaxHeaps)},
		{Name: "largest number of tokens", Doc: "largest number of tokens", Value: study.Int(&o.MaxTokens)},
		{Name: "placement", Doc: "empty-first (a token goes on an empty heap while there is one) or free (any heap)", Value: study.String(&o.Placement)},
	}
}
