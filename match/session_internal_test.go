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
