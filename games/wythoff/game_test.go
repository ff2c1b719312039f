package wythoff_test

import (
	"context"
	"encoding/json"
	"fmt"
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
	for _, spec := range []string{"wythoff", "wythoff(a=2,piles=9;4)", "wythoff(a=3,piles=12;12,view=queen)", "wythoff(piles=0;6)", "wythoff(a=1000,piles=15;20)", "wythoff(a=2,piles=33;5,view=queen)"} {
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
	// More legal moves than MaxLegalMoves: an analysis position.
	if g, err := wythoff.New(1000, []int{100000, 100000}, false); err != nil || g.NewInitialState().(*wythoff.State).Playable() {
		t.Fatalf("a huge position is an analysis position: %v", err)
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
				r, err := g.Solve(ctx, st, solve.Options{})
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
				an, err := solve.Analyze(ctx, g, st, solve.Options{})
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
				for _, mm := range r.Extra["methods"].([]wythoff.MethodMove) {
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
	r, err := solve.Solve(context.Background(), g, st, solve.Options{})
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
	r, err = solve.Solve(context.Background(), g, end, solve.Options{})
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
		sys := g.(*wythoff.Game).System()
		r, err := solve.Solve(ctx, g, s, solve.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		if (r.Outcome == solve.Loss) != sys.IsP(x, y) || !r.Complete || r.Position != s.Position() {
			t.Fatalf("%s: %v complete %t position %q", tt.spec, r.Outcome, r.Complete, r.Position)
		}
		an, err := solve.Analyze(ctx, g, s, solve.Options{})
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
		if _, err := (wythoff.Perfect{}).Act(ctx, s); err == nil {
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
	sys, _ := wythoff.NewSystem(2)
	an, bn := sys.PairBig(new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil))
	g, err := reg.Load("wythoff(a=2,piles="+an.String()+";"+bn.String()+")", 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := solve.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Loss || len(r.BestMoves) != 0 || r.Extra["p_position"] != true {
		t.Fatalf("(A_n, B_n), n = 10^100: %+v %v", r, err)
	}
	a, err := solve.Analyze(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || len(a.Moves) != 1 || a.Moves[0].Move != "0,1" || a.Moves[0].Outcome != solve.Loss {
		t.Fatalf("analysis of a huge P-position: %+v %v", a, err)
	}
}

func TestHeapBounds(t *testing.T) {
	reg := registry(t)
	for _, tt := range []struct{ spec, want string }{
		{"wythoff(piles=1;2;3)", "exactly two heap sizes"},
		{"wythoff(piles=7)", "exactly two heap sizes"},
		{"wythoff(piles=-1;2)", "want a whole number"},
		{"wythoff(piles=10^10000;1)", "more than 10000 digits"},
		{"wythoff(piles=3;x)", "heap 2"},
	} {
		if _, err := reg.Load(tt.spec, 1); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.spec, err, tt.want)
		}
	}
	if _, err := reg.Load("wythoff(piles=10^9999;1)", 1); err != nil {
		t.Fatalf("10^9999 has 10000 digits, within the bound: %v", err)
	}
	for _, p := range wythoff.NewType().Params {
		if p.Name == "piles" && (strings.Contains(p.Allowed()+p.Doc, "at least") || !strings.Contains(p.Doc, "exactly two")) {
			t.Fatalf("piles is described as %q; %q", p.Allowed(), p.Doc)
		}
	}
}

// TestViewAndParts checks the queen grid against the text board and the
// parts of moves in both views against the move notation.
func TestViewAndParts(t *testing.T) {
	g, _ := wythoff.New(2, []int{3, 2}, true)
	s := g.NewInitialState().(*wythoff.State)
	v := s.View()
	if v.Kind != game.KindGrid || v.Grid.Rows != 3 || v.Grid.Cols != 4 || v.Grid.Cells[3].Label != "Q" {
		t.Fatalf("queen view %+v", v.Grid)
	}
	for i, c := range v.Grid.Cells {
		if c.Owner != -1 || i != 3 && c.Label != "" {
			t.Fatalf("cell %d: %+v", i, c)
		}
	}
	// Cell 8 is row 2 (the board's row 0), column 0: the goal, 3 from heap
	// 1 and 2 from heap 2 ("3,2", legal since |3 − 2| < 2).
	m, err := s.MoveFromParts([]game.Part{{Kind: game.PartCell, Value: 8}})
	if err != nil || s.MoveString(m) != "3,2" {
		t.Fatalf("cell 8: %s %v", s.MoveString(m), err)
	}
	to, _ := s.ParseMove("to 1,2")
	if p := s.MoveParts(to); len(p) != 1 || p[0] != (game.Part{Kind: game.PartCell, Value: 1}) {
		t.Fatalf("to 1,2 has parts %v, want cell 1", p)
	}
	for _, bad := range [][]game.Part{
		{{Kind: game.PartCell, Value: 3}},  // the queen's own square
		{{Kind: game.PartCell, Value: 12}}, // off the board
		{{Kind: game.PartCell, Value: 4}},  // (0, 1): takes 3 and 1, which differ by 2
		{{Kind: game.PartCell, Value: 0}, {Kind: game.PartCell, Value: 1}},
		{{Kind: game.PartHeap, Value: 2}, {Kind: game.PartAmount, Value: 1}},
		{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 0}},
		{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 1}, {Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 1}},
		{{Kind: game.PartHeap, Value: 0}},
		{{Kind: game.PartAmount, Value: 1}, {Kind: game.PartHeap, Value: 0}},
	} {
		if m, err := s.MoveFromParts(bad); err == nil {
			t.Errorf("parts %v build move %s", bad, s.MoveString(m))
		}
	}
	// Heaps view: heap and amount for each heap taken from.
	g2, _ := wythoff.New(2, []int{4, 9}, false)
	s2 := g2.NewInitialState().(*wythoff.State)
	if v := s2.View(); v.Kind != game.KindHeaps || len(v.Heaps) != 2 || v.Heaps[0] != 4 || v.Heaps[1] != 9 || v.Status.Seats != [2]string{"first", "second"} {
		t.Fatalf("heaps view %+v", v)
	}
	for text, want := range map[string]string{"2,3": "[{heap 0} {amount 2} {heap 1} {amount 3}]", "0,9": "[{heap 1} {amount 9}]", "4,0": "[{heap 0} {amount 4}]"} {
		m, _ := s2.ParseMove(text)
		parts := s2.MoveParts(m)
		if fmt.Sprint(parts) != want {
			t.Errorf("%s has parts %v, want %s", text, parts, want)
		}
		// The heaps may come in either order.
		if len(parts) == 4 {
			parts = append(parts[2:], parts[:2]...)
		}
		if back, err := s2.MoveFromParts(parts); err != nil || back != m {
			t.Errorf("%s: parts %v build %s (%v)", text, parts, s2.MoveString(back), err)
		}
	}
	// A board larger than the drawn one falls back to heaps.
	g3, _ := wythoff.New(1, []int{40, 3}, true)
	if v := g3.NewInitialState().(*wythoff.State).View(); v.Kind != game.KindHeaps {
		t.Fatalf("a 41-column board is drawn as %s", v.Kind)
	}
}

func TestPositions(t *testing.T) {
	g, _ := wythoff.New(1, []int{5, 8}, false)
	s := g.NewInitialState()
	if p := s.(game.Positioner).Position(); p != "5;8" {
		t.Fatalf("start position %q", p)
	}
	_ = s.Apply(wythoff.Move(1, 1))
	if p := s.(game.Positioner).Position(); p != "4;7;P2" {
		t.Fatalf("after 1,1: %q", p)
	}
	for _, tt := range []struct{ text, want string }{
		{"4;7;p2", "4;7;P2"}, {"(4, 7)", "4;7"}, {"4 7 P1", "4;7"}, {"10^3;2^10", "1000;1024"},
	} {
		st, err := g.ParsePosition(tt.text)
		if err != nil || st.(game.Positioner).Position() != tt.want {
			t.Errorf("ParsePosition(%q): %v %v, want %s", tt.text, st, err, tt.want)
		}
	}
	for _, bad := range []string{"4;7;P3", "4", "4;7;P2;1", "-1;3", "4;1e-3"} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("ParsePosition(%q) accepted", bad)
		}
	}
}

// TestSolveInterrupted: a solve cut short keeps the outcome and the best
// moves, which exact algebra found at once.
func TestSolveInterrupted(t *testing.T) {
	g, _ := wythoff.New(1, []int{90_000_000, 95_000_000}, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := solve.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if !solve.Stopped(err) || r == nil || r.Complete || r.Outcome != solve.Win || len(r.BestMoves) == 0 {
		t.Fatalf("%+v %v", r, err)
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
		if err := s.Clone().Apply(m); err != nil {
			if s.String() != before {
				t.Fatalf("refused move %q changed the state", text)
			}
			return
		}
		// A legal move reads back from its own text.
		if back, err := s.ParseMove(s.MoveString(m)); err != nil || back != m {
			t.Fatalf("%q is move %s, which reads back as %v (%v)", text, s.MoveString(m), back, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"4;7", "(4,7)", "1 2 3", "", "9999999;1", "-1;2", "4;7;P2", "10^100;3", "1e5;2^7"} {
		f.Add(s)
	}
	g, _ := wythoff.New(2, []int{1, 1}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		x, y := s.(*wythoff.State).BigHeaps()
		if x.Sign() < 0 || y.Sign() < 0 || len(x.String()) > wythoff.MaxDigits || len(y.String()) > wythoff.MaxDigits {
			t.Fatalf("accepted %q as (%s, %s)", text, x, y)
		}
		p := s.(game.Positioner).Position()
		back, err := g.ParsePosition(p)
		if err != nil || back.String() != s.String() || back.(game.Positioner).Position() != p {
			t.Fatalf("%q writes %q, which reads back as %v (%v)", text, p, back, err)
		}
	})
}

// FuzzParseIndex checks what ParseIndex accepts: a whole number ≥ 0 whose
// decimal form reads back as itself; a power b^e or b·10^e (be) with e ≥ 0
// equals the exponentiation done here; negative exponents, signs and
// anything else are refused.
func FuzzParseIndex(f *testing.F) {
	for _, s := range []string{"10^100", "1e30", "2^64", "123", "-5", "1e", "^", "99^99999", "10^-3", "1e-3", "+5", "2^+3", "007", " 42 ", "0^0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := wythoff.ParseIndex(text)
		if err != nil {
			return
		}
		if n.Sign() < 0 || strings.ContainsAny(text, "+-") {
			t.Fatalf("%q parsed to %s: no signs are allowed", text, n)
		}
		if back, err := wythoff.ParseIndex(n.String()); err != nil || back.Cmp(n) != 0 {
			t.Fatalf("%q is %s, whose decimal form reads back as %v (%v)", text, n, back, err)
		}
		tt := strings.TrimSpace(text)
		i := strings.IndexAny(tt, "^eE")
		if i < 0 {
			if want, ok := new(big.Int).SetString(tt, 10); !ok || want.Cmp(n) != 0 {
				t.Fatalf("%q parsed to %s", text, n)
			}
			return
		}
		b, ok1 := new(big.Int).SetString(tt[:i], 10)
		e, ok2 := new(big.Int).SetString(tt[i+1:], 10)
		if !ok1 || !ok2 || b.Sign() < 0 || e.Sign() < 0 || strings.ContainsAny(tt[:i]+tt[i+1:], "+-") {
			t.Fatalf("%q accepted as %s: not b^e or be with b, e ≥ 0", text, n)
		}
		want := new(big.Int)
		if tt[i] == '^' {
			want.Exp(b, e, nil)
		} else {
			want.Mul(b, new(big.Int).Exp(big.NewInt(10), e, nil))
		}
		if want.Cmp(n) != 0 {
			t.Fatalf("%q parsed to %s, want %s", text, n, want)
		}
	})
}

func TestParseIndex(t *testing.T) {
	for text, want := range map[string]string{"10^3": "1000", "2^10": "1024", "3e2": "300", "0": "0", "0^0": "1", " 12 ": "12"} {
		if n, err := wythoff.ParseIndex(text); err != nil || n.String() != want {
			t.Errorf("ParseIndex(%q) = %v, %v; want %s", text, n, err, want)
		}
	}
	for _, bad := range []string{"10^-3", "1e-3", "-5", "+5", "-0", "0^-0", "2^+3", "1.5", "", "^", "e5", "10^100001", "2^999999"} {
		if n, err := wythoff.ParseIndex(bad); err == nil {
			t.Errorf("ParseIndex(%q) = %s, want an error", bad, n)
		}
	}
}
