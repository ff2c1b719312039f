package main

import (
	"fmt"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// genericAnalysis is what `kombi solve` prints for games without a solver of
// their own.
type genericAnalysis struct {
	Game      string   `json:"game"`
	Position  string   `json:"position"`
	Outcome   string   `json:"outcome"`
	BestMoves []string `json:"best_moves"`
	Nodes     int64    `json:"nodes"`
}

func (g *genericAnalysis) Text() string {
	return fmt.Sprintf("%s\n%s\nOutcome for the player to move: %s\nBest moves: %s\n(%d positions searched)\n",
		g.Game, g.Position, g.Outcome, strings.Join(g.BestMoves, " "), g.Nodes)
}

func (a *app) solveCmd() *cobra.Command {
	var (
		position  string
		asJSON    bool
		maxLength int
		mem       int64
		quiet     bool
	)
	c := &cobra.Command{
		Use:   "solve GAME",
		Short: "Solve a position exactly: the outcome for the player to move and the best moves",
		Example: "  kombi solve 'nim(piles=7;5;12)'\n" +
			"  kombi solve 'nim(piles=3;4;5)' --position '1;4;5' --json",
		Args: exactArgs(1, "one game string"),
		RunE: func(c *cobra.Command, args []string) error {
			g, err := a.loadGame(args[0], 1)
			if err != nil {
				return err
			}
			s := g.NewInitialState()
			if position != "" {
				pp, ok := g.(game.PositionParser)
				if !ok {
					return usagef("solve: %s has no position notation; solve its initial position without --position", g.Type().Name)
				}
				if s, err = pp.ParsePosition(position); err != nil {
					return usageError{fmt.Errorf("--position: %w", err)}
				}
			}
			if s.IsTerminal() {
				return usagef("solve: the position is already over")
			}
			opt := game.SolveOptions{MaxLength: maxLength, MemBytes: mem, Progress: a.solveProgress(quiet)}
			var an game.Analysis
			if sv, ok := g.(game.Solver); ok {
				an, err = sv.Solve(c.Context(), s, opt)
			} else {
				an, err = genericSolve(c, g, s, opt)
			}
			if opt.Progress != nil {
				fmt.Fprint(a.stderr, "\r\033[K")
			}
			if err != nil {
				return fmt.Errorf("solve: %w", err)
			}
			if asJSON {
				return writeJSON(a.stdout, an)
			}
			fmt.Fprint(a.stdout, an.Text())
			return nil
		},
	}
	fl := c.Flags()
	fl.StringVar(&position, "position", "", "position to solve, in the game's position notation (default: the start)")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	fl.IntVar(&maxLength, "max-length", 0, "bound on the length of play searched, for games that need one")
	fl.Int64Var(&mem, "mem", 0, "memory bound of the solver's tables in bytes (0: the solver's default)")
	fl.BoolVar(&quiet, "quiet", false, "no progress lines (they are shown only when standard error is a terminal)")
	return c
}

// solveProgress returns a progress callback that rewrites one status line
// on standard error when it is a terminal, and nil otherwise.
func (a *app) solveProgress(quiet bool) func(string) {
	f, ok := a.stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return func(msg string) { fmt.Fprintf(f, "\r\033[K%s", msg) }
}

func genericSolve(c *cobra.Command, g game.Game, s game.State, opt game.SolveOptions) (game.Analysis, error) {
	maxEntries := 0
	if opt.MemBytes > 0 {
		maxEntries = int(opt.MemBytes / 64)
	}
	res, err := solve.NewSolver(solve.Options{MaxEntries: maxEntries}).Solve(c.Context(), s)
	if err != nil {
		return nil, err
	}
	an := &genericAnalysis{Game: g.String(), Position: s.String(), Outcome: res.Outcome.String(), BestMoves: []string{}, Nodes: res.Nodes}
	for _, m := range res.Best {
		an.BestMoves = append(an.BestMoves, s.MoveString(m))
	}
	return an, nil
}
