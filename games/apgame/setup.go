package apgame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// SetUp builds the position of an edited set (game.Setter): the numbers
// each player owns (Owner 0 or 1); the player to move follows from the
// counts, as in the position notation.
func (g *Game) SetUp(v game.View) (game.State, error) {
	if v.Kind != game.KindNumbers {
		return nil, fmt.Errorf("set up: give the numbers of the set and who owns each")
	}
	var own [2][]string
	for _, n := range v.Numbers {
		if n.Owner == 0 || n.Owner == 1 {
			own[n.Owner] = append(own[n.Owner], strconv.FormatInt(n.N, 10))
		}
	}
	return g.ParsePosition(strings.Join(own[0], " ") + " / " + strings.Join(own[1], " "))
}
