package nim_test

import (
	"context"
	"strings"
	"testing"

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

func TestAnalysisExplainsThesisExample3(t *testing.T) {
	g, _ := nim.New([]int{7, 5, 12}, false)
	an, err := g.Solve(context.Background(), g.NewInitialState(), game.SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a := an.(*nim.Analysis)
	if a.Outcome != "win" || a.NimSum != 14 || len(a.BestMoves) != 1 || a.BestMoves[0] != "3:10" {
		t.Fatalf("7,5,12: got %+v; the thesis takes 10 from the third heap (nim-sum 1110)", a)
	}
	text := a.Text()
	for _, want := range []string{"1100", "1110", "12 XOR 14 = 2", "take 12 − 2 = 10 tokens from heap 3"} {
		if !strings.Contains(text, want) {
			t.Errorf("explanation lacks %q:\n%s", want, text)
		}
	}
	lost, _ := g.ParsePosition("1;2;3")
	an, _ = g.Solve(context.Background(), lost, game.SolveOptions{})
	if an.(*nim.Analysis).Outcome != "loss" || !strings.Contains(an.Text(), "nim-sum is 0") {
		t.Fatalf("1,2,3 must be lost:\n%s", an.Text())
	}
}
