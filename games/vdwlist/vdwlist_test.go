package vdwlist_test

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/vdwlist"
)

func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	if err := vdwlist.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots
}

func newGame(t testing.TB, k, c, l, s int) *vdwlist.Game {
	t.Helper()
	g, err := vdwlist.New(k, c, l, s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play applies moves written in the game's notation.
func play(t *testing.T, s game.State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", text, err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("Apply(%q): %v\n%s", text, err, s)
		}
	}
}

func TestPlaythroughs(t *testing.T) {
	reg, _ := registries(t)
	gametest.Playthrough(t, reg, "vdwlist(k=3,colors=2,list=1,s=9)", 1, "testdata/k3-c2-l1-s9-seed1.txt")
	gametest.Playthrough(t, reg, "vdwlist(k=3,colors=3,list=2,s=8)", 3, "testdata/k3-c3-l2-s8-seed3.txt")
}

func TestGameStrings(t *testing.T) {
	reg, _ := registries(t)
	for _, tt := range []struct{ in, want, err string }{
		{in: "vdwlist", want: "vdwlist(k=3,colors=3,list=2,s=12)"},
		{in: "vdwlist(k=3,colors=2,list=1,s=9)", want: "vdwlist(k=3,colors=2,list=1,s=9)"},
		{in: "vdwlist(s=20,seed=5)", want: "vdwlist(k=3,colors=3,list=2,s=20,seed=5)"},
		{in: "vdwlist(colors=2,list=3)", err: "list=3 with colors=2: a list holds 1 to 2 distinct colours"},
		{in: "vdwlist(s=65)", err: "want a whole number from 1 to 64"},
		{in: "vdwlist(colors=9)", err: "want a whole number from 1 to 8"},
		{in: "vdwlist(k=0)", err: "bad value \"0\" for k"},
		{in: "vdwlist(seed=-1)", err: "bad value \"-1\" for seed"},
		{in: "vdwlist(colours=2)", err: "unknown key \"colours\" (did you mean \"colors\"?); allowed keys: k, colors, list, s, seed"},
	} {
		g, err := reg.Load(tt.in, 1)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Load(%q) error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || g.String() != tt.want {
			t.Errorf("Load(%q) = %v, %v; want %s", tt.in, g, err, tt.want)
		}
	}
}

// TestRules plays the spec's rules: a round is name, draw, colour; a
// monochromatic progression ends the game at once for player 1; a full
// colouring without one is a win for player 2.
func TestRules(t *testing.T) {
	g := newGame(t, 3, 2, 1, 9)
	s := g.NewInitialState()
	if s.Player() != 0 {
		t.Fatalf("player 1 names first, got %v", s.Player())
	}
	play(t, s, "5")
	if s.Player() != game.Chance {
		t.Fatalf("a list is drawn after naming, got %v", s.Player())
	}
	outs := s.(game.Chancer).ChanceOutcomes()
	if len(outs) != 2 || outs[0].Num != 1 || outs[0].Den != 2 {
		t.Fatalf("two colours, lists of one: want two outcomes of 1/2, got %+v", outs)
	}
	play(t, s, "{red}")
	if s.Player() != 1 || !strings.Contains(s.String(), "list drawn: {red}") {
		t.Fatalf("player 2 colours from the list:\n%s", s)
	}
	if err := s.Clone().Apply(1); err == nil || !strings.Contains(err.Error(), "blue is not in the drawn list {red}") {
		t.Fatalf("blue off the list must be refused: %v", err)
	}
	play(t, s, "red", "1", "{red}", "r")
	if s.IsTerminal() {
		t.Fatal("two red numbers are no 3-term progression")
	}
	if err := s.Clone().Apply(5); err == nil || !strings.Contains(err.Error(), "5 is already coloured red") {
		t.Fatalf("naming a coloured number: %v", err)
	}
	play(t, s, "9", "{red}", "red")
	if !s.IsTerminal() || game.Winner(s) != 0 {
		t.Fatalf("1, 5, 9 red is a monochromatic progression: player 1 wins\n%s", s)
	}
	ex := s.(game.Explainer).EndReason()
	if !strings.Contains(ex, "progression in red: 1, 5, 9 (difference 4)") {
		t.Fatalf("end reason %q", ex)
	}
	if f := s.(game.Annotator).RecordFields(); f["colouring"] != "r...r...r" {
		t.Fatalf("record fields %v", f)
	}

	// Player 2 wins with the full colouring rrbbrrbb of 1..8 (no monochromatic 3-AP).
	g8 := newGame(t, 3, 2, 2, 8)
	s = g8.NewInitialState()
	for i, c := range "rrbbrrbb" {
		play(t, s, string(rune('1'+i)), "{red, blue}", string(c))
	}
	if !s.IsTerminal() || game.Winner(s) != 1 {
		t.Fatalf("rrbbrrbb has no monochromatic 3-term progression: player 2 wins\n%s", s)
	}
	if ex := s.(game.Explainer).EndReason(); !strings.Contains(ex, "red 1 2 5 6; blue 3 4 7 8") {
		t.Fatalf("end reason %q", ex)
	}
	if sc := s.(game.Scorer).Score(); sc != 8 {
		t.Fatalf("length %d, want 8 numbers coloured", sc)
	}
}

func TestKOneAndShortGames(t *testing.T) {
	s := newGame(t, 1, 2, 2, 5).NewInitialState()
	play(t, s, "3", "rb", "b")
	if game.Winner(s) != 0 {
		t.Fatal("k=1: the first coloured number is a progression")
	}
	s = newGame(t, 4, 1, 1, 3).NewInitialState()
	play(t, s, "1", "r", "r", "2", "r", "r", "3", "r", "r")
	if game.Winner(s) != 1 {
		t.Fatal("k=4 > s=3: no progression fits, player 2 wins")
	}
}

func TestMoveErrors(t *testing.T) {
	g := newGame(t, 3, 3, 2, 10)
	s := g.NewInitialState()
	for _, tt := range []struct{ in, parseErr, applyErr string }{
		{in: "x", parseErr: "name an uncoloured number from 1 to 10"},
		{in: "11", parseErr: "there is no number 11; the numbers are 1 to 10"},
		{in: "0", parseErr: "there is no number 0"},
		{in: " 4 "},
	} {
		checkMove(t, s, tt.in, tt.parseErr, tt.applyErr)
	}
	play(t, s, "4")
	for _, tt := range []struct{ in, parseErr, applyErr string }{
		{in: "{red}", applyErr: "not a list of 2 distinct colours of the 3"},
		{in: "{red, red}", parseErr: "red appears twice"},
		{in: "{red, pink}", parseErr: `"pink" is not a colour; the colours are red, blue, green (or r, b, g)`},
		{in: "rg"},
		{in: "{green, red}"},
	} {
		checkMove(t, s, tt.in, tt.parseErr, tt.applyErr)
	}
	play(t, s, "{red, green}")
	for _, tt := range []struct{ in, parseErr, applyErr string }{
		{in: "blue", applyErr: "blue is not in the drawn list {red, green}"},
		{in: "purple", parseErr: "colour 4 with a colour of the drawn list {red, green}: type red (r) or green (g)"},
		{in: "G"},
		{in: "Red"},
	} {
		checkMove(t, s, tt.in, tt.parseErr, tt.applyErr)
	}
}

func checkMove(t *testing.T, s game.State, in, parseErr, applyErr string) {
	t.Helper()
	m, err := s.ParseMove(in)
	if parseErr != "" {
		if err == nil || !strings.Contains(err.Error(), parseErr) {
			t.Errorf("ParseMove(%q) error = %v, want %q", in, err, parseErr)
		}
		return
	}
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", in, err)
	}
	err = s.Clone().Apply(m)
	if applyErr == "" && err != nil || applyErr != "" && (err == nil || !strings.Contains(err.Error(), applyErr)) {
		t.Errorf("Apply(%q) error = %v, want %q", in, err, applyErr)
	}
}

// bruteMono reports whether some colour class holds a k-term progression,
// straight from the definition: every start i and difference j ≥ 1.
func bruteMono(colour []int, k int) bool {
	s := len(colour)
	for i := range s {
		if colour[i] < 0 {
			continue
		}
		for j := 1; i+(k-1)*j < s || (k == 1 && j == 1); j++ {
			ok := true
			for t := 1; t < k; t++ {
				if colour[i+t*j] != colour[i] {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
			if k == 1 {
				break
			}
		}
	}
	return false
}

// TestProgressionDetectionAgainstBruteForce colours random numbers in
// random order and checks after every move that the game ends exactly when
// the brute-force definition finds a monochromatic progression, and that the
// progression it reports is one.
func TestProgressionDetectionAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		k := 1 + rng.IntN(6)
		c := 1 + rng.IntN(4)
		s := 1 + rng.IntN(40)
		if trial%10 == 0 {
			s = 64
		}
		g := newGame(t, k, c, c, s)
		st := g.NewInitialState().(*vdwlist.State)
		colour := make([]int, s)
		for i := range colour {
			colour[i] = -1
		}
		for !st.IsTerminal() {
			free := st.LegalMoves(nil)
			n := int(free[rng.IntN(len(free))])
			col := rng.IntN(c)
			play(t, st, strconv.Itoa(n), listOfAll(c), vdwlist.ColourName(col))
			colour[n-1] = col
			mono := bruteMono(colour, k)
			if st.IsTerminal() != (mono || !contains(colour, -1)) || (game.Winner(st) == 0) != mono {
				t.Fatalf("k=%d c=%d s=%d colouring %v: brute force says mono=%t, game says terminal=%t winner=%d", k, c, s, colour, mono, st.IsTerminal(), game.Winner(st))
			}
		}
		if p, col := st.Progression(); p != nil {
			if len(p) != k {
				t.Fatalf("progression %v has %d terms, want %d", p, len(p), k)
			}
			for i, n := range p {
				if colour[n-1] != col || i >= 2 && n-p[i-1] != p[1]-p[0] {
					t.Fatalf("reported progression %v in colour %d is not one of %v", p, col, colour)
				}
			}
		}
	}
}

func TestProgressionsCount(t *testing.T) {
	// The number of k-term progressions in 1..s is the sum over j ≥ 1 of s−(k−1)j.
	for _, tt := range []struct{ k, s, want int }{{3, 9, 16}, {3, 64, 992}, {1, 7, 7}, {2, 5, 10}, {5, 4, 0}, {4, 10, 12}} {
		aps := vdwlist.Progressions(tt.k, tt.s)
		if len(aps) != tt.want {
			t.Errorf("k=%d s=%d: %d progressions, want %d", tt.k, tt.s, len(aps), tt.want)
		}
		for _, a := range aps {
			if bits.OnesCount64(a) != tt.k {
				t.Fatalf("progression %b has %d terms", a, bits.OnesCount64(a))
			}
		}
	}
}

func TestSeedDrawsTheLists(t *testing.T) {
	reg, _ := registries(t)
	lists := func(spec string) string {
		g, err := reg.Load(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewInitialState()
		var out []string
		for !s.IsTerminal() {
			var m game.Move
			switch s.Player() {
			case game.Chance:
				var ok bool
				m, ok = s.(game.ChanceDrawer).DrawChance()
				if !ok {
					t.Fatalf("%s: seeded game does not draw", spec)
				}
				out = append(out, s.MoveString(m))
			default:
				m = s.LegalMoves(nil)[0]
			}
			if err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		return strings.Join(out, " ")
	}
	a, b := lists("vdwlist(k=9,colors=4,list=2,s=20,seed=3)"), lists("vdwlist(k=9,colors=4,list=2,s=20,seed=3)")
	if a != b {
		t.Fatalf("same seed, different lists:\n%s\n%s", a, b)
	}
	if c := lists("vdwlist(k=9,colors=4,list=2,s=20,seed=4)"); c == a {
		t.Fatalf("seeds 3 and 4 draw the same 20 lists: %s", a)
	}
	if strings.Count(a, "{") != 20 {
		t.Fatalf("want 20 lists: %s", a)
	}
	g, _ := reg.Load("vdwlist(s=5)", 1)
	s := g.NewInitialState()
	play(t, s, "1")
	if _, ok := s.(game.ChanceDrawer).DrawChance(); ok {
		t.Fatal("without seed= the match runner draws the lists")
	}
}

// TestColourPhaseNamesTheLosingColours: while P2 colours, the board says
// which colours of the drawn list would complete a progression, and which.
func TestColourPhaseNamesTheLosingColours(t *testing.T) {
	g, err := vdwlist.New(3, 3, 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ pos, want, not string }{
		{"r.r...b:5:rb", "; red would complete 1, 3, 5", "blue would"}, // blue holds only 7
		{"r.rb.b.:5:rb", "; red would complete 1, 3, 5; blue would complete 4, 5, 6", ""},
		{"r.r....:5:bg", "colours 5\n", "would complete"}, // neither colour completes one
	} {
		s, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Fatalf("%s: %v", tt.pos, err)
		}
		got := s.String() + "\n"
		if !strings.Contains(got, tt.want) || tt.not != "" && strings.Contains(got, tt.not) {
			t.Errorf("%s: the board says\n%s\nwant %q and not %q", tt.pos, got, tt.want, tt.not)
		}
	}
	// The hint names the same colours.
	s, err := g.ParsePosition("r.rb.b.:5:rb")
	if err != nil {
		t.Fatal(err)
	}
	if h := s.(*vdwlist.State).Hint(); !strings.HasPrefix(h, "red would complete the progression 1, 3, 5: avoid it.\nblue would complete the progression 4, 5, 6: avoid it.\n") {
		t.Errorf("the colourer's hint: %q", h)
	}
}

// A list of one colour leaves the colourer no choice (bot.Forcer): that
// colour is the one legal move, said in words; a list of two, or naming,
// leaves a choice.
func TestOneColourListIsForced(t *testing.T) {
	for _, tt := range []struct {
		k, c, l int
		pos     string
		want    string // the words, "" where the mover chooses
	}{
		{3, 2, 1, "r.r....:5:b", "Only blue is on the list: 5 is coloured blue for P2 (colourer)."},
		{3, 3, 1, "r.r....:4:g", "Only green is on the list: 4 is coloured green for P2 (colourer)."},
		{3, 3, 2, "r.r....:5:bg", ""},
		{3, 2, 1, "r.r....", ""},
	} {
		s, err := newGame(t, tt.k, tt.c, tt.l, 7).ParsePosition(tt.pos)
		if err != nil {
			t.Fatalf("%s: %v", tt.pos, err)
		}
		m, words, ok := s.(bot.Forcer).Forced()
		if legal := s.LegalMoves(nil); ok != (tt.want != "") || words != tt.want || ok && (len(legal) != 1 || legal[0] != m) {
			t.Errorf("%s: forced %v %d %q; legal moves %v", tt.pos, ok, m, words, legal)
		}
	}
}

func TestParsePosition(t *testing.T) {
	g := newGame(t, 3, 3, 2, 9)
	s, err := g.ParsePosition("r.b .g. r..")
	if err != nil {
		t.Fatal(err)
	}
	if st := s.(*vdwlist.State); st.Colouring() != "r.b.g.r.." || s.Player() != 0 {
		t.Fatalf("parsed %q", st.Colouring())
	}
	if s, err := g.ParsePosition("r...r...r"); err != nil || !s.IsTerminal() || game.Winner(s) != 0 {
		t.Fatalf("r...r...r holds a red progression: %v %v", s, err)
	}
	for _, tt := range []struct{ in, err string }{
		{"r.b", "has 3 symbols: want one per number 1..9"},
		{"r.b.x.r..", `symbol 5 is 'x'`},
	} {
		if _, err := g.ParsePosition(tt.in); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParsePosition(%q) error %v, want %q", tt.in, err, tt.err)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1", "12", "{red, blue}", "rb", "red", "g", "{}", "{red,,}", "ö", "-3", "99999999999999999999"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
		f.Add(s, uint8(2))
	}
	g, _ := vdwlist.New(3, 3, 2, 12)
	f.Fuzz(func(t *testing.T, text string, phase uint8) {
		s := g.NewInitialState()
		if phase%3 >= 1 {
			_ = s.Apply(5)
		}
		if phase%3 == 2 {
			_ = s.Apply(3) // {red, blue}
		}
		before, key := s.String(), s.(game.Hasher).Key()
		m, err := s.ParseMove(text)
		if err != nil {
			if s.String() != before {
				t.Fatalf("refused text %q changed the state", text)
			}
			return
		}
		legal := false
		for _, l := range s.LegalMoves(nil) {
			legal = legal || l == m
		}
		err = s.Apply(m)
		switch {
		case err != nil && (s.String() != before || s.(game.Hasher).Key() != key):
			t.Fatalf("refused move %q changed the state", text)
		case (err == nil) != legal:
			t.Fatalf("move %q (%d): Apply error %v but legal=%t", text, m, err, legal)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"r.b.g.r..", ".........", "rrrrrrrrr", "r b g", "xyz", "ööööööööö"} {
		f.Add(s)
	}
	g, _ := vdwlist.New(3, 3, 2, 9)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		st := s.(*vdwlist.State)
		if len(st.Colouring()) != 9 {
			t.Fatalf("position %q parsed to %q", text, st.Colouring())
		}
		if !s.IsTerminal() && len(s.LegalMoves(nil)) != strings.Count(st.Colouring(), ".") {
			t.Fatalf("position %q: legal moves are not the uncoloured numbers", text)
		}
	})
}

func listOfAll(c int) string {
	var names []string
	for i := range c {
		names = append(names, vdwlist.ColourName(i))
	}
	return "{" + strings.Join(names, ", ") + "}"
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
