package store

import (
	"context"
	"math"
	"sync"
	"testing"
)

// TestSolveAnswers: answers merge (tighter bounds, least too_long, work
// added up), also when workers store at once, on both backends.
func TestSolveAnswers(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		const g = "thue(alphabet=5,rule=square,start=0)"
		put := func(a SolveAnswer) {
			t.Helper()
			a.Game = g
			if err := s.PutSolveAnswer(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		put(SolveAnswer{Position: "0102", Lo: 9, Hi: math.MaxInt64, TooLong: 12, Nodes: 10, Seconds: 0.5, Worker: "a"})
		put(SolveAnswer{Position: "0102", Lo: 7, Hi: 15, Nodes: 5, Seconds: 0.25, Worker: "b"})
		put(SolveAnswer{Position: "0102", Lo: math.MinInt64, Hi: math.MaxInt64, TooLong: 11, Worker: "c"})
		put(SolveAnswer{Position: "010", Lo: 8, Hi: 8, Nodes: 3})
		got, err := s.SolveAnswers(ctx, g, []string{"0102", "010", "0121"})
		if err != nil {
			t.Fatal(err)
		}
		a := got["0102"]
		if len(got) != 2 || a.Lo != 9 || a.Hi != 15 || a.TooLong != 11 || a.Nodes != 15 || a.Seconds != 0.75 || a.Worker != "c" || a.Updated.IsZero() {
			t.Fatalf("answers %+v", got)
		}
		if b := got["010"]; b.Lo != 8 || b.Hi != 8 || b.TooLong != 0 {
			t.Fatalf("010: %+v", b)
		}
		if other, err := s.SolveAnswers(ctx, "thue(alphabet=4,rule=square,start=0)", []string{"0102"}); err != nil || len(other) != 0 {
			t.Fatalf("another game: %v, %v", other, err)
		}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.PutSolveAnswer(ctx, SolveAnswer{Game: g, Position: "012", Lo: int64(5 + i), Hi: int64(30 - i), Nodes: 1}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		got, err = s.SolveAnswers(ctx, g, []string{"012"})
		if err != nil || got["012"].Lo != 12 || got["012"].Hi != 23 || got["012"].Nodes != 8 {
			t.Fatalf("after concurrent stores: %+v, %v", got, err)
		}
		if n, err := s.CountSolveAnswers(ctx, g); err != nil || n != 3 {
			t.Fatalf("count %d, %v; want 3", n, err)
		}
		for _, bad := range []SolveAnswer{{Game: g}, {Position: "0"}, {Game: g, Position: "0", Lo: 3, Hi: 2}, {Game: g, Position: "0", Nodes: -1}} {
			if err := s.PutSolveAnswer(ctx, bad); err == nil {
				t.Errorf("%+v stored", bad)
			}
		}
		if _, err := s.SolveAnswers(ctx, g, make([]string, MaxSolvePositions+1)); err == nil {
			t.Error("too many positions asked about")
		}
	})
}
