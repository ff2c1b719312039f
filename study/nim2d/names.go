package nim2d

import "fmt"

// Polyomino is a named shape of up to five cells.
type Polyomino struct {
	// Name is the short name: "•" for a single cell, I2 for the domino, then
	// I3 L3, I4 O4 T4 S4 L4 and the twelve pentominoes F5 … Z5.
	Name string
	// Long is the usual name, e.g. "L-tromino".
	Long  string
	Shape Shape
}

var polyominoDrawings = []struct{ name, long, drawing string }{
	{"•", "single cell", "#"},
	{"I2", "domino", "##"},
	{"I3", "I-tromino", "###"},
	{"L3", "L-tromino", "##/#."},
	{"I4", "I-tetromino", "####"},
	{"O4", "O-tetromino", "##/##"},
	{"T4", "T-tetromino", "###/.#."},
	{"S4", "S-tetromino", "##./.##"},
	{"L4", "L-tetromino", "###/#.."},
	{"F5", "F-pentomino", ".##/##./.#."},
	{"I5", "I-pentomino", "#####"},
	{"L5", "L-pentomino", "####/#..."},
	{"N5", "N-pentomino", "##../.###"},
	{"P5", "P-pentomino", "##/##/#."},
	{"T5", "T-pentomino", "###/.#./.#."},
	{"U5", "U-pentomino", "#.#/###"},
	{"V5", "V-pentomino", "#../#../###"},
	{"W5", "W-pentomino", "#../##./.##"},
	{"X5", "X-pentomino", ".#./###/.#."},
	{"Y5", "Y-pentomino", "####/.#.."},
	{"Z5", "Z-pentomino", "##./.#./.##"},
}

// Polyominoes returns the 21 free polyominoes of one to five cells, by
// size, in the order of their usual names.
func Polyominoes() []Polyomino {
	out := make([]Polyomino, len(polyominoDrawings))
	for i, p := range polyominoDrawings {
		s, err := ParseShape(p.drawing)
		if err != nil {
			panic(fmt.Sprintf("nim2d: bad built-in drawing %q: %v", p.drawing, err))
		}
		out[i] = Polyomino{Name: p.name, Long: p.long, Shape: s}
	}
	return out
}

// ShapeName names a shape: the short name of a polyomino of up to five
// cells ("L3"), else "k cells".
func ShapeName(s Shape) string {
	if p, ok := polyominoOf(s); ok {
		return p.Name
	}
	return fmt.Sprintf("%d cells", s.Cells())
}

// ShapeLongName names a shape for people: the usual name of a polyomino of
// up to five cells ("T-tetromino"), else its number of cells.
func ShapeLongName(s Shape) string {
	if p, ok := polyominoOf(s); ok {
		return p.Long
	}
	return fmt.Sprintf("%d cells", s.Cells())
}

// polyominoOf returns the named polyomino a shape of up to five cells is
// (up to symmetry).
func polyominoOf(s Shape) (Polyomino, bool) {
	if s.Cells() <= 5 {
		k := s.Canonical()
		for _, p := range Polyominoes() {
			if p.Shape.Canonical() == k {
				return p, true
			}
		}
	}
	return Polyomino{}, false
}
