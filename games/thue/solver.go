package thue

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The exact solver finds the value of a position: the final length of the
// word under optimal play, the builder minimising and the painter
// maximising. It decides "can the builder force a repetition by length T?"
// for T = n+1, n+2, ... (iterative deepening on the length), by depth-first
// AND/OR search with:
//   - a transposition table keyed by the canonical word (symbols renamed in
//     order of appearance, the word or its reversal, whichever is smaller),
//     holding proven lower and upper bounds of the value, so every
//     iteration and every transposition reuses what earlier ones proved;
//   - move ordering: positions with the fewest fitting symbols first (a
//     position where nothing fits ends the game at once);
//   - symmetry: of the symbols not yet in the word only one is tried, and
//     in a word equal to its own reversal only half the positions;
//   - both cores: the positions of the root are shared among workers;
//   - a memory bound: the table has a fixed number of entries, replacing
//     deep entries first.

// ErrKeyTooLong is returned when a word is too long for the solver's exact keys.
var ErrKeyTooLong = errors.New("word too long for the solver's exact table keys")

// SolverOptions configure a Solver.
type SolverOptions struct {
	// MemBytes bounds the transposition table (0: a quarter of the RAM).
	MemBytes int64
	// Workers searching in parallel (0: one per CPU).
	Workers int
	// Progress receives a line about once a second when not nil.
	Progress func(string)
}

// Solver holds the transposition table of one game (alphabet and rule); it
// may be reused for many positions.
type Solver struct {
	k       int
	rule    Rule
	bits    int // bits per symbol in a key
	maxLen  int // longest word with an exact key
	tt      *table
	workers int
	nodes   atomic.Int64
	current atomic.Int64 // the length being searched, for progress lines
	opt     SolverOptions
}

// NewSolver returns a solver for k symbols and the rule.
func NewSolver(k int, rule Rule, opt SolverOptions) *Solver {
	mem := opt.MemBytes
	if mem <= 0 {
		mem = DefaultMem()
	}
	w := opt.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	b := bits.Len(uint(k - 1))
	return &Solver{k: k, rule: rule, bits: b, maxLen: 120 / b, tt: newTable(mem), workers: w, opt: opt}
}

// DefaultMem is a quarter of the machine's memory (1 GiB when unknown).
func DefaultMem() int64 {
	data, err := os.ReadFile("/proc/meminfo")
	if err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
					return kb * 1024 / 4
				}
			}
		}
	}
	return 1 << 30
}

// Nodes returns the number of positions searched so far.
func (s *Solver) Nodes() int64 { return s.nodes.Load() }

// TableEntries returns the number of entries the table holds at most and in use.
func (s *Solver) TableEntries() (capacity, used int64) {
	return int64(len(s.tt.e)), s.tt.used.Load()
}

// key packs the canonical form of w exactly: length in the top 7 bits.
// selfRev reports whether w equals its own reversal up to renaming.
func (s *Solver) key(w []byte, buf *[2][]byte) (k [2]uint64, selfRev, ok bool) {
	n := len(w)
	if n > s.maxLen {
		return k, false, false
	}
	c, _, b := Canonical(w, -1, buf[0])
	buf[0] = b
	selfRev = true
	for j := 0; j < n; j++ {
		if b[j] != b[n+j] {
			selfRev = false
			break
		}
	}
	var hi, lo uint64
	for j, x := range c {
		bit := j * s.bits
		if bit < 64 {
			lo |= uint64(x) << bit
			if bit+s.bits > 64 {
				hi |= uint64(x) >> (64 - bit)
			}
		} else {
			hi |= uint64(x) << (bit - 64)
		}
	}
	hi |= uint64(len(w)) << 57
	return [2]uint64{hi, lo}, selfRev, true
}

// byFit appends to dst the positions of order sorted by their number of
// fitting symbols, fewest first, keeping the order of equals (a counting
// sort: at most 33 counts).
func byFit(fit []uint32, order, dst []int) []int {
	var count [MaxAlphabet + 2]int
	for _, i := range order {
		count[bits.OnesCount32(fit[i])+1]++
	}
	for c := 1; c < len(count); c++ {
		count[c] += count[c-1]
	}
	dst = append(dst[:0], order...)
	for _, i := range order {
		c := bits.OnesCount32(fit[i])
		dst[count[c]] = i
		count[c]++
	}
	return dst
}

// worker is one searching goroutine's scratch space.
type worker struct {
	s      *Solver
	ctx    context.Context
	f      Fitter
	fits   [][]uint32
	order  [][]int
	kbuf   [2][]byte
	word   []byte
	count  int64
	salt   int // worker number: workers other than 0 vary their order near the root
	sorted []int
}

func (s *Solver) newWorker(ctx context.Context, w []byte) *worker {
	return &worker{s: s, ctx: ctx, word: append([]byte(nil), w...)}
}

var errStopped = errors.New("search stopped")

func (wk *worker) flush() {
	wk.s.nodes.Add(wk.count)
	wk.count = 0
}

// wins reports whether the builder, to move on wk.word, can force a
// repetition by length T.
func (wk *worker) wins(T, depth int) (bool, error) {
	n := len(wk.word)
	if n+1 > T {
		return false, nil
	}
	wk.count++
	if wk.count >= 4096 {
		wk.flush()
		if wk.ctx.Err() != nil {
			return false, errStopped
		}
	}
	for len(wk.fits) <= depth {
		wk.fits = append(wk.fits, nil)
		wk.order = append(wk.order, nil)
	}
	if n+1 == T {
		// A leaf of this iteration: the builder wins only with a position
		// where nothing fits. Cheaper than the table.
		fit := wk.f.FitAll(wk.word, wk.s.k, wk.s.rule, wk.fits[depth])
		wk.fits[depth] = fit
		for _, set := range fit {
			if set == 0 {
				return true, nil
			}
		}
		return false, nil
	}
	key, selfRev, exact := wk.s.key(wk.word, &wk.kbuf)
	if !exact {
		return false, ErrKeyTooLong
	}
	lo, hi, found := wk.s.tt.get(key)
	if found {
		if hi <= T {
			return true, nil
		}
		if lo > T {
			return false, nil
		}
	} else {
		lo, hi = n+1, 1<<15-1
	}
	fit := wk.f.FitAll(wk.word, wk.s.k, wk.s.rule, wk.fits[depth])
	wk.fits[depth] = fit
	order := wk.order[depth][:0]
	for i, set := range fit {
		if set == 0 {
			wk.s.tt.put(key, n+1, n+1)
			return true, nil
		}
		order = append(order, i)
	}
	// Fewest fitting symbols first; in a word equal to its reversal (up to
	// renaming) positions i and n-i are equivalent.
	if selfRev {
		order = order[:n/2+1]
	}
	wk.sorted = byFit(fit, order, wk.sorted)
	order = append(order[:0], wk.sorted...)
	if wk.salt != 0 && depth < 8 && len(order) > 1 {
		r := (wk.salt*5 + depth*3) % len(order)
		order = append(order[r:], order[:r]...)
	}
	wk.order[depth] = order
	for _, i := range order {
		ok, err := wk.positionWins(i, fit[i], T, depth)
		if err != nil {
			return false, err
		}
		if ok {
			wk.s.tt.put(key, lo, T)
			return true, nil
		}
	}
	wk.s.tt.put(key, T+1, hi)
	return false, nil
}

// positionWins reports whether every fitting symbol at position i leaves a
// word from which the builder still wins by T. (Trying the painter's
// symbols by their level-1 score instead of in order was measured to
// search more positions, not fewer.)
func (wk *worker) positionWins(i int, set uint32, T, depth int) (bool, error) {
	used := usedSymbols(wk.word)
	triedNew := false
	for set != 0 {
		c := bits.TrailingZeros32(set)
		set &= set - 1
		if used&(1<<c) == 0 {
			if triedNew {
				continue // unused symbols are interchangeable
			}
			triedNew = true
		}
		wk.insert(i, byte(c))
		ok, err := wk.wins(T, depth+1)
		wk.remove(i)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

func usedSymbols(w []byte) uint32 {
	var u uint32
	for _, c := range w {
		u |= 1 << c
	}
	return u
}

func (wk *worker) insert(i int, c byte) {
	wk.word = append(wk.word, 0)
	copy(wk.word[i+1:], wk.word[i:])
	wk.word[i] = c
}

func (wk *worker) remove(i int) {
	copy(wk.word[i:], wk.word[i+1:])
	wk.word = wk.word[:len(wk.word)-1]
}

// BuilderWins reports whether the builder, to move on w, can force a
// repetition by length T. With several workers it is a "lazy SMP" search:
// every worker searches the whole tree, all but the first in their own
// order near the root, sharing the table, so each finds much of its work
// already proven by the others; the first answer ends the search.
func (s *Solver) BuilderWins(ctx context.Context, w []byte, T int) (bool, error) {
	if len(w) > s.maxLen || T > s.maxLen+1 {
		return false, fmt.Errorf("%w: the solver keys words of up to %d symbols over %d letters", ErrKeyTooLong, s.maxLen, s.k)
	}
	if s.workers == 1 || len(w)+2 >= T {
		wk := s.newWorker(ctx, w)
		ok, err := wk.wins(T, 0)
		wk.flush()
		return ok, err
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		ok  bool
		err error
	}
	answers := make(chan answer, s.workers)
	for j := range s.workers {
		go func() {
			wk := s.newWorker(sctx, w)
			wk.salt = j
			ok, err := wk.wins(T, 0)
			wk.flush()
			answers <- answer{ok, err}
		}()
	}
	var first answer
	got := false
	for range s.workers {
		a := <-answers
		if !got && (a.err == nil || !errors.Is(a.err, errStopped)) {
			first, got = a, true
			cancel()
		}
	}
	if !got {
		return false, ctx.Err()
	}
	if first.err != nil && errors.Is(first.err, errStopped) {
		return false, ctx.Err()
	}
	return first.ok, first.err
}

// Result is the outcome of Value.
type Result struct {
	// Value is the exact game length under optimal play, when Exact.
	Value int
	Exact bool
	// LowerBound is proven when not Exact: the builder cannot force a
	// repetition before this length.
	LowerBound int
	Nodes      int64
	Elapsed    time.Duration
}

// Value finds the value of w (builder to move) by iterative deepening on the
// length, up to maxLength (0: until found or ctx ends). When the builder
// cannot force a repetition by maxLength, the result has LowerBound
// maxLength+1. When ctx ends, the result holds the lower bound proven so far
// together with ctx's error.
func (s *Solver) Value(ctx context.Context, w []byte, maxLength int) (Result, error) {
	start := time.Now()
	n0 := s.nodes.Load()
	res := Result{LowerBound: len(w) + 1}
	stop := s.progress(ctx, start)
	defer stop()
	for T := len(w) + 1; maxLength == 0 || T <= maxLength; T++ {
		if T > s.maxLen+1 {
			res.Nodes, res.Elapsed = s.nodes.Load()-n0, time.Since(start)
			return res, fmt.Errorf("%w: lengths up to %d over %d letters; use --max-length %d or less", ErrKeyTooLong, s.maxLen+1, s.k, s.maxLen+1)
		}
		s.current.Store(int64(T))
		ok, err := s.BuilderWins(ctx, w, T)
		if err != nil {
			res.Nodes, res.Elapsed = s.nodes.Load()-n0, time.Since(start)
			return res, err
		}
		if ok {
			res.Value, res.Exact = T, true
			break
		}
		res.LowerBound = T + 1
	}
	res.Nodes, res.Elapsed = s.nodes.Load()-n0, time.Since(start)
	return res, nil
}

func (s *Solver) progress(ctx context.Context, start time.Time) func() {
	if s.opt.Progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				capa, used := s.TableEntries()
				T := s.current.Load()
				s.opt.Progress(fmt.Sprintf("%s: value ≥ %d, searching length %d; %d positions, table %.1f%% of %d entries",
					time.Since(start).Round(time.Second), T, T, s.nodes.Load(), 100*float64(used)/float64(capa), capa))
			}
		}
	}()
	return func() { close(done) }
}

// BestPosition returns a position that keeps the builder's value v of w
// (v from Value), the first in the solver's order.
func (s *Solver) BestPosition(ctx context.Context, w []byte, v int) (int, error) {
	wk := s.newWorker(ctx, w)
	fit := wk.f.FitAll(w, s.k, s.rule, nil)
	order := make([]int, len(fit))
	for i := range order {
		order[i] = i
	}
	order = byFit(fit, order, nil)
	for _, i := range order {
		ok, err := wk.positionWins(i, fit[i], v, 0)
		wk.flush()
		if err != nil {
			return 0, err
		}
		if ok {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no position keeps the value %d", v)
}

// table is the transposition table: buckets of 4 entries, each holding the
// proven bounds [lo, hi] of a canonical word's value, guarded by striped locks.
type table struct {
	e     []entry
	mask  uint64
	locks [1024]sync.Mutex
	used  atomic.Int64
}

type entry struct {
	k0, k1 uint64
	lo, hi uint16
}

const bucket = 4

func newTable(mem int64) *table {
	n := uint64(1)
	for (n*2)*24 <= uint64(max(mem, 24*bucket*2)) {
		n *= 2
	}
	return &table{e: make([]entry, n), mask: n/bucket - 1}
}

func (t *table) slot(k [2]uint64) uint64 {
	h := k[0]*0x9e3779b97f4a7c15 ^ k[1]*0xbf58476d1ce4e5b9
	h ^= h >> 29
	return h & t.mask
}

func (t *table) get(k [2]uint64) (lo, hi int, ok bool) {
	b := t.slot(k)
	l := &t.locks[b&1023]
	l.Lock()
	defer l.Unlock()
	for j := b * bucket; j < b*bucket+bucket; j++ {
		e := &t.e[j]
		if e.hi != 0 && e.k0 == k[0] && e.k1 == k[1] {
			return int(e.lo), int(e.hi), true
		}
	}
	return 0, 0, false
}

// put stores bounds, tightening an existing entry; a new entry replaces an
// empty slot or else the longest word of the bucket (the cheapest to
// recompute).
func (t *table) put(k [2]uint64, lo, hi int) {
	b := t.slot(k)
	l := &t.locks[b&1023]
	l.Lock()
	defer l.Unlock()
	victim := -1
	var victimLen uint64
	for j := int(b * bucket); j < int(b*bucket+bucket); j++ {
		e := &t.e[j]
		if e.hi != 0 && e.k0 == k[0] && e.k1 == k[1] {
			e.lo = max(e.lo, uint16(lo))
			e.hi = min(e.hi, uint16(hi))
			return
		}
		if e.hi == 0 {
			if victim < 0 || victimLen != 1<<63 {
				victim, victimLen = j, 1<<63
			}
			continue
		}
		if l := e.k0 >> 57; victim < 0 || victimLen != 1<<63 && l > victimLen {
			victim, victimLen = j, l
		}
	}
	if t.e[victim].hi == 0 {
		t.used.Add(1)
	}
	t.e[victim] = entry{k0: k[0], k1: k[1], lo: uint16(lo), hi: uint16(hi)}
}
