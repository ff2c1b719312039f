package vdwlist

import (
	"strings"

	"github.com/kombi/kombi/game"
)

// ColorString draws the numbers with each colour's letter in that colour
// (the rows of colour letters under the rows of numbers).
func (s *State) ColorString() string {
	lines := strings.Split(s.String(), "\n")
	byLetter := map[string]string{}
	for i := range s.g.c {
		l := colourNames[i][:1]
		byLetter[l], byLetter[strings.ToUpper(l)] = colourNames[i], colourNames[i]
	}
	for i := 1; i < len(lines); i += 1 {
		if !isNumberRow(lines[i-1]) || isNumberRow(lines[i]) {
			continue
		}
		fields := strings.Fields(lines[i])
		var b strings.Builder
		for _, f := range fields {
			pad := strings.Repeat(" ", max(0, 3-len(f)))
			b.WriteString(pad + game.Paint(f, byLetter[f]))
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}

// isNumberRow reports whether a line is a row of numbers of the drawing.
func isNumberRow(l string) bool {
	f := strings.Fields(l)
	if len(f) == 0 {
		return false
	}
	for _, x := range f {
		for _, r := range x {
			if r < '0' || r > '9' {
				return false
			}
		}
	}
	return true
}
