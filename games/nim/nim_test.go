package nim_test

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/nim"
)

func registry(t testing.TB) *game.Registry {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := nim.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games
}

func TestPlaythroughs(t *testing.T) {
	reg := registry(t)
	gametest.Playthrough(t, reg, "nim(piles=3;4;5)", 1, "testdata/nim-345-seed1.txt")
	gametest.Playthrough(t, reg, "nim(piles=2;3;1,misere=true)", 2, "testdata/nim-misere-231-seed2.txt")
}

func TestRules(t *testing.T) {
	g, err := nim.New([]int{1, 1}, false)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewInitialState()
	for _, mv := range []string{"1:1", "2:1"} {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if !s.IsTerminal() || game.Winner(s) != 1 {
		t.Fatalf("normal play: the player taking the last token (P2) must win; winner %d", game.Winner(s))
	}
	gm, _ := nim.New([]int{1, 1}, true)
	s = gm.NewInitialState()
	_ = s.Apply(nim.Move(0, 1))
	_ = s.Apply(nim.Move(1, 1))
	if game.Winner(s) != 0 {
		t.Fatalf("misère play: the player taking the last token (P2) must lose; winner %d", game.Winner(s))
	}
}

func TestMoveErrors(t *testing.T) {
	g, _ := nim.New([]int{3, 4, 5}, false)
	s := g.NewInitialState()
	tests := []struct{ in, parseErr, applyErr string }{
		{in: "hello", parseErr: "want HEAP:COUNT"},
		{in: "4:1", parseErr: "there is no heap 4 (heaps are 1 to 3)"},
		{in: "0:1", parseErr: "there is no heap 0"},
		{in: "1:0", parseErr: "take from 1 to 3 tokens"},
		{in: "1:x", parseErr: "whole numbers"},
		{in: "99999999999999999999:1", parseErr: "there is no heap 99999999999999999999 (heaps are 1 to 3)"},
		{in: "1:99999999999999999999", parseErr: "99999999999999999999 tokens is more than a heap holds"},
		{in: "1:4", applyErr: "heap 1 has only 3 tokens, cannot take 4"},
		{in: "2 4"},
		{in: " 3:5 "},
	}
	for _, tt := range tests {
		m, err := s.ParseMove(tt.in)
		if tt.parseErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.parseErr) {
				t.Errorf("ParseMove(%q) error = %v, want %q", tt.in, err, tt.parseErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", tt.in, err)
		}
		err = s.Clone().Apply(m)
		if tt.applyErr == "" && err != nil || tt.applyErr != "" && (err == nil || !strings.Contains(err.Error(), tt.applyErr)) {
			t.Errorf("Apply(%q) error = %v, want %q", tt.in, err, tt.applyErr)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1:1", "3 5", "2:", "::", "-1:-1", "99999999999:1"} {
		f.Add(s)
	}
	g, _ := nim.New([]int{3, 4, 5}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s := g.NewInitialState()
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		// The move's text reads back as the same move.
		written := s.MoveString(m)
		if again, err := s.ParseMove(written); err != nil || again != m {
			t.Fatalf("%q parses as move %d, written %q, which parses as %d (%v)", text, m, written, again, err)
		}
		before := s.String()
		if err := s.Apply(m); err != nil && s.String() != before {
			t.Fatalf("refused move %q changed the state", text)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"7;5;12", "1 2 3", "0", ";;", "-3", "1,2"} {
		f.Add(s)
	}
	g, _ := nim.New([]int{1}, false)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		for _, h := range s.(*nim.State).Heaps() {
			if h < 0 || h > nim.MaxHeap {
				t.Fatalf("position %q accepted heap %d", text, h)
			}
		}
	})
}

// TestPositionsRoundTrip checks the position notation with the player to
// move.
func TestPositionsRoundTrip(t *testing.T) {
	g, _ := nim.New([]int{3, 4, 5}, false)
	for _, tt := range []struct{ in, out string }{
		{"3;4;5", "3;4;5"}, {"3 4 5 P1", "3;4;5"}, {"1;4;5 P2", "1;4;5 P2"}, {"1,4,5 p2", "1;4;5 P2"}, {"0;0 P2", "0;0 P2"},
	} {
		s, err := g.ParsePosition(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if p := s.(*nim.State).Position(); p != tt.out {
			t.Errorf("%q writes %q, want %q", tt.in, p, tt.out)
		}
	}
	for _, bad := range []string{"P2", "1;x", "1;4;5 P3", "-1"} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A take refused for its heap says what is wrong with it: in Building
// Nim's building phase that no take is played yet (it said "take from 1 to
// 0 tokens" of "1:-2"), from an empty heap that the heap is empty.
func TestTakeMessagesSayWhy(t *testing.T) {
	gb, _ := nim.NewBuilding(3, 10, nim.EmptyFirst)
	g, _ := nim.New([]int{3, 0}, false)
	for _, c := range []struct {
		s        game.State
		in, want string
	}{
		{gb.NewInitialState(), "1:-2", "the building phase is on (0 of 10 tokens placed): place a token with +HEAP"},
		{gb.NewInitialState(), "1:0", "the building phase is on (0 of 10 tokens placed)"},
		{gb.NewInitialState(), "1 2", "the building phase is on (0 of 10 tokens placed)"},
		{gb.NewInitialState(), "9:2", "the building phase is on (0 of 10 tokens placed)"},
		{g.NewInitialState(), "2:-2", "heap 2 is empty: take from a heap that holds tokens"},
		{g.NewInitialState(), "2:1", "heap 2 is empty"},
		{g.NewInitialState(), "1:0", "take from 1 to 3 tokens"},
	} {
		m, err := c.s.ParseMove(c.in)
		if err == nil {
			err = c.s.Clone().Apply(m)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want %q", c.s, c.in, err, c.want)
		}
	}
}
