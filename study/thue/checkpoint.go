package thue

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/solve"
)

// A table file keeps what a solver's searches proved (solve's table file
// format, see solve.WriteTableFile), so that a long proof that is
// interrupted continues where it stopped: every bound it holds is a fact
// about a word, true whatever the length searched, so a rerun (of the same
// bound or a greater one) finds at once what was proven and searches only
// the rest. The header: the alphabet's size and the rule; one section of
// records of 3 words: the key's two words, and the entry: its bounds lo and
// hi (16 bits each), the word's length and the search's effort (8 bits
// each; files written before there was an effort hold 0 there).

const tableMagic = "kombi thue table 1\n"

// SaveTable writes the solver's table to w. The solver may be searching
// meanwhile when its table is shared (several workers, or
// SolverOptions.Shared): entries stored during the save may be missing
// from the file.
func (s *Solver) SaveTable(w io.Writer) error {
	recs := func(yield func([]uint64) bool) {
		rec := make([]uint64, 3)
		for k, b := range s.tt.All() {
			rec[0], rec[1], rec[2] = k[0], k[1], uint64(b.lo)|uint64(b.hi)<<16|uint64(b.n)<<32|uint64(b.effort)<<40
			if !yield(rec) {
				return
			}
		}
	}
	return solve.WriteTableFile(w, tableMagic, []uint64{uint64(s.k), uint64(s.rule)},
		[]solve.TableSection{{Words: 3, Count: uint64(s.tt.Len()), Records: recs}})
}

// LoadTable adds the entries of a table file read from r to the solver's
// table, and returns how many it held. A file of another alphabet or rule,
// or a damaged one, is refused (solve.ErrTableFile) before any entry is
// added (solve.ReadTableFile).
func (s *Solver) LoadTable(r io.Reader) (int64, error) {
	check := func(h []uint64) error {
		if h[0] != uint64(s.k) || h[1] != uint64(s.rule) {
			rule := fmt.Sprintf("rule %d", h[1])
			if h[1] <= uint64(thue.Overlap) {
				rule = thue.Rule(h[1]).String() + "s"
			}
			return fmt.Errorf("the file is of %d symbols and %s, the game of %d symbols and %ss", h[0], rule, s.k, s.rule)
		}
		return nil
	}
	n := int64(0)
	err := solve.ReadTableFile(r, tableMagic, 2, check, []solve.TableSection{{
		Words: 3,
		Check: func(rec []uint64) error {
			_, err := fileEntry(rec)
			return err
		},
		Put: func(rec []uint64) {
			b, _ := fileEntry(rec)
			s.tt.Put([2]uint64{rec[0], rec[1]}, b)
			n++
		},
	}})
	return n, err
}

// fileEntry decodes the bounds of a record of a table file, and checks
// them against the key's word length (its top 7 bits; 127 for a hashed
// key, whose length is the entry's own).
func fileEntry(rec []uint64) (bounds, error) {
	b := bounds{lo: uint16(rec[2]), hi: uint16(rec[2] >> 16), n: uint8(rec[2] >> 32), effort: uint8(rec[2] >> 40)}
	n := int(rec[0] >> 57)
	ok := n > 0 && rec[2]>>48 == 0 && b.effort <= 64 && b.n > 0 && b.lo <= b.hi && b.hi <= 1<<15-1 && int(b.lo) > int(b.n)
	if n < 127 {
		ok = ok && int(b.n) == n
	}
	if !ok {
		return b, fmt.Errorf("an entry of a word of length %d with bounds [%d, %d] (length %d)", n, b.lo, b.hi, b.n)
	}
	return b, nil
}

// SaveTableFile writes the table to path safely (solve.SaveTableFile).
func (s *Solver) SaveTableFile(path string) error {
	return solve.SaveTableFile(path, s.SaveTable)
}

// LoadTableFile loads the table file at path (see LoadTable), if there is
// one, and returns how many entries it held; a missing directory is
// created, and a file tried there (saves write there).
func (s *Solver) LoadTableFile(path string) (int64, error) {
	// The directory made, and tried: a save that fails comes at once,
	// not after the first period of a long search.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, fmt.Errorf("table file: %w", err)
	}
	probe, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return 0, fmt.Errorf("table file: %w", err)
	}
	probe.Close()
	os.Remove(probe.Name())
	var n int64
	_, err = solve.LoadTableFile(path, func(r io.Reader) error {
		var lerr error
		n, lerr = s.LoadTable(r)
		return lerr
	})
	return n, err
}
