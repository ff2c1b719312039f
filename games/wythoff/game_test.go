package wythoff_test

import (
	"context"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/wythoff"
	"github.com/kombi/kombi/solve"
)

func registry(t testing.TB) *game.Registry {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := wythoff.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games
}

func TestConformance(t *testing.T) {
	reg := registry(t)
	for _, spec := range []string{"wythoff", "wythoff(a=2,piles=9;4)", "wythoff(a=3,piles=12;12,view=queen)", "wythoff(piles=0;6)", "wythoff(a=1000,piles=15;20)"} {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, reg, spec, gametest.Options{Playouts: 15})
		})
	}
}

func TestPlaythroughs(t *testing.T) {
	reg := registry(t)
	gametest.Playthrough(t, reg, "wythoff(a=1,piles=5;8)", 1, "testdata/wythoff-a1-58-seed1.txt")
	gametest.Playthrough(t, reg, "wythoff(a=2,piles=6;4,view=queen)", 3, "testdata/wythoff-a2-queen-64-seed3.txt")
}

func TestRules(t *testing.T) {
	g, err := wythoff.New(2, []int{4, 9}, false)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	tests := []struct{ in, parseErr, applyErr string }{
		{in: "2,3"}, // |2−3| = 1 < 2
		{in: "1,3", applyErr: "must differ by less than a = 2"},
		{in: "0,9"}, // one heap only: any amount
		{in: "4,0"},
		{in: "5,0", applyErr: "heap 1 has only 4 tokens"},
		{in: "0,0", applyErr: "at least one token"},
		{in: "to 2,6"}, // the same as taking 2 and 3
		{in: "to 5,1", parseErr: "can only shrink"},
		{in: "1:2", parseErr: "want K,L"},
		{in: "x,1", parseErr: "not a whole number"},
	}
	for _, tt := range tests {
		m, err := s.ParseMove(tt.in)
		if tt.parseErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.parseErr) {
				t.Errorf("ParseMove(%q) error %v, want %q", tt.in, err, tt.parseErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", tt.in, err)
		}
		err = s.Clone().Apply(m)
		if tt.applyErr == "" && err != nil || tt.applyErr != "" && (err == nil || !strings.Contains(err.Error(), tt.applyErr)) {
			t.Errorf("Apply(%q) error %v, want %q", tt.in, err, tt.applyErr)
		}
	}
	to, _ := s.ParseMove("to 2,6")
	if s.MoveString(to) != "2,3" {
		t.Fatalf("to 2,6 from (4,9) is %s, want 2,3", s.MoveString(to))
	}
	// Taking the last token wins.
	g1, _ := wythoff.New(1, []int{2, 2}, false)
	s = g1.NewInitialState()
	_ = s.Apply(wythoff.Move(2, 2))
	if !s.IsTerminal() || game.Winner(s) != 0 {
		t.Fatalf("P1 took the last tokens and must win: %v", s.Returns())
	}
	if _, err := wythoff.New(1000, []int{100000, 100000}, false); err == nil || !strings.Contains(err.Error(), "kombi table wythoff") {
		t.Fatalf("a huge position must be refused with a pointer to the table command: %v", err)
	}
}

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
		sys := g.System()
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
				an, err := g.Solve(ctx, st, game.SolveOptions{})
				if err != nil {
					t.Fatal(err)
				}
				a2 := an.(*wythoff.Analysis)
				if strings.Join(a2.BestMoves, " ") != strings.Join(best, " ") {
					t.Fatalf("a=%d (%d,%d): winning moves %v, brute force %v", a, x, y, a2.BestMoves, best)
				}
				for _, mm := range a2.Methods {
					if p[x][y] != (mm.Move == "") || mm.Move != "" && !strings.Contains(" "+strings.Join(best, " ")+" ", " "+mm.Move+" ") {
						t.Fatalf("a=%d (%d,%d): %s method moves %q; winning moves %v", a, x, y, mm.Method, mm.Move, best)
					}
				}
				m, err := wythoff.Perfect{}.Act(ctx, st)
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
		sys, _ := wythoff.NewSystem(a)
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
			var prev *wythoff.Advice
			for _, m := range wythoff.Methods {
				lo := x
				if y.Cmp(x) < 0 {
					lo = y
				}
				if m == wythoff.Recursive && lo.Cmp(big.NewInt(1_000_000)) > 0 {
					if lo.Cmp(big.NewInt(wythoff.MaxRecursivePosition)) > 0 {
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
	an, err := g.Solve(context.Background(), st, game.SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(an)
	for _, want := range []string{`"outcome":"win"`, `"best_moves":["2,3"`, `"pair":{"n":3,"a_n":4,"b_n":10}`, `"method":"arithmetic"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("JSON lacks %s:\n%s", want, data)
		}
	}
	text := an.Text()
	for _, want := range []string{"Q", "R_p(4) = 11", "m = ⌊d/a⌋ = ⌊5/2⌋ = 2", "(A_2, B_2) = (2, 6)"} {
		if !strings.Contains(text, want) {
			t.Errorf("explanation lacks %q:\n%s", want, text)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1,2", "to 3,4", "0 5", "to", ",", "-1,2", "99999999999,1"} {
		f.Add(s)
	}
	g, _ := wythoff.New(2, []int{6, 9}, false)
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
	for _, s := range []string{"4;7", "(4,7)", "1 2 3", "", "9999999;1", "-1;2"} {
		f.Add(s)
	}
	g, _ := wythoff.New(2, []int{1, 1}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		x, y := s.(*wythoff.State).Heaps()
		if x > wythoff.MaxPile || y > wythoff.MaxPile {
			t.Fatalf("accepted %q", text)
		}
	})
}

func FuzzParseIndex(f *testing.F) {
	for _, s := range []string{"10^100", "1e30", "2^64", "123", "-5", "1e", "^", "99^99999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := wythoff.ParseIndex(text)
		if err == nil && n.Sign() < 0 {
			t.Fatalf("%q parsed to %s", text, n)
		}
	})
}
