package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
)

// hugeState has two billion legal moves, countable and indexable; listing
// them fails the test.
type hugeState struct{ t *testing.T }

const hugeCount = 2_000_000_000

func (s hugeState) Player() game.Player { return 0 }
func (s hugeState) LegalMoves(buf []game.Move) []game.Move {
	s.t.Fatal("the legal moves were listed")
	return buf
}
func (s hugeState) Apply(m game.Move) error {
	if m >= hugeCount {
		return fmt.Errorf("no move %d", m)
	}
	return nil
}
func (s hugeState) Clone() game.State                     { return s }
func (s hugeState) IsTerminal() bool                      { return false }
func (s hugeState) Returns() []float64                    { return []float64{0, 0} }
func (s hugeState) MoveString(m game.Move) string         { return fmt.Sprint(uint64(m)) }
func (s hugeState) ParseMove(t string) (game.Move, error) { return 0, errors.New("no") }
func (s hugeState) String() string                        { return "huge" }
func (s hugeState) MoveCount() int64                      { return hugeCount }
func (s hugeState) MoveAt(i int64) game.Move              { return game.Move(i) }

func TestHugePositionsAreNotListed(t *testing.T) {
	s := hugeState{t}
	seen := map[game.Move]bool{}
	r := bot.NewRandom(1)
	for range 10 {
		m, err := r.Act(context.Background(), s)
		if err != nil || m >= hugeCount {
			t.Fatalf("random: %d, %v", m, err)
		}
		seen[m] = true
	}
	if len(seen) < 9 {
		t.Fatalf("random picked only %d different moves of two billion", len(seen))
	}
	searchers := map[string]bot.Bot{
		"alphabeta":      bot.NewAlphaBeta(3, 0),
		"expectiminimax": bot.NewStar(bot.StarOptions{Depth: 3}),
		"perfect":        bot.NewPerfect(),
	}
	for name, b := range searchers {
		_, err := b.Act(context.Background(), s)
		if err == nil || !strings.Contains(err.Error(), "2000000000 legal moves, more than the 1048576") || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v, want a refusal naming the limit", name, err)
		}
	}
	var out strings.Builder
	h := bot.NewHuman(bot.NewLineReader(strings.NewReader("help\n")), &out, nil)
	_, _ = h.Act(context.Background(), s)
	if !strings.Contains(out.String(), "Legal moves (2000000000, first 200): 0 1 2") {
		t.Fatalf("help: %s", out.String())
	}
}

// TestAlphaBetaSharedBySeats plays one alpha-beta bot (one table) for both
// seats: stored values must serve the player to move at either seat.
func TestAlphaBetaSharedBySeats(t *testing.T) {
	ctx := context.Background()
	g, _ := nim.New([]int{1, 2, 3, 4}, false)
	ab := bot.NewAlphaBeta(20, 0)
	for seed := range uint64(20) {
		s := g.NewInitialState()
		r := bot.NewRandom(seed)
		for !s.IsTerminal() {
			// The player to move wins iff the heaps' XOR is not 0.
			if nimSum(s) != 0 {
				m, err := ab.Act(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				after := s.Clone()
				_ = after.Apply(m)
				if !after.IsTerminal() && nimSum(after) != 0 {
					t.Fatalf("seed %d: player %d in %s played %s, not a winning move", seed, s.Player(), s, s.MoveString(m))
				}
			}
			m, _ := r.Act(ctx, s)
			_ = s.Apply(m)
		}
	}
}

func nimSum(s game.State) int {
	x := 0
	for _, h := range s.(*nim.State).Heaps() {
		x ^= h
	}
	return x
}
