package vdwlist

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
)

// A table file keeps a solver's exact values (its fast path's tables; the
// big path's values, beyond 2^58 lists, are not kept), so that a long
// search that is interrupted continues where it stopped: loaded into a new
// solver of the same k, colours and list size, every position it holds is
// found at once (a search from the start descends straight to the parts not
// yet searched). The table's keys and values do not depend on s, so one
// file serves a whole series. The format: the line tableMagic, then
// little-endian words: k, colours, list size, the number of short keys and
// of wide keys, each short key with its entry, each wide key (4 words)
// with its entry, and the CRC-64 (ECMA) of everything before it. (Mid keys
// are written as wide keys, and read back as mid keys: files are the same
// as before there were any.)

const tableMagic = "kombi vdwlist table 1\n"

// ErrTableFile is wrapped by the errors of a table file that cannot be
// loaded (another game, a damaged or truncated file).
var ErrTableFile = errors.New("not a table file of this game")

// SaveTable writes the solver's table to w (see the format above). The
// solver may be searching meanwhile when its tables are shared (several
// workers, or SetCheckpointed): entries stored during the save may be
// missing from the file.
func (sv *Solver) SaveTable(w io.Writer) error {
	sv.makeTables()
	crc := crc64.New(crc64.MakeTable(crc64.ECMA))
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	var buf [8]byte
	word := func(x uint64) {
		binary.LittleEndian.PutUint64(buf[:], x)
		bw.Write(buf[:]) // errors: see Flush
	}
	bw.WriteString(tableMagic)
	word(uint64(sv.g.K()))
	word(uint64(sv.g.Colors()))
	word(uint64(sv.g.ListSize()))
	// The counts come first: count, then write no more than counted
	// (entries stored meanwhile wait for the next save).
	narrow, mid, wide := uint64(sv.tt.Len()), uint64(sv.midTT.Len()), uint64(sv.wide.Len())
	word(narrow)
	word(mid + wide)
	writeEntries(word, sv.tt.All(), narrow, 1, func(k uint64) { word(k) })
	// Mid keys are written as the wide keys they stand for.
	writeEntries(word, sv.midTT.All(), mid, len(wideKey{}), func(k uint64) {
		for _, x := range sv.mid.planes(k) {
			word(x)
		}
	})
	writeEntries(word, sv.wide.All(), wide, len(wideKey{}), func(k wideKey) {
		for _, x := range k {
			word(x)
		}
	})
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("save table: %w", err)
	}
	binary.LittleEndian.PutUint64(buf[:], crc.Sum64())
	if _, err := w.Write(buf[:]); err != nil {
		return fmt.Errorf("save table: %w", err)
	}
	return nil
}

// writeEntries writes count entries of all with word, each its key's
// words (key writes them, keyWords of them) and then the entry, and a
// blank (zero words) for each entry dropped meanwhile (a full table
// growing).
func writeEntries[K any](word func(uint64), all iter.Seq2[K, memoEntry], count uint64, keyWords int, key func(K)) {
	n := uint64(0)
	for k, e := range all {
		if n == count {
			break
		}
		key(k)
		word(uint64(e))
		n++
	}
	for ; n < count; n++ {
		for range keyWords + 1 {
			word(0)
		}
	}
}

// LoadTable adds the entries of a table file read from r to the solver's
// table. A file of another k, number of colours or list size, or a damaged
// one, is refused (ErrTableFile) before any entry is added: a file that can
// seek (an *os.File) is read twice, its sum checked first, so that loading
// needs no memory beyond the tables'; any other reader is read into memory
// first.
func (sv *Solver) LoadTable(r io.Reader) error {
	sv.makeTables()
	if rs, ok := r.(io.ReadSeeker); ok {
		if start, err := rs.Seek(0, io.SeekCurrent); err == nil {
			if err := sv.scanTable(rs, nil, nil); err != nil {
				return err
			}
			if _, err := rs.Seek(start, io.SeekStart); err != nil {
				return fmt.Errorf("load table: %w", err)
			}
			return sv.scanTable(rs, sv.putShort, sv.putWide)
		}
	}
	type wideEntry struct {
		k wideKey
		e memoEntry
	}
	var short [][2]uint64
	var long []wideEntry
	err := sv.scanTable(r, func(k uint64, e memoEntry) { short = append(short, [2]uint64{k, uint64(e)}) },
		func(k *wideKey, e memoEntry) { long = append(long, wideEntry{*k, e}) })
	if err != nil {
		return err
	}
	for _, x := range short {
		sv.putShort(x[0], memoEntry(x[1]))
	}
	for i := range long {
		sv.putWide(&long[i].k, long[i].e)
	}
	return nil
}

// putShort and putWide store an entry of a table file.
func (sv *Solver) putShort(k uint64, e memoEntry) { sv.tt.Put(k, e) }

func (sv *Solver) putWide(k *wideKey, e memoEntry) {
	if code, ok := sv.mid.code(k, keySpan(k)); ok {
		sv.midTT.Put(code, e)
	} else {
		sv.wide.Put(*k, e)
	}
}

// scanTable reads a table file from r (see the format above), calling
// short and wide (when not nil) with each of its entries in turn, blanks
// left out, and checks its header against the solver's game and its sum
// at the end: an error means the file is not a whole table file of this
// game, whatever was passed on before it.
func (sv *Solver) scanTable(r io.Reader, short func(uint64, memoEntry), wide func(*wideKey, memoEntry)) error {
	crc := crc64.New(crc64.MakeTable(crc64.ECMA))
	br := bufio.NewReaderSize(r, 1<<20)
	tr := io.TeeReader(br, crc)
	magic := make([]byte, len(tableMagic))
	if _, err := io.ReadFull(tr, magic); err != nil || string(magic) != tableMagic {
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
	k, c, l := word(), word(), word()
	if rerr == nil && (k != uint64(sv.g.K()) || c != uint64(sv.g.Colors()) || l != uint64(sv.g.ListSize())) {
		return fmt.Errorf("load table: %w: the file is of k=%d, colors=%d, list=%d, the game of k=%d, colors=%d, list=%d",
			ErrTableFile, k, c, l, sv.g.K(), sv.g.Colors(), sv.g.ListSize())
	}
	narrow, wides := word(), word()
	const most = 1 << 40 // entries: far beyond any memory
	if rerr == nil && (narrow > most || wides > most) {
		return fmt.Errorf("load table: %w: %d and %d entries", ErrTableFile, narrow, wides)
	}
	for range narrow {
		key, e := word(), word()
		if rerr != nil {
			break
		}
		if key != 0 && short != nil {
			short(key, memoEntry(e))
		}
	}
	var wk wideKey
	for range wides {
		for i := range wk {
			wk[i] = word()
		}
		e := memoEntry(word())
		if rerr != nil {
			break
		}
		if wk != (wideKey{}) && wide != nil {
			wide(&wk, e)
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

// SaveTableFile writes the table to path safely: to a temporary file
// beside it, synced, then renamed over path.
func (sv *Solver) SaveTableFile(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("save table: %w", err)
	}
	tmp := f.Name()
	err = sv.SaveTable(f)
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

// LoadTableFile loads the table file at path (see LoadTable); it reports
// false, and no error, when there is no such file.
func (sv *Solver) LoadTableFile(path string) (bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("load table: %w", err)
	}
	defer f.Close()
	if err := sv.LoadTable(f); err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return true, nil
}

// SetCheckpointed makes the solver's tables safe to save while it
// searches (SaveTable), even with one worker (its table then takes locks:
// a little slower). Call it before the first search.
func (sv *Solver) SetCheckpointed() { sv.locked = true }
