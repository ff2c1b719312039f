// Command kombi plays, studies and solves combinatorial games: see
// `kombi help` for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
	// exitInterrupted is the status after Ctrl-C, once the command has
	// printed what it had done.
	exitInterrupted = 130
)

// errInterrupted marks a command stopped by Ctrl-C after it printed its
// partial result.
var errInterrupted = errors.New("interrupted")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// app holds what every command shares: the registries and the standard streams.
type app struct {
	games  *game.Registry
	bots   *bot.Registry
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	input  *bot.LineReader // one reader of stdin for every human player
}

// usageError marks bad command-line input (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// run executes one command line and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	games, bots, err := all.Registries()
	if err != nil {
		fmt.Fprintln(stderr, "kombi:", err)
		return exitFailure
	}
	a := &app{games: games, bots: bots, stdin: stdin, stdout: stdout, stderr: stderr, input: bot.NewLineReader(stdin)}
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err = root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(stderr, "kombi:", err)
	if errors.Is(err, errInterrupted) {
		return exitInterrupted
	}
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		return exitUsage
	}
	return exitFailure
}

func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "required flag"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "kombi",
		Short: "Play, study and solve combinatorial games",
		Long: "Kombi plays, studies and solves combinatorial games: Nim and its family, Wythoff's game,\n" +
			"the Thue game, 2D Nim, the Szemerédi game and the list-colouring van der Waerden game.\n\n" +
			"Games are written as game strings, e.g. 'nim(piles=3;4;5,misere=true)'; players as bot\n" +
			"strings, e.g. human, random, perfect, 'alphabeta(depth=8)'. 'kombi games' lists them all.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%w (see '%s --help')", err, c.CommandPath())}
	})
	a.addDBFlag(root)
	root.AddCommand(
		a.gamesCmd(),
		a.withCompletion(a.playCmd()),
		a.withCompletion(a.arenaCmd()),
		a.withCompletion(a.solveCmd()),
		a.withCompletion(a.analyzeCmd()),
		a.serveCmd(),
		a.recordsCmd(),
		a.sweepCmd(),
		a.workerCmd(),
		a.replayCmd(),
		a.tableCmd(),
		a.benchCmd(),
		a.reportCmd(),
		a.plotCmd(),
		a.thueCmd(),
	)
	return root
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
		return nil, usageError{err}
	}
	return g, nil
}

// interrupted turns a search cut short by Ctrl-C into the exit status 130
// (after the command printed what it had); other stops are not failures.
func interrupted(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w (the result above is what was done)", errInterrupted)
	}
	return nil
}
