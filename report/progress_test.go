package report

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/kombi/kombi/solve"
)

// TestProgressLineFitsTheTerminal checks that a status line on a terminal
// is cut to its width (a wrapped line cannot be rewritten in place), and
// that piped output keeps the whole line.
func TestProgressLineFitsTheTerminal(t *testing.T) {
	msg := "value ≥ 23, searching length 24; refuted: 0/1 0/2 0/4 0/3 0/3 1/7 4/8 4/9; table 12800 MiB"
	var out bytes.Buffer
	p := &Progress{w: &out, tty: true, what: "solving", every: time.Millisecond, width: func() int { return 80 }}
	p.Report(solve.Progress{Nodes: 3393169448, Message: msg, Elapsed: 12 * time.Minute})
	line, ok := strings.CutPrefix(out.String(), "\r\033[K")
	if !ok || strings.ContainsAny(line, "\r\n") {
		t.Fatalf("status line %q: want one line after \\r and the erase", out.String())
	}
	if n := utf8.RuneCountInString(line); n != 79 || !strings.HasPrefix(line, "solving, 3,393,169,448 positions: value ≥ 23") || !strings.HasSuffix(line, "…") {
		t.Fatalf("status line of %d columns on a terminal of 80: %q", n, line)
	}

	out.Reset()
	p = &Progress{w: &out, tty: true, what: "solving", every: time.Millisecond, width: func() int { return 0 }}
	p.Report(solve.Progress{Message: "short"})
	if out.String() != "\r\033[Ksolving: short" {
		t.Fatalf("a terminal of unknown width: %q", out.String())
	}

	out.Reset()
	p = NewProgress(&out, "solving", false) // not a terminal: whole lines
	p.Report(solve.Progress{Nodes: 3393169448, Message: msg, Elapsed: 12 * time.Minute})
	if want := "solving, 3,393,169,448 positions: " + msg + " (12m0s)\n"; out.String() != want {
		t.Fatalf("piped: %q, want %q", out.String(), want)
	}
}
