package solve

import (
	"iter"
	"math/bits"
	"reflect"
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
// the table is split into independently locked shards, and tables of
// one-word keys and values or of two-word keys and values of at most six
// bytes, holding no pointers (getNoLock), are read without a lock and grow without
// stopping their writers (growConcurrently), so parallel searches rarely
// wait for each other (SingleThreaded drops the locks).
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
	// lockFree: Get takes no lock (see getNoLock)
	lockFree bool
	// seqRead: Get takes no lock either, for two-word keys (see readNoLock)
	seqRead bool
	shards  []shard[K, V]
	bits    uint // shard index = top bits of the hash
	max     int  // slots per shard at most
	// releaseBytes is the size in bytes of a shard's outgrown slots from
	// which growing hands them back to the system at once (releaseBytes).
	releaseBytes int64
}

// releaseBytes is Table.releaseBytes: growing a shard beyond slots of this many
// bytes frees the old ones at once. The collector otherwise lets the heap
// reach twice what it found live before it runs, and returns freed pages
// slowly: kombi solve with a Thue table grown to 12.8 GB, or loaded from a
// checkpoint, was 17.8–18.3 GB resident, 12.7 GB with the release. Slots
// hold no pointers, so a collection costs little.
const releaseBytes = 64 << 20

type shard[K comparable, V any] struct {
	// view is the slots as published to the readers that take no lock
	// (Prefetch; Get in a lock-free table): set once a resize is complete,
	// on a cache line of its own, away from the lock that writers take
	view atomic.Pointer[[]slot[K, V]]
	_    [56]byte
	mu   sync.Mutex
	// slots and used are read and written under mu (but see lockFree,
	// seqRead and growConcurrently: readers and a grower read without it)
	slots []slot[K, V]
	used  []uint64 // one bit per slot
	n     int
	// replaced counts the entries overwritten by others (see Replaced)
	replaced int64
	// growing: a writer is moving the slots into larger ones without the
	// lock; meanwhile Put stores into the old slots where it can and adds
	// to pending, which the grower then stores (see growConcurrently)
	growing bool
	pending []slot[K, V]
	grown   *sync.Cond // signalled when a grow ends (on mu)
	_       [64]byte   // keep shards on separate cache lines
}

// slot is one entry of a table.
type slot[K comparable, V any] struct {
	key K
	val V
}

// isUsed reports whether slot i holds an entry; setUsed marks it so.
func (t *Table[K, V]) isUsed(sh *shard[K, V], i int) bool {
	return t.used(entries[K, V]{sh.slots, sh.used}, i)
}

func (t *Table[K, V]) setUsed(sh *shard[K, V], i int) {
	if !t.noZero {
		sh.used[i>>6] |= 1 << (i & 63)
	}
}

func (t *Table[K, V]) alloc(sh *shard[K, V], size int) {
	e := t.newEntries(size)
	sh.slots, sh.used, sh.n = e.slots, e.used, 0
}

// newEntries returns size free slots.
func (t *Table[K, V]) newEntries(size int) entries[K, V] {
	e := entries[K, V]{slots: make([]slot[K, V], size)}
	if size >= 1<<16 {
		AdviseHuge(e.slots)
	}
	if !t.noZero {
		e.used = make([]uint64, (size+63)/64)
	}
	return e
}

// used reports whether slot i of e holds an entry.
func (t *Table[K, V]) used(e entries[K, V], i int) bool {
	if t.noZero {
		var zero K
		return e.slots[i].key != zero
	}
	return e.used[i>>6]&(1<<(i&63)) != 0
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
	// at a time (most searches): faster per probe, and with its fixed
	// number of shards (singleShards) the same replacements, so the same
	// search, on every machine.
	SingleThreaded bool
	// NoZeroKey says that no key is K's zero value: a slot holding the
	// zero key is free, and the table keeps no used bits (a probe then
	// reads one cache line, not two). Storing the zero key panics.
	NoZeroKey bool
}

// singleShards is the number of shards of a SingleThreaded table. Shards
// grow one at a time, so a table that doubles holds its old slots beside
// the new ones for one shard only: kombi solve
// 'vdwlist(k=3,colors=3,list=2,s=16)' with one worker peaked at 1,110 MB
// against 1,558 MB with one shard, its CPU within 2 % (four runs side by
// side: −2.0, −1.2, +0.7, +1.9 %); Thue squares k=5 to 18: 305–325 MB
// against 404 MB, 1.3–3.7 % less CPU.
const singleShards = 8

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
	nShards := singleShards
	if !opt.SingleThreaded {
		nShards = 1
		for nShards < 4*runtime.GOMAXPROCS(0) && nShards < 256 {
			nShards *= 2
		}
	}
	perShard := maxBytes / entryBytes / int64(nShards)
	for perShard < 64 && nShards > 1 {
		nShards /= 2
		perShard = maxBytes / entryBytes / int64(nShards)
	}
	perShard = max(perShard, window)
	t := &Table[K, V]{hash: hash, worth: opt.Worth, single: opt.SingleThreaded, noZero: opt.NoZeroKey, shards: make([]shard[K, V], nShards), max: int(perShard), releaseBytes: releaseBytes}
	var k K
	var v V
	// Slots read and written as plain words must hold no pointers: the
	// garbage collector would not see them (no write barrier) and free what
	// they point to.
	words := pointerFree(reflect.TypeFor[K]()) && pointerFree(reflect.TypeFor[V]())
	t.lockFree = words && !t.single && t.noZero && unsafe.Sizeof(k) == 8 && unsafe.Sizeof(v) == 8 &&
		unsafe.Alignof(k) == 8 && unsafe.Alignof(v) == 8
	var e slot[K, V]
	t.seqRead = words && !t.single && unsafe.Sizeof(k) == 16 && unsafe.Alignof(k) == 8 && unsafe.Sizeof(v) <= 6 &&
		unsafe.Offsetof(e.val) == 16 && unsafe.Sizeof(e) == 24
	t.bits = uint(bits.TrailingZeros(uint(nShards)))
	return t
}

// pointerFree reports whether values of type t hold no pointers (numbers,
// booleans, and arrays and structs of them).
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return t.Len() == 0 || pointerFree(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !pointerFree(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
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
	if t.unlockedReads() {
		return t.getNoLock(sh, key, h)
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

// store writes key and v into slot e (free when fresh): atomically, in
// the order readNoLock needs, in a table read without the lock.
func (t *Table[K, V]) store(e *slot[K, V], key K, v V, fresh bool) {
	switch {
	case t.lockFree:
		if !fresh {
			word(&e.key).Store(0)
		}
		word(&e.val).Store(asWord(v))
		word(&e.key).Store(asWord(key))
	case t.seqRead:
		w := word(&e.val)
		old := w.Load()
		seq := seqOf(old)
		w.Store(withSeq(old, seq+1)) // odd: being written
		k, kw := (*[2]uint64)(unsafe.Pointer(&key)), keyWords(&e.key)
		kw[0].Store(k[0])
		kw[1].Store(k[1])
		w.Store(withSeq(packVal(v), nextSeq(seq)))
	default:
		e.key, e.val = key, v
	}
}

// update replaces the value of slot e, which holds its key already.
func (t *Table[K, V]) update(e *slot[K, V], v V) {
	switch {
	case t.lockFree:
		word(&e.val).Store(asWord(v))
	case t.seqRead:
		w := word(&e.val)
		w.Store(withSeq(packVal(v), nextSeq(seqOf(w.Load()))))
	default:
		e.val = v
	}
}

// A table of two-word keys and values of at most six bytes (the Thue
// solver's: 24-byte slots, the value's word with two bytes to spare) reads
// without the lock too, by a sequence number in those two bytes (a
// "seqlock" per slot): 0 in a free slot, odd while a writer (under the
// lock) writes the slot, even once written, advanced at every write. A
// reader loads the value's word, the key's words, and the value's word
// again: the same word twice, with an even number, means no writer wrote
// the slot between (a writer makes the number odd first); anything else
// is a miss (a search, never a wrong answer). With 16 workers every read
// took the shard's lock, a cache line passed from core to core.

// seqOf is the sequence number of a slot's value word; withSeq sets it.
func seqOf(w uint64) uint16 {
	b := (*[8]byte)(unsafe.Pointer(&w))
	return uint16(b[6]) | uint16(b[7])<<8
}

func withSeq(w uint64, seq uint16) uint64 {
	b := (*[8]byte)(unsafe.Pointer(&w))
	b[6], b[7] = byte(seq), byte(seq>>8)
	return w
}

// nextSeq is the even number after a write that began at seq (never 0).
func nextSeq(seq uint16) uint16 {
	if seq >= 1<<16-2 {
		return 2
	}
	return seq&^1 + 2
}

// packVal and unpackVal convert a value of at most six bytes to and from
// the low bytes of a word (the bytes it has in memory).
func packVal[V any](v V) uint64 {
	var w uint64
	*(*V)(unsafe.Pointer(&w)) = v
	return withSeq(w, 0)
}

func unpackVal[V any](w uint64) V { return *(*V)(unsafe.Pointer(&w)) }

// keyWords are the two words of a two-word key, atomically.
func keyWords[K any](k *K) [2]*atomic.Uint64 {
	p := unsafe.Pointer(k)
	return [2]*atomic.Uint64{(*atomic.Uint64)(p), (*atomic.Uint64)(unsafe.Add(p, 8))}
}

// slotState is what a read without the lock found in a slot.
type slotState uint8

const (
	slotFree     slotState = iota
	slotChanging           // a writer was writing it: what was read may be torn
	slotRead
)

// readNoLock reads slot e as a reader without the lock does, in a lockFree
// or seqRead table.
func (t *Table[K, V]) readNoLock(e *slot[K, V]) (key K, val V, st slotState) {
	if t.lockFree {
		k := word(&e.key).Load()
		if k == 0 {
			return key, val, slotFree
		}
		v := word(&e.val).Load()
		if word(&e.key).Load() != k {
			return fromWord[K](k), val, slotChanging // replaced meanwhile
		}
		return fromWord[K](k), fromWord[V](v), slotRead
	}
	w := word(&e.val).Load()
	seq := seqOf(w)
	if seq == 0 {
		return key, val, slotFree
	}
	kw, dst := keyWords(&e.key), (*[2]uint64)(unsafe.Pointer(&key))
	dst[0], dst[1] = kw[0].Load(), kw[1].Load()
	if seq&1 != 0 || word(&e.val).Load() != w {
		return key, val, slotChanging
	}
	return key, unpackVal[V](w), slotRead
}

// getNoLock is Get in a table read without the lock.
func (t *Table[K, V]) getNoLock(sh *shard[K, V], key K, h uint64) (V, bool) {
	var zero V
	view := sh.view.Load()
	if view == nil {
		return zero, false
	}
	slots := *view
	mask := uint64(len(slots) - 1)
	for _, start := range [2]uint64{h, second(h)} {
		for i := range uint64(window) {
			k, v, st := t.readNoLock(&slots[(start+i)&mask])
			if st == slotFree {
				return zero, false
			}
			if k != key {
				continue
			}
			if st == slotChanging {
				return zero, false
			}
			return v, true
		}
	}
	return zero, false
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
	if t.single {
		t.putLocked(sh, key, h, v)
		return
	}
	sh.mu.Lock()
	if sh.growing && t.putWhileGrowing(sh, key, h, v) {
		sh.mu.Unlock()
		return
	}
	for sh.growing { // no room in the old slots: wait for the new ones
		sh.grown.Wait()
	}
	if len(sh.slots) > 0 && t.halfFull(sh) && t.unlockedReads() {
		t.growConcurrently(sh, key, h, v)
		return
	}
	t.putLocked(sh, key, h, v)
	sh.mu.Unlock()
}

// unlockedReads reports whether Get takes no lock (lockFree or seqRead);
// such a table grows beside its writers (growConcurrently).
func (t *Table[K, V]) unlockedReads() bool { return t.lockFree || t.seqRead }

// halfFull reports whether the shard, under the table's bound, is to grow
// before its next entry.
func (t *Table[K, V]) halfFull(sh *shard[K, V]) bool {
	return 2*(sh.n+1) > len(sh.slots) && 2*len(sh.slots) <= t.max
}

// putLocked is Put with the shard's lock held (or a single-threaded
// table): it grows the shard in place when it must.
func (t *Table[K, V]) putLocked(sh *shard[K, V], key K, h uint64, v V) {
	if len(sh.slots) == 0 {
		t.alloc(sh, min(t.firstSlots(), floorPow2(t.max)))
		sh.publish()
	}
	// Grow at half load while under the bound.
	if t.halfFull(sh) {
		t.grow(sh)
	}
	for {
		placed, victim := t.place(sh, key, h, v)
		if placed {
			return
		}
		// Both windows full in a table still under its bound: grow
		// rather than replace, and try again.
		if 2*len(sh.slots) <= t.max {
			t.grow(sh)
			continue
		}
		t.store(&sh.slots[victim], key, v, false)
		sh.replaced++
		return
	}
}

// firstSlots is the size of a shard's first slots: 1024, shared by the
// shards of a SingleThreaded table (whose small searches, a bot's move,
// then start no larger than with one shard).
func (t *Table[K, V]) firstSlots() int {
	if t.single {
		return max(1024/len(t.shards), 4*window)
	}
	return 1024
}

// grow doubles the shard's slots, more than once when an entry finds both
// its new windows full, so that growing never loses an entry while the
// table is under its bound. The shard's lock is held throughout (or the
// table is single-threaded).
func (t *Table[K, V]) grow(sh *shard[K, V]) {
	old := entries[K, V]{sh.slots, sh.used}
	sh.slots, sh.used, sh.n = t.larger(old, false)
	sh.publish()
	t.release(old)
}

// growConcurrently is grow in a table read without the lock (lockFree,
// seqRead), called with the shard's lock held by the Put of key and v, and
// returning with it released: the slots are moved into larger ones without
// the lock, so the other workers go on meanwhile. Growing under the lock
// stopped every worker as soon as it touched the shard: with 16 workers, a
// grow of a few milliseconds cost 15 workers those milliseconds each.
//
// Meanwhile readers read the old slots, and writers store into them where
// there is room (putWhileGrowing), so what is stored is read at once as
// before, and note what they stored in pending (a writer that finds no
// room waits for the new slots). The grower reads each old slot as a
// reader does (a slot being written is skipped: it is in pending) and
// then, under the lock, stores pending and its own entry into the new
// slots before it publishes them.
func (t *Table[K, V]) growConcurrently(sh *shard[K, V], key K, h uint64, v V) {
	sh.growing = true
	if sh.grown == nil {
		sh.grown = sync.NewCond(&sh.mu)
	}
	placed := t.putWhileGrowing(sh, key, h, v) // read at once where there is room
	old := entries[K, V]{sh.slots, sh.used}
	sh.mu.Unlock()
	slots, used, n := t.larger(old, true)
	sh.mu.Lock()
	sh.slots, sh.used, sh.n = slots, used, n
	pending := sh.pending
	sh.pending = nil
	for _, e := range pending {
		t.putLocked(sh, e.key, t.hash(e.key), e.val)
	}
	if !placed {
		t.putLocked(sh, key, h, v)
	}
	sh.publish()
	sh.growing = false
	sh.grown.Broadcast()
	sh.mu.Unlock()
	t.release(old)
}

// putWhileGrowing is Put while the shard grows, with its lock held: into
// the old slots, where the key is or a window has room (no growing, no
// replacing), and then into pending, for the new slots. It reports false,
// storing nothing, where the old slots have no room.
func (t *Table[K, V]) putWhileGrowing(sh *shard[K, V], key K, h uint64, v V) bool {
	if placed, _ := t.place(sh, key, h, v); !placed {
		return false
	}
	sh.pending = append(sh.pending, slot[K, V]{key, v})
	return true
}

// place stores v in the slot of key in its windows, or in the first free
// one. Where there is neither, it stores nothing and returns the slot of
// least worth, to replace.
func (t *Table[K, V]) place(sh *shard[K, V], key K, h uint64, v V) (placed bool, victim int) {
	mask := uint64(len(sh.slots) - 1)
	victim = -1
	for _, start := range [2]uint64{h, second(h)} {
		for i := range uint64(window) {
			j := int((start + i) & mask)
			e := &sh.slots[j]
			if !t.isUsed(sh, j) {
				t.store(e, key, v, true)
				t.setUsed(sh, j)
				sh.n++
				return true, j
			}
			if e.key == key {
				t.update(e, v)
				return true, j
			}
			if victim < 0 || t.worth != nil && t.worth(e.val) < t.worth(sh.slots[victim].val) {
				victim = j
			}
		}
	}
	return false, victim
}

// larger returns new slots for the entries of old: twice as many, or more
// when an entry finds both its new windows full (up to the table's bound).
// It writes only the new slots; with concurrent, it reads the old ones as
// a reader without the lock does.
func (t *Table[K, V]) larger(old entries[K, V], concurrent bool) (slots []slot[K, V], used []uint64, n int) {
	for size := 2 * len(old.slots); ; size *= 2 {
		var all bool
		slots, used, n, all = t.rehash(old, size, concurrent)
		if all || 2*size > t.max {
			return slots, used, n
		}
	}
}

// release hands slots outgrown back to the system at once when they are
// large (see Table.releaseBytes); the caller holds them no longer.
func (t *Table[K, V]) release(old entries[K, V]) {
	if int64(len(old.slots))*EntryBytes[K, V]() >= t.releaseBytes {
		debug.FreeOSMemory()
	}
}

// entries are a shard's slots.
type entries[K comparable, V any] struct {
	slots []slot[K, V]
	used  []uint64
}

// rehash moves the entries of old into size new slots, which it returns
// with their used bits and number of entries. all is false when some entry
// found no free slot in its windows (that entry is dropped). With
// concurrent, it reads old while writers may store into it
// (growConcurrently).
func (t *Table[K, V]) rehash(old entries[K, V], size int, concurrent bool) (slots []slot[K, V], used []uint64, n int, all bool) {
	nw := t.newEntries(size)
	mask := uint64(size - 1)
	all = true
	for i := range old.slots {
		var key K
		var val V
		if concurrent {
			// As a reader without the lock: a slot being written is in
			// the shard's pending.
			var st slotState
			if key, val, st = t.readNoLock(&old.slots[i]); st != slotRead {
				continue
			}
		} else if t.used(old, i) {
			key, val = old.slots[i].key, old.slots[i].val
		} else {
			continue
		}
		h := t.hash(key)
		placed := false
	windows:
		for _, start := range [2]uint64{h, second(h)} {
			for k := range uint64(window) {
				j := int((start + k) & mask)
				if !t.used(nw, j) {
					e := &nw.slots[j]
					e.key, e.val = key, val
					if t.seqRead {
						word(&e.val).Store(withSeq(packVal(val), 2))
					}
					if !t.noZero {
						nw.used[j>>6] |= 1 << (j & 63)
					}
					n++
					placed = true
					break windows
				}
			}
		}
		all = all && placed
	}
	return nw.slots, nw.used, n, all
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
	var n int64
	for i := range t.shards {
		t.shards[i].mu.Lock()
		n += t.shards[i].replaced
		t.shards[i].mu.Unlock()
	}
	return n
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

// Clear empties the table and gives its memory back (not while others
// store into it).
func (t *Table[K, V]) Clear() {
	for i := range t.shards {
		t.shards[i].mu.Lock()
		t.shards[i].slots, t.shards[i].used, t.shards[i].n = nil, nil, 0
		t.shards[i].view.Store(nil)
		t.shards[i].mu.Unlock()
	}
}
