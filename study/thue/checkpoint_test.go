package thue

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/solve"
)

// TestTableFileKeepsTheProofs: a solver loaded from another's table file
// holds the same entries, and decides the same bound from them with a
// small fraction of the positions; a file of another game, or with an
// entry that cannot be, is refused and stores nothing, whether the reader
// seeks or not.
func TestTableFileKeepsTheProofs(t *testing.T) {
	ctx := context.Background()
	sv := NewSolver(4, thue.Overlap, SolverOptions{MemBytes: 1 << 24, Workers: 1})
	first, err := sv.Value(ctx, []byte{0}, -1, 15)
	if err != nil || first.Exact || first.LowerBound != 16 {
		t.Fatalf("%+v %v", first, err)
	}
	var buf bytes.Buffer
	if err := sv.SaveTable(&buf); err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	for _, seek := range []bool{true, false} {
		var r io.Reader = bytes.NewReader(file)
		if !seek {
			r = struct{ io.Reader }{r}
		}
		sv2 := NewSolver(4, thue.Overlap, SolverOptions{MemBytes: 1 << 24, Workers: 1})
		n, err := sv2.LoadTable(r)
		if err != nil || n != int64(sv.tt.Len()) || sv2.tt.Len() != sv.tt.Len() {
			t.Fatalf("seek=%v: %d loaded (%v), %d held, %d saved", seek, n, err, sv2.tt.Len(), sv.tt.Len())
		}
		for k, b := range sv.tt.All() {
			if got, ok := sv2.tt.Get(k); !ok || got != b {
				t.Fatalf("entry %x: %+v, loaded %+v %v", k, b, got, ok)
			}
		}
		again, err := sv2.Value(ctx, []byte{0}, -1, 15)
		if err != nil || again.LowerBound != first.LowerBound || again.Nodes*20 > first.Nodes {
			t.Fatalf("from the file: %+v %v; the first search %d positions", again, err, first.Nodes)
		}
	}
	// Another rule, another alphabet, a damaged file, an entry whose
	// bounds are below its word's length.
	bad := bytes.Clone(file)
	bad[len(bad)-30] ^= 4
	var impossible bytes.Buffer
	rec := []uint64{uint64(5) << 57, 1, 3 | 9<<16 | 5<<32} // a word of 5 lasting to 3
	if err := solve.WriteTableFile(&impossible, tableMagic, []uint64{4, uint64(thue.Overlap)},
		[]solve.TableSection{{Words: 3, Count: 1, Records: func(yield func([]uint64) bool) { yield(rec) }}}); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		sv   *Solver
		file []byte
	}{
		"squares":    {NewSolver(4, thue.Square, SolverOptions{MemBytes: 1 << 20, Workers: 1}), file},
		"5 symbols":  {NewSolver(5, thue.Overlap, SolverOptions{MemBytes: 1 << 20, Workers: 1}), file},
		"damaged":    {NewSolver(4, thue.Overlap, SolverOptions{MemBytes: 1 << 20, Workers: 1}), bad},
		"impossible": {NewSolver(4, thue.Overlap, SolverOptions{MemBytes: 1 << 20, Workers: 1}), impossible.Bytes()},
	} {
		if n, err := c.sv.LoadTable(bytes.NewReader(c.file)); !errors.Is(err, solve.ErrTableFile) || n != 0 || c.sv.tt.Len() != 0 {
			t.Errorf("%s: %d loaded, %d held, error %v", name, n, c.sv.tt.Len(), err)
		}
	}
}

// TestSolveContinuesFromItsCheckpoint: a solve stopped by its node budget
// leaves its table file, and the same solve run again continues from it:
// the same value, proven with fewer positions than a solve from nothing.
func TestSolveContinuesFromItsCheckpoint(t *testing.T) {
	g, _ := thue.New(4, thue.Overlap, 0, 0)
	path := filepath.Join(t.TempDir(), "new-dir", "overlaps-4.table")
	opt := solve.Options{MemBytes: 1 << 24, MaxLength: 15, Workers: 1}
	fresh, err := solve.SolveWith(context.Background(), solver{}, g, g.NewInitialState(), opt)
	if err != nil || fresh.LowerBound != 16 {
		t.Fatalf("%+v %v", fresh, err)
	}
	stopped := opt
	stopped.Checkpoint, stopped.Nodes = path, fresh.Nodes/2
	r, err := solve.SolveWith(context.Background(), solver{}, g, g.NewInitialState(), stopped)
	if !errors.Is(err, solve.ErrBudget) || r == nil || r.Extra["table_loaded"] != int64(0) {
		t.Fatalf("the stopped solve: %+v %v", r, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Fatalf("no table file: %v", err)
	}
	opt.Checkpoint = path
	r, err = solve.SolveWith(context.Background(), solver{}, g, g.NewInitialState(), opt)
	if err != nil || r.LowerBound != 16 || r.Extra["table_loaded"].(int64) == 0 || r.Nodes*3 > fresh.Nodes*2 {
		t.Fatalf("continued: %+v %v; from nothing %d positions", r, err, fresh.Nodes)
	}
	// The file is saved at the end too: a third run finds it all.
	r, err = solve.SolveWith(context.Background(), solver{}, g, g.NewInitialState(), opt)
	if err != nil || r.LowerBound != 16 || r.Nodes*20 > fresh.Nodes {
		t.Fatalf("third run: %+v %v; from nothing %d positions", r, err, fresh.Nodes)
	}
	// A game whose solver keeps no table refuses a checkpoint.
	if _, err := solve.SolveWith(context.Background(), solve.Generic{}, g, g.NewInitialState(), opt); err == nil {
		t.Fatal("the generic solver took a checkpoint file")
	}
}
