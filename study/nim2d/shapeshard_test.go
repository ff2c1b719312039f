package nim2d

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestShardsMakeTheTable computes the tables of the 5×5 to 7×7 palettes
// in shards, level by level as workers would (each shard on a table of
// its own that adds the shards of the levels below), and checks every
// value against the single-machine table (BuildShapeTable), the shape
// counts included.
func TestShardsMakeTheTable(t *testing.T) {
	for _, n := range []int{5, 6, 7} {
		dir := t.TempDir()
		single := filepath.Join(dir, "single.bin")
		res, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: n, File: single, Workers: 2}, nil)
		if err != nil || !res.Complete {
			t.Fatalf("n=%d: single machine: %v", n, err)
		}
		coord, err := NewShardedShapes(n, 0, filepath.Join(dir, "sharded.bin"))
		if err != nil {
			t.Fatal(err)
		}
		worker, _ := NewShardedShapes(n, 0, "")
		for _, level := range coord.Levels() {
			shards := coord.Shards(level)
			if level > 10 {
				shards = 3 // more shards than the parents ask for: each must still be right
			}
			for i := range shards {
				data, err := worker.Compute(context.Background(), level, i, shards)
				if err != nil {
					t.Fatalf("n=%d level %d shard %d: %v", n, level, i, err)
				}
				if err := coord.Add(level, i, shards, data); err != nil {
					t.Fatal(err)
				}
			}
			// The worker reads the level back from the coordinator's
			// shards, as from the database.
			for i := range shards {
				data, _ := coord.Compute(context.Background(), level, i, shards)
				if err := worker.Add(level, i, shards, data); err != nil {
					t.Fatal(err)
				}
			}
		}
		// Only the last two levels' codes are kept: an earlier level's
		// shard cannot be computed again (it would find no parents).
		if _, err := worker.Compute(context.Background(), 5, 0, 1); !errors.Is(err, errShard) || !strings.Contains(err.Error(), "dropped") {
			t.Fatalf("n=%d: level 5 computed again after level %d: %v", n, coord.cells(), err)
		}
		summary, err := coord.Finish()
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		a, err := OpenShapeBook(single)
		if err != nil {
			t.Fatal(err)
		}
		b, err := OpenShapeBook(filepath.Join(dir, "sharded.bin"))
		if err != nil {
			t.Fatal(err)
		}
		if a.Shapes != b.Shapes || a.Triangle != b.Triangle || len(a.entries) != len(b.entries) {
			t.Fatalf("n=%d: single %d shapes (triangle %d), sharded %d (%d); %s", n, a.Shapes, a.Triangle, b.Shapes, b.Triangle, summary)
		}
		for i := range a.entries {
			if a.entries[i] != b.entries[i] {
				t.Fatalf("n=%d: entry %d: %#x single, %#x sharded", n, i, a.entries[i], b.entries[i])
			}
		}
		a.Close()
		b.Close()
	}
}

// BenchmarkShardedShapes8 is BenchmarkShardedShapes7 for the 8×8
// palette's 2,432,598 shapes, whose table (32 MiB) no longer fits the
// caches: the components' values are far in memory, as on larger tables.
func BenchmarkShardedShapes8(b *testing.B) { benchmarkSharded(b, 8) }

// BenchmarkShardedShapes7 computes the 41,335 shapes of the 7×7
// palette's triangle in shards, level by level, as one worker would (each
// level's shards computed and added back): the cost a worker pays, to set
// beside BenchmarkShapeTable7's single-machine build.
func BenchmarkShardedShapes7(b *testing.B) { benchmarkSharded(b, 7) }

func benchmarkSharded(b *testing.B, n int) {
	for b.Loop() {
		s, err := NewShardedShapes(n, 0, filepath.Join(b.TempDir(), "bench.bin"))
		if err != nil {
			b.Fatal(err)
		}
		for _, level := range s.Levels() {
			shards := s.Shards(level)
			for i := range shards {
				data, err := s.Compute(context.Background(), level, i, shards)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.Add(level, i, shards, data); err != nil {
					b.Fatal(err)
				}
			}
		}
		if _, err := s.Finish(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestShapeTableGrowsInMappedMemory fills a table past the size from
// which its array is mapped from the system (allocSlots), through several
// doublings, and reads every entry back, sorted, before giving the memory
// back.
func TestShapeTableGrowsInMappedMemory(t *testing.T) {
	tab := newShapeTable(64<<20, 1000)
	const n = 400_000
	codes := make([]uint64, n)
	x := uint64(1)
	tab.mu.RLock()
	for i := range codes {
		x = x*6364136223846793005 + 1442695040888963407
		codes[i] = x >> 20 // below codeBits, never 0 in practice
		if _, err := tab.put(codes[i], i%100); err != nil {
			t.Fatal(err)
		}
		tab.pause()
	}
	tab.mu.RUnlock()
	if len(tab.slots) < mapMin {
		t.Fatalf("%d slots: the test should pass the mapping size %d", len(tab.slots), mapMin)
	}
	if runtime.GOOS == "linux" && !tab.arr.mapped {
		t.Fatal("a large array is not mapped from the system")
	}
	tab.mu.RLock()
	for i, c := range codes {
		if v, ok := tab.get(c); !ok || v != i%100 {
			t.Fatalf("code %#x: %d %v, want %d", c, v, ok, i%100)
		}
	}
	tab.mu.RUnlock()
	if tab.len() != n {
		t.Fatalf("%d entries, want %d", tab.len(), n)
	}
	got := tab.sorted()
	want := make([]uint64, n)
	for i, c := range codes {
		want[i] = c<<7 | uint64(i%100)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatal("sorted entries differ from those put")
	}
	tab.free()
	if tab.slots != nil || tab.arr.s != nil {
		t.Fatal("free kept the array")
	}
}
