package vdwlist_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
)

func TestView(t *testing.T) {
	g := newGame(t, 3, 3, 2, 9)
	s := g.NewInitialState()
	play(t, s, "1", "{red, blue}")
	v := s.(game.Viewer).View()
	if v.Kind != game.KindNumbers || len(v.Numbers) != 9 || !slices.Equal(v.Colors, []string{"red", "blue", "green"}) {
		t.Fatalf("view: %+v", v)
	}
	st := v.Status
	if st.ToMove != 1 || st.Role != "colourer" || st.Phase != "colour" || !slices.Equal(st.Draw, []string{"red", "blue"}) ||
		!slices.Equal(st.Highlight, []int64{1}) || *st.Counter != 0 || st.Over {
		t.Fatalf("status while colouring 1: %+v", st)
	}
	play(t, s, "blue", "5")
	v = s.(game.Viewer).View()
	if n := v.Numbers[0]; n.N != 1 || n.Color != 1 || n.Owner != 1 || v.Numbers[1].Color != -1 || v.Numbers[1].Owner != -1 {
		t.Fatalf("numbers: %+v", v.Numbers[:2])
	}
	if st := v.Status; st.ToMove != game.Chance || st.Phase != "draw" || st.Draw != nil || !slices.Equal(st.Highlight, []int64{5}) || *st.Counter != 1 {
		t.Fatalf("status at the draw: %+v", st)
	}
	// The end: the progression lights up.
	s, err := g.ParsePosition("r...r....:9:rb")
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, "red")
	v = s.(game.Viewer).View()
	if st := v.Status; !st.Over || st.Winner == nil || *st.Winner != 0 || !slices.Equal(st.Highlight, []int64{1, 5, 9}) || st.Phase != "" || !strings.Contains(st.Reason, "1, 5, 9") {
		t.Fatalf("status at the end: %+v", st)
	}
	if err := v.Check(s); err != nil {
		t.Fatal(err)
	}
	if data, err := json.Marshal(v); err != nil || !strings.Contains(string(data), `"kind":"numbers"`) {
		t.Fatalf("%s %v", data, err)
	}
}

// TestViewCompletes: while a number is named, the view says what each colour
// would complete there; nothing when no colour completes anything.
func TestViewCompletes(t *testing.T) {
	g := newGame(t, 3, 3, 2, 13)
	for _, tt := range []struct {
		pos  string
		want string
	}{
		{"rr.bb........:3", `[[1,2,3],[3,4,5],null]`},
		{"rr.bb........:3:rg", `[[1,2,3],[3,4,5],null]`}, // the colourer's choice too
		{"r...........r:7", `[[1,7,13],null,null]`},      // through the middle, difference 6
		{"rr.bb........:10", `null`},                     // no colour completes anything at 10
		{"rr.bb........", `null`},                        // no number named
		{"g.g..........:2", `[null,null,[1,2,3]]`},       // green 1, 2, 3 (not 2, 3, 4: 4 is uncoloured)
	} {
		s, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(s.(game.Viewer).View().Completes)
		if string(got) != tt.want {
			t.Errorf("%s: completes %s, want %s", tt.pos, got, tt.want)
		}
	}
}

func TestMoveParts(t *testing.T) {
	g := newGame(t, 3, 3, 2, 9)
	s := g.NewInitialState()
	v := s.(game.Viewer)
	num := func(n int64) game.Part { return game.Part{Kind: game.PartNumber, Value: n} }
	col := func(c int64) game.Part { return game.Part{Kind: game.PartColor, Value: c} }
	if m, err := game.MoveFromParts(s, []game.Part{num(4)}); err != nil || m != 4 || !slices.Equal(v.MoveParts(4), []game.Part{num(4)}) {
		t.Fatalf("name 4: %v %v", m, err)
	}
	play(t, s, "4")
	if m, err := game.MoveFromParts(s, []game.Part{col(2), col(0)}); err != nil || s.MoveString(m) != "{red, green}" {
		t.Fatalf("draw red, green: %v %v", m, err)
	}
	play(t, s, "{red, green}")
	if m, err := game.MoveFromParts(s, []game.Part{col(2)}); err != nil || s.MoveString(m) != "green" {
		t.Fatalf("colour green: %v %v", m, err)
	}
	for _, tt := range []struct {
		state string
		parts []game.Part
		err   string
	}{
		{".........", []game.Part{col(1)}, "one number part"},
		{".........", []game.Part{num(10)}, "no number 10"},
		{"r........", []game.Part{num(1)}, "already coloured red"},
		{".........", []game.Part{num(1), num(2)}, "one number part"},
		{".........:3", []game.Part{col(1)}, "a list holds 2 colours"},
		{".........:3", []game.Part{col(1), col(1)}, "appears twice"},
		{".........:3", []game.Part{col(1), num(2)}, "not one of the 3 colours"},
		{".........:3", []game.Part{col(1), col(3)}, "not one of the 3 colours"},
		{".........:3:rg", []game.Part{col(1)}, "blue is not in the drawn list"},
		{".........:3:rg", []game.Part{num(3)}, "one color part"},
	} {
		s, err := g.ParsePosition(tt.state)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.MoveFromParts(s, tt.parts); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s %v: error %v, want %q", tt.state, tt.parts, err, tt.err)
		}
	}
}

// TestPositionPhases: the position string says the phase of the round, reads
// back exactly, and the old colouring-only form still works.
func TestPositionPhases(t *testing.T) {
	g := newGame(t, 3, 3, 2, 9)
	s := g.NewInitialState()
	want := []string{".........", ".........:5", ".........:5:rb", "....b....", "....b....:1", "....b....:1:bg", "g...b...."}
	for i, move := range []string{"5", "{red, blue}", "blue", "1", "{blue, green}", "green"} {
		if p := s.(game.Positioner).Position(); p != want[i] {
			t.Fatalf("after %d moves: position %q, want %q", i, p, want[i])
		}
		r, err := g.ParsePosition(want[i])
		if err != nil || r.String() != s.String() || r.Player() != s.Player() {
			t.Fatalf("%q reads back as\n%v\nnot\n%s (%v)", want[i], r, s, err)
		}
		play(t, s, move)
	}
	if p := s.(game.Positioner).Position(); p != want[6] {
		t.Fatalf("position %q, want %q", p, want[6])
	}
	for in, out := range map[string]string{"r.b .g. r..": "r.b.g.r..", " r.b.g.r.. : 2 : {green, red}": "r.b.g.r..:2:rg", "r.b.g.r..:2:red green": "r.b.g.r..:2:rg"} {
		s, err := g.ParsePosition(in)
		if err != nil || s.(game.Positioner).Position() != out {
			t.Errorf("ParsePosition(%q): %v %v, want %q", in, s, err, out)
		}
	}
	for _, tt := range []struct{ in, err string }{
		{"r........:1", "the named number 1 is not an uncoloured number"},
		{"r........:10", "the named number 10 is not"},
		{"r........:x", "after the colouring comes the named number"},
		{"r........:2:rr", "red appears twice"},
		{"r........:2:r", "not a list of 2 distinct colours"},
		{"r........:2:rby", `"y" is not a colour`},
		{"r...r...r:2", "the colouring ends the game"},
		{"r........:2:rb:3", "has 4 ':' fields"},
	} {
		if _, err := g.ParsePosition(tt.in); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParsePosition(%q): error %v, want %q", tt.in, err, tt.err)
		}
	}
}

// TestHintThreats: the hint says what a completing colour means for the
// namer: a certain win, a win with the chance of a list without other
// colours, or nothing at all when every list holds another colour.
func TestHintThreats(t *testing.T) {
	g := newGame(t, 3, 3, 2, 9)
	for _, tt := range []struct{ position, want, not string }{
		{"r...r....", "Colouring 9 red would complete a progression, but every list of 2 colours holds another colour, so P2 can always avoid it.", "wins at once"},
		{"r.b.rb...", "Colouring 9 red or blue would complete a progression: naming 9 wins at once when the list drawn holds no other colour (probability 1/3).", "probability 0"},
		{"r.b.rbgg.", "Naming 9 wins at once: every colour P2 may get completes a progression through it.", "probability"},
	} {
		s, err := g.ParsePosition(tt.position)
		if err != nil {
			t.Fatal(err)
		}
		h := s.(*vdwlist.State).Hint()
		if !strings.Contains(h, tt.want) || strings.Contains(h, tt.not) {
			t.Errorf("%s: hint\n%s\nwant %q", tt.position, h, tt.want)
		}
	}
	// With lists of one colour a single completing colour wins a third of the time.
	g1 := newGame(t, 3, 3, 1, 9)
	s, _ := g1.ParsePosition("r...r....")
	if h := s.(*vdwlist.State).Hint(); !strings.Contains(h, "naming 9 wins at once when the list drawn holds no other colour (probability 1/3)") {
		t.Errorf("l=1 hint:\n%s", h)
	}
}

// TestLegalMovesEnd: while the colourer colours 5 with red 1 and 3, red
// ends the game (1 3 5 in red: the namer wins, the progression lit) and
// blue does not; colouring the last number ends it either way.
func TestLegalMovesEnd(t *testing.T) {
	g := newGame(t, 3, 3, 2, 7)
	s, err := g.ParsePosition("r.r....:5:rb")
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := game.LegalMovesOf(s, 0)
	if len(moves) != 2 {
		t.Fatalf("moves %+v, want red and blue", moves)
	}
	if m := moves[0]; m.Parts[0] != (game.Part{Kind: game.PartColor, Value: 0}) || !m.Ends || m.Winner == nil || *m.Winner != 0 || !slices.Equal(m.Highlight, []int64{1, 3, 5}) {
		t.Errorf("red: %+v", m)
	}
	if m := moves[1]; m.Parts[0] != (game.Part{Kind: game.PartColor, Value: 1}) || m.Ends || m.Winner != nil || m.Highlight != nil {
		t.Errorf("blue: %+v", m)
	}
	// The last number: blue makes no progression, the colourer wins.
	s, err = g.ParsePosition("rbrbbr.:7:bg")
	if err != nil {
		t.Fatal(err)
	}
	moves, _ = game.LegalMovesOf(s, 0)
	if len(moves) != 2 || !moves[0].Ends || moves[0].Winner == nil || *moves[0].Winner != 1 || moves[0].Highlight != nil {
		t.Errorf("colouring the last number: %+v", moves)
	}
}
