package nim_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
	studynim "github.com/kombi/kombi/study/nim"
)

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
				wins := studynim.WinningMoves(heaps, misere)
				if (res.Outcome == solve.Win) != (len(wins) > 0) || studynim.IsPPosition(heaps, misere) != (res.Outcome == solve.Loss) {
					t.Fatalf("heaps %v misère %t: brute force says %v, Bouton finds %d winning moves", heaps, misere, res.Outcome, len(wins))
				}
				if res.Outcome == solve.Win && !equalMoves(res.Best, wins) {
					t.Fatalf("heaps %v misère %t: winning moves %v, brute force %v", heaps, misere, wins, res.Best)
				}
				m, err := studynim.Perfect{}.Act(ctx, s)
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
	r, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
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
	r, _ = solvers(t).Solve(ctx, g, lost, solve.Options{})
	if r.Outcome != solve.Loss || r.Value != uint64(0) || !strings.Contains(r.Text, "nim-sum is 0") {
		t.Fatalf("1,2,3 must be lost:\n%s", r.Text)
	}
	// Misère Nim has no Grundy value in this sense: the value is nil.
	gm, _ := nim.New([]int{1, 1, 1}, true)
	r, _ = solvers(t).Solve(ctx, gm, gm.NewInitialState(), solve.Options{})
	if r.Outcome != solve.Loss || r.Value != nil || r.Extra["misere"] != true {
		t.Fatalf("misère 1,1,1: %+v", r)
	}
	// The endgame's heaps counted in words ("1 one-token heap", not "1 one-token heaps"), and who takes the last
	// token: from an odd number the player to move (it said "the opponent takes the last token: the player to
	// move loses", which in misère play would make the opponent lose), from an even one the opponent.
	for pos, want := range map[string]string{
		"1;1;1": "with 3 one-token heaps in all, an odd number.\nEach move removes one heap and the players alternate, so the player to move takes the last token, and loses.",
		"1;0;0": "with 1 one-token heap in all, an odd number.\nThe player to move must take the last token, and loses.",
		"1;1;0": "with 2 one-token heaps in all, an even number.\nRemove one of them to leave an odd number: the opponent will take the last token."} {
		st, _ := gm.ParsePosition(pos)
		if r, _ = solvers(t).Solve(ctx, gm, st, solve.Options{}); !strings.Contains(r.Text, want) || strings.Contains(r.Text, "the opponent takes the last token") {
			t.Errorf("misère %s: the explanation lacks %q:\n%s", pos, want, r.Text)
		}
	}
	// A finished game: seat 0's result.
	over, _ := g.ParsePosition("0;0;0 P2")
	r, _ = solvers(t).Solve(ctx, g, over, solve.Options{})
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
	a, err := solvers(t).Analyze(ctx, g, s, solve.Options{})
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
			a, err := solvers(t).Analyze(ctx, g, s, solve.Options{})
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
		m, err := studynim.Perfect{}.Act(context.Background(), s)
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
	if studynim.NimSum(s.Heaps()) != 0 {
		t.Fatalf("after perfect's move the nim-sum is %d", studynim.NimSum(s.Heaps()))
	}
}

// TestXORTable: the solver's extra field "xor" is Bouton's table of 3;4;5
// as data (the web page draws it): 011, 100, 101, nim-sum 2 (010), and the
// one move that leaves 0, taking 2 from heap 1; 1;2;3 has nim-sum 0 and no
// such move; Building Nim's Nim phase has the same table.
func TestXORTable(t *testing.T) {
	ctx := context.Background()
	g, _ := nim.New([]int{3, 4, 5}, false)
	r, err := solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(r.Extra["xor"])
	if err != nil {
		t.Fatal(err)
	}
	want := `{"rows":[{"heap":1,"size":3,"binary":"011"},{"heap":2,"size":4,"binary":"100"},{"heap":3,"size":5,"binary":"101"}],` +
		`"nim_sum":2,"binary":"010","moves":[{"move":"1:2","heap":1,"from":3,"to":1,"take":2}]}`
	if string(data) != want {
		t.Errorf("the XOR table of 3;4;5:\n%s\nwant\n%s", data, want)
	}
	if !strings.Contains(r.Text, "     1        3  011\n") || !strings.Contains(r.Text, "  XOR         2  010") {
		t.Errorf("the explanation's table:\n%s", r.Text)
	}
	lost, _ := g.ParsePosition("1;2;3")
	r, _ = solvers(t).Solve(ctx, g, lost, solve.Options{})
	if x, ok := r.Extra["xor"].(studynim.XORTable); !ok || x.NimSum != 0 || x.Binary != "00" || len(x.Moves) != 0 || x.Moves == nil || len(x.Rows) != 3 {
		t.Errorf("the XOR table of 1;2;3: %+v", r.Extra["xor"])
	}
	bg, err := nim.NewBuilding(3, 12, nim.Free)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := bg.ParsePosition("nim:3;4;5")
	if err != nil {
		t.Fatal(err)
	}
	r, err = solvers(t).Solve(ctx, bg, bs, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if x, ok := r.Extra["xor"].(studynim.XORTable); !ok || x.NimSum != 2 || len(x.Moves) != 1 || x.Moves[0].Move != "1:2" {
		t.Errorf("Building Nim's Nim phase at 3;4;5: %+v", r.Extra["xor"])
	}
}

// TestXORTableMisereEndgame: in misère play the XOR table says when its
// rule no longer decides the position (at most one heap of two or more
// tokens), where the move that leaves a nim-sum of 0 loses: 1;1;2's XOR
// move 3:2 leaves two single tokens, and the winning move is 3:1.
func TestXORTableMisereEndgame(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		heaps   string
		misere  bool
		endgame bool
	}{
		{"1;1;2", true, true},
		{"1;1;1", true, true},
		{"0;1;1", true, true},
		{"3;4;5", true, false},
		{"1;2;2", true, false},
		{"1;1;2", false, false},
	} {
		g, _ := nim.New([]int{3, 4, 5}, c.misere)
		s, err := g.ParsePosition(c.heaps)
		if err != nil {
			t.Fatal(err)
		}
		r, err := solvers(t).Solve(ctx, g, s, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		x, ok := r.Extra["xor"].(studynim.XORTable)
		if !ok || x.MisereEndgame != c.endgame {
			t.Errorf("%s (misère %t): the XOR table says endgame %t; want %t", c.heaps, c.misere, x.MisereEndgame, c.endgame)
		}
		if c.heaps == "1;1;2" && c.misere && (len(r.Best) != 1 || s.MoveString(r.Best[0]) != "3:1" || len(x.Moves) != 1 || x.Moves[0].Move != "3:2") {
			t.Errorf("misère 1;1;2: best %v, XOR moves %+v; want 3:1 winning and 3:2 the XOR move", r.Best, x.Moves)
		}
	}
}
