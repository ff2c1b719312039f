package game

import (
	"fmt"
	"testing"
)

func TestDidYouMean(t *testing.T) {
	games := []string{"ap", "buildingnim", "greedynim", "grundy", "nim", "nim2d", "nimk", "thue", "vdwlist", "wythoff"}
	for name, want := range map[string]string{
		"wythof":  ` (did you mean "wythoff"?)`,
		"Nim":     ` (did you mean "nim"?)`,
		"nmi":     ` (did you mean "nim"?)`, // two letters swapped
		"thu":     ` (did you mean "thue"?)`,
		"vdwlsit": ` (did you mean "vdwlist"?)`,
		"grundi":  ` (did you mean "grundy"?)`,
		"nim3d":   ` (did you mean "nim2d"?)`,
		"nimm":    "", // nim and nimk both one edit away
		"chess":   "",
		"nim":     "", // known
		"":        "",
	} {
		if got := DidYouMean(name, games); got != want {
			t.Errorf("DidYouMean(%q) = %q, want %q", name, got, want)
		}
	}
	if got := DidYouMean("alfabeta", []string{"alphabeta", "human", "perfect", "random"}); got != ` (did you mean "alphabeta"?)` {
		t.Errorf("alfabeta: %q", got)
	}
	if got := DidYouMean("n", []string{"x", "k", "seed", "set"}); got != "" {
		t.Errorf("n among x and k: %q, want none (both one edit away)", got)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"ab", "ba", 1}, {"ca", "abc", 3}, {"wythof", "wythoff", 1}, {"héllo", "hello", 1}} {
		if got := editDistance(c.a, c.b); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
		if got := editDistance(c.b, c.a); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.d)
		}
	}
}

// FuzzEditDistance: the distance is symmetric, 0 exactly between equal
// strings, at most the longer one's length and at least the difference of
// the lengths; DidYouMean never suggests the name itself.
func FuzzEditDistance(f *testing.F) {
	f.Add("wythof", "wythoff")
	f.Add("nmi", "nim")
	f.Add("", "héllo")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 64 || len(b) > 64 {
			return
		}
		d := editDistance(a, b)
		la, lb := len([]rune(a)), len([]rune(b))
		// (Compared as runes: bytes that are no UTF-8 read as U+FFFD, as editDistance reads them.)
		if d != editDistance(b, a) || (d == 0) != (string([]rune(a)) == string([]rune(b))) || d > max(la, lb) || d < max(la-lb, lb-la) {
			t.Fatalf("editDistance(%q, %q) = %d", a, b, d)
		}
		if s := DidYouMean(a, []string{b, "nim"}); s == fmt.Sprintf(" (did you mean %q?)", a) {
			t.Fatalf("DidYouMean(%q) suggests the name itself", a)
		}
	})
}
