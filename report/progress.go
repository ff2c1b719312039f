package report

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Progress draws solve.Progress reports, the one progress printer of every
// long command: a bar with an ETA (work with a known total) or one
// rewritten status line on a terminal, and plain lines at most every few
// seconds when the output is piped. It is safe for concurrent use.
type Progress struct {
	mu       sync.Mutex
	w        io.Writer
	tty      bool
	what     string
	bar      *progressbar.ProgressBar
	last     time.Time
	every    time.Duration
	drawn    bool
	lastLine string
	// width is the terminal's width in columns (0: unknown), read at each
	// status line: a line longer than the terminal wraps, and rewriting it
	// would then leave its first rows behind.
	width func() int
}

// NewProgress returns a printer writing to w, describing the work as what
// (e.g. "solving", "games"). quiet gives a printer that prints nothing.
func NewProgress(w io.Writer, what string, quiet bool) *Progress {
	if quiet {
		return nil
	}
	p := &Progress{w: w, what: what, every: 5 * time.Second}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty, p.every = true, 100*time.Millisecond
		fd := int(f.Fd())
		p.width = func() int {
			w, _, err := term.GetSize(fd)
			if err != nil {
				return 0
			}
			return w
		}
	}
	return p
}

// IsTerminal reports whether the printer draws on a terminal.
func (p *Progress) IsTerminal() bool { return p != nil && p.tty }

// Report draws one report; reports closer together than the printer's rate
// are skipped, except the last of a known total.
func (p *Progress) Report(r solve.Progress) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	final := r.Total > 0 && r.Done >= r.Total
	if !final && time.Since(p.last) < p.every {
		return
	}
	p.last = time.Now()
	if p.tty && r.Total > 0 {
		if p.bar == nil {
			p.bar = progressbar.NewOptions64(r.Total,
				progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription(p.what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionClearOnFinish(),
			)
		}
		_ = p.bar.Set64(r.Done)
		return
	}
	line := p.what
	if r.Total > 0 {
		line += fmt.Sprintf(" %d/%d", r.Done, r.Total)
	}
	if r.Nodes > 0 {
		line += ", " + game.Grouped(r.Nodes) + " positions"
	}
	if r.Message != "" {
		line += ": " + r.Message
	}
	if r.Elapsed > 0 {
		line += fmt.Sprintf(" (%s)", r.Elapsed.Round(time.Second))
	}
	if p.tty {
		if p.width != nil {
			line = fitWidth(line, p.width())
		}
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		p.drawn = true
		return
	}
	if line != p.lastLine {
		fmt.Fprintln(p.w, line)
		p.lastLine = line
	}
}

// Func returns p.Report as a callback, or nil for a nil printer (so that
// searches skip building reports nobody reads).
func (p *Progress) Func() func(solve.Progress) {
	if p == nil {
		return nil
	}
	return p.Report
}

// Done clears the bar or status line from a terminal.
func (p *Progress) Done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}

// fitWidth cuts a status line to fit a terminal of width columns (0:
// unknown, the line whole), ending it with "…" when cut; the last column
// stays free, where some terminals wrap.
func fitWidth(line string, width int) string {
	if width <= 1 || utf8.RuneCountInString(line) < width {
		return line
	}
	r := []rune(line)
	return string(r[:width-2]) + "…"
}
