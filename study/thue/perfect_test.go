package thue_test

import (
	"context"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	studythue "github.com/kombi/kombi/study/thue"
)

// TestPerfectKeepsTheValue: perfect against perfect ends at the solver's
// value; a perfect builder never lets a random painter go longer, and a
// perfect painter never ends sooner against a random builder.
func TestPerfectKeepsTheValue(t *testing.T) {
	_, bots, studies := registries(t)
	for _, c := range []struct {
		k     int
		rule  thue.Rule
		value int
	}{{3, thue.Square, 5}, {4, thue.Square, 7}, {2, thue.Overlap, 5}, {3, thue.Overlap, 12}} {
		g, _ := thue.New(c.k, c.rule, 0, 0)
		r, err := studies.Solvers.Solve(context.Background(), g, g.NewInitialState(), solve.Options{MemBytes: 1 << 24})
		if err != nil {
			t.Fatal(err)
		}
		if r.Value != c.value {
			t.Fatalf("k=%d %v: value %v, want %d", c.k, c.rule, r.Value, c.value)
		}
		if got := playLength(t, c.k, c.rule, 0, newBot(t, bots, g, "perfect", 1), newBot(t, bots, g, "perfect", 2)); got != c.value {
			t.Errorf("k=%d %v: perfect vs perfect length %d, want %d", c.k, c.rule, got, c.value)
		}
		for seed := uint64(0); seed < 4; seed++ {
			if got := playLength(t, c.k, c.rule, 0, newBot(t, bots, g, "perfect", 1), bot.NewRandom(seed)); got > c.value {
				t.Errorf("k=%d %v seed %d: perfect builder let a random painter reach %d > %d", c.k, c.rule, seed, got, c.value)
			}
			if got := playLength(t, c.k, c.rule, 0, bot.NewRandom(seed), newBot(t, bots, g, "perfect", 2)); got < c.value {
				t.Errorf("k=%d %v seed %d: perfect painter lost at %d < %d", c.k, c.rule, seed, got, c.value)
			}
		}
	}
}

// playLength plays builder against painter from the one-symbol word start
// and returns the final length.
func playLength(t *testing.T, k int, rule thue.Rule, start int, builder, painter bot.Bot) int {
	t.Helper()
	g, err := thue.New(k, rule, start, 200)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	for !s.IsTerminal() {
		b := builder
		if s.Player() == thue.Painter {
			b = painter
		}
		m, err := b.Act(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return s.(*thue.State).Score()
}

func newBot(t *testing.T, bots *bot.Registry, g game.Game, spec string, seed uint64) bot.Bot {
	t.Helper()
	b, err := bots.New(spec, g, bot.Env{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// registries returns the Thue game, the generic bots, the rules' bots and
// the study's perfect player, and the study's registry.
func registries(t testing.TB) (*game.Registry, *bot.Registry, *study.Registry) {
	t.Helper()
	games, bots, studies := &game.Registry{}, &bot.Registry{}, &study.Registry{}
	if err := bot.RegisterGeneric(bots, &studies.Solvers); err != nil {
		t.Fatal(err)
	}
	if err := thue.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	if err := studythue.Register(studies, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots, studies
}
