package report

import (
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/solve"
)

// FrontierRows gathers the values and bounds Kombi has proven, game by game.
func FrontierRows() []solve.FrontierRow {
	var rows []solve.FrontierRow
	for _, f := range []func() []solve.FrontierRow{thue.FrontierRows, nim2d.FrontierRows, vdwlist.FrontierRows, nim.FrontierRows} {
		rows = append(rows, f()...)
	}
	return rows
}

// FrontierTable is `kombi report frontier`: each value with how it was
// proven, the command that reproduces it and the machine time it took.
func FrontierTable(rows []solve.FrontierRow) *Table {
	t := &Table{Title: "The frontier: values and bounds Kombi has proven", Columns: []string{"what", "value", "how proven", "command", "machine time"}}
	for _, r := range rows {
		t.Rows = append(t.Rows, []string{r.What, r.Value, r.How, r.Command, r.MachineTime})
	}
	return t
}
