package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/spf13/pflag"
)

// Output is a command's choice of how to print tables: --format text,
// markdown, csv or json, and --json (the same as --format json).
type Output struct {
	Format string
	JSON   bool
}

// AddFlags adds --format and --json to a command's flags.
func (o *Output) AddFlags(fl *pflag.FlagSet) {
	fl.StringVar(&o.Format, "format", "text", "output format: "+strings.Join(Formats, ", "))
	fl.BoolVar(&o.JSON, "json", false, "print JSON (the same as --format json)")
}

// Check validates the format; a bad one is bad input (exit status 2).
func (o *Output) Check() error {
	if o.JSON {
		o.Format = "json"
	}
	if !slices.Contains(Formats, o.Format) {
		return &game.InputError{Err: fmt.Errorf("--format %q: want one of %s", o.Format, strings.Join(Formats, ", "))}
	}
	return nil
}

// IsJSON reports whether the command prints JSON.
func (o Output) IsJSON() bool { return o.JSON || o.Format == "json" }
