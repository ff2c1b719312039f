package vdwlist

import (
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
