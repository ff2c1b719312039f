package apgame

import (
	"strings"

	"github.com/kombi/kombi/game"
)

// ColorString draws the position with each player's line in their colour.
func (s *State) ColorString() string {
	lines := strings.Split(s.String(), "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "P1 red"):
			lines[i] = game.Paint(l, "red")
		case strings.HasPrefix(l, "P2 blue"):
			lines[i] = game.Paint(l, "blue")
		}
	}
	return strings.Join(lines, "\n")
}
