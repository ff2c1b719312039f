package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
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

// listedGame is a game in `records list --json`: all but the record.
type listedGame struct {
	ID       int64     `json:"id"`
	Created  time.Time `json:"created_at"`
	Source   string    `json:"source"`
	GameName string    `json:"game_name"`
	Game     string    `json:"game"`
	Seed     uint64    `json:"seed"`
	Players  []string  `json:"players"`
	Winner   *int      `json:"winner"`
	Length   int64     `json:"length"`
	Aborted  bool      `json:"aborted"`
	Sweep    string    `json:"sweep,omitempty"`
	Cell     string    `json:"cell,omitempty"`
}

func listed(g *store.StoredGame) listedGame {
	return listedGame{ID: g.ID, Created: g.Created, Source: g.Source, GameName: g.GameName, Game: g.Game,
		Seed: g.Seed, Players: g.Players, Winner: g.Winner, Length: g.Length, Aborted: g.Aborted,
		Sweep: g.Sweep, Cell: g.Cell}
}

// resultText is a stored game's result in a few words.
func resultText(g *store.StoredGame) string {
	switch {
	case g.Aborted:
		return "aborted"
	case g.Winner == nil:
		return "draw"
	default:
		return game.SeatName(game.Player(*g.Winner)) + " wins"
	}
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
			data := struct {
				Games []listedGame `json:"games"`
				Total int64        `json:"total"`
			}{Games: []listedGame{}, Total: total}
			t := &report.Table{
				Title:   fmt.Sprintf("Games in %s", s.Location()),
				Columns: []string{"id", "when", "source", "game", "seed", "players", "result", "length", "sweep", "cell"},
			}
			for _, g := range games {
				data.Games = append(data.Games, listed(g))
				t.Rows = append(t.Rows, []string{
					strconv.FormatInt(g.ID, 10), g.Created.Local().Format("2006-01-02 15:04:05"), g.Source, g.Game,
					strconv.FormatUint(g.Seed, 10), strings.Join(g.Players, " vs "), resultText(g),
					strconv.FormatInt(g.Length, 10), g.Sweep, g.Cell,
				})
			}
			t.Notes = append(t.Notes, fmt.Sprintf("%d of %d game(s) shown.", len(games), total))
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
			return a.showGame(g)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print exactly the stored record (as 'kombi replay' reads it)")
	return c
}

// showGame prints a stored game for people: a summary, the moves and the
// result.
func (a *app) showGame(g *store.StoredGame) error {
	rec, err := g.Decode()
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Game %d: %s, seed %d\n", g.ID, g.Game, g.Seed)
	for i, p := range g.Players {
		fmt.Fprintf(&b, "  %s: %s\n", game.SeatName(game.Player(i)), p)
	}
	fmt.Fprintf(&b, "  stored %s from %s", g.Created.Local().Format("2006-01-02 15:04:05"), g.Source)
	if g.Sweep != "" {
		fmt.Fprintf(&b, " (sweep %s, cell %s)", g.Sweep, g.Cell)
	}
	b.WriteString("\n\nMoves:\n")
	if len(rec.Moves) == 0 {
		b.WriteString("  (none)\n")
	}
	for i, m := range rec.Moves {
		fmt.Fprintf(&b, "  %3d. %s %-12s %.3f s\n", i+1, game.SeatName(m.Player), m.Move, m.Seconds)
	}
	b.WriteByte('\n')
	if typ, ok := a.games.Lookup(g.GameName); ok {
		b.WriteString(match.ResultLine(typ, rec))
	} else {
		fmt.Fprintf(&b, "Result: %s after %d moves (length %d).", resultText(g), len(rec.Moves), rec.Length)
	}
	b.WriteString("\n'kombi records show " + strconv.FormatInt(g.ID, 10) + " --json' prints the record for 'kombi replay'.\n")
	if _, err := io.WriteString(a.stdout, b.String()); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
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
			if asJSON {
				return writeJSON(a.stdout, struct {
					Added    int  `json:"added"`
					Skipped  int  `json:"skipped"`
					TornLast bool `json:"torn_last"`
				}{res.Added, res.Skipped, res.TornLast})
			}
			if _, err := fmt.Fprintf(a.stdout, "%s: %d game(s) added, %d skipped (stored already), into %s\n",
				name, res.Added, res.Skipped, s.Location()); err != nil {
				return fmt.Errorf("write: %w", err)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, `print {"added","skipped","torn_last"}`)
	return c
}
