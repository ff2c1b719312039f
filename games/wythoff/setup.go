package wythoff

import (
	"fmt"
	"strconv"

	"github.com/kombi/kombi/game"
)

// SetUp builds the position of an edited view (game.Setter): the two heaps,
// or on the queen's board the square holding the queen ("Q"), row 0 being
// the top (y = rows−1), and the player to move.
func (g *Game) SetUp(v game.View) (game.State, error) {
	var x, y int64
	switch {
	case v.Kind == game.KindHeaps && len(v.Heaps) == 2:
		x, y = v.Heaps[0], v.Heaps[1]
	case v.Kind == game.KindGrid && v.Grid != nil:
		found := false
		for i, c := range v.Grid.Cells {
			if c.Label == "Q" {
				if found {
					return nil, fmt.Errorf("set up: the board holds two queens; put one")
				}
				found, x, y = true, int64(i%v.Grid.Cols), int64(v.Grid.Rows-1-i/v.Grid.Cols)
			}
		}
		if !found {
			return nil, fmt.Errorf("set up: put the queen (a cell labelled Q) on the board")
		}
	default:
		return nil, fmt.Errorf("set up: give the two heaps, or the queen on the board")
	}
	if x < 0 || y < 0 {
		return nil, fmt.Errorf("set up: heaps %d and %d: want 0 or more tokens", x, y)
	}
	p := strconv.FormatInt(x, 10) + ";" + strconv.FormatInt(y, 10)
	if v.Status.ToMove == 1 {
		p += ";P2"
	}
	st, err := g.ParsePosition(p)
	if err != nil {
		return nil, err
	}
	return st, game.CheckOver(st, v)
}
