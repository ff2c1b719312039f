package nim2d

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/kombi/kombi/game"
)

// The shape file holds the Grundy values of the shapes of one palette size,
// in one of two layouts that share a 64-byte header (little-endian):
//
//	[0:8] "KOMBIN2D"  [8:12] version 1  [12:16] layout (1 log, 2 sealed)
//	[16:20] N  [20:24] code bits (57)
//	sealed only: [24:32] entries  [32:40] wall ns  [40:48] core ns
//	[48:52] the triangle's Grundy value  [52:56] CRC-32C of the entries
//	[56:60] entries per index block
//	[60:64] CRC-32C of [0:60]
//
// A log is what a computation appends while it runs: chunks of a 32-byte
// header ([0:4] "CHNK", [4:8] entries, [8:16] and [16:24] the wall and core
// nanoseconds spent on the file so far, [24:28] CRC-32C of the entries,
// [28:32] CRC-32C of [0:28]) and its entries, each code | (value+1)<<57.
// The entries are in the order the table received them (journal), so any
// beginning of the log holds, with each shape, the shapes its value was
// computed from. A crash can leave a chunk half written: reading stops at
// the first chunk that does not check, and a computation that continues the
// file cuts it off there (the entries lost are computed again).
//
// A sealed file is the finished table: the entries sorted, each code<<7 |
// value, then an index of the first entry of every block of entries. A
// reader binary-searches them (ShapeBook). Sealing writes a new file beside
// the log and renames it over the log, so a crash leaves one or the other.
const (
	shapeMagic      = "KOMBIN2D"
	shapeVersion    = 1
	layoutLog       = 1
	layoutSealed    = 2
	fileHeaderSize  = 64
	chunkHeaderSize = 32
	chunkMagic      = "CHNK"
	maxChunkEntries = 1 << 20
	bookBlock       = 512
	// maxShapeEntries bounds a header's count (the 9×9 palette has
	// 268698697 shapes), so that no size computed from it overflows.
	maxShapeEntries = 1 << 40
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ShapeFileName is the name of the shape file of the N×N palette in the
// data directory.
func ShapeFileName(n int) string { return fmt.Sprintf("nim2d-shapes-%d.bin", n) }

// DataDir is where Kombi keeps a user's data: $KOMBI_DATA_DIR, else
// $XDG_DATA_HOME/kombi, else ~/.local/share/kombi.
func DataDir() (string, error) { return game.DataDir() }

// fileHeader is the decoded header of a shape file.
type fileHeader struct {
	layout, n  int
	count      int64
	wall, core int64
	triangle   int
	entriesCRC uint32
	block      int
}

func (h fileHeader) encode() []byte {
	b := make([]byte, fileHeaderSize)
	copy(b, shapeMagic)
	le := binary.LittleEndian
	le.PutUint32(b[8:], shapeVersion)
	le.PutUint32(b[12:], uint32(h.layout))
	le.PutUint32(b[16:], uint32(h.n))
	le.PutUint32(b[20:], codeBits)
	le.PutUint64(b[24:], uint64(h.count))
	le.PutUint64(b[32:], uint64(h.wall))
	le.PutUint64(b[40:], uint64(h.core))
	le.PutUint32(b[48:], uint32(h.triangle))
	le.PutUint32(b[52:], h.entriesCRC)
	le.PutUint32(b[56:], uint32(h.block))
	le.PutUint32(b[60:], crc32.Checksum(b[:60], castagnoli))
	return b
}

func decodeHeader(b []byte) (fileHeader, error) {
	le := binary.LittleEndian
	switch {
	case len(b) < fileHeaderSize || string(b[:8]) != shapeMagic:
		return fileHeader{}, errors.New("not a Kombi shape file")
	case le.Uint32(b[60:]) != crc32.Checksum(b[:60], castagnoli):
		return fileHeader{}, errors.New("the header's checksum does not match")
	case le.Uint32(b[8:]) != shapeVersion:
		return fileHeader{}, fmt.Errorf("version %d; this program reads version %d", le.Uint32(b[8:]), shapeVersion)
	case le.Uint32(b[20:]) != codeBits:
		return fileHeader{}, fmt.Errorf("codes of %d bits; want %d", le.Uint32(b[20:]), codeBits)
	}
	h := fileHeader{layout: int(le.Uint32(b[12:])), n: int(le.Uint32(b[16:])), count: int64(le.Uint64(b[24:])),
		wall: int64(le.Uint64(b[32:])), core: int64(le.Uint64(b[40:])), triangle: int(le.Uint32(b[48:])),
		entriesCRC: le.Uint32(b[52:]), block: int(le.Uint32(b[56:]))}
	if h.layout != layoutLog && h.layout != layoutSealed || h.n < 2 || h.n > MaxTableN || h.count < 0 || h.count > maxShapeEntries {
		return fileHeader{}, fmt.Errorf("bad header (layout %d, N %d, %d entries)", h.layout, h.n, h.count)
	}
	return h, nil
}

// shapeLog appends computed entries to a log file, safe for concurrent use.
type shapeLog struct {
	mu       sync.Mutex
	f        *os.File
	w        *bufio.Writer
	wall     int64 // wall and core ns spent on the file before this run
	core     int64
	start    time.Time
	workers  int
	lastSync time.Time
	err      error
}

// logState is what opening a log found.
type logState struct {
	sealed   *fileHeader // the file is already sealed
	loaded   int64       // entries read back
	dropped  int64       // bytes of a torn tail cut off
	wall     int64
	core     int64
	existing bool
}

// openShapeLog opens the log at path for the N×N palette, creating it, and
// passes every entry already there to load; a torn tail is cut off. When
// the file is sealed it reports so and opens nothing.
func openShapeLog(path string, n int, load func([]uint64) error) (*shapeLog, logState, error) {
	var st logState
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, st, fmt.Errorf("shape file: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, st, fmt.Errorf("shape file: %w", err)
	}
	fail := func(err error) (*shapeLog, logState, error) {
		f.Close()
		return nil, st, fmt.Errorf("shape file %s: %w", path, err)
	}
	info, err := f.Stat()
	if err != nil {
		return fail(err)
	}
	end := int64(fileHeaderSize)
	if info.Size() < fileHeaderSize {
		// New (or torn before its header was whole): start afresh.
		if err := f.Truncate(0); err != nil {
			return fail(err)
		}
		if _, err := f.WriteAt(fileHeader{layout: layoutLog, n: n}.encode(), 0); err != nil {
			return fail(err)
		}
		if err := f.Sync(); err != nil {
			return fail(err)
		}
	} else {
		st.existing = true
		h, err := readHeader(f)
		if err != nil {
			return fail(err)
		}
		if h.n != n {
			return fail(fmt.Errorf("it holds the shapes of the %d×%d palette, not %d×%d", h.n, h.n, n, n))
		}
		if h.layout == layoutSealed {
			f.Close()
			st.sealed = &h
			return nil, st, nil
		}
		r := bufio.NewReaderSize(io.NewSectionReader(f, fileHeaderSize, info.Size()-fileHeaderSize), 1<<20)
		var entries []uint64
		for {
			var ok bool
			entries, ok = readChunk(r, entries[:0], &st)
			if !ok {
				break
			}
			if err := load(entries); err != nil {
				return fail(err)
			}
			st.loaded += int64(len(entries))
			end += chunkHeaderSize + 8*int64(len(entries))
		}
		if st.dropped = info.Size() - end; st.dropped > 0 {
			if err := f.Truncate(end); err != nil {
				return fail(err)
			}
		}
	}
	l := &shapeLog{f: f, wall: st.wall, core: st.core, start: time.Now(), lastSync: time.Now()}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		return fail(err)
	}
	l.w = bufio.NewWriterSize(f, 1<<20)
	return l, st, nil
}

// readChunk reads one chunk's entries, or false at the end or at a chunk
// that does not check.
func readChunk(r io.Reader, buf []uint64, st *logState) ([]uint64, bool) {
	var head [chunkHeaderSize]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return buf, false
	}
	le := binary.LittleEndian
	count := le.Uint32(head[4:])
	if string(head[:4]) != chunkMagic || le.Uint32(head[28:]) != crc32.Checksum(head[:28], castagnoli) || count > maxChunkEntries {
		return buf, false
	}
	payload := make([]byte, 8*int(count))
	if _, err := io.ReadFull(r, payload); err != nil || crc32.Checksum(payload, castagnoli) != le.Uint32(head[24:]) {
		return buf, false
	}
	for i := range int(count) {
		buf = append(buf, le.Uint64(payload[8*i:]))
	}
	st.wall, st.core = int64(le.Uint64(head[8:])), int64(le.Uint64(head[16:]))
	return buf, true
}

// spent returns the wall and core nanoseconds spent on the file so far.
func (l *shapeLog) spent() (wall, core int64) {
	d := time.Since(l.start).Nanoseconds()
	return l.wall + d, l.core + int64(l.workers)*d
}

// append writes entries as one chunk (several when they are many), and
// syncs the file every few seconds.
func (l *shapeLog) append(entries []uint64) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return l.err
	}
	for len(entries) > 0 {
		part := entries[:min(len(entries), maxChunkEntries)]
		entries = entries[len(part):]
		payload := make([]byte, 8*len(part))
		for i, e := range part {
			binary.LittleEndian.PutUint64(payload[8*i:], e)
		}
		var head [chunkHeaderSize]byte
		copy(head[:], chunkMagic)
		wall, core := l.spent()
		le := binary.LittleEndian
		le.PutUint32(head[4:], uint32(len(part)))
		le.PutUint64(head[8:], uint64(wall))
		le.PutUint64(head[16:], uint64(core))
		le.PutUint32(head[24:], crc32.Checksum(payload, castagnoli))
		le.PutUint32(head[28:], crc32.Checksum(head[:28], castagnoli))
		if _, err := l.w.Write(head[:]); err != nil {
			l.err = fmt.Errorf("shape file: %w", err)
			return l.err
		}
		if _, err := l.w.Write(payload); err != nil {
			l.err = fmt.Errorf("shape file: %w", err)
			return l.err
		}
	}
	if time.Since(l.lastSync) > 5*time.Second {
		l.lastSync = time.Now()
		if err := l.sync(); err != nil {
			return err
		}
	}
	return nil
}

func (l *shapeLog) sync() error {
	if err := l.w.Flush(); err != nil {
		l.err = fmt.Errorf("shape file: %w", err)
		return l.err
	}
	if err := l.f.Sync(); err != nil {
		l.err = fmt.Errorf("shape file: %w", err)
		return l.err
	}
	return nil
}

// close flushes, syncs and closes the log.
func (l *shapeLog) close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	err := l.err
	if err == nil {
		err = l.sync()
	}
	if cerr := l.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("shape file: %w", cerr)
	}
	return err
}

// sealShapeFile writes the finished table (entries sorted, each code<<7 |
// value) beside path and renames it over path.
func sealShapeFile(path string, h fileHeader, entries []uint64) error {
	h.layout, h.count, h.block = layoutSealed, int64(len(entries)), bookBlock
	tmp := path + ".seal"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("shape file: %w", err)
	}
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("shape file %s: %w", tmp, err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if _, err := w.Write(make([]byte, fileHeaderSize)); err != nil {
		return fail(err)
	}
	var buf [8]byte
	crc := uint32(0)
	for _, e := range entries {
		binary.LittleEndian.PutUint64(buf[:], e)
		crc = crc32.Update(crc, castagnoli, buf[:])
		if _, err := w.Write(buf[:]); err != nil {
			return fail(err)
		}
	}
	for i := 0; i < len(entries); i += bookBlock {
		binary.LittleEndian.PutUint64(buf[:], entries[i])
		if _, err := w.Write(buf[:]); err != nil {
			return fail(err)
		}
	}
	h.entriesCRC = crc
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if _, err := f.WriteAt(h.encode(), 0); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("shape file %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("shape file: %w", err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // make the rename durable where the system allows it
		d.Close()
	}
	return nil
}

// ShapeBook is a finished shape table opened for reading: the Grundy value
// of every component that can arise on the palettes up to its side. It is
// read-only and safe for concurrent use.
type ShapeBook struct {
	// N is the palette side; Shapes the number of shapes held (those of 4
	// cells or more, up to symmetry); Triangle the Grundy value of the
	// palette's upper triangle.
	N, Triangle int
	Shapes      int64
	// Wall and Core are the time the computation took (all its runs), and
	// Core the wall time times the workers.
	Wall, Core time.Duration
	Path       string
	entries    []uint64 // all entries, when read into memory
	f          *os.File // else the file, read a block at a time
	index      []uint64
}

// bookMemEntries is the largest table a ShapeBook reads into memory (and
// checks whole); larger ones are read a block at a time.
const bookMemEntries = 32 << 20

// OpenShapeBook opens a sealed shape file.
func OpenShapeBook(path string) (*ShapeBook, error) {
	return openShapeBook(path, bookMemEntries)
}

func openShapeBook(path string, memEntries int64) (*ShapeBook, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("shape book: %w", err)
	}
	fail := func(err error) (*ShapeBook, error) {
		f.Close()
		return nil, fmt.Errorf("shape book %s: %w", path, err)
	}
	h, err := readHeader(f)
	if err != nil {
		return fail(err)
	}
	if h.layout != layoutSealed {
		return fail(errors.New("the computation is not finished (run `kombi table nim2d-shapes` again to continue it)"))
	}
	if h.block != bookBlock {
		return fail(fmt.Errorf("blocks of %d entries; want %d", h.block, bookBlock))
	}
	blocks := (h.count + bookBlock - 1) / bookBlock
	info, err := f.Stat()
	if err != nil {
		return fail(err)
	}
	if want := fileHeaderSize + 8*(h.count+blocks); info.Size() != want {
		return fail(fmt.Errorf("%d bytes; its header says %d", info.Size(), want))
	}
	b := &ShapeBook{N: h.n, Triangle: h.triangle, Shapes: h.count, Wall: time.Duration(h.wall), Core: time.Duration(h.core), Path: path}
	raw := make([]byte, 8*blocks)
	if _, err := f.ReadAt(raw, fileHeaderSize+8*h.count); err != nil {
		return fail(err)
	}
	b.index = decodeWords(raw, nil)
	if h.count > memEntries {
		b.f = f
		return b, nil
	}
	raw = make([]byte, 8*h.count)
	if _, err := f.ReadAt(raw, fileHeaderSize); err != nil {
		return fail(err)
	}
	if crc32.Checksum(raw, castagnoli) != h.entriesCRC {
		return fail(errors.New("the entries' checksum does not match"))
	}
	b.entries = decodeWords(raw, make([]uint64, 0, h.count))
	f.Close()
	for i := range b.index {
		if b.index[i] != b.entries[i*bookBlock] {
			return nil, fmt.Errorf("shape book %s: the index does not match the entries", path)
		}
	}
	return b, nil
}

func decodeWords(raw []byte, out []uint64) []uint64 {
	for i := 0; i+8 <= len(raw); i += 8 {
		out = append(out, binary.LittleEndian.Uint64(raw[i:]))
	}
	return out
}

// Close releases the file of a book read a block at a time.
func (b *ShapeBook) Close() error {
	if b == nil || b.f == nil {
		return nil
	}
	return b.f.Close()
}

// Lookup returns the Grundy value of a connected shape of 4 cells or more
// if the book holds it: every component of the palettes up to side N.
func (b *ShapeBook) Lookup(s Shape) (int, bool) {
	bs, ok := bitFromShape(&s)
	if !ok {
		return 0, false
	}
	return b.lookupCode(bitCanonical(bs))
}

func (b *ShapeBook) lookupCode(code uint64) (int, bool) {
	if b == nil || code > codeMask {
		return 0, false
	}
	key := code << 7
	find := func(entries []uint64) (int, bool) {
		i := sort.Search(len(entries), func(i int) bool { return entries[i] >= key })
		if i < len(entries) && entries[i]>>7 == code {
			return int(entries[i] & 0x7f), true
		}
		return 0, false
	}
	if b.entries != nil {
		return find(b.entries)
	}
	blk := sort.Search(len(b.index), func(i int) bool { return b.index[i] > key|0x7f }) - 1
	if blk < 0 {
		return 0, false
	}
	n := min(int64(bookBlock), b.Shapes-int64(blk)*bookBlock)
	raw := make([]byte, 8*n)
	if _, err := b.f.ReadAt(raw, fileHeaderSize+8*int64(blk)*bookBlock); err != nil {
		return 0, false
	}
	return find(decodeWords(raw, make([]uint64, 0, n)))
}

// readHeader reads and decodes the header at the start of a shape file.
func readHeader(f *os.File) (fileHeader, error) {
	head := make([]byte, fileHeaderSize)
	if _, err := f.ReadAt(head, 0); err != nil {
		return fileHeader{}, err
	}
	return decodeHeader(head)
}
