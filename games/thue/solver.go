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
	"sync/atomic"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// The exact solver finds the value of a position: the final length of the
// word under optimal play, the builder minimising and the painter
// maximising. It decides "can the builder force a repetition by length T?"
// for T = n+1, n+2, ... (iterative deepening on the length), by depth-first
// AND/OR search with:
//   - a transposition table (solve.Table) keyed by the canonical word
//     (symbols renamed in order of appearance, the word or its reversal,
//     whichever is smaller), holding proven lower and upper bounds of the
//     value, so every iteration and every transposition reuses what earlier
//     ones proved; it grows with the search up to its memory bound, then
//     keeps the shorter words (the costlier to recompute);
//   - move ordering: positions with the fewest fitting symbols first (a
//     position where nothing fits ends the game at once);
//   - symmetry: of the symbols not yet in the word only one is tried, and
//     in a word equal to its own reversal only half the positions;
//   - both cores: a "lazy SMP" search sharing the table;
//   - a solve.Budget (context and node budget) and solve.Progress reports.

// ErrKeyTooLong is returned when a word is too long for the solver's exact keys.
var ErrKeyTooLong = errors.New("word too long for the solver's exact table keys")

// SolverOptions configure a Solver.
type SolverOptions struct {
	// MemBytes bounds the transposition table (0: a quarter of the RAM).
	// The table starts small and grows with the search up to the bound.
	MemBytes int64
	// Workers searching in parallel (0: one per CPU).
	Workers int
	// Nodes bounds the positions one call of Value searches (0: no bound).
	Nodes int64
	// Progress receives a report about once a second when not nil.
	Progress func(solve.Progress)
}

// bounds are the proven bounds [lo, hi] of a canonical word's value; n is
// the word's length (shorter words are worth more to keep).
type bounds struct {
	lo, hi uint16
	n      uint8
}

// Solver holds the transposition table of one game (alphabet and rule); it
// may be reused for many positions.
type Solver struct {
	k       int
	rule    Rule
	bits    int // bits per symbol in a key
	maxLen  int // longest word with an exact key
	tt      *solve.Table[[2]uint64, bounds]
	workers int
	nodes   atomic.Int64
	current atomic.Int64 // the length being searched, for progress reports
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
	tt := solve.NewTable[[2]uint64, bounds](hashKey, solve.TableOptions[bounds]{
		MaxBytes: mem,
		Worth:    func(e bounds) int64 { return -int64(e.n) },
	})
	return &Solver{k: k, rule: rule, bits: b, maxLen: 120 / b, tt: tt, workers: w, opt: opt}
}

func hashKey(k [2]uint64) uint64 { return game.HashMix(k[0], k[1]) }

// DefaultMem is a quarter of the machine's memory (1 GiB when unknown): the
// bound the solver's table may grow to when none is given.
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

// TableBytes returns the memory the transposition table takes now.
func (s *Solver) TableBytes() int64 { return s.tt.Bytes() }

// MaxLength returns the longest word the solver's exact keys hold.
func (s *Solver) MaxLength() int { return s.maxLen }

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
	b      *solve.Budget
	stop   *atomic.Bool // set when another worker answered first
	f      Fitter
	fits   [][]uint32
	order  [][]int
	kbuf   [2][]byte
	word   []byte
	count  int
	salt   int // worker number: workers other than 0 vary their order near the root
	sorted []int
}

func (s *Solver) newWorker(b *solve.Budget, w []byte) *worker {
	return &worker{s: s, b: b, word: append([]byte(nil), w...)}
}

// errStopped ends the workers of a parallel search once one has answered.
var errStopped = errors.New("search stopped")

// wins reports whether the builder, to move on wk.word, can force a
// repetition by length T.
func (wk *worker) wins(T, depth int) (bool, error) {
	n := len(wk.word)
	if n+1 > T {
		return false, nil
	}
	if err := wk.b.Step(); err != nil {
		return false, err
	}
	if wk.stop != nil {
		if wk.count++; wk.count&1023 == 0 && wk.stop.Load() {
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
	lo, hi := n+1, 1<<15-1
	if e, found := wk.s.tt.Get(key); found {
		if int(e.hi) <= T {
			return true, nil
		}
		if int(e.lo) > T {
			return false, nil
		}
		lo, hi = int(e.lo), int(e.hi)
	}
	fit := wk.f.FitAll(wk.word, wk.s.k, wk.s.rule, wk.fits[depth])
	wk.fits[depth] = fit
	order := wk.order[depth][:0]
	for i, set := range fit {
		if set == 0 {
			wk.s.tt.Put(key, bounds{uint16(n + 1), uint16(n + 1), uint8(n)})
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
			wk.s.tt.Put(key, bounds{uint16(lo), uint16(T), uint8(n)})
			return true, nil
		}
	}
	wk.s.tt.Put(key, bounds{uint16(T + 1), uint16(hi), uint8(n)})
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

// root decides the position at the root: the builder to move (gap < 0),
// or the painter to move at the chosen gap.
func (wk *worker) root(gap, T int) (bool, error) {
	if gap < 0 {
		return wk.wins(T, 0)
	}
	fit := wk.f.FitAll(wk.word, wk.s.k, wk.s.rule, nil)
	if fit[gap] == 0 {
		return true, nil // every symbol ends the game at once
	}
	return wk.positionWins(gap, fit[gap], T, 0)
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
// repetition by length T.
func (s *Solver) BuilderWins(ctx context.Context, w []byte, T int) (bool, error) {
	b := solve.NewBudget(ctx, s.opt.Nodes)
	defer func() { s.nodes.Add(b.Nodes()) }()
	return s.decide(b, w, -1, T)
}

// decide reports whether the builder can force a repetition by length T
// from w with the builder to move (gap < 0) or the painter to move at gap.
// With several workers it is a "lazy SMP" search: every worker searches the
// whole tree, all but the first in their own order near the root, sharing
// the table, so each finds much of its work already proven by the others;
// the first answer ends the search.
func (s *Solver) decide(b *solve.Budget, w []byte, gap, T int) (bool, error) {
	if len(w) > s.maxLen || T > s.maxLen+1 {
		return false, fmt.Errorf("%w: the solver keys words of up to %d symbols over %d letters", ErrKeyTooLong, s.maxLen, s.k)
	}
	if s.workers == 1 || len(w)+2 >= T {
		return s.newWorker(b, w).root(gap, T)
	}
	var stop atomic.Bool
	type answer struct {
		ok  bool
		err error
	}
	answers := make(chan answer, s.workers)
	for j := range s.workers {
		go func() {
			wk := s.newWorker(b, w)
			wk.salt, wk.stop = j, &stop
			ok, err := wk.root(gap, T)
			answers <- answer{ok, err}
		}()
	}
	var first answer
	got := false
	for range s.workers {
		a := <-answers
		if !got && !errors.Is(a.err, errStopped) {
			first, got = a, true
			stop.Store(true)
		}
	}
	return first.ok, first.err
}

// Length is the answer of Value.
type Length struct {
	// Value is the exact game length under optimal play, when Exact.
	Value int
	Exact bool
	// LowerBound is proven when not Exact: the builder cannot force a
	// repetition before this length.
	LowerBound int
	Nodes      int64
	Elapsed    time.Duration
}

// Value finds the value of w with the builder to move (gap < 0) or the
// painter to move at gap, by iterative deepening on the length up to
// maxLength (0: until found or the context or node budget ends). When the
// builder cannot force a repetition by maxLength, the result has
// LowerBound maxLength+1. When the search is stopped, the result holds the
// lower bound proven so far together with the error (see solve.Stopped).
func (s *Solver) Value(ctx context.Context, w []byte, gap, maxLength int) (Length, error) {
	start := time.Now()
	b := solve.NewBudget(ctx, s.opt.Nodes)
	res := Length{LowerBound: len(w) + 1}
	finish := func(err error) (Length, error) {
		res.Nodes, res.Elapsed = b.Nodes(), time.Since(start)
		s.nodes.Add(res.Nodes)
		return res, err
	}
	first := len(w) + 1
	if gap >= 0 {
		var f Fitter
		if f.FitAll(w, s.k, s.rule, nil)[gap] == 0 {
			res.Value, res.Exact = first, true // every symbol ends the game
			return finish(nil)
		}
		first++
		res.LowerBound = first
	}
	stop := s.progress(b, start)
	defer stop()
	for T := first; maxLength == 0 || T <= maxLength; T++ {
		if T > s.maxLen+1 {
			return finish(fmt.Errorf("%w: lengths up to %d over %d letters; use --max-length %d or less", ErrKeyTooLong, s.maxLen+1, s.k, s.maxLen+1))
		}
		s.current.Store(int64(T))
		ok, err := s.decide(b, w, gap, T)
		if err != nil {
			return finish(err)
		}
		if ok {
			res.Value, res.Exact = T, true
			break
		}
		res.LowerBound = T + 1
	}
	return finish(nil)
}

func (s *Solver) progress(b *solve.Budget, start time.Time) func() {
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
			case <-b.Context().Done():
				return
			case <-t.C:
				T := s.current.Load()
				s.opt.Progress(solve.Progress{Nodes: b.Nodes(), Elapsed: time.Since(start),
					Message: fmt.Sprintf("value ≥ %d, searching length %d; table %d MiB", T, T, s.tt.Bytes()>>20)})
			}
		}
	}()
	return func() { close(done) }
}

// BestPositions returns the positions that keep the builder's value v of w
// (v from Value), in the solver's order (fewest fitting symbols first).
func (s *Solver) BestPositions(ctx context.Context, w []byte, v int) ([]int, error) {
	b := solve.NewBudget(ctx, s.opt.Nodes)
	defer func() { s.nodes.Add(b.Nodes()) }()
	wk := s.newWorker(b, w)
	fit := wk.f.FitAll(w, s.k, s.rule, nil)
	order := make([]int, len(fit))
	for i := range order {
		order[i] = i
	}
	var best []int
	for _, i := range byFit(fit, order, nil) {
		ok, err := wk.positionWins(i, fit[i], v, 0)
		if err != nil {
			return best, err
		}
		if ok {
			best = append(best, i)
		}
	}
	if len(best) == 0 {
		return nil, fmt.Errorf("no position keeps the value %d", v)
	}
	return best, nil
}

// BestSymbols returns the painter's best symbols at gap of w: those after
// which the builder cannot force a repetition by length t, where t is the
// painter's value minus one (or the length searched when the value is
// beyond it). Where no symbol fits, every symbol ends the game at once and
// all are returned.
func (s *Solver) BestSymbols(ctx context.Context, w []byte, gap, t int) ([]int, error) {
	b := solve.NewBudget(ctx, s.opt.Nodes)
	defer func() { s.nodes.Add(b.Nodes()) }()
	var f Fitter
	set := f.FitAll(w, s.k, s.rule, nil)[gap]
	var best []int
	for c := 0; c < s.k; c++ {
		if set == 0 {
			best = append(best, c)
			continue
		}
		if set&(1<<c) == 0 {
			continue
		}
		child := append(append(append(make([]byte, 0, len(w)+1), w[:gap]...), byte(c)), w[gap:]...)
		ok := false
		if t >= len(child)+1 {
			var err error
			if ok, err = s.decide(b, child, -1, t); err != nil {
				return best, err
			}
		}
		if !ok {
			best = append(best, c)
		}
	}
	return best, nil
}
