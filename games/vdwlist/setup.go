package vdwlist

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// SetUp builds the position of an edited colouring (game.Setter): each
// number's colour (−1: uncoloured); with Status.Phase "draw" or "colour"
// the named number (the first of Status.Highlight) and, to colour, the
// drawn list (Status.Draw, colour names).
func (g *Game) SetUp(v game.View) (game.State, error) {
	if v.Kind != game.KindNumbers || len(v.Numbers) != g.s {
		return nil, fmt.Errorf("set up: give the numbers 1..%d with their colours", g.s)
	}
	var b strings.Builder
	for _, n := range v.Numbers {
		switch {
		case n.Color < 0:
			b.WriteByte('.')
		case n.Color < g.c:
			b.WriteString(colourNames[n.Color][:1])
		default:
			return nil, fmt.Errorf("set up: number %d has colour %d: the game has %d colours", n.N, n.Color, g.c)
		}
	}
	switch v.Status.Phase {
	case phaseNames[PhaseDraw], phaseNames[PhaseColour]:
		if len(v.Status.Highlight) == 0 {
			return nil, fmt.Errorf("set up: name the number to colour")
		}
		b.WriteString(":" + strconv.FormatInt(v.Status.Highlight[0], 10))
		if v.Status.Phase == phaseNames[PhaseColour] {
			b.WriteByte(':')
			for _, c := range v.Status.Draw {
				b.WriteString(strings.ToLower(c)[:1])
			}
		}
	}
	return g.ParsePosition(b.String())
}
