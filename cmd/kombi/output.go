package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report"
)

// output is the --format / --json choice of a command that prints tables
// or one JSON object.
type output struct {
	format string
	json   bool
}

// addFlags adds --format (text, markdown, csv, json) and --json (the same
// as --format json) to a command's flags.
func (o *output) addFlags(fl *pflag.FlagSet) {
	fl.StringVar(&o.format, "format", "text", "output format: "+strings.Join(report.Formats, ", "))
	fl.BoolVar(&o.json, "json", false, "print JSON (the same as --format json)")
}

// check validates the format; a bad one is a usage error.
func (o *output) check() error {
	if o.json {
		o.format = "json"
	}
	if !slices.Contains(report.Formats, o.format) {
		return usagef("--format %q: want one of %s", o.format, strings.Join(report.Formats, ", "))
	}
	return nil
}

// isJSON reports whether the command prints JSON.
func (o *output) isJSON() bool { return o.json || o.format == "json" }

// write prints tables in the chosen format. With JSON and a data value,
// that value is printed instead (the command's own JSON shape).
func (a *app) write(o output, data any, tables ...*report.Table) error {
	if o.isJSON() && data != nil {
		return writeJSON(a.stdout, data)
	}
	for i, t := range tables {
		if i > 0 && o.format != "json" && o.format != "csv" {
			if _, err := fmt.Fprintln(a.stdout); err != nil {
				return fmt.Errorf("write: %w", err)
			}
		}
		if err := t.Write(a.stdout, o.format); err != nil {
			return fmt.Errorf("write: %w", err)
		}
	}
	return nil
}

// print prints data as JSON with --json, else text for people.
func (a *app) print(asJSON bool, data any, text string) error {
	if asJSON {
		return writeJSON(a.stdout, data)
	}
	if _, err := io.WriteString(a.stdout, text); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// writeJSON writes v as indented JSON; a failed write is an error.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// out returns a checked writer of standard output: write piece by piece,
// check Err once at the end.
func (a *app) out() *match.CheckedWriter { return match.NewCheckedWriter(a.stdout, "standard output") }
