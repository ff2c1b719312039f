package solve

import (
	"context"

	"github.com/kombi/kombi/game"
)

// gameSolver is a game that still solves its own positions (the games
// whose solvers have not moved to a study package yet).
type gameSolver interface {
	Solve(ctx context.Context, s game.State, opt Options) (*Result, error)
}

// gameAnalyzer is a game that still values its own moves.
type gameAnalyzer interface {
	Analyze(ctx context.Context, s game.State, opt Options) (*Analysis, error)
}

type ownSolver struct{ g gameSolver }

func (o ownSolver) Solve(ctx context.Context, _ game.Game, s game.State, opt Options) (*Result, error) {
	return o.g.Solve(ctx, s, opt)
}

type ownAnalyzer struct {
	ownSolver
	a gameAnalyzer
}

func (o ownAnalyzer) Analyze(ctx context.Context, _ game.Game, s game.State, opt Options) (*Analysis, error) {
	return o.a.Analyze(ctx, s, opt)
}

// OwnSolver returns the solver that game g carries itself, if any.
//
// Transitional, while solvers move to the study packages.
func OwnSolver(g game.Game) (Solver, bool) {
	gs, ok := g.(gameSolver)
	if !ok {
		return nil, false
	}
	if ga, ok := g.(gameAnalyzer); ok {
		return ownAnalyzer{ownSolver{gs}, ga}, true
	}
	return ownSolver{gs}, true
}

// Solve is SolveWith g's own solver, else Generic.
//
// Transitional, while solvers move to the study packages.
func Solve(ctx context.Context, g game.Game, s game.State, opt Options) (*Result, error) {
	sv, ok := OwnSolver(g)
	if !ok {
		sv = Generic{}
	}
	return SolveWith(ctx, sv, g, s, opt)
}

// Analyze is AnalyzeWith g's own solver, else Generic.
//
// Transitional, while solvers move to the study packages.
func Analyze(ctx context.Context, g game.Game, s game.State, opt Options) (*Analysis, error) {
	sv, ok := OwnSolver(g)
	if !ok {
		sv = Generic{}
	}
	return AnalyzeWith(ctx, sv, g, s, opt)
}
