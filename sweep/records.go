package sweep

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"github.com/kombi/kombi/game"
)

// RecordFile writes records to a file as JSON lines, checking every write:
// the first failure is kept (later writes do nothing) and returned by Write
// and by Close, with the path. It is safe for concurrent use.
type RecordFile struct {
	path string
	f    *os.File
	buf  *bufio.Writer
	mu   sync.Mutex
	err  error
}

// CreateRecordFile creates path for records. An existing regular file is
// refused (a *game.InputError: records are never overwritten); a device or
// a pipe (/dev/stdout, a FIFO) is written to.
func CreateRecordFile(path string) (*RecordFile, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if errors.Is(err, fs.ErrExist) {
		if fi, serr := os.Stat(path); serr == nil && fi.Mode().IsRegular() {
			return nil, game.Inputf("records file %s exists already and is not overwritten: remove it or choose another name", path)
		}
		f, err = os.OpenFile(path, os.O_WRONLY, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("records file: %w", err)
	}
	return &RecordFile{path: path, f: f, buf: bufio.NewWriter(f)}, nil
}

// Write appends one record as a line of JSON.
func (r *RecordFile) Write(rec *game.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return r.err
	}
	line, err := json.Marshal(rec)
	if err == nil {
		_, err = r.buf.Write(append(line, '\n'))
	}
	if err != nil {
		r.err = fmt.Errorf("records file %s: %w", r.path, err)
	}
	return r.err
}

// Close flushes the records, syncs a regular file to disk and closes it;
// it returns the first error of any write, with the path.
func (r *RecordFile) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	err := r.err
	if err == nil {
		if ferr := r.buf.Flush(); ferr != nil {
			err = fmt.Errorf("records file %s: %w", r.path, ferr)
		}
	}
	if fi, serr := r.f.Stat(); err == nil && serr == nil && fi.Mode().IsRegular() {
		if serr := r.f.Sync(); serr != nil { // pipes and devices have nothing to sync
			err = fmt.Errorf("records file %s: %w", r.path, serr)
		}
	}
	if cerr := r.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("records file %s: %w", r.path, cerr)
	}
	return err
}
