package vdwlist

import (
	"context"
	"fmt"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/solve"
)

// values writes an analysis' moves with their outcomes and values.
func values(a *solve.Analysis) string {
	out := ""
	for _, m := range a.Moves {
		out += fmt.Sprintf("%s:%v:%v ", m.Move, m.Outcome, m.Value)
	}
	return out
}

// TestWarmAnalysis: the analyses of a game as it is played share the
// solver's table, and find the same values as a fresh table each time while
// searching a fraction of its positions; a longer game of the same k,
// colours and lists takes the same table; another memory bound, a new one.
func TestWarmAnalysis(t *testing.T) {
	ctx := context.Background()
	opt := solve.Options{MemBytes: 64 << 20, Workers: 1}
	warm, cold := solver{warm: solve.NewKept[*Solver](time.Hour)}, solver{}
	g, err := vdwlist.New(3, 3, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	var s game.State = g.NewInitialState()
	for step := 0; step < 5 && !s.IsTerminal(); step++ {
		w, err := warm.Analyze(ctx, g, s, opt)
		if err != nil {
			t.Fatal(err)
		}
		c, err := cold.Analyze(ctx, g, s, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !w.Complete || values(w) != values(c) {
			t.Fatalf("step %d: with the kept table %s, with a fresh one %s", step, values(w), values(c))
		}
		t.Logf("step %d: %d positions with the kept table, %d with a fresh one", step, w.Nodes, c.Nodes)
		if step > 0 && c.Nodes > 1000 && w.Nodes*4 > c.Nodes {
			t.Errorf("step %d: %d positions with the kept table, %d with a fresh one", step, w.Nodes, c.Nodes)
		}
		moves := s.LegalMoves(nil)
		if err := s.Apply(moves[len(moves)/2]); err != nil {
			t.Fatal(err)
		}
	}
	_, kept, _ := warm.warm.Held()
	if kept == nil {
		t.Fatal("no table kept after an analysis")
	}
	longer, _ := vdwlist.New(3, 3, 2, 10)
	w, err := warm.Analyze(ctx, longer, longer.NewInitialState(), opt)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := cold.Analyze(ctx, longer, longer.NewInitialState(), opt)
	if _, now, _ := warm.warm.Held(); values(w) != values(c) || now != kept {
		t.Errorf("s = 10 after s = 9: the same table %v, values %s against %s", now == kept, values(w), values(c))
	}
	if _, err := warm.Analyze(ctx, longer, longer.NewInitialState(), solve.Options{MemBytes: 32 << 20, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, now, _ := warm.warm.Held(); now == kept {
		t.Error("another memory bound took the table made for 64 MiB")
	}
	other, _ := vdwlist.New(3, 2, 2, 8)
	if _, err := warm.Analyze(ctx, other, other.NewInitialState(), opt); err != nil {
		t.Fatal(err)
	}
	if _, now, _ := warm.warm.Held(); now == nil || now.g.Colors() != 2 {
		t.Error("a game of 2 colours after 3 did not get a solver of its own")
	}
}

// TestWarmConcurrent: analyses at once each take their own solver, and find
// the values of a fresh table.
func TestWarmConcurrent(t *testing.T) {
	ctx := context.Background()
	opt := solve.Options{MemBytes: 16 << 20, Workers: 1}
	warm, cold := solver{warm: solve.NewKept[*Solver](time.Hour)}, solver{}
	g, _ := vdwlist.New(3, 3, 2, 9)
	var states []game.State
	var s game.State = g.NewInitialState()
	for range 4 {
		states = append(states, s.Clone())
		moves := s.LegalMoves(nil)
		if err := s.Apply(moves[0]); err != nil {
			t.Fatal(err)
		}
	}
	want := make([]string, len(states))
	for i, st := range states {
		a, err := cold.Analyze(ctx, g, st, opt)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = values(a)
	}
	var wg sync.WaitGroup
	for w := range 3 {
		wg.Go(func() {
			for r := range 4 {
				i := (w + r) % len(states)
				a, err := warm.Analyze(ctx, g, states[i], opt)
				if err != nil || values(a) != want[i] {
					t.Errorf("analysis %d of worker %d: %s, want %s (%v)", i, w, values(a), want[i], err)
				}
			}
		})
	}
	wg.Wait()
}

// TestPercent: a chance in the explanation reads as the page writes it.
func TestPercent(t *testing.T) {
	for _, c := range []struct {
		p, q int64
		want string
	}{{0, 1, "0\u00a0%"}, {1, 1, "100\u00a0%"}, {7235, 19683, "36.8\u00a0%"}, {387411667, 387420489, "99.9\u00a0%"}, {1, 100000, "0.1\u00a0%"}, {1, 2, "50.0\u00a0%"}} {
		if got := percent(big.NewRat(c.p, c.q)); got != c.want {
			t.Errorf("percent(%d/%d) = %q, want %q", c.p, c.q, got, c.want)
		}
	}
}
