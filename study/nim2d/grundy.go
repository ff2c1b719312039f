package nim2d

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/solve"
)

// Cache is the table of the Grundy values of shapes, by canonical key: the
// solve kit's one transposition table. Each entry holds the value and when
// it was stored (the engine's work count then); once a bucket of the table
// is full, a new entry replaces the one stored longest ago, as the recursion
// looks again mostly at what it computed last. Values are exact, so losing
// an entry costs only time.
type Cache = solve.Table[Key, uint64]

// DefaultCacheBytes is the memory bound of a cache when none is given.
const DefaultCacheBytes = 64 << 20

// NewCache returns an empty cache of at most memBytes bytes (0 means
// DefaultCacheBytes). The table starts small and grows as it fills.
func NewCache(memBytes int64) *Cache {
	if memBytes <= 0 {
		memBytes = DefaultCacheBytes
	}
	return solve.NewTable[Key, uint64](hashKey, solve.TableOptions[uint64]{MaxBytes: memBytes, Worth: entryStamp})
}

// entry packs a Grundy value (below 65536) with the time it is stored.
func entry(v int, stamp int64) uint64 { return uint64(stamp)<<16 | uint64(v) }

// entryStamp is the worth of an entry for replacement: when it was stored.
func entryStamp(e uint64) int64 { return int64(e >> 16) }

func hashKey(k Key) uint64 {
	h := k.Lo*0x9e3779b97f4a7c15 ^ k.Hi
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}

// ErrBudget is the solve kit's error for a computation that needs more work
// than its budget (solve.Stopped reports it as a stop, not a failure).
var ErrBudget = solve.ErrBudget

// Engine computes Grundy values of shapes by the Sprague–Grundy theorem:
// the value of a shape is the mex of the values of its options, and an
// option that splits the shape is worth the XOR of its parts. Values are
// cached by canonical form; two equal parts of an option cancel without
// being computed. An Engine is not safe for concurrent use.
type Engine struct {
	cache *Cache
	// book, when not nil, holds finished values (a shape table) that the
	// engine reads before computing.
	book *ShapeBook
	ctx  context.Context
	// budget bounds the work (moves examined in shapes not yet cached) of
	// one call; 0 means no bound.
	budget int64
	work   int64
	err    error
	// Work counts all moves examined since the engine was made.
	Work int64
	// progress, when not nil, hears the work since the last Limit now and
	// then (every 65536 moves examined).
	progress func(work int64)
}

// NewEngine returns an engine that keeps its values in cache (a new default
// cache when nil).
func NewEngine(cache *Cache) *Engine {
	if cache == nil {
		cache = NewCache(0)
	}
	return &Engine{cache: cache, ctx: context.Background()}
}

// UseBook makes the engine read the values of a finished shape table
// (nil: none) before computing any.
func (e *Engine) UseBook(b *ShapeBook) { e.book = b }

// Book returns the shape table the engine reads, or nil.
func (e *Engine) Book() *ShapeBook { return e.book }

// Cache returns the engine's cache.
func (e *Engine) Cache() *Cache { return e.cache }

// Limit sets the context and the work budget of the following calls (0: no
// budget) and starts counting the work afresh.
func (e *Engine) Limit(ctx context.Context, budget int64) {
	e.ctx, e.budget, e.work, e.err = ctx, budget, 0, nil
}

// Spent returns the work done since the last Limit.
func (e *Engine) Spent() int64 { return e.work }

// OnProgress makes the engine call f with the work done since the last
// Limit every 65536 moves examined (nil: no reports).
func (e *Engine) OnProgress(f func(work int64)) { e.progress = f }

// cached returns the stored value of a canonical key.
func (e *Engine) cached(k Key) (int, bool) {
	v, ok := e.cache.Get(k)
	return int(v & 0xffff), ok
}

// known returns the value of the connected shape s of canonical key k if
// the cache or the book has it (the book's values go to the cache).
func (e *Engine) known(s *Shape, k Key) (int, bool) {
	if v, ok := e.cached(k); ok {
		return v, true
	}
	if e.book != nil {
		if v, ok := e.book.Lookup(*s); ok {
			e.cache.Put(k, entry(v, e.Work))
			return v, true
		}
	}
	return 0, false
}

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
	return e.known(&s, s.Canonical())
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
		e.err = fmt.Errorf("grundy: after %d moves examined: %w", e.budget, ErrBudget)
		return false
	}
	if e.work&^0xfff != (e.work-int64(n))&^0xfff {
		if err := e.ctx.Err(); err != nil {
			e.err = fmt.Errorf("grundy: %w", err)
			return false
		}
		if e.progress != nil && e.work&^0xffff != (e.work-int64(n))&^0xffff {
			e.progress(e.work)
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
	if v, ok := e.known(s, key); ok {
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
	e.cache.Put(key, entry(g, e.Work))
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
