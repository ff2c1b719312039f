package solve

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/kombi/kombi/game"
)

// Solver is a game's own exact analysis (Bouton's rule, a game-specific
// search), registered for the game's name in a Solvers registry by the
// game's study package. Its Solve must handle every position of the game,
// terminal ones included (the outcome then from the returns, the value the
// game's final measure), and, when cut short by the context or the node
// budget, return the partial result it has (bounds, best moves found,
// Complete false) together with the error. Solve is called with a game of
// the name it is registered for and one of that game's states.
type Solver interface {
	Solve(ctx context.Context, g game.Game, s game.State, opt Options) (*Result, error)
}

// Analyzer is a Solver that values every move of a position faster than
// one Solve per move (for example from one Grundy computation). Cut short
// by the context, Analyze returns what it decided with Complete false and
// no error (see Solvers.Analyze).
type Analyzer interface {
	Solver
	Analyze(ctx context.Context, g game.Game, s game.State, opt Options) (*Analysis, error)
}

// Hinter is a Solver that also gives a person a hint in words about a
// position, quickly (for example a winning move its search finds at
// once): the human player's "hint" shows it when the position has no hint
// of its own.
type Hinter interface {
	Solver
	Hint(g game.Game, s game.State) string
}

// Solvers maps game names to their own solvers: the one place where a
// game's exact analysis is found. Package games/all assembles it from the
// study packages (study/<family>) and hands it to the places that analyse:
// the CLI's solve and analyze, the web's analysis, the human player's hint,
// distributed solves. A game without a solver of its own is solved by
// Generic. The zero value holds no solver, and a nil *Solvers behaves as
// the zero value: every game by Generic.
type Solvers struct {
	byName map[string]Solver
}

// Register adds the solver of the game named name. It is an error to
// register a name twice.
func (r *Solvers) Register(name string, sv Solver) error {
	if name == "" || sv == nil {
		return fmt.Errorf("register solver: a solver needs a game name and a value")
	}
	if r.byName == nil {
		r.byName = map[string]Solver{}
	}
	if _, dup := r.byName[name]; dup {
		return fmt.Errorf("register solver: %q already has one", name)
	}
	r.byName[name] = sv
	return nil
}

// Lookup returns the solver registered for the game named name.
func (r *Solvers) Lookup(name string) (Solver, bool) {
	if r == nil {
		return nil, false
	}
	sv, ok := r.byName[name]
	return sv, ok
}

// Names returns the names of the games with a solver of their own, sorted.
func (r *Solvers) Names() []string {
	var out []string
	if r != nil {
		for n := range r.byName {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// For returns g's own solver, else Generic (also for a nil g, which
// SolveWith and AnalyzeWith then refuse).
func (r *Solvers) For(g game.Game) Solver {
	if g == nil {
		return Generic{}
	}
	if sv, ok := r.Lookup(g.Type().Name); ok {
		return sv
	}
	return Generic{}
}

// checkArgs refuses the nil arguments of SolveWith and AnalyzeWith, naming
// the first.
func checkArgs(sv Solver, g game.Game, s game.State) error {
	switch {
	case sv == nil:
		return errors.New("no solver (a nil solve.Solver)")
	case g == nil:
		return errors.New("no game (a nil game.Game)")
	case s == nil:
		return fmt.Errorf("no position of %s (a nil game.State; g.NewInitialState() is the start)", g.Type().Name)
	}
	return nil
}

// Solve analyses s exactly with g's own solver, else Generic (SolveWith).
// s must be a position of g (from g's start, its ParsePosition or play
// from them): a position of another variant of the family (a misère Nim
// position given with normal Nim) is not refused, and its result is not
// to be trusted.
func (r *Solvers) Solve(ctx context.Context, g game.Game, s game.State, opt Options) (*Result, error) {
	return SolveWith(ctx, r.For(g), g, s, opt)
}

// Analyze values every legal move of s with g's own solver, else Generic
// (AnalyzeWith). Unlike Solve, a search cut short (the context's deadline
// or cancel) is not an error here: the analysis says so, Complete false
// and the moves not decided Unknown; an error is a failure (a position
// the solver cannot take, too many moves).
func (r *Solvers) Analyze(ctx context.Context, g game.Game, s game.State, opt Options) (*Analysis, error) {
	return AnalyzeWith(ctx, r.For(g), g, s, opt)
}

// SolveWith analyses s exactly with sv and fills the common fields of the
// result (game, position, player, best move texts, seconds). When the
// search is cut short it returns the partial result and the error (see
// Stopped). A nil solver, game or state is an error that names it.
func SolveWith(ctx context.Context, sv Solver, g game.Game, s game.State, opt Options) (*Result, error) {
	start := time.Now()
	if err := checkArgs(sv, g, s); err != nil {
		return nil, fmt.Errorf("solve: %w", err)
	}
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if tk, ok := sv.(TableKeeper); opt.Checkpoint != "" && (!ok || !tk.KeepsTable(g)) {
		return nil, fmt.Errorf("a checkpoint file (%s): %s's solver keeps no table file (the Thue game's does)", opt.Checkpoint, g.Type().Name)
	}
	r, err := sv.Solve(ctx, g, s, opt)
	if r == nil {
		if err == nil {
			err = fmt.Errorf("solve: %s returned no result", g.Type().Name)
		}
		return nil, err
	}
	r.Game = g.String()
	if r.Position == "" {
		r.Position = positionText(s)
	}
	r.Player = s.Player()
	if g.Type().Chance {
		r.Outcome = chanceOutcome(r.Outcome, r.Value, r.Player)
	}
	r.Measure = MeasureOf(g.Type())
	if r.Measure.Kind == "grundy" && r.Value == nil && (r.Outcome == Win || r.Outcome == Loss) {
		r.Measure = outcomeMeasure // decided, but not by a Grundy value (misère Nim, Wythoff's game, ...)
	}
	if r.BestMoves == nil {
		r.BestMoves = make([]string, 0, len(r.Best))
		for _, m := range r.Best {
			r.BestMoves = append(r.BestMoves, s.MoveString(m))
		}
	}
	r.Seconds = time.Since(start).Seconds()
	return r, err
}

// AnalyzeWith values every legal move of s for the player to move: at once
// when sv is an Analyzer, else by one SolveWith per move, each move getting
// a fair share of the context's remaining time (a move not decided in its
// share is Unknown and the analysis is not Complete; that is not an error).
// Moves come in LegalMoves order. A nil solver, game or state is an error
// that names it.
func AnalyzeWith(ctx context.Context, sv Solver, g game.Game, s game.State, opt Options) (*Analysis, error) {
	start := time.Now()
	if err := checkArgs(sv, g, s); err != nil {
		return nil, fmt.Errorf("analyze: %w", err)
	}
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("analyze: the game is over")
	}
	var (
		a   *Analysis
		err error
	)
	if an, ok := sv.(Analyzer); ok {
		a, err = an.Analyze(ctx, g, s, opt)
	} else {
		a, err = analyzeEach(ctx, sv, g, s, opt)
	}
	if a == nil {
		return nil, err
	}
	a.Game = g.String()
	if a.Position == "" {
		a.Position = positionText(s)
	}
	a.Player = s.Player()
	a.Seconds = time.Since(start).Seconds()
	if a.Moves == nil {
		a.Moves = []MoveValue{}
	}
	a.Measure = MeasureOf(g.Type())
	if a.Measure.Kind == "grundy" && a.decidedWithoutValues() {
		a.Measure = outcomeMeasure
	}
	a.label(g.Type(), s)
	return a, err
}

// positionText is s in its game's position notation, else as it shows.
func positionText(s game.State) string {
	if p, err := game.PositionOf(s); err == nil {
		return p
	}
	return s.String()
}
