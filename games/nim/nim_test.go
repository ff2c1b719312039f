package nim_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

func registry(t testing.TB) *game.Registry {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := nim.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games
}

func TestConformance(t *testing.T) {
	reg := registry(t)
	for _, spec := range []string{"nim", "nim(piles=3;4;5,misere=true)", "nim(piles=1;0;7;2)", "nim(piles=0)"} {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, reg, spec, gametest.Options{Playouts: 20})
		})
	}
}

func TestPlaythroughs(t *testing.T) {
	reg := registry(t)
	gametest.Playthrough(t, reg, "nim(piles=3;4;5)", 1, "testdata/nim-345-seed1.txt")
	gametest.Playthrough(t, reg, "nim(piles=2;3;1,misere=true)", 2, "testdata/nim-misere-231-seed2.txt")
}

func TestRules(t *testing.T) {
	g, err := nim.New([]int{1, 1}, false)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	for _, mv := range []string{"1:1", "2:1"} {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if !s.IsTerminal() || game.Winner(s) != 1 {
		t.Fatalf("normal play: the player taking the last token (P2) must win; winner %d", game.Winner(s))
	}
	gm, _ := nim.New([]int{1, 1}, true)
	s = gm.NewInitialState()
	_ = s.Apply(nim.Move(0, 1))
	_ = s.Apply(nim.Move(1, 1))
	if game.Winner(s) != 0 {
		t.Fatalf("misère play: the player taking the last token (P2) must lose; winner %d", game.Winner(s))
	}
}

func TestMoveErrors(t *testing.T) {
	g, _ := nim.New([]int{3, 4, 5}, false)
	s := g.NewInitialState()
	tests := []struct{ in, parseErr, applyErr string }{
		{in: "hello", parseErr: "want HEAP:COUNT"},
		{in: "4:1", parseErr: "there is no heap 4 (heaps are 1 to 3)"},
		{in: "0:1", parseErr: "there is no heap 0"},
		{in: "1:0", parseErr: "take from 1 to 3 tokens"},
		{in: "1:x", parseErr: "whole numbers"},
		{in: "1:4", applyErr: "heap 1 has only 3 tokens, cannot take 4"},
		{in: "2 4"},
		{in: " 3:5 "},
	}
	for _, tt := range tests {
		m, err := s.ParseMove(tt.in)
		if tt.parseErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.parseErr) {
				t.Errorf("ParseMove(%q) error = %v, want %q", tt.in, err, tt.parseErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", tt.in, err)
		}
		err = s.Clone().Apply(m)
		if tt.applyErr == "" && err != nil || tt.applyErr != "" && (err == nil || !strings.Contains(err.Error(), tt.applyErr)) {
			t.Errorf("Apply(%q) error = %v, want %q", tt.in, err, tt.applyErr)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1:1", "3 5", "2:", "::", "-1:-1", "99999999999:1"} {
		f.Add(s)
	}
	g, _ := nim.New([]int{3, 4, 5}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s := g.NewInitialState()
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		// The move's text reads back as the same move.
		written := s.MoveString(m)
		if again, err := s.ParseMove(written); err != nil || again != m {
			t.Fatalf("%q parses as move %d, written %q, which parses as %d (%v)", text, m, written, again, err)
		}
		before := s.String()
		if err := s.Apply(m); err != nil && s.String() != before {
			t.Fatalf("refused move %q changed the state", text)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"7;5;12", "1 2 3", "0", ";;", "-3", "1,2"} {
		f.Add(s)
	}
	g, _ := nim.New([]int{1}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		for _, h := range s.(*nim.State).Heaps() {
			if h < 0 || h > nim.MaxHeap {
				t.Fatalf("position %q accepted heap %d", text, h)
			}
		}
	})
}

// allPositions calls f with every position of n heaps of at most max tokens.
func allPositions(n, maxTokens int, f func([]int)) {
	heaps := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(heaps)
			return
		}
		for h := 0; h <= maxTokens; h++ {
			heaps[i] = h
			rec(i + 1)
		}
	}
	rec(0)
}

// TestPerfectAgainstBruteForce checks Bouton's rule, the misère endgame and
// the complete list of winning moves against plain exhaustive search.
func TestPerfectAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, misere := range []bool{false, true} {
		sv := solve.NewMinimax(0)
		for _, shape := range [][2]int{{1, 7}, {2, 6}, {3, 5}, {4, 3}} {
			allPositions(shape[0], shape[1], func(heaps []int) {
				g, _ := nim.New(heaps, misere)
				s := g.NewInitialState()
				if s.IsTerminal() {
					return
				}
				res, err := sv.Solve(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				wins := nim.WinningMoves(heaps, misere)
				if (res.Outcome == solve.Win) != (len(wins) > 0) || nim.IsPPosition(heaps, misere) != (res.Outcome == solve.Loss) {
					t.Fatalf("heaps %v misère %t: brute force says %v, Bouton finds %d winning moves", heaps, misere, res.Outcome, len(wins))
				}
				if res.Outcome == solve.Win && !equalMoves(res.Best, wins) {
					t.Fatalf("heaps %v misère %t: winning moves %v, brute force %v", heaps, misere, wins, res.Best)
				}
				m, err := nim.Perfect{}.Act(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Clone().Apply(m); err != nil {
					t.Fatalf("heaps %v: perfect move illegal: %v", heaps, err)
				}
			})
		}
	}
}

func equalMoves(a, b []game.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSolveExplainsThesisExample3(t *testing.T) {
	ctx := context.Background()
	g, _ := nim.New([]int{7, 5, 12}, false)
	r, err := solve.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != solve.Win || r.Value != uint64(14) || r.Extra["nim_sum"] != 14 || strings.Join(r.BestMoves, " ") != "3:10" || !r.Complete {
		t.Fatalf("7,5,12: got %+v; the thesis takes 10 from the third heap (nim-sum 1110)", r)
	}
	for _, want := range []string{"1100", "1110", "12 XOR 14 = 2", "take 12 − 2 = 10 tokens from heap 3"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("explanation lacks %q:\n%s", want, r.Text)
		}
	}
	lost, _ := g.ParsePosition("1;2;3")
	r, _ = solve.Solve(ctx, g, lost, solve.Options{})
	if r.Outcome != solve.Loss || r.Value != uint64(0) || !strings.Contains(r.Text, "nim-sum is 0") {
		t.Fatalf("1,2,3 must be lost:\n%s", r.Text)
	}
	// Misère Nim has no Grundy value in this sense: the value is nil.
	gm, _ := nim.New([]int{1, 1, 1}, true)
	r, _ = solve.Solve(ctx, gm, gm.NewInitialState(), solve.Options{})
	if r.Outcome != solve.Loss || r.Value != nil || r.Extra["misere"] != true {
		t.Fatalf("misère 1,1,1: %+v", r)
	}
	// A finished game: seat 0's result.
	over, _ := g.ParsePosition("0;0;0 P2")
	r, _ = solve.Solve(ctx, g, over, solve.Options{})
	if r.Outcome != solve.Win || r.Value != uint64(0) || r.Position != "0;0;0 P2" {
		t.Fatalf("over, P2 stuck: %+v", r)
	}
}

// TestAnalyze345 is the check: every move of 3;4;5, exactly one
// winning (1:2), each valued by the Grundy value it leaves.
func TestAnalyze345(t *testing.T) {
	ctx := context.Background()
	g, _ := nim.New([]int{3, 4, 5}, false)
	s := g.NewInitialState()
	a, err := solve.Analyze(ctx, g, s, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gr := solve.NewGrundy(0)
	var wins []string
	for _, mv := range a.Moves {
		c := s.Clone()
		if err := c.Apply(mv.M); err != nil {
			t.Fatal(err)
		}
		want, err := gr.Value(solve.NewBudget(ctx, 0), c)
		if err != nil {
			t.Fatal(err)
		}
		if mv.Value != uint64(want) {
			t.Errorf("%s: value %v, Grundy value %d", mv.Move, mv.Value, want)
		}
		if mv.Outcome == solve.Win {
			wins = append(wins, mv.Move)
		}
	}
	if len(a.Moves) != 12 || strings.Join(wins, " ") != "1:2" || !a.Complete {
		t.Fatalf("%d moves, winning %v", len(a.Moves), wins)
	}
}

// TestAnalyzeAgainstBruteForce checks every move's outcome (normal and
// misère) against exhaustive search.
func TestAnalyzeAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, misere := range []bool{false, true} {
		sv := solve.NewMinimax(0)
		allPositions(3, 4, func(heaps []int) {
			g, _ := nim.New(heaps, misere)
			s := g.NewInitialState()
			if s.IsTerminal() {
				return
			}
			a, err := solve.Analyze(ctx, g, s, solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range a.Moves {
				c := s.Clone()
				_ = c.Apply(mv.M)
				want := solve.FromReturn(c.Returns()[0])
				if !c.IsTerminal() {
					r, err := sv.Solve(ctx, c)
					if err != nil {
						t.Fatal(err)
					}
					want = r.Outcome.Neg()
				}
				if mv.Outcome != want || misere != (mv.Value == nil) {
					t.Fatalf("heaps %v misère %t, %s: %v value %v; brute force %v", heaps, misere, mv.Move, mv.Outcome, mv.Value, want)
				}
			}
		})
	}
}

// TestPositionsRoundTrip checks the position notation with the player to
// move.
func TestPositionsRoundTrip(t *testing.T) {
	g, _ := nim.New([]int{3, 4, 5}, false)
	for _, tt := range []struct{ in, out string }{
		{"3;4;5", "3;4;5"}, {"3 4 5 P1", "3;4;5"}, {"1;4;5 P2", "1;4;5 P2"}, {"1,4,5 p2", "1;4;5 P2"}, {"0;0 P2", "0;0 P2"},
	} {
		s, err := g.ParsePosition(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if p := s.(*nim.State).Position(); p != tt.out {
			t.Errorf("%q writes %q, want %q", tt.in, p, tt.out)
		}
	}
	for _, bad := range []string{"P2", "1;x", "1;4;5 P3", "-1"} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestHugeNim plays positions whose move lists could not be listed:
// 2000 heaps of 10⁶ tokens (2·10⁹ moves) by MoveCount and MoveAt, and
// Bouton's strategy in time linear in the heaps.
func TestHugeNim(t *testing.T) {
	piles := make([]int, 2000)
	for i := range piles {
		piles[i] = nim.MaxHeap
	}
	piles[0], piles[1] = 3, 3 // a P-position
	g, err := nim.New(piles, false)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState().(*nim.State)
	if n := s.MoveCount(); n != 1998*1_000_000+6 {
		t.Fatalf("MoveCount %d", n)
	}
	for _, tt := range []struct {
		i    int64
		want string
	}{{0, "1:1"}, {2, "1:3"}, {3, "2:1"}, {5, "2:3"}, {6, "3:1"}, {1_000_005, "3:1000000"}, {1_000_006, "4:1"}, {s.MoveCount() - 1, "2000:1000000"}} {
		if got := s.MoveString(s.MoveAt(tt.i)); got != tt.want {
			t.Errorf("MoveAt(%d) = %s, want %s", tt.i, got, tt.want)
		}
	}
	start := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 200 && !s.IsTerminal(); k++ {
		if err := s.Apply(s.MoveAt(rng.Int64N(s.MoveCount()))); err != nil {
			t.Fatal(err)
		}
		m, err := nim.Perfect{}.Act(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
		if len(s.String()) > 10000 {
			t.Fatalf("the drawing of 2000 heaps has %d bytes", len(s.String()))
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("200 moves of random and perfect play took %s", d)
	}
	if nim.NimSum(s.Heaps()) != 0 {
		t.Fatalf("after perfect's move the nim-sum is %d", nim.NimSum(s.Heaps()))
	}
}
