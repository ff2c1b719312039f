package thue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
)

// Analysis is the solver's answer for `kombi solve`: the game value, or a
// lower bound when the builder cannot force a repetition by the length limit.
type Analysis struct {
	Game string `json:"game"`
	Word string `json:"word"`
	// Value is the final word length under optimal play (null when unknown).
	Value *int `json:"value"`
	// LowerBound is set when Value is null: the game lasts at least this long.
	LowerBound *int `json:"lower_bound,omitempty"`
	// BestPositions are the builder's optimal first moves (when Value is known).
	BestPosition *int    `json:"best_position,omitempty"`
	Nodes        int64   `json:"nodes"`
	Seconds      float64 `json:"seconds"`
	Interrupted  bool    `json:"interrupted,omitempty"`
	rule         Rule
}

// Text explains the result.
func (a *Analysis) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s from the word %s (builder to move)\n", a.Game, a.Word)
	switch {
	case a.Value != nil:
		fmt.Fprintf(&b, "Value: %d — with optimal play the word holds %s at length %d\n", *a.Value, article(a.rule), *a.Value)
		if a.BestPosition != nil {
			fmt.Fprintf(&b, "An optimal first position for the builder: %d\n", *a.BestPosition)
		}
	case a.Interrupted:
		fmt.Fprintf(&b, "Interrupted. Proven so far: the game lasts at least %d symbols\n", *a.LowerBound)
	default:
		fmt.Fprintf(&b, "The builder cannot force %s before length %d: the value is at least %d\n", article(a.rule), *a.LowerBound, *a.LowerBound)
	}
	fmt.Fprintf(&b, "(%d positions searched in %.2f s)\n", a.Nodes, a.Seconds)
	return b.String()
}

// Solve finds the value of a position with the builder to move (see
// Solver): opt.MaxLength bounds the search (0: until solved or interrupted),
// opt.MemBytes the table. A stop by ctx gives the bound proven so far.
func (g *Game) Solve(ctx context.Context, st game.State, opt game.SolveOptions) (game.Analysis, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("thue solve: not a thue state")
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("thue solve: the game is over")
	}
	if s.pos >= 0 {
		return nil, fmt.Errorf("thue solve: positions with the painter to move are not supported; give the word only")
	}
	if g.target > 0 && (opt.MaxLength == 0 || opt.MaxLength >= g.target) {
		opt.MaxLength = g.target - 1
	}
	sv := NewSolver(g.k, g.rule, SolverOptions{MemBytes: opt.MemBytes, Progress: opt.Progress})
	if opt.MaxLength > sv.maxLen+1 {
		return nil, fmt.Errorf("thue solve: --max-length %d: the solver's exact keys reach length %d with %d symbols", opt.MaxLength, sv.maxLen+1, g.k)
	}
	start := time.Now()
	res, err := sv.Value(ctx, s.word, opt.MaxLength)
	a := &Analysis{Game: g.String(), Word: WordString(s.word, g.k), Nodes: res.Nodes, Seconds: time.Since(start).Seconds(), rule: g.rule}
	if err != nil {
		if ctx.Err() == nil || !errors.Is(err, ctx.Err()) && !errors.Is(err, errStopped) {
			return nil, fmt.Errorf("thue solve: %w", err)
		}
		a.Interrupted = true
	}
	if res.Exact {
		v := res.Value
		a.Value = &v
		if p, err := sv.BestPosition(ctx, s.word, v); err == nil {
			a.BestPosition = &p
		}
	} else {
		lb := res.LowerBound
		a.LowerBound = &lb
	}
	return a, nil
}
