package main

import (
	"bytes"
	"strings"
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
	// Piped output (tests) has no colour codes.
	_, out, _ := kombi(t, "", "play", "nim2d(n=3,first=p1)", "--p1", "random", "--p2", "random", "--no-out", "--no-db")
	if strings.Contains(out, "\x1b[") {
		t.Fatalf("colour codes in piped output:\n%q", out)
	}
}
