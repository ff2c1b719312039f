package vdwlist

import (
	"fmt"
	"io"

	"github.com/kombi/kombi/solve"
)

// A table file keeps a solver's exact values (its fast path's tables; the
// big path's values, beyond 2^58 lists, are not kept) in solve's table file
// format (see solve.WriteTableFile), so that a long search that is
// interrupted continues where it stopped. The table's keys and values do
// not depend on s, so one file serves a whole series. The header: k,
// colours, list size; two sections: the short keys with their entries (2
// words), and the wide keys (4 words) with their entries. (Mid keys are
// written as wide keys, and read back as mid keys: files are the same as
// before there were any.)

const tableMagic = "kombi vdwlist table 1\n"

// ErrTableFile is wrapped by the errors of a table file that cannot be
// loaded (another game, a damaged or truncated file).
var ErrTableFile = solve.ErrTableFile

// SaveTable writes the solver's table to w (see the format above). The
// solver may be searching meanwhile when its tables are shared (several
// workers, or SetCheckpointed): entries stored during the save may be
// missing from the file.
func (sv *Solver) SaveTable(w io.Writer) error {
	sv.makeTables()
	// The counts come first: count, then write no more than counted
	// (entries stored meanwhile wait for the next save).
	narrow, mid, wide := uint64(sv.tt.Len()), uint64(sv.midTT.Len()), uint64(sv.wide.Len())
	short := func(yield func([]uint64) bool) {
		rec := make([]uint64, 2) // one buffer for every record
		for k, e := range sv.tt.All() {
			rec[0], rec[1] = k, uint64(e)
			if !yield(rec) {
				return
			}
		}
	}
	// Mid keys are written as the wide keys they stand for, and no more
	// of them than counted (the wide keys' own share of the count follows).
	wides := func(yield func([]uint64) bool) {
		rec := make([]uint64, len(wideKey{})+1)
		n := uint64(0)
		for k, e := range sv.midTT.All() {
			if n == mid {
				break
			}
			p := sv.mid.planes(k)
			copy(rec, p[:])
			rec[len(wideKey{})] = uint64(e)
			if !yield(rec) {
				return
			}
			n++
		}
		for ; n < mid; n++ {
			clear(rec)
			if !yield(rec) {
				return
			}
		}
		for k, e := range sv.wide.All() {
			copy(rec, k[:])
			rec[len(wideKey{})] = uint64(e)
			if !yield(rec) {
				return
			}
		}
	}
	header := []uint64{uint64(sv.g.K()), uint64(sv.g.Colors()), uint64(sv.g.ListSize())}
	return solve.WriteTableFile(w, tableMagic, header, []solve.TableSection{
		{Words: 2, Count: narrow, Records: short},
		{Words: len(wideKey{}) + 1, Count: mid + wide, Records: wides},
	})
}

// LoadTable adds the entries of a table file read from r to the solver's
// table. A file of another k, number of colours or list size, or a damaged
// one, is refused (ErrTableFile) before any entry is added (see
// solve.ReadTableFile: a file is read twice, any other reader into memory
// first).
func (sv *Solver) LoadTable(r io.Reader) error {
	sv.makeTables()
	check := func(h []uint64) error {
		if h[0] != uint64(sv.g.K()) || h[1] != uint64(sv.g.Colors()) || h[2] != uint64(sv.g.ListSize()) {
			return fmt.Errorf("the file is of k=%d, colors=%d, list=%d, the game of k=%d, colors=%d, list=%d",
				h[0], h[1], h[2], sv.g.K(), sv.g.Colors(), sv.g.ListSize())
		}
		return nil
	}
	var wk wideKey
	return solve.ReadTableFile(r, tableMagic, 3, check, []solve.TableSection{
		{Words: 2, Put: func(rec []uint64) { sv.tt.Put(rec[0], memoEntry(rec[1])) }},
		{Words: len(wideKey{}) + 1, Put: func(rec []uint64) {
			copy(wk[:], rec)
			sv.putWide(&wk, memoEntry(rec[len(wideKey{})]))
		}},
	})
}

// putWide stores a wide entry of a table file.
func (sv *Solver) putWide(k *wideKey, e memoEntry) {
	if code, ok := sv.mid.code(k, keySpan(k)); ok {
		sv.midTT.Put(code, e)
	} else {
		sv.wide.Put(*k, e)
	}
}

// SaveTableFile writes the table to path safely (solve.SaveTableFile).
func (sv *Solver) SaveTableFile(path string) error {
	return solve.SaveTableFile(path, sv.SaveTable)
}

// LoadTableFile loads the table file at path (see LoadTable); it reports
// false, and no error, when there is no such file.
func (sv *Solver) LoadTableFile(path string) (bool, error) {
	return solve.LoadTableFile(path, sv.LoadTable)
}

// SetCheckpointed makes the solver's tables safe to save while it
// searches (SaveTable), even with one worker (its table then takes locks:
// a little slower). Call it before the first search.
func (sv *Solver) SetCheckpointed() { sv.locked = true }
