package nim2d_test

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
)

func TestColorString(t *testing.T) {
	games, _, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Load("nim2d(n=3,p1=G,first=p1)", 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	m, err := s.ParseMove("2 3")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(m); err != nil {
		t.Fatal(err)
	}
	c := game.DisplayString(s, true, 0)
	if !strings.Contains(c, game.Paint("G", "green")) || strings.Contains(c, game.Paint("R", "red")) {
		t.Fatalf("P1 is G: its cells should be green:\n%q", c)
	}
	plain := strings.NewReplacer("\x1b[1;32m", "", "\x1b[0m", "").Replace(c)
	if plain != s.String() || game.DisplayString(s, false, 0) != s.String() {
		t.Fatalf("colours change more than the colours:\n%s\n%s", plain, s)
	}
}
