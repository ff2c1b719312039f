package game

// Colorizer is a State that can draw itself with terminal colours (2D Nim's
// R and G, the Szemerédi players, the list colours). Programs use it only
// on a terminal, and not when the NO_COLOR environment variable is set.
type Colorizer interface {
	State
	ColorString() string
}

// ansi holds the terminal codes of the colours games name.
var ansi = map[string]string{
	"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "purple": "35",
	"cyan": "36", "orange": "38;5;208",
}

// Paint wraps text in the terminal colour named color (bold); an unknown
// colour leaves the text as it is.
func Paint(text, color string) string {
	code, ok := ansi[color]
	if !ok || text == "" {
		return text
	}
	return "\x1b[1;" + code + "m" + text + "\x1b[0m"
}

// WidthDrawer is a State that draws itself to fit a terminal's width (the
// Thue word wrapped into rows); its String draws it DefaultWidth wide.
type WidthDrawer interface {
	State
	StringWidth(width int) string
}

// DefaultWidth is the width in columns boards are drawn to where the
// terminal's is not known.
const DefaultWidth = 80

// DisplayString is s drawn for people: with colours when color is set and
// s can draw them, else width columns wide where s fits itself to a width
// (WidthDrawer; width 0: DefaultWidth).
func DisplayString(s State, color bool, width int) string {
	if c, ok := s.(Colorizer); ok && color {
		return c.ColorString()
	}
	if w, ok := s.(WidthDrawer); ok {
		if width <= 0 {
			width = DefaultWidth
		}
		return w.StringWidth(width)
	}
	return s.String()
}
