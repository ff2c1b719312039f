package nim2d_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	studynim2d "github.com/kombi/kombi/study/nim2d"
)

// BenchmarkTriangle computes the Grundy value of the 21-cell triangle of the
// 7×7 palette from an empty cache.
func BenchmarkTriangle7(b *testing.B) {
	for b.Loop() {
		e := studynim2d.NewEngine(studynim2d.NewCache(256 << 20))
		if v, err := e.Grundy(studynim2d.Triangle(7)); err != nil || v != 1 {
			b.Fatal(v, err)
		}
	}
}

// TestCacheBound checks that the cache (the solve kit's table) never grows
// past its memory bound, replaces entries only when full, and keeps every
// value while it has room.
func TestCacheBound(t *testing.T) {
	// 32 KiB: room for about 1300 entries at 25 bytes, fewer slots than
	// the 1311 shapes once rounded to powers of two.
	small := studynim2d.NewCache(1 << 15)
	e := studynim2d.NewEngine(small)
	if v, err := e.Grundy(studynim2d.Triangle(6)); err != nil || v != 13 {
		t.Fatalf("triangle 6 in a small cache: %d %v", v, err)
	}
	if small.Bytes() > 1<<15 || small.Replaced() == 0 {
		t.Fatalf("cache of %d bytes (bound %d), %d entries, %d replaced", small.Bytes(), 1<<15, small.Len(), small.Replaced())
	}
	big := studynim2d.NewCache(1 << 26)
	e = studynim2d.NewEngine(big)
	if v, err := e.Grundy(studynim2d.Triangle(6)); err != nil || v != 13 || big.Replaced() != 0 || big.Len() != 1311 {
		t.Fatalf("triangle 6 with room: %d %v, %d replaced, %d entries", v, err, big.Replaced(), big.Len())
	}
	// Every shape stored has its value: the known values agree with a
	// fresh computation.
	for _, p := range studynim2d.FreePolyominoes(6) {
		got, ok := e.Known(p.Shape)
		want, err := studynim2d.NewEngine(nil).Grundy(p.Shape)
		if err != nil || ok && got != want {
			t.Fatalf("%s: cached %d (%t), computed %d %v", p.Name, got, ok, want, err)
		}
	}
}

// TestBudget: a computation over its budget stops with ErrBudget, keeps
// its finished work, and a later call with room finishes with the same
// value as an unbounded one.
func TestBudget(t *testing.T) {
	e := studynim2d.NewEngine(nil)
	e.Limit(context.Background(), 1000)
	if _, err := e.Grundy(studynim2d.Triangle(6)); !errors.Is(err, studynim2d.ErrBudget) {
		t.Fatalf("over budget: %v", err)
	}
	kept := e.Cache().Len()
	e.Limit(context.Background(), 0)
	if v, err := e.Grundy(studynim2d.Triangle(6)); err != nil || v != 13 || kept == 0 {
		t.Fatalf("resumed: %d %v (kept %d)", v, err, kept)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e = studynim2d.NewEngine(nil)
	e.Limit(ctx, 0)
	if _, err := e.Grundy(studynim2d.Triangle(7)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

// TestBenchTables lays out a bench result: one row per task, the ratio
// only where plain search ran, and the coverage table when measured.
func TestBenchTables(t *testing.T) {
	res := &studynim2d.BenchResult{Rows: []studynim2d.BenchRow{
		{Task: "empty 4×4 palette", PlainSeconds: 0.5, EngineSeconds: 0.001, Ratio: 500, PlainPositions: 65536, EngineShapes: 12, EngineSteps: 345},
		{Task: "triangle", EngineSeconds: 0.25, EngineShapes: 40725, EngineSteps: 1947175, Grundy: 1},
	}}
	ts := res.Tables()
	if len(ts) != 1 || len(ts[0].Rows) != 2 || strings.Join(ts[0].Rows[0], "|") != "empty 4×4 palette|0.5000|0.0010|500×|65536|12|345" ||
		strings.Join(ts[0].Rows[1], "|") != "triangle|—|0.2500|—|—|40725|1947175" {
		t.Fatalf("%+v", ts)
	}
	res.Coverage, res.Budget = []studynim2d.CoverageRow{{N: 8, Moves: 3, Decided: 7, Total: 12, MaxSecs: 0.25, Table: 9}}, 1000
	if ts = res.Tables(); len(ts) != 2 || strings.Join(ts[1].Rows[0], "|") != "8|3|7|12|0.250|9" || !strings.Contains(ts[1].Title, "budget 1000") {
		t.Fatalf("%+v", ts)
	}
	for _, o := range []studynim2d.BenchOptions{{UpTo: 9}, {Coverage: -1}, {Budget: -1}} {
		if err := o.Check(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}
