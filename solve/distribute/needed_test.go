package distribute

import (
	"fmt"
	"slices"
	"testing"
)

// dag is a min/max game whose two maximiser positions share a move: "r"
// (min) has moves to "A" and "B" (max); A's moves lead to "s" and "x", B's
// to "y" and "s". The leaves' values are unknown.
type dag struct{}

func (dag) Space() string { return "dag" }

func (dag) Expand(p string) (Expansion, error) {
	moves := func(ps ...string) []Move {
		var ms []Move
		for j, q := range ps {
			ms = append(ms, Move{Label: fmt.Sprint(j), Position: q})
		}
		return ms
	}
	switch p {
	case "r":
		return Expansion{Bounds: Any, Moves: moves("A", "B")}, nil
	case "A":
		return Expansion{Max: true, Bounds: Any, Moves: moves("s", "x")}, nil
	case "B":
		return Expansion{Max: true, Bounds: Any, Moves: moves("y", "s")}, nil
	case "s", "x", "y":
		return Expansion{Bounds: Bounds{Lo: 1, Hi: NoUpper}}, nil
	}
	return Expansion{}, fmt.Errorf("no position %q", p)
}

// TestNeededTakesSharedPositions: where one move decides the answer
// expected, a move to a position already needed elsewhere is taken and
// the others wait; where every move is needed, sharing changes nothing,
// and every move comes before the younger brothers of the positions above.
func TestNeededTakesSharedPositions(t *testing.T) {
	c, err := NewCoordinator(dag{}, nil, Options{SplitDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.root("r")
	if err != nil {
		t.Fatal(err)
	}
	leaves := func() []string {
		var ps []string
		for _, i := range c.needed([]int32{r}, 5) {
			ps = append(ps, c.nodes[i].pos)
		}
		return ps
	}
	// Expecting "value above 5" (no answer yet): A and B each need one
	// move above 5, and s serves both, so B's y comes after A's x.
	if got, want := leaves(), []string{"s", "x", "y"}; !slices.Equal(got, want) {
		t.Errorf("expecting the value above 5: leaves %v; want %v", got, want)
	}
	// Expecting "at most 5" (the last answer about r): one of A and B at
	// most 5 shows it, and A, the first, needs both its moves; B, its
	// younger brother, comes after them.
	c.atMost[r] = true
	if got, want := leaves(), []string{"s", "x", "y"}; !slices.Equal(got, want) {
		t.Errorf("expecting the value at most 5: leaves %v; want %v", got, want)
	}
}
