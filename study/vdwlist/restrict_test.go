package vdwlist

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/game"
)

// TestRestrictIsALowerBound: player 1's exact chance in a position cut to
// fewer numbers never exceeds his chance in the position, and his best
// first move there, played in the position, keeps at least that chance.
func TestRestrictIsALowerBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	ctx := context.Background()
	for _, p := range [][4]int{{3, 3, 2, 10}, {3, 2, 2, 8}, {2, 4, 2, 6}, {3, 3, 1, 8}} {
		g, err := vdwlist.New(p[0], p[1], p[2], p[3])
		if err != nil {
			t.Fatal(err)
		}
		sv := NewSolver(g, 1<<20)
		for i := range 20 {
			var s game.State = g.NewInitialState()
			for steps := rng.IntN(2*g.S()) * min(i, 1); steps > 0 && !s.IsTerminal(); steps-- {
				moves := s.LegalMoves(nil)
				_ = s.Apply(moves[rng.IntN(len(moves))])
			}
			if s.IsTerminal() {
				continue
			}
			st := s.(*vdwlist.State)
			if err := sv.SetGame(g); err != nil {
				t.Fatal(err)
			}
			want, err := sv.Value(ctx, st)
			if err != nil {
				t.Fatal(err)
			}
			cut := 0
			for n := 1; n < g.S(); n++ {
				rs, off := st.Restrict(n)
				if rs == nil {
					continue
				}
				cut++
				if rs.Player() != st.Player() || rs.Named() != 0 && rs.Named()+off != st.Named() || rs.List() != st.List() {
					t.Fatalf("%s %q cut to %d numbers from %d: %q", g, st.Position(), n, off+1, rs.Position())
				}
				_ = sv.SetGame(rs.Game())
				v, err := sv.Value(ctx, rs)
				if err != nil {
					t.Fatal(err)
				}
				if v.Cmp(want) > 0 {
					t.Fatalf("%s %q: cut to %q it is worth %s, more than %s", g, st.Position(), rs.Position(), Fraction(v), Fraction(want))
				}
			}
			_ = sv.SetGame(g)
			lo, best, n, off := NewSolver(g, 1<<20).restrictedBound(ctx, st, restrictedTime) // fresh: no root in the table
			if cut > 0 && lo == nil || lo != nil && (lo.Cmp(want) > 0 || n < 1 || n >= g.S() || off < 0) {
				t.Fatalf("%s %q: restricted bound %v (n=%d off=%d), value %s", g, st.Position(), lo, n, off, Fraction(want))
			}
			if best != 0 { // the best move of the cut game, renumbered
				rs, roff := st.Restrict(n)
				if roff != off || rs.Apply(best-game.Move(off)) != nil {
					t.Fatalf("%s %q: best move %d is not a move of the game on %d..%d", g, st.Position(), best, off+1, off+n)
				}
				_ = sv.SetGame(rs.Game())
				if v, _ := sv.Value(ctx, rs); v.Cmp(lo) != 0 {
					t.Fatalf("%s %q: best move %d is worth %s in the game on %d..%d, not its value %s", g, st.Position(), best, Fraction(v), off+1, off+n, Fraction(lo))
				}
				_ = sv.SetGame(g)
				c := st.Clone().(*vdwlist.State)
				if err := c.Apply(best); err != nil {
					t.Fatalf("%s %q: best move %d: %v", g, st.Position(), best, err)
				}
				if v, _ := sv.Value(ctx, c); v.Cmp(lo) < 0 {
					t.Fatalf("%s %q: best move %d worth %s, below the bound %s", g, st.Position(), best, Fraction(v), Fraction(lo))
				}
			}
		}
	}
}

// TestBoundTimeFollowsTheCallersBudget: the bounds of a search cut short
// take at most the time the caller gave the search (a page's analysis of
// half a second), their own limits without a deadline (Ctrl-C).
func TestBoundTimeFollowsTheCallersBudget(t *testing.T) {
	start := time.Now()
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(100*time.Millisecond))
	defer cancel()
	if got := boundTime(ctx, start, restrictedTime); got != 100*time.Millisecond {
		t.Errorf("after a search of 100 ms the bound may take %v, want 100ms", got)
	}
	late, cancelLate := context.WithDeadline(context.Background(), start.Add(-time.Second))
	defer cancelLate()
	if got := boundTime(late, start, randomTime); got != time.Millisecond {
		t.Errorf("with a deadline before the start the bound may take %v, want 1ms", got)
	}
	long, cancelLong := context.WithDeadline(context.Background(), start.Add(time.Hour))
	defer cancelLong()
	if got := boundTime(long, start, randomTime); got != randomTime {
		t.Errorf("after a search of an hour the bound may take %v, want its limit %v", got, randomTime)
	}
	if got := boundTime(context.Background(), start, restrictedTime); got != restrictedTime {
		t.Errorf("without a deadline the bound may take %v, want its limit %v", got, restrictedTime)
	}
}
