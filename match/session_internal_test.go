package match

import (
	"bytes"
	"testing"

	"github.com/kombi/kombi/game"
)

func TestPlainWriterDropsColours(t *testing.T) {
	var b bytes.Buffer
	text := "[ " + game.Paint("R", "red") + " | 2 ]\n"
	n, err := plainWriter{&b}.Write([]byte(text))
	if err != nil || n != len(text) || b.String() != "[ R | 2 ]\n" {
		t.Fatalf("wrote %d %v %q", n, err, b.String())
	}
}

// TestTerminalWidth: $COLUMNS, where it is a number, is the width; else a
// writer that is no terminal gets the default 80.
func TestTerminalWidth(t *testing.T) {
	var b bytes.Buffer
	for env, want := range map[string]int{"40": 40, "132": 132, "": game.DefaultWidth, "wide": game.DefaultWidth, "-3": game.DefaultWidth} {
		t.Setenv("COLUMNS", env)
		if got := TerminalWidth(&b); got != want {
			t.Errorf("COLUMNS=%q: width %d, want %d", env, got, want)
		}
	}
}
