package solve

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// tableFileCase is a file of two sections (records of 2 and 3 words), one
// record of the second dropped while it was written (a blank). (Writing to
// memory cannot fail.)
func tableFileCase() (file []byte, want [][]uint64) {
	short := [][]uint64{{1, 10}, {2, 20}, {3, 30}}
	long := [][]uint64{{4, 5, 40}, {6, 7, 60}}
	var buf bytes.Buffer
	_ = WriteTableFile(&buf, "test table 1\n", []uint64{7, 9}, []TableSection{
		{Words: 2, Count: 3, Records: slices.Values(short)},
		{Words: 3, Count: 3, Records: slices.Values(long)}, // one short: a blank
	})
	return buf.Bytes(), append(short, long...)
}

// readCase reads file (through a reader that seeks, or one that does not)
// and returns the records passed on.
func readCase(file []byte, seek bool, header func([]uint64) error, check func([]uint64) error) ([][]uint64, error) {
	var got [][]uint64
	put := func(rec []uint64) { got = append(got, slices.Clone(rec)) }
	var r io.Reader = bytes.NewReader(file)
	if !seek {
		r = struct{ io.Reader }{r}
	}
	err := ReadTableFile(r, "test table 1\n", 2, header, []TableSection{{Words: 2, Put: put, Check: check}, {Words: 3, Put: put}})
	return got, err
}

func TestTableFileRoundTripAndRefusals(t *testing.T) {
	file, want := tableFileCase()
	ok := func([]uint64) error { return nil }
	for _, seek := range []bool{true, false} {
		got, err := readCase(file, seek, ok, nil)
		if err != nil || !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("seek=%v: %v %v, want %v", seek, got, err, want)
		}
		refused := map[string]func() ([][]uint64, error){
			"another game": func() ([][]uint64, error) {
				return readCase(file, seek, func(h []uint64) error { return errors.New("another game") }, nil)
			},
			"a record refused": func() ([][]uint64, error) {
				return readCase(file, seek, ok, func(rec []uint64) error {
					if rec[0] == 3 {
						return errors.New("bad record")
					}
					return nil
				})
			},
			"truncated":    func() ([][]uint64, error) { return readCase(file[:len(file)-9], seek, ok, nil) },
			"no sum":       func() ([][]uint64, error) { return readCase(file[:len(file)-8], seek, ok, nil) },
			"another kind": func() ([][]uint64, error) { return readCase(append([]byte("X"), file[1:]...), seek, ok, nil) },
			"a byte flipped": func() ([][]uint64, error) {
				bad := slices.Clone(file)
				bad[len(bad)-20] ^= 1
				return readCase(bad, seek, ok, nil)
			},
		}
		for name, read := range refused {
			if got, err := read(); !errors.Is(err, ErrTableFile) || len(got) != 0 {
				t.Errorf("seek=%v, %s: %d records passed on, error %v", seek, name, len(got), err)
			}
		}
	}
}

func TestSaveTableFileReplacesWholeOrNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.table")
	if found, err := LoadTableFile(path, func(io.Reader) error { return nil }); found || err != nil {
		t.Fatal(found, err)
	}
	write := func(data string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, data); return err }
	}
	if err := SaveTableFile(path, write("first")); err != nil {
		t.Fatal(err)
	}
	if err := SaveTableFile(path, func(io.Writer) error { return errors.New("disk full") }); err == nil {
		t.Fatal("a failed write was not reported")
	}
	var got []byte
	found, err := LoadTableFile(path, func(r io.Reader) error { var err error; got, err = io.ReadAll(r); return err })
	if !found || err != nil || string(got) != "first" {
		t.Fatalf("%v %v %q: the failed save replaced the file", found, err, got)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}

func TestSaveEverySavesAndStops(t *testing.T) {
	var saves atomic.Int64
	stop := SaveEvery(time.Millisecond, func() error { saves.Add(1); return nil })
	for saves.Load() < 3 {
		time.Sleep(time.Millisecond)
	}
	before := saves.Load()
	if err := stop(); err != nil || saves.Load() <= before {
		t.Fatalf("%v, %d saves then %d: stop saves once more", err, before, saves.Load())
	}
	fail := errors.New("disk full")
	var tries atomic.Int64
	stop = SaveEvery(time.Millisecond, func() error { tries.Add(1); return fail })
	for tries.Load() < 1 {
		time.Sleep(time.Millisecond)
	}
	if err := stop(); !errors.Is(err, fail) || tries.Load() != 1 {
		t.Fatalf("%v after %d tries: want the first failure, and no more tries", err, tries.Load())
	}
}

// FuzzReadTableFile: any bytes are read without a panic, refused unless
// they are a whole file, and a file accepted passes on only records its
// checks allow.
func FuzzReadTableFile(f *testing.F) {
	file, _ := tableFileCase()
	f.Add(file)
	f.Add(file[:len(file)/2])
	f.Add([]byte("test table 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, seek := range []bool{true, false} {
			got, err := readCase(data, seek, func(h []uint64) error {
				if h[0] > 100 {
					return errors.New("header out of range")
				}
				return nil
			}, func(rec []uint64) error {
				if rec[0]%7 == 3 {
					return errors.New("record refused")
				}
				return nil
			})
			if err != nil && !errors.Is(err, ErrTableFile) {
				t.Fatalf("seek=%v: an error not wrapping ErrTableFile: %v", seek, err)
			}
			if err != nil && len(got) > 0 {
				t.Fatalf("seek=%v: %d records passed on from a refused file", seek, len(got))
			}
			for _, rec := range got {
				if len(rec) == 2 && rec[0]%7 == 3 {
					t.Fatalf("a refused record passed on: %v", rec)
				}
			}
		}
	})
}
