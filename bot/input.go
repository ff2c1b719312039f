package bot

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
)

// ErrInputEnded is returned when a human's input ends (end of file) before a
// move is made.
var ErrInputEnded = errors.New("end of input")

// MaxLineBytes bounds one line of a person's input. A longer line is read to
// its end and refused (ErrLineTooLong); the next line is read as usual.
const MaxLineBytes = 1 << 20

// ErrLineTooLong is returned for an input line longer than MaxLineBytes.
var ErrLineTooLong = fmt.Errorf("the line is longer than the limit of %d bytes (1 MiB)", MaxLineBytes)

// ErrNotText ends an input that is not lines of text: it holds a NUL byte,
// or a line runs on past maxDiscard bytes (such as /dev/zero).
var ErrNotText = errors.New("the input is not text (a NUL byte, or a line of many megabytes): give moves as lines of text")

// maxDiscard bounds the bytes of one too-long line read and thrown away
// before the input is given up as not text.
const maxDiscard = 16 << 20

// LineReader reads lines from one input for everybody who asks: all human
// players of a process share one reader, so piped input is never split
// between buffers. Reads honour a context.
type LineReader struct {
	once  sync.Once
	in    io.Reader
	lines chan line
	err   error // set before lines is closed
}

type line struct {
	text    string
	tooLong bool
}

// NewLineReader returns a reader of r's lines.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{in: r, lines: make(chan line)}
}

func (l *LineReader) start() {
	go func() {
		r := bufio.NewReaderSize(l.in, 64*1024)
		var (
			buf       []byte
			tooLong   bool
			discarded int
		)
		for {
			chunk, err := r.ReadSlice('\n')
			if discarded += len(chunk); bytes.IndexByte(chunk, 0) >= 0 || discarded > maxDiscard {
				l.err = ErrNotText
				close(l.lines)
				return
			}
			if !tooLong {
				if len(buf)+len(chunk) > MaxLineBytes+2 { // room for "\r\n"
					tooLong, buf = true, nil
				} else {
					buf = append(buf, chunk...)
				}
			}
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			end := err == nil
			if end || len(buf) > 0 || tooLong {
				text := bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
				if !tooLong && len(text) > MaxLineBytes {
					tooLong = true
				}
				l.lines <- line{text: string(text), tooLong: tooLong}
			}
			buf, tooLong, discarded = buf[:0], false, 0
			if err != nil {
				if err != io.EOF {
					l.err = err
				}
				close(l.lines)
				return
			}
		}
	}()
}

// ReadLine returns the next line without its line ending. At the end of the
// input it returns ErrInputEnded (or the read error); a line longer than
// MaxLineBytes is skipped with ErrLineTooLong, and the next call reads the
// line after it.
func (l *LineReader) ReadLine(ctx context.Context) (string, error) {
	l.once.Do(l.start)
	select {
	case ln, ok := <-l.lines:
		if !ok {
			if l.err != nil {
				return "", l.err
			}
			return "", ErrInputEnded
		}
		if ln.tooLong {
			return "", ErrLineTooLong
		}
		return ln.text, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
