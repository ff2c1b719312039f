package thue

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Nesting plays the thesis' strategies in either role: greedy at level 0,
// the recursive scoring of chapters 2.6–2.7 at level L ≥ 1 (the thesis'
// builderNestingLevel / painterNestingLevel).
type Nesting struct {
	Level int
	rng   *rand.Rand // nil: ties go to the first best option
	eng   *Engine
}

// NewNesting returns the strategy at the given level; with randomTies the
// ties are broken at random from seed (the thesis' randomization).
func NewNesting(level int, randomTies bool, seed uint64) *Nesting {
	n := &Nesting{Level: level}
	if randomTies {
		n.rng = bot.NewRand(seed, 0x6e657374)
	}
	return n
}

// Act returns the strategy's position (builder) or symbol (painter).
func (n *Nesting) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, fmt.Errorf("nesting: not a thue state")
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if n.eng == nil || n.eng.K != s.k || n.eng.Rule != s.rule {
		n.eng = NewEngine(s.k, s.rule)
	}
	n.eng.Ctx, n.eng.Stopped = ctx, false
	m, err := n.decide(s)
	if n.eng.Stopped {
		return 0, ctx.Err()
	}
	return m, err
}

func (n *Nesting) decide(s *State) (game.Move, error) {
	switch s.Player() {
	case Builder:
		if n.Level == 0 {
			return game.Move(n.eng.GreedyPosition(s.word)), nil
		}
		return game.Move(n.eng.NestingPosition(s.word, n.Level, n.rng)), nil
	case Painter:
		if n.Level == 0 {
			return game.Move(n.eng.GreedySymbol(s.word, s.pos)), nil
		}
		return game.Move(n.eng.NestingSymbol(s.word, s.pos, n.Level, n.rng)), nil
	}
	return 0, fmt.Errorf("nesting: the game is over")
}

// Register adds the Thue game and its bots to the registries.
func Register(games *game.Registry, bots *bot.Registry) error {
	if err := games.Register(NewType()); err != nil {
		return err
	}
	for _, f := range []*bot.Factory{
		{
			Name:  "greedy",
			Doc:   "the thesis' greedy strategy: builder = last position with the fewest fitting symbols, painter = first fitting symbol",
			Games: []string{"thue"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) {
				return NewNesting(0, false, 0), nil
			},
		},
		{
			Name:  "nesting",
			Doc:   "the thesis' recursive strategy (chapters 2.6-2.7) at a nesting level; level 0 is greedy",
			Games: []string{"thue"},
			Params: []game.ParamSpec{
				{Name: "level", Kind: game.Int, Default: "1", HasMin: true, Min: 0, HasMax: true, Max: 6, Doc: "nesting level (the thesis' builderNestingLevel / painterNestingLevel)"},
				{Name: "ties", Kind: game.Enum, Default: "first", Choices: []string{"first", "random"}, Doc: "equally scored options: the first, or a random one (the thesis' randomization)"},
			},
			New: func(_ game.Game, p game.Params, env bot.Env) (bot.Bot, error) {
				return NewNesting(p.Int("level"), p.String("ties") == "random", env.Seed), nil
			},
		},
	} {
		if err := bots.Register(f); err != nil {
			return err
		}
	}
	for _, f := range searchFactories() {
		if err := bots.Register(f); err != nil {
			return err
		}
	}
	return nil
}
