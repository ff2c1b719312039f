package nim2d

import (
	"strings"

	"github.com/kombi/kombi/game"
)

// ColorString draws the palette with R cells in red and G cells in green.
func (s *State) ColorString() string {
	lines := strings.Split(s.String(), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "[") {
			continue
		}
		cells := strings.Split(l, "|")
		for j, c := range cells {
			switch strings.Trim(c, "[] ") {
			case "R":
				cells[j] = strings.Replace(c, "R", game.Paint("R", "red"), 1)
			case "G":
				cells[j] = strings.Replace(c, "G", game.Paint("G", "green"), 1)
			}
		}
		lines[i] = strings.Join(cells, "|")
	}
	return strings.Join(lines, "\n")
}
