package report

import (
	"github.com/kombi/kombi/solve"
)

// FrontierTable is `kombi report frontier`: each value with how it was
// proven, the command that reproduces it and the machine time it took.
func FrontierTable(rows []solve.FrontierRow) *Table {
	t := &Table{Title: "The frontier: values and bounds Kombi has proven", Columns: []string{"what", "value", "how proven", "command", "machine time"}}
	for _, r := range rows {
		t.Rows = append(t.Rows, []string{r.What, r.Value, r.How, r.Command, r.MachineTime})
	}
	return t
}
