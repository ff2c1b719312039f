package solve

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"iter"
	"os"
	"path/filepath"
	"time"

	"github.com/kombi/kombi/game"
)

// A table file keeps a solver's table on disk, so that a long search that
// is interrupted continues where it stopped: loaded into a new solver of
// the same game, every position it holds is found at once, and a search
// from the start descends straight to the parts not yet searched. The
// format, the same for every solver that keeps one: a line naming the
// solver and its version (the magic), the header's words (the game's
// parameters), the number of records of each section, each section's
// records (a fixed number of words each), and the CRC-64 (ECMA) of
// everything before it; every word is little-endian. A record of zeros is
// a blank: an entry dropped from the table while the file was written.

// ErrTableFile is wrapped by the errors of a table file that cannot be
// loaded (another game, a damaged or truncated file).
var ErrTableFile = errors.New("not a table file of this game")

// TableSection is one kind of record of a table file: Words words each.
// WriteTableFile writes Count records, those Records yields and blanks for
// any it does not (an entry dropped meanwhile); ReadTableFile passes each
// record that is not blank to Check, when set, and to Put once the whole
// file is known to be good (a record Check refuses makes the file
// refused).
type TableSection struct {
	Words   int
	Count   uint64
	Records iter.Seq[[]uint64]
	Check   func([]uint64) error
	Put     func([]uint64)
}

// maxTableRecords bounds the records of a section a file may announce: far
// beyond any memory.
const maxTableRecords = 1 << 40

// WriteTableFile writes a table file to w: magic, the header's words, then
// the sections (see the format above).
func WriteTableFile(w io.Writer, magic string, header []uint64, sections []TableSection) error {
	crc := crc64.New(crc64.MakeTable(crc64.ECMA))
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	var buf [8]byte
	word := func(x uint64) {
		binary.LittleEndian.PutUint64(buf[:], x)
		bw.Write(buf[:]) // errors: see Flush
	}
	bw.WriteString(magic)
	for _, x := range header {
		word(x)
	}
	for _, s := range sections {
		word(s.Count)
	}
	for _, s := range sections {
		n := uint64(0)
		for rec := range s.Records {
			if n == s.Count {
				break
			}
			for i := range s.Words {
				word(rec[i])
			}
			n++
		}
		for ; n < s.Count; n++ {
			for range s.Words {
				word(0)
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("save table: %w", err)
	}
	binary.LittleEndian.PutUint64(buf[:], crc.Sum64())
	if _, err := w.Write(buf[:]); err != nil {
		return fmt.Errorf("save table: %w", err)
	}
	return nil
}

// ReadTableFile reads a table file from r whose magic and header (of
// headerWords words, checked by checkHeader) are the game's, and passes
// each record to its section's Put. A file of another game, or a damaged
// one, is refused (ErrTableFile) before any record is passed on: a file
// that can seek (an *os.File) is read twice, its sum checked first, so
// that loading needs no memory beyond the tables'; any other reader is
// read into memory first.
func ReadTableFile(r io.Reader, magic string, headerWords int, checkHeader func([]uint64) error, sections []TableSection) error {
	if rs, ok := r.(io.ReadSeeker); ok {
		if start, err := rs.Seek(0, io.SeekCurrent); err == nil {
			if err := scanTableFile(rs, magic, headerWords, checkHeader, sections, true, false); err != nil {
				return err
			}
			if _, err := rs.Seek(start, io.SeekStart); err != nil {
				return fmt.Errorf("load table: %w", err)
			}
			return scanTableFile(rs, magic, headerWords, checkHeader, sections, false, true)
		}
	}
	kept := make([][]uint64, len(sections))
	held := make([]TableSection, len(sections))
	for i, s := range sections {
		held[i] = TableSection{Words: s.Words, Check: s.Check, Put: func(rec []uint64) { kept[i] = append(kept[i], rec...) }}
	}
	if err := scanTableFile(r, magic, headerWords, checkHeader, held, true, true); err != nil {
		return err
	}
	for i, s := range sections {
		for rec := kept[i]; len(rec) > 0; rec = rec[s.Words:] {
			s.Put(rec[:s.Words:s.Words])
		}
	}
	return nil
}

// scanTableFile reads a table file, checking its records with their
// sections' Check when check is set (a second pass over a file checked
// already does not) and passing them on when put is: an error means the
// file is not a whole table file of this game, whatever was passed on
// before it.
func scanTableFile(r io.Reader, magic string, headerWords int, checkHeader func([]uint64) error, sections []TableSection, check, put bool) error {
	crc := crc64.New(crc64.MakeTable(crc64.ECMA))
	br := bufio.NewReaderSize(r, 1<<20)
	tr := io.TeeReader(br, crc)
	got := make([]byte, len(magic))
	if _, err := io.ReadFull(tr, got); err != nil || string(got) != magic {
		return fmt.Errorf("load table: %w (no header)", ErrTableFile)
	}
	var buf [8]byte
	var rerr error
	word := func() uint64 {
		if rerr != nil {
			return 0
		}
		if _, err := io.ReadFull(tr, buf[:]); err != nil {
			rerr = err
			return 0
		}
		return binary.LittleEndian.Uint64(buf[:])
	}
	header := make([]uint64, headerWords)
	for i := range header {
		header[i] = word()
	}
	if rerr == nil {
		if err := checkHeader(header); err != nil {
			return fmt.Errorf("load table: %w: %w", ErrTableFile, err)
		}
	}
	counts := make([]uint64, len(sections))
	for i := range counts {
		if counts[i] = word(); rerr == nil && counts[i] > maxTableRecords {
			return fmt.Errorf("load table: %w: %d records announced", ErrTableFile, counts[i])
		}
	}
	for i, s := range sections {
		rec := make([]uint64, s.Words)
		for range counts[i] {
			blank := true
			for j := range rec {
				rec[j] = word()
				blank = blank && rec[j] == 0
			}
			if rerr != nil {
				break
			}
			if blank {
				continue
			}
			if check && s.Check != nil {
				if err := s.Check(rec); err != nil {
					return fmt.Errorf("load table: %w: %w", ErrTableFile, err)
				}
			}
			if put {
				s.Put(rec)
			}
		}
	}
	sum := crc.Sum64()
	if _, err := io.ReadFull(br, buf[:]); rerr == nil && err != nil {
		rerr = err
	}
	if rerr != nil {
		return fmt.Errorf("load table: %w (truncated: %v)", ErrTableFile, rerr)
	}
	if binary.LittleEndian.Uint64(buf[:]) != sum {
		return fmt.Errorf("load table: %w (checksum mismatch)", ErrTableFile)
	}
	return nil
}

// SaveTableFile writes a table file to path with write, safely: to a
// temporary file beside it, synced, then renamed over path (a failure
// leaves what path held before).
func SaveTableFile(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("save table: %w", err)
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save table %s: %w", path, err)
	}
	return nil
}

// LoadTableFile opens the table file at path and reads it with read; it
// reports false, and no error, when there is no such file.
func LoadTableFile(path string, read func(io.Reader) error) (bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("load table: %w", err)
	}
	defer f.Close()
	if err := read(f); err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return true, nil
}

// DefaultCheckpointEvery is how often a long search saves its table file
// when not told.
const DefaultCheckpointEvery = 10 * time.Minute

// SaveEvery calls save every period (DefaultCheckpointEvery when 0) from
// another goroutine, until the returned function is called: that one
// saves once more and returns the first error of any save (after one, no
// more are tried).
func SaveEvery(every time.Duration, save func() error) (stop func() error) {
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	done := make(chan struct{})
	saved := make(chan error, 1)
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				saved <- nil
				return
			case <-t.C:
				if err := save(); err != nil {
					saved <- err
					return
				}
			}
		}
	}()
	return func() error {
		close(done)
		if err := <-saved; err != nil {
			return err
		}
		return save()
	}
}

// TableKeeper is a Solver that keeps its table in the file
// Options.Checkpoint names: loaded when the solve starts, saved every
// DefaultCheckpointEvery and when it ends, so that a long solve that is
// interrupted continues where it stopped. SolveWith refuses a
// Checkpoint for any other solver.
type TableKeeper interface {
	Solver
	// KeepsTable reports whether the solver keeps its table for the
	// game.
	KeepsTable(g game.Game) bool
}
