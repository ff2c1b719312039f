package thue_test

import (
	"context"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
)

func newBot(t *testing.T, bots *bot.Registry, g game.Game, spec string, seed uint64) bot.Bot {
	t.Helper()
	b, err := bots.New(spec, g, bot.Env{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestAlphaBetaPlaysOptimallyOnSmallGames(t *testing.T) {
	_, bots := registries(t)
	for _, c := range []struct {
		k     int
		rule  thue.Rule
		value int
	}{{3, thue.Square, 5}, {4, thue.Square, 7}, {3, thue.Overlap, 12}} {
		g, _ := thue.New(c.k, c.rule, 0, 0)
		ab := "alphabeta(depth=12)"
		if got := playLength(t, c.k, c.rule, 0, newBot(t, bots, g, ab, 1), newBot(t, bots, g, ab, 2)); got != c.value {
			t.Errorf("k=%d %v: alphabeta vs alphabeta length %d, want the value %d", c.k, c.rule, got, c.value)
		}
	}
	// With a time limit on a big alphabet it still answers, with a legal move.
	g, _ := thue.New(6, thue.Square, 0, 0)
	s := g.NewInitialState()
	b := newBot(t, bots, g, "alphabeta(depth=40,time=50ms)", 1)
	for range 10 {
		m, err := b.Act(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNestingStopsAtTheDeadline: a long decision gives up when its context ends.
func TestNestingStopsAtTheDeadline(t *testing.T) {
	g, _ := thue.New(5, thue.Square, 0, 0)
	st, err := g.ParsePosition("0120210121020120210201210120")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := thue.NewNesting(4, false, 0).Act(ctx, st); err == nil {
		t.Fatal("a level-4 builder decision must not finish in 20ms")
	}
}

// TestAlphaBetaKeepsItsTimeLimit: on a long word, deep iterations stop at
// the time limit.
func TestAlphaBetaKeepsItsTimeLimit(t *testing.T) {
	g, _ := thue.New(5, thue.Square, 0, 0)
	w := []byte{0}
	eng := thue.NewEngine(5, thue.Square)
	for len(w) < 80 {
		i := eng.GreedyPosition(w)
		c := eng.NestingSymbol(w, i, 1, nil)
		w = append(w[:i], append([]byte{byte(c)}, w[i:]...)...)
	}
	st := g.NewState(w)
	start := time.Now()
	if _, err := thue.NewSearch(20, 100*time.Millisecond).Act(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("a 100ms search took %v", d)
	}
}
