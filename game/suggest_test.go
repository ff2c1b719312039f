package game

import "testing"

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
