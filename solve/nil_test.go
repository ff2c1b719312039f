package solve_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kombi/kombi/solve"
)

// A nil game, state or solver is an error that names it, not a nil
// pointer's panic.
func TestSolveNilArguments(t *testing.T) {
	ctx := context.Background()
	var sv *solve.Solvers
	g := subGame{heaps: []int{3}}
	calls := []struct {
		name string
		call func() error
		want string
	}{
		{"Solve(nil game)", func() error { _, err := sv.Solve(ctx, nil, nil, solve.Options{}); return err }, "solve: no game (a nil game.Game)"},
		{"Analyze(nil game)", func() error { _, err := sv.Analyze(ctx, nil, nil, solve.Options{}); return err }, "analyze: no game (a nil game.Game)"},
		{"Solve(nil state)", func() error { _, err := sv.Solve(ctx, g, nil, solve.Options{}); return err }, "solve: no position of sub (a nil game.State"},
		{"Analyze(nil state)", func() error { _, err := sv.Analyze(ctx, g, nil, solve.Options{}); return err }, "analyze: no position of sub (a nil game.State"},
		{"SolveWith(nil solver)", func() error { _, err := solve.SolveWith(ctx, nil, g, g.NewInitialState(), solve.Options{}); return err }, "solve: no solver (a nil solve.Solver)"},
		{"AnalyzeWith(nil solver)", func() error {
			_, err := solve.AnalyzeWith(ctx, nil, g, g.NewInitialState(), solve.Options{})
			return err
		}, "analyze: no solver"},
	}
	for _, c := range calls {
		if err := c.call(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error saying %q", c.name, err, c.want)
		}
	}
}
