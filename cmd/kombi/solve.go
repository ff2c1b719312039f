package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
)

// positionFlags are the flags that pick the position a command studies.
type positionFlags struct {
	position string
}

// state builds the game and the position --position names (the start
// without it).
func (a *app) state(spec string, pf positionFlags) (game.Game, game.State, error) {
	g, err := a.loadGame(spec, 1)
	if err != nil {
		return nil, nil, err
	}
	if pf.position == "" {
		return g, g.NewInitialState(), nil
	}
	pp, ok := g.(game.PositionParser)
	if !ok {
		return nil, nil, usagef("%s has no position notation; leave out --position", g.Type().Name)
	}
	s, err := pp.ParsePosition(pf.position)
	if err != nil {
		return nil, nil, usageError{fmt.Errorf("--position: %w", err)}
	}
	return g, s, nil
}

func (a *app) solveCmd() *cobra.Command {
	var (
		pf    positionFlags
		out   output
		opt   solve.Options
		limit time.Duration
		quiet bool
	)
	c := &cobra.Command{
		Use:   "solve GAME",
		Short: "Solve a position exactly: the outcome for the player to move, the game's value and the best moves",
		Example: "  kombi solve 'nim(piles=7;5;12)'\n" +
			"  kombi solve 'nim(piles=3;4;5)' --position '1;4;5' --json",
		Args: exactArgs(1, "one game string"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkSolveFlags(&out, opt, limit); err != nil {
				return err
			}
			g, s, err := a.state(args[0], pf)
			if err != nil {
				return err
			}
			if s.IsTerminal() {
				return usagef("solve: the position is already over")
			}
			ctx, cancel := withLimit(c.Context(), limit)
			defer cancel()
			bar := report.NewProgress(a.stderr, "solving", quiet)
			opt.Progress = bar.Func()
			r, err := solve.Solve(ctx, g, s, opt)
			bar.Done()
			if r == nil {
				return fmt.Errorf("solve: %w", err)
			}
			if err != nil && !solve.Stopped(err) {
				return fmt.Errorf("solve: %w", err)
			}
			if werr := a.printResult(out, r); werr != nil {
				return werr
			}
			return interrupted(c.Context(), err)
		},
	}
	fl := c.Flags()
	fl.StringVar(&pf.position, "position", "", "position to solve, in the game's position notation (default: the start)")
	out.addFlags(fl)
	fl.IntVar(&opt.MaxLength, "max-length", 0, "bound on the length of play searched, for games that need one")
	fl.Int64Var(&opt.MemBytes, "mem", 0, "memory bound of the solver's tables in bytes (0: the solver's default)")
	fl.DurationVar(&limit, "time", 0, "stop after this long and print what is proven (0: no limit)")
	fl.BoolVar(&quiet, "quiet", false, "no progress reports")
	return c
}

func (a *app) analyzeCmd() *cobra.Command {
	var (
		pf    positionFlags
		out   output
		opt   solve.Options
		limit time.Duration
	)
	c := &cobra.Command{
		Use:   "analyze GAME",
		Short: "Value every legal move: its outcome for the player who makes it and the position's value after it",
		Example: "  kombi analyze 'nim(piles=3;4;5)'\n" +
			"  kombi analyze 'thue(alphabet=4)' --json\n" +
			"  kombi analyze 'vdwlist(k=3,colors=3,list=2,s=9)' --time 30s",
		Args: exactArgs(1, "one game string"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkSolveFlags(&out, opt, limit); err != nil {
				return err
			}
			if limit <= 0 {
				return usagef("--time %s: want a positive duration, e.g. 10s", limit)
			}
			g, s, err := a.state(args[0], pf)
			if err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(c.Context(), limit)
			defer cancel()
			an, err := solve.Analyze(ctx, g, s, opt)
			if an == nil {
				return fmt.Errorf("analyze: %w", err)
			}
			if err := a.write(out, an, analysisTable(an)); err != nil {
				return err
			}
			return interrupted(c.Context(), err)
		},
	}
	fl := c.Flags()
	fl.StringVar(&pf.position, "position", "", "position to analyse, in the game's position notation (default: the start)")
	out.addFlags(fl)
	fl.DurationVar(&limit, "time", 10*time.Second, "time for the whole analysis; moves not decided in time are 'unknown'")
	fl.IntVar(&opt.MaxLength, "max-length", 0, "bound on the length of play searched, for games that need one")
	fl.Int64Var(&opt.MemBytes, "mem", 0, "memory bound of the solver's tables in bytes (0: the solver's default)")
	return c
}

func checkSolveFlags(out *output, opt solve.Options, limit time.Duration) error {
	if err := out.check(); err != nil {
		return err
	}
	switch {
	case opt.MaxLength < 0:
		return usagef("--max-length %d: want 0 (the game's default) or a positive length", opt.MaxLength)
	case opt.MemBytes < 0:
		return usagef("--mem %d: want 0 (the solver's default) or a positive number of bytes", opt.MemBytes)
	case opt.MemBytes > 0 && opt.MemBytes > maxMemBytes():
		return usagef("--mem %d: more than this machine's memory (%d bytes)", opt.MemBytes, maxMemBytes())
	case limit < 0:
		return usagef("--time %s: want a positive duration", limit)
	}
	return nil
}

func withLimit(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}

func analysisTable(an *solve.Analysis) *report.Table {
	t := &report.Table{Title: fmt.Sprintf("%s — every move of player %s", an.Game, game.SeatName(an.Player)),
		Columns: []string{"move", "outcome", "value"}}
	for _, m := range an.Moves {
		t.Rows = append(t.Rows, []string{m.Move, m.Outcome.String(), valueText(m.Value)})
	}
	for _, m := range an.Moves {
		if m.Outcome == solve.Unknown {
			t.Notes = append(t.Notes, "Moves marked unknown were not decided in the time given (--time).")
			break
		}
	}
	if !an.Complete && len(t.Notes) == 0 {
		t.Notes = append(t.Notes, "Not every legal move is listed or valued (see the game's notes).")
	}
	return t
}

func valueText(v any) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprint(v)
}

// printResult prints a solve result: its JSON, or the game's explanation
// (or the common fields) for people.
func (a *app) printResult(out output, r *solve.Result) error {
	if out.isJSON() {
		return writeJSON(a.stdout, r)
	}
	text := r.Text
	if text == "" {
		var b strings.Builder
		fmt.Fprintf(&b, "%s\n%s\nOutcome for the player to move: %s\n", r.Game, r.Position, r.Outcome)
		if r.Value != nil {
			fmt.Fprintf(&b, "Value: %v\n", r.Value)
		}
		if r.LowerBound != nil || r.UpperBound != nil {
			fmt.Fprintf(&b, "Bounds: %s to %s\n", valueText(r.LowerBound), valueText(r.UpperBound))
		}
		fmt.Fprintf(&b, "Best moves: %s\n(%d positions searched%s)\n", strings.Join(r.BestMoves, " "), r.Nodes, map[bool]string{false: ", not complete"}[r.Complete])
		text = b.String()
	}
	if _, err := fmt.Fprint(a.stdout, text); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}
