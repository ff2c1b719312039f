// Package cli is the kombi command line (cmd/kombi's main calls Run): see
// `kombi help` for the commands. Each command parses its flags and calls
// the packages that do the work.
package cli

import (
	"cmp"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/study"
)

// app holds what every command shares: the registries and the standard streams.
type app struct {
	games       *game.Registry
	bots        *bot.Registry
	studies     *study.Registry // the games' own solvers, the frontier rows
	stdin       io.Reader
	stdout      io.Writer
	stderr      io.Writer
	input       *bot.LineReader // one reader of stdin for every human player
	stopProfile func() error    // ends the --cpuprofile profile (see Run)
}

// usagef is bad command-line input: a *game.InputError, the one usage
// error, which Run answers with exit status 2.
func usagef(format string, args ...any) error { return game.Inputf(format, args...) }

// usage marks err as bad input (game.AsInput); nil stays nil.
func usage(err error) error { return game.AsInput(err) }

// errInterrupted marks a command stopped by Ctrl-C after it printed what
// it had done (exit status 130).
var errInterrupted = errors.New("interrupted")

// interrupted turns a search or series cut short by Ctrl-C into exit
// status 130 (after the command printed what it had); other stops are not
// failures.
func interrupted(ctx context.Context, _ error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w (the result above is what was done)", errInterrupted)
	}
	return nil
}

// Run executes one command line and returns the exit status: 0, 1 on
// failure, 2 on bad usage (a *game.InputError, from the command line or a
// package, or cobra's own usage errors), 130 after Ctrl-C.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	kit, err := all.New()
	if err == nil {
		a := &app{games: kit.Games, bots: kit.Bots, studies: kit.Studies, stdin: stdin, stdout: stdout, stderr: stderr, input: bot.NewLineReader(stdin),
			stopProfile: func() error { return nil }}
		root := a.rootCmd()
		root.SetArgs(args)
		root.SetIn(stdin)
		root.SetOut(stdout)
		root.SetErr(stderr)
		if err = cmp.Or(root.ExecuteContext(ctx), a.stopProfile()); err == nil {
			return 0
		}
	}
	fmt.Fprintln(stderr, "kombi:", game.ForCommandLine(err)) // an option out of range by its flag
	switch {
	case errors.Is(err, errInterrupted):
		return 130
	case errors.As(err, new(*game.InputError)):
		return 2
	}
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "required flag"} {
		if strings.Contains(err.Error(), p) { // cobra's usage errors
			return 2
		}
	}
	return 1
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "kombi",
		Short:         "Play, study and solve combinatorial games",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usage(fmt.Errorf("%w (see '%s --help')", err, c.CommandPath()))
	})
	a.addDBFlag(root)
	a.addProfileFlag(root)
	root.AddCommand(a.withCompletion(a.playCmd(), a.arenaCmd(), a.solveCmd(), a.analyzeCmd())...)
	root.AddCommand(a.gamesCmd(), a.serveCmd(), a.recordsCmd(), a.workerCmd(), a.replayCmd(), a.thueCmd(),
		group("sweep", "Run grids of games into the database, resumably, on one machine or many; tables and plots of the results",
			a.sweepRunCmd(), a.sweepResultsCmd(), a.sweepPlotCmd(), a.sweepStatusCmd()),
		// The analysis commands group what the game families add (cmd/kombi/cli/<family>.go).
		group("table", "Print tables of exact values (Wythoff P-positions, Grundy values, ...)",
			append(a.studyCmds("table"), a.tableWythoffCmd(), a.tableGrundyCmd(), a.apTableCmd())...),
		group("bench", "Measure the speed of engines and solvers against their baselines",
			append(a.studyCmds("bench"), a.benchWythoffCmd(), a.benchThueCmd())...),
		group("report", "Print analyses the source documents did by hand (Markdown, or JSON with --json)",
			append(a.studyCmds("report"), a.reportWythoffTable5Cmd(), a.apReportCmd(), a.reportFrontierCmd())...),
		group("plot", "Draw plots (PNG or SVG) from game records", a.plotDecisionTimesCmd()))
	addHelp(root)
	return root
}

//go:embed help.txt
var helpText string

// addHelp sets the long help and examples of commands from help.txt: a
// "# kombi PATH" line per command, then its lines; those that start with
// "  kombi" are examples, the others its description.
func addHelp(root *cobra.Command) {
	for _, sec := range strings.Split(helpText, "\n# ")[1:] {
		path, text, _ := strings.Cut(sec, "\n")
		c, _, err := root.Find(strings.Fields(path)[1:])
		if err != nil || c.CommandPath() != path {
			continue // help_test.go checks that every section names a command
		}
		var long, examples []string
		for _, line := range strings.Split(strings.Trim(text, "\n"), "\n") {
			if strings.HasPrefix(line, "  kombi") {
				examples = append(examples, line)
			} else {
				long = append(long, line)
			}
		}
		c.Long, c.Example = cmp.Or(strings.Join(long, "\n"), c.Long), strings.Join(examples, "\n") // else a package's (sweep.RunHelp)
	}
}

// newCmd builds a command: its use line, a one-line description, the
// arguments it takes and what it runs (its long help is in help.txt).
func newCmd(use, short string, args cobra.PositionalArgs, run func(c *cobra.Command, args []string) error) *cobra.Command {
	return &cobra.Command{Use: use, Short: short, Args: args, RunE: run}
}

// exactArgs is cobra.ExactArgs with a usage error that says what is expected.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s: expected %s, got %d arguments (see '%s --help')", c.CommandPath(), what, len(args), c.CommandPath())
		}
		return nil
	}
}

// loadGame builds a game from a game string; errors are usage errors.
func (a *app) loadGame(spec string, seed uint64) (game.Game, error) {
	g, err := a.games.Load(spec, seed)
	if err != nil {
		return nil, usage(err)
	}
	return g, nil
}

// group returns a command that only holds subcommands: without one it
// shows its help, with an unknown one it is a usage error listing them.
func group(use, short string, subs ...*cobra.Command) *cobra.Command {
	c := newCmd(use, short, cobra.ArbitraryArgs, func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return c.Help()
		}
		var names []string
		for _, s := range c.Commands() {
			if s.IsAvailableCommand() {
				names = append(names, s.Name())
			}
		}
		return usagef("unknown %s %q; available: %s", use, args[0], strings.Join(names, ", "))
	})
	c.AddCommand(subs...)
	return c
}

// withCompletion adds shell completion (`kombi completion bash|zsh|...`)
// to commands: game names for their game-string argument, and for --p1 and
// --p2 the names of the bots that play it (every bot before it is given).
func (a *app) withCompletion(cmds ...*cobra.Command) []*cobra.Command {
	complete := func(bots bool, dir cobra.ShellCompDirective) cobra.CompletionFunc {
		return func(_ *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var out []cobra.Completion
			if bots || len(args) == 0 {
				for _, c := range all.Complete(a.catalogue(), prefix, bots, strings.Join(args, "")) {
					out = append(out, cobra.CompletionWithDesc(c[0], c[1]))
				}
			}
			return out, dir
		}
	}
	for _, c := range cmds {
		c.ValidArgsFunction = complete(false, cobra.ShellCompDirectiveNoFileComp|cobra.ShellCompDirectiveNoSpace)
		for _, f := range []string{"p1", "p2"} {
			if c.Flags().Lookup(f) != nil {
				_ = c.RegisterFlagCompletionFunc(f, complete(true, cobra.ShellCompDirectiveNoFileComp))
			}
		}
	}
	return cmds
}

// output is the --format / --json choice of a command (report.Output).
type output = report.Output

// write prints tables in the chosen format. With JSON and a data value,
// that value is printed instead (the command's own JSON shape).
func (a *app) write(o output, data any, tables ...*report.Table) error {
	if o.IsJSON() && data != nil {
		return report.WriteJSON(a.stdout, data)
	}
	return report.WriteTables(a.stdout, o.Format, tables...)
}

// print prints data as JSON with --json, else text for people.
func (a *app) print(asJSON bool, data any, text string) error {
	if asJSON {
		return report.WriteJSON(a.stdout, data)
	}
	if _, err := io.WriteString(a.stdout, text); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}

// out returns a checked writer of standard output (check Err at the end).
func (a *app) out() *files.CheckedWriter { return files.NewCheckedWriter(a.stdout, "standard output") }

// dbFlag is the global flag that names the database.
const dbFlag = "db"

// addDBFlag adds the global --db PATH|URL flag to the root command.
func (a *app) addDBFlag(root *cobra.Command) {
	root.PersistentFlags().String(dbFlag, "", "the database of games (`PATH|URL`): an SQLite file, or a postgres:// URL\n"+
		"(default: $KOMBI_DB, else kombi.db in the data directory: $KOMBI_DATA_DIR,\n"+
		"else $XDG_DATA_HOME/kombi, else ~/.local/share/kombi)")
}

// addProfileFlag adds the global --cpuprofile FILE flag: a CPU profile
// of the command from its flags parsed to its return (see Run).
func (a *app) addProfileFlag(root *cobra.Command) {
	path := root.PersistentFlags().String("cpuprofile", "", "write a CPU profile of the command to `FILE` (pprof: go tool pprof FILE;\n"+
		".ci/pgo.sh merges such profiles into cmd/kombi/default.pgo, which guides the compiler)")
	root.PersistentPreRunE = func(*cobra.Command, []string) (err error) {
		if a.stopProfile, err = solve.StartCPUProfile(*path); err != nil {
			return usagef("--cpuprofile: %w", err)
		}
		return nil
	}
}

// readOnly marks c as a command that only reads the database (store.OpenExisting: none there is an error, not made).
func readOnly(c *cobra.Command) *cobra.Command {
	c.Annotations = map[string]string{dbFlag: "read"}
	return c
}

// openStore opens the database that --db (else $KOMBI_DB, else the
// default file) names; a malformed --db is a usage error.
func (a *app) openStore(c *cobra.Command) (*store.Store, error) {
	url, err := store.URLFromEnv(c.Flag(dbFlag).Value.String())
	if err != nil {
		return nil, err
	}
	s, err := pick(c.Annotations[dbFlag] == "read", store.OpenExisting, store.Open)(context.WithoutCancel(c.Context()), url)
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
func (a *app) storeQuery(use, short string, args cobra.PositionalArgs,
	query func(c *cobra.Command, st *store.Store, args []string) (any, *report.Table, error)) *cobra.Command {
	var out output
	c := newCmd(use, short, args, func(c *cobra.Command, args []string) error {
		if err := out.Check(); err != nil {
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
	out.AddFlags(c.Flags())
	return readOnly(c)
}

// withTable returns what a storeQuery prints: data and its table, or err.
func withTable[T any](data T, err error, table func(T) *report.Table) (any, *report.Table, error) {
	if err != nil {
		return nil, nil, err
	}
	return data, table(data), nil
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

func (r runFlags) check() error { return match.CheckLimits(r.maxThink, r.maxLength) }
