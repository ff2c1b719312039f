package cli

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
	"github.com/kombi/kombi/web"
)

func (a *app) recordsCmd() *cobra.Command {
	return group("records", "List, show, export and import the games in the database",
		a.recordsListCmd(), a.recordsShowCmd(), a.recordsExportCmd(), a.recordsImportCmd())
}

// gameFilter is the --game / --sweep choice of records list and export.
type gameFilter struct{ store.Filter }

func (f *gameFilter) addFlags(c *cobra.Command, games *game.Registry) {
	c.Flags().Var(store.GameFlag{Filter: &f.Filter, Games: games}, "game", "only games of this family (nim) or this game (its parameters as given or by default)")
	c.Flags().StringVar(&f.Sweep, "sweep", "", "only games of this sweep")
}

func (a *app) recordsListCmd() *cobra.Command {
	var f gameFilter
	c := a.storeQuery("list", "List the stored games, newest first", exactArgs(0, "no arguments"),
		func(c *cobra.Command, st *store.Store, _ []string) (any, *report.Table, error) {
			if f.Limit < 0 {
				return nil, nil, usagef("--limit %d: want 0 (all games) or more", f.Limit)
			}
			games, total, err := st.GamesPage(c.Context(), f.Filter)
			data, t := report.ListGames(games, total, st.Location())
			return data, t, err
		})
	f.addFlags(c, a.games)
	c.Flags().IntVar(&f.Limit, "limit", 20, "show at most this many games (0: all)")
	return c
}

func (a *app) recordsShowCmd() *cobra.Command {
	var asJSON bool
	c := newCmd("show ID", "Show a stored game: a summary and its moves, or (--json) its record", exactArgs(1, "one game id"), func(c *cobra.Command, args []string) error {
		id, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || id <= 0 {
			return usagef("show: game id %q: want a positive integer (see 'kombi records list')", args[0])
		}
		return a.withStore(c, func(st *store.Store) error {
			g, err := st.Game(c.Context(), id)
			if err != nil {
				return err
			}
			text, err := report.ShowGame(g, a.games, asJSON)
			return cmp.Or(err, a.print(false, nil, text))
		})
	})
	c.Flags().BoolVar(&asJSON, "json", false, "print exactly the stored record (as 'kombi replay' reads it)")
	return readOnly(c)
}

func (a *app) recordsExportCmd() *cobra.Command {
	var f gameFilter
	c := newCmd("export", "Write the stored records as JSONL (one record per line) on standard output", exactArgs(0, "no arguments"), func(c *cobra.Command, args []string) error {
		return a.withStore(c, func(st *store.Store) error {
			_, err := st.Export(c.Context(), f.Filter, a.stdout)
			return err
		})
	})
	f.addFlags(c, a.games)
	return readOnly(c)
}

func (a *app) recordsImportCmd() *cobra.Command {
	var asJSON bool
	c := newCmd("import FILE.jsonl", "Store the records of a JSONL file ('-': standard input)", exactArgs(1, "one JSONL file"), func(c *cobra.Command, args []string) error {
		name := args[0]
		return a.withStore(c, func(st *store.Store) error {
			res, err := st.ImportFile(c.Context(), name, a.stdin, sweep.CheckImport(c.Context(), st, a.games))
			if err != nil {
				return err
			}
			if res.TornLast {
				fmt.Fprintf(a.stderr, "kombi: warning: %s: the last line is incomplete (a write cut short?) and was skipped\n", name)
			}
			return a.print(asJSON, res, fmt.Sprintf("%s: %s added, %d skipped (stored already), into %s\n", name, game.Plural(res.Added, "game"), res.Skipped, st.Location()))
		})
	})
	c.Flags().BoolVar(&asJSON, "json", false, `print {"added","skipped","torn_last"}`)
	return c
}

// catalogue describes every game with its parameters and bots: what
// `kombi games --json` prints and GET /api/games serves.
func (a *app) catalogue() []all.GameInfo { return all.Catalogue(a.games, a.bots) }

func (a *app) gamesCmd() *cobra.Command {
	var asJSON bool
	c := newCmd("games", "List the games with their parameters, defaults, roles and bots", exactArgs(0, "no arguments"), func(c *cobra.Command, _ []string) error {
		if asJSON {
			return report.WriteJSON(a.stdout, a.catalogue())
		}
		return report.WriteCatalogue(a.stdout, a.catalogue())
	})
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON array")
	return c
}

// sourcesWriter writes the document of the five sources as `kombi report
// sources` (--quick when asked) does, on c's --db, its games on half the
// cores (the rest stay with the server's players): what `kombi serve` runs
// when a person asks for the document in the browser.
func (a *app) sourcesWriter(c *cobra.Command) web.SourcesFunc {
	return func(ctx context.Context, quick bool, progress func(solve.Progress)) error {
		url, err := store.URLFromEnv(c.Flag(dbFlag).Value.String())
		if err == nil {
			_, err = a.studies.Run(ctx, "report", "sources", map[string]string{
				"quick run": strconv.FormatBool(quick), "workers": strconv.Itoa(max(1, runtime.NumCPU()/2))}, url, progress)
		}
		return err
	}
}

func (a *app) serveCmd() *cobra.Command {
	var (
		addr string
		opt  = web.Options{Games: a.games, Bots: a.bots, Solvers: &a.studies.Solvers, Catalogue: func() any { return a.catalogue() }}
		open bool
	)
	c := newCmd("serve", "Serve the browser UI and the HTTP API: play every game against people and the computer, with analysis",
		exactArgs(0, "no arguments"), func(c *cobra.Command, _ []string) error {
			if opt.MaxThink <= 0 {
				return usagef("--max-think %s: want a positive duration, e.g. 10s", opt.MaxThink)
			}
			if err := opt.Check(); err != nil {
				return err
			}
			opt.Logger = slog.New(slog.NewTextHandler(a.stderr, nil))
			opt.Sources = a.sourcesWriter(c)
			if f := c.Flag(dbFlag); f.Changed && f.Value.String() == "" { // --db '': matches in memory
				return web.Run(c.Context(), opt, addr, a.stdout, open)
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			release, err := st.Serve()
			if err != nil {
				return err
			}
			defer release()
			opt.Store = web.NewDBStore(st)
			return web.Run(c.Context(), opt, addr, a.stdout, open)
		})
	fl := c.Flags()
	fl.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default; ':8080' for every interface)")
	fl.DurationVar(&opt.MaxThink, "max-think", 10*time.Second, "longest a computer player may think per move")
	fl.IntVar(&opt.MaxMoves, "max-moves", web.DefaultMaxMoves, "a match between computers ends after this many moves (-1: no limit)")
	fl.IntVar(&opt.MaxSearches, "max-searches", 0, "computer players' searches at once (0: one per core); the rest wait")
	fl.IntVar(&opt.MaxAnalyses, "max-analyses", 0, "analyses at once, queued apart from the computer players (0: half the cores, at least 1)")
	fl.Int64Var(&opt.AnalysisMem, "analysis-mem", 0, "bytes of tables one analysis may use (0: 256 MiB); each analysis searches on one core")
	fl.Int64Var(&opt.BotMem, "bot-mem", 0, "bytes of tables a computer player may ask for (0: 512 MiB); dropped while it waits for a person")
	fl.BoolVar(&open, "open", false, "open the page in the default browser")
	return c
}
