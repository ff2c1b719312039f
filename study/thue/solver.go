package thue

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kombi/kombi/games/thue"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
)

// The exact solver finds the value of a position: the final length of the
// word under optimal play, the builder minimising and the painter
// maximising. It decides "can the builder force a repetition by length T?"
// for T = n+1, n+2, ... (iterative deepening on the length; with a bound L,
// from L-2 straight to L), by depth-first AND/OR search with:
//   - the fitting symbols of all gaps computed bit-parallel from one bit
//     mask per symbol (see masks.forbidden), the masks updated in place as
//     the search inserts and removes symbols; at the last length of an
//     iteration only "does some gap admit nothing?" is asked, and a
//     bit-sliced count rules out most gaps before any symbol is looked at;
//   - a transposition table (solve.Table) keyed by the canonical word
//     (symbols renamed in order of appearance, the word or its reversal,
//     whichever keys smaller; exact keys up to the length they fit, a
//     121-bit hash beyond, so any word is a position), holding proven lower
//     and upper bounds of the value, so every iteration and every
//     transposition reuses what earlier ones proved; it grows with the
//     search up to its memory bound, then keeps the shorter words (the
//     costlier to recompute);
//   - at the painter's nodes, the table read for every reply before any is
//     searched: a reply already proven to last answers at once, and the
//     replies proven to last longest come first (the surviving symbol);
//   - move ordering: positions with the fewest fitting symbols first (a
//     position where nothing fits ends the game at once);
//   - symmetry: of the symbols not yet in the word only one is tried, and
//     in a word equal to its own reversal only half the positions;
//   - all cores: "lazy SMP" workers sharing the table, each deferring the
//     positions another is searching (ABDADA; see decide);
//   - a solve.Budget (context and node budget) and solve.Progress reports.

// ErrTooLong is returned for a length beyond MaxSolveLength.
var ErrTooLong = errors.New("length beyond the solver's bound")

// MaxSolveLength is the longest word length the solver searches to (its
// table holds lengths in 16 bits).
const MaxSolveLength = 1<<15 - 2

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
	// Shared makes the table safe to share with siblings (Sibling) even
	// with one worker: it then takes locks.
	Shared bool
}

// worthOf ranks a table entry for replacement: the length its bound
// reaches beyond its word's (the depth of the search that proved it),
// then the positions that search took.
func worthOf(e bounds) int64 {
	d := int64(e.lo)
	if e.hi < 1<<15-1 {
		d = int64(e.hi)
	}
	return (d-int64(e.n))<<8 + int64(e.effort)
}

// bounds are the proven bounds [lo, hi] of a canonical word's value; n is
// the word's length (worthOf says which entries a full table keeps).
type bounds struct {
	lo, hi uint16
	n      uint8
	// effort is the bit length of the number of positions the search
	// that stored the entry searched below it (0 for proofs of others)
	effort uint8
}

// Solver holds the transposition table of one game (alphabet and rule); it
// may be reused for many positions.
type Solver struct {
	k       int
	rule    thue.Rule
	bits    int // bits per symbol in a key
	maxLen  int // longest word with an exact key
	tt      *solve.Table[[2]uint64, bounds]
	workers int
	counted atomic.Int64 // nodes searched, as the workers publish them
	current atomic.Int64 // the length being searched, for progress reports
	// line is worker 0's place in the search, for progress reports: per
	// builder level from the root, the moves refuted so far and the moves
	// to refute (done<<16 | total), of lineLen levels.
	line    [lineLevels]atomic.Uint32
	lineLen atomic.Int32
	proven  atomic.Int64 // the least length proven not forced, for progress reports
	// reportEvery is the period of progress reports (0: a second)
	reportEvery time.Duration
	// tableBytes is the table's size as worker 0 last saw it, for progress
	// reports (a single-threaded table is read only by its worker).
	tableBytes  atomic.Int64
	mu          sync.Mutex
	workerNodes []int64  // per worker, under mu
	busy        *busySet // with several workers
	opt         SolverOptions
	journal     *journal // when not nil, what searches prove is noted there too (shared by siblings)
}

// NewSolver returns a solver for k symbols and the rule.
func NewSolver(k int, rule thue.Rule, opt SolverOptions) *Solver {
	mem := opt.MemBytes
	if mem <= 0 {
		mem = DefaultMem()
	}
	w := opt.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	b := max(bits.Len(uint(k-1)), 1) // (an alphabet of fewer than 2 symbols: Value says so)
	tt := solve.NewTable[[2]uint64, bounds](hashKey, solve.TableOptions[bounds]{
		MaxBytes: mem,
		Worth:    worthOf,
		// One worker: no locks (progress reports read the size it
		// publishes, see worker.wins).
		SingleThreaded: w == 1 && !opt.Shared,
	})
	sv := &Solver{k: k, rule: rule, bits: b, maxLen: 120 / b, tt: tt, workers: w, opt: opt}
	if w > 1 || opt.Shared {
		sv.busy = newBusySet()
	}
	return sv
}

// known returns the bounds the table holds on w's value (the builder to
// move), as distribute.Bounds.
func (s *Solver) known(w []byte) (distribute.Bounds, bool) {
	e, ok := s.tt.Get(s.tableKey(w))
	if !ok {
		return distribute.Any, false
	}
	b := distribute.Bounds{Lo: int64(e.lo), Hi: int64(e.hi)}
	if e.hi >= 1<<15-1 {
		b.Hi = distribute.NoUpper
	}
	return b, true
}

// tableKey returns the key the search stores w under (see worker.key).
func (s *Solver) tableKey(w []byte) [2]uint64 {
	if len(w) <= MaxMaskLength {
		var ms masks
		ms.set(w, s.k)
		if k, _, ok := ms.key(); ok {
			return k
		}
	}
	var buf []byte
	k, _ := s.key(w, &buf)
	return k
}

// Sibling returns a solver of the same game sharing s's table and its set
// of positions being searched, so that searches of both at once split
// their work as the workers of one search do (ABDADA) and each finds what
// the other proved. s must be made with SolverOptions.Shared (or several
// workers). Each has its own counts and progress.
func (s *Solver) Sibling() *Solver {
	if s.busy == nil {
		panic("thue: Sibling of a solver whose table is not shared")
	}
	return &Solver{k: s.k, rule: s.rule, bits: s.bits, maxLen: s.maxLen, tt: s.tt, workers: s.workers, busy: s.busy, opt: s.opt, journal: s.journal}
}

func hashKey(k [2]uint64) uint64 { return game.HashMix(k[0], k[1]) }

// DefaultMem is the bound the solver's table may grow to when none is
// given (solve.DefaultMem: a quarter of the machine's memory).
func DefaultMem() int64 { return solve.DefaultMem() }

// addWorkerNodes counts nodes searched by worker j.
func (s *Solver) addWorkerNodes(j int, nodes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.workerNodes) <= j {
		s.workerNodes = append(s.workerNodes, 0)
	}
	s.workerNodes[j] += nodes
}

// WorkerNodes returns the nodes each worker has searched so far (with one
// worker, or in searches too short to share, worker 0 does all).
func (s *Solver) WorkerNodes() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int64(nil), s.workerNodes...)
}

// Nodes returns the number of positions searched so far.
func (s *Solver) Nodes() int64 { return s.counted.Load() }

// TableBytes returns the memory the transposition table takes now.
func (s *Solver) TableBytes() int64 { return s.tt.Bytes() }

// MaxLength returns the longest word the solver's exact keys hold.
func (s *Solver) MaxLength() int { return s.maxLen }

// key returns the table key of w's canonical form: w with its symbols
// renamed in order of first appearance, read forwards or backwards,
// whichever packs smaller. Up to maxLen symbols the key is exact: the
// renamed symbols packed at s.bits bits each, the length in the top 7
// bits. Longer words (any length: a position given by the user) get a
// 121-bit hash of the canonical word with length field 127 instead, so
// they never meet an exact key. selfRev reports whether w equals its own
// reversal up to renaming.
func (s *Solver) key(w []byte, buf *[]byte) (k [2]uint64, selfRev bool) {
	n := len(w)
	if n > s.maxLen {
		return s.hashedKey(w, buf)
	}
	var namesF, namesR [thue.MaxAlphabet]byte
	var nextF, nextR byte = 1, 1
	var f, r [2]uint64
	selfRev = true
	for j := 0; j < n; j++ {
		c, d := w[j], w[n-1-j]
		if namesF[c] == 0 {
			namesF[c] = nextF
			nextF++
		}
		if namesR[d] == 0 {
			namesR[d] = nextR
			nextR++
		}
		x, y := uint64(namesF[c]-1), uint64(namesR[d]-1)
		if x != y {
			selfRev = false
		}
		bit := j * s.bits
		if bit < 64 {
			f[1] |= x << bit
			r[1] |= y << bit
			if bit+s.bits > 64 {
				f[0] |= x >> (64 - bit)
				r[0] |= y >> (64 - bit)
			}
		} else {
			f[0] |= x << (bit - 64)
			r[0] |= y << (bit - 64)
		}
	}
	if r[0] < f[0] || r[0] == f[0] && r[1] < f[1] {
		f = r
	}
	f[0] |= uint64(n) << 57
	return f, selfRev
}

// hashedKey is key for words longer than maxLen.
func (s *Solver) hashedKey(w []byte, buf *[]byte) (k [2]uint64, selfRev bool) {
	n := len(w)
	c, _, b := thue.Canonical(w, -1, *buf)
	*buf = b
	selfRev = true
	for j := 0; j < n; j++ {
		if b[j] != b[n+j] {
			selfRev = false
			break
		}
	}
	h0, h1 := game.HashMix(0, uint64(n)), game.HashMix(0x5bd1e9955bd1e995, uint64(n))
	var chunk uint64
	for j, x := range c {
		chunk = chunk<<s.bits | uint64(x)
		if (j+1)%(60/s.bits) == 0 || j == n-1 {
			h0, h1 = game.HashMix(h0, chunk), game.HashMix(h1^0x2545f4914f6cdd1d, chunk)
			chunk = 0
		}
	}
	return [2]uint64{127<<57 | h0>>7, h1}, selfRev
}

// byFit appends to dst the positions of order sorted by their number of
// fitting symbols, fewest first, keeping the order of equals (a counting
// sort: at most 33 counts).
func byFit(fit []uint32, order, dst []int) []int {
	var count [thue.MaxAlphabet + 2]int
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
	s     *Solver
	b     *solve.Budget
	stop  *atomic.Bool // set when another worker answered first
	word  []byte
	ms    masks // the word's symbol masks, while it has at most MaxMaskLength symbols
	forb  [thue.MaxAlphabet]uint64
	sc    scratch
	f     thue.Fitter // for longer words
	fits  [][]uint32
	order [][]int
	// deferred holds, per depth, the gaps left for a second pass
	// because another worker was searching their replies.
	deferred  [][]int
	kbuf      []byte
	nodes     int64 // this worker's nodes
	published int64 // of which added to the solver's count
	limited   bool  // a node budget: every node counts in it at once
	id        int   // worker number (worker 0 publishes the table's size)
	sorted    []int
}

func (s *Solver) newWorker(b *solve.Budget, w []byte) *worker {
	wk := &worker{s: s, b: b, word: append(make([]byte, 0, len(w)+32), w...), limited: s.opt.Nodes > 0}
	if len(w) <= MaxMaskLength {
		wk.ms.set(w, s.k)
	}
	return wk
}

// step counts a node. Without a node budget the count stays in the worker
// (a counter shared by the workers and touched at every node would move
// between the cores' caches at every node) and is published every 1024
// nodes, when the context and the other workers are checked too.
func (wk *worker) step() error {
	wk.nodes++
	if wk.limited {
		if err := wk.b.Step(); err != nil {
			return err
		}
	}
	if wk.nodes&1023 == 0 {
		wk.flush()
		if wk.stop != nil && wk.stop.Load() {
			return errStopped
		}
		if wk.id == 0 {
			wk.s.tableBytes.Store(wk.s.tt.Bytes())
		}
		return wk.b.Err()
	}
	return nil
}

// flush adds the worker's unpublished nodes to the solver's count.
func (wk *worker) flush() {
	wk.s.counted.Add(wk.nodes - wk.published)
	wk.published = wk.nodes
}

// fitAt returns the fitting symbols of every gap of the word, in the
// buffer of the given depth, or dead when some gap admits no symbol.
func (wk *worker) fitAt(depth int) (fit []uint32, dead bool) {
	for len(wk.fits) <= depth {
		wk.fits = append(wk.fits, nil)
		wk.order = append(wk.order, nil)
		wk.deferred = append(wk.deferred, nil)
	}
	if len(wk.word) <= MaxMaskLength {
		if wk.ms.forbidden(wk.s.rule, &wk.forb, &wk.sc, false) != 0 {
			return nil, true
		}
		fit = wk.ms.fitSets(&wk.forb, wk.fits[depth])
	} else {
		fit = wk.f.FitAll(wk.word, wk.s.k, wk.s.rule, wk.fits[depth])
		for _, set := range fit {
			if set == 0 {
				wk.fits[depth] = fit
				return nil, true
			}
		}
	}
	wk.fits[depth] = fit
	return fit, false
}

// dead reports whether some gap of the word admits no symbol.
func (wk *worker) dead() bool {
	if len(wk.word) <= MaxMaskLength {
		return wk.ms.forbidden(wk.s.rule, &wk.forb, &wk.sc, true) != 0
	}
	_, d := wk.fitAt(0)
	return d
}

// busySet marks the positions that workers are searching right now, so
// that another worker defers them and searches something else meanwhile
// (as in ABDADA): by the time it comes back, the table usually holds the
// answer. It is lossy (one slot per hash; a collision only changes an
// order) and lock-free.
type busySet struct {
	slots []atomic.Uint64
}

func newBusySet() *busySet { return &busySet{slots: make([]atomic.Uint64, 1<<14)} }

func (b *busySet) slot(h uint64) *atomic.Uint64 { return &b.slots[h&uint64(len(b.slots)-1)] }

// enter marks h busy and reports whether it did (the slot was free).
func (b *busySet) enter(h uint64) bool { return b.slot(h).CompareAndSwap(0, h) }

func (b *busySet) leave(h uint64) { b.slot(h).CompareAndSwap(h, 0) }

func (b *busySet) has(h uint64) bool { return b.slot(h).Load() == h }

// busyHash is the busy set's hash of a key (never 0).
func busyHash(k [2]uint64) uint64 { return hashKey(k) | 1 }

// busyDepth is the least number of lengths left before T at which the
// workers mark and defer positions: below it a position is cheaper to
// search twice than to coordinate. (Squares with 5 symbols to length 18,
// 16 workers on 16 cores, 3 runs each: from 4 lengths 1.12-1.13 times one
// worker's positions in 1.93-2.06 s, from 3 1.06, from 2 1.030-1.033 in
// 1.86-2.01 s; with GOMAXPROCS=16 on 2 cores 1.005-1.023 from 2.)
const busyDepth = 2

// errStopped ends the workers of a parallel search once one has answered.
var errStopped = errors.New("search stopped")

// wins reports whether the builder, to move on wk.word, can force a
// repetition by length T.
func (wk *worker) wins(T, depth int) (bool, error) {
	return wk.winsKeyed(T, depth, nil)
}

// nodeKey is a word's table key, whether the word equals its reversal,
// and, when probed, what the table held.
type nodeKey struct {
	key     [2]uint64
	selfRev bool
	probed  bool
	found   bool
	entry   bounds
}

// lower is the lower bound of the value the table held (0 if none).
func (k *nodeKey) lower() int {
	if !k.found {
		return 0
	}
	return int(k.entry.lo)
}

// key returns the table key of the word.
func (wk *worker) key() nodeKey {
	if len(wk.word) <= MaxMaskLength {
		if k, self, ok := wk.ms.key(); ok {
			return nodeKey{key: k, selfRev: self}
		}
	}
	k, self := wk.s.key(wk.word, &wk.kbuf)
	return nodeKey{key: k, selfRev: self}
}

// winsKeyed is wins with the word's key when the caller has it.
func (wk *worker) winsKeyed(T, depth int, nk *nodeKey) (bool, error) {
	n := len(wk.word)
	if n+1 > T {
		return false, nil
	}
	if err := wk.step(); err != nil {
		return false, err
	}
	if n+1 == T {
		// A leaf of this iteration: the builder wins only with a position
		// where nothing fits. Cheaper than the table.
		return wk.dead(), nil
	}
	start := wk.nodes
	var k nodeKey
	if nk != nil {
		k = *nk
	} else {
		k = wk.key()
	}
	lo, hi := n+1, 1<<15-1
	e, found := k.entry, k.found
	if !k.probed {
		e, found = wk.s.tt.Get(k.key)
	}
	if found {
		if int(e.hi) <= T {
			return true, nil
		}
		if int(e.lo) > T {
			return false, nil
		}
		lo, hi = int(e.lo), int(e.hi)
	}
	fit, dead := wk.fitAt(depth)
	if dead {
		wk.store(k.key, n+1, n+1, T, start)
		return true, nil
	}
	order := wk.order[depth][:0]
	for i := range fit {
		order = append(order, i)
	}
	// Fewest fitting symbols first; in a word equal to its reversal (up to
	// renaming) positions i and n-i are equivalent.
	if k.selfRev {
		order = order[:n/2+1]
	}
	wk.sorted = byFit(fit, order, wk.sorted)
	order = append(order[:0], wk.sorted...)
	wk.order[depth] = order
	wk.track(depth, 0, len(order))
	refuted := 0
	share := wk.s.busy != nil && T-n >= busyDepth
	if share {
		// Others defer this position while this worker searches it.
		if h := busyHash(k.key); wk.s.busy.enter(h) {
			defer wk.s.busy.leave(h)
		}
	}
	// The first gap always (young brothers wait: every worker that gets
	// here searches it, and they split its subtree by deferring deeper:
	// deferring it too sent workers to gaps its answer makes needless),
	// then the gaps whose painter replies no other worker is searching,
	// then the deferred ones: again those no longer searched by another
	// (their answers are in the table by now, or they were given up),
	// and only when every one left is still being searched, the first of
	// them (helping the worker on it: the two split its subtree).
	deferred := wk.deferred[depth][:0]
	for idx, i := range order {
		ok, later, err := wk.positionWins(i, fit[i], T, depth, share && idx > 0)
		if err != nil {
			return false, err
		}
		if later {
			deferred = append(deferred, i)
			wk.deferred[depth] = deferred
			continue
		}
		if ok {
			wk.store(k.key, lo, T, T, start)
			return true, nil
		}
		refuted++
		wk.track(depth, refuted, len(order))
	}
	for len(deferred) > 0 {
		left := deferred[:0]
		for _, i := range deferred {
			ok, later, err := wk.positionWins(i, fit[i], T, depth, true)
			if err != nil {
				return false, err
			}
			if later {
				left = append(left, i)
				continue
			}
			if ok {
				wk.store(k.key, lo, T, T, start)
				return true, nil
			}
			refuted++
			wk.track(depth, refuted, len(order))
		}
		if len(left) == len(deferred) {
			ok, _, err := wk.positionWins(left[0], fit[left[0]], T, depth, false)
			if err != nil {
				return false, err
			}
			if ok {
				wk.store(k.key, lo, T, T, start)
				return true, nil
			}
			refuted++
			wk.track(depth, refuted, len(order))
			left = left[1:]
		}
		deferred = left
	}
	wk.store(k.key, T+1, hi, T, start)
	return false, nil
}

// store puts what the search of length T proved about the word, its value
// in [lo, hi], in the table (with the word's length and the effort of the
// search, begun when the worker had searched start positions), and in the
// solver's journal when it keeps one (see journal).
func (wk *worker) store(key [2]uint64, lo, hi, T int, start int64) {
	b := bounds{lo: uint16(lo), hi: uint16(hi), n: uint8(min(len(wk.word), 255)), effort: uint8(bits.Len64(uint64(wk.nodes - start)))}
	wk.s.tt.Put(key, b)
	if j := wk.s.journal; j != nil && j.notes(int(b.n), T) {
		j.add(key, b)
	}
}

// positionWins reports whether every fitting symbol at position i leaves a
// word from which the builder still wins by T. Where the children are
// inner nodes, their table entries are read first: one that shows the
// painter survives answers at once (an "enhanced transposition cutoff").
// With mayDefer, it returns later = true instead of searching when every
// reply is being searched by another worker.
func (wk *worker) positionWins(i int, set uint32, T, depth int, mayDefer bool) (ok, later bool, err error) {
	n := len(wk.word)
	used := thue.UsedSymbols(wk.word)
	var cands [thue.MaxAlphabet]byte
	nc := 0
	triedNew := false
	for ; set != 0; set &= set - 1 {
		c := bits.TrailingZeros32(set)
		if used&(1<<c) == 0 {
			if triedNew {
				continue // unused symbols are interchangeable
			}
			triedNew = true
		}
		cands[nc] = byte(c)
		nc++
	}
	var keys [thue.MaxAlphabet]nodeKey
	keyed := n+2 < T
	if keyed {
		for j := 0; j < nc; j++ {
			wk.insert(i, cands[j])
			keys[j] = wk.key()
			wk.remove(i)
			e, found := wk.s.tt.Get(keys[j].key)
			if found && int(e.lo) > T {
				return false, false, nil
			}
			keys[j].probed, keys[j].found, keys[j].entry = true, found, e
		}
		// The surviving symbol first: a child proven to last longer (from
		// an earlier, shorter search) before one proven to last less.
		for a := 1; a < nc; a++ {
			for b := a; b > 0 && keys[b].lower() > keys[b-1].lower(); b-- {
				keys[b], keys[b-1] = keys[b-1], keys[b]
				cands[b], cands[b-1] = cands[b-1], cands[b]
			}
		}
		// The first reply not yet proven to lose for the painter: when
		// another worker is searching it (trying another would leave the
		// proof its shared shape), later.
		first := 0
		for first < nc-1 && keys[first].found && int(keys[first].entry.hi) <= T {
			first++
		}
		if mayDefer && wk.s.busy != nil && T-n-1 >= busyDepth && wk.s.busy.has(busyHash(keys[first].key)) {
			return false, true, nil
		}
	}
	if n+2 == T && n+1 <= MaxMaskLength {
		// The children are leaves: only their masks are needed.
		for idx := 0; idx < nc; idx++ {
			if err := wk.step(); err != nil {
				return false, false, err
			}
			wk.ms.insert(i, cands[idx])
			dead := wk.ms.forbidden(wk.s.rule, &wk.forb, &wk.sc, true) != 0
			wk.ms.remove(i)
			if !dead {
				return false, false, nil
			}
		}
		return true, false, nil
	}
	for idx := 0; idx < nc; idx++ {
		c := cands[idx]
		wk.insert(i, c)
		var nk *nodeKey
		if keyed {
			nk = &keys[idx]
		}
		ok, err := wk.winsKeyed(T, depth+1, nk)
		wk.remove(i)
		if err != nil || !ok {
			return false, false, err
		}
	}
	return true, false, nil
}

// root decides the position at the root: the builder to move (gap < 0),
// or the painter to move at the chosen gap.
func (wk *worker) root(gap, T int) (bool, error) {
	if wk.id == 0 {
		wk.s.lineLen.Store(0)
	}
	if gap < 0 {
		return wk.wins(T, 0)
	}
	wk.track(0, 0, 1) // the painter's reply, then the builder's moves at level 1
	fit := wk.f.FitAll(wk.word, wk.s.k, wk.s.rule, nil)
	if fit[gap] == 0 {
		return true, nil // every symbol ends the game at once
	}
	ok, _, err := wk.positionWins(gap, fit[gap], T, 0, false)
	return ok, err
}

// lineLevels is how many builder levels from the root the progress
// reports show.
const lineLevels = 8

// track notes, for the progress reports, that worker 0 has refuted done of
// the total moves of the builder's position at depth (the levels below it
// are left: its next move starts afresh).
func (wk *worker) track(depth, done, total int) {
	if wk.id != 0 || depth >= lineLevels || wk.s.opt.Progress == nil {
		return
	}
	wk.s.line[depth].Store(uint32(min(done, 1<<16-1))<<16 | uint32(min(total, 1<<16-1)))
	wk.s.lineLen.Store(int32(depth + 1))
}

// lineText writes worker 0's place in the search as the progress reports
// show it: per builder level from the root, the moves refuted of those to
// refute ("0/1 1/2 3/5"); "" before the search has one.
func (s *Solver) lineText() string {
	var b strings.Builder
	for d := range int(s.lineLen.Load()) {
		v := s.line[d].Load()
		if d > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d/%d", v>>16, v&(1<<16-1))
	}
	return b.String()
}

// insert inserts c at position i of the word, and remove takes it out
// again; both keep the masks up to date while the word is short enough.
func (wk *worker) insert(i int, c byte) {
	wk.word = append(wk.word, 0)
	copy(wk.word[i+1:], wk.word[i:])
	wk.word[i] = c
	if len(wk.word) <= MaxMaskLength {
		wk.ms.insert(i, c)
	}
}

func (wk *worker) remove(i int) {
	copy(wk.word[i:], wk.word[i+1:])
	wk.word = wk.word[:len(wk.word)-1]
	switch n := len(wk.word); {
	case n < MaxMaskLength:
		wk.ms.remove(i)
	case n == MaxMaskLength:
		wk.ms.set(wk.word, wk.s.k)
	}
}

// BuilderWins reports whether the builder, to move on w, can force a
// repetition by length T.
func (s *Solver) BuilderWins(ctx context.Context, w []byte, T int) (bool, error) {
	return s.decide(solve.NewBudget(ctx, s.opt.Nodes), w, -1, T)
}

// decide reports whether the builder can force a repetition by length T
// from w with the builder to move (gap < 0) or the painter to move at gap.
// With several workers it is a "lazy SMP" search: every worker searches the
// whole tree in the same order, sharing the table, and defers the gaps
// whose first unproven reply another worker is searching (ABDADA), so the
// workers spread over the gaps and each finds much of its work already
// proven by the others; the first answer ends the search. (Workers that
// searched in orders of their own near the root, as before, searched
// 1.15–1.22 times the positions of one worker with 16 workers, squares
// with 5 symbols to length 18; in one order, deferring the first unproven
// reply and coming back first to the deferred gaps no longer searched,
// 1.02–1.07 times; never deferring a position's first gap, 1.008–1.022.)
func (s *Solver) decide(b *solve.Budget, w []byte, gap, T int) (bool, error) {
	if T > MaxSolveLength {
		return false, fmt.Errorf("%w: lengths up to %d", ErrTooLong, MaxSolveLength)
	}
	if s.workers == 1 || len(w)+2 >= T {
		wk := s.newWorker(b, w)
		ok, err := wk.root(gap, T)
		wk.flush()
		s.addWorkerNodes(0, wk.nodes)
		return ok, err
	}
	var stop atomic.Bool
	type answer struct {
		worker int
		ok     bool
		err    error
		nodes  int64
	}
	answers := make(chan answer, s.workers)
	for j := range s.workers {
		go func() {
			wk := s.newWorker(b, w)
			wk.id, wk.stop = j, &stop
			ok, err := wk.root(gap, T)
			wk.flush()
			answers <- answer{j, ok, err, wk.nodes}
		}()
	}
	var first answer
	got := false
	for range s.workers {
		a := <-answers
		s.addWorkerNodes(a.worker, a.nodes)
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
	before := s.counted.Load()
	stop := s.progress(b, start, before)
	defer stop()
	// What the progress reports say is proven: the lengths decided so
	// far (not the one searched: with a bound the deepening skips one).
	s.proven.Store(int64(len(w) + 1))
	res, err := deepen(w, gap, maxLength, s.k, s.rule, func(T int) (bool, error) {
		s.current.Store(int64(T))
		ok, err := s.decide(b, w, gap, T)
		if err == nil && !ok && int64(T+1) > s.proven.Load() {
			s.proven.Store(int64(T + 1))
		}
		return ok, err
	})
	res.Nodes, res.Elapsed = s.counted.Load()-before, time.Since(start)
	return res, err
}

// checkPosition says what is wrong with a position given to Value: an
// alphabet or rule the game has not, a symbol outside the alphabet, a word
// that already holds a repetition (the game is over), a gap outside the
// word, a negative bound.
func checkPosition(w []byte, gap, maxLength, k int, rule thue.Rule) error {
	switch {
	case k < 2 || k > thue.MaxAlphabet:
		return fmt.Errorf("alphabet %d: allowed 2 to %d", k, thue.MaxAlphabet)
	case rule != thue.Square && rule != thue.Overlap:
		return fmt.Errorf("rule %d: want thue.Square or thue.Overlap", rule)
	case gap < -1 || gap > len(w):
		return fmt.Errorf("gap %d: want -1 (the builder to move) or a gap of the word, 0 to %d", gap, len(w))
	case maxLength < 0:
		return fmt.Errorf("maximum length %d: want 0 (no bound) or a length", maxLength)
	}
	for i, c := range w {
		if int(c) >= k {
			return fmt.Errorf("symbol %d at index %d of the word: the alphabet is 0 to %d", c, i, k-1)
		}
	}
	if r, ok := thue.FindRepetition(w, rule); ok {
		return fmt.Errorf("the word already holds %s at indexes %d to %d: the game is over", rule.Article(), r.Start, r.Start+r.Length-1)
	}
	return nil
}

// deepen is Value's iteration on the length, given decide(T): whether the
// builder can force a repetition by length T from w (the builder to move,
// gap < 0, or the painter at gap). Its result lacks Nodes and Elapsed.
func deepen(w []byte, gap, maxLength, k int, rule thue.Rule, decide func(T int) (bool, error)) (Length, error) {
	if err := checkPosition(w, gap, maxLength, k, rule); err != nil {
		return Length{}, err
	}
	res := Length{LowerBound: len(w) + 1}
	first := len(w) + 1
	if gap >= 0 {
		var f thue.Fitter
		if f.FitAll(w, k, rule, nil)[gap] == 0 {
			res.Value, res.Exact = first, true // every symbol ends the game
			return res, nil
		}
		first++
		res.LowerBound = first
	}
	// Iterative deepening on the length, except that with a bound L the
	// search skips from L-2 to L: each length costs about four times the
	// one before, and proving "longer than L" needs only L (the table's
	// proofs from L-2 and below still serve). If the builder wins by L,
	// L-1 decides between the two.
	T := first
	for maxLength == 0 || T <= maxLength {
		if T > MaxSolveLength {
			return res, fmt.Errorf("%w: lengths up to %d; give a maximum length of %d or less (kombi solve --max-length)", ErrTooLong, MaxSolveLength, MaxSolveLength)
		}
		if T == maxLength-1 {
			ok, err := decide(maxLength)
			if err != nil {
				return res, err
			}
			if !ok {
				res.LowerBound = maxLength + 1
				break
			}
		}
		ok, err := decide(T)
		if err != nil {
			return res, err
		}
		if ok {
			res.Value, res.Exact = T, true
			break
		}
		res.LowerBound = T + 1
		if T == maxLength-1 {
			res.Value, res.Exact = maxLength, true // the builder wins by L, not by L-1
			break
		}
		T++
	}
	return res, nil
}

func (s *Solver) progress(b *solve.Budget, start time.Time, before int64) func() {
	if s.opt.Progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(cmp.Or(s.reportEvery, time.Second))
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-b.Context().Done():
				return
			case <-t.C:
				msg := fmt.Sprintf("value ≥ %d, searching length %d", s.proven.Load(), s.current.Load())
				if line := s.lineText(); line != "" {
					msg += "; refuted: " + line
				}
				msg += fmt.Sprintf("; table %d MiB", s.tableBytes.Load()>>20)
				s.opt.Progress(solve.Progress{Nodes: s.counted.Load() - before, Elapsed: time.Since(start), Message: msg})
			}
		}
	}()
	return func() { close(done) }
}

// BestPositions returns the positions that keep the builder's value v of w
// (v from Value), in the solver's order (fewest fitting symbols first).
func (s *Solver) BestPositions(ctx context.Context, w []byte, v int) ([]int, error) {
	wk := s.newWorker(solve.NewBudget(ctx, s.opt.Nodes), w)
	defer wk.flush()
	fit := wk.f.FitAll(w, s.k, s.rule, nil)
	order := make([]int, len(fit))
	for i := range order {
		order[i] = i
	}
	var best []int
	for _, i := range byFit(fit, order, nil) {
		ok, _, err := wk.positionWins(i, fit[i], v, 0, false)
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
	var f thue.Fitter
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
