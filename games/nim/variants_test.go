package nim_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots); err != nil {
		t.Fatal(err)
	}
	if err := nim.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots
}

func TestVariantsConformance(t *testing.T) {
	reg, _ := registries(t)
	for _, spec := range []string{
		"nimk", "nimk(piles=1;2;3;4;5,k=3)", "nimk(piles=7,k=1)", "nimk(piles=0;3;0;2,k=4)",
		"greedynim", "greedynim(piles=4;4;4;1)", "greedynim(piles=0;9)",
		"buildingnim", "buildingnim(heaps=1,tokens=1)", "buildingnim(heaps=4,tokens=3)", "buildingnim(heaps=2,tokens=9)",
		"grundy", "grundy(heap=3)", "grundy(heap=40)",
	} {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, reg, spec, gametest.Options{Playouts: 12})
		})
	}
}

func TestVariantsPlaythroughs(t *testing.T) {
	reg, _ := registries(t)
	gametest.Playthrough(t, reg, "nimk(piles=3;4;5;6,k=2)", 1, "testdata/nimk-3456-k2-seed1.txt")
	gametest.Playthrough(t, reg, "greedynim(piles=3;5;5)", 2, "testdata/greedynim-355-seed2.txt")
	gametest.Playthrough(t, reg, "buildingnim(heaps=3,tokens=6)", 3, "testdata/buildingnim-3-6-seed3.txt")
	gametest.Playthrough(t, reg, "grundy(heap=12)", 4, "testdata/grundy-12-seed4.txt")
}

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

// crossCheck compares a game's own analysis and its perfect bot with plain
// exhaustive search (package solve) in the position st.
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
	an, err := g.(game.Solver).Solve(ctx, st, game.SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(an)
	var got struct {
		Outcome   string   `json:"outcome"`
		BestMoves []string `json:"best_moves"`
	}
	_ = json.Unmarshal(data, &got)
	var want []string
	if res.Outcome == solve.Win {
		for _, m := range res.Best {
			want = append(want, st.MoveString(m))
		}
	}
	if got.Outcome != res.Outcome.String() || strings.Join(got.BestMoves, " ") != strings.Join(want, " ") {
		t.Fatalf("%s at\n%s\nanalysis: %s %v; brute force: %s %v", g, st, got.Outcome, got.BestMoves, res.Outcome, want)
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
				if !st.IsTerminal() && nim.IsMooreP(h, k) != (nim.MooreMove(h, k) == nil) {
					t.Fatalf("heaps %v k=%d: Moore's move %v", h, k, nim.MooreMove(h, k))
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
	for n := 1; n <= 3; n++ {
		for p := 1; p <= 9; p++ {
			g, err := nim.NewBuilding(n, p)
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

// TestBuildingTrivialCases checks the cases the paper calls trivial: an odd
// number of tokens, or even numbers of tokens and heaps, are won by the
// second player.
func TestBuildingTrivialCases(t *testing.T) {
	sv := nim.NewBuildingSolver()
	for n := 1; n <= 6; n++ {
		for p := 1; p <= 16; p++ {
			w, err := nim.BuildingWinner(context.Background(), sv, n, p)
			if err != nil {
				t.Fatal(err)
			}
			if (p%2 == 1 || n%2 == 0) && w != 1 {
				t.Errorf("%d heaps, %d tokens: winner P%d, want P2", n, p, w+1)
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
	naive := nim.NaiveGrundyValues(n)
	tb, err := nim.GrundyValues(context.Background(), n, nil)
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
		if i >= 1 && nim.IsRare(v) {
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
	tb, err := nim.GrundyValues(context.Background(), 400, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range strings.Split(oeis, ",") {
		if fmt.Sprint(tb.Values[i]) != s {
			t.Fatalf("G(%d) = %d, OEIS A002188 has %s", i, tb.Values[i], s)
		}
	}
	for _, p := range [][2]int{{87, 7}, {90, 7}, {93, 7}, {146, 6}, {158, 11}, {181, 12}, {196, 10}, {231, 10}} {
		if int(tb.Values[p[0]]) != p[1] || !nim.IsRare(p[1]) {
			t.Errorf("G(%d) = %d, Flammenkamp lists the rare value %d", p[0], tb.Values[p[0]], p[1])
		}
	}
}

func TestRulesOfVariants(t *testing.T) {
	// Index-k Nim: at most k heaps.
	gk, _ := nim.NewK([]int{3, 4, 5}, 2)
	s := gk.NewInitialState()
	for _, tt := range []struct{ in, err string }{
		{"1:1+2:2", ""}, {"3:5", ""}, {"1:1+2:1+3:1", "at most k = 2 heaps"}, {"1:4", "heap 1 has only 3 tokens"},
		{"1:1+1:2", "appears twice"}, {"4:1", "there is no heap 4"}, {"1:0", "at least one token"}, {"", "want HEAP:COUNT"},
	} {
		m, err := s.ParseMove(tt.in)
		if tt.err == "" {
			if err != nil || s.MoveString(m) != tt.in {
				t.Errorf("nimk %q: %v, written %q", tt.in, err, s.MoveString(m))
			}
		} else if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("nimk %q: error %v, want %q", tt.in, err, tt.err)
		}
	}
	// Greedy Nim: only a largest heap.
	gg, _ := nim.NewGreedy([]int{3, 5, 5})
	s = gg.NewInitialState()
	m, _ := s.ParseMove("1:1")
	if err := s.Apply(m); err == nil || !strings.Contains(err.Error(), "only from a largest heap") {
		t.Errorf("greedy: taking from a smaller heap: %v", err)
	}
	// Building Nim: empty heaps first, then Nim with the turn continuing.
	gb, _ := nim.NewBuilding(2, 3)
	s = gb.NewInitialState()
	for i, step := range []struct{ in, err string }{{"+1", ""}, {"+1", "tokens go on empty heaps first"}, {"+2", ""}, {"1:1", "building phase is on"}, {"+1", ""}, {"+2", "every token is placed"}, {"1:2", ""}, {"2:1", ""}} {
		m, err := s.ParseMove(step.in)
		if err == nil {
			err = s.Apply(m)
		}
		if step.err == "" && err != nil || step.err != "" && (err == nil || !strings.Contains(err.Error(), step.err)) {
			t.Fatalf("building step %d %q: %v, want %q", i, step.in, err, step.err)
		}
	}
	// P1 placed two tokens, P2 one; P2 started Nim and took the last token.
	if !s.IsTerminal() || game.Winner(s) != 0 {
		t.Fatalf("building: P1 took the last token (moves: +1 +2 +1 by P1,P2,P1; 1:2 by P2, 2:1 by P1): winner %d\n%s", game.Winner(s), s)
	}
	// Grundy's game: unequal parts.
	gr, _ := nim.NewGrundy(8)
	s = gr.NewInitialState()
	for _, tt := range []struct{ in, err string }{{"1=5+3", ""}, {"1=3+5", ""}, {"1:3", ""}, {"1=4+4", "unequal"}, {"1=6+3", "add up to 8"}, {"2=1+1", "no heap 2"}, {"x", "want HEAP=A+B"}} {
		m, err := s.ParseMove(tt.in)
		if tt.err == "" {
			if err != nil || s.MoveString(m) != "1=5+3" {
				t.Errorf("grundy %q: %v %q", tt.in, err, s.MoveString(m))
			}
		} else if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("grundy %q: error %v, want %q", tt.in, err, tt.err)
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
		an, err := g.(game.Solver).Solve(ctx, st, game.SolveOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(an.Text(), w) {
				t.Errorf("%s %s: explanation lacks %q:\n%s", g, pos, w, an.Text())
			}
		}
	}
	gk, _ := nim.NewK([]int{1, 2, 3}, 2)
	check(gk, "3;3;3", "digit sums     3 3", "divisible by k+1 = 3", "loss")
	check(gk, "1;2;4", "win", "Moore's construction")
	gg, _ := nim.NewGreedy([]int{2, 7, 7, 7})
	check(gg, "", "occurs 3 times", "win")
	gb, _ := nim.NewBuilding(3, 5)
	check(gb, "", "p = 5 is odd", "loss")
	check(gb, "nim:1;2;2", "nim-sum", "win")
	gr, _ := nim.NewGrundy(7)
	check(gr, "", "XOR of the values: 0", "loss")
	check(gr, "7;5", "XOR of the values: 2", "win")
}

func FuzzVariantMoves(f *testing.F) {
	for _, s := range []string{"1:1+2:2", "+1", "1=5+3", "2:", "1=+", "+", "3:3+3:3", "1:99999999999999"} {
		f.Add(s)
	}
	gk, _ := nim.NewK([]int{3, 4, 5}, 2)
	gg, _ := nim.NewGreedy([]int{3, 5, 5})
	gb, _ := nim.NewBuilding(3, 4)
	gr, _ := nim.NewGrundy(9)
	games := []game.Game{gk, gg, gb, gr}
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range games {
			s := g.NewInitialState()
			m, err := s.ParseMove(text)
			if err != nil {
				continue
			}
			before := s.String()
			if err := s.Apply(m); err != nil && s.String() != before {
				t.Fatalf("%s: refused move %q changed the state", g, text)
			}
		}
	})
}

func FuzzVariantPositions(f *testing.F) {
	for _, s := range []string{"1;2;3", "nim:1;2;2", "0", "9;9;9;9", "-1", ";", "5,5,5"} {
		f.Add(s)
	}
	gk, _ := nim.NewK([]int{3}, 2)
	gb, _ := nim.NewBuilding(3, 6)
	gr, _ := nim.NewGrundy(9)
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range []game.PositionParser{gk, gb, gr} {
			st, err := g.ParsePosition(text)
			if err != nil {
				continue
			}
			_ = st.LegalMoves(nil)
			_ = st.String()
		}
	})
}
