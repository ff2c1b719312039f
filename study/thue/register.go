// Package thue is the study of the Thue game (the rules are in package
// games/thue): the exact solver of the final word length (bit-parallel
// fitting sets, a canonical transposition table, parallel workers) and its
// distributed form (Distributed, for solve/distribute), the perfect player,
// the benchmark of the thesis' strategies against the port of its
// listings, and the frontier rows.
package thue

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/study"
)

// Register adds the Thue game's solver (with its distributed form) and
// frontier rows to studies and its perfect player to bots.
func Register(studies *study.Registry, bots *bot.Registry) error {
	if err := studies.Solvers.Register("thue", solver{}); err != nil {
		return err
	}
	studies.AddFrontier(FrontierRows)
	return bots.Register(&bot.Factory{
		Name:  "perfect",
		Doc:   "the exact solver's move (alphabets up to 4 with squares, 3 with overlaps; builder keeps the value, painter maximises it)",
		Games: []string{"thue"},
		Params: []game.ParamSpec{
			{Name: "mem", Kind: game.Int, MemUnit: 1, Default: "268435456", HasMin: true, Min: 1 << 20, Doc: "bytes for the solver's table"},
		},
		New: func(g game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
			if tg, ok := g.(*thue.Game); ok && tg.Alphabet() > PerfectLimit(tg.Rule()) {
				return nil, fmt.Errorf("perfect plays the Thue game exactly only up to alphabet %d with %ss (beyond, the game's value is out of the solver's reach): alphabet %d is too large; use alphabeta(depth=8,time=10s) or nesting(level=1)",
					PerfectLimit(tg.Rule()), tg.Rule(), tg.Alphabet())
			}
			return &Perfect{mem: p.Int64("mem")}, nil
		},
	})
}

// Perfect plays the exact solver's move: the builder a position that keeps
// the game value, the painter a symbol whose word has the highest value.
// It plays alphabets up to PerfectLimit (the games the solver finishes);
// the bot refuses larger ones. Values beyond the solver's longest exact key
// count as unbounded, and on words that long the alpha-beta search (depth
// 6) decides.
type Perfect struct {
	sv       *Solver
	mem      int64
	fallback *thue.Search
}

// Release drops the solver's table (bot.Releaser); the next move builds a
// new one.
func (p *Perfect) Release() { p.sv, p.fallback = nil, nil }

// Act returns the optimal move.
func (p *Perfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*thue.State)
	if !ok {
		return 0, fmt.Errorf("perfect: not a thue state")
	}
	if p.sv == nil || p.sv.k != s.Alphabet() || p.sv.rule != s.Rule() {
		p.sv = NewSolver(s.Alphabet(), s.Rule(), SolverOptions{MemBytes: p.mem, Workers: 1})
	}
	limit := p.sv.maxLen + 1
	if s.Target() > 0 {
		limit = min(limit, s.Target())
	}
	if len(s.Word())+1 > p.sv.maxLen {
		// Beyond the exact keys: the search decides.
		if p.fallback == nil {
			p.fallback = thue.NewSearch(6, 0)
		}
		return p.fallback.Act(ctx, s)
	}
	res, err := p.sv.Value(ctx, s.Word(), s.Gap(), limit)
	if err != nil {
		return 0, perfectErr(ctx, err)
	}
	var best []int
	switch {
	case s.Gap() < 0 && !res.Exact: // the painter reaches the target whatever the builder does
		return game.Move(len(s.Word())), nil
	case s.Gap() < 0:
		best, err = p.sv.BestPositions(ctx, s.Word(), res.Value)
	case res.Exact:
		best, err = p.sv.BestSymbols(ctx, s.Word(), s.Gap(), res.Value-1)
	default:
		best, err = p.sv.BestSymbols(ctx, s.Word(), s.Gap(), limit)
	}
	if err != nil {
		return 0, perfectErr(ctx, err)
	}
	if len(best) == 0 {
		return 0, fmt.Errorf("perfect: no move keeps the value %d", res.Value)
	}
	return game.Move(best[0]), nil
}

func perfectErr(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("perfect: %w", err)
}
