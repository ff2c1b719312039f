package wythoff_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/wythoff"
)

func registry(t testing.TB) *game.Registry {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := wythoff.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games
}

func TestPlaythroughs(t *testing.T) {
	reg := registry(t)
	gametest.Playthrough(t, reg, "wythoff(a=1,piles=5;8)", 1, "testdata/wythoff-a1-58-seed1.txt")
	gametest.Playthrough(t, reg, "wythoff(a=2,piles=6;4,view=queen)", 3, "testdata/wythoff-a2-queen-64-seed3.txt")
}

func TestRules(t *testing.T) {
	g, err := wythoff.New(2, []int{4, 9}, false)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	tests := []struct{ in, parseErr, applyErr string }{
		{in: "2,3"}, // |2−3| = 1 < 2
		{in: "1,3", applyErr: "must differ by less than a = 2"},
		{in: "0,9"}, // one heap only: any amount
		{in: "4,0"},
		{in: "5,0", applyErr: "heap 1 has only 4 tokens"},
		{in: "0,0", applyErr: "at least one token"},
		{in: "to 2,6"}, // the same as taking 2 and 3
		{in: "to 5,1", parseErr: "can only shrink"},
		{in: "1:2", parseErr: "want K,L"},
		{in: "x,1", parseErr: "not a whole number"},
	}
	for _, tt := range tests {
		m, err := s.ParseMove(tt.in)
		if tt.parseErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.parseErr) {
				t.Errorf("ParseMove(%q) error %v, want %q", tt.in, err, tt.parseErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", tt.in, err)
		}
		err = s.Clone().Apply(m)
		if tt.applyErr == "" && err != nil || tt.applyErr != "" && (err == nil || !strings.Contains(err.Error(), tt.applyErr)) {
			t.Errorf("Apply(%q) error %v, want %q", tt.in, err, tt.applyErr)
		}
	}
	to, _ := s.ParseMove("to 2,6")
	if s.MoveString(to) != "2,3" {
		t.Fatalf("to 2,6 from (4,9) is %s, want 2,3", s.MoveString(to))
	}
	// Taking the last token wins.
	g1, _ := wythoff.New(1, []int{2, 2}, false)
	s = g1.NewInitialState()
	// With a = 1 the rule reads as it is played: the same number from both heaps.
	if err := s.Clone().Apply(wythoff.Move(1, 2)); err == nil || !strings.HasSuffix(err.Error(), "taking 1 and 2 from both heaps: from both heaps take the same number") {
		t.Fatalf("1 and 2 from both heaps with a = 1: %v", err)
	}
	_ = s.Apply(wythoff.Move(2, 2))
	if !s.IsTerminal() || game.Winner(s) != 0 {
		t.Fatalf("P1 took the last tokens and must win: %v", s.Returns())
	}
	// More legal moves than MaxLegalMoves: an analysis position.
	if g, err := wythoff.New(1000, []int{100000, 100000}, false); err != nil || g.NewInitialState().(*wythoff.State).Playable() {
		t.Fatalf("a huge position is an analysis position: %v", err)
	}
}

func TestHeapBounds(t *testing.T) {
	reg := registry(t)
	for _, tt := range []struct{ spec, want string }{
		{"wythoff(piles=1;2;3)", "exactly two heap sizes"},
		{"wythoff(piles=7)", "exactly two heap sizes"},
		{"wythoff(piles=-1;2)", "want a whole number"},
		{"wythoff(piles=10^10000;1)", "more than 10000 digits"},
		{"wythoff(piles=3;x)", "heap 2"},
	} {
		if _, err := reg.Load(tt.spec, 1); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.spec, err, tt.want)
		}
	}
	if _, err := reg.Load("wythoff(piles=10^9999;1)", 1); err != nil {
		t.Fatalf("10^9999 has 10000 digits, within the bound: %v", err)
	}
	for _, p := range wythoff.NewType().Params {
		if p.Name == "piles" && (strings.Contains(p.Allowed()+p.Doc, "at least") || !strings.Contains(p.Doc, "exactly two")) {
			t.Fatalf("piles is described as %q; %q", p.Allowed(), p.Doc)
		}
	}
}

// TestViewAndParts checks the queen grid against the text board and the
// parts of moves in both views against the move notation.
func TestViewAndParts(t *testing.T) {
	g, _ := wythoff.New(2, []int{3, 2}, true)
	s := g.NewInitialState().(*wythoff.State)
	v := s.View()
	if v.Kind != game.KindGrid || v.Grid.Rows != 3 || v.Grid.Cols != 4 || v.Grid.Cells[3].Label != "Q" {
		t.Fatalf("queen view %+v", v.Grid)
	}
	for i, c := range v.Grid.Cells {
		if c.Owner != -1 || i != 3 && c.Label != "" {
			t.Fatalf("cell %d: %+v", i, c)
		}
	}
	// Cell 8 is row 2 (the board's row 0), column 0: the goal, 3 from heap
	// 1 and 2 from heap 2 ("3,2", legal since |3 − 2| < 2).
	m, err := s.MoveFromParts([]game.Part{{Kind: game.PartCell, Value: 8}})
	if err != nil || s.MoveString(m) != "3,2" {
		t.Fatalf("cell 8: %s %v", s.MoveString(m), err)
	}
	to, _ := s.ParseMove("to 1,2")
	if p := s.MoveParts(to); len(p) != 1 || p[0] != (game.Part{Kind: game.PartCell, Value: 1}) {
		t.Fatalf("to 1,2 has parts %v, want cell 1", p)
	}
	for _, bad := range [][]game.Part{
		{{Kind: game.PartCell, Value: 3}},  // the queen's own square
		{{Kind: game.PartCell, Value: 12}}, // off the board
		{{Kind: game.PartCell, Value: 4}},  // (0, 1): takes 3 and 1, which differ by 2
		{{Kind: game.PartCell, Value: 0}, {Kind: game.PartCell, Value: 1}},
		{{Kind: game.PartHeap, Value: 2}, {Kind: game.PartAmount, Value: 1}},
		{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 0}},
		{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 1}, {Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 1}},
		{{Kind: game.PartHeap, Value: 0}},
		{{Kind: game.PartAmount, Value: 1}, {Kind: game.PartHeap, Value: 0}},
	} {
		if m, err := s.MoveFromParts(bad); err == nil {
			t.Errorf("parts %v build move %s", bad, s.MoveString(m))
		}
	}
	// Heaps view: heap and amount for each heap taken from.
	g2, _ := wythoff.New(2, []int{4, 9}, false)
	s2 := g2.NewInitialState().(*wythoff.State)
	if v := s2.View(); v.Kind != game.KindHeaps || len(v.Heaps) != 2 || v.Heaps[0] != 4 || v.Heaps[1] != 9 || v.Status.Seats != [2]string{"first", "second"} {
		t.Fatalf("heaps view %+v", v)
	}
	for text, want := range map[string]string{
		"2,3": `[{"kind":"heap","value":0},{"kind":"amount","value":2},{"kind":"heap","value":1},{"kind":"amount","value":3}]`,
		"0,9": `[{"kind":"heap","value":1},{"kind":"amount","value":9}]`,
		"4,0": `[{"kind":"heap","value":0},{"kind":"amount","value":4}]`,
	} {
		m, _ := s2.ParseMove(text)
		parts := s2.MoveParts(m)
		if game.PartsText(parts) != want {
			t.Errorf("%s has parts %v, want %s", text, parts, want)
		}
		// The heaps may come in either order.
		if len(parts) == 4 {
			parts = append(parts[2:], parts[:2]...)
		}
		if back, err := s2.MoveFromParts(parts); err != nil || back != m {
			t.Errorf("%s: parts %v build %s (%v)", text, parts, s2.MoveString(back), err)
		}
	}
	// A board larger than the drawn one falls back to heaps.
	g3, _ := wythoff.New(1, []int{40, 3}, true)
	if v := g3.NewInitialState().(*wythoff.State).View(); v.Kind != game.KindHeaps {
		t.Fatalf("a 41-column board is drawn as %s", v.Kind)
	}
}

func TestPositions(t *testing.T) {
	g, _ := wythoff.New(1, []int{5, 8}, false)
	s := g.NewInitialState()
	if p := s.(game.Positioner).Position(); p != "5;8" {
		t.Fatalf("start position %q", p)
	}
	_ = s.Apply(wythoff.Move(1, 1))
	if p := s.(game.Positioner).Position(); p != "4;7;P2" {
		t.Fatalf("after 1,1: %q", p)
	}
	for _, tt := range []struct{ text, want string }{
		{"4;7;p2", "4;7;P2"}, {"(4, 7)", "4;7"}, {"4 7 P1", "4;7"}, {"10^3;2^10", "1000;1024"},
	} {
		st, err := g.ParsePosition(tt.text)
		if err != nil || st.(game.Positioner).Position() != tt.want {
			t.Errorf("ParsePosition(%q): %v %v, want %s", tt.text, st, err, tt.want)
		}
	}
	for _, bad := range []string{"4;7;P3", "4", "4;7;P2;1", "-1;3", "4;1e-3"} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("ParsePosition(%q) accepted", bad)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1,2", "to 3,4", "0 5", "to", ",", "-1,2", "99999999999,1"} {
		f.Add(s)
	}
	g, _ := wythoff.New(2, []int{6, 9}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s := g.NewInitialState()
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		before := s.String()
		if err := s.Clone().Apply(m); err != nil {
			if s.String() != before {
				t.Fatalf("refused move %q changed the state", text)
			}
			return
		}
		// A legal move reads back from its own text.
		if back, err := s.ParseMove(s.MoveString(m)); err != nil || back != m {
			t.Fatalf("%q is move %s, which reads back as %v (%v)", text, s.MoveString(m), back, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"4;7", "(4,7)", "1 2 3", "", "9999999;1", "-1;2", "4;7;P2", "10^100;3", "1e5;2^7"} {
		f.Add(s)
	}
	g, _ := wythoff.New(2, []int{1, 1}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		x, y := s.(*wythoff.State).BigHeaps()
		if x.Sign() < 0 || y.Sign() < 0 || len(x.String()) > wythoff.MaxDigits || len(y.String()) > wythoff.MaxDigits {
			t.Fatalf("accepted %q as (%s, %s)", text, x, y)
		}
		p := s.(game.Positioner).Position()
		back, err := g.ParsePosition(p)
		if err != nil || back.String() != s.String() || back.(game.Positioner).Position() != p {
			t.Fatalf("%q writes %q, which reads back as %v (%v)", text, p, back, err)
		}
	})
}

// FuzzParseIndex checks what ParseIndex accepts: a whole number ≥ 0 whose
// decimal form reads back as itself; a power b^e or b·10^e (be) with e ≥ 0
// equals the exponentiation done here; negative exponents, signs and
// anything else are refused.
func FuzzParseIndex(f *testing.F) {
	for _, s := range []string{"10^100", "1e30", "2^64", "123", "-5", "1e", "^", "99^99999", "10^-3", "1e-3", "+5", "2^+3", "007", " 42 ", "0^0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := wythoff.ParseIndex(text)
		if err != nil {
			return
		}
		if n.Sign() < 0 || strings.ContainsAny(text, "+-") {
			t.Fatalf("%q parsed to %s: no signs are allowed", text, n)
		}
		if back, err := wythoff.ParseIndex(n.String()); err != nil || back.Cmp(n) != 0 {
			t.Fatalf("%q is %s, whose decimal form reads back as %v (%v)", text, n, back, err)
		}
		tt := strings.TrimSpace(text)
		i := strings.IndexAny(tt, "^eE")
		if i < 0 {
			if want, ok := new(big.Int).SetString(tt, 10); !ok || want.Cmp(n) != 0 {
				t.Fatalf("%q parsed to %s", text, n)
			}
			return
		}
		b, ok1 := new(big.Int).SetString(tt[:i], 10)
		e, ok2 := new(big.Int).SetString(tt[i+1:], 10)
		if !ok1 || !ok2 || b.Sign() < 0 || e.Sign() < 0 || strings.ContainsAny(tt[:i]+tt[i+1:], "+-") {
			t.Fatalf("%q accepted as %s: not b^e or be with b, e ≥ 0", text, n)
		}
		want := new(big.Int)
		if tt[i] == '^' {
			want.Exp(b, e, nil)
		} else {
			want.Mul(b, new(big.Int).Exp(big.NewInt(10), e, nil))
		}
		if want.Cmp(n) != 0 {
			t.Fatalf("%q parsed to %s, want %s", text, n, want)
		}
	})
}

func TestParseIndex(t *testing.T) {
	for text, want := range map[string]string{"10^3": "1000", "2^10": "1024", "3e2": "300", "0": "0", "0^0": "1", " 12 ": "12"} {
		if n, err := wythoff.ParseIndex(text); err != nil || n.String() != want {
			t.Errorf("ParseIndex(%q) = %v, %v; want %s", text, n, err, want)
		}
	}
	for _, bad := range []string{"10^-3", "1e-3", "-5", "+5", "-0", "0^-0", "2^+3", "1.5", "", "^", "e5", "10^100001", "2^999999"} {
		if n, err := wythoff.ParseIndex(bad); err == nil {
			t.Errorf("ParseIndex(%q) = %s, want an error", bad, n)
		}
	}
}

// TestHint: the terminal's hint names the smaller heap's Wythoff pair and
// says whether the heaps are that P-position; checked against IsP.
func TestHint(t *testing.T) {
	for _, c := range []struct {
		a     int64
		heaps []int
		want  string
	}{
		{1, []int{3, 5}, "Heaps 3 and 5 are Wythoff pair 2, (3, 5), a P-position: every move leaves"},
		{1, []int{5, 3}, "Heaps 5 and 3 are Wythoff pair 2, (3, 5), a P-position:"},
		{1, []int{5, 8}, "The smaller heap 5 is in Wythoff pair 2, (3, 5); the other heap is 8, not 3, so this is not a P-position"},
		{1, []int{7, 9}, "The smaller heap 7 is in Wythoff pair 3, (4, 7); the other heap is 9, not 4,"},
		{2, []int{4, 7}, "The smaller heap 4 is in Wythoff pair 3, (4, 10); the other heap is 7, not 10,"},
		{2, []int{10, 4}, "Heaps 10 and 4 are Wythoff pair 3, (4, 10), a P-position"},
	} {
		g, err := wythoff.New(c.a, c.heaps, false)
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewInitialState().(*wythoff.State)
		got := s.Hint()
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("a=%d heaps %v: hint %q, want it to start %q", c.a, c.heaps, got, c.want)
		}
		x, y := s.BigHeaps()
		if isP := strings.HasPrefix(got, "Heaps"); isP != g.Pairs().IsP(x, y) {
			t.Errorf("a=%d heaps %v: the hint says P-position %v, IsP says otherwise", c.a, c.heaps, isP)
		}
	}
}

// TestQueenWords: the queen view says how to move and what is wrong in the
// queen's words, not the heaps' (it said "take tokens from one heap" and
// "heap 1 has only 4 tokens" beside a board with a queen).
func TestQueenWords(t *testing.T) {
	g, err := wythoff.New(1, []int{4, 6}, true)
	if err != nil {
		t.Fatal(err)
	}
	if how := g.HowToMove(); !strings.HasPrefix(how[0], "Move the queen any number of squares west or south, or diagonally south-west") {
		t.Errorf("how to move the queen: %q", how[0])
	}
	s := g.NewInitialState()
	for in, want := range map[string]string{
		"9,0": "the queen is 4 squares from the west edge: it cannot move 9 west",
		"0,9": "the queen is 6 squares from the south edge: it cannot move 9 south",
		"1,2": "moving 1 west and 2 south: a diagonal move goes as far west as south",
	} {
		m, err := s.ParseMove(in)
		if err == nil {
			err = s.Clone().Apply(m)
		}
		if err == nil || err.Error() != want {
			t.Errorf("the queen's %s: %v, want %q", in, err, want)
		}
	}
	if h, _ := wythoff.New(1, []int{4, 6}, false); !strings.HasPrefix(h.HowToMove()[0], "Take tokens from one heap") {
		t.Errorf("how to move on heaps: %q", h.HowToMove()[0])
	}
}

// The queen's board fits a terminal's 80 columns up to its largest (the
// columns' numbers a digit a row), and a board too large to draw says so.
func TestQueenBoardFitsTheTerminal(t *testing.T) {
	reg := &game.Registry{}
	if err := wythoff.Register(reg, &bot.Registry{}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ spec, want string }{
		{fmt.Sprintf("wythoff(piles=%d;%d,view=queen)", wythoff.MaxBoard, wythoff.MaxBoard-10), "queen at (30, 20)"},
		{"wythoff(piles=12;5,view=queen)", "                        1 1 1\n    0 1 2 3 4 5 6 7 8 9 0 1 2\n"},
		{"wythoff(piles=60;100,view=queen)", "(no board drawn: boards of at most 30 squares a side are drawn)\nqueen at (60, 100); P1 to move"},
	} {
		g, err := reg.Load(tt.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		text := g.NewInitialState().String()
		for _, line := range strings.Split(text, "\n") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("%s: a line of %d columns: %q", tt.spec, n, line)
			}
		}
		if !strings.Contains(text, tt.want) {
			t.Errorf("%s: the board lacks %q:\n%s", tt.spec, tt.want, text)
		}
	}
}

// An analysis position is not playable, and game.CheckPlayable says why
// in a message of bounded length (a heap of 10 000 digits by its first
// digits); a playable one, and the end, are.
func TestCheckPlayable(t *testing.T) {
	reg := registry(t)
	for _, c := range []struct {
		game string
		want string // "" when playable
	}{
		{"wythoff(piles=5;8)", ""},
		{"wythoff(piles=0;0)", ""},
		{"wythoff(piles=3000000;3000000)", ""},
		{"wythoff(piles=4000000;4000000)", "the position (4000000, 4000000) has more than 10000000 legal moves, too many to play"},
		{"wythoff(piles=10^9999;10^9999)", "the position (10000000000000000000… (10000 digits), 10000000000000000000… (10000 digits)) has more than 10000000 legal moves"},
	} {
		g, err := reg.Load(c.game, 1)
		if err != nil {
			t.Fatal(err)
		}
		err = game.CheckPlayable(g.NewInitialState())
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v, want playable", c.game, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 300):
			t.Errorf("%s: %v, want %q", c.game, err, c.want)
		}
	}
}
