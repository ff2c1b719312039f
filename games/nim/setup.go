package nim

import (
	"fmt"
	"strings"

	"github.com/kombi/kombi/game"
)

// The study board's set-up (game.Setter) of the Nim family: the heaps of
// the view and the player to move, read as a position.

// heapsOf writes a view's heaps and player to move in the family's
// position notation ("3;4;5", "3;4;5 P2").
func heapsOf(v game.View) (string, error) {
	if v.Kind != game.KindHeaps || len(v.Heaps) == 0 {
		return "", fmt.Errorf("set up: give the heaps (a view of kind %q)", game.KindHeaps)
	}
	heaps := make([]int, len(v.Heaps))
	for i, h := range v.Heaps {
		if h < 0 || h > 1<<40 {
			return "", fmt.Errorf("set up: heap %d holds %d tokens: want 0 or more (within the game's bound)", i+1, h)
		}
		heaps[i] = int(h)
	}
	turn := v.Status.ToMove
	if turn != 0 && turn != 1 {
		turn = 0
	}
	return heapsPosition(heaps, turn, 0), nil
}

// setUp builds the position of the edited view's heaps with parse, the
// game's ParsePosition: over when the view says it is (to_move −2).
func setUp(v game.View, parse func(string) (game.State, error)) (game.State, error) {
	p, err := heapsOf(v)
	if err != nil {
		return nil, err
	}
	st, err := parse(p)
	if err != nil {
		return nil, err
	}
	return st, game.CheckOver(st, v)
}

// SetUp builds the position of the edited view's heaps.
func (g *Game) SetUp(v game.View) (game.State, error) { return setUp(v, g.ParsePosition) }

// SetUp builds the position of the edited view's heaps.
func (g *KGame) SetUp(v game.View) (game.State, error) { return setUp(v, g.ParsePosition) }

// SetUp builds the position of the edited view's heaps.
func (g *GreedyGame) SetUp(v game.View) (game.State, error) { return setUp(v, g.ParsePosition) }

// SetUp builds the position of the edited view's heaps.
func (g *GrundyGame) SetUp(v game.View) (game.State, error) { return setUp(v, g.ParsePosition) }

// SetUp builds the position of the edited view's heaps: in the building
// phase (Status.Phase "building", or none) the player to move follows from
// the tokens placed; in the Nim phase ("nim") it is the view's. Another
// phase is refused.
func (g *BuildingGame) SetUp(v game.View) (game.State, error) {
	switch v.Status.Phase {
	case "", "building":
		p, err := heapsOf(v)
		if err != nil {
			return nil, err
		}
		heaps, _, _ := strings.Cut(p, " ")
		return g.ParsePosition(heaps)
	case "nim":
		return setUp(v, func(p string) (game.State, error) {
			heaps, _, _ := strings.Cut(p, " ")
			return g.ParsePosition("nim:" + heaps + " " + game.SeatName(max(v.Status.ToMove, 0)))
		})
	}
	return nil, fmt.Errorf("set up: status.phase %q: want \"building\" (tokens are placed) or \"nim\" (tokens are taken)", game.Clip(v.Status.Phase))
}
