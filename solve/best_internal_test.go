package solve

import (
	"testing"

	"github.com/kombi/kombi/game"
)

// TestBestMovesOnlyAmongDecided: an undecided move is never marked best,
// and while some move is undecided a move is marked only when it wins and
// its value does not matter.
func TestBestMovesOnlyAmongDecided(t *testing.T) {
	p1 := game.Player(0)
	for _, c := range []struct {
		name  string
		moves []MoveValue
		max   *game.Player
		want  []bool
	}{
		{"all undecided", []MoveValue{{Outcome: Unknown}, {Outcome: Unknown}}, nil, []bool{false, false}},
		{"a loss and an undecided", []MoveValue{{Outcome: Loss}, {Outcome: Unknown}}, nil, []bool{false, false}},
		{"a win and an undecided", []MoveValue{{Outcome: Win}, {Outcome: Unknown}}, nil, []bool{true, false}},
		{"lengths with one undecided", []MoveValue{{Outcome: Win, Value: 5}, {Outcome: Unknown}}, &p1, []bool{false, false}},
		{"lengths decided", []MoveValue{{Outcome: Win, Value: 5}, {Outcome: Win, Value: 7}}, &p1, []bool{false, true}},
		{"all lose", []MoveValue{{Outcome: Loss}, {Outcome: Loss}}, nil, []bool{true, true}},
	} {
		a := &Analysis{Moves: c.moves, Measure: MeasureInfo{Maximizer: c.max}}
		a.markBest(0)
		for i, m := range a.Moves {
			if m.Best != c.want[i] {
				t.Errorf("%s: move %d best %v, want %v", c.name, i, m.Best, c.want[i])
			}
		}
	}
}
