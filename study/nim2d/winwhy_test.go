package nim2d

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/nim2d"
)

// TestExampleWinHolds: How it works explains a winning move of 2D Nim by
// Sprague–Grundy (the part it is played in, what the rest is worth, what
// the move leaves of that part), and what it says holds: after the move,
// the parts inside the move's part (or the empty diagonal cells) are worth
// together what the rest was, by the child position's own decomposition.
// Checked on every winning move of positions along random games of 5×5
// and 6×6 palettes (12 of each; 3 under the race detector).
func TestExampleWinHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	checked, diagonal, unvalued := 0, 0, 0
	for _, n := range []int{5, 6} {
		g, err := nim2d.New(n, "R", "p2")
		if err != nil {
			t.Fatal(err)
		}
		games := 12
		if raceDetector {
			games = 3
		}
		for range games {
			s := g.NewInitialState().(*nim2d.State)
			for !s.IsTerminal() {
				a := Analyse(s, AnalyseOptions{})
				if a.GrundyKnown && len(a.Winning) > 0 {
					d := a.Decomposition
					for _, m := range a.Winning {
						text := a.winWhy(m)
						cells, _ := d.Board.MoveCells(m)
						part := d.PartOf(cells[0])
						if text == "" && !d.Board.Diagonal(cells[0]) && !d.Parts[part].Known {
							unvalued++ // a part paired off: not valued, not explained
							continue
						}
						v := d.Diagonal & 1
						if !d.Board.Diagonal(cells[0]) {
							v = d.Parts[part].Value
						}
						rest := a.Grundy ^ v
						for _, want := range []string{fmt.Sprintf("so the rest of the palette is worth %d ⊕ %d = %d (", a.Grundy, v, rest),
							fmt.Sprintf(" is worth %d too, and two equal values cancel: the palette's Grundy value becomes %d ⊕ %d = 0,", rest, rest, rest)} {
							if !strings.Contains(text, want) {
								t.Fatalf("%s, move %s: %q lacks %q", s.Position(), s.MoveString(m), text, want)
							}
						}
						c := s.Clone().(*nim2d.State)
						if err := c.Apply(m); err != nil {
							t.Fatal(err)
						}
						was := make([]int, d.Board.Size()) // the parent's parts, before the child's analysis
						for cell := range was {
							was[cell] = d.PartOf(cell)
						}
						cd := Analyse(c, AnalyseOptions{}).Decomposition
						left := cd.Diagonal & 1
						if !d.Board.Diagonal(cells[0]) {
							left = 0
							for i, p := range cd.Parts {
								if !inside(cd, i, was, part) {
									continue
								}
								v, err := NewEngine(nil).Grundy(p.Shape) // a part the child's analysis paired off has no value there
								if err != nil {
									t.Fatal(err)
								}
								left ^= v
							}
						} else {
							diagonal++
						}
						if left != rest {
							t.Fatalf("%s, move %s: the move leaves its part worth %d, not %d as said: %q\nchild %s parts %+v", s.Position(), s.MoveString(m), left, rest, text, c.Position(), cd.Parts)
						}
						checked++
					}
				}
				moves := s.LegalMoves(nil)
				if err := s.Apply(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 100 || diagonal == 0 || unvalued == 0 && !raceDetector { // the few games under the race detector may meet none
		t.Errorf("checked %d winning moves, %d on the diagonal, %d in parts not valued: too few", checked, diagonal, unvalued)
	}
}

// inside reports whether part i of cd lies inside part j of the parent
// (was: the parent's part of each cell).
func inside(cd *Decomposition, i int, was []int, j int) bool {
	for cell := range cd.Board.Size() {
		if cd.PartOf(cell) == i && was[cell] != j {
			return false
		}
	}
	return true
}
