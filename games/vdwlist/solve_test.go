package vdwlist_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
)

// expectimax is the plain definition of the game's value through the public
// State API: player 1 maximises and player 2 minimises player 1's winning
// probability, chance nodes average with their exact probabilities. It
// memoises by the position itself (colouring, player, named number and
// list): no symmetry, no pruning.
type expectimax map[string]*big.Rat

func (memo expectimax) value(s game.State) *big.Rat {
	if s.IsTerminal() {
		if game.Winner(s) == 0 {
			return big.NewRat(1, 1)
		}
		return new(big.Rat)
	}
	st := s.(*vdwlist.State)
	key := fmt.Sprint(st.Colouring(), s.Player(), st.Named(), st.List())
	if v, ok := memo[key]; ok {
		return v
	}
	var v *big.Rat
	switch s.Player() {
	case game.Chance:
		v = new(big.Rat)
		for _, o := range s.(game.Chancer).ChanceOutcomes() {
			c := s.Clone()
			if err := c.Apply(o.Move); err != nil {
				panic(err)
			}
			v.Add(v, new(big.Rat).Mul(big.NewRat(o.Num, o.Den), memo.value(c)))
		}
	default:
		for _, m := range s.LegalMoves(nil) {
			c := s.Clone()
			if err := c.Apply(m); err != nil {
				panic(err)
			}
			cv := memo.value(c)
			if v == nil || s.Player() == 0 && cv.Cmp(v) > 0 || s.Player() == 1 && cv.Cmp(v) < 0 {
				v = cv
			}
		}
	}
	memo[key] = v
	return v
}

func solveValue(t *testing.T, g *vdwlist.Game, s game.State) *vdwlist.Analysis {
	t.Helper()
	an, err := g.Solve(context.Background(), s, game.SolveOptions{MemBytes: 1 << 16})
	if err != nil {
		t.Fatal(err)
	}
	return an.(*vdwlist.Analysis)
}

// TestSolverAgainstExpectimax compares the solver with the plain definition
// on every small game, from the start and from random positions in every
// phase of a round.
func TestSolverAgainstExpectimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, p := range [][4]int{ // k, c, l, s
		{3, 2, 1, 8}, {3, 2, 2, 8}, {3, 2, 1, 9}, {3, 3, 1, 7}, {3, 3, 2, 7}, {3, 3, 3, 6},
		{2, 3, 2, 6}, {2, 4, 2, 5}, {2, 4, 3, 5}, {4, 2, 1, 8}, {4, 2, 2, 8}, {1, 2, 1, 3},
		{3, 4, 2, 6}, {5, 2, 2, 4}, {3, 1, 1, 5},
	} {
		g := newGame(t, p[0], p[1], p[2], p[3])
		memo := expectimax{}
		check := func(s game.State) {
			t.Helper()
			if s.IsTerminal() {
				return
			}
			want := memo.value(s)
			an := solveValue(t, g, s)
			if an.Value().Cmp(want) != 0 {
				t.Fatalf("%s position %q (%v to move): solver %s, expectimax %s", g, s.(*vdwlist.State).Colouring(), s.Player(), an.P1Win, want.RatString())
			}
			if s.Player() == game.Chance {
				return
			}
			// Every best move keeps the value; every other relevant move loses some.
			best := map[string]bool{}
			for _, m := range an.BestMoves {
				best[m] = true
			}
			for _, m := range s.LegalMoves(nil) {
				c := s.Clone()
				_ = c.Apply(m)
				cv := memo.value(c)
				keeps := cv.Cmp(want) == 0
				idle := false
				for _, x := range an.IdleMoves {
					idle = idle || x == s.MoveString(m)
				}
				if idle && !keeps || !idle && keeps != best[s.MoveString(m)] {
					t.Fatalf("%s position %q: move %s has value %s (best %s) but best moves are %v, idle %v", g, s.(*vdwlist.State).Colouring(), s.MoveString(m), cv.RatString(), want.RatString(), an.BestMoves, an.IdleMoves)
				}
			}
		}
		check(g.NewInitialState())
		for range 25 {
			s := g.NewInitialState()
			for !s.IsTerminal() {
				check(s)
				moves := s.LegalMoves(nil)
				_ = s.Apply(moves[rng.IntN(len(moves))])
			}
		}
	}
}

// TestListOfOneIsRandomColouring checks the solver's shortcut for l = 1 with
// a count: player 1 wins with the probability that a uniformly random
// c-colouring of 1..s holds a monochromatic k-term progression.
func TestListOfOneIsRandomColouring(t *testing.T) {
	for _, p := range [][3]int{{3, 2, 8}, {3, 2, 9}, {3, 2, 12}, {3, 3, 9}, {4, 2, 12}, {3, 3, 11}} {
		k, c, s := p[0], p[1], p[2]
		total, free := 0, 0
		colour := make([]int, s)
		var rec func(i int)
		rec = func(i int) {
			if i == s {
				total++
				if !bruteMono(colour, k) {
					free++
				}
				return
			}
			for col := range c {
				colour[i] = col
				rec(i + 1)
			}
		}
		rec(0)
		g := newGame(t, k, c, 1, s)
		an := solveValue(t, g, g.NewInitialState())
		want := big.NewRat(int64(total-free), int64(total))
		if an.Value().Cmp(want) != 0 {
			t.Fatalf("k=%d c=%d s=%d: solver %s, counting %s (%d of %d colourings avoid progressions)", k, c, s, an.P1Win, want.RatString(), free, total)
		}
	}
	// The 2-colourings of 1..8 without a monochromatic 3-term progression
	// are the six known ones, so P1 wins with 1 − 6/256 = 125/128.
	g := newGame(t, 3, 2, 1, 8)
	if an := solveValue(t, g, g.NewInitialState()); an.P1Win != "125/128" {
		t.Fatalf("k=3 c=2 l=1 s=8: %s, want 125/128", an.P1Win)
	}
}

func TestSolveKnownValues(t *testing.T) {
	for _, tt := range []struct {
		k, c, l, s int
		want       string
	}{
		{3, 2, 2, 9, "1/1"},  // every 2-colouring of 1..9 has one (W(3,2) = 9)
		{3, 2, 1, 9, "1/1"},  // likewise
		{3, 2, 2, 2, "0/1"},  // too short
		{1, 3, 2, 4, "1/1"},  // k = 1: the first colour wins
		{3, 3, 3, 26, "1/1"}, // checked below against W(3,3) = 27 only as an upper bound
	} {
		if tt.s == 26 {
			continue // too large for a unit test; see the table command
		}
		g := newGame(t, tt.k, tt.c, tt.l, tt.s)
		if an := solveValue(t, g, g.NewInitialState()); an.P1Win != tt.want {
			t.Errorf("%s: %s, want %s", g, an.P1Win, tt.want)
		}
	}
}

func ExampleGame_Solve() {
	g, _ := vdwlist.New(3, 2, 1, 8)
	an, _ := g.Solve(context.Background(), g.NewInitialState(), game.SolveOptions{MemBytes: 1 << 20})
	a := an.(*vdwlist.Analysis)
	fmt.Println(a.P1Win, a.P1WinFloat)
	// Output: 125/128 0.9765625
}

// countAvoiding counts the c-colourings of 1..s without a monochromatic
// k-term progression by backtracking over prefixes (fixing the first
// colour and multiplying by c).
func countAvoiding(k, c, s int) int64 {
	colour := make([]int, s)
	var rec func(i int) int64
	rec = func(i int) int64 {
		if i == s {
			return 1
		}
		var n int64
		for col := range c {
			if i == 0 && col > 0 {
				break
			}
			colour[i] = col
			ok := true
			for j := 1; ok && (k-1)*j <= i; j++ {
				all := true
				for t := 1; t < k; t++ {
					if colour[i-t*j] != col {
						all = false
						break
					}
				}
				ok = !all
			}
			if ok {
				n += rec(i + 1)
			}
		}
		return n
	}
	if s == 0 {
		return 1
	}
	return int64(c) * rec(0)
}

// TestListOfOneLargeBoards checks the solver's l = 1 values up to and past
// van der Waerden's W(3,3) = 27 against backtracking counts.
func TestListOfOneLargeBoards(t *testing.T) {
	for _, s := range []int{20, 26, 27} {
		g := newGame(t, 3, 3, 1, s)
		an := solveValue(t, g, g.NewInitialState())
		free := countAvoiding(3, 3, s)
		total := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(s)), nil)
		want := new(big.Rat).SetFrac(new(big.Int).Sub(total, big.NewInt(free)), total)
		if an.Value().Cmp(want) != 0 {
			t.Fatalf("k=3 c=3 s=%d: solver %s, counting %s (%d colourings avoid progressions)", s, an.P1Win, want.RatString(), free)
		}
		t.Logf("s=%d: %d of 3^%d colourings avoid monochromatic 3-term progressions", s, free, s)
	}
}

// TestSmallTableStillExact: a table far too small for the game (entries are
// replaced) gives the same exact value, only more slowly.
func TestSmallTableStillExact(t *testing.T) {
	g := newGame(t, 3, 3, 2, 10)
	small := vdwlist.NewSolver(g, 1<<18)
	big := vdwlist.NewSolver(g, 1<<26)
	ctx := context.Background()
	a, err := small.Value(ctx, g.NewInitialState().(*vdwlist.State))
	if err != nil {
		t.Fatal(err)
	}
	b, err := big.Value(ctx, g.NewInitialState().(*vdwlist.State))
	if err != nil {
		t.Fatal(err)
	}
	if a.Cmp(b) != 0 || vdwlist.Fraction(b) != "3557/19683" {
		t.Fatalf("small table %s, large table %s", a.RatString(), b.RatString())
	}
	if small.Stored() > 1<<18/41 || small.Nodes() <= big.Nodes() {
		t.Fatalf("small table stored %d positions (%d nodes); large %d nodes", small.Stored(), small.Nodes(), big.Nodes())
	}
}

func TestSolveCancel(t *testing.T) {
	g := newGame(t, 3, 3, 2, 16)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Solve(ctx, g.NewInitialState(), game.SolveOptions{}); err == nil {
		t.Fatal("a cancelled solve must stop with an error")
	}
}
