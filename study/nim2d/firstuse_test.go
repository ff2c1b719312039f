package nim2d

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/game"
)

// TestTablesBuiltOnFirstUse: a library whose directory has no table
// builds the 7×7 one in memory at the first request (and not the 6×6's:
// searched at once), and perfect on the 9×9 palette without a table says
// in its note that its move is not proven for want of one.
func TestTablesBuiltOnFirstUse(t *testing.T) {
	lib := NewShapeLibrary(t.TempDir())
	if b, built, err := lib.BookOrBuild(context.Background(), 6); b != nil || built || err != nil {
		t.Fatalf("6×6: %v %v %v; want no table", b, built, err)
	}
	// A caller whose deadline has passed gets its error; the build goes on.
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if b, _, err := lib.BookOrBuild(gone, 8); b != nil || err == nil || !strings.Contains(err.Error(), "still being built") {
		t.Fatalf("8×8 with its context cancelled: %v %v", b, err)
	}
	b, built, err := lib.BookOrBuild(context.Background(), 7)
	if err != nil || !built || b == nil || b.Shapes != 41335 || b.Triangle != 1 {
		t.Fatalf("7×7: %+v %v %v", b, built, err)
	}
	if again, built, _ := lib.BookOrBuild(context.Background(), 7); again != b || built {
		t.Fatal("the table was built twice")
	}
	if six, _ := lib.Book(6); six != b {
		t.Fatal("the 7×7 table does not serve the 6×6 palette")
	}

	g, err := nim2d.New(9, "R", "p1")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	p := NewPlayer(StrategyPerfect, 1, 1<<20, &out)
	p.Budget = 1000
	s := g.NewInitialState().(*nim2d.State)
	// Off the mirror's reach: two cells that are not mirror images.
	for _, m := range []string{"2", "13"} {
		if err := s.Apply(mustMove(t, s, m)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.Act(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "for want of a shape table of the 9×9 palette") {
		t.Errorf("perfect's note: %q", out.String())
	}
}

func mustMove(t *testing.T, s *nim2d.State, text string) game.Move {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
