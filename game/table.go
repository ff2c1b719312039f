package game

// Table is a titled grid of text cells with notes under it: what an
// analysis, a benchmark or a report gives people. Game packages return it
// without knowing how it is printed; package report writes it as text,
// Markdown, CSV or JSON.
type Table struct {
	Title   string     `json:"title"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
	// Notes are printed under the table.
	Notes []string `json:"notes,omitempty"`
}

// Tabler is a result with tables for people; its own JSON form is the
// result itself.
type Tabler interface{ Tables() []Table }
