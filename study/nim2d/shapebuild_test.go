package nim2d

import (
	"context"
	"encoding/binary"
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/games/nim2d"
)

// connectedClasses counts the connected subsets of the N×N palette's
// triangle with 4 cells or more, up to rotation and reflection, by going
// through all subsets: the number of shapes the table must hold.
func connectedClasses(n int) int {
	tri := bitTriangle(n)
	var cells []uint64
	for x := tri; x != 0; x &= x - 1 {
		cells = append(cells, x&-x)
	}
	seen := map[uint64]bool{}
	for sub := range 1 << len(cells) {
		if bits.OnesCount(uint(sub)) < 4 {
			continue
		}
		var b uint64
		for i, c := range cells {
			if sub>>i&1 == 1 {
				b |= c
			}
		}
		if bitFill(b&-b, b) == b {
			seen[bitCanonical(b)] = true
		}
	}
	return len(seen)
}

// TestShapeTableSmall: for N ≤ 7 the table holds exactly the connected
// sub-shapes of the triangle (counted by brute force for N ≤ 6), every
// value agrees with the engine of grundy.go, computed independently, and
// the triangle's value with the known one.
func TestShapeTableSmall(t *testing.T) {
	dir := t.TempDir()
	for n := 2; n <= 7; n++ {
		path := filepath.Join(dir, ShapeFileName(n))
		res, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: n, File: path, MemMiB: 64, Workers: 2}, nil)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		// One engine for the triangle and each entry: the triangle's search
		// values the shapes in it on the way.
		e := NewEngine(NewCache(64 << 20))
		want, err := e.Grundy(Triangle(n))
		if err != nil || !res.Complete || res.Grundy == nil || *res.Grundy != want || want != TriangleValues[n] {
			t.Fatalf("n=%d: %+v, the engine of grundy.go gives %d, published %d", n, res, want, TriangleValues[n])
		}
		if n <= 6 {
			if want := connectedClasses(n); res.Shapes != int64(want) {
				t.Fatalf("n=%d: %d shapes, brute force counts %d", n, res.Shapes, want)
			}
		}
		book, err := OpenShapeBook(path)
		if err != nil {
			t.Fatal(err)
		}
		if book.Shapes != res.Shapes || book.Triangle != *res.Grundy || book.N != n {
			t.Fatalf("n=%d: book %+v, result %+v", n, book, res)
		}
		for _, entry := range book.entries {
			s := codeShape(entry >> 7)
			want, err := e.Grundy(s)
			if err != nil || int(entry&0x7f) != want {
				t.Fatalf("n=%d: %s: table %d, engine %d %v", n, s, entry&0x7f, want, err)
			}
			if v, ok := book.Lookup(s.Transposed()); !ok || v != want {
				t.Fatalf("n=%d: lookup of %s: %d %t", n, s, v, ok)
			}
		}
		// A second run finds the file sealed.
		again, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: n, File: path, MemMiB: 64}, nil)
		if err != nil || !again.Complete || again.Computed != 0 || *again.Grundy != *res.Grundy || again.Shapes != res.Shapes {
			t.Fatalf("n=%d again: %+v %v", n, again, err)
		}
	}
}

// logChunks reads the chunks of the log at path: each chunk's entries and
// its byte offset.
func logChunks(t *testing.T, path string) (chunks [][]uint64, offsets []int64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(fileHeaderSize, 0); err != nil {
		t.Fatal(err)
	}
	var st logState
	at := int64(fileHeaderSize)
	for {
		entries, ok := readChunk(f, nil, &st)
		if !ok {
			return chunks, offsets
		}
		chunks, offsets = append(chunks, entries), append(offsets, at)
		at += chunkHeaderSize + 8*int64(len(entries))
	}
}

// TestShapeTableResume: a computation stopped as by Ctrl-C saves what it
// found, a crash's torn tail and a damaged last chunk are cut off, and later
// runs continue to the same table as an uninterrupted one.
func TestShapeTableResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.bin")
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 6, File: whole, MemMiB: 64, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "resume.bin")
	o := ShapeTableOptions{N: 6, File: path, MemMiB: 64, Workers: 2, stopAfter: 500}
	res, err := BuildShapeTable(context.Background(), o, nil)
	if !errors.Is(err, context.Canceled) || res.Complete || res.Shapes < 500 || res.Note == "" {
		t.Fatalf("stopped run: %+v %v", res, err)
	}
	saved := res.Shapes
	// A crash in the middle of a chunk: half a chunk header at the end.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("CHNK\x05\x00\x00")); err != nil {
		t.Fatal(err)
	}
	f.Close()
	o.stopAfter = 300
	res, err = BuildShapeTable(context.Background(), o, nil)
	if !errors.Is(err, context.Canceled) || res.Resumed != saved || res.DroppedBytes != 7 || res.Shapes < saved+300 {
		t.Fatalf("second run: %+v %v (saved %d)", res, err, saved)
	}
	// Damage the last chunk's entries: that chunk is dropped and computed
	// again.
	chunks, offsets := logChunks(t, path)
	last := len(chunks) - 1
	kept := int64(0)
	for _, c := range chunks[:last] {
		kept += int64(len(c))
	}
	if last < 1 || kept+int64(len(chunks[last])) != res.Shapes {
		t.Fatalf("the log's %d chunks hold %d+%d entries; %d shapes were stored", len(chunks), kept, len(chunks[last]), res.Shapes)
	}
	f, _ = os.OpenFile(path, os.O_RDWR, 0)
	if _, err := f.WriteAt([]byte{0xff}, offsets[last]+chunkHeaderSize+3); err != nil {
		t.Fatal(err)
	}
	f.Close()
	o.stopAfter = 0
	res, err = BuildShapeTable(context.Background(), o, nil)
	if err != nil || !res.Complete || res.DroppedBytes != chunkHeaderSize+8*int64(len(chunks[last])) || res.Resumed != kept || *res.Grundy != 13 || res.Shapes != 1311 {
		t.Fatalf("last run: %+v %v (the log kept %d entries)", res, err, kept)
	}
	if res.TotalSeconds < res.Seconds || res.CoreSeconds < res.TotalSeconds {
		t.Fatalf("times: %+v", res)
	}
	a, errA := OpenShapeBook(whole)
	b, errB := OpenShapeBook(path)
	if errA != nil || errB != nil || len(a.entries) != len(b.entries) {
		t.Fatal(errA, errB)
	}
	for i := range a.entries {
		if a.entries[i] != b.entries[i] {
			t.Fatalf("entry %d: %#x, uninterrupted %#x", i, b.entries[i], a.entries[i])
		}
	}
}

// TestShapeLogOrder: however many workers compute the table, its log holds
// each shape after every shape its value was computed from, so that what a
// crash leaves of the log's beginning can be continued; and a log that
// lacks a shape another in it was computed from is not sealed as complete.
func TestShapeLogOrder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "order.bin")
	// 7×7: 41335 shapes; four workers on whatever cores there are.
	res, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 7, File: path, MemMiB: 64, Workers: 4, stopAfter: 30000}, nil)
	if !errors.Is(err, context.Canceled) || res.Shapes < 30000 {
		t.Fatalf("stopped run: %+v %v", res, err)
	}
	chunks, _ := logChunks(t, path)
	at := map[uint64]int{}
	var order []uint64
	for _, c := range chunks {
		for _, e := range c {
			at[e&codeMask] = len(order)
			order = append(order, e&codeMask)
		}
	}
	if int64(len(order)) != res.Shapes {
		t.Fatalf("the log holds %d entries; %d shapes were stored", len(order), res.Shapes)
	}
	for i, s := range order {
		_, _, codes := optionsOf(s, nil, nil, nil)
		for _, c := range codes {
			if j, ok := at[c]; !ok || j > i {
				t.Fatalf("entry %d, shape %#x: its option's component %#x is %s", i, s, c, map[bool]string{false: "not in the log", true: "later in the log"}[ok])
			}
		}
	}
	// A log that lost a shape others rest on (as logs written by each
	// worker apart could, across a crash), here every shape of the 6×6
	// palette but one: the run finds the triangle's value without needing
	// the lost shape, and says so rather than seal a table short of it.
	whole := filepath.Join(dir, "whole.bin")
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 6, File: whole, MemMiB: 64}, nil); err != nil {
		t.Fatal(err)
	}
	book, err := OpenShapeBook(whole)
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.bin")
	log, _, err := openShapeLog(broken, 6, func([]uint64) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	var keep []uint64
	for i, e := range book.entries {
		if i != 100 {
			keep = append(keep, e>>7|(e&0x7f+1)<<codeBits)
		}
	}
	if err := log.append(keep); err != nil {
		t.Fatal(err)
	}
	if err := log.close(); err != nil {
		t.Fatal(err)
	}
	res, err = BuildShapeTable(context.Background(), ShapeTableOptions{N: 6, File: broken, MemMiB: 64, Workers: 2}, nil)
	if err == nil || res.Complete || res.Shapes != 1310 || !strings.Contains(err.Error(), "lacks shapes") {
		t.Fatalf("a log without shape %#x: %+v %v", book.entries[100]>>7, res, err)
	}
	if _, err := OpenShapeBook(broken); err == nil {
		t.Fatal("a log short of a shape was sealed")
	}
}

// TestShapeTableLimits: the memory bound stops the computation with
// ErrShapeMemory after saving, a file of another palette or a damaged
// header is refused, and a book too large for memory is read by blocks.
func TestShapeTableLimits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "small.bin")
	res, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 6, File: path, MemMiB: 1, memBytes: 8 << 10, Workers: 2}, nil)
	if !errors.Is(err, ErrShapeMemory) || res.Complete || res.MemoryBytes > 8<<10 || res.Shapes == 0 {
		t.Fatalf("memory bound: %+v %v", res, err)
	}
	res, err = BuildShapeTable(context.Background(), ShapeTableOptions{N: 6, File: path, MemMiB: 64}, nil)
	if err != nil || !res.Complete || res.Resumed == 0 {
		t.Fatalf("with more memory: %+v %v", res, err)
	}
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 5, File: path, MemMiB: 64}, nil); err == nil {
		t.Fatal("the 6×6 file taken for 5×5")
	}
	for _, o := range []ShapeTableOptions{{N: 10, MemMiB: 1}, {N: 1, MemMiB: 1}, {N: 8, MemMiB: -1}, {N: 8, MemMiB: 1, Workers: -1}} {
		if err := o.Check(); err == nil {
			t.Fatalf("%+v accepted", o)
		}
	}
	// The block reader agrees with the one in memory.
	mem, err := OpenShapeBook(path)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := openShapeBook(path, 100)
	if err != nil || blocks.entries != nil {
		t.Fatal(err)
	}
	defer blocks.Close()
	for i, e := range mem.entries {
		if i%7 != 0 && i != len(mem.entries)-1 {
			continue
		}
		v, ok := blocks.lookupCode(e >> 7)
		if !ok || v != int(e&0x7f) {
			t.Fatalf("entry %#x: blocks say %d %t", e, v, ok)
		}
		if _, ok := blocks.lookupCode(e>>7 + 1); ok && !mem.has(e>>7+1) {
			t.Fatalf("code %#x found by blocks only", e>>7+1)
		}
	}
	// A damaged header is refused with a clear error.
	raw, _ := os.ReadFile(path)
	raw[17] ^= 1
	bad := filepath.Join(dir, "bad.bin")
	os.WriteFile(bad, raw, 0o644)
	if _, err := OpenShapeBook(bad); err == nil {
		t.Fatal("damaged header accepted")
	}
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 6, File: bad, MemMiB: 64}, nil); err == nil {
		t.Fatal("damaged header resumed")
	}
	_ = time.Second
}

func (b *ShapeBook) has(code uint64) bool { _, ok := b.lookupCode(code); return ok }

// TriangleValues are the published triangle values by palette side.
var TriangleValues = func() map[int]int {
	m := map[int]int{}
	for _, r := range TriangleRecords() {
		m[r.N] = r.Grundy
	}
	return m
}()

// BenchmarkShapeTable7 computes the 41,335 shapes of the 7×7 palette's
// triangle with one worker.
func BenchmarkShapeTable7(b *testing.B) {
	dir := b.TempDir()
	for b.Loop() {
		path := filepath.Join(dir, "bench.bin")
		r, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 7, File: path, MemMiB: 64, Workers: 1}, nil)
		if err != nil || *r.Grundy != 1 {
			b.Fatal(r, err)
		}
		os.Remove(path)
	}
}

// TestFrontierRows: one row per triangle published, with its value and the
// command that reproduces it, then the sizes not reached with a cost.
func TestFrontierRows(t *testing.T) {
	rows := FrontierRows()
	recs := TriangleRecords()
	if len(rows) != nim2d.MaxN-1 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range recs {
		row := rows[i]
		if row.Value != strconv.Itoa(r.Grundy) || !strings.Contains(row.Command, "--n "+strconv.Itoa(r.N)) || row.How == "" || row.MachineTime == "" {
			t.Fatalf("row %d: %+v for %+v", i, row, r)
		}
	}
	for _, row := range rows[len(recs):] {
		if row.Value != "not computed" || !strings.Contains(row.MachineTime, "estimated") {
			t.Fatalf("row %+v", row)
		}
	}
}

// TestShapeBookConsistency samples the 8×8 and 9×9 tables of
// $KOMBI_TEST_SHAPES (skipped without): each sampled value is the mex of
// its options' values read from the same table (so that, the values of up
// to 3 cells being right, a table consistent everywhere is right), and
// for shapes of at most 20 cells the engine of grundy.go, without the
// table, agrees.
func TestShapeBookConsistency(t *testing.T) {
	dir := os.Getenv("KOMBI_TEST_SHAPES")
	if dir == "" {
		t.Skip("set KOMBI_TEST_SHAPES to a directory of shape tables to run it")
	}
	for _, n := range []int{8, 9} {
		book, err := openShapeBook(filepath.Join(dir, ShapeFileName(n)), 0)
		if err != nil {
			t.Logf("n=%d: %v", n, err)
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		withBook := NewEngine(NewCache(256 << 20))
		withBook.UseBook(book)
		plain := NewEngine(NewCache(256 << 20))
		small := 0
		for i := range 3000 {
			var raw [8]byte
			if _, err := book.f.ReadAt(raw[:], fileHeaderSize+8*rng.Int64N(book.Shapes)); err != nil {
				t.Fatal(err)
			}
			e := binary.LittleEndian.Uint64(raw[:])
			if i == 0 { // the triangle itself
				e = bitCanonical(bitTriangle(n))<<7 | uint64(book.Triangle)
			}
			s, want := codeShape(e>>7), int(e&0x7f)
			var seen [4]uint64
			for _, m := range s.moves(nil) {
				rest := s.without(m)
				v, err := withBook.GrundyOf(rest)
				if err != nil {
					t.Fatal(err)
				}
				seen[v>>6] |= 1 << (v & 63)
			}
			g := 0
			for seen[g>>6]>>(g&63)&1 == 1 {
				g++
			}
			if g != want {
				t.Fatalf("n=%d: %s: table %d, the mex of its options %d", n, s, want, g)
			}
			if s.Cells() <= 20 {
				small++
				if v, err := plain.Grundy(s); err != nil || v != want {
					t.Fatalf("n=%d: %s: table %d, engine %d %v", n, s, want, v, err)
				}
			}
		}
		if withBook.Work != 0 {
			t.Fatalf("n=%d: the options needed %d steps of search: the table is not closed", n, withBook.Work)
		}
		t.Logf("n=%d: 3000 sampled values consistent, %d of them checked by the engine", n, small)
		book.Close()
	}
}

// FuzzShapeFile: whatever bytes a shape file holds, reading it as a book
// (in memory and by blocks) and opening it as a log to continue return an
// error or a table, never a panic.
func FuzzShapeFile(f *testing.F) {
	dir := f.TempDir()
	sealed := filepath.Join(dir, "sealed.bin")
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 5, File: sealed, MemMiB: 64}, nil); err != nil {
		f.Fatal(err)
	}
	logged := filepath.Join(dir, "log.bin")
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 5, File: logged, MemMiB: 64, Workers: 1, stopAfter: 40}, nil); !errors.Is(err, context.Canceled) {
		f.Fatal(err)
	}
	for _, p := range []string{sealed, logged} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f.bin")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, mem := range []int64{bookMemEntries, 3} {
			if b, err := openShapeBook(path, mem); err == nil {
				b.Lookup(Triangle(4))
				b.lookupCode(0x1f)
				b.Close()
			}
		}
		log, _, err := openShapeLog(path, 5, func([]uint64) error { return nil })
		if err == nil && log != nil { // nil: the file is sealed
			log.close()
		}
	})
}
