package thesis

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/kombi/kombi/game"
)

// MaxRecordBytes bounds one record read by ReadRecords.
const MaxRecordBytes = 16 << 20

// Records is what ReadRecords read.
type Records struct {
	Records []*game.Record
	// Good is the offset just after the last record read: a torn last line
	// starts there.
	Good int64
	// Torn is the size of a torn last record that was skipped (0: none).
	Torn int64
}

// ReadRecords reads game records as a stream: one per line (as `kombi
// arena --records` and the overall test write them) or indented objects
// (as `kombi play` writes one), each of at most maxBytes (0:
// MaxRecordBytes). A last record that does not read (a write cut short) is
// skipped and reported in Torn; a bad record elsewhere is an error naming
// its line.
func ReadRecords(r io.Reader, maxBytes int) (*Records, error) {
	if maxBytes <= 0 {
		maxBytes = MaxRecordBytes
	}
	br := bufio.NewReaderSize(r, 64<<10)
	out := &Records{}
	var (
		buf       []byte
		off       int64 // bytes read
		line      int   // lines read
		startLine int   // the first line of the record in buf
		multi     bool  // the record in buf is an indented object: it ends at a line "}"
	)
	for {
		chunk, err := readLine(br, maxBytes-len(buf))
		eof := errors.Is(err, io.EOF)
		if err != nil && !eof {
			return out, fmt.Errorf("line %d: %w", line+1, err)
		}
		off += int64(len(chunk))
		if len(chunk) > 0 {
			line++
		}
		trimmed := bytes.TrimSpace(chunk)
		bare := string(bytes.TrimRight(chunk, "\r\n")) // an indented object opens and closes at column 0
		switch {
		case len(buf) == 0 && len(trimmed) == 0: // a blank line
			out.Good = off
		case len(buf) == 0:
			startLine, multi = line, bare == "{"
			buf = append(buf, chunk...)
		default:
			buf = append(buf, chunk...)
		}
		if len(buf) > 0 && (!multi || bare == "}" || eof) {
			var rec game.Record
			if derr := json.Unmarshal(buf, &rec); derr != nil {
				if _, perr := br.Peek(1); eof || errors.Is(perr, io.EOF) { // the last line
					out.Torn = off - out.Good
					return out, nil
				}
				return out, fmt.Errorf("line %d: not a record: %w", startLine, derr)
			}
			out.Records = append(out.Records, &rec)
			out.Good, buf = off, buf[:0]
		}
		if eof {
			return out, nil
		}
	}
}

// readLine reads one line with its newline, refusing lines longer than max.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		if len(line)+len(part) > max {
			return nil, fmt.Errorf("a record longer than %d bytes", max)
		}
		line = append(line, part...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, err
	}
}
