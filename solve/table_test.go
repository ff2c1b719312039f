package solve

import (
	"bytes"
	"hash/maphash"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
)

func mix(k uint64) uint64 { return game.HashMix(0, k) }

func TestTableKeepsEverythingUnderItsBound(t *testing.T) {
	for _, single := range []bool{false, true} {
		for _, noZero := range []bool{false, true} {
			keepsEverything(t, single, noZero)
		}
	}
}

func keepsEverything(t *testing.T, single, noZero bool) {
	t.Helper()
	{
		tt := NewTable[uint64, int](mix, TableOptions[int]{MaxBytes: 64 << 20, SingleThreaded: single, NoZeroKey: noZero})
		const n = 200000
		for i := range uint64(n) {
			tt.Put(i+1, int(i+1)*3)
		}
		if _, ok := tt.Get(0); ok {
			t.Fatalf("single=%v noZero=%v: the zero key is found", single, noZero)
		}
		for i := range uint64(n) {
			if v, ok := tt.Get(i + 1); !ok || v != int(i+1)*3 {
				t.Fatalf("single=%v noZero=%v: key %d: got %d, %v", single, noZero, i+1, v, ok)
			}
		}
		if tt.Len() != n || tt.Replaced() != 0 {
			t.Fatalf("single=%v: %d entries, %d replaced; want %d and 0", single, tt.Len(), tt.Replaced(), n)
		}
		if _, ok := tt.Get(n + 6); ok {
			t.Fatal("a key never stored is found")
		}
		tt.Put(7, 1)
		if v, _ := tt.Get(7); v != 1 || tt.Len() != n {
			t.Fatalf("overwrite: %d, len %d", v, tt.Len())
		}
		seen := 0
		for k, v := range tt.All() {
			if want := int(k) * 3; k != 7 && v != want || k == 7 && v != 1 || k == 0 || k > n {
				t.Fatalf("All: key %d value %d", k, v)
			}
			seen++
		}
		if seen != n {
			t.Fatalf("All gave %d entries, want %d", seen, n)
		}
	}
}

func TestTableStaysWithinItsMemoryAndKeepsTheWorthiest(t *testing.T) {
	const maxBytes = 1 << 20
	tt := NewTable[uint64, int64](mix, TableOptions[int64]{MaxBytes: maxBytes, Worth: func(v int64) int64 { return v }})
	for i := range uint64(1 << 18) {
		tt.Put(i, int64(i%1000))
	}
	if b := tt.Bytes(); b > maxBytes {
		t.Fatalf("table takes %d bytes, bound %d", b, maxBytes)
	}
	if tt.Replaced() == 0 {
		t.Fatal("a full table replaced nothing")
	}
	// Entries of high worth survive more often than cheap ones.
	var hi, lo int
	for i := range uint64(1 << 18) {
		if _, ok := tt.Get(i); ok {
			if i%1000 >= 900 {
				hi++
			} else if i%1000 < 100 {
				lo++
			}
		}
	}
	if hi <= 2*lo {
		t.Fatalf("worthy entries kept %d, cheap ones %d: replacement ignores Worth", hi, lo)
	}
}

// TestTableConcurrentUse has goroutines store and read back their own keys
// while the table grows under them: a read may miss an entry stored while
// its shard grows (the grower stores it once the new slots are in place),
// never find a wrong value, and once the writers are done every entry is
// there.
func TestTableConcurrentUse(t *testing.T) {
	hash := func(k [2]uint64) uint64 { return mix(k[0] ^ mix(k[1])) }
	tt := NewTable[[2]uint64, uint64](hash, TableOptions[uint64]{MaxBytes: 32 << 20})
	var wg sync.WaitGroup
	var missed atomic.Int64
	for w := range uint64(4) {
		wg.Go(func() {
			for i := range uint64(20000) {
				tt.Put([2]uint64{w, i}, w*i)
				if v, ok := tt.Get([2]uint64{w, i}); !ok {
					missed.Add(1)
				} else if v != w*i {
					t.Errorf("worker %d key %d: %d, want %d", w, i, v, w*i)
					return
				}
			}
		})
	}
	wg.Wait()
	if tt.Len() != 80000 {
		t.Fatalf("%d entries, want 80000", tt.Len())
	}
	for w := range uint64(4) {
		for i := range uint64(20000) {
			if v, ok := tt.Get([2]uint64{w, i}); !ok || v != w*i {
				t.Fatalf("after the writers: worker %d key %d: %d %v, want %d", w, i, v, ok, w*i)
			}
		}
	}
	t.Logf("%d of 80000 reads missed their own entry while its shard grew", missed.Load())
}

// TestTableGrowsWithoutStoppingWriters holds a shard's grow midway (the
// grower's hash of an old entry blocks) and checks, in both tables read
// without the lock, that another goroutine meanwhile stores into that shard
// and reads at once what it stored and what was there before, without
// waiting for the grow; and that all of it is there after the grow.
func TestTableGrowsWithoutStoppingWriters(t *testing.T) {
	t.Run("one-word keys", func(t *testing.T) {
		growsWithoutStopping(t, func(i uint64) uint64 { return i }, func(k uint64) uint64 { return k },
			func(k uint64) uint64 { return k * 3 }, TableOptions[uint64]{MaxBytes: 1 << 20, NoZeroKey: true})
	})
	t.Run("two-word keys", func(t *testing.T) {
		growsWithoutStopping(t, func(i uint64) [2]uint64 { return [2]uint64{i, ^i} },
			func(k [2]uint64) uint64 { return mix(k[0]) }, func(k [2]uint64) sixBytes { return sixBytes{uint16(k[0]), 1, 2} },
			TableOptions[sixBytes]{MaxBytes: 1 << 20})
	})
}

func growsWithoutStopping[K comparable, V comparable](t *testing.T, key func(uint64) K, hash func(K) uint64, value func(K) V, opt TableOptions[V]) {
	var hold atomic.Bool
	held := key(7)
	entered, release := make(chan struct{}), make(chan struct{})
	tt := NewTable[K, V](func(k K) uint64 {
		if k == held && hold.Load() { // an old entry rehashed by the grower
			hold.Store(false)
			close(entered)
			<-release
		}
		return mix(hash(k))
	}, opt)
	if !tt.lockFree && !tt.seqRead {
		t.Fatal("the table is read with the lock")
	}
	tt.shards = tt.shards[:1] // one shard: every key in it
	tt.bits = 0
	var i uint64
	for i = 1; len(tt.shards[0].slots) == 0 || !tt.halfFull(&tt.shards[0]); i++ {
		tt.Put(key(i), value(key(i)))
	}
	last, during := key(i), key(1<<40)
	hold.Store(true)
	grown := make(chan struct{})
	go func() {
		defer close(grown)
		tt.Put(last, value(last)) // grows, and blocks rehashing the held key
	}()
	<-entered
	done := make(chan struct{})
	go func() {
		defer close(done)
		tt.Put(during, value(during))
		for _, k := range []K{key(3), during} {
			if v, ok := tt.Get(k); !ok || v != value(k) {
				t.Errorf("during the grow: key %v %v %v, want %v", k, v, ok, value(k))
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a writer and a reader of the shard waited 10 s for its grow")
	}
	close(release)
	<-grown
	for _, k := range []K{key(3), held, last, during} {
		if v, ok := tt.Get(k); !ok || v != value(k) {
			t.Fatalf("after the grow: key %v %v %v, want %v", k, v, ok, value(k))
		}
	}
	if n := tt.Len(); n != int(i)+1 {
		t.Fatalf("%d entries after the grow, want %d", n, i+1)
	}
}

// TestTableLockFreeReadsNeverMixEntries has readers that take no lock (a
// table of one-word keys and values, several goroutines) race writers that
// grow the table and, once it is full, replace entries: a read may miss,
// but what it finds is the value stored under its key.
func TestTableLockFreeReadsNeverMixEntries(t *testing.T) {
	tt := NewTable[uint64, uint64](mix, TableOptions[uint64]{MaxBytes: 64 << 10, NoZeroKey: true})
	if !tt.lockFree {
		t.Fatal("a table of one-word keys and values without the zero key is not lock-free")
	}
	tt.Prefetch(1) // an empty table: a hint for nothing
	value := func(k uint64) uint64 { return mix(k) ^ 0x5bd1e995 }
	var wg, writers sync.WaitGroup
	var done atomic.Bool
	var found, missed [2]int
	for w := range uint64(2) {
		writers.Go(func() {
			for i := range uint64(50000) {
				k := 1 + (i*2+w)%6000
				tt.Put(k, value(k))
			}
		})
		wg.Go(func() {
			for i := uint64(0); !done.Load(); i++ {
				k := 1 + (i*2+w)%6000
				tt.Prefetch(k)
				if v, ok := tt.Get(k); ok {
					found[w]++
					if v != value(k) {
						t.Errorf("key %d: got %#x, the value of another key", k, v)
						return
					}
				} else {
					missed[w]++
				}
			}
		})
	}
	writers.Wait()
	done.Store(true)
	wg.Wait()
	if found[0]+found[1] == 0 {
		t.Fatalf("readers found nothing (missed %d)", missed[0]+missed[1])
	}
	if tt.Replaced() == 0 {
		t.Fatalf("no entry replaced: the test does not reach a full table (%d entries)", tt.Len())
	}
}

// sixBytes is a value of six bytes, as the Thue solver's bounds.
type sixBytes struct{ a, b, c uint16 }

// TestTableSeqReadsNeverMixEntries is TestTableLockFreeReadsNeverMixEntries
// for a table of two-word keys and six-byte values, read by sequence
// numbers: writers grow it, replace entries once it is full and update
// values, while readers check that what they find is the value of their
// key (the key's both words, the value's every byte).
func TestTableSeqReadsNeverMixEntries(t *testing.T) {
	hash := func(k [2]uint64) uint64 { return mix(k[0] ^ mix(k[1])) }
	tt := NewTable[[2]uint64, sixBytes](hash, TableOptions[sixBytes]{MaxBytes: 64 << 10})
	if !tt.seqRead || tt.lockFree {
		t.Fatal("a table of two-word keys and six-byte values is not read by sequence numbers")
	}
	key := func(i uint64) [2]uint64 { return [2]uint64{i % 3, mix(i)} } // the zero key too
	value := func(k [2]uint64, round uint64) sixBytes {
		m := mix(k[1] ^ k[0])
		return sixBytes{uint16(m), uint16(m >> 16), uint16(round)}
	}
	var wg, writers sync.WaitGroup
	var done atomic.Bool
	var found, missed atomic.Int64
	for w := range uint64(2) {
		writers.Go(func() {
			for i := range uint64(60000) {
				k := key((i*2 + w) % 7000)
				tt.Put(k, value(k, i/7000))
			}
		})
		wg.Go(func() {
			for i := uint64(0); !done.Load(); i++ {
				k := key((i*2 + w) % 7000)
				v, ok := tt.Get(k)
				if !ok {
					missed.Add(1)
					continue
				}
				found.Add(1)
				if want := value(k, 0); v.a != want.a || v.b != want.b || v.c > 9 {
					t.Errorf("key %v: got %+v, the value of another key (want %+v, round 0-8)", k, v, want)
					return
				}
			}
		})
	}
	writers.Wait()
	done.Store(true)
	wg.Wait()
	if found.Load() == 0 {
		t.Fatalf("readers found nothing (missed %d)", missed.Load())
	}
	if tt.Replaced() == 0 {
		t.Fatalf("no entry replaced: the test does not reach a full table (%d entries)", tt.Len())
	}
	for k, v := range tt.All() {
		if got, ok := tt.Get(k); !ok || got != v {
			t.Fatalf("key %v: Get %+v %v, the table holds %+v", k, got, ok, v)
		}
	}
}

// TestTableHandsBackOutgrownSlots checks that a table grown to its bound
// keeps resident little more than its slots: those it outgrew are freed
// and handed back to the system as it grows, not left to the collector's
// next cycle.
func TestTableHandsBackOutgrownSlots(t *testing.T) {
	resident := func() int64 {
		s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		metrics.Read(s)
		return int64(s[0].Value.Uint64() - s[1].Value.Uint64())
	}
	debug.FreeOSMemory()
	base := resident()
	gc := debug.SetGCPercent(-1) // no collection but the table's own
	defer debug.SetGCPercent(gc)
	tt := NewTable[uint64, uint64](mix, TableOptions[uint64]{MaxBytes: 256 << 20, SingleThreaded: true, NoZeroKey: true})
	tt.releaseBytes = 4 << 20
	for i := uint64(1); tt.Bytes() < 128<<20; i++ {
		tt.Put(i, i)
	}
	// The slots (128 MiB) and at most the last ones outgrown (64 MiB,
	// freed after the rehash that needs them); without the release, every
	// smaller size too (another 64 MiB).
	if got := resident() - base; got > 128<<20+64<<20+16<<20 {
		t.Fatalf("%d MiB resident beyond the start for a table of %d MiB", got>>20, tt.Bytes()>>20)
	}
}

// BenchmarkTableGetParallel reads a table of the Thue solver's shape
// (two-word keys, six-byte values, read by sequence numbers) from every
// core, with a writer storing meanwhile.
func BenchmarkTableGetParallel(b *testing.B) {
	hash := func(k [2]uint64) uint64 { return mix(k[0] ^ mix(k[1])) }
	tt := NewTable[[2]uint64, sixBytes](hash, TableOptions[sixBytes]{MaxBytes: 256 << 20})
	const n = 1 << 20
	for i := range uint64(n) {
		tt.Put([2]uint64{i, ^i}, sixBytes{uint16(i), 0, 0})
	}
	stop := make(chan struct{})
	var writer sync.WaitGroup
	writer.Go(func() {
		for i := uint64(0); ; i++ {
			select {
			case <-stop:
				return
			default:
				k := i % n
				tt.Put([2]uint64{k, ^k}, sixBytes{uint16(k), 1, 0})
			}
		}
	})
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := uint64(0)
		for pb.Next() {
			i = (i + 0x9e3779b97f4a7c15) % n
			if v, ok := tt.Get([2]uint64{i, ^i}); ok && v.a != uint16(i) {
				b.Errorf("key %d: value %+v", i, v)
				return
			}
		}
	})
	b.StopTimer()
	close(stop)
	writer.Wait()
}

// TestTableKeepsPointersInView: a table whose keys or values hold pointers
// (strings, here) never reads or writes its slots as plain words (the
// garbage collector would not see the pointers and free what they point
// to); its entries survive collections that reuse the memory of everything
// else. (Building Nim's table of string keys was read by sequence numbers
// and crashed the collector: "found pointer to free object".)
func TestTableKeepsPointersInView(t *testing.T) {
	seed := maphash.MakeSeed()
	tt := NewTable[string, bool](func(s string) uint64 { return maphash.String(seed, s) }, TableOptions[bool]{MaxBytes: 1 << 24})
	if tt.unlockedReads() {
		t.Fatal("a table of string keys reads its slots without the lock, as plain words")
	}
	pt := NewTable[uint64, *int](HashUint64, TableOptions[*int]{MaxBytes: 1 << 24, NoZeroKey: true})
	if pt.unlockedReads() {
		t.Fatal("a table of pointer values reads its slots without the lock, as plain words")
	}
	const n = 20000
	for i := range n {
		tt.Put(strconv.Itoa(i*7919)+"-key", i%2 == 0)
		x := i
		pt.Put(uint64(i+1), &x)
	}
	for range 3 {
		runtime.GC()
		garbage := make([][]byte, 0, 1000)
		for j := range 1000 {
			garbage = append(garbage, bytes.Repeat([]byte{byte(j)}, 64))
		}
		_ = garbage
	}
	for i := range n {
		if v, ok := tt.Get(strconv.Itoa(i*7919) + "-key"); !ok || v != (i%2 == 0) {
			t.Fatalf("key %d: %v %v after collections", i, v, ok)
		}
		if p, ok := pt.Get(uint64(i + 1)); !ok || *p != i {
			t.Fatalf("value %d: %v after collections", i, ok)
		}
	}
}

// A single-threaded table grows a shard at a time: while one doubles, the
// old slots held beside the new ones are that shard's (an eighth of the
// table), not the whole table's (kombi solve with one worker peaked at 1.5
// times its table with one shard); a small one starts at 1024 slots in all.
func TestSingleThreadedTableGrowsByShard(t *testing.T) {
	tt := NewTable[uint64, uint64](mix, TableOptions[uint64]{MaxBytes: 1 << 30, SingleThreaded: true, NoZeroKey: true})
	tt.Put(1, 1)
	if first := tt.Bytes() / EntryBytes[uint64, uint64](); first > 1024 {
		t.Fatalf("the first entry made %d slots, want 1024 at most", first)
	}
	for i := uint64(2); i <= 400000; i++ {
		tt.Put(i, i)
	}
	total := 0
	for i := range tt.shards {
		total += len(tt.shards[i].slots)
	}
	for i := range tt.shards {
		if n := len(tt.shards[i].slots); 4*n > total {
			t.Fatalf("shard %d holds %d of the %d slots: a grow of it holds that many beside the new ones", i, n, total)
		}
	}
	if got := tt.Len(); got != 400000 {
		t.Fatalf("%d entries, want 400000", got)
	}
}
