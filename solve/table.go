package solve

import (
	"runtime"
	"sync"
	"unsafe"
)

// Table is Kombi's one transposition table: a hash table from position keys
// to search results that starts small, doubles as the search stores more,
// and never grows past its memory bound; once there, a new entry replaces
// the least valuable entry of its bucket. It is safe for concurrent use:
// the table is split into independently locked shards, so parallel searches
// rarely wait for each other.
//
// K is the key (a uint64 hash, or an exact multi-word key); V the stored
// result. Keys must be well mixed by the hash function given to NewTable.
type Table[K comparable, V any] struct {
	hash   func(K) uint64
	worth  func(V) int64
	single bool
	shards []shard[K, V]
	bits   uint // shard index = top bits of the hash
	max    int  // entries per shard at most
	stats  tableStats
}

type tableStats struct {
	mu       sync.Mutex
	replaced int64
}

type slot[K comparable, V any] struct {
	key  K
	val  V
	used bool
}

type shard[K comparable, V any] struct {
	mu    sync.Mutex
	slots []slot[K, V]
	n     int
	_     [40]byte // keep shards on separate cache lines
}

// bucket is how many consecutive slots, from its hash on, a key may occupy
// (linear probing within a window; entries are never deleted, so a probe
// stops at the first free slot).
const bucket = 16

// TableOptions configure a Table.
type TableOptions[V any] struct {
	// MaxBytes bounds the table's memory (0: 256 MiB). The table starts at
	// a small fraction of it and grows only as entries are stored.
	MaxBytes int64
	// Worth ranks entries for replacement once the table is full: the
	// entry of lowest worth in a bucket is replaced (nil: the oldest slot
	// of the bucket, in probe order).
	Worth func(V) int64
	// SingleThreaded skips the locks: for a table that one goroutine
	// uses at a time (most searches), about 10% faster per probe.
	SingleThreaded bool
}

// DefaultTableBytes is the memory bound of a table when none is given.
const DefaultTableBytes = 256 << 20

// NewTable returns an empty table hashing keys with hash.
func NewTable[K comparable, V any](hash func(K) uint64, opt TableOptions[V]) *Table[K, V] {
	maxBytes := opt.MaxBytes
	if maxBytes <= 0 {
		maxBytes = DefaultTableBytes
	}
	var s slot[K, V]
	entryBytes := int64(unsafe.Sizeof(s))
	nShards := 1
	for !opt.SingleThreaded && nShards < 4*runtime.GOMAXPROCS(0) && nShards < 256 {
		nShards *= 2
	}
	perShard := maxBytes / entryBytes / int64(nShards)
	for perShard < 64 && nShards > 1 {
		nShards /= 2
		perShard = maxBytes / entryBytes / int64(nShards)
	}
	perShard = max(perShard, bucket)
	t := &Table[K, V]{hash: hash, worth: opt.Worth, single: opt.SingleThreaded, shards: make([]shard[K, V], nShards), max: int(perShard)}
	for nShards>>t.bits > 1 {
		t.bits++
	}
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
	if len(sh.slots) == 0 {
		var zero V
		return zero, false
	}
	mask := uint64(len(sh.slots) - 1)
	for i := range uint64(bucket) {
		s := &sh.slots[(h+i)&mask]
		if !s.used {
			break
		}
		if s.key == key {
			return s.val, true
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
	if len(sh.slots) == 0 {
		sh.slots = make([]slot[K, V], min(1024, floorPow2(t.max)))
	}
	// Grow at half load while under the bound.
	if 2*(sh.n+1) > len(sh.slots) && 2*len(sh.slots) <= t.max {
		t.grow(sh)
	}
	for {
		mask := uint64(len(sh.slots) - 1)
		free, victim := -1, -1
		for i := range uint64(bucket) {
			j := int((h + i) & mask)
			s := &sh.slots[j]
			if !s.used {
				free = j
				break
			}
			if s.key == key {
				s.val = v
				return
			}
			if victim < 0 || t.worth != nil && t.worth(s.val) < t.worth(sh.slots[victim].val) {
				victim = j
			}
		}
		if free >= 0 {
			sh.slots[free] = slot[K, V]{key: key, val: v, used: true}
			sh.n++
			return
		}
		// A full bucket in a table still under its bound: grow rather
		// than replace, and try again.
		if 2*len(sh.slots) <= t.max {
			t.grow(sh)
			continue
		}
		if t.worth != nil && t.worth(v) < t.worth(sh.slots[victim].val) {
			return // keep the more valuable entries
		}
		sh.slots[victim] = slot[K, V]{key: key, val: v, used: true}
		t.stats.mu.Lock()
		t.stats.replaced++
		t.stats.mu.Unlock()
		return
	}
}

// grow doubles the shard's slots, more than once when an entry finds its
// new bucket full, so that growing never loses an entry while the table is
// under its bound.
func (t *Table[K, V]) grow(sh *shard[K, V]) {
	old := sh.slots
	for size := 2 * len(old); ; size *= 2 {
		if t.rehash(sh, old, size) || 2*size > t.max {
			return
		}
	}
}

// rehash moves the entries of old into size new slots. It reports false
// when some entry found no free slot in its bucket (that entry is dropped).
func (t *Table[K, V]) rehash(sh *shard[K, V], old []slot[K, V], size int) bool {
	sh.slots = make([]slot[K, V], size)
	sh.n = 0
	mask := uint64(size - 1)
	all := true
	for i := range old {
		if !old[i].used {
			continue
		}
		h := t.hash(old[i].key)
		placed := false
		for k := range uint64(bucket) {
			s := &sh.slots[(h+k)&mask]
			if !s.used {
				*s = old[i]
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
	var s slot[K, V]
	n := 0
	for i := range t.shards {
		t.shards[i].mu.Lock()
		n += len(t.shards[i].slots)
		t.shards[i].mu.Unlock()
	}
	return int64(n) * int64(unsafe.Sizeof(s))
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
		t.shards[i].slots, t.shards[i].n = nil, 0
		t.shards[i].mu.Unlock()
	}
}
