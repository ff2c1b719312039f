// Package report writes tables (text, Markdown, CSV, JSON) and plots
// (PNG, SVG, PDF) of results and game records.
package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/kombi/kombi/game"
)

// Table is a titled grid of text cells with notes under it (game.Table,
// what game packages return), with the methods that print it.
type Table game.Table

// Tables converts game tables for printing.
func Tables(ts ...game.Table) []*Table {
	out := make([]*Table, len(ts))
	for i := range ts {
		out[i] = (*Table)(&ts[i])
	}
	return out
}

// Formats lists the formats Write accepts.
var Formats = []string{"text", "markdown", "csv", "json"}

// Write writes the table in a format: text (aligned columns), markdown,
// csv or json.
func (t *Table) Write(w io.Writer, format string) error {
	switch format {
	case "", "text":
		return t.writeText(w)
	case "markdown", "md":
		return t.writeMarkdown(w)
	case "csv":
		cw := csv.NewWriter(w)
		if err := cw.Write(t.Columns); err != nil {
			return fmt.Errorf("table csv: %w", err)
		}
		if err := cw.WriteAll(t.Rows); err != nil {
			return fmt.Errorf("table csv: %w", err)
		}
		return nil
	case "json":
		return WriteJSON(w, t)
	}
	return fmt.Errorf("table format %q: want one of %s", format, strings.Join(Formats, ", "))
}

func (t *Table) widths() []int {
	wd := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		wd[i] = utf8.RuneCountInString(c)
	}
	for _, r := range t.Rows {
		for i := range min(len(r), len(wd)) {
			wd[i] = max(wd[i], utf8.RuneCountInString(r[i]))
		}
	}
	return wd
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s)))
}

// MaxTextWidth is the widest line a text table prints as aligned
// columns: a wider one (the frontier's, with its explanations and
// commands) prints each row as a block instead, its first cell as the
// heading and each other cell on lines of at most TextWrap characters
// under its column's name.
const (
	MaxTextWidth = 160
	TextWrap     = 100
)

func (t *Table) writeText(w io.Writer) error {
	wd := t.widths()
	if total := 2 * max(0, len(wd)-1); sum(wd)+total > MaxTextWidth && len(t.Columns) > 1 {
		return t.writeBlocks(w)
	}
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "%s\n\n", t.Title)
	}
	line := func(cells []string) {
		for i := range wd {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(pad(c, wd[i]))
		}
		s := strings.TrimRight(b.String(), " ")
		b.Reset()
		b.WriteString(s)
		b.WriteByte('\n')
		fmt.Fprint(w, b.String())
		b.Reset()
	}
	fmt.Fprint(w, b.String())
	b.Reset()
	line(t.Columns)
	sep := make([]string, len(wd))
	for i, n := range wd {
		sep[i] = strings.Repeat("-", n)
	}
	line(sep)
	for _, r := range t.Rows {
		line(r)
	}
	for _, n := range t.Notes {
		if _, err := fmt.Fprintf(w, "%s\n", n); err != nil {
			return fmt.Errorf("table: %w", err)
		}
	}
	return nil
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// writeBlocks writes a table too wide for columns: a block per row.
func (t *Table) writeBlocks(w io.Writer) error {
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "%s\n\n", t.Title)
	}
	for i, r := range t.Rows {
		if i > 0 {
			b.WriteByte('\n')
		}
		for j, c := range t.Columns {
			v := ""
			if j < len(r) {
				v = r[j]
			}
			if j == 0 {
				wrapTo(&b, v, "", "  ")
			} else if v != "" {
				wrapTo(&b, c+": "+v, "  ", "    ")
			}
		}
	}
	for _, n := range t.Notes {
		fmt.Fprintf(&b, "%s\n", n)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	return nil
}

// wrapTo writes s on one line when it fits MaxTextWidth (a command stays
// whole, to copy), else in lines of at most TextWrap characters (a longer
// word alone on its line), the first indented by first, the others by rest.
// Lines break at plain spaces only: a no-break space (game.Seconds' "3 min
// 11 s") keeps its words together.
func wrapTo(b *strings.Builder, s, first, rest string) {
	if utf8.RuneCountInString(first+s) <= MaxTextWidth {
		b.WriteString(first + s + "\n")
		return
	}
	line := first
	n := utf8.RuneCountInString(first)
	fresh := true
	for _, word := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' }) {
		k := utf8.RuneCountInString(word)
		if !fresh && n+1+k > TextWrap {
			b.WriteString(line + "\n")
			line, n, fresh = rest, utf8.RuneCountInString(rest), true
		}
		if !fresh {
			line += " "
			n++
		}
		line += word
		n += k
		fresh = false
	}
	b.WriteString(line + "\n")
}

func (t *Table) writeMarkdown(w io.Writer) error {
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "**%s**\n\n", t.Title)
	}
	esc := strings.NewReplacer("|", `\|`, "\n", " ")
	row := func(cells []string) {
		b.WriteString("|")
		for i := range t.Columns {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			b.WriteString(" " + esc.Replace(c) + " |")
		}
		b.WriteString("\n")
	}
	if len(t.Columns) > 0 {
		row(t.Columns)
		sep := make([]string, len(t.Columns))
		for i := range sep {
			sep[i] = "---"
		}
		row(sep)
		for _, r := range t.Rows {
			row(r)
		}
	}
	for _, n := range t.Notes {
		if strings.TrimSpace(n) != "" {
			fmt.Fprintf(&b, "\n%s\n", n)
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	return nil
}

// WriteTables writes tables in a format, a blank line between two in text
// and markdown.
func WriteTables(w io.Writer, format string, tables ...*Table) error {
	for i, t := range tables {
		if i > 0 && format != "json" && format != "csv" {
			if _, err := fmt.Fprintln(w); err != nil {
				return fmt.Errorf("write: %w", err)
			}
		}
		if err := t.Write(w, format); err != nil {
			return fmt.Errorf("write: %w", err)
		}
	}
	return nil
}

// WriteJSON writes v as indented JSON.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}
