// Package vdwlist is the study of the list-colouring van der Waerden game
// (the rules are in package games/vdwlist): the exact solver of player 1's
// winning probability (Solver, with its big-number path), the plain and
// duel values that check it, the perfect player, the table of values by
// game length, the benchmark, the report of the computer levels and the
// frontier rows.
package vdwlist

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// Register adds the game's solver and frontier rows to studies and its
// perfect player to bots.
func Register(studies *study.Registry, bots *bot.Registry) error {
	if err := studies.Solvers.Register("vdwlist", solver{warm: solve.NewKept[*Solver](warmIdle)}); err != nil {
		return err
	}
	studies.AddFrontier(FrontierRows)
	studies.AddCommand(study.Command{Group: "table", Name: "vdwlist", Format: "text",
		Short: "Exact winning probabilities of the list-colouring van der Waerden game by game length s",
		New: func() (study.Options, study.Run) {
			var o TableOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	studies.AddCommand(study.Command{Group: "bench", Name: "vdwlist", Format: "text",
		Short: "Time the exact solver against plain expectimax, and *-minimax against plain expectiminimax",
		New: func() (study.Options, study.Run) {
			var o BenchOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	studies.AddCommand(study.Command{Group: "report", Name: "vdwlist", Format: "text",
		Short: "The computer levels of the list-colouring van der Waerden game against the perfect player, exactly",
		New: func() (study.Options, study.Run) {
			var o LevelOptions
			return &o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}})
	return bots.Register(&bot.Factory{
		Name:  "perfect",
		Doc:   "exact play with the solver (the exact winning probability of every move); for the game lengths the solver handles",
		Games: []string{"vdwlist"},
		Params: []game.ParamSpec{
			{Name: "mem", Kind: game.Int, MemUnit: 1, Default: "268435456", HasMin: true, Min: 1 << 16, Doc: "memory of the solver's table in bytes"},
		},
		New: func(g game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
			vg, ok := g.(*vdwlist.Game)
			if !ok {
				return nil, fmt.Errorf("not a vdwlist game")
			}
			return NewPerfect(vg, p.Int64("mem")), nil
		},
	})
}

// Perfect plays exactly with the solver: player 1 names a number of the
// highest winning probability, player 2 picks a colour of the lowest. Its
// table persists through the game; it suits the game lengths the solver
// handles (see `kombi table vdwlist`).
type Perfect struct {
	g   *vdwlist.Game
	mem int64
	sv  *Solver
}

// NewPerfect returns an exact player of g whose table uses about memBytes.
// It searches with one worker: matches run side by side.
func NewPerfect(g *vdwlist.Game, memBytes int64) *Perfect {
	return &Perfect{g: g, mem: memBytes}
}

// Release drops the solver's table (bot.Releaser); the next move builds a
// new one.
func (p *Perfect) Release() { p.sv = nil }

// Act returns the first move of the best value for the player to move.
func (p *Perfect) Act(ctx context.Context, s game.State) (game.Move, error) {
	st, ok := s.(*vdwlist.State)
	if !ok {
		return 0, fmt.Errorf("perfect: not a vdwlist position")
	}
	if p.sv == nil {
		p.sv = NewSolver(p.g, p.mem)
		p.sv.SetWorkers(1)
	}
	moves, vals, err := p.sv.MoveValues(ctx, st)
	if err != nil {
		return 0, fmt.Errorf("perfect: %w", err)
	}
	best := 0
	for i, v := range vals {
		if st.Player() == 0 && v.Cmp(vals[best]) > 0 || st.Player() == 1 && v.Cmp(vals[best]) < 0 {
			best = i
		}
	}
	return moves[best], nil
}
