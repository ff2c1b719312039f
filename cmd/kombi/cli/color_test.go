package cli

import (
	"strings"
	"testing"
)

// Transcript files drop the colour codes: see match's TestPlainWriterDropsColours.
func TestPipedOutputHasNoColours(t *testing.T) {
	_, out, _ := kombi(t, "", "play", "nim2d(n=3,first=p1)", "--p1", "random", "--p2", "random", "--no-out", "--no-db")
	if strings.Contains(out, "\x1b[") {
		t.Fatalf("colour codes in piped output:\n%q", out)
	}
}
