package solve

import (
	"math/bits"
	"runtime"
	"sync"
	"unsafe"
)

// Table is Kombi's one transposition table: a hash table from position keys
// to search results that starts small, doubles as the search stores more,
// and never grows past its memory bound; once there, a new entry replaces
// the least valuable entry of its window. It is safe for concurrent use:
// the table is split into independently locked shards, so parallel searches
// rarely wait for each other (SingleThreaded drops the locks).
//
// K is the key (a uint64 hash, or an exact multi-word key); V the stored
// result. Keys must be well mixed by the hash function given to NewTable.
// Keys and values are kept in separate arrays with a bit per slot for
// "used", so an entry costs the size of K plus the size of V (rounded by
// Go's alignment of each alone), not their padded sum.
type Table[K comparable, V any] struct {
	hash   func(K) uint64
	worth  func(V) int64
	single bool
	shards []shard[K, V]
	bits   uint // shard index = top bits of the hash
	max    int  // slots per shard at most
	stats  tableStats
}

type tableStats struct {
	mu       sync.Mutex
	replaced int64
}

type shard[K comparable, V any] struct {
	mu   sync.Mutex
	keys []K
	vals []V
	used []uint64 // one bit per slot
	n    int
	_    [40]byte // keep shards on separate cache lines
}

func (sh *shard[K, V]) isUsed(i int) bool { return sh.used[i>>6]&(1<<(i&63)) != 0 }
func (sh *shard[K, V]) setUsed(i int)     { sh.used[i>>6] |= 1 << (i & 63) }

func (sh *shard[K, V]) alloc(size int) {
	sh.keys = make([]K, size)
	sh.vals = make([]V, size)
	sh.used = make([]uint64, (size+63)/64)
	sh.n = 0
}

// window is how many consecutive slots, from its hash on, a key may occupy
// (linear probing within a window; entries are never deleted, so a probe
// stops at the first free slot).
const window = 16

// TableOptions configure a Table.
type TableOptions[V any] struct {
	// MaxBytes bounds the table's memory (0: DefaultTableBytes). The table
	// starts at a small fraction of it and grows only as entries are stored.
	MaxBytes int64
	// Worth ranks entries for replacement once the table is full: a new
	// entry replaces the stored entry of lowest worth in its window (nil:
	// the first slot of the window).
	Worth func(V) int64
	// SingleThreaded skips the locks, for a table that one goroutine uses
	// at a time (most searches): faster per probe, and with a single shard
	// the same replacements, so the same search, on every machine.
	SingleThreaded bool
}

// DefaultTableBytes is the memory bound of a table when none is given.
const DefaultTableBytes = 256 << 20

// EntryBytes is the memory one slot of a Table[K, V] takes.
func EntryBytes[K comparable, V any]() int64 {
	var k K
	var v V
	return int64(unsafe.Sizeof(k)) + int64(unsafe.Sizeof(v)) + 1 // and its used bit, rounded up
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
	t := &Table[K, V]{hash: hash, worth: opt.Worth, single: opt.SingleThreaded, shards: make([]shard[K, V], nShards), max: int(perShard)}
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
	h := t.hash(key)
	sh := t.shardOf(h)
	if !t.single {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	if len(sh.keys) > 0 {
		mask := uint64(len(sh.keys) - 1)
		for i := range uint64(window) {
			j := int((h + i) & mask)
			if !sh.isUsed(j) {
				break
			}
			if sh.keys[j] == key {
				return sh.vals[j], true
			}
		}
	}
	var zero V
	return zero, false
}

// Put stores v under key, replacing the value stored there before.
func (t *Table[K, V]) Put(key K, v V) {
	h := t.hash(key)
	sh := t.shardOf(h)
	if !t.single {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	if len(sh.keys) == 0 {
		sh.alloc(min(1024, floorPow2(t.max)))
	}
	// Grow at half load while under the bound.
	if 2*(sh.n+1) > len(sh.keys) && 2*len(sh.keys) <= t.max {
		t.grow(sh)
	}
	for {
		mask := uint64(len(sh.keys) - 1)
		victim := -1
		for i := range uint64(window) {
			j := int((h + i) & mask)
			if !sh.isUsed(j) {
				sh.keys[j], sh.vals[j] = key, v
				sh.setUsed(j)
				sh.n++
				return
			}
			if sh.keys[j] == key {
				sh.vals[j] = v
				return
			}
			if victim < 0 || t.worth != nil && t.worth(sh.vals[j]) < t.worth(sh.vals[victim]) {
				victim = j
			}
		}
		// A full window in a table still under its bound: grow rather
		// than replace, and try again.
		if 2*len(sh.keys) <= t.max {
			t.grow(sh)
			continue
		}
		sh.keys[victim], sh.vals[victim] = key, v
		t.stats.mu.Lock()
		t.stats.replaced++
		t.stats.mu.Unlock()
		return
	}
}

// grow doubles the shard's slots, more than once when an entry finds its
// new window full, so that growing never loses an entry while the table is
// under its bound.
func (t *Table[K, V]) grow(sh *shard[K, V]) {
	old := entries[K, V]{sh.keys, sh.vals, sh.used}
	for size := 2 * len(old.keys); ; size *= 2 {
		if t.rehash(sh, old, size) || 2*size > t.max {
			return
		}
	}
}

// entries are a shard's slots.
type entries[K comparable, V any] struct {
	keys []K
	vals []V
	used []uint64
}

// rehash moves the entries of old into size new slots. It reports false
// when some entry found no free slot in its window (that entry is dropped).
func (t *Table[K, V]) rehash(sh *shard[K, V], old entries[K, V], size int) bool {
	sh.alloc(size)
	mask := uint64(size - 1)
	all := true
	for i := range old.keys {
		if old.used[i>>6]&(1<<(i&63)) == 0 {
			continue
		}
		h := t.hash(old.keys[i])
		placed := false
		for k := range uint64(window) {
			j := int((h + k) & mask)
			if !sh.isUsed(j) {
				sh.keys[j], sh.vals[j] = old.keys[i], old.vals[i]
				sh.setUsed(j)
				sh.n++
				placed = true
				break
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
		n += len(t.shards[i].keys)
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

// Clear empties the table and gives its memory back.
func (t *Table[K, V]) Clear() {
	for i := range t.shards {
		t.shards[i].mu.Lock()
		t.shards[i].keys, t.shards[i].vals, t.shards[i].used, t.shards[i].n = nil, nil, nil, 0
		t.shards[i].mu.Unlock()
	}
}
