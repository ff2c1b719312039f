package nim2d_test

import (
	"context"
	"encoding/json"
	"flag"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/nim2d"
)

func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots); err != nil {
		t.Fatal(err)
	}
	if err := nim2d.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots
}

func load(t testing.TB, spec string) *nim2d.Game {
	t.Helper()
	games, _ := registries(t)
	g, err := games.Load(spec, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*nim2d.Game)
}

func TestConformance(t *testing.T) {
	games, _ := registries(t)
	for _, tc := range []struct {
		spec     string
		playouts int
	}{
		{"nim2d(n=1)", 5}, {"nim2d(n=2)", 20}, {"nim2d(n=3)", 20}, {"nim2d(n=4,p1=G)", 20},
		{"nim2d", 20}, {"nim2d(n=6,first=p2)", 8}, {"nim2d(n=7,first=coin)", 5}, {"nim2d(n=10)", 3},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			gametest.Conformance(t, games, tc.spec, gametest.Options{Playouts: tc.playouts, MovesChecked: 12})
		})
	}
}

func TestPlaythroughs(t *testing.T) {
	games, _ := registries(t)
	gametest.Playthrough(t, games, "nim2d(n=3,p1=R)", 1, "testdata/nim2d-n3-seed1.txt")
	gametest.Playthrough(t, games, "nim2d(n=5,p1=G)", 2, "testdata/nim2d-n5-seed2.txt")
}

func TestGameString(t *testing.T) {
	games, _ := registries(t)
	firsts := map[string]int{}
	for seed := uint64(0); seed < 200; seed++ {
		g, err := games.Load("nim2d(n=4,p1=G)", seed)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := games.Load("nim2d(n=4,p1=G)", seed)
		if g.String() != again.String() {
			t.Fatalf("seed %d: the coin is not reproducible: %s vs %s", seed, g, again)
		}
		firsts[g.String()]++
		ng := g.(*nim2d.Game)
		if ng.NewInitialState().Player() != ng.First() {
			t.Fatalf("%s: P%d is to move first", g, ng.NewInitialState().Player()+1)
		}
	}
	if len(firsts) != 2 || firsts["nim2d(n=4,p1=G,first=p1)"] < 70 || firsts["nim2d(n=4,p1=G,first=p2)"] < 70 {
		t.Fatalf("the coin is not fair over 200 seeds: %v", firsts)
	}
	g := load(t, "nim2d(n=3,p1=G,first=p2)")
	if g.String() != "nim2d(n=3,p1=G,first=p2)" || g.Type().Role(0) != "G" || g.Type().Role(1) != "R" {
		t.Fatalf("game %s roles %s %s", g, g.Type().Role(0), g.Type().Role(1))
	}
	for _, bad := range []string{"nim2d(n=0)", "nim2d(n=11)", "nim2d(p1=B)", "nim2d(first=me)", "nim2d(size=3)"} {
		if _, err := games.Load(bad, 1); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestAssignmentMoves checks the assignment's examples on the empty 5×5
// palette and every kind of refusal, with its reason.
func TestAssignmentMoves(t *testing.T) {
	g := load(t, "nim2d(n=5,p1=R,first=p1)")
	tests := []struct {
		in, err string
	}{
		{in: "4 5"},
		{in: "5 4"},
		{in: "{4,5}"},
		{in: "13"},
		{in: "2 3 4"},
		{in: "4 2 3"},
		{in: "10 15 20"},
		{in: "6 11"},
		{in: "2 4", err: "not contiguous: cell 3 lies between 2 and 4"},
		{in: "1 2 3", err: "cell 1 is on the main diagonal"},
		{in: "1 7", err: "cell 1 is on the main diagonal"},
		{in: "6 8", err: "not contiguous: cell 7, a diagonal cell, lies between 6 and 8"},
		{in: "2 6", err: "not all in one row or all in one column"},
		{in: "2 3 4 5", err: "more than 3 cells"},
		{in: "4 4", err: "cell 4 is given twice"},
		{in: "26", err: "there is no cell 26: cells are numbered 1 to 25"},
		{in: "0", err: "there is no cell 0"},
		{in: "four", err: "not a cell number"},
		{in: "", err: "want 1 to 3 cell numbers"},
		{in: "5 10 15 20", err: "more than 3 cells"},
		{in: "5 10 20", err: "not contiguous"},
	}
	for _, tt := range tests {
		s := g.NewInitialState()
		m, err := s.ParseMove(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseMove(%q) = %v, want an error with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tt.in, err)
			continue
		}
		if err := s.Apply(m); err != nil {
			t.Errorf("Apply(%q): %v", tt.in, err)
		}
	}
	// After {4,5} the palette is the assignment's second drawing, and cells 4
	// and 5 are no longer empty.
	s := g.NewInitialState()
	m, _ := s.ParseMove("4 5")
	if err := s.Apply(m); err != nil {
		t.Fatal(err)
	}
	want := "[  1 |  2 |  3 |  R |  R ]\n[  6 |  7 |  8 |  9 | 10 ]\n"
	if !strings.HasPrefix(s.String(), want) || !strings.Contains(s.String(), "COUNTER = [ 2 ]") {
		t.Fatalf("palette after 4 5:\n%s", s)
	}
	for _, tt := range []struct{ in, err string }{{"3 4", "cell 4 is not empty (taken by R)"}, {"5 10", "cell 5 is not empty (taken by R)"}} {
		m, err := s.ParseMove(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		before := s.String()
		if err := s.Apply(m); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Apply(%q) = %v, want %q", tt.in, err, tt.err)
		}
		if s.String() != before {
			t.Errorf("refused move %q changed the state", tt.in)
		}
	}
}

func TestGameEnd(t *testing.T) {
	g := load(t, "nim2d(n=2,p1=R,first=p2)")
	s := g.NewInitialState()
	for _, mv := range []string{"1", "2", "3", "4"} {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	// G (P2) started: G 1, R 2, G 3, R 4: R filled the last cell.
	if !s.IsTerminal() || game.Winner(s) != 0 {
		t.Fatalf("winner %d:\n%s", game.Winner(s), s)
	}
	ns := s.(*nim2d.State)
	if ns.Palette() != "GR/GR" || !strings.Contains(s.String(), "The palette is full: R (P1) wins.") || !strings.Contains(s.String(), "COUNTER = [ 4 ]") {
		t.Fatalf("final palette:\n%s\n%s", ns.Palette(), s)
	}
	if !strings.Contains(ns.EndReason(), "R (P1) coloured the last empty cell") {
		t.Fatal(ns.EndReason())
	}
}

func TestParsePosition(t *testing.T) {
	g := load(t, "nim2d(n=3)")
	s, err := g.ParsePosition("..R/G../...")
	if err != nil {
		t.Fatal(err)
	}
	ns := s.(*nim2d.State)
	if ns.Counter() != 2 || ns.Empty().Len() != 7 || ns.Palette() != "..R/G../..." {
		t.Fatalf("parsed %s counter %d", ns.Palette(), ns.Counter())
	}
	if _, err := g.ParsePosition("xyz/abc/DEF"); err != nil {
		t.Fatalf("any letter marks a used cell: %v", err)
	}
	for _, tt := range []struct{ in, err string }{
		{"../../..", "row 1"},
		{"..R/G..", "has 2 rows; want 3 rows"},
		{"..R/G.1/...", "want '.' for an empty cell or a letter"},
		{"", "has 1 rows"},
	} {
		if _, err := g.ParsePosition(tt.in); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParsePosition(%q) = %v, want %q", tt.in, err, tt.err)
		}
	}
}

func TestSolveJSON(t *testing.T) {
	g := load(t, "nim2d(n=5)")
	// Two separate cells (lost) and a domino with a cell (won: take the domino's far cell? no: G = 2⊕1 = 3).
	for _, tt := range []struct{ pos, want string }{
		{"RRRR./RRRRR/RRRRR/RRRRR/RRRR.", `{"outcome":"loss","grundy":0,"best_moves":[]}`},
		{"RRR../RRRRR/RRRRR/RRRRR/RRRRR", `{"outcome":"win","grundy":2,"best_moves":[[4,5]]}`},
		{"RRR../RRRRR/RRRRR/RRRRR/RRRR.", `{"outcome":"win","grundy":3,"best_moves":[[4],[5]]}`},
		{".RRRR/RRRRR/RRRRR/RRRRR/RRRRR", `{"outcome":"win","grundy":1,"best_moves":[[1]]}`},
	} {
		s, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		an, err := g.Solve(context.Background(), s, game.SolveOptions{})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(an)
		if string(data) != tt.want {
			t.Errorf("%s: %s, want %s", tt.pos, data, tt.want)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"4 5", "{1,2,3}", "1 7", "2 4", "99", "-1", "3,,4", "{}", "4 5 6 7", "10 15 20"} {
		f.Add(s)
	}
	g, _ := nim2d.New(5, "R", "p1")
	f.Fuzz(func(t *testing.T, text string) {
		s := g.NewInitialState()
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		legal := map[game.Move]bool{}
		for _, l := range s.LegalMoves(nil) {
			legal[l] = true
		}
		if !legal[m] {
			t.Fatalf("%q parses to a move that is not legal on the empty palette", text)
		}
		if back, err := s.ParseMove(s.MoveString(m)); err != nil || back != m {
			t.Fatalf("%q: round trip gives %d, %v", text, back, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"..R/G../...", "RRR/RRR/RRR", "", "/", "a.b/c.d/e.f", "..../..../....", "...\n/...\n/..."} {
		f.Add(s)
	}
	g, _ := nim2d.New(3, "R", "p1")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		ns := s.(*nim2d.State)
		if ns.Counter()+ns.Empty().Len() != 9 {
			t.Fatalf("%q: counter %d + empty %d != 9", text, ns.Counter(), ns.Empty().Len())
		}
	})
}

var updateGolden = flag.Bool("update-matches", false, "rewrite the golden match transcripts")
