package vdwlist

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Solver computes exactly the probability that player 1 wins under optimal
// play by both players.
//
// Values are exact fractions: a position whose player 1 can still name r
// relevant numbers has a value that is a multiple of 1/N^r, where N = C(c,l)
// is the number of lists. The table stores each position's exact value as
// an integer over its own N^r, so one table serves any root
// position and any game length s of the same k, c and l. A search from a
// root with R relevant uncoloured numbers works with numerators over
// D = N^R in int64 (the fast path) while N^(R+1) ≤ 2^58; beyond, the top of
// the search, where N^r is that large, adds exact math/big fractions and
// hands every position small enough back to the fast path (see bigsearch.go),
// so there is no bound on the fractions: the bounds are time and memory.
//
// The search is an expectiminimax over the rounds (player 1 maximises the
// winning chance over the numbers; each list is drawn with probability 1/N;
// player 2 minimises over the list's colours), with these exact reductions:
//
//   - A progression is live while its coloured numbers have one colour at
//     most. A live progression of colour col through a number that would
//     complete another progression of colour col is redundant: it can only
//     become monochromatic after that one, so it never changes the outcome.
//     A number in no live, non-redundant progression is irrelevant: player 1
//     names only relevant numbers, and a position without a relevant
//     uncoloured number is lost for player 1.
//   - When the live progressions fall into groups that share no uncoloured
//     number, the groups are independent games and player 1 wins with
//     probability 1 − Π(1 − vᵢ) (see split).
//   - The value depends only on the relevant numbers: the position is cut to
//     them, moved to start at 0 and divided by the greatest common divisor of
//     their distances (progressions inside a set map to progressions inside
//     its translate and its dilate), then its colours are renamed in the
//     order they appear and the smaller of it and its reflection i ↦ −i is the
//     key (see key.go). Positions with equal keys have equal values; keys are
//     exact (no hashing collisions) and memoised in a solve.Table of bounded
//     memory that, once full, keeps the entries of the largest subtrees.
//   - A colour that completes a progression through the named number wins at
//     once for player 1; a number whose every colour does so wins with
//     certainty.
//   - With l = 1 player 2 has no choice and every number gets an independent
//     uniform colour, so player 1 wins exactly when the full random colouring
//     holds a monochromatic progression, whatever the order: the solver lets
//     player 1 name just one (the most constrained) number.
//   - Every value is exact (an expectimax with the table, see position):
//     alpha-beta and *-minimax windows leave bounds that are searched again
//     and visited a third more positions. What pruning there is keeps the
//     table exact: a draw stops once it cannot beat player 1's best number
//     so far (its value is not stored), and player 2's colour is not
//     searched when every list with it has a colour worth 0 to player 1.
//
// Several workers (SetWorkers; by default one per core) search the same
// root together through the shared table, in the manner of ABDADA: a
// worker that finds a later move's position being searched by another
// defers it and searches the next, coming back to it at the end (usually
// to find it in the table).
//
// A Solver is used by one goroutine at a time.
type Solver struct {
	g      *vdwlist.Game
	nLists int64
	// pow[i] = N^i while N^(i+1) ≤ 2^58: the fast path's denominators
	pow []int64
	// bigPow[i] = N^i, made as the big path needs them
	bigPow []*big.Int
	// the tables: positions whose key fits 64 bits (see key.go), the
	// others, and the exact values of positions beyond the fast path
	tt       *solve.Table[uint64, memoEntry]
	midTT    *solve.Table[uint64, memoEntry]
	wide     *solve.Table[wideKey, memoEntry]
	mid      midCoder // the mid keys (see key.go)
	bigTT    *solve.Table[wideKey, *big.Int]
	memBytes int64
	single   bool // tt and wide were made for one worker
	locked   bool // tt and wide take locks even for one worker (SetCheckpointed)
	workers  int
	maxNodes int64
	// boundsTime is the time Solve may spend on bounds after a search cut
	// short (solve.Options.BoundsTime: 0 the default, negative none).
	boundsTime time.Duration
	nodes      atomic.Int64
	searched   atomic.Int64 // positions searched: not found in the table
	stop       atomic.Bool  // a worker has the root's value: the others stop
	busy       []atomic.Int32
	// workerNodes: the last search's positions, by worker
	workerNodes []int64
	// the root position's best move found and its proven value (a lower
	// bound), for a search that is cut short
	rootMove int
	rootLo   *big.Rat
	// progress
	progress   func(solve.Progress)
	start      time.Time
	nextReport time.Time
}

// DefaultMemBytes is the memory bound of a solver's tables when none is
// given to NewSolver, where the machine's memory is not known (else a
// quarter of it: solve.DefaultMem). The tables grow only as they fill: a
// bound too small for a long search makes it replace entries and search
// them again (s = 16 with 3 colours and lists of 2 stores 17M positions:
// 512 MiB, this bound until now, made it search 284M positions, against
// 219M with room).
const DefaultMemBytes = 512 << 20

// maxFast bounds the fast path's numerators: N^(R+1) ≤ maxFast for a root
// with R relevant numbers, so that table entries keep a value and the size
// of its subtree in 64 bits (see memoEntry).
const maxFast = 1 << 58

// NewSolver returns a solver for g whose tables grow to at most memBytes
// bytes in all (0: DefaultMemBytes), with a worker per core
// (runtime.GOMAXPROCS). Its tables persist between calls.
func NewSolver(g *vdwlist.Game, memBytes int64) *Solver {
	if memBytes <= 0 {
		memBytes = solve.DefaultMem()
	}
	sv := &Solver{g: g, nLists: int64(len(g.Lists())), memBytes: memBytes, workers: runtime.GOMAXPROCS(0), mid: newMidCoder(g.Colors())}
	// pow[i] = N^i for every i with N^(i+1) ≤ maxFast (every i ≤ vdwlist.MaxS+1 when N = 1)
	sv.pow = []int64{1}
	for last := int64(1); len(sv.pow) <= vdwlist.MaxS+1 && last <= maxFast/sv.nLists/sv.nLists; {
		last *= sv.nLists
		sv.pow = append(sv.pow, last)
	}
	return sv
}

// SetWorkers sets the number of goroutines that search together (at least
// 1). A search with a node limit (SetNodeLimit) uses one, and so does a
// small one. Changing between one and several clears the tables.
func (sv *Solver) SetWorkers(n int) {
	n = max(n, 1)
	if (n == 1) != sv.single && sv.tt != nil {
		sv.tt, sv.midTT, sv.wide = nil, nil, nil
	}
	sv.workers = n
}

// SetGame switches the solver to another game length s of the same k, c and
// l, keeping its table: the table's keys and values do not depend on s.
func (sv *Solver) SetGame(g *vdwlist.Game) error {
	if g.K() != sv.g.K() || g.Colors() != sv.g.Colors() || g.ListSize() != sv.g.ListSize() {
		return fmt.Errorf("solve: %s has other k, colors or list than %s", g, sv.g)
	}
	sv.g = g
	return nil
}

// fits reports whether a root with r relevant numbers takes the fast path.
func (sv *Solver) fits(r int) bool { return r < len(sv.pow) }

// Nodes returns the number of positions searched so far.
func (sv *Solver) Nodes() int64 { return sv.nodes.Load() }

// Searched returns the number of positions searched so far that were not
// in the table (Nodes counts every position reached, table hits and
// positions decided at once included). With one worker and a table that
// keeps everything, every searched position is stored once: Searched
// beyond Stored is work done twice (workers on the same position, or
// entries replaced in a full table).
func (sv *Solver) Searched() int64 { return sv.searched.Load() }

// WorkerNodes returns the positions each worker searched in the last
// search of the fast path.
func (sv *Solver) WorkerNodes() []int64 { return append([]int64(nil), sv.workerNodes...) }

// Stored returns the number of positions in the tables.
func (sv *Solver) Stored() int {
	n := 0
	if sv.tt != nil {
		n += sv.tt.Len()
	}
	if sv.midTT != nil {
		n += sv.midTT.Len()
	}
	if sv.wide != nil {
		n += sv.wide.Len()
	}
	if sv.bigTT != nil {
		n += sv.bigTT.Len()
	}
	return n
}

// Bytes returns the memory of the tables' slots.
func (sv *Solver) Bytes() int64 {
	var n int64
	if sv.tt != nil {
		n += sv.tt.Bytes()
	}
	if sv.midTT != nil {
		n += sv.midTT.Bytes()
	}
	if sv.wide != nil {
		n += sv.wide.Bytes()
	}
	if sv.bigTT != nil {
		n += sv.bigTT.Bytes()
	}
	return n
}

// SetProgress sets a function that receives a progress report every second
// or so during a search.
func (sv *Solver) SetProgress(f func(solve.Progress)) { sv.progress = f }

// SetNodeLimit bounds every later search to n positions (0: no
// bound); a search past it stops with an error wrapping solve.ErrBudget.
func (sv *Solver) SetNodeLimit(n int64) { sv.maxNodes = n }

// SetBoundsTime sets the time Solve may spend on bounds of the value after
// a search cut short by its context (solve.Options.BoundsTime): 0 the
// default (restrictedTime and randomTime, each no more than the search
// had under a deadline), negative none, positive at most d in all.
func (sv *Solver) SetBoundsTime(d time.Duration) { sv.boundsTime = d }

// Value returns the exact probability that player 1 wins from s under
// optimal play by both, in any phase of a round (1 or 0 in a finished
// game). When the search is cut short (the context, the node limit) it
// returns a proven lower bound of the probability with the error.
func (sv *Solver) Value(ctx context.Context, s *vdwlist.State) (*big.Rat, error) {
	if err := sv.prepare(s); err != nil {
		return nil, err
	}
	sv.rootMove, sv.rootLo = 0, nil
	rounds := searchRounds(s)
	if !sv.fits(rounds) {
		return sv.bigValue(ctx, s, rounds)
	}
	d := sv.pow[rounds]
	v, sr, err := sv.fastValue(ctx, s, rounds)
	if sr.rootMove != 0 {
		sv.rootMove, sv.rootLo = sr.rootMove, big.NewRat(sr.rootLo, d)
	}
	return big.NewRat(v, d), err
}

// MoveValues returns the exact winning probability of player 1 after each
// legal move of the player to move in s (player 1 naming a number, or
// player 2 colouring it).
func (sv *Solver) MoveValues(ctx context.Context, s *vdwlist.State) ([]game.Move, []*big.Rat, error) {
	if s.Phase() != vdwlist.PhaseName && s.Phase() != vdwlist.PhaseColour {
		return nil, nil, fmt.Errorf("solve: no player is to move")
	}
	moves := s.LegalMoves(nil)
	vals := make([]*big.Rat, len(moves))
	for i, m := range moves {
		c := s.Clone().(*vdwlist.State)
		c.ApplyUnchecked(m)
		v, err := sv.Value(ctx, c)
		if err != nil {
			return nil, nil, err
		}
		vals[i] = v
	}
	return moves, vals, nil
}

// prepare switches to s's game and makes the tables.
func (sv *Solver) prepare(s *vdwlist.State) error {
	if s.Game() != sv.g {
		if err := sv.SetGame(s.Game()); err != nil {
			return err
		}
	}
	sv.makeTables()
	if sv.start.IsZero() {
		sv.start = time.Now()
		sv.nextReport = sv.start.Add(2 * time.Second)
	}
	return nil
}

// makeTables makes the solver's tables, unless made.
func (sv *Solver) makeTables() {
	if sv.tt == nil {
		sv.single = sv.workers == 1
		// The table of short keys takes most of the memory while the
		// game's spans fit them (the tables grow only as they fill: the
		// others stay small until spans pass the short keys' reach);
		// beyond, the mid keys' table does (s = 17 and 18 with 3
		// colours, where a third of the positions stored have spans
		// beyond the short keys' 16), and beyond the mid keys' reach the
		// wide one (40 bytes an entry) takes the most. A new entry
		// replaces the entry of the smallest subtree in its window. The
		// big path's table has the last sixteenth.
		sixteenth := sv.memBytes / 16
		narrow, mid, wide := 11*sixteenth, sixteenth, 3*sixteenth
		if _, span := planeBits(sv.g.Colors()); sv.g.S() > span {
			narrow, mid, wide = 5*sixteenth, 9*sixteenth, sixteenth
			if sv.g.S() > sv.mid.span {
				narrow, mid, wide = 4*sixteenth, 5*sixteenth, 6*sixteenth
			}
		}
		worth := func(e memoEntry) int64 { return int64(e.work()) }
		// Keys are never 0 (plane 0, the uncoloured relevant numbers, is
		// not empty in a position that is stored).
		sv.tt = solve.NewTable[uint64, memoEntry](hashNarrow, solve.TableOptions[memoEntry]{
			MaxBytes: narrow, Worth: worth, SingleThreaded: sv.single && !sv.locked, NoZeroKey: true})
		sv.midTT = solve.NewTable[uint64, memoEntry](hashMid, solve.TableOptions[memoEntry]{
			MaxBytes: mid, Worth: worth, SingleThreaded: sv.single && !sv.locked, NoZeroKey: true})
		sv.wide = solve.NewTable[wideKey, memoEntry](hashWide, solve.TableOptions[memoEntry]{
			MaxBytes: wide, Worth: worth, SingleThreaded: sv.single && !sv.locked, NoZeroKey: true})
	}
}

// searchRounds returns the number R of uncoloured numbers in live progressions
// (and the named one, when a number is named): the values of the position
// and of every position after it are multiples of 1/N^R.
func searchRounds(s *vdwlist.State) int {
	live := liveNumbers(s) &^ s.Colored()
	if s.Named() != 0 {
		live |= 1 << (s.Named() - 1)
	}
	return bits.OnesCount64(live)
}

// liveNumbers returns the numbers in some live progression (one colour at
// most among its coloured numbers).
func liveNumbers(s *vdwlist.State) uint64 {
	var live uint64
	for _, a := range s.Game().APs() {
		cols := 0
		for i := range s.Game().Colors() {
			if a&s.ColourMasks()[i] != 0 {
				cols++
			}
		}
		if cols <= 1 {
			live |= a
		}
	}
	return live
}

// minParallel is the fewest relevant numbers of a root searched by several
// workers: smaller searches take milliseconds.
const minParallel = 9

// errStopped stops the other workers once one has the root's value.
var errStopped = errors.New("another worker finished")

// fastValue searches s with numerators over N^rounds, with one worker or
// several, and returns the value (a lower bound when cut short, with the
// error) and the searcher that found it.
func (sv *Solver) fastValue(ctx context.Context, s *vdwlist.State, rounds int) (int64, *searcher, error) {
	workers := sv.workers
	if sv.maxNodes > 0 || rounds < minParallel || sv.single {
		workers = 1
	}
	if workers == 1 {
		sr := sv.newSearcher(ctx, s, rounds, false, true)
		v := sr.rootValue(s)
		sr.flush()
		sv.workerNodes = append(sv.workerNodes[:0], sr.nodes)
		return v, sr, sr.err
	}
	if sv.busy == nil {
		sv.busy = make([]atomic.Int32, 1<<busyBits)
	}
	sv.stop.Store(false)
	srs := make([]*searcher, workers)
	vals := make([]int64, workers)
	var wg sync.WaitGroup
	for i := range srs {
		srs[i] = sv.newSearcher(ctx, s, rounds, true, i == 0)
		wg.Go(func() {
			vals[i] = srs[i].rootValue(s)
			srs[i].flush()
			if srs[i].err == nil {
				sv.stop.Store(true)
			}
		})
	}
	wg.Wait()
	sv.workerNodes = sv.workerNodes[:0]
	for _, sr := range srs {
		sv.workerNodes = append(sv.workerNodes, sr.nodes)
	}
	best := 0
	for i, sr := range srs {
		if sr.err == nil {
			return vals[i], sr, nil
		}
		if vals[i] > vals[best] {
			best = i
		}
	}
	err := srs[0].err
	for _, sr := range srs {
		if !errors.Is(sr.err, errStopped) {
			err = sr.err
			break
		}
	}
	return vals[best], srs[best], err
}

// keepsValue reports whether naming n in s (player 1 to name) keeps the
// value v of s.
func (sv *Solver) keepsValue(ctx context.Context, s *vdwlist.State, n int, v *big.Rat) (bool, error) {
	rounds := searchRounds(s)
	if !sv.fits(rounds) {
		got, err := sv.bigNameValue(ctx, s, n, rounds)
		if err != nil {
			return false, err
		}
		return got.Cmp(v) == 0, nil
	}
	num := new(big.Rat).Mul(v, big.NewRat(sv.pow[rounds], 1))
	if !num.IsInt() {
		return false, fmt.Errorf("solve: %s is not a multiple of 1/%d", v, sv.pow[rounds])
	}
	sr := sv.newSearcher(ctx, s, rounds, false, true)
	got, _ := sr.chance(&sr.root, n, sr.forcedAt(n), -1, false)
	sr.flush()
	if sr.err != nil {
		return false, sr.err
	}
	return got == num.Num().Int64(), nil
}

// newSearcher returns a worker set up at s with numerators over
// N^rounds (rounds < len(sv.pow)).
func (sv *Solver) newSearcher(ctx context.Context, s *vdwlist.State, rounds int, par, main bool) *searcher {
	sr := &searcher{sv: sv, g: sv.g, nLists: sv.nLists, pow: sv.pow, ctx: ctx, par: par, main: main}
	if rounds < len(sv.pow) {
		sr.rounds, sr.d = rounds, sv.pow[rounds]
	}
	if sv.maxNodes > 0 {
		sr.budget = sv.maxNodes
	}
	sr.masks, sr.colored = s.ColourMasks(), s.Colored()
	sr.initRoot()
	return sr
}

// rootValue returns the numerator of player 1's winning chance from s; when
// the search is cut short, a proven lower bound (sr.err says why).
func (sr *searcher) rootValue(s *vdwlist.State) int64 {
	var v int64
	switch s.Phase() {
	case vdwlist.PhaseOver:
		if s.Won() {
			v = sr.d
		}
	case vdwlist.PhaseName:
		sr.atRoot = true
		v, _ = sr.position(sr.g.Full(), &sr.root, 0, 0, false, nil)
		sr.atRoot = false
	case vdwlist.PhaseDraw:
		n := int(s.Named())
		v, _ = sr.chance(&sr.root, n, sr.forcedAt(n), -1, false)
	case vdwlist.PhaseColour:
		n := int(s.Named())
		forced := sr.forcedAt(n)
		bit := uint64(1) << (n - 1)
		v = sr.d
		for m := s.List(); m != 0; m &= m - 1 {
			col := bits.TrailingZeros8(m)
			x := sr.d
			if forced&(1<<col) == 0 {
				sr.colour(n, col)
				x, _ = sr.position(sr.g.Full()&^bit, &sr.root, n, col, false, nil)
				sr.uncolour(n, col)
			}
			if sr.err != nil { // the colours not searched count as 0
				x = 0
			}
			v = min(v, x)
		}
	}
	return v
}
