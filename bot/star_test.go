package bot_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// treeGame is a synthetic game tree with chance nodes: levels cycle through
// player 0 (3 moves), chance (3 outcomes of 1/6, 1/3, 1/2), player 1 (3
// moves), chance; some nodes end the game early. Results and evaluations are
// drawn from a hash of the path.
type treeGame struct {
	depth int
	seed  uint64
}

func (g treeGame) Type() *game.Type            { return &game.Type{Name: "tree", Chance: true} }
func (g treeGame) String() string              { return fmt.Sprintf("tree(depth=%d,seed=%d)", g.depth, g.seed) }
func (g treeGame) NewInitialState() game.State { return &treeState{g: g, h: game.HashMix(g.seed, 1)} }

type treeState struct {
	g     treeGame
	level int
	h     uint64
	stack []uint64
}

func (s *treeState) ended() bool {
	return s.level >= s.g.depth || s.level > 1 && s.h%11 == 0
}

func (s *treeState) Player() game.Player {
	switch {
	case s.ended():
		return game.Terminal
	case s.level%2 == 1:
		return game.Chance
	}
	return game.Player(s.level / 2 % 2)
}

func (s *treeState) IsTerminal() bool { return s.ended() }
func (s *treeState) LegalMoves(buf []game.Move) []game.Move {
	if s.ended() {
		return buf
	}
	return append(buf, 0, 1, 2)
}
func (s *treeState) Apply(m game.Move) error {
	if s.ended() || m > 2 {
		return fmt.Errorf("illegal")
	}
	s.ApplyUnchecked(m)
	return nil
}
func (s *treeState) ApplyUnchecked(m game.Move) {
	s.stack = append(s.stack, s.h)
	s.h = game.HashMix(s.h, uint64(m)+7)
	s.level++
}
func (s *treeState) Undo(game.Move) {
	s.h = s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.level--
}
func (s *treeState) Clone() game.State {
	c := *s
	c.stack = append([]uint64(nil), s.stack...)
	return &c
}
func (s *treeState) Returns() []float64 {
	if !s.ended() {
		return []float64{0, 0}
	}
	r := float64(int(s.h>>20%3) - 1)
	return []float64{r, -r}
}
func (s *treeState) MoveString(m game.Move) string       { return fmt.Sprint(m) }
func (s *treeState) ParseMove(string) (game.Move, error) { return 0, fmt.Errorf("no notation") }
func (s *treeState) String() string                      { return fmt.Sprintf("%d:%x", s.level, s.h) }
func (s *treeState) Key() uint64                         { return s.h }
func (s *treeState) ChanceOutcomes() []game.Outcome {
	return []game.Outcome{{Move: 0, Num: 1, Den: 6}, {Move: 1, Num: 1, Den: 3}, {Move: 2, Num: 1, Den: 2}}
}
func (s *treeState) Evaluate(p game.Player) float64 {
	v := float64(s.h>>11%2001)/1000 - 1
	if p == 1 {
		return -v
	}
	return v
}

// expectiminimax is the plain definition: the value for root of s searched
// to depth, with the evaluation at the horizon.
func expectiminimax(s game.State, root game.Player, depth int) float64 {
	if s.IsTerminal() {
		return s.Returns()[root]
	}
	if depth == 0 {
		return s.(bot.Evaluator).Evaluate(root)
	}
	if s.Player() == game.Chance {
		v := 0.0
		for _, o := range s.(game.Chancer).ChanceOutcomes() {
			c := s.Clone()
			_ = c.Apply(o.Move)
			v += o.Probability() * expectiminimax(c, root, depth-1)
		}
		return v
	}
	best := math.Inf(-1)
	if s.Player() != root {
		best = math.Inf(1)
	}
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		_ = c.Apply(m)
		v := expectiminimax(c, root, depth-1)
		if s.Player() == root {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// TestStarPruningKeepsValues checks Star2, Star1 and plain expectiminimax
// against the definition on random trees, from both players' nodes, with
// and without the transposition table, and that pruning visits fewer nodes.
func TestStarPruningKeepsValues(t *testing.T) {
	ctx := context.Background()
	nodes, plain := map[bot.ChancePruning]int64{}, map[bot.ChancePruning]int64{}
	for seed := range uint64(40) {
		for _, depth := range []int{1, 2, 3, 5, 7, 9} {
			g := treeGame{depth: 12, seed: seed}
			s := g.NewInitialState()
			if seed%2 == 1 { // start at player 1's node
				_ = s.Apply(0)
				_ = s.Apply(1)
			}
			if s.IsTerminal() {
				continue
			}
			want := expectiminimax(s, s.Player(), depth)
			for _, pr := range []bot.ChancePruning{bot.Star2, bot.Star1, bot.NoChancePruning} {
				for _, noTable := range []bool{false, true} {
					b := bot.NewStar(bot.StarOptions{Depth: depth, Pruning: pr, NoTable: noTable})
					m, v, _, err := b.Search(ctx, s, depth)
					if err != nil {
						t.Fatal(err)
					}
					if math.Abs(v-want) > 1e-9 {
						t.Fatalf("seed %d depth %d %v table=%t: value %v, expectiminimax %v", seed, depth, pr, !noTable, v, want)
					}
					c := s.Clone()
					_ = c.Apply(m)
					if got := expectiminimax(c, s.Player(), depth-1); math.Abs(got-want) > 1e-9 {
						t.Fatalf("seed %d depth %d %v: move %d has value %v, best is %v", seed, depth, pr, m, got, want)
					}
					if noTable {
						plain[pr] += b.Nodes()
					} else {
						nodes[pr] += b.Nodes()
					}
				}
			}
		}
	}
	if !(nodes[bot.Star2] < nodes[bot.NoChancePruning] && nodes[bot.Star1] < nodes[bot.NoChancePruning]) {
		t.Fatalf("nodes visited with a table: star2 %d, star1 %d, none %d: pruning must visit fewer", nodes[bot.Star2], nodes[bot.Star1], nodes[bot.NoChancePruning])
	}
	t.Logf("nodes visited with a table: star2 %d, star1 %d, none %d; without: star2 %d, star1 %d, none %d",
		nodes[bot.Star2], nodes[bot.Star1], nodes[bot.NoChancePruning], plain[bot.Star2], plain[bot.Star1], plain[bot.NoChancePruning])
}

func TestStarActAndDeadline(t *testing.T) {
	g := treeGame{depth: 40, seed: 3}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	b := bot.NewStar(bot.StarOptions{Depth: 40})
	m, err := b.Act(ctx, g.NewInitialState())
	if err != nil {
		t.Fatal(err)
	}
	// A deadline ends the deepening with the best move of the deepest
	// finished iteration (a 40-move search of this tree takes far longer).
	if m > 2 || b.LastDepth < 2 || b.LastDepth >= 40 || b.Exact {
		t.Fatalf("move %d, depth %d, exact %t: want a legal move of a partial search", m, b.LastDepth, b.Exact)
	}
	// A short game is searched to the end: the value is exact.
	short := treeGame{depth: 6, seed: 3}
	b = bot.NewStar(bot.StarOptions{Depth: 20})
	if _, err := b.Act(context.Background(), short.NewInitialState()); err != nil {
		t.Fatal(err)
	}
	if want := expectiminimax(short.NewInitialState(), 0, 20); !b.Exact || math.Abs(b.LastValue-want) > 1e-9 {
		t.Fatalf("exact %t value %v, want exact %v", b.Exact, b.LastValue, want)
	}
}
