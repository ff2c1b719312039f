package solve

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"

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

func TestTableConcurrentUse(t *testing.T) {
	tt := NewTable[[2]uint64, uint64](func(k [2]uint64) uint64 { return mix(k[0] ^ mix(k[1])) }, TableOptions[uint64]{MaxBytes: 32 << 20})
	var wg sync.WaitGroup
	for w := range uint64(4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range uint64(20000) {
				tt.Put([2]uint64{w, i}, w*i)
				if v, ok := tt.Get([2]uint64{w, i}); !ok || v != w*i {
					t.Errorf("worker %d key %d: %d %v", w, i, v, ok)
					return
				}
			}
		}()
	}
	wg.Wait()
	if tt.Len() != 80000 {
		t.Fatalf("%d entries, want 80000", tt.Len())
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
	tt.release = 4 << 20
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
