package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/store"
)

func (a *app) recordsCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "records",
		Short: "List, show, export and import the games in the database",
		Long: "Every game Kombi stores is in the database that --db names (an SQLite file, or a\n" +
			"postgres:// URL; default: $KOMBI_DB, else kombi.db in the data directory). Each game\n" +
			"holds its record exactly as 'kombi replay' accepts it.",
		Args: exactArgs(0, "a subcommand: list, show, export or import"),
		RunE: func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.AddCommand(a.recordsListCmd(), a.recordsShowCmd(), a.recordsExportCmd(), a.recordsImportCmd())
	return c
}

// gameFilter is the --game / --sweep choice of records list and export.
type gameFilter struct{ game, sweep string }

func (f *gameFilter) addFlags(c *cobra.Command) {
	c.Flags().StringVar(&f.game, "game", "", "only games of this family (nim) or this exact game string")
	c.Flags().StringVar(&f.sweep, "sweep", "", "only games of this sweep")
}

func (a *app) recordsListCmd() *cobra.Command {
	var (
		f     gameFilter
		limit int
		out   output
	)
	c := &cobra.Command{
		Use:   "list",
		Short: "List the stored games, newest first",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := out.check(); err != nil {
				return err
			}
			if limit < 0 {
				return usagef("--limit %d: want 0 (all games) or more", limit)
			}
			s, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer s.Close()
			filter := store.Filter{Game: f.game, Sweep: f.sweep, Limit: limit}
			games, err := s.Games(c.Context(), filter)
			if err != nil {
				return err
			}
			total, err := s.CountGames(c.Context(), filter)
			if err != nil {
				return err
			}
			data, t := report.GameList(games, total, s.Location())
			return a.write(out, data, t)
		},
	}
	f.addFlags(c)
	c.Flags().IntVar(&limit, "limit", 20, "show at most this many games (0: all)")
	out.addFlags(c.Flags())
	return c
}

func (a *app) recordsShowCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "show ID",
		Short: "Show a stored game: a summary and its moves, or (--json) its record",
		Long: "Show a stored game. With --json it prints exactly the stored record, which\n" +
			"'kombi replay' accepts.",
		Args: exactArgs(1, "one game id"),
		RunE: func(c *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id <= 0 {
				return usagef("show: game id %q: want a positive integer (see 'kombi records list')", args[0])
			}
			s, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer s.Close()
			g, err := s.Game(c.Context(), id)
			if errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("no game %d in %s (see 'kombi records list')", id, s.Location())
			}
			if err != nil {
				return err
			}
			if asJSON {
				if _, err := a.stdout.Write(append(bytes.Clone(g.Record), '\n')); err != nil {
					return fmt.Errorf("write: %w", err)
				}
				return nil
			}
			typ, _ := a.games.Lookup(g.GameName)
			text, err := report.GameText(g, typ)
			if err != nil {
				return err
			}
			return a.print(false, nil, text)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print exactly the stored record (as 'kombi replay' reads it)")
	return c
}

func (a *app) recordsExportCmd() *cobra.Command {
	var f gameFilter
	c := &cobra.Command{
		Use:   "export",
		Short: "Write the stored records as JSONL (one record per line) on standard output",
		Long: "Write the records of the stored games, oldest first, one JSON record per line, on\n" +
			"standard output: 'kombi records import' and 'kombi replay' read them back.",
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, args []string) error {
			s, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer s.Close()
			_, err = s.Export(c.Context(), store.Filter{Game: f.game, Sweep: f.sweep}, a.stdout)
			return err
		},
	}
	f.addFlags(c)
	return c
}

func (a *app) recordsImportCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "import FILE.jsonl",
		Short: "Store the records of a JSONL file ('-': standard input)",
		Long: "Store the records of a JSONL file (one JSON record per line; '-' reads standard\n" +
			"input) as imported games. Records stored already are skipped, so importing a file\n" +
			"twice adds nothing. An incomplete last line (a write cut short) is reported and\n" +
			"skipped; any other line that is not a record stops the import, and nothing is stored.",
		Args: exactArgs(1, "one JSONL file"),
		RunE: func(c *cobra.Command, args []string) error {
			name := args[0]
			var r io.Reader = a.stdin
			if name != "-" {
				f, err := os.Open(name)
				if err != nil {
					return usagef("import: %w", err)
				}
				defer f.Close()
				r = f
			}
			s, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer s.Close()
			res, err := s.Import(c.Context(), r)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if res.TornLast {
				fmt.Fprintf(a.stderr, "kombi: warning: %s: the last line is incomplete (a write cut short?) and was skipped\n", name)
			}
			return a.print(asJSON, map[string]any{"added": res.Added, "skipped": res.Skipped, "torn_last": res.TornLast},
				fmt.Sprintf("%s: %d game(s) added, %d skipped (stored already), into %s\n", name, res.Added, res.Skipped, s.Location()))
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, `print {"added","skipped","torn_last"}`)
	return c
}
