package apgame_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/solve"
	studyap "github.com/kombi/kombi/study/apgame"
	"github.com/kombi/kombi/study/studytest"
)

// smallGames returns random small games for exact cross-checks.
func smallGames(t *testing.T, n int) []*apgame.Game {
	rng := rand.New(rand.NewPCG(9, 9))
	var out []*apgame.Game
	for len(out) < n {
		x := 5 + rng.IntN(5)
		k := 3 + rng.IntN(2)
		if k > x {
			continue
		}
		g, err := apgame.New(x, k, rng.Uint64()>>1)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// denseGames returns random games on 10 to 12 numbers of {1..16}, with
// many overlapping progressions, for exact cross-checks.
func denseGames(t *testing.T, n int) []*apgame.Game {
	rng := rand.New(rand.NewPCG(11, 12))
	var out []*apgame.Game
	for len(out) < n {
		set := rng.Perm(16)[:10+rng.IntN(3)]
		for i := range set {
			set[i]++
		}
		if g, err := apgame.NewWithSet(set, 3+rng.IntN(2)); err == nil {
			out = append(out, g)
		}
	}
	return out
}

// TestExactAgainstBruteForce checks the exact solver, which skips dead
// numbers and takes shortcuts, against plain memoised minimax over every
// legal move, and what How it works says of each position (teachHolds).
func TestExactAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	claims := map[string]int{}
	for _, g := range append(smallGames(t, 25), denseGames(t, 12)...) {
		s := g.NewInitialState()
		// Also some positions a few random moves in.
		for step := 0; !s.IsTerminal() && step < 6; step++ {
			brute, err := solve.NewMinimax(0).Solve(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			x := studyap.NewExact(0)
			v, best, err := x.BestMoves(ctx, s.(*apgame.State))
			if err != nil {
				t.Fatal(err)
			}
			var want []int
			for _, m := range brute.Best {
				want = append(want, int(m))
			}
			if v != brute.Outcome || !slices.Equal(best, want) {
				t.Fatalf("%s at\n%s\nexact %d %v, brute force %v %v", g, s, v, best, brute.Outcome, want)
			}
			teachHolds(t, g, s, brute.Outcome, claims)
			moves := s.LegalMoves(nil)
			play(t, s, int(moves[rng.IntN(len(moves))]))
		}
	}
	if len(claims) < 5 {
		t.Errorf("the positions met too few of How it works' claims to check them all: %v", claims)
	}
}

// TestStrongKeepsExactOutcome: on small sets the strong player's move keeps
// the exact outcome of the position (a won position stays won, a drawn one
// drawn), as far as the exact solver says.
func TestStrongKeepsExactOutcome(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for _, g := range smallGames(t, 25) {
		s := g.NewInitialState().(*apgame.State)
		for !s.IsTerminal() {
			x := studyap.NewExact(0)
			before, err := x.Value(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			m, err := apgame.NewStrong(apgame.StrongOptions{}).Act(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			c := s.Clone().(*apgame.State)
			play(t, c, int(m))
			after := solve.Draw
			if w, _ := c.Winner(); w >= 0 {
				after = solve.Loss
			} else if !c.IsTerminal() {
				after, _ = x.Value(ctx, c)
			}
			if after.Neg() != before {
				t.Fatalf("%s at\n%s\nexact value %d, strong plays %d giving %d", g, s, before, m, -after)
			}
			checked++
			moves := s.LegalMoves(nil)
			play(t, s, int(moves[rng.IntN(len(moves))]))
		}
	}
	if checked < 50 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func TestStrongTactics(t *testing.T) {
	ctx := context.Background()
	g := mustSet(t, []int{1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 20, 40, 60}, 3)
	strong := apgame.NewStrong(apgame.StrongOptions{})
	act := func(pos string) int {
		t.Helper()
		s, err := g.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		m, err := strong.Act(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		return int(m)
	}
	// Immediate win: P1 holds 20 40, so 60 wins at once, although P2 (3 4)
	// threatens 2 and 5.
	if m := act("20 40 1 / 3 4 13"); m != 60 {
		t.Errorf("must take the win at 60, played %d", m)
	}
	// Immediate loss: P2 holds 3 9 and threatens 6 (3 6 9); P1 cannot win at
	// once, so it must block.
	if m := act("20 1 / 3 9"); m != 6 {
		t.Errorf("must block 6 (3 6 9), played %d", m)
	}
	h := mustSet(t, []int{1, 3, 5, 7, 9, 100, 200, 300}, 3)
	s, _ := h.ParsePosition("1 9 / 100 7")
	m, _ := strong.Act(ctx, s)
	// 5 completes 1 5 9: an immediate win.
	if m != 5 {
		t.Errorf("must win with 5, played %d", m)
	}
	s, _ = h.ParsePosition("1 / 100")
	// With 1 and 5, P1 would threaten 3 (1 3 5) and 9 (1 5 9): a double
	// threat; strong must find a winning move.
	x := studyap.NewExact(0)
	m, _ = strong.Act(ctx, s)
	c := s.Clone().(*apgame.State)
	play(t, c, int(m))
	if v, _ := x.Value(ctx, c); v != solve.Loss {
		t.Errorf("P1 wins by a double threat; strong played %d, after which the opponent's value is %d", m, v)
	}
}

// TestPerfect: the perfect player keeps the exact outcome of every position
// of small games (a won position stays won, a drawn one drawn), refuses
// large sets naming the limit, and stops at its node bound.
func TestPerfect(t *testing.T) {
	ctx := context.Background()
	reg, bots := registries(t)
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, g := range append(smallGames(t, 10), denseGames(t, 4)...) {
		b, err := bots.New("perfect", g, bot.Env{})
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewInitialState()
		for !s.IsTerminal() {
			brute, err := solve.NewMinimax(0).Solve(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			m, err := b.Act(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(brute.Best, m) {
				t.Fatalf("%s at %q: perfect plays %d, the best moves are %v (%v)", g, s.(*apgame.State).Position(), m, brute.Best, brute.Outcome)
			}
			checked++
			// Follow perfect's move or a random one.
			if rng.IntN(2) == 0 {
				moves := s.LegalMoves(nil)
				m = moves[rng.IntN(len(moves))]
			}
			play(t, s, int(m))
		}
	}
	if checked < 50 {
		t.Fatalf("only %d positions checked", checked)
	}
	big, _ := reg.Load("ap(x=1000,k=3)", 1)
	if _, err := bots.New("perfect", big, bot.Env{}); err == nil || !strings.Contains(err.Error(), "takes on at most 40") {
		t.Fatalf("perfect on 1000 numbers: %v", err)
	}
	mid, _ := reg.Load("ap(x=40,k=3)", 2)
	b, err := bots.New("perfect(nodes=1000)", mid, bot.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Act(ctx, mid.NewInitialState()); err == nil || !strings.Contains(err.Error(), "not decided after 1000 positions (the bound nodes=1000)") {
		t.Fatalf("perfect with 1000 nodes on 40 numbers: %v", err)
	}
}

func TestSolveResult(t *testing.T) {
	ctx := context.Background()
	reg, _ := registries(t)
	g, _ := reg.Load("ap(k=3,set=1;2;3;4;5;6;7;20)", 1)
	r, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(r)
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"game", "position", "player", "outcome", "value", "lower_bound", "upper_bound", "best_moves", "complete", "nodes", "seconds", "set", "k", "progressions", "to_move"} {
		if _, ok := got[f]; !ok {
			t.Errorf("JSON lacks %q: %s", f, data)
		}
	}
	if r.Outcome != solve.Win || !r.Complete || r.Value != nil || got["position"] != "/" || got["to_move"] != "P1 (red)" || len(r.BestMoves) == 0 ||
		!strings.Contains(r.Text, "P1 (red) wins against any defence by taking one of: "+strings.Join(r.BestMoves, " ")) {
		t.Fatalf("solve: %s\n%s", data, r.Text)
	}
	// Every best move wins, as plain minimax finds.
	brute, _ := solve.NewMinimax(0).Solve(ctx, g.NewInitialState())
	if brute.Outcome != solve.Win || !slices.Equal(r.Best, brute.Best) {
		t.Fatalf("best %v, brute force %v", r.Best, brute.Best)
	}
	// A lost position lists no best move; a finished one is seat 0's result.
	lost, _ := g.(*apgame.Game).ParsePosition("3 5 / 20") // P1 threatens 1, 4 and 7
	if r, err := solvers(t).Solve(ctx, g, lost, solve.Options{}); err != nil || r.Outcome != solve.Loss || len(r.BestMoves) != 0 || !strings.Contains(r.Text, "loses against best play") {
		t.Fatalf("lost position: %+v %v", r, err)
	}
	over, _ := g.(*apgame.Game).ParsePosition("1 2 3 / 5 7")
	if r, err := solvers(t).Solve(ctx, g, over, solve.Options{}); err != nil || r.Outcome != solve.Win || !r.Complete || r.Player != game.Terminal {
		t.Fatalf("finished position: %+v %v", r, err)
	}
	// Too large without a bound: refused, naming the limit; with a node
	// budget: not decided, the partial result with the error.
	big, _ := reg.Load("ap(x=1000,k=3)", 1)
	if _, err := solvers(t).Solve(ctx, big, big.NewInitialState(), solve.Options{}); err == nil || !strings.Contains(err.Error(), "at most 40 without a time bound") {
		t.Fatalf("1000 numbers: %v", err)
	}
	mid, _ := reg.Load("ap(x=60,k=4)", 3)
	r, err = solvers(t).Solve(ctx, mid, mid.NewInitialState(), solve.Options{Nodes: 20000})
	if !solve.Stopped(err) || r == nil || r.Complete || r.Outcome != solve.Unknown || r.Nodes < 20000 || !strings.Contains(r.Text, "Not decided") {
		t.Fatalf("budget: %+v %v", r, err)
	}
	tctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	r, err = solvers(t).Solve(tctx, big, big.NewInitialState(), solve.Options{})
	if !errors.Is(err, context.DeadlineExceeded) || r == nil || r.Complete || r.Outcome == solve.Loss || r.Outcome == solve.Draw {
		t.Fatalf("1000 numbers within 50ms: %+v %v", r, err)
	}
}

// seed3 is ap(x=20,k=3,seed=3), the game of the line and race examples.
func seed3(t *testing.T) *apgame.Game {
	reg, _ := registries(t)
	g, err := reg.Load("ap(x=20,k=3,seed=3)", 1)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*apgame.Game)
}

// TestSolveShowsALineOfBestPlay: How it works plays one line of best play
// where a side wins in two moves or more (the winner's soonest win, the
// loser's longest defence, the threats made and blocked, the progression
// completed); a win at once is said by the shortcuts alone, and a draw has
// no line. On 20 numbers of seed 3: Red holds 13, 20 and Blue 9, 27; Red's
// 2 threatens 11 (2, 11, 20) and 38 (2, 20, 38).
func TestSolveShowsALineOfBestPlay(t *testing.T) {
	ctx := context.Background()
	reg, _ := registries(t)
	g := seed3(t)
	for pos, want := range map[string]string{
		"13 20 / 9 27": "One line of best play: Red completes a progression in 2 moves of its own, whatever Blue does (Red\n" +
			"takes a number that wins soonest, Blue one that holds out longest): Red\u00a02 (threatens 11 and 38) →\n" +
			"Blue\u00a011 (a block; threatens 7) → Red\u00a038: Red completes the progression 2, 20, 38.\n",
		"13 20 2 / 9 27 11": "", // Red takes 38 at once
		"13 20 2 / 9 27":    "", // Blue can block only one of 11 and 38
	} {
		st, err := g.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		r, err := solvers(t).Solve(ctx, g, st, solve.Options{})
		if err != nil || r.Outcome != solve.Win && r.Outcome != solve.Loss {
			t.Fatalf("%s: %+v %v", pos, r, err)
		}
		if want == "" && strings.Contains(r.Teach, "One line") || want != "" && !strings.HasSuffix(r.Teach, want) {
			t.Errorf("%s: How it works says\n%s\nwant it to end\n%s", pos, r.Teach, want)
		}
	}
	drawn, _ := reg.Load("ap(x=12,k=3,seed=1)", 1)
	if r, err := solvers(t).Solve(ctx, drawn, drawn.NewInitialState(), solve.Options{}); err != nil || r.Outcome != solve.Draw || strings.Contains(r.Teach, "One line") {
		t.Fatalf("a drawn game: %+v %v", r, err)
	}
}

// TestHintRaces: the terminal's hint names the soonest wins and the
// longest defence where the analysis measures the race (win_in); a block
// forced by a threat that loses anyway says the general words.
func TestHintRaces(t *testing.T) {
	ctx := context.Background()
	g := seed3(t)
	for pos, want := range map[string]string{
		"13 20 / 9 27":   "Winning moves: 2 7 11 17 35 38 57 94. The soonest: 2 57 (a progression within 1 more move).",
		"13 20 / 9":      "Every move loses against perfect play; the longest defence: 27 (your opponent then needs 2 more moves).",
		"13 20 2 / 9 27": "Every move loses against perfect play: choose one that leaves your opponent the most to get right.",
	} {
		st, err := g.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := bot.HintText(ctx, solvers(t), g, st, time.Minute); !strings.HasPrefix(got, want+"\n") {
			t.Errorf("%s: the hint says\n%s\nwant it to start\n%s", pos, got, want)
		}
	}
}

// TestAnalyze checks every move's outcome against plain minimax.
func TestAnalyze(t *testing.T) {
	ctx := context.Background()
	for _, g := range append(smallGames(t, 8), denseGames(t, 4)...) {
		s := g.NewInitialState()
		a, err := solvers(t).Analyze(ctx, g, s, solve.Options{})
		if err != nil || !a.Complete || len(a.Moves) != len(s.LegalMoves(nil)) {
			t.Fatalf("%s: %+v %v", g, a, err)
		}
		for _, mv := range a.Moves {
			c := s.Clone()
			play(t, c, int(mv.M))
			want := solve.Win
			if !c.IsTerminal() {
				r, err := solve.NewMinimax(0).Solve(ctx, c)
				if err != nil {
					t.Fatal(err)
				}
				want = r.Outcome.Neg()
			} else if game.Winner(c) < 0 {
				want = solve.Draw
			}
			if mv.Outcome != want || mv.Value != nil {
				t.Fatalf("%s: move %s: %v, brute force %v", g, mv.Move, mv.Outcome, want)
			}
		}
	}
}

func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots, _ := kit(t)
	return games, bots
}

// kit returns the family's games, the bots (generic, the rules' and the
// study's) and the study's solvers.
func kit(t testing.TB) (*game.Registry, *bot.Registry, *solve.Solvers) {
	t.Helper()
	k := studytest.New(t, apgame.Register, studyap.Register)
	return k.Games, k.Bots, k.Solvers
}

// solvers returns the study's solvers.
func solvers(t testing.TB) *solve.Solvers {
	t.Helper()
	_, _, sv := kit(t)
	return sv
}

func mustSet(t testing.TB, set []int, k int) *apgame.Game {
	t.Helper()
	g, err := apgame.NewWithSet(set, k)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play colours the numbers in turn and fails on a refused move.
func play(t testing.TB, s game.State, numbers ...int) {
	t.Helper()
	for _, v := range numbers {
		if err := s.Apply(game.Move(v)); err != nil {
			t.Fatalf("colour %d: %v", v, err)
		}
	}
}

// teachHolds checks what How it works says a position's shortcuts decide
// against plain minimax's outcome there (a side it says cannot win does
// not win; a side it says wins at once, or must lose to two threats, does),
// and that the solve's text holds it; it counts the claims met.
func teachHolds(t *testing.T, g game.Game, s game.State, brute solve.Outcome, claims map[string]int) {
	t.Helper()
	r, err := solvers(t).Solve(context.Background(), g, s, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mover, other := "Red", "Blue"
	if s.Player() == 1 {
		mover, other = other, mover
	}
	teach := strings.Join(strings.Fields(r.Teach), " ")
	for claim, holds := range map[string]bool{
		"So " + mover + " cannot win.":                  brute != solve.Win,
		"So " + other + " cannot win.":                  brute != solve.Loss,
		"So neither side can win: best play draws.":     brute == solve.Draw,
		"Here " + mover + " completes a progression by": brute == solve.Win,
		"can block only one.":                           brute == solve.Loss,
	} {
		if strings.Contains(teach, claim) {
			claims[claim]++
			if !holds {
				t.Fatalf("%s at\n%s\nHow it works says %q; plain minimax: %v\n%s", g, s, claim, brute, r.Teach)
			}
		}
	}
	if !strings.Contains(r.Text, strings.TrimSpace(r.Teach)) {
		t.Fatalf("the solve's text does not hold How it works:\n%s\n---\n%s", r.Text, r.Teach)
	}
}

// TestTeach: How it works for a set where every number draws says why.
func TestTeach(t *testing.T) {
	ctx := context.Background()
	reg, _ := registries(t)
	g, _ := reg.Load("ap(x=30,k=4,seed=1)", 1)
	r, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	teach := strings.Join(strings.Fields(r.Teach), " ")
	for _, want := range []string{
		"Erdős–Selfridge: when the sum of 2⁻ᵐ over the progressions a side can still complete (m: the numbers it still needs) is below 1/2 with that side to move,",
		"Red, to move, has 5/16; Blue has 5/16. So neither side can win: best play draws.",
		"Numbers in no progression either side can still complete change nothing: taking one only passes the turn, so each is worth what passing is (the search values one of them for all): 13, 16, 24,",
	} {
		if !strings.Contains(teach, want) {
			t.Errorf("ap(x=30,k=4,seed=1): How it works lacks %q:\n%s", want, r.Teach)
		}
	}
	if r.Outcome != solve.Draw {
		t.Errorf("ap(x=30,k=4,seed=1): %v, not the draw How it works explains", r.Outcome)
	}
	// Sums too large to rule a side out say so (a student read "9/4" and
	// nothing after it).
	g, _ = reg.Load("ap(x=20,k=3,seed=1)", 1)
	if r, err = solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{}); err != nil {
		t.Fatal(err)
	}
	if want := "Red, to move, has 9/4; Blue has 9/4. Neither sum is small enough for the criterion to rule a side out here: the search decides."; !strings.Contains(strings.Join(strings.Fields(r.Teach), " "), want) {
		t.Errorf("ap(x=20,k=3,seed=1): How it works lacks %q:\n%s", want, r.Teach)
	}
	// A set with many such numbers: the first 20 of them and how many more.
	g, _ = reg.Load("ap(x=60,k=5,seed=1)", 1)
	r, err = solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "the search values one of them for all): 1, 25, 32, 36, 37, 47, 50, 63, 73, 76, 77, 81, 98, 102, 103, 104, 116, 121, 131, 140 and 22 more."; !strings.Contains(strings.Join(strings.Fields(r.Teach), " "), want) {
		t.Errorf("ap(x=60,k=5,seed=1): How it works lacks %q:\n%s", want, r.Teach)
	}
}
