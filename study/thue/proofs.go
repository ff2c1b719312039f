package thue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// Proofs that travel between workers (distribute.Exchanger): what a leaf
// solver's searches proved about the words near the top of its subproblems
// (at least shareDepth lengths below them to the length asked: their
// subtrees are the costly ones to search again), and only what decides the
// length asked (a word proven to last beyond it, or to end by it: the
// search of that length itself, not the shorter ones of its iterative
// deepening, whose bounds order the moves of a search, and imported would
// cut short the importer's own shorter searches that order its moves
// better). The solver notes them in a journal as it stores them, so an
// export costs what is new, not a pass over the table. The encoding:
// proofMagic, then per entry the key's two words and the bounds' two
// lengths, little-endian. A leaf solver made with LeafOptions.WholeTable
// (the coordinator's) notes every entry it stores and writes wholeMagic
// instead: its importers take every entry, as the table of their own
// shorter searches.

const (
	proofMagic = "kthue1"
	wholeMagic = "kthuet"
	proofBytes = 16 + 4
	shareDepth = 2
	// maxJournal bounds the entries a journal keeps between exports (the
	// oldest are dropped beyond it): an export of 63 MB at most, which a
	// blob of the store holds (store.MaxSolveBlob, 64 MiB).
	maxJournal = 3 << 20
)

// errProofs is the error of proofs that cannot be read.
var errProofs = errors.New("thue proofs: not proofs of this solver")

// journal notes the table entries a solver's searches store for lengths
// minT and up (see Solver.store), or every one (whole).
type journal struct {
	mu      sync.Mutex
	minT    atomic.Int64 // read by every store, lock-free
	whole   bool
	entries []journalEntry
}

// notes reports whether the journal notes an entry stored by the search of
// length T about a word of n symbols.
func (j *journal) notes(n, T int) bool {
	return j.whole || int64(T) >= j.minT.Load() && n+shareDepth <= T
}

type journalEntry struct {
	key [2]uint64
	b   bounds
}

func (j *journal) add(key [2]uint64, b bounds) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.entries) >= maxJournal {
		j.entries = j.entries[:copy(j.entries, j.entries[len(j.entries)/2:])]
	}
	j.entries = append(j.entries, journalEntry{key, b})
}

// ExportProofs returns what the solver's searches proved since the last
// export that is worth sharing (see above), encoded
// (distribute.Exchanger).
func (ls *leafSolver) ExportProofs() []byte {
	j := ls.sv.journal
	j.mu.Lock()
	entries := j.entries
	j.entries = nil
	j.mu.Unlock()
	if len(entries) == 0 {
		return nil
	}
	// The latest bounds of each key, once.
	last := make(map[[2]uint64]int, len(entries))
	for i, e := range entries {
		last[e.key] = i
	}
	out := make([]byte, 0, len(proofMagic)+len(last)*proofBytes)
	if j.whole {
		out = append(out, wholeMagic...)
	} else {
		out = append(out, proofMagic...)
	}
	for i, e := range entries {
		if last[e.key] != i || e.key[0]>>57 >= 127 {
			continue
		}
		out = binary.LittleEndian.AppendUint64(out, e.key[0])
		out = binary.LittleEndian.AppendUint64(out, e.key[1])
		out = binary.LittleEndian.AppendUint16(out, e.b.lo)
		out = binary.LittleEndian.AppendUint16(out, e.b.hi)
	}
	return out
}

// ImportProofs adds to the table the exported proofs that decide the
// length t (a word proven to last beyond t, or to end by it), or every
// entry of a whole table's, each merged with what the table holds (the
// tighter bounds) (distribute.Exchanger). It may run while the solver
// searches.
func (ls *leafSolver) ImportProofs(data []byte, t int64) error {
	var whole bool
	switch {
	case len(data) < len(proofMagic) || (len(data)-len(proofMagic))%proofBytes != 0:
		return fmt.Errorf("%w (%d bytes)", errProofs, len(data))
	case string(data[:len(wholeMagic)]) == wholeMagic:
		whole = true
	case string(data[:len(proofMagic)]) != proofMagic:
		return fmt.Errorf("%w (%d bytes)", errProofs, len(data))
	}
	for p := data[len(proofMagic):]; len(p) > 0; p = p[proofBytes:] {
		k := [2]uint64{binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[8:])}
		b := bounds{lo: binary.LittleEndian.Uint16(p[16:]), hi: binary.LittleEndian.Uint16(p[18:])}
		n := int(k[0] >> 57)
		if n == 0 || n >= 127 || b.lo > b.hi || int(b.lo) <= n || b.hi > 1<<15-1 {
			return fmt.Errorf("%w: an entry of length %d with bounds [%d, %d]", errProofs, n, b.lo, b.hi)
		}
		b.n = uint8(n)
		if !whole && int64(b.lo) <= t && int64(b.hi) > t {
			continue // does not decide t
		}
		if old, ok := ls.sv.tt.Get(k); ok {
			b.lo, b.hi = max(b.lo, old.lo), min(b.hi, old.hi)
			if b.lo > b.hi {
				return fmt.Errorf("%w: bounds [%d, %d] against [%d, %d] proven here", errProofs, b.lo, b.hi, old.lo, old.hi)
			}
		}
		ls.sv.tt.Put(k, b)
	}
	return nil
}
