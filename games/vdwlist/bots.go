package vdwlist

import (
	"context"
	"fmt"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Levels are the named difficulty levels of the project plan: the search
// depth in moves (a round is three: name, draw, colour), so easy looks one
// round ahead (the plan's one-move strategies with the expectation over the
// lists), normal two and hard three, each deepening iteratively under its
// time limit. `kombi report vdwlist` measures them exactly against the
// perfect player.
var Levels = []struct {
	Name  string
	Depth int
	Time  time.Duration
	Doc   string
}{
	{"easy", 3, 2 * time.Second, "looks one round ahead (name, list, colour) with the project's evaluation"},
	{"normal", 6, 5 * time.Second, "looks two rounds ahead with the project's evaluation"},
	{"hard", 9, 10 * time.Second, "looks three rounds ahead (as deep as its time allows) with the project's evaluation"},
}

func botFactories() []*bot.Factory {
	fs := []*bot.Factory{
		{
			Name:  "alphabeta",
			Doc:   "expectiminimax with alpha-beta and *-minimax pruning at the draws (Star2), the project's evaluation at the horizon",
			Games: []string{"vdwlist"},
			Params: []game.ParamSpec{
				{Name: "depth", Kind: game.Int, Default: "6", HasMin: true, Min: 1, HasMax: true, Max: 3 * MaxS, Doc: "search depth in moves (a round is 3: name, draw, colour)"},
				{Name: "time", Kind: game.Duration, Default: "10s", Doc: "stop deepening after this long"},
				{Name: "pruning", Kind: game.Enum, Default: "star2", Choices: []string{"star2", "star1", "none"}, Doc: "pruning at the draws: star2 (probing), star1, none (plain expectiminimax)"},
			},
			New: func(_ game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
				return bot.NewStar(bot.StarOptions{Depth: p.Int("depth"), Time: p.Duration("time"), Pruning: bot.ParseChancePruning(p.String("pruning"))}), nil
			},
		},
		bot.StarFactory("vdwlist"),
		{
			Name:  "perfect",
			Doc:   "exact play with the solver (the exact winning probability of every move); for the game lengths the solver handles",
			Games: []string{"vdwlist"},
			Params: []game.ParamSpec{
				{Name: "mem", Kind: game.Int, Default: "268435456", HasMin: true, Min: 1 << 16, Doc: "memory of the solver's table in bytes"},
			},
			New: func(g game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
				vg, ok := g.(*Game)
				if !ok {
					return nil, fmt.Errorf("not a vdwlist game")
				}
				return NewPerfect(vg, p.Int64("mem")), nil
			},
		},
	}
	for _, lv := range Levels {
		fs = append(fs, &bot.Factory{
			Name:  lv.Name,
			Doc:   lv.Doc,
			Games: []string{"vdwlist"},
			Params: []game.ParamSpec{
				{Name: "time", Kind: game.Duration, Default: lv.Time.String(), Doc: "stop deepening after this long"},
			},
			New: func(_ game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
				return bot.NewStar(bot.StarOptions{Depth: lv.Depth, Time: p.Duration("time")}), nil
			},
		})
	}
	return fs
}

// Perfect plays exactly with the solver: player 1 names a number of the
// highest winning probability, player 2 picks a colour of the lowest. Its
// table persists through the game; it suits the game lengths the solver
// handles (see `kombi table vdwlist`).
type Perfect struct {
	sv *Solver
}

// NewPerfect returns an exact player of g whose table uses about memBytes.
// It searches with one worker: matches run side by side.
func NewPerfect(g *Game, memBytes int64) *Perfect {
	sv := NewSolver(g, memBytes)
	sv.SetWorkers(1)
	return &Perfect{sv: sv}
}

// Act returns the first move of the best value for the player to move.
func (p *Perfect) Act(ctx context.Context, s game.State) (game.Move, error) {
	st, ok := s.(*State)
	if !ok {
		return 0, fmt.Errorf("perfect: not a vdwlist position")
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
