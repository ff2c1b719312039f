package vdwlist_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/solve"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
)

// expectimax is the plain definition of the game's value through the public
// State API: player 1 maximises and player 2 minimises player 1's winning
// probability, chance nodes average with their exact probabilities. It
// memoises by the position itself (colouring, player, named number and
// list): no symmetry, no pruning.
type expectimax map[expectimaxKey]*big.Rat

// expectimaxKey is a position exactly: each colour's numbers, the player,
// the named number and the drawn list.
type expectimaxKey struct {
	masks  [vdwlist.MaxColors]uint64
	player game.Player
	named  int
	list   uint8
}

func (memo expectimax) value(s game.State) *big.Rat {
	if s.IsTerminal() {
		if game.Winner(s) == 0 {
			return big.NewRat(1, 1)
		}
		return new(big.Rat)
	}
	st := s.(*vdwlist.State)
	key := expectimaxKey{player: s.Player(), named: st.Named(), list: st.List()}
	copy(key.masks[:], st.Masks())
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

// ownSolve is the game's own solver alone (what vdwlist's Game.Solve was):
// its outcome before solve.Solvers labels a chance game's outcomes.
func ownSolve(ctx context.Context, g *vdwlist.Game, s game.State, opt solve.Options) (*solve.Result, error) {
	sv := studyvdwlist.NewSolver(g, opt.MemBytes)
	sv.SetNodeLimit(opt.Nodes)
	return sv.Solve(ctx, s.(*vdwlist.State))
}

func solveValue(t *testing.T, g *vdwlist.Game, s game.State) *solve.Result {
	t.Helper()
	r, err := ownSolve(context.Background(), g, s, solve.Options{MemBytes: 1 << 16})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Complete || r.LowerBound != nil || r.UpperBound != nil {
		t.Fatalf("complete solve with bounds: %+v", r)
	}
	return r
}

// rat reads a fraction string such as a Result's Value.
func rat(t *testing.T, v any) *big.Rat {
	t.Helper()
	str, ok := v.(string)
	r, ok2 := new(big.Rat).SetString(str)
	if !ok || !ok2 || !strings.Contains(str, "/") {
		t.Fatalf("value %v (%T) is not a fraction string", v, v)
	}
	return r
}

// wantOutcome is the outcome of player 1's winning probability p for the
// player to move in s (solve.ChanceOutcome, negated for player 2).
func wantOutcome(s game.State, p *big.Rat) solve.Outcome {
	o := solve.ChanceOutcome(p)
	if s.Player() == 1 {
		return o.Neg()
	}
	return o
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
			want := memo.value(s)
			an := solveValue(t, g, s)
			if rat(t, an.Value).Cmp(want) != 0 || an.Extra["p1_win"] != an.Value {
				t.Fatalf("%s position %q (%v to move): solver %s, expectimax %s", g, s.(*vdwlist.State).Position(), s.Player(), an.Value, want.RatString())
			}
			if o := wantOutcome(s, want); an.Outcome != o {
				t.Fatalf("%s position %q: outcome %v, want %v", g, s.(*vdwlist.State).Position(), an.Outcome, o)
			}
			if s.Player() == game.Chance || s.IsTerminal() {
				return
			}
			idleMoves, _ := an.Extra["idle_moves"].([]string)
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
				for _, x := range idleMoves {
					idle = idle || x == s.MoveString(m)
				}
				if idle && !keeps || !idle && keeps != best[s.MoveString(m)] {
					t.Fatalf("%s position %q: move %s has value %s (best %s) but best moves are %v, idle %v", g, s.(*vdwlist.State).Colouring(), s.MoveString(m), cv.RatString(), want.RatString(), an.BestMoves, idleMoves)
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
			check(s)
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
		if rat(t, an.Value).Cmp(want) != 0 {
			t.Fatalf("k=%d c=%d s=%d: solver %s, counting %s (%d of %d colourings avoid progressions)", k, c, s, an.Value, want.RatString(), free, total)
		}
	}
	// The 2-colourings of 1..8 without a monochromatic 3-term progression
	// are the six known ones, so P1 wins with 1 − 6/256 = 125/128.
	g := newGame(t, 3, 2, 1, 8)
	if an := solveValue(t, g, g.NewInitialState()); an.Value != "125/128" {
		t.Fatalf("k=3 c=2 l=1 s=8: %s, want 125/128", an.Value)
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
		if an := solveValue(t, g, g.NewInitialState()); an.Value != tt.want {
			t.Errorf("%s: %s, want %s", g, an.Value, tt.want)
		}
	}
}

// TestSearchCountSaysWhatItCounts: the explanation's last line gives the
// positions reached (table hits and positions decided at once included),
// those searched (not in the table) and those stored, the numbers of the
// result and its Extra, and a reader can compare searched with stored
// (the line once called every position reached "searched").
func TestSearchCountSaysWhatItCounts(t *testing.T) {
	g := newGame(t, 3, 3, 2, 11)
	r, err := ownSolve(context.Background(), g, g.NewInitialState(), solve.Options{})
	if err != nil || !r.Complete {
		t.Fatalf("s=11: %v %+v", err, r)
	}
	searched, stored := r.Extra["searched_positions"].(int64), r.Extra["stored_positions"].(int)
	lines := strings.Split(strings.TrimSpace(r.Text), "\n")
	last := lines[len(lines)-1]
	if want := fmt.Sprintf("(%s positions reached, %s searched, %s stored, ", game.Grouped(r.Nodes), game.Grouped(searched), game.Grouped(int64(stored))); !strings.HasPrefix(last, want) {
		t.Fatalf("the count says %q, want it to begin %q", last, want)
	}
	if searched <= 0 || int64(stored) > searched || searched > 2*int64(stored) || r.Nodes <= 2*searched {
		t.Fatalf("reached %d, searched %d, stored %d: searched must be stored to twice stored, reached well above", r.Nodes, searched, stored)
	}
}

func ExampleSolver_Solve() {
	g, _ := vdwlist.New(3, 3, 2, 9)
	r, _ := studyvdwlist.NewSolver(g, 1<<20).Solve(context.Background(), g.NewInitialState().(*vdwlist.State))
	fmt.Println(r.Value, r.Outcome, r.BestMoves, r.Extra["p1_win_float"])
	// Output: 77/729 chance [1 2 8 9] 0.1056241426611797
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
		if rat(t, an.Value).Cmp(want) != 0 {
			t.Fatalf("k=3 c=3 s=%d: solver %s, counting %s (%d colourings avoid progressions)", s, an.Value, want.RatString(), free)
		}
		t.Logf("s=%d: %d of 3^%d colourings avoid monochromatic 3-term progressions", s, free, s)
	}
}

// TestSmallTableStillExact: a table far too small for the game (entries are
// replaced) gives the same exact value, only more slowly.
func TestSmallTableStillExact(t *testing.T) {
	g := newGame(t, 3, 3, 2, 10)
	small := studyvdwlist.NewSolver(g, 1<<18)
	big := studyvdwlist.NewSolver(g, 1<<26)
	ctx := context.Background()
	a, err := small.Value(ctx, g.NewInitialState().(*vdwlist.State))
	if err != nil {
		t.Fatal(err)
	}
	b, err := big.Value(ctx, g.NewInitialState().(*vdwlist.State))
	if err != nil {
		t.Fatal(err)
	}
	if a.Cmp(b) != 0 || studyvdwlist.Fraction(b) != "3557/19683" {
		t.Fatalf("small table %s, large table %s", a.RatString(), b.RatString())
	}
	// Entries are replaced (the small table searches more), but new small
	// entries replace old small ones instead of being dropped: the plain
	// "keep the more valuable" rule searches six to eight times more.
	if small.Stored() > 1<<18/24 || small.Nodes() <= big.Nodes() || small.Nodes() > 12*big.Nodes() {
		t.Fatalf("small table stored %d positions (%d nodes); large %d nodes", small.Stored(), small.Nodes(), big.Nodes())
	}
}

// TestSolveCancelNoBounds: with a negative BoundsTime a cancelled solve
// returns at once with what its search proved: no bound of a shorter game,
// no random colourer's, the value between what the search found and 1.
func TestSolveCancelNoBounds(t *testing.T) {
	g := newGame(t, 3, 3, 2, 16)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, solvers := kit(t)
	r, err := solvers.Solve(ctx, g, g.NewInitialState(), solve.Options{BoundsTime: -1})
	if !errors.Is(err, context.Canceled) || r == nil {
		t.Fatalf("a cancelled solve must stop with the error and a partial result: %v %v", r, err)
	}
	if r.Complete || r.UpperBound != "1/1" || r.LowerBound != "0/1" || len(r.BestMoves) != 0 || r.Outcome != solve.Unknown {
		t.Fatalf("cancelled without bounds: lower %v, upper %v, best %v, outcome %v", r.LowerBound, r.UpperBound, r.BestMoves, r.Outcome)
	}
	if text := strings.Join(strings.Fields(r.Text), " "); strings.Contains(text, "random colour of its list") || strings.Contains(text, "naming the others last") {
		t.Fatalf("the text names a bound not computed:\n%s", r.Text)
	}
}

func TestSolveCancel(t *testing.T) {
	g := newGame(t, 3, 3, 2, 16)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := ownSolve(ctx, g, g.NewInitialState(), solve.Options{})
	if !errors.Is(err, context.Canceled) || r == nil {
		t.Fatalf("a cancelled solve must stop with the error and a partial result: %v %v", r, err)
	}
	// Nothing of s=16 is searched: the lower bound is the value of a
	// shorter game (s=9 is solved in milliseconds, s=14 takes 14 s of
	// CPU), the upper bound the random colouring's.
	if r.Complete || r.Value != nil || r.Outcome != solve.Chance || len(r.BestMoves) != 1 {
		t.Fatalf("cancelled: %+v", r)
	}
	if lo := rat(t, r.LowerBound); lo.Cmp(big.NewRat(77, 729)) < 0 || lo.Cmp(big.NewRat(315073, 531441)) > 0 {
		t.Fatalf("lower bound %v", r.LowerBound)
	}
	if r.UpperBound != "14324089/14348907" {
		t.Fatalf("upper bound %v", r.UpperBound)
	}
	text := strings.Join(strings.Fields(r.Text), " ") // its lines wrapped for a terminal
	for _, want := range []string{"Stopped before the end (context canceled)", "alone, naming the others last", "random colour of its list", "Best move found so far for P1: " + r.BestMoves[0]} {
		if !strings.Contains(text, want) {
			t.Fatalf("text lacks %q:\n%s", want, r.Text)
		}
	}
	// The page's words for what was proven: the namer's chance as a percentage.
	teach := strings.Join(strings.Fields(r.Teach), " ") // (and its no-break spaces)
	for _, want := range []string{"Not decided yet. Proven so far: the namer wins with probability at least ", "and at most 14324089/14348907 ≈ 99.8 % (what the namer wins when the colourer colours each number with a random colour of its list)."} {
		if !strings.Contains(teach, want) {
			t.Fatalf("How it works lacks %q:\n%s", want, r.Teach)
		}
	}
}

// TestPartialBoundsHold stops the solver after every few positions, from
// the start and from positions in every phase, and checks that the bounds
// it reports contain the exact value and that the outcome it claims is
// right.
func TestPartialBoundsHold(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, p := range [][4]int{{3, 3, 2, 8}, {3, 2, 2, 8}, {3, 3, 1, 7}, {2, 4, 2, 6}, {3, 4, 2, 6}, {4, 2, 2, 8}} {
		g := newGame(t, p[0], p[1], p[2], p[3])
		memo := expectimax{}
		states := []game.State{g.NewInitialState()}
		for range 6 {
			s := g.NewInitialState()
			for steps := rng.IntN(3 * g.S() / 2); steps > 0 && !s.IsTerminal(); steps-- {
				moves := s.LegalMoves(nil)
				_ = s.Apply(moves[rng.IntN(len(moves))])
			}
			if !s.IsTerminal() {
				states = append(states, s)
			}
		}
		for _, s := range states {
			want := memo.value(s)
			for budget := int64(1); budget < 3000; budget += 1 + budget/3 {
				r, err := ownSolve(context.Background(), g, s, solve.Options{Nodes: budget})
				if err == nil {
					break
				}
				if !errors.Is(err, solve.ErrBudget) || r == nil || r.Complete {
					t.Fatalf("%s %q budget %d: %v %+v", g, s.(*vdwlist.State).Position(), budget, err, r)
				}
				if r.Value != nil { // exact, the best moves not all checked
					if rat(t, r.Value).Cmp(want) != 0 {
						t.Fatalf("%s %q budget %d: value %v, want %s", g, s.(*vdwlist.State).Position(), budget, r.Value, want.RatString())
					}
					continue
				}
				lo, hi := rat(t, r.LowerBound), rat(t, r.UpperBound)
				if lo.Cmp(want) > 0 || hi.Cmp(want) < 0 {
					t.Fatalf("%s %q budget %d: bounds %s..%s miss the value %s", g, s.(*vdwlist.State).Position(), budget, lo.RatString(), hi.RatString(), want.RatString())
				}
				if r.Outcome != solve.Unknown && r.Outcome != wantOutcome(s, want) {
					t.Fatalf("%s %q budget %d: outcome %v, want %v", g, s.(*vdwlist.State).Position(), budget, r.Outcome, wantOutcome(s, want))
				}
				if len(r.Best) > 0 {
					c := s.Clone()
					_ = c.Apply(r.Best[0])
					if memo.value(c).Cmp(lo) < 0 {
						t.Fatalf("%s %q budget %d: best move found %s is worth %s, less than the lower bound %s", g, s.(*vdwlist.State).Position(), budget, r.BestMoves[0], memo.value(c).RatString(), lo.RatString())
					}
				}
			}
		}
	}
}

func TestDecimal(t *testing.T) {
	for _, tt := range []struct {
		p, q int64
		want string
	}{
		{31381056713, 31381059609, "0.99999990772"},
		{2896, 31381059609, "0.00000009228"},
		{7, 243, "0.028807"},
		{1, 1, "1.000000"},
		{0, 1, "0.000000"},
		{1, 2000000, "0.0000005000"},
	} {
		if got := studyvdwlist.Decimal(big.NewRat(tt.p, tt.q)); got != tt.want {
			t.Errorf("studyvdwlist.Decimal(%d/%d) = %s, want %s", tt.p, tt.q, got, tt.want)
		}
	}
}

// TestParallelSearchWastesLittle: sixteen workers sharing the table search
// at most 1.05 times the positions of one (issue 21's bound; s=12, about
// 2.1 million positions with one worker). The workers leave to each other
// what another is searching; without that they search about 1.9 times one
// worker's positions here.
func TestParallelSearchWastesLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of two million positions per run")
	}
	g := newGame(t, 3, 3, 2, 12)
	nodes := func(workers int) int64 {
		sv := studyvdwlist.NewSolver(g, 256<<20)
		sv.SetWorkers(workers)
		v, err := sv.Value(context.Background(), g.NewInitialState().(*vdwlist.State))
		if err != nil || studyvdwlist.Fraction(v) != "7235/19683" {
			t.Fatalf("%d workers: %v %v; want 7235/19683", workers, v, err)
		}
		return sv.Nodes()
	}
	one := nodes(1)
	for run := range 2 {
		if n := nodes(16); float64(n) > 1.05*float64(one) {
			t.Errorf("run %d: 16 workers searched %d positions, %.3f times one worker's %d; want at most 1.05", run+1, n, float64(n)/float64(one), one)
		}
	}
}

// TestTeachNamesTheThreats: with the namer to name, How it works says what
// each number some colour would complete a progression through means (at
// most six, then how many more), in the page's words; at the draw and the
// colourer's turn it says none. The threats are checked against the rules:
// colouring the number with each colour named completes a progression.
func TestTeachNamesTheThreats(t *testing.T) {
	g := newGame(t, 3, 3, 2, 9)
	for pos, want := range map[string]string{
		"r.b.rb...": "Colouring 9 red or blue would complete a progression: naming 9 wins at once when the list drawn holds no other colour (chance 1/3).",
		"r...r....": "Colouring 9 red would complete a progression, but every list of 2 colours holds another colour, so the colourer can always avoid it.",
	} {
		st, err := g.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		if teach := solveValue(t, g, st).Teach; !strings.Contains(strings.Join(strings.Fields(teach), " "), want) || strings.Contains(teach, "P2") {
			t.Errorf("%s: How it works says\n%s\nwant %q", pos, teach, want)
		}
	}
	// Many threats: six said, the rest counted; each named colour completes a progression, by the definition.
	g = newGame(t, 3, 3, 2, 20)
	st, err := g.ParsePosition("b.gg.gb.b.r..r..grgg") // 8 threats: 2, 5, 8, 10, 12, 13, 15, 16
	if err != nil {
		t.Fatal(err)
	}
	threats := st.(*vdwlist.State).NamingThreats()
	masks := st.(*vdwlist.State).Masks()
	has := func(col, x int) bool { return x >= 1 && x <= g.S() && masks[col]>>(x-1)&1 == 1 }
	for _, th := range threats {
		for col := range g.Colors() {
			n, named := th.Number, th.Colours&(1<<col) != 0
			completes := false
			for d := 1; d < g.S(); d++ {
				completes = completes || has(col, n-d) && has(col, n-2*d) || has(col, n+d) && has(col, n+2*d) || has(col, n-d) && has(col, n+d)
			}
			if named != completes {
				t.Errorf("threat %d: colour %s named %v, completes a progression %v", n, vdwlist.ColourName(col), named, completes)
			}
		}
	}
	if len(threats) <= 6 {
		t.Fatalf("%s: %d threats, want more than 6 for the test", st.(*vdwlist.State).Position(), len(threats))
	}
	teach := strings.Join(strings.Fields(solveValue(t, g, st).Teach), " ")
	if n := strings.Count(teach, "Colouring ") + strings.Count(teach, "wins at once: every colour"); n != 6 {
		t.Errorf("How it works says %d threats, want 6:\n%s", n, teach)
	}
	if want := "Some colour would complete a progression through 2 more numbers too: 15, 16."; !strings.Contains(teach, want) {
		t.Errorf("How it works lacks %q:\n%s", want, teach)
	}
}
