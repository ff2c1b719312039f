package nim2d_test

import (
	"slices"
	"strconv"
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
	if err := bot.RegisterGeneric(bots, nil); err != nil {
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
		{in: "four", err: `"four" is not a cell number; want 1 to 3`},
		{in: "4 five", err: `"4 five": "five" is not a cell number`},
		{in: "", err: "want 1 to 3 cell numbers"},
		{in: "5 10 15 20", err: "more than 3 cells"},
		{in: "5 10 20", err: "not contiguous"},
		{in: strings.Repeat("1 ", 1000), err: "a move of 2000 bytes: at most 64"},
	}
	// A move of one word that is no number is named once.
	if _, err := g.NewInitialState().ParseMove("four"); err == nil || err.Error() != `"four" is not a cell number; want 1 to 3 cell numbers, e.g. 4 5` {
		t.Errorf("ParseMove(four): %v", err)
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
	g := load(t, "nim2d(n=3,p1=R,first=p1)")
	s, err := g.ParsePosition("..R/G../...")
	if err != nil {
		t.Fatal(err)
	}
	ns := s.(*nim2d.State)
	if ns.Counter() != 2 || ns.Empty().Len() != 7 || ns.Palette() != "..R/G../..." || ns.Player() != 0 || ns.Position() != "..R/G../...:R" {
		t.Fatalf("parsed %s counter %d player %d position %s", ns.Palette(), ns.Counter(), ns.Player(), ns.Position())
	}
	// The colour after ':' names the player to move, in either case.
	for _, tt := range []struct {
		in   string
		want game.Player
	}{{"..R/G../...:G", 1}, {"..R/G../... : g", 1}, {"..R/G../...:r", 0}, {"RGR/GRG/RG.:G", 1}} {
		s, err := g.ParsePosition(tt.in)
		if err != nil || s.Player() != tt.want {
			t.Fatalf("%s: player %v, %v", tt.in, s, err)
		}
	}
	// A full palette keeps who would have to move: that player lost.
	full, err := g.ParsePosition("RGR/GRG/RGR:G")
	if err != nil || !full.IsTerminal() || game.Winner(full) != 0 || full.(*nim2d.State).Position() != "RGR/GRG/RGR:G" {
		t.Fatalf("full palette: %v %v", full, err)
	}
	if _, err := g.ParsePosition("xyz/abc/DEF"); err != nil {
		t.Fatalf("any letter marks a used cell: %v", err)
	}
	for _, tt := range []struct{ in, err string }{
		{"../../..", "row 1"},
		{"..R/G..", "has 2 rows; want 3 rows"},
		{"..R/G.1/...", "want '.' for an empty cell or a letter"},
		{"", "has 1 row;"},
		{"..R/G../...:B", `"B" after ':' is not a colour`},
		{"..R/G../...:", `"" after ':' is not a colour`},
		// Cells are characters, not bytes: "ö.." is three cells, one of them not a letter.
		{"ö../.../...", "row 1 has 'ö'"},
		{"ö.../.../...", `row 1 is "ö..." with 4 cells; want 3`},
		{strings.Repeat(".", 2000), "position of 2000 bytes: at most 1024"},
	} {
		if _, err := g.ParsePosition(tt.in); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParsePosition(%q) = %v, want %q", tt.in, err, tt.err)
		}
	}
}

// TestView checks the palette as data: owners and labels from the game's
// colours (p1=G), the seats, the counter and the highlight at the end.
func TestView(t *testing.T) {
	g := load(t, "nim2d(n=2,p1=G,first=p1)")
	s := g.NewInitialState().(*nim2d.State)
	for _, mv := range []string{"2", "1"} {
		m, _ := s.ParseMove(mv)
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	v := s.View()
	if v.Kind != game.KindGrid || v.Grid.Rows != 2 || v.Grid.Cols != 2 || v.Status.Seats != [2]string{"G", "R"} ||
		v.Status.Role != "G" || v.Status.ToMove != 0 || *v.Status.Counter != 2 || !slices.Equal(v.Colors, []string{"green", "red"}) {
		t.Fatalf("view %+v status %+v", v, v.Status)
	}
	want := []game.Cell{{Owner: 1, Label: "R"}, {Owner: 0, Label: "G"}, {Owner: -1, Label: "3"}, {Owner: -1, Label: "4"}}
	if !slices.Equal(v.Grid.Cells, want) {
		t.Fatalf("cells %+v, want %+v", v.Grid.Cells, want)
	}
	for _, mv := range []string{"3", "4"} {
		m, _ := s.ParseMove(mv)
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	v = s.View()
	if !v.Status.Over || v.Status.Winner == nil || *v.Status.Winner != 1 || !slices.Equal(v.Status.Highlight, []int64{3}) ||
		!strings.Contains(v.Status.Reason, "R (P2) coloured the last empty cell") || v.Grid.Cells[3] != (game.Cell{Owner: 1, Label: "R"}) {
		t.Fatalf("final status %+v", v.Status)
	}
	// A used cell of neither colour (from a parsed position) is blocked.
	p, _ := g.ParsePosition("x./..")
	if c := p.(*nim2d.State).View().Grid.Cells[0]; c.Owner != -1 || !c.Blocked || c.Label != "x" {
		t.Fatalf("foreign letter: %+v", c)
	}
}

// TestMoveFromParts: cells in any order build the move; an illegal
// selection is refused with the text notation's reason.
func TestMoveFromParts(t *testing.T) {
	g := load(t, "nim2d(n=5,p1=R,first=p1)")
	s := position(t, g, "4 5")
	cells := func(idx ...int64) []game.Part {
		var out []game.Part
		for _, i := range idx {
			out = append(out, game.Part{Kind: game.PartCell, Value: i})
		}
		return out
	}
	for _, tt := range []struct {
		parts      []game.Part
		move, text string // the move's text, or the error's text
	}{
		{cells(9, 14, 19), "10,15,20", ""},
		{cells(19, 9, 14), "10,15,20", ""},
		{cells(12), "13", ""},
		{cells(2, 1), "2,3", ""},
		{cells(3), "", "cell 4 is not empty (taken by R)"},
		{cells(2, 3), "", "cell 4 is not empty (taken by R)"},
		{cells(0, 1), "", "cell 1 is on the main diagonal"},
		{cells(1, 5), "", "not all in one row or all in one column"},
		{cells(5, 7), "", "not contiguous: cell 7, a diagonal cell, lies between 6 and 8"},
		{cells(1, 2, 3, 4), "", "more than 3 cells"},
		{cells(25), "", "there is no cell index 25"},
		{cells(-1), "", "there is no cell index -1"},
		{cells(1, 1), "", "cell 2 is given twice"},
		{[]game.Part{{Kind: game.PartHeap, Value: 1}}, "", `part 1 is of kind "heap"`},
		{nil, "", "no parts given"},
	} {
		m, err := game.MoveFromParts(s, tt.parts)
		if tt.text != "" {
			if err == nil || !strings.Contains(err.Error(), tt.text) {
				t.Errorf("%v: %v, want an error with %q", tt.parts, err, tt.text)
			}
			continue
		}
		if err != nil || s.MoveString(m) != tt.move {
			t.Errorf("%v: %q %v, want %s", tt.parts, s.MoveString(m), err, tt.move)
		}
	}
	// The text notation gives the same reasons.
	for _, text := range []string{"6 8", "2 6"} {
		parsed, perr := s.ParseMove(text)
		var idx []int64
		for _, f := range strings.Fields(text) {
			n, _ := strconv.Atoi(f)
			idx = append(idx, int64(n-1))
		}
		_, err := game.MoveFromParts(s, cells(idx...))
		if perr == nil || err == nil || !strings.Contains(perr.Error(), strings.TrimPrefix(err.Error(), "move parts: ")) {
			t.Errorf("%s: text %v (%d), parts %v", text, perr, parsed, err)
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

// position plays the moves (cell lists) from the start of g.
func position(t testing.TB, g *nim2d.Game, moves ...string) *nim2d.State {
	t.Helper()
	s := g.NewInitialState()
	for _, mv := range moves {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	return s.(*nim2d.State)
}
