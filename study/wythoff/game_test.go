package wythoff_test

import (
	"context"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/wythoff"
	"github.com/kombi/kombi/solve"
	studywythoff "github.com/kombi/kombi/study/wythoff"
)

// bruteP computes the P-positions of x, y ≤ max by the definition.
func bruteP(a, maxXY int) [][]bool {
	p := make([][]bool, maxXY+1)
	for x := range p {
		p[x] = make([]bool, maxXY+1)
	}
	for x := 0; x <= maxXY; x++ {
		for y := 0; y <= maxXY; y++ {
			win := false
			for k := 1; k <= x && !win; k++ {
				win = p[x-k][y]
			}
			for l := 1; l <= y && !win; l++ {
				win = p[x][y-l]
			}
			for k := 1; k <= x && !win; k++ {
				for l := max(1, k-a+1); l <= y && l <= k+a-1 && !win; l++ {
					win = p[x-k][y-l]
				}
			}
			p[x][y] = !win
		}
	}
	return p
}

// TestAgainstBruteForce checks P-positions, the complete list of winning
// moves, every method's advice and the perfect bot against plain search
// (the definition, and package solve) on all small positions.
func TestAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, a := range []int{1, 2, 3, 5} {
		const lim = 24
		p := bruteP(a, lim)
		sv := solve.NewMinimax(0)
		g, _ := wythoff.New(int64(a), []int{lim, lim}, false)
		sys, _ := studywythoff.NewSystem(int64(g.Pairs().A()))
		for x := 0; x <= lim; x++ {
			for y := 0; y <= lim; y++ {
				bx, by := big.NewInt(int64(x)), big.NewInt(int64(y))
				if sys.IsP(bx, by) != p[x][y] {
					t.Fatalf("a=%d (%d,%d): IsP %t, brute force %t", a, x, y, !p[x][y], p[x][y])
				}
				if x+y == 0 {
					continue
				}
				st, err := g.ParsePosition(big.NewInt(int64(x)).String() + ";" + big.NewInt(int64(y)).String())
				if err != nil {
					t.Fatal(err)
				}
				var best []string
				if x+y <= 30 {
					res, err := sv.Solve(ctx, st)
					if err != nil {
						t.Fatal(err)
					}
					if (res.Outcome == solve.Loss) != p[x][y] {
						t.Fatalf("a=%d (%d,%d): solver %v", a, x, y, res.Outcome)
					}
					if res.Outcome == solve.Win {
						for _, m := range res.Best {
							best = append(best, st.MoveString(m))
						}
					}
				} else {
					for _, m := range st.LegalMoves(nil) {
						c := st.Clone().(*wythoff.State)
						_ = c.Apply(m)
						if cx, cy := c.Heaps(); p[cx][cy] {
							best = append(best, st.MoveString(m))
						}
					}
				}
				r, err := solvers(t).Solve(ctx, g, st, solve.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if strings.Join(r.BestMoves, " ") != strings.Join(best, " ") || (r.Outcome == solve.Loss) != p[x][y] || len(r.Best) != len(best) {
					t.Fatalf("a=%d (%d,%d): %v, winning moves %v %v, brute force %v", a, x, y, r.Outcome, r.BestMoves, r.Best, best)
				}
				for i, m := range r.Best {
					if st.MoveString(m) != best[i] {
						t.Fatalf("a=%d (%d,%d): best move %d is %s, text %s", a, x, y, i, st.MoveString(m), best[i])
					}
				}
				an, err := solvers(t).Analyze(ctx, g, st, solve.Options{})
				if err != nil || !an.Complete || len(an.Moves) != len(st.LegalMoves(nil)) {
					t.Fatalf("a=%d (%d,%d): analysis %+v, %v", a, x, y, an, err)
				}
				var wins []string
				for _, mv := range an.Moves {
					c := st.Clone().(*wythoff.State)
					if err := c.Apply(mv.M); err != nil || st.MoveString(mv.M) != mv.Move {
						t.Fatalf("a=%d (%d,%d): analysed move %s: %v", a, x, y, mv.Move, err)
					}
					if cx, cy := c.Heaps(); (mv.Outcome == solve.Win) != p[cx][cy] || mv.Outcome != solve.Win && mv.Outcome != solve.Loss {
						t.Fatalf("a=%d (%d,%d): move %s has outcome %v, brute force P=%t", a, x, y, mv.Move, mv.Outcome, p[cx][cy])
					}
					if mv.Outcome == solve.Win {
						wins = append(wins, mv.Move)
					}
				}
				if strings.Join(wins, " ") != strings.Join(best, " ") {
					t.Fatalf("a=%d (%d,%d): analysis wins %v, brute force %v", a, x, y, wins, best)
				}
				for _, mm := range r.Extra["methods"].([]studywythoff.MethodMove) {
					if p[x][y] != (mm.Move == "") || mm.Move != "" && !strings.Contains(" "+strings.Join(best, " ")+" ", " "+mm.Move+" ") {
						t.Fatalf("a=%d (%d,%d): %s method moves %q; winning moves %v", a, x, y, mm.Method, mm.Move, best)
					}
				}
				m, err := studywythoff.Perfect{}.Act(ctx, st)
				if err != nil {
					t.Fatal(err)
				}
				c := st.Clone()
				if err := c.Apply(m); err != nil {
					t.Fatalf("perfect move %s illegal: %v", st.MoveString(m), err)
				}
				if cx, cy := c.(*wythoff.State).Heaps(); !p[x][y] && !p[cx][cy] {
					t.Fatalf("a=%d (%d,%d): perfect plays %s to a non-P-position", a, x, y, st.MoveString(m))
				}
			}
		}
	}
}

// TestMethodsAgreeOnHugePositions: the three methods' moves from random
// positions (up to 10^60 for the algebraic and arithmetic ones) are legal
// moves to P-positions and equal.
func TestMethodsAgreeOnHugePositions(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 7))
	for _, a := range []int64{1, 2, 3, 10} {
		sys, _ := studywythoff.NewSystem(a)
		for i := range 300 {
			digits := 1 + rng.IntN(60)
			if i < 100 {
				digits = 1 + rng.IntN(6)
			}
			x := randDigits(rng, digits)
			y := new(big.Int).Add(x, randDigits(rng, 1+rng.IntN(digits)))
			if rng.IntN(3) == 0 { // make some P-positions and near misses
				n := randDigits(rng, digits)
				x, y = sys.PairBig(n)
				if y.Cmp(big.NewInt(3)) > 0 {
					y.Sub(y, big.NewInt(int64(rng.IntN(3))))
				}
			}
			if rng.IntN(2) == 0 {
				x, y = y, x
			}
			var prev *studywythoff.Advice
			for _, m := range studywythoff.Methods {
				lo := x
				if y.Cmp(x) < 0 {
					lo = y
				}
				if m == studywythoff.Recursive && lo.Cmp(big.NewInt(1_000_000)) > 0 {
					if lo.Cmp(big.NewInt(studywythoff.MaxRecursivePosition)) > 0 {
						if _, err := sys.Advise(ctx, m, x, y); err == nil {
							t.Fatal("recursive method must refuse huge positions")
						}
					}
					continue
				}
				ad, err := sys.Advise(ctx, m, x, y)
				if err != nil {
					t.Fatal(err)
				}
				if ad.P != sys.IsP(x, y) {
					t.Fatalf("a=%d (%s,%s) %s: P %t", a, x, y, m, ad.P)
				}
				if !ad.P {
					k, l := ad.Take()
					diff := new(big.Int).Sub(k, l)
					if k.Sign() < 0 || l.Sign() < 0 || k.Sign()+l.Sign() == 0 || k.Sign() > 0 && l.Sign() > 0 && diff.Abs(diff).Cmp(big.NewInt(a)) >= 0 || !sys.IsP(ad.ToX, ad.ToY) {
						t.Fatalf("a=%d (%s,%s) %s: bad move to (%s,%s)", a, x, y, m, ad.ToX, ad.ToY)
					}
				}
				if prev != nil && !ad.P && (prev.ToX.Cmp(ad.ToX) != 0 || prev.ToY.Cmp(ad.ToY) != 0) {
					t.Fatalf("a=%d (%s,%s): %s moves to (%s,%s), %s to (%s,%s)", a, x, y, prev.Method, prev.ToX, prev.ToY, m, ad.ToX, ad.ToY)
				}
				prev = ad
			}
			targets := sys.WinningTargets(x, y)
			if (len(targets) == 0) != sys.IsP(x, y) {
				t.Fatalf("a=%d (%s,%s): %d winning targets", a, x, y, len(targets))
			}
		}
	}
}

func randDigits(rng *rand.Rand, n int) *big.Int {
	var b strings.Builder
	for range n {
		b.WriteByte(byte('0' + rng.IntN(10)))
	}
	x, _ := new(big.Int).SetString(b.String(), 10)
	return x
}

func TestSolveJSON(t *testing.T) {
	g, _ := wythoff.New(2, []int{4, 9}, true)
	st := g.NewInitialState()
	r, err := solvers(t).Solve(context.Background(), g, st, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(r)
	for _, want := range []string{`"game":"wythoff(a=2,piles=4;9,view=queen)"`, `"position":"4;9"`, `"player":0`, `"outcome":"win"`, `"value":null`,
		`"best_moves":["2,3"`, `"complete":true`, `"pair":{"n":3,"a_n":4,"b_n":10}`, `"method":"arithmetic"`, `"heaps":[4,9]`, `"p_position":false`, `"a":2`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("JSON lacks %s:\n%s", want, data)
		}
	}
	for _, want := range []string{"Q", "R_p(4) = 11", "m = ⌊d/a⌋ = ⌊5/2⌋ = 2", "(A_2, B_2) = (2, 6)"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("explanation lacks %q:\n%s", want, r.Text)
		}
	}
	// A terminal position: the player who took the last token won.
	end, _ := g.ParsePosition("0;0;P2")
	r, err = solvers(t).Solve(context.Background(), g, end, solve.Options{})
	if err != nil || r.Outcome != solve.Win || !r.Complete || len(r.BestMoves) != 0 || !strings.Contains(r.Text, "P1") {
		t.Fatalf("terminal: %+v %v", r, err)
	}
}

// TestHugePositions: positions beyond the playable bound (the issue's
// 659276;1066731, and heaps of a hundred digits) are solved and analysed
// exactly; they list no moves and refuse moves with an explanation.
func TestHugePositions(t *testing.T) {
	ctx := context.Background()
	reg := registry(t)
	for _, tt := range []struct {
		spec     string
		playable bool
	}{
		{"wythoff(a=1,piles=659276;1066731)", true},
		{"wythoff(a=1,piles=4000000;7000000)", false},
		{"wythoff(a=1,piles=10^100;10^100)", false},
		{"wythoff(a=3,piles=123456789012345678901234567890;98765432109876543210987654321)", false},
		{"wythoff(a=1000,piles=100000;100000)", false},
	} {
		g, err := reg.Load(tt.spec, 1)
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		s := g.NewInitialState().(*wythoff.State)
		if s.Playable() != tt.playable {
			t.Fatalf("%s: playable %t", tt.spec, s.Playable())
		}
		x, y := s.BigHeaps()
		sys, _ := studywythoff.NewSystem(int64(g.(*wythoff.Game).Pairs().A()))
		r, err := solvers(t).Solve(ctx, g, s, solve.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		if (r.Outcome == solve.Loss) != sys.IsP(x, y) || !r.Complete || r.Position != s.Position() {
			t.Fatalf("%s: %v complete %t position %q", tt.spec, r.Outcome, r.Complete, r.Position)
		}
		an, err := solvers(t).Analyze(ctx, g, s, solve.Options{})
		if err != nil {
			t.Fatalf("%s: analyze: %v", tt.spec, err)
		}
		var wins []string
		for _, mv := range an.Moves {
			k, l, _ := strings.Cut(mv.Move, ",")
			kk, _ := new(big.Int).SetString(k, 10)
			ll, _ := new(big.Int).SetString(l, 10)
			tx, ty := new(big.Int).Sub(x, kk), new(big.Int).Sub(y, ll)
			if tx.Sign() < 0 || ty.Sign() < 0 || (mv.Outcome == solve.Win) != sys.IsP(tx, ty) {
				t.Fatalf("%s: move %s outcome %v", tt.spec, mv.Move, mv.Outcome)
			}
			if mv.Outcome == solve.Win {
				wins = append(wins, mv.Move)
			}
		}
		if strings.Join(wins, " ") != strings.Join(r.BestMoves, " ") || len(an.Moves) == 0 {
			t.Fatalf("%s: analysis wins %v, solve %v", tt.spec, wins, r.BestMoves)
		}
		// Beyond solve.MaxAnalyzeMoves legal moves the analysis lists the
		// winning moves (or, in a P-position, one losing move) only.
		if an.Complete || len(an.Moves) != max(1, len(r.BestMoves)) {
			t.Fatalf("%s: analysis complete %t with %d moves", tt.spec, an.Complete, len(an.Moves))
		}
		if tt.playable {
			if n := len(s.LegalMoves(nil)); n <= solve.MaxAnalyzeMoves || n > wythoff.MaxLegalMoves {
				t.Fatalf("%s: %d legal moves", tt.spec, n)
			}
			continue
		}
		if len(s.LegalMoves(nil)) != 0 {
			t.Fatalf("%s: an analysis position lists moves or claims a complete analysis", tt.spec)
		}
		if _, err := s.ParseMove("1,0"); err == nil || !strings.Contains(err.Error(), "kombi solve") {
			t.Fatalf("%s: ParseMove: %v", tt.spec, err)
		}
		if err := s.Clone().Apply(wythoff.Move(1, 0)); err == nil || !strings.Contains(err.Error(), "too many to play") {
			t.Fatalf("%s: Apply: %v", tt.spec, err)
		}
		if _, err := (studywythoff.Perfect{}).Act(ctx, s); err == nil {
			t.Fatalf("%s: perfect plays an analysis position", tt.spec)
		}
		if _, err := s.MoveFromParts([]game.Part{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 1}}); err == nil {
			t.Fatalf("%s: MoveFromParts builds a move", tt.spec)
		}
		v := s.View()
		if !strings.HasPrefix(v.Status.Phase, "analysis only") || x.IsInt64() && (len(v.Heaps) != 2 || v.Heaps[0] != x.Int64()) {
			t.Fatalf("%s: view %+v", tt.spec, v)
		}
		back, err := g.(*wythoff.Game).ParsePosition(s.Position())
		if err != nil || back.String() != s.String() || back.(*wythoff.State).Key() != s.Key() {
			t.Fatalf("%s: position %q reads back as %v (%v)", tt.spec, s.Position(), back, err)
		}
	}
	// The P-position A_n, B_n for n = 10^100 (a = 2): the player to move
	// loses, and every single heap reduction of B_n by one is a win for the
	// next player.
	sys, _ := studywythoff.NewSystem(2)
	an, bn := sys.PairBig(new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil))
	g, err := reg.Load("wythoff(a=2,piles="+an.String()+";"+bn.String()+")", 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Loss || len(r.BestMoves) != 0 || r.Extra["p_position"] != true {
		t.Fatalf("(A_n, B_n), n = 10^100: %+v %v", r, err)
	}
	a, err := solvers(t).Analyze(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || len(a.Moves) != 1 || a.Moves[0].Move != "0,1" || a.Moves[0].Outcome != solve.Loss {
		t.Fatalf("analysis of a huge P-position: %+v %v", a, err)
	}
}

// TestSolveInterrupted: a solve cut short keeps the outcome and the best
// moves, which exact algebra found at once.
func TestSolveInterrupted(t *testing.T) {
	g, _ := wythoff.New(1, []int{90_000_000, 95_000_000}, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if !solve.Stopped(err) || r == nil || r.Complete || r.Outcome != solve.Win || len(r.BestMoves) == 0 {
		t.Fatalf("%+v %v", r, err)
	}
}

// TestAnalysisStatesTheRule: the explanation states the rule it analyses,
// the classic game's in its own words (the same number from both heaps),
// a generalised game's with its bound on |k − l|.
func TestAnalysisStatesTheRule(t *testing.T) {
	for _, tt := range []struct {
		a         int64
		want, not string
	}{
		{1, "Wythoff's game at (4, 6): take any number from one heap, or the same number from both;", "|k − l|"},
		{2, "Wythoff's game with a = 2 at (4, 6): take any number from one heap, or k > 0 and l > 0\nfrom both with |k − l| < 2;", "the same number"},
	} {
		sys, err := studywythoff.NewSystem(tt.a)
		if err != nil {
			t.Fatal(err)
		}
		an, err := sys.Analyse(context.Background(), big.NewInt(4), big.NewInt(6))
		if err != nil {
			t.Fatal(err)
		}
		if text := an.Text(); !strings.Contains(text, tt.want) || strings.Contains(text, tt.not) {
			t.Errorf("a = %d: the explanation begins\n%s\nwant %q and not %q", tt.a, text[:min(len(text), 300)], tt.want, tt.not)
		}
	}
}

// TestArithmeticCountsItsZeros: the arithmetic method counts trailing
// zeros in words, one zero singular ("ends in 1 zero", "1 trailing zero";
// it said "1 zeros"): at (7, 9), R_p(7) = 1010 ends in 1 zero and R_q(3) =
// 1000 in 3; at (1, 7), R_p(1) = 1 in none and R_q(1) = 10 in 1.
func TestArithmeticCountsItsZeros(t *testing.T) {
	sys, err := studywythoff.NewSystem(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		x, y int64
		want []string
	}{
		{7, 9, []string{"R_p(7) = 1010 ends in 1 zero (odd)", "R_q(3) = 1000, I_p = 5, 3 trailing zeros (odd, subtract 1)"}},
		{1, 7, []string{"R_p(1) = 1 ends in 0 zeros (even)", "R_q(1) = 10, I_p = 2, 1 trailing zero (odd, subtract 1)"}},
	} {
		an, err := sys.Analyse(context.Background(), big.NewInt(tt.x), big.NewInt(tt.y))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if text := an.Text(); !strings.Contains(text, w) {
				t.Errorf("(%d, %d): the explanation\n%s\nwants %q", tt.x, tt.y, text, w)
			}
		}
	}
}

// TestAnalyzeIgnoresACancelledContext: the analysis is exact without a
// search, so a cancelled context is not an error (the convention of
// solve.Solvers.Analyze: a search cut short says so by Complete false);
// Solve's errors name the solver.
func TestAnalyzeIgnoresACancelledContext(t *testing.T) {
	g, err := registry(t).Load("wythoff(piles=4;7)", 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	an, err := solvers(t).Analyze(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || an == nil || !an.Complete || len(an.Moves) == 0 {
		t.Fatalf("an exact analysis with a cancelled context: %+v, %v", an, err)
	}
	if _, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{}); err != nil && !strings.HasPrefix(err.Error(), "wythoff solve: ") {
		t.Fatalf("a solve's error does not name the solver: %v", err)
	}
}
