package nim2d

import (
	"context"
	"errors"
	"fmt"
)

// Cache is a memory-bounded table of the Grundy values of shapes, by
// canonical key. Entries are 16 bytes (the key and the value packed
// together); when a bucket is full the entry of the smallest shape, the
// cheapest to compute again, makes room. Values are exact, so losing an
// entry costs only time. A Cache is not safe for concurrent use.
type Cache struct {
	slots []Key
	mask  uint64
	used  int // occupied slots
	limit int // largest number of slots
	// Stats.
	Hits, Misses, Stores, Evictions int64
}

// DefaultCacheBytes is the memory bound of a cache when none is given.
const DefaultCacheBytes = 64 << 20

const (
	bucket     = 8
	valueShift = 48
	keyMaskHi  = 1<<valueShift - 1
)

// NewCache returns an empty cache of at most memBytes bytes (at least 96 KiB;
// 0 means DefaultCacheBytes). The table starts small and doubles as it
// fills; the bound covers the old and the new table while it doubles.
func NewCache(memBytes int64) *Cache {
	if memBytes <= 0 {
		memBytes = DefaultCacheBytes
	}
	limit := 1 << 12
	for limit*2*24 <= int(min(memBytes, 1<<40)) {
		limit *= 2
	}
	n := min(limit, 1<<14)
	return &Cache{slots: make([]Key, n), mask: uint64(n - 1), limit: limit}
}

// Bytes returns the memory the cache's table takes now.
func (c *Cache) Bytes() int64 { return int64(len(c.slots)) * 16 }

// Len returns the number of stored values.
func (c *Cache) Len() int { return c.used }

// grow doubles the table and stores every entry again.
func (c *Cache) grow() {
	old := c.slots
	c.slots = make([]Key, 2*len(old))
	c.mask = uint64(len(c.slots) - 1)
	c.used = 0
	for _, s := range old {
		if s.Hi != 0 {
			c.put(Key{s.Lo, s.Hi & keyMaskHi}, s, true)
		}
	}
}

func hashKey(k Key) uint64 {
	h := k.Lo*0x9e3779b97f4a7c15 ^ k.Hi
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}

// Get returns the stored value of a canonical key.
func (c *Cache) Get(k Key) (int, bool) {
	i := hashKey(k) & c.mask &^ (bucket - 1)
	for j := i; j < i+bucket; j++ {
		s := c.slots[j]
		if s.Lo == k.Lo && s.Hi&keyMaskHi == k.Hi && s.Hi != 0 {
			c.Hits++
			return int(s.Hi >> valueShift), true
		}
	}
	c.Misses++
	return 0, false
}

// Put stores the value of a canonical key (values up to 65535).
func (c *Cache) Put(k Key, v int) {
	if c.used >= len(c.slots)/2 && len(c.slots) < c.limit {
		c.grow()
	}
	c.Stores++
	entry := Key{k.Lo, k.Hi | uint64(v)<<valueShift}
	// A full bucket in a table a quarter full or more makes it grow while
	// it may; otherwise (or at the memory bound) an entry is evicted.
	for !c.put(k, entry, len(c.slots) >= c.limit || c.used < len(c.slots)/4) {
		c.grow()
	}
}

// put stores entry under k; with a full bucket it evicts the entry of the
// smallest shape when evict is set, and otherwise reports false.
func (c *Cache) put(k, entry Key, evict bool) bool {
	i := hashKey(k) & c.mask &^ (bucket - 1)
	victim, fewest := i, 1<<30
	for j := i; j < i+bucket; j++ {
		s := c.slots[j]
		if s.Hi == 0 {
			c.slots[j] = entry
			c.used++
			return true
		}
		if s.Lo == k.Lo && s.Hi&keyMaskHi == k.Hi {
			c.slots[j] = entry
			return true
		}
		if n := (Key{s.Lo, s.Hi & keyMaskHi}).cellCount(); n < fewest {
			victim, fewest = j, n
		}
	}
	if !evict {
		return false
	}
	c.slots[victim] = entry
	c.Evictions++
	return true
}

// ErrBudget is returned when a computation needs more work than its budget.
var ErrBudget = errors.New("work budget exhausted")

// Engine computes Grundy values of shapes by the Sprague–Grundy theorem:
// the value of a shape is the mex of the values of its options, and an
// option that splits the shape is worth the XOR of its parts. Values are
// cached by canonical form; two equal parts of an option cancel without
// being computed. An Engine is not safe for concurrent use.
type Engine struct {
	cache *Cache
	ctx   context.Context
	// budget bounds the work (moves examined in shapes not yet cached) of
	// one call; 0 means no bound.
	budget int64
	work   int64
	err    error
	// Work counts all moves examined since the engine was made.
	Work int64
}

// NewEngine returns an engine that keeps its values in cache (a new default
// cache when nil).
func NewEngine(cache *Cache) *Engine {
	if cache == nil {
		cache = NewCache(0)
	}
	return &Engine{cache: cache, ctx: context.Background()}
}

// Cache returns the engine's cache.
func (e *Engine) Cache() *Cache { return e.cache }

// Limit sets the context and the work budget of the following calls (0: no
// budget) and starts counting the work afresh.
func (e *Engine) Limit(ctx context.Context, budget int64) {
	e.ctx, e.budget, e.work, e.err = ctx, budget, 0, nil
}

// Spent returns the work done since the last Limit.
func (e *Engine) Spent() int64 { return e.work }

// Grundy returns the Grundy value of a connected shape, or ErrBudget (or the
// context's error) when the limits set by Limit stop it. Work already done is
// kept in the cache, so a later call with more budget resumes.
func (e *Engine) Grundy(s Shape) (int, error) {
	if s.Cells() == 0 {
		return 0, nil
	}
	if e.err != nil {
		return 0, e.err
	}
	v, ok := e.grundy(&s)
	if !ok {
		return 0, e.err
	}
	return v, nil
}

// Known returns the value of a connected shape if it is cached or trivial,
// without computing.
func (e *Engine) Known(s Shape) (int, bool) {
	if n := s.Cells(); n <= 3 {
		return n, true
	}
	return e.cache.Get(s.Canonical())
}

// GrundyOf returns the Grundy value of any shape: the XOR of the values of
// its connected parts, equal parts cancelling.
func (e *Engine) GrundyOf(s Shape) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	v, ok := e.value(&s)
	if !ok {
		return 0, e.err
	}
	return v, nil
}

func (e *Engine) spend(n int) bool {
	e.work += int64(n)
	e.Work += int64(n)
	if e.budget > 0 && e.work > e.budget {
		e.err = ErrBudget
		return false
	}
	if e.work&^0xfff != (e.work-int64(n))&^0xfff {
		if err := e.ctx.Err(); err != nil {
			e.err = fmt.Errorf("grundy: %w", err)
			return false
		}
	}
	return true
}

// grundy returns the value of the connected shape s.
func (e *Engine) grundy(s *Shape) (int, bool) {
	n := s.Cells()
	if n <= 3 {
		// One cell: 1. Two cells (a domino): take one (1) or both (0): 2.
		// Three cells: every tromino has options 0, 1 and 2: 3.
		return n, true
	}
	return e.keyed(s, s.canonical())
}

// keyed returns the value of the connected shape s of canonical key key.
func (e *Engine) keyed(s *Shape, key Key) (int, bool) {
	if v, ok := e.cache.Get(key); ok {
		return v, true
	}
	var buf [6 * MaxSide * MaxSide]shapeMove
	moves := s.moves(buf[:0])
	if !e.spend(len(moves)) {
		return 0, false
	}
	var seen [8]uint64
	for _, m := range moves {
		rest := s.without(m)
		v, ok := e.value(&rest)
		if !ok {
			return 0, false
		}
		seen[v>>6] |= 1 << (v & 63)
	}
	g := 0
	for g>>6 < len(seen) && seen[g>>6]>>(g&63)&1 == 1 {
		g++
	}
	e.cache.Put(key, g)
	return g, true
}

// value returns the Grundy value of the (possibly disconnected) shape s.
func (e *Engine) value(s *Shape) (int, bool) {
	rest := *s
	var part Shape
	n, more := rest.takeComponent(&part)
	if n == 0 {
		return 0, true
	}
	if !more {
		if n <= 3 {
			return n, true
		}
		return e.keyed(&part, part.canonical())
	}
	// Small parts have known values; larger ones cancel in equal pairs.
	// Removing at most 3 cells from a connected shape leaves at most 8
	// parts; more parts (from other callers) go to the slices' heap copies.
	x := 0
	var keyBuf [8]Key
	var bigBuf [8]Shape
	keys, big := keyBuf[:0], bigBuf[:0]
	for {
		if n <= 3 {
			x ^= n
		} else {
			k := part.canonical()
			dup := -1
			for j := range keys {
				if keys[j] == k {
					dup = j
					break
				}
			}
			if dup >= 0 {
				last := len(keys) - 1
				keys[dup], big[dup] = keys[last], big[last]
				keys, big = keys[:last], big[:last]
			} else {
				keys, big = append(keys, k), append(big, part)
			}
		}
		if !more {
			break
		}
		n, more = rest.takeComponent(&part)
	}
	for i := range keys {
		v, ok := e.keyed(&big[i], keys[i])
		if !ok {
			return 0, false
		}
		x ^= v
	}
	return x, true
}
