package thue

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// SetUp builds the position of an edited word (game.Setter): its symbols
// and, with the painter to move, the gap the builder chose (Status.Gap).
func (g *Game) SetUp(v game.View) (game.State, error) {
	if v.Kind != game.KindWord || v.Word == nil || len(v.Word.Symbols) == 0 {
		return nil, fmt.Errorf("set up: give a word of at least one symbol")
	}
	parts := make([]string, len(v.Word.Symbols))
	for i, c := range v.Word.Symbols {
		parts[i] = strconv.Itoa(c)
	}
	p := strings.Join(parts, " ")
	if len(parts) == 1 {
		p += "."
	}
	if v.Status.ToMove == Painter || v.Status.Gap != nil {
		if v.Status.Gap == nil {
			return nil, fmt.Errorf("set up: with the painter to move, choose the gap the builder chose")
		}
		p += "@" + strconv.Itoa(*v.Status.Gap)
	}
	return g.ParsePosition(p)
}
