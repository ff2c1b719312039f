package nim_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
	studynim "github.com/kombi/kombi/study/nim"
)

// all calls f with every list of n numbers from lo to hi.
func all(n, lo, hi int, f func([]int)) {
	xs := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(xs)
			return
		}
		for v := lo; v <= hi; v++ {
			xs[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

// crossCheck compares a game's own solver, its analysis of every move and
// its perfect bot with plain exhaustive search (package solve) in the
// position st; values, where the game gives one, must be the Grundy values
// that solve.Grundy finds.
func crossCheck(t *testing.T, sv *solve.Minimax, g game.Game, b bot.Bot, st game.State) {
	t.Helper()
	ctx := context.Background()
	if st.IsTerminal() {
		return
	}
	res, err := sv.Solve(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	r, err := solvers(t).Solve(ctx, g, st, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	if res.Outcome == solve.Win {
		for _, m := range res.Best {
			want = append(want, st.MoveString(m))
		}
	}
	if r.Outcome != res.Outcome || strings.Join(r.BestMoves, " ") != strings.Join(want, " ") || !r.Complete {
		t.Fatalf("%s at\n%s\nsolve: %s %v; brute force: %s %v", g, st, r.Outcome, r.BestMoves, res.Outcome, want)
	}
	gr := solve.NewGrundy(0)
	grundy := func(s game.State) uint64 {
		v, err := gr.Value(solve.NewBudget(ctx, 0), s)
		if err != nil {
			t.Fatal(err)
		}
		return uint64(v)
	}
	if r.Value != nil && r.Value != grundy(st) {
		t.Fatalf("%s at\n%s\nvalue %v, Grundy value %d", g, st, r.Value, grundy(st))
	}
	a, err := solvers(t).Analyze(ctx, g, st, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	moves := st.LegalMoves(nil)
	if len(a.Moves) != len(moves) || !a.Complete {
		t.Fatalf("%s: analysis of %d moves, %d legal", g, len(a.Moves), len(moves))
	}
	for i, mv := range a.Moves {
		c := st.Clone()
		if mv.M != moves[i] || c.Apply(mv.M) != nil {
			t.Fatalf("%s: analysis move %d is %s", g, i, mv.Move)
		}
		o := solve.FromReturn(c.Returns()[st.Player()])
		if !c.IsTerminal() {
			cr, err := sv.Solve(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			o = cr.Outcome.Neg()
		}
		if mv.Outcome != o || mv.Value != nil && mv.Value != grundy(c) {
			t.Fatalf("%s at\n%s\nmove %s: %v value %v; brute force %v, Grundy value %d", g, st, mv.Move, mv.Outcome, mv.Value, o, grundy(c))
		}
	}
	m, err := b.Act(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	text := st.MoveString(m)
	if err := st.Clone().Apply(m); err != nil {
		t.Fatalf("%s: perfect move %s is illegal: %v", g, text, err)
	}
	if res.Outcome == solve.Win && !strings.Contains(" "+strings.Join(want, " ")+" ", " "+text+" ") {
		t.Fatalf("%s at\n%s\nperfect plays %s; the winning moves are %v", g, st, text, want)
	}
}

func newBot(t *testing.T, bots *bot.Registry, g game.Game) bot.Bot {
	t.Helper()
	b, err := bots.New("perfect", g, bot.Env{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestNimKAgainstBruteForce(t *testing.T) {
	_, bots := registries(t)
	for _, k := range []int{1, 2, 3} {
		sv := solve.NewMinimax(0)
		for _, shape := range [][2]int{{2, 6}, {3, 4}, {4, 3}} {
			all(shape[0], 0, shape[1], func(h []int) {
				g, err := nim.NewK(h, k)
				if err != nil {
					t.Fatal(err)
				}
				st := g.NewInitialState()
				if !st.IsTerminal() && studynim.IsMooreP(h, k) != (studynim.MooreMove(h, k) == nil) {
					t.Fatalf("heaps %v k=%d: Moore's move %v", h, k, studynim.MooreMove(h, k))
				}
				crossCheck(t, sv, g, newBot(t, bots, g), st)
			})
		}
	}
}

func TestGreedyAgainstBruteForce(t *testing.T) {
	_, bots := registries(t)
	sv := solve.NewMinimax(0)
	for _, shape := range [][2]int{{1, 6}, {2, 6}, {3, 5}, {4, 4}} {
		all(shape[0], 0, shape[1], func(h []int) {
			g, _ := nim.NewGreedy(h)
			crossCheck(t, sv, g, newBot(t, bots, g), g.NewInitialState())
		})
	}
}

func TestBuildingAgainstBruteForce(t *testing.T) {
	_, bots := registries(t)
	for _, pl := range []nim.Placement{nim.EmptyFirst, nim.Free} {
		for n := 1; n <= 3; n++ {
			for p := 1; p <= 9; p++ {
				g, err := nim.NewBuilding(n, p, pl)
				if err != nil {
					t.Fatal(err)
				}
				sv := solve.NewMinimax(0)
				b := newBot(t, bots, g)
				// Every position of a few random games, both phases.
				for seed := range uint64(4) {
					st := g.NewInitialState()
					for step := 0; !st.IsTerminal(); step++ {
						crossCheck(t, sv, g, b, st)
						moves := st.LegalMoves(nil)
						_ = st.Apply(moves[(int(seed)*7+step*3)%len(moves)])
					}
				}
			}
		}
	}
}

// TestBuildingWinnersAgainstBruteForce compares the winner tables of both
// placement rules with exhaustive search of the whole game.
func TestBuildingWinnersAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, pl := range []nim.Placement{nim.EmptyFirst, nim.Free} {
		tb, err := studynim.BuildingWinners(ctx, 4, 8, pl, nil)
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 4; n++ {
			for p := 1; p <= 8; p++ {
				g, _ := nim.NewBuilding(n, p, pl)
				res, err := solve.NewMinimax(0).Solve(ctx, g.NewInitialState())
				if err != nil {
					t.Fatal(err)
				}
				want := 2
				if res.Outcome == solve.Win {
					want = 1
				}
				if tb.Winner[n-1][p-1] != want {
					t.Errorf("%s: table says P%d, brute force P%d", g, tb.Winner[n-1][p-1], want)
				}
			}
		}
	}
}

// TestBuildingFreePlacement checks the results of Duchêne, Dufour, Heubach
// and Larsson: under free placement (n=5, p=6) and (n=7, p=8) are won by
// P2, and (n=5, p=6) has another winner under the thesis' rule.
func TestBuildingFreePlacement(t *testing.T) {
	ctx := context.Background()
	winner := func(n, p int, pl nim.Placement) int {
		t.Helper()
		w, err := studynim.BuildingWinner(ctx, studynim.NewBuildingSolver(pl, 0), n, p)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	if winner(5, 6, nim.Free) != 1 || winner(7, 8, nim.Free) != 1 {
		t.Fatalf("free placement: (5, 6) won by P%d, (7, 8) by P%d; want P2 for both", winner(5, 6, nim.Free)+1, winner(7, 8, nim.Free)+1)
	}
	if winner(5, 6, nim.EmptyFirst) != 0 {
		t.Fatalf("empty heaps first: (5, 6) won by P%d, want P1", winner(5, 6, nim.EmptyFirst)+1)
	}
	// The same by exhaustive search of the whole game.
	for _, tt := range []struct {
		n, p int
		pl   nim.Placement
		want solve.Outcome
	}{{5, 6, nim.Free, solve.Loss}, {7, 8, nim.Free, solve.Loss}, {5, 6, nim.EmptyFirst, solve.Win}, {7, 8, nim.EmptyFirst, solve.Win}} {
		g, _ := nim.NewBuilding(tt.n, tt.p, tt.pl)
		res, err := solve.NewMinimax(0).Solve(ctx, g.NewInitialState())
		if err != nil || res.Outcome != tt.want {
			t.Fatalf("%s: brute force %v (%v), want %v for P1", g, res.Outcome, err, tt.want)
		}
	}
	// The game string, the rule of play and the perfect bot follow the rule.
	reg, bots := registries(t)
	g, err := reg.Load("buildingnim(heaps=5,tokens=6,placement=free)", 1)
	if err != nil || g.String() != "buildingnim(heaps=5,tokens=6,placement=free)" {
		t.Fatalf("%v %v", g, err)
	}
	s := g.NewInitialState()
	for _, mv := range []string{"+1", "+1"} {
		m, _ := s.ParseMove(mv)
		if err := s.Apply(m); err != nil {
			t.Fatalf("free placement refuses %s: %v", mv, err)
		}
	}
	r, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Loss || r.Extra["placement"] != nim.Free {
		t.Fatalf("solve: %+v %v", r, err)
	}
	b := newBot(t, bots, g)
	for seed := range uint64(6) {
		rnd, _ := bots.New("random", g, bot.Env{Seed: seed})
		end := playOut(t, g, [2]bot.Bot{rnd, b})
		if game.Winner(end) != 1 {
			t.Fatalf("perfect as P2 lost under free placement:\n%s", end)
		}
	}
}

// playOut plays one game between two bots and returns the final state.
func playOut(t *testing.T, g game.Game, bs [2]bot.Bot) game.State {
	t.Helper()
	s := g.NewInitialState()
	for !s.IsTerminal() {
		m, err := bs[s.Player()].Act(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestBuildingTrivialCases checks the cases the paper calls trivial: an odd
// number of tokens, or even numbers of tokens and heaps, are won by the
// second player, under both rules.
func TestBuildingTrivialCases(t *testing.T) {
	for _, pl := range []nim.Placement{nim.EmptyFirst, nim.Free} {
		sv := studynim.NewBuildingSolver(pl, 0)
		for n := 1; n <= 6; n++ {
			for p := 1; p <= 16; p++ {
				w, err := studynim.BuildingWinner(context.Background(), sv, n, p)
				if err != nil {
					t.Fatal(err)
				}
				if (p%2 == 1 || n%2 == 0) && w != 1 {
					t.Errorf("%s: %d heaps, %d tokens: winner P%d, want P2", pl, n, p, w+1)
				}
			}
		}
	}
}

func TestGrundyAgainstBruteForce(t *testing.T) {
	_, bots := registries(t)
	sv := solve.NewMinimax(0)
	g, _ := nim.NewGrundy(20)
	b := newBot(t, bots, g)
	for _, shape := range [][2]int{{1, 20}, {2, 11}, {3, 7}} {
		all(shape[0], 1, shape[1], func(h []int) {
			st, err := g.ParsePosition(game.JoinInts(h))
			if err != nil {
				t.Fatal(err)
			}
			crossCheck(t, sv, g, b, st)
		})
	}
}

func TestGrundyValuesAgainstNaiveMex(t *testing.T) {
	const n = 6000
	naive := studynim.NaiveGrundyValues(n)
	tb, err := studynim.GrundyValues(context.Background(), n, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range naive {
		if int(tb.Values[i]) != naive[i] {
			t.Fatalf("G(%d) = %d, plain mex %d", i, tb.Values[i], naive[i])
		}
	}
	rare := 0
	for i, v := range naive {
		if i >= 1 && studynim.IsRare(v) {
			if tb.Rare[rare] != [2]int{i, v} {
				t.Fatalf("rare value %d: %v, want (%d, %d)", rare, tb.Rare[rare], i, v)
			}
			rare++
		}
	}
	if rare != len(tb.Rare) {
		t.Fatalf("%d rare values, plain mex finds %d", len(tb.Rare), rare)
	}
}

// Published values: the start of OEIS A002188 and some of Flammenkamp's
// rare values.
func TestGrundyValuesPublished(t *testing.T) {
	oeis := "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0,4,3,0,4,3,0,4,1,2,3,1,2,4,1,2,4,1,2,4,1,5,4,1,5,4,1,5,4,1,0,2,1,0,2,1,5,2,1,3,2,1,3,2,4,3,2,4,3,2,4,3,2,4,3,2,4,3,2,4,5,2,4,5,2,4,3,7,4,3,7,4,3,7,4,3,5,2,3,5,2,3,5,2,3"
	tb, err := studynim.GrundyValues(context.Background(), 400, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range strings.Split(oeis, ",") {
		if fmt.Sprint(tb.Values[i]) != s {
			t.Fatalf("G(%d) = %d, OEIS A002188 has %s", i, tb.Values[i], s)
		}
	}
	for _, p := range [][2]int{{87, 7}, {90, 7}, {93, 7}, {146, 6}, {158, 11}, {181, 12}, {196, 10}, {231, 10}} {
		if int(tb.Values[p[0]]) != p[1] || !studynim.IsRare(p[1]) {
			t.Errorf("G(%d) = %d, Flammenkamp lists the rare value %d", p[0], tb.Values[p[0]], p[1])
		}
	}
}

func TestVariantAnalysesExplain(t *testing.T) {
	ctx := context.Background()
	check := func(g game.Game, pos string, wants ...string) {
		t.Helper()
		st := g.NewInitialState()
		if pos != "" {
			var err error
			if st, err = g.(game.PositionParser).ParsePosition(pos); err != nil {
				t.Fatal(err)
			}
		}
		r, err := solvers(t).Solve(ctx, g, st, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(r.Text, w) {
				t.Errorf("%s %s: explanation lacks %q:\n%s", g, pos, w, r.Text)
			}
		}
	}
	gk, _ := nim.NewK([]int{1, 2, 3}, 2)
	check(gk, "3;3;3", "digit sums     3 3", "divisible by k+1 = 3", "loss")
	check(gk, "1;2;4", "win", "Moore's construction")
	gg, _ := nim.NewGreedy([]int{2, 7, 7, 7})
	check(gg, "", "occurs 3 times", "win")
	gb, _ := nim.NewBuilding(3, 5, nim.EmptyFirst)
	check(gb, "", "p = 5 is odd", "loss")
	check(gb, "nim:1;2;2", "nim-sum", "win")
	gr, _ := nim.NewGrundy(7)
	check(gr, "", "XOR of the values: 0", "loss")
	check(gr, "7;5", "XOR of the values: 2", "win")
}

// TestBuildingReasonSaysTheVerdict: in the building phase the reasoning
// says what the search found (it said only "Exact search ... (0 positions)
// decides the building phase"): where the player to move wins, on which
// heaps the token goes; where not, that every placement loses; and the last
// placement as judged by its nim-sum, with no search.
func TestBuildingReasonSaysTheVerdict(t *testing.T) {
	reg, _ := registries(t)
	g, err := reg.Load("buildingnim(heaps=3,tokens=10)", 1)
	if err != nil {
		t.Fatal(err)
	}
	for pos, want := range map[string]string{
		"0;0;0": "An exact search over the sorted heaps (12 positions) decides the building phase: the player to move\nwins by placing the token on heap 1, 2 or 3.",
		"0;0;1": "decides the building phase: the player to move\nloses, wherever the token goes.",
		// 2 XOR 2 XOR 5 = 5: one more token on any heap leaves 4 or 6, never 0.
		"2;2;5": "This is the last placement, judged by the nim-sum it leaves: the player to move loses, wherever the\ntoken goes.",
	} {
		st, err := g.(game.PositionParser).ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		r, err := solvers(t).Solve(context.Background(), g, st, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if why, _ := r.Extra["reason"].(string); !strings.HasSuffix(why, want) || strings.Contains(why, "(0 positions)") {
			t.Errorf("Building Nim at %s: the reason says\n%s\nwant it to end\n%s", pos, why, want)
		}
	}
}

// TestGrundyReasonSaysTheSplit: the reasoning of Grundy's game names the
// split and why it wins: its two parts are worth together what the other
// heaps are (7;5;9: G = 0, 2, 1; splitting 5 into 3 and 2 leaves 1 XOR 0
// = 1, the same as the other heaps' 0 XOR 1), and with one heap, that
// there is no other (not "there are none: 0").
func TestGrundyReasonSaysTheSplit(t *testing.T) {
	g, _ := nim.NewGrundy(15)
	for pos, want := range map[string]string{
		"7;5;9": "It is 3: split heap 2 (G(5) = 2) into 3 and 2, worth G(3) XOR G(2) = 1 XOR 0 = 1,\nthe same as the other heaps together (the XOR of all the values without heap 2's: 3 XOR 2 = 1), so the XOR becomes 0.",
		"15":    "It is 1: split heap 1 (G(15) = 1) into 12 and 3, worth G(12) XOR G(3) = 1 XOR 1 = 0; with no other heap, the XOR becomes 0.",
	} {
		st, err := g.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		r, err := solvers(t).Solve(context.Background(), g, st, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if why, _ := r.Extra["reason"].(string); !strings.HasSuffix(why, want) {
			t.Errorf("Grundy's game at %s: the reason says\n%s\nwant it to end\n%s", pos, why, want)
		}
	}
}
