package nim2d

import (
	"context"
	"path/filepath"
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
