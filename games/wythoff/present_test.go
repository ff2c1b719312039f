package wythoff_test

import (
	"strings"
	"testing"
)

// TestOpponentsInPlainWords: the New game dialog says what the perfect
// player does in words, not in the thesis' symbols (a student's audit read
// "moves to a P-position (An, Bn) whenever there is one").
func TestOpponentsInPlainWords(t *testing.T) {
	typ, ok := registry(t).Lookup("wythoff")
	if !ok {
		t.Fatal("no wythoff")
	}
	for _, o := range typ.Opponents {
		if strings.Contains(o.Doc, "A_n") || strings.Contains(o.Doc, "B_n") {
			t.Errorf("opponent %s: %q uses the symbols A_n, B_n", o.Title, o.Doc)
		}
		if o.Bot == "perfect" && !strings.Contains(o.Doc, "a position that loses for the player to move (a P-position)") {
			t.Errorf("opponent %s: %q does not say what a P-position is", o.Title, o.Doc)
		}
	}
}
