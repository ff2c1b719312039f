package nim2d_test

import (
	"context"
	"errors"
	"testing"

	"github.com/kombi/kombi/games/nim2d"
)

// BenchmarkTriangle computes the Grundy value of the 21-cell triangle of the
// 7×7 palette from an empty cache.
func BenchmarkTriangle7(b *testing.B) {
	for b.Loop() {
		e := nim2d.NewEngine(nim2d.NewCache(256 << 20))
		if v, err := e.Grundy(nim2d.Triangle(7)); err != nil || v != 1 {
			b.Fatal(v, err)
		}
	}
}

// TestCacheBound checks that the cache never grows past its memory bound,
// evicts only when full, and keeps every value while it has room.
func TestCacheBound(t *testing.T) {
	c := nim2d.NewCache(1 << 16)
	var keys []nim2d.Key
	for n := range 20000 {
		// Distinct shapes: the binary digits of n as one row of cells.
		var s nim2d.Shape
		s.H, s.W, s.Rows[0] = 1, 10, uint16(n%1024)
		s.Rows[1], s.H = uint16(n/1024+1), 2
		k := s.Canonical()
		c.Put(k, n%7)
		keys = append(keys, k)
	}
	if c.Bytes() > 1<<16 || c.Evictions == 0 || c.Len() > int(c.Bytes()/16) {
		t.Fatalf("cache of %d bytes (bound %d), %d entries, %d evictions", c.Bytes(), 1<<16, c.Len(), c.Evictions)
	}
	big := nim2d.NewCache(1 << 26)
	e := nim2d.NewEngine(big)
	if v, err := e.Grundy(nim2d.Triangle(6)); err != nil || v != 13 || big.Evictions != 0 || big.Len() != 1311 {
		t.Fatalf("triangle 6 with room: %d %v, %d evictions, %d entries", v, err, big.Evictions, big.Len())
	}
	for _, k := range keys[:100] {
		if v, ok := c.Get(k); ok && v >= 7 {
			t.Fatalf("stored value %d, want below 7", v)
		}
	}
}

// TestBudget: a computation over its budget stops with ErrBudget, keeps
// its finished work, and a later call with room finishes with the same
// value as an unbounded one.
func TestBudget(t *testing.T) {
	e := nim2d.NewEngine(nil)
	e.Limit(context.Background(), 1000)
	if _, err := e.Grundy(nim2d.Triangle(6)); !errors.Is(err, nim2d.ErrBudget) {
		t.Fatalf("over budget: %v", err)
	}
	kept := e.Cache().Len()
	e.Limit(context.Background(), 0)
	if v, err := e.Grundy(nim2d.Triangle(6)); err != nil || v != 13 || kept == 0 {
		t.Fatalf("resumed: %d %v (kept %d)", v, err, kept)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e = nim2d.NewEngine(nil)
	e.Limit(ctx, 0)
	if _, err := e.Grundy(nim2d.Triangle(7)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}
