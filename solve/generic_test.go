package solve_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// sub is a subtraction game: take 1, 2 or 3 tokens from one heap; under
// normal play the last taker wins (Grundy value of a heap of n: n mod 4),
// under misère play loses. With chance, a coin decides before every move
// whether the mover takes one token more (when there is one).
type sub struct {
	heaps  []int
	turn   game.Player
	misere bool
	chance bool
	coin   bool // a coin is due
	extra  bool // the coin said: one more
}

type subGame struct {
	heaps          []int
	misere, chance bool
}

func (g subGame) Type() *game.Type {
	return &game.Type{Name: "sub", Impartial: !g.chance, Chance: g.chance}
}
func (g subGame) String() string {
	return fmt.Sprintf("sub(%v,misere=%t,chance=%t)", g.heaps, g.misere, g.chance)
}
func (g subGame) NewInitialState() game.State {
	return &sub{heaps: append([]int(nil), g.heaps...), misere: g.misere, chance: g.chance, coin: g.chance}
}

func (s *sub) over() bool {
	for _, h := range s.heaps {
		if h > 0 {
			return false
		}
	}
	return true
}
func (s *sub) Player() game.Player {
	switch {
	case s.over():
		return game.Terminal
	case s.coin:
		return game.Chance
	}
	return s.turn
}
func (s *sub) IsTerminal() bool { return s.over() }
func (s *sub) LegalMoves(buf []game.Move) []game.Move {
	switch {
	case s.over():
		return buf
	case s.coin:
		return append(buf, 0, 1)
	}
	for i, h := range s.heaps {
		for t := 1; t <= min(3, h); t++ {
			buf = append(buf, game.Move(i*4+t))
		}
	}
	return buf
}
func (s *sub) ChanceOutcomes() []game.Outcome {
	return []game.Outcome{{Move: 0, Num: 1, Den: 2}, {Move: 1, Num: 1, Den: 2}}
}
func (s *sub) Apply(m game.Move) error {
	if s.coin {
		s.coin, s.extra = false, m == 1
		return nil
	}
	i, t := int(m/4), int(m%4)
	if s.over() || i >= len(s.heaps) || t < 1 || t > s.heaps[i] {
		return fmt.Errorf("illegal")
	}
	if s.extra && s.heaps[i] > t {
		t++
	}
	s.heaps[i] -= t
	s.turn = 1 - s.turn
	s.coin = s.chance
	return nil
}
func (s *sub) Clone() game.State {
	c := *s
	c.heaps = append([]int(nil), s.heaps...)
	return &c
}
func (s *sub) Returns() []float64 {
	if !s.over() {
		return []float64{0, 0}
	}
	last := 1 - s.turn // who took the last token
	r := []float64{-1, -1}
	r[last] = 1
	if s.misere {
		r[last], r[1-last] = -1, 1
	}
	return r
}
func (s *sub) MoveString(m game.Move) string       { return fmt.Sprintf("%d:%d", m/4+1, m%4) }
func (s *sub) ParseMove(string) (game.Move, error) { return 0, fmt.Errorf("no") }
func (s *sub) String() string                      { return fmt.Sprint(s.heaps, s.turn, s.coin, s.extra) }
func (s *sub) Key() uint64 {
	h := game.HashMix(uint64(s.turn), uint64(len(s.heaps)))
	for _, x := range s.heaps {
		h = game.HashMix(h, uint64(x))
	}
	if s.coin {
		h = game.HashMix(h, 1)
	}
	if s.extra {
		h = game.HashMix(h, 2)
	}
	return h
}

// TestGenericPicksBySort: Generic values an impartial game by Grundy
// values, a misère one by minimax, a chance game by expectimax, and a
// Solvers registry without the game's own solver uses Generic.
func TestGenericPicksBySort(t *testing.T) {
	ctx := context.Background()
	var none *solve.Solvers
	g := subGame{heaps: []int{3, 5, 6}}
	r, err := none.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Grundy values 3, 1, 2: XOR 0, the player to move loses.
	if r.Outcome != solve.Loss || r.Value != uint64(0) || len(r.BestMoves) != 0 || r.Extra["grundy"] != uint64(0) {
		t.Fatalf("sub 3,5,6: %+v", r)
	}
	g = subGame{heaps: []int{3, 5, 7}}
	r, err = none.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Win || r.Value != uint64(1) || strings.Join(r.BestMoves, " ") != "1:1 2:1 3:1" {
		t.Fatalf("sub 3,5,7: %+v, %v", r, err)
	}
	a, err := none.Analyze(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || len(a.Moves) != 9 || a.Moves[0].Outcome != solve.Win || a.Moves[0].Value != uint64(0) || a.Moves[1].Value != uint64(3) {
		t.Fatalf("analysis of sub 3,5,7: %+v, %v", a, err)
	}
	// Misère: one heap of 1 loses for the player to move.
	g = subGame{heaps: []int{1}, misere: true}
	r, err = none.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Loss || r.Value != nil {
		t.Fatalf("misère sub 1: %+v, %v", r, err)
	}
	g = subGame{heaps: []int{2}, misere: true}
	r, err = none.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Win || strings.Join(r.BestMoves, " ") != "1:1" {
		t.Fatalf("misère sub 2: %+v, %v", r, err)
	}
	// Chance: a heap of 1 goes to P1 at once (after the coin).
	g = subGame{heaps: []int{1}, chance: true}
	r, err = none.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Win || r.Value != "1/1" || r.Player != game.Chance {
		t.Fatalf("chance sub 1: %+v, %v", r, err)
	}
	// A heap of 4: P1 wins when the coin gives the extra token (take 3,
	// and 4 go); otherwise P2 takes what is left.
	g = subGame{heaps: []int{4}, chance: true}
	r, err = none.Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Chance || r.Value != "1/2" || r.Extra["p1_win"] != "1/2" {
		t.Fatalf("chance sub 4: %+v, %v", r, err)
	}
	// A registered solver wins over Generic.
	var own solve.Solvers
	if err := own.Register("sub", fixed{}); err != nil {
		t.Fatal(err)
	}
	if err := own.Register("sub", fixed{}); err == nil {
		t.Fatal("a second solver for sub was registered")
	}
	if r, err := own.Solve(ctx, g, g.NewInitialState(), solve.Options{}); err != nil || r.Text != "fixed" || r.Game != g.String() {
		t.Fatalf("own solver: %+v, %v", r, err)
	}
	if names := own.Names(); len(names) != 1 || names[0] != "sub" {
		t.Fatalf("names %v", names)
	}
}

type fixed struct{}

func (fixed) Solve(context.Context, game.Game, game.State, solve.Options) (*solve.Result, error) {
	return &solve.Result{Outcome: solve.Unknown, Text: "fixed"}, nil
}

// TestAnalysisOfADraw: at a chance node the analysis lists every draw with
// its probability and value, marks none best (chance prefers none), and
// gives the position's value, the draws' values averaged, which is the
// value the solver finds for the position itself.
func TestAnalysisOfADraw(t *testing.T) {
	ctx := context.Background()
	var none *solve.Solvers
	for _, heaps := range [][]int{{1, 2}, {2, 3}, {3, 4, 2}} {
		g := subGame{heaps: heaps, chance: true}
		st := g.NewInitialState()
		a, err := none.Analyze(ctx, g, st, solve.Options{})
		if err != nil || !a.Complete || len(a.Moves) != 2 {
			t.Fatalf("%v: analysis of the first coin: %+v, %v", heaps, a, err)
		}
		avg := new(big.Rat)
		for _, mv := range a.Moves {
			v, ok := new(big.Rat).SetString(fmt.Sprint(mv.Value))
			if mv.Probability != "1/2" || mv.Best || !ok {
				t.Fatalf("%v: draw %s: probability %q, best %v, value %v", heaps, mv.Move, mv.Probability, mv.Best, mv.Value)
			}
			avg.Add(avg, v.Quo(v, big.NewRat(2, 1)))
		}
		r, err := none.Solve(ctx, g, st, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := new(big.Rat).SetString(fmt.Sprint(r.Value))
		if got, ok := new(big.Rat).SetString(fmt.Sprint(a.Value)); !ok || got.Cmp(want) != 0 || got.Cmp(avg) != 0 {
			t.Errorf("%v: the analysis values the coin %v; the solver %v, the draws' average %v", heaps, a.Value, r.Value, avg.RatString())
		}
		// At a player's move there is neither.
		after := st.Clone()
		if err := after.Apply(0); err != nil {
			t.Fatal(err)
		}
		b, err := none.Analyze(ctx, g, after, solve.Options{})
		if err != nil || b.Value != nil || b.Moves[0].Probability != "" {
			t.Errorf("%v: a player's move analysed with a value %v, probability %q (%v)", heaps, b.Value, b.Moves[0].Probability, err)
		}
	}
}
