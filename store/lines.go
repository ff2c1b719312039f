package store

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// lineReader reads lines of at most max bytes and says whether each ended
// in a newline (a last line without one may be a torn write).
type lineReader struct {
	br  *bufio.Reader
	max int
	buf []byte
	n   int // the number of the line last returned
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its newline, and whether it had one;
// io.EOF when no line is left.
func (lr *lineReader) next() (line []byte, complete bool, err error) {
	lr.buf = lr.buf[:0]
	lr.n++
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if len(lr.buf)+len(chunk) > lr.max+1 { // +1: the newline
			return nil, false, fmt.Errorf("longer than %d bytes", lr.max)
		}
		lr.buf = append(lr.buf, chunk...)
		switch {
		case err == nil:
			return lr.buf[:len(lr.buf)-1], true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
			if len(lr.buf) == 0 {
				return nil, false, io.EOF
			}
			return lr.buf, false, nil
		default:
			return nil, false, fmt.Errorf("read: %w", err)
		}
	}
}
