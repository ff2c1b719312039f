package game_test

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
)

// TestViewCheckLines: a view's lines must hold numbers of its board with
// the counts the board shows; Check names what is wrong.
func TestViewCheckLines(t *testing.T) {
	g, err := apgame.NewWithSet([]int{1, 2, 3, 5, 7}, 3)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition("1 3 / 5")
	if err != nil {
		t.Fatal(err)
	}
	good := s.(game.Viewer).View()
	if err := good.Check(s); err != nil {
		t.Fatalf("the game's own view: %v", err)
	}
	if len(good.Lines) != 1 || !good.Lines[0].Threat || good.LinesOpen[0] != 1 || good.LinesOpen[1] != 0 {
		t.Fatalf("lines %+v open %v, want 1 2 3 alone, a threat for red", good.Lines, good.LinesOpen)
	}
	for _, c := range []struct {
		edit func(v *game.View)
		want string
	}{
		{func(v *game.View) { v.Lines[0].Items = []int64{1, 2, 4} }, "4 is not on the board"},
		{func(v *game.View) { v.Lines[0].Items = []int64{3, 2, 1} }, "items not increasing"},
		{func(v *game.View) { v.Lines[0].Held = [2]int{1, 0} }, "held [1 0], the board says [2 0]"},
		{func(v *game.View) { v.Lines[0].Open = []int{0, 1} }, "want open [0] threat true"},
		{func(v *game.View) { v.Lines[0].Threat = false }, "want open [0] threat true"},
		{func(v *game.View) { v.LinesOpen = []int{2, 0} }, "lines_open says 2"},
		{func(v *game.View) { v.LinesOpen = nil }, "want two counts"},
		{func(v *game.View) {
			v.Lines = append(v.Lines, game.Line{Items: []int64{1, 3, 5}, Held: [2]int{2, 1}, Open: []int{}})
			v.LinesOpen = []int{1, 0}
		}, "no seat can complete it"},
	} {
		v := s.(game.Viewer).View()
		c.edit(&v)
		if err := v.Check(s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}
