package nim2d

import (
	"context"
	"errors"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
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
		want, err := NewEngine(nil).Grundy(Triangle(n))
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
		e := NewEngine(NewCache(64 << 20))
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

// TestShapeTableResume: a computation stopped as by Ctrl-C saves what it
// found, a crash's torn tail and a damaged last chunk are cut off, and later
// runs continue to the same table as an uninterrupted one.
func TestShapeTableResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.bin")
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 7, File: whole, MemMiB: 64, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "resume.bin")
	o := ShapeTableOptions{N: 7, File: path, MemMiB: 64, Workers: 2, stopAfter: 15000}
	res, err := BuildShapeTable(context.Background(), o, nil)
	if !errors.Is(err, context.Canceled) || res.Complete || res.Shapes < 15000 || res.Note == "" {
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
	o.stopAfter = 10000
	res, err = BuildShapeTable(context.Background(), o, nil)
	if !errors.Is(err, context.Canceled) || res.Resumed != saved || res.DroppedBytes != 7 || res.Shapes < saved+10000 {
		t.Fatalf("second run: %+v %v (saved %d)", res, err, saved)
	}
	// Damage the last chunk's entries: that chunk is dropped and computed
	// again.
	info, _ := os.Stat(path)
	f, _ = os.OpenFile(path, os.O_RDWR, 0)
	if _, err := f.WriteAt([]byte{0xff}, info.Size()-3); err != nil {
		t.Fatal(err)
	}
	f.Close()
	o.stopAfter = 0
	res, err = BuildShapeTable(context.Background(), o, nil)
	if err != nil || !res.Complete || res.DroppedBytes == 0 || res.Resumed >= saved+10000 || *res.Grundy != 1 || res.Shapes != 41335 {
		t.Fatalf("last run: %+v %v", res, err)
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

// TestShapeTableLimits: the memory bound stops the computation with
// ErrShapeMemory after saving, a file of another palette or a damaged
// header is refused, and a book too large for memory is read by blocks.
func TestShapeTableLimits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "small.bin")
	res, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 7, File: path, MemMiB: 1, memBytes: 64 << 10, Workers: 2}, nil)
	if !errors.Is(err, ErrShapeMemory) || res.Complete || res.MemoryBytes > 64<<10 || res.Shapes == 0 {
		t.Fatalf("memory bound: %+v %v", res, err)
	}
	res, err = BuildShapeTable(context.Background(), ShapeTableOptions{N: 7, File: path, MemMiB: 64}, nil)
	if err != nil || !res.Complete || res.Resumed == 0 {
		t.Fatalf("with more memory: %+v %v", res, err)
	}
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 6, File: path, MemMiB: 64}, nil); err == nil {
		t.Fatal("the 7×7 file taken for 6×6")
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
	if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: 7, File: bad, MemMiB: 64}, nil); err == nil {
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
	if len(rows) != MaxN-1 {
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
