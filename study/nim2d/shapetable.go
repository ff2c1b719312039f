package nim2d

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kombi/kombi/solve"
)

// ErrShapeMemory is the error of a shape table computation that needs more
// memory than its bound: what it computed is saved, and a run with a larger
// bound continues from there.
var ErrShapeMemory = errors.New("the shape table needs more memory than its bound")

// MaxShapeValue is the largest Grundy value the table format holds (7
// bits beside a code; the components of palettes up to 8×8 stay below 40).
const MaxShapeValue = 126

// shapeTable is the set of shape values of a table computation: open
// addressing over one array of words, each entry code | (value+1)<<codeBits,
// 0 for a free slot. Entries are only ever added, each by one atomic
// compare-and-swap, so workers read and add without locks. The exact table
// must keep every entry (unlike solve.Table, a cache that may forget), so it
// grows by doubling up to its memory bound and then refuses.
//
// Growing: a worker holds mu for reading while it works and calls pause
// between shapes; an add that fills the array to three quarters sets grow,
// and at their next pause the workers let go of mu in turn, so that one of
// them doubles the array while nobody reads it.
type shapeTable struct {
	mu sync.RWMutex
	// slots is the array, arr's (which frees it when the table is
	// unreachable, or when free is called).
	slots []uint64
	arr   *slotArray
	n     atomic.Int64
	grow  atomic.Bool
	// maxSlots bounds the array by the memory bound, 8 bytes a slot;
	// growing from s to 2s slots needs both at once, 3s·8 bytes.
	maxSlots int
}

// newShapeTable returns an empty table of at most memBytes bytes, sized for
// about expect entries.
func newShapeTable(memBytes, expect int64) *shapeTable {
	maxSlots := max(int(memBytes/8), 1<<10)
	size := 1 << 10
	for 2*size <= maxSlots && int64(size) < 3*expect/2 {
		size *= 2
	}
	arr := newSlotArray(size)
	t := &shapeTable{slots: arr.s, arr: arr, maxSlots: maxSlots}
	runtime.AddCleanup(t, (*slotArray).free, arr)
	return t
}

// mapMin is the number of slots from which allocSlots maps a table's
// array from the system (on unix) rather than have Go allocate it: 2 MiB.
const mapMin = 1 << 18

// slotArray is a table's array, mapped from the system when large
// (allocSlots): it is given back by free, at the latest when the table is
// unreachable.
type slotArray struct {
	mu     sync.Mutex
	s      []uint64
	mapped bool
}

func newSlotArray(n int) *slotArray {
	a := &slotArray{}
	a.s, a.mapped = allocSlots(n)
	return a
}

// replace frees the array and holds b's instead (an array newSlotArray made).
func (a *slotArray) replace(b *slotArray) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.mapped {
		freeSlots(a.s)
	}
	a.s, a.mapped = b.s, b.mapped
}

// free gives the array back.
func (a *slotArray) free() { a.replace(&slotArray{}) }

// free gives the table's memory back; the table is unusable afterwards
// (and so is what sorted returned).
func (t *shapeTable) free() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.arr.free()
	t.slots = nil
}

func mixCode(c uint64) uint64 {
	c = (c ^ c>>31) * 0x7fb5d329728ea185
	c = (c ^ c>>27) * 0x81dadef4bc2dd44d
	return c ^ c>>33
}

// get returns the value stored for code. The caller holds mu for reading.
func (t *shapeTable) get(code uint64) (int, bool) {
	slots := t.slots
	mask := uint64(len(slots) - 1)
	for i := mixCode(code) & mask; ; i = (i + 1) & mask {
		w := atomic.LoadUint64(&slots[i])
		if w == 0 {
			return 0, false
		}
		if w&codeMask == code {
			return int(w>>codeBits) - 1, true
		}
	}
}

// prefetch asks the processor to bring the home slot of every code into
// its caches without waiting (solve.Prefetch), for gets a little later.
// The caller holds mu for reading.
func (t *shapeTable) prefetch(codes []uint64) {
	slots := t.slots
	mask := uint64(len(slots) - 1)
	for _, c := range codes {
		solve.Prefetch(unsafe.Pointer(&slots[mixCode(c)&mask]))
	}
}

// put stores the value of code, and reports whether it was new. The caller
// holds mu for reading.
func (t *shapeTable) put(code uint64, v int) (bool, error) {
	if v < 0 || v > MaxShapeValue {
		return false, fmt.Errorf("shape %#x: Grundy value %d is beyond the table format's %d", code, v, MaxShapeValue)
	}
	slots := t.slots
	mask := uint64(len(slots) - 1)
	entry := code | uint64(v+1)<<codeBits
	for i := mixCode(code) & mask; ; i = (i + 1) & mask {
		w := atomic.LoadUint64(&slots[i])
		if w == 0 {
			if !atomic.CompareAndSwapUint64(&slots[i], 0, entry) {
				w = atomic.LoadUint64(&slots[i])
			} else {
				n := t.n.Add(1)
				if 4*n > 3*int64(len(slots)) {
					if 3*len(slots) <= t.maxSlots {
						t.grow.Store(true)
					} else if 10*n > 9*int64(len(slots)) {
						return true, fmt.Errorf("%d shapes in %d MiB: %w", n, len(slots)*8>>20, ErrShapeMemory)
					}
				}
				return true, nil
			}
		}
		if w&codeMask == code {
			return false, nil
		}
	}
}

// pause lets a pending growth happen. The caller holds mu for reading, and
// holds it again when pause returns.
func (t *shapeTable) pause() {
	if !t.grow.Load() {
		return
	}
	t.mu.RUnlock()
	t.mu.Lock()
	if t.grow.Load() {
		t.double()
		t.grow.Store(false)
	}
	t.mu.Unlock()
	t.mu.RLock()
}

// double moves the entries into an array twice as large. The caller holds
// mu for writing.
func (t *shapeTable) double() {
	old := t.slots
	arr := newSlotArray(2 * len(old))
	slots := arr.s
	mask := uint64(len(slots) - 1)
	for _, w := range old {
		if w == 0 {
			continue
		}
		i := mixCode(w&codeMask) & mask
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = w
	}
	t.arr.replace(arr)
	t.slots = slots
}

// len returns the number of entries.
func (t *shapeTable) len() int64 { return t.n.Load() }

// bytes returns the memory of the array now.
func (t *shapeTable) bytes() int64 {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return int64(len(t.slots)) * 8
}

// sorted empties the table into its entries sorted by code, each as
// code<<7 | value (the sealed file's entries), reusing the array. The
// table is unusable afterwards, and the entries are valid until free.
func (t *shapeTable) sorted() []uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := t.slots[:0]
	for _, w := range t.slots {
		if w != 0 {
			out = append(out, (w&codeMask)<<7|(w>>codeBits-1))
		}
	}
	t.slots = nil
	slices.Sort(out)
	return out
}
