package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/sweep/queue"
)

// searchFlags are the flags of solve and analyze: the position, the output
// and the bounds of the search.
type searchFlags struct {
	position string
	out      output
	opt      solve.Options
	limit    time.Duration
}

func (sf *searchFlags) addFlags(c *cobra.Command, what string, limit time.Duration, limitDoc string) {
	fl := c.Flags()
	fl.StringVar(&sf.position, "position", "", "position to "+what+", in the game's position notation (default: the start)")
	sf.out.AddFlags(fl)
	fl.IntVar(&sf.opt.MaxLength, "max-length", 0, "bound on the length of play searched, for games that need one")
	fl.Int64Var(&sf.opt.MemBytes, "mem", 0, "memory bound of the solver's tables in bytes (0: the solver's default)")
	fl.DurationVar(&sf.limit, "time", limit, limitDoc)
}

// start checks the flags and builds the game and the position --position
// names (the start without it).
func (sf *searchFlags) start(a *app, spec string) (game.Game, game.State, error) {
	if err := sf.out.Check(); err != nil {
		return nil, nil, err
	}
	if err := sf.opt.Check(); err != nil {
		return nil, nil, err
	} else if sf.limit < 0 {
		return nil, nil, usagef("--time %s: want a positive duration", sf.limit)
	}
	g, err := a.loadGame(spec, 1)
	if err != nil {
		return nil, nil, err
	}
	s, err := game.StartOf(g, sf.position)
	if err != nil {
		return nil, nil, usagef("--position: %w", err)
	}
	return g, s, nil
}

func (a *app) solveCmd() *cobra.Command {
	var (
		sf    searchFlags
		quiet bool
		dist  queue.SolveOptions
	)
	c := newCmd("solve GAME", "Solve a position exactly: the outcome for the player to move, the game's value and the best moves",
		exactArgs(1, "one game string"), func(c *cobra.Command, args []string) error {
			g, s, err := sf.start(a, args[0])
			if err != nil {
				return err
			}
			if s.IsTerminal() {
				return usagef("solve: nothing to solve, %s", game.OverText(s))
			}
			ctx, cancel := c.Context(), context.CancelFunc(func() {})
			if sf.limit > 0 {
				ctx, cancel = context.WithTimeout(ctx, sf.limit)
			}
			defer cancel()
			bar := report.NewProgress(a.stderr, "solving", quiet)
			sf.opt.Progress = bar.Func()
			solver := a.studies.Solvers.Solve
			if dist.Distribute {
				dist.Solvers = &a.studies.Solvers
				solver = queue.Solver(c.Flag(dbFlag).Value.String(), a.games, dist)
			}
			r, err := solver(ctx, g, s, sf.opt)
			bar.Done()
			if r == nil || err != nil && !solve.Stopped(err) {
				return fmt.Errorf("solve: %w", err)
			}
			if werr := a.print(sf.out.IsJSON(), r, report.ResultText(r)); werr != nil {
				return werr
			}
			return interrupted(c.Context(), err)
		})
	sf.addFlags(c, "solve", 0, "stop after this long and print what is proven (0: no limit)")
	c.Flags().BoolVar(&quiet, "quiet", false, "no progress reports")
	c.Flags().StringVar(&sf.opt.Checkpoint, "checkpoint", "", "file where the solver keeps its table (Thue): loaded when it exists, saved every 10 minutes and when the solve ends or stops, so that a rerun continues")
	c.Flags().BoolVar(&dist.Distribute, "distribute", false, "split the search into subproblems on the job queue of the --db postgres:// database, for 'kombi worker' processes (Thue; 2D Nim: its shape table)")
	c.Flags().IntVar(&dist.SplitDepth, "split-depth", 0, "with --distribute: how many moves deep to split (0: deep enough for 16 subproblems; more for many machines)")
	c.Flags().Int64Var(&dist.LocalNodes, "local-nodes", 0, "with --distribute: positions searched here on a question before it is split (0: about 4M; -1: none)")
	return c
}

func (a *app) analyzeCmd() *cobra.Command {
	var sf searchFlags
	c := newCmd("analyze GAME", "Value every legal move: its outcome for the player who makes it and the position's value after it",
		exactArgs(1, "one game string"), func(c *cobra.Command, args []string) error {
			g, s, err := sf.start(a, args[0])
			if err != nil {
				return err
			}
			if sf.limit <= 0 {
				return usagef("--time %s: want a positive duration, e.g. 10s", sf.limit)
			}
			if s.IsTerminal() {
				return usagef("analyze: no move to value, %s", game.OverText(s))
			}
			ctx, cancel := context.WithTimeout(c.Context(), sf.limit)
			defer cancel()
			an, err := a.studies.Solvers.Analyze(ctx, g, s, sf.opt)
			if an == nil {
				return fmt.Errorf("analyze: %w", err)
			}
			if err := a.write(sf.out, an, report.AnalysisTable(an)); err != nil {
				return err
			}
			return interrupted(c.Context(), err)
		})
	sf.addFlags(c, "analyse", 10*time.Second, "time for the whole analysis; moves not decided in time are 'unknown'")
	return c
}

func (a *app) reportFrontierCmd() *cobra.Command {
	var out output
	c := newCmd("frontier", "The values and bounds Kombi has proven, each with how, the command that reproduces it and its machine time",
		exactArgs(0, "no arguments"), func(c *cobra.Command, _ []string) error {
			if err := out.Check(); err != nil {
				return err
			}
			rows := a.studies.FrontierRows()
			return a.write(out, rows, report.FrontierTable(rows))
		})
	out.AddFlags(c.Flags())
	return c
}
