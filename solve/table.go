package solve

import (
	"iter"
	"math/bits"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Table is Kombi's one transposition table: a hash table from position keys
// to search results that starts small, doubles as the search stores more,
// and never grows past its memory bound; once there, a new entry replaces
// the least valuable entry of its windows. It is safe for concurrent use:
// the table is split into independently locked shards, so parallel searches
// rarely wait for each other (SingleThreaded drops the locks).
//
// K is the key (a uint64 hash, or an exact multi-word key); V the stored
// result. Keys must be well mixed by the hash function given to NewTable.
// A slot holds a key beside its value, so a probe reads one cache line
// where keys and values in arrays of their own took two misses; a bit per
// slot in an array of its own says "used" (an eighth of a byte a slot:
// that array stays in the caches far longer than the slots). A key lives
// in one of two windows of slots (see window), so that one full window
// neither makes the table double at a low load nor drops an entry.
type Table[K comparable, V any] struct {
	hash   func(K) uint64
	worth  func(V) int64
	single bool
	noZero bool // see TableOptions.NoZeroKey
	// lockFree: Get takes no lock (see getLockFree)
	lockFree bool
	shards   []shard[K, V]
	bits     uint // shard index = top bits of the hash
	max      int  // slots per shard at most
	stats    tableStats
	// release is the size in bytes of a shard's outgrown slots from which
	// growing hands them back to the system at once (releaseBytes).
	release int64
}

// releaseBytes is Table.release: growing a shard beyond slots of this many
// bytes frees the old ones at once. The collector otherwise lets the heap
// reach twice what it found live before it runs, and returns freed pages
// slowly: kombi solve with a Thue table grown to 12.8 GB, or loaded from a
// checkpoint, was 17.8–18.3 GB resident, 12.7 GB with the release. Slots
// hold no pointers, so a collection costs little.
const releaseBytes = 64 << 20

type tableStats struct {
	mu       sync.Mutex
	replaced int64
}

type shard[K comparable, V any] struct {
	// view is the slots as published to the readers that take no lock
	// (Prefetch; Get in a lock-free table): set once a resize is complete,
	// on a cache line of its own, away from the lock that writers take
	view atomic.Pointer[[]slot[K, V]]
	_    [56]byte
	mu   sync.Mutex
	// slots and used are read and written under mu (but see lockFree)
	slots []slot[K, V]
	used  []uint64 // one bit per slot
	n     int
	_     [64]byte // keep shards on separate cache lines
}

// slot is one entry of a table.
type slot[K comparable, V any] struct {
	key K
	val V
}

// isUsed reports whether slot i holds an entry; setUsed marks it so.
func (t *Table[K, V]) isUsed(sh *shard[K, V], i int) bool {
	if t.noZero {
		var zero K
		return sh.slots[i].key != zero
	}
	return sh.used[i>>6]&(1<<(i&63)) != 0
}

func (t *Table[K, V]) setUsed(sh *shard[K, V], i int) {
	if !t.noZero {
		sh.used[i>>6] |= 1 << (i & 63)
	}
}

func (t *Table[K, V]) alloc(sh *shard[K, V], size int) {
	sh.slots = make([]slot[K, V], size)
	if size >= 1<<16 {
		AdviseHuge(sh.slots)
	}
	if !t.noZero {
		sh.used = make([]uint64, (size+63)/64)
	}
	sh.n = 0
}

// publish makes the shard's slots, complete, those of the readers that
// take no lock.
func (sh *shard[K, V]) publish() {
	view := sh.slots
	sh.view.Store(&view)
}

// window is how many consecutive slots a key may occupy from each of its
// two starts (linear probing within a window; entries are never deleted,
// so a probe stops at the first free slot, and a key is in its second
// window only when its first is full: a full window stays full).
const window = 16

// second returns the start of a hash's second window.
func second(h uint64) uint64 { return bits.RotateLeft64(h, 29) ^ 0x632be59bd9b4e019 }

// TableOptions configure a Table.
type TableOptions[V any] struct {
	// MaxBytes bounds the table's memory (0: DefaultTableBytes). The table
	// starts at a small fraction of it and grows only as entries are stored.
	MaxBytes int64
	// Worth ranks entries for replacement once the table is full: a new
	// entry replaces the stored entry of lowest worth in its windows (nil:
	// the first slot of the first window).
	Worth func(V) int64
	// SingleThreaded skips the locks, for a table that one goroutine uses
	// at a time (most searches): faster per probe, and with a single shard
	// the same replacements, so the same search, on every machine.
	SingleThreaded bool
	// NoZeroKey says that no key is K's zero value: a slot holding the
	// zero key is free, and the table keeps no used bits (a probe then
	// reads one cache line, not two). Storing the zero key panics.
	NoZeroKey bool
}

// DefaultTableBytes is the memory bound of a table when none is given.
const DefaultTableBytes = 256 << 20

// EntryBytes is the memory one slot of a Table[K, V] takes.
// (with NoZeroKey, an eighth of a byte less).
func EntryBytes[K comparable, V any]() int64 {
	var e slot[K, V]
	return int64(unsafe.Sizeof(e)) + 1 // and its used bit, rounded up
}

// NewTable returns an empty table hashing keys with hash.
func NewTable[K comparable, V any](hash func(K) uint64, opt TableOptions[V]) *Table[K, V] {
	maxBytes := opt.MaxBytes
	if maxBytes <= 0 {
		maxBytes = DefaultTableBytes
	}
	entryBytes := EntryBytes[K, V]()
	nShards := 1
	for !opt.SingleThreaded && nShards < 4*runtime.GOMAXPROCS(0) && nShards < 256 {
		nShards *= 2
	}
	perShard := maxBytes / entryBytes / int64(nShards)
	for perShard < 64 && nShards > 1 {
		nShards /= 2
		perShard = maxBytes / entryBytes / int64(nShards)
	}
	perShard = max(perShard, window)
	t := &Table[K, V]{hash: hash, worth: opt.Worth, single: opt.SingleThreaded, noZero: opt.NoZeroKey, shards: make([]shard[K, V], nShards), max: int(perShard), release: releaseBytes}
	var k K
	var v V
	t.lockFree = !t.single && t.noZero && unsafe.Sizeof(k) == 8 && unsafe.Sizeof(v) == 8 &&
		unsafe.Alignof(k) == 8 && unsafe.Alignof(v) == 8
	t.bits = uint(bits.TrailingZeros(uint(nShards)))
	return t
}

// HashUint64 is the hash function for tables whose keys are already
// well-mixed uint64 values (such as game.Hasher keys).
func HashUint64(k uint64) uint64 { return k }

func (t *Table[K, V]) shardOf(h uint64) *shard[K, V] {
	if t.bits == 0 {
		return &t.shards[0]
	}
	return &t.shards[h>>(64-t.bits)]
}

// Get returns the value stored under key.
func (t *Table[K, V]) Get(key K) (V, bool) {
	return t.GetHashed(key, t.hash(key))
}

// GetHashed is Get with the key's hash h given (as Prefetch returns it).
func (t *Table[K, V]) GetHashed(key K, h uint64) (V, bool) {
	sh := t.shardOf(h)
	if t.lockFree {
		return getLockFree(sh, key, h)
	}
	if !t.single {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	if len(sh.slots) > 0 {
		mask := uint64(len(sh.slots) - 1)
		for _, start := range [2]uint64{h, second(h)} {
			for i := range uint64(window) {
				j := int((start + i) & mask)
				if !t.isUsed(sh, j) {
					var zero V
					return zero, false
				}
				if e := &sh.slots[j]; e.key == key {
					return e.val, true
				}
			}
		}
	}
	var zero V
	return zero, false
}

// Prefetch starts bringing the first slot of key's window into the
// processor's caches and returns at once: a search that will look up many
// keys soon (the children of a position) prefetches them all first, so
// that their cache misses overlap instead of following one another. It
// reads nothing and takes no lock; a table still empty, or one that grows
// meanwhile, makes it a wasted hint, never a wrong answer. It returns the
// key's hash, for GetHashed.
func (t *Table[K, V]) Prefetch(key K) uint64 {
	h := t.hash(key)
	if v := t.shardOf(h).view.Load(); v != nil {
		slots := *v
		Prefetch(unsafe.Pointer(&slots[h&uint64(len(slots)-1)]))
	}
	return h
}

// A lock-free table (several goroutines; one-word keys and values, the
// zero key free) reads without the lock: a reader takes the published
// slots (shard.view) and loads keys and values atomically; writers, under
// the lock, store them atomically in an order that never shows a reader a
// key with another key's value: a free slot gets its value before its key,
// and a slot replaced is freed first (key 0), then gets its value and key.
// A reader that finds its key checks, after loading the value, that the key
// is still there. What a reader may see is an entry missing (a slot being
// replaced, slots just resized): a miss, which costs a search, never a
// wrong answer. Readers then share the slots' cache lines instead of
// passing the shard's lock between cores.

// word is the atomic view of a one-word key or value in a slot.
func word[T any](p *T) *atomic.Uint64 { return (*atomic.Uint64)(unsafe.Pointer(p)) }

// asWord and fromWord convert one-word keys and values.
func asWord[T any](x T) uint64   { return *(*uint64)(unsafe.Pointer(&x)) }
func fromWord[T any](w uint64) T { return *(*T)(unsafe.Pointer(&w)) }

// getLockFree is Get in a lock-free table.
func getLockFree[K comparable, V any](sh *shard[K, V], key K, h uint64) (V, bool) {
	var zero V
	view := sh.view.Load()
	if view == nil {
		return zero, false
	}
	slots := *view
	mask := uint64(len(slots) - 1)
	want := asWord(key)
	for _, start := range [2]uint64{h, second(h)} {
		for i := range uint64(window) {
			e := &slots[(start+i)&mask]
			k := word(&e.key).Load()
			if k == 0 {
				return zero, false
			}
			if k == want {
				v := word(&e.val).Load()
				if word(&e.key).Load() != k {
					return zero, false // replaced meanwhile
				}
				return fromWord[V](v), true
			}
		}
	}
	return zero, false
}

// store writes key and v into slot e (free when fresh): atomically, in
// the order getLockFree needs, in a lock-free table.
func (t *Table[K, V]) store(e *slot[K, V], key K, v V, fresh bool) {
	if !t.lockFree {
		e.key, e.val = key, v
		return
	}
	if !fresh {
		word(&e.key).Store(0)
	}
	word(&e.val).Store(asWord(v))
	word(&e.key).Store(asWord(key))
}

// Put stores v under key, replacing the value stored there before.
func (t *Table[K, V]) Put(key K, v V) {
	if t.noZero {
		var zero K
		if key == zero {
			panic("solve: the zero key stored in a table of NoZeroKey")
		}
	}
	h := t.hash(key)
	sh := t.shardOf(h)
	if !t.single {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	if len(sh.slots) == 0 {
		t.alloc(sh, min(1024, floorPow2(t.max)))
		sh.publish()
	}
	// Grow at half load while under the bound.
	if 2*(sh.n+1) > len(sh.slots) && 2*len(sh.slots) <= t.max {
		t.grow(sh)
	}
	for {
		mask := uint64(len(sh.slots) - 1)
		victim := -1
		for _, start := range [2]uint64{h, second(h)} {
			for i := range uint64(window) {
				j := int((start + i) & mask)
				e := &sh.slots[j]
				if !t.isUsed(sh, j) {
					t.store(e, key, v, true)
					t.setUsed(sh, j)
					sh.n++
					return
				}
				if e.key == key {
					if t.lockFree {
						word(&e.val).Store(asWord(v))
					} else {
						e.val = v
					}
					return
				}
				if victim < 0 || t.worth != nil && t.worth(e.val) < t.worth(sh.slots[victim].val) {
					victim = j
				}
			}
		}
		// Both windows full in a table still under its bound: grow
		// rather than replace, and try again.
		if 2*len(sh.slots) <= t.max {
			t.grow(sh)
			continue
		}
		t.store(&sh.slots[victim], key, v, false)
		t.stats.mu.Lock()
		t.stats.replaced++
		t.stats.mu.Unlock()
		return
	}
}

// grow doubles the shard's slots, more than once when an entry finds both
// its new windows full, so that growing never loses an entry while the
// table is under its bound.
func (t *Table[K, V]) grow(sh *shard[K, V]) {
	old := entries[K, V]{sh.slots, sh.used}
	for size := 2 * len(old.slots); ; size *= 2 {
		if t.rehash(sh, old, size) || 2*size > t.max {
			sh.publish()
			break
		}
	}
	if int64(len(old.slots))*EntryBytes[K, V]() >= t.release {
		old = entries[K, V]{}
		debug.FreeOSMemory()
	}
}

// entries are a shard's slots.
type entries[K comparable, V any] struct {
	slots []slot[K, V]
	used  []uint64
}

// rehash moves the entries of old into size new slots. It reports false
// when some entry found no free slot in its windows (that entry is
// dropped).
func (t *Table[K, V]) rehash(sh *shard[K, V], old entries[K, V], size int) bool {
	t.alloc(sh, size)
	mask := uint64(size - 1)
	all := true
	var zero K
	for i := range old.slots {
		if t.noZero && old.slots[i].key == zero || !t.noZero && old.used[i>>6]&(1<<(i&63)) == 0 {
			continue
		}
		h := t.hash(old.slots[i].key)
		placed := false
	windows:
		for _, start := range [2]uint64{h, second(h)} {
			for k := range uint64(window) {
				j := int((start + k) & mask)
				if !t.isUsed(sh, j) {
					sh.slots[j] = old.slots[i]
					t.setUsed(sh, j)
					sh.n++
					placed = true
					break windows
				}
			}
		}
		all = all && placed
	}
	return all
}

func floorPow2(n int) int {
	p := 1
	for 2*p <= n {
		p *= 2
	}
	return p
}

// Len returns the number of entries stored.
func (t *Table[K, V]) Len() int {
	n := 0
	for i := range t.shards {
		t.shards[i].mu.Lock()
		n += t.shards[i].n
		t.shards[i].mu.Unlock()
	}
	return n
}

// Bytes returns the memory the table's slots take now.
func (t *Table[K, V]) Bytes() int64 {
	n := 0
	for i := range t.shards {
		t.shards[i].mu.Lock()
		n += len(t.shards[i].slots)
		t.shards[i].mu.Unlock()
	}
	return int64(n) * EntryBytes[K, V]()
}

// Replaced returns how many entries were overwritten by others because the
// table was full.
func (t *Table[K, V]) Replaced() int64 {
	t.stats.mu.Lock()
	defer t.stats.mu.Unlock()
	return t.stats.replaced
}

// All returns the table's entries, shard by shard (each locked while it
// is read; entries stored meanwhile in shards not yet read may or may not
// be seen). A table made SingleThreaded must not be written meanwhile.
func (t *Table[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for i := range t.shards {
			if !t.rangeShard(&t.shards[i], yield) {
				return
			}
		}
	}
}

func (t *Table[K, V]) rangeShard(sh *shard[K, V], yield func(K, V) bool) bool {
	if !t.single {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	for j := range sh.slots {
		if t.isUsed(sh, j) && !yield(sh.slots[j].key, sh.slots[j].val) {
			return false
		}
	}
	return true
}

// Clear empties the table and gives its memory back.
func (t *Table[K, V]) Clear() {
	for i := range t.shards {
		t.shards[i].mu.Lock()
		t.shards[i].slots, t.shards[i].used, t.shards[i].n = nil, nil, 0
		t.shards[i].view.Store(nil)
		t.shards[i].mu.Unlock()
	}
}
