package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

// What several commands share: output, the database, players and bounds.

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
	return report.WriteTables(a.stdout, o.format, tables...)
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

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error { return report.WriteJSON(w, v) }

// out returns a checked writer of standard output: write piece by piece,
// check Err once at the end.
func (a *app) out() *match.CheckedWriter { return match.NewCheckedWriter(a.stdout, "standard output") }

// dbFlag is the global flag that names the database.
const dbFlag = "db"

// addDBFlag adds the global --db PATH|URL flag to the root command.
func (a *app) addDBFlag(root *cobra.Command) {
	root.PersistentFlags().String(dbFlag, "", "the database of games (`PATH|URL`): an SQLite file, or a postgres:// URL\n"+
		"(default: $KOMBI_DB, else kombi.db in the data directory: $KOMBI_DATA_DIR,\n"+
		"else $XDG_DATA_HOME/kombi, else ~/.local/share/kombi)")
}

// openStore opens the database that --db (else $KOMBI_DB, else the default
// file) names, for command c. A malformed --db is a usage error.
func (a *app) openStore(c *cobra.Command) (*store.Store, error) {
	url, err := store.URLFromEnv(c.Flag(dbFlag).Value.String())
	if err != nil {
		return nil, err
	}
	s, err := store.Open(context.WithoutCancel(c.Context()), url)
	if errors.Is(err, store.ErrBadURL) {
		return nil, usagef("--db: %w", err)
	}
	return s, err
}

// withStore calls fn with the database of command c and closes it after.
func (a *app) withStore(c *cobra.Command, fn func(st *store.Store) error) error {
	st, err := a.openStore(c)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(st)
}

// storeQuery builds a command that reads the database and prints what
// query returns: the data as JSON (--json, --format json), else the table.
func (a *app) storeQuery(use, short, example string, args cobra.PositionalArgs,
	query func(c *cobra.Command, st *store.Store, args []string) (any, *report.Table, error)) *cobra.Command {
	var out output
	c := newCmd(use, short, example, args, func(c *cobra.Command, args []string) error {
		if err := out.check(); err != nil {
			return err
		}
		return a.withStore(c, func(st *store.Store) error {
			data, t, err := query(c, st, args)
			if err != nil {
				return err
			}
			return a.write(out, data, t)
		})
	})
	out.addFlags(c.Flags())
	return c
}

// storeRecords stores finished (or aborted) games in the database, from
// source (store.SourcePlay, ...), and returns how many were added.
func (a *app) storeRecords(c *cobra.Command, source string, recs ...*game.Record) (added int, err error) {
	err = a.withStore(c, func(st *store.Store) error {
		added, err = st.AddRecords(context.WithoutCancel(c.Context()), source, recs...)
		return errors.Join(err, st.Close()) // a failed commit shows in Close; closing again does nothing
	})
	return added, err
}

// seats builds the two seats of a game from the --p1 and --p2 bot strings
// (match.NewSeats, the one seat builder); a bad bot string is a usage error
// naming its flag.
func (a *app) seats(g game.Game, names [2]string, seed uint64, env bot.Env) ([2]match.Seat, error) {
	seats, err := match.NewSeats(a.bots, g, names, seed, env)
	var se *match.SeatError
	if errors.As(err, &se) {
		return seats, usagef("--p%d: %w", se.Seat+1, se.Err)
	}
	return seats, err
}

// runFlags bound a game, or each game of a series.
type runFlags struct {
	maxThink  time.Duration
	maxLength int
}

func (r *runFlags) addFlags(fl *pflag.FlagSet) {
	fl.DurationVar(&r.maxThink, "max-think", 0, "abort a game when a computer decision takes longer (e.g. 10s; 0: no limit)")
	fl.IntVar(&r.maxLength, "max-length", 0, "stop a game when its length (Thue: the word length; else the moves) reaches this (0: no limit)")
}

func (r runFlags) check() error {
	if r.maxThink < 0 {
		return usagef("--max-think %s: want a duration of 0 (no limit) or more, e.g. 10s", r.maxThink)
	}
	if r.maxLength < 0 {
		return usagef("--max-length %d: want 0 (no limit) or a positive length", r.maxLength)
	}
	return nil
}

// checkWorkers validates --workers: 0 (one per CPU) to sweep.MaxWorkers.
func checkWorkers(n int) error {
	if err := sweep.CheckWorkers(n); err != nil {
		return usagef("--%w", err)
	}
	return nil
}
