package vdwlist

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// SetUp builds the position of an edited colouring (game.Setter): each
// number 1..s in order with its colour (−1: uncoloured); with
// Status.Phase "draw" or "colour" the named number (the first of
// Status.Highlight) and, to colour, the drawn list (Status.Draw, colour
// names). Another phase, or a colour the game does not have, is refused.
func (g *Game) SetUp(v game.View) (game.State, error) {
	if v.Kind != game.KindNumbers || len(v.Numbers) != g.s {
		return nil, fmt.Errorf("set up: give every number 1..%d in order, each with its colour (0 to %d, or -1 uncoloured); %d numbers given", g.s, g.c-1, len(v.Numbers))
	}
	var b strings.Builder
	for i, n := range v.Numbers {
		switch {
		case n.N != int64(i+1):
			return nil, fmt.Errorf("set up: number %d given in place %d: give the numbers 1..%d in order", n.N, i+1, g.s)
		case n.Color < 0:
			b.WriteByte('.')
		case n.Color < g.c:
			b.WriteString(colourNames[n.Color][:1])
		default:
			return nil, fmt.Errorf("set up: number %d has colour %d: the game has %d colours, 0 to %d (or -1, uncoloured)", n.N, n.Color, g.c, g.c-1)
		}
	}
	switch v.Status.Phase {
	case phaseNames[PhaseName], phaseNames[PhaseOver]:
	case phaseNames[PhaseDraw], phaseNames[PhaseColour]:
		if len(v.Status.Highlight) == 0 {
			return nil, fmt.Errorf("set up: name the number to colour")
		}
		b.WriteString(":" + strconv.FormatInt(v.Status.Highlight[0], 10))
		if v.Status.Phase == phaseNames[PhaseColour] {
			b.WriteByte(':')
			for _, c := range v.Status.Draw {
				i := slices.Index(colourNames[:g.c], strings.ToLower(c))
				if i < 0 {
					return nil, fmt.Errorf("set up: status.draw holds %q: want colour names of this game (%s)", game.Clip(c), strings.Join(colourNames[:g.c], ", "))
				}
				b.WriteString(colourNames[i][:1])
			}
		}
	default:
		return nil, fmt.Errorf("set up: status.phase %q: want %q (a number is named), %q (a list is drawn), %q (the number is coloured) or none", game.Clip(v.Status.Phase),
			phaseNames[PhaseName], phaseNames[PhaseDraw], phaseNames[PhaseColour])
	}
	return g.ParsePosition(b.String())
}
