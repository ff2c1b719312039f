package nim2d

import (
	"fmt"
	"strings"

	"github.com/kombi/kombi/game"
)

// SetUp builds the position of an edited palette (game.Setter): each
// cell's owner (0 or 1: that seat's colour; −1: empty) and the player to
// move, or −2 for an ended palette. The rules check that play can reach it.
func (g *Game) SetUp(v game.View) (game.State, error) {
	n := g.board.N
	if v.Kind != game.KindGrid || v.Grid == nil || v.Grid.Rows != n || v.Grid.Cols != n || len(v.Grid.Cells) != n*n {
		return nil, fmt.Errorf("set up: give the %d×%d palette", n, n)
	}
	var b strings.Builder
	for r := range n {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range n {
			switch cell := v.Grid.Cells[r*n+c]; {
			case cell.Owner == 0 || cell.Owner == 1:
				b.WriteByte(g.colour[cell.Owner])
			case cell.Blocked:
				b.WriteByte('X')
			default:
				b.WriteByte('.')
			}
		}
	}
	turn := v.Status.ToMove
	if turn != 0 && turn != 1 {
		turn = 0
	}
	b.WriteString(":" + string(g.colour[turn]))
	st, err := g.ParsePosition(b.String())
	if err != nil {
		return nil, err
	}
	return st, game.CheckOver(st, v)
}
