package bot

import (
	"bufio"
	"context"
	"errors"
	"io"
	"sync"
)

// ErrInputEnded is returned when a human's input ends (end of file) before a
// move is made.
var ErrInputEnded = errors.New("end of input")

// LineReader reads lines from one input for everybody who asks: all human
// players of a process share one reader, so piped input is never split
// between buffers. Reads honour a context.
type LineReader struct {
	once  sync.Once
	in    io.Reader
	lines chan string
	err   error // set before lines is closed
}

// NewLineReader returns a reader of r's lines.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{in: r, lines: make(chan string)}
}

func (l *LineReader) start() {
	go func() {
		sc := bufio.NewScanner(l.in)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
		l.err = sc.Err()
		close(l.lines)
	}()
}

// ReadLine returns the next line without its line ending. At the end of the
// input it returns ErrInputEnded (or the read error).
func (l *LineReader) ReadLine(ctx context.Context) (string, error) {
	l.once.Do(l.start)
	select {
	case line, ok := <-l.lines:
		if !ok {
			if l.err != nil {
				return "", l.err
			}
			return "", ErrInputEnded
		}
		return line, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
