package vdwlist

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/solve"
)

// searcher is one worker of a search (see Solver): its own copy of the
// position and its scratch, the solver's shared tables. Values are
// numerators over d = N^rounds.
type searcher struct {
	sv     *Solver
	g      *vdwlist.Game
	nLists int64
	pow    []int64
	d      int64
	rounds int
	nodes  int64
	// flushed is the part of nodes already added to sv.nodes; budget
	// bounds nodes (0: no bound)
	flushed, budget int64
	// searched counts the positions searched (not found in the table:
	// their moves tried), searchedFlushed the part added to sv.searched
	searched, searchedFlushed int64
	ctx                       context.Context
	err                       error
	// par: several workers search together (mark the positions being
	// searched, defer those of others); main: this worker reports progress
	par, main bool
	// the position being searched
	masks      [vdwlist.MaxColors]uint64
	colored    uint64
	cellColour [vdwlist.MaxS]uint8 // the colour of each coloured number
	// root holds the root position's live progressions (see examined)
	root examined
	// scratch of examine at each level of the search
	bufs [2*vdwlist.MaxS + 4]levelBuf
	// the root position's best move so far and its proven value (a lower
	// bound), for a search that is cut short
	atRoot   bool
	rootMove int
	rootLo   int64
	bigLo    bigLower // the same for the big path (bigsearch.go)
	// preps[level]: the position searched at that level, prepared for
	// the quick look at its children; deltas[level]: its colourDeltas
	preps  []childPrep
	deltas [][vdwlist.MaxS][vdwlist.MaxColors]float64
	// kids[level]: the children of the position searched at that level,
	// looked at ahead (see lookAhead); pending: lookAhead's scratch
	kids    [][]kid
	pending []int16
}

// levelBuf is the scratch of one level of examine.
type levelBuf struct {
	aps      []uint64
	cols     []uint8
	live     []uint64
	liveCols []uint8
}

// busyBits sizes the table of positions being searched (ABDADA): 2^busyBits
// counters, indexed by the positions' hashes; a collision only defers a
// move that need not be.
const busyBits = 14

// busyMin is the fewest relevant numbers of a position marked as being
// searched: smaller ones are over before another worker could use the mark.
// (c3 l2 s=14, 16 workers on 16 cores of a lent host, 4 runs each: from 3,
// 4 or 5 numbers 28.11–28.30M positions in 0.88–0.98 s, one worker 26.6M;
// from 6 28.42–28.47M, 7 29.02–29.11M, 8 30.71–30.81M.)
const busyMin = 5

// initRoot sets the root's live progressions from the current position:
// those with one colour at most among their coloured numbers, everything
// uncoloured in scope.
func (sr *searcher) initRoot() {
	r := &sr.root
	*r = examined{cand: sr.g.Full() &^ sr.colored}
	for col := range sr.g.Colors() {
		for m := sr.masks[col]; m != 0; m &= m - 1 {
			sr.cellColour[bits.TrailingZeros64(m)] = uint8(col)
		}
	}
	for _, a := range sr.g.APs() {
		var p uint8
		for col := range sr.g.Colors() {
			if a&sr.masks[col] != 0 {
				p |= 1 << col
			}
		}
		if p&(p-1) == 0 {
			r.aps = append(r.aps, a)
			r.cols = append(r.cols, p)
			r.live = append(r.live, a&^sr.colored)
			r.liveCols = append(r.liveCols, p)
		}
	}
}

// colour colours the number n with col.
func (sr *searcher) colour(n, col int) {
	bit := uint64(1) << (n - 1)
	sr.cellColour[n-1] = uint8(col)
	sr.masks[col] |= bit
	sr.colored |= bit
}

// uncolour takes back colour(n, col).
func (sr *searcher) uncolour(n, col int) {
	bit := uint64(1) << (n - 1)
	sr.masks[col] &^= bit
	sr.colored &^= bit
}

// forcedAt returns the colours that would complete a progression through
// the number n in the current position.
func (sr *searcher) forcedAt(n int) uint8 {
	var f uint8
	bit := uint64(1) << (n - 1)
	for col := range sr.g.Colors() {
		if sr.g.Completed(sr.masks[col]|bit, n) != 0 {
			f |= 1 << col
		}
	}
	return f
}

// flush adds the nodes not yet counted to the solver's count.
func (sr *searcher) flush() {
	sr.sv.nodes.Add(sr.nodes - sr.flushed)
	sr.flushed = sr.nodes
	sr.sv.searched.Add(sr.searched - sr.searchedFlushed)
	sr.searchedFlushed = sr.searched
}

func (sr *searcher) tick() {
	if sr.budget > 0 && sr.nodes > sr.budget && sr.err == nil {
		sr.err = fmt.Errorf("after %d positions: %w", sr.budget, solve.ErrBudget)
	}
	if sr.nodes&0xfff != 0 || sr.err != nil {
		return
	}
	sr.flush()
	sv := sr.sv
	if err := sr.ctx.Err(); err != nil {
		sr.err = err
		return
	}
	if sr.par && sv.stop.Load() {
		sr.err = errStopped
		return
	}
	if sr.main && sv.progress != nil {
		if now := time.Now(); now.After(sv.nextReport) {
			sv.nextReport = now.Add(time.Second)
			sv.progress(solve.Progress{Nodes: sv.nodes.Load(), Elapsed: now.Sub(sv.start),
				Message: fmt.Sprintf("%d positions stored (%d MiB)", sv.Stored(), sv.Bytes()>>20)})
		}
	}
}

// Outcomes of examine.
const (
	searchOn = iota // the position must be searched
	lostNow         // no relevant number: player 1 has lost
	wonNow          // player 1 wins at once with a number every colour of which completes a progression
)

// examined is what examine finds in a position with player 1 to name.
type examined struct {
	// level is the depth of the search (indexes the scratch)
	level int
	// prep, when not nil, is the position prepared for the quick look at
	// its children (see childPrep); deltas, when not nil, what colourOrder
	// orders by
	prep   *childPrep
	deltas *[vdwlist.MaxS][vdwlist.MaxColors]float64
	// kids, when not nil, holds the children looked at ahead (see
	// lookAhead), indexed by kidIndex
	kids []kid
	// alive and kept: after look, the parent's prepared progressions
	// (bits of its childPrep) alive here and those not redundant
	alive, kept uint64
	// relevant: the numbers of the live, non-redundant progressions in
	// scope; cand: the uncoloured ones, nm of them
	relevant, cand uint64
	nm             int
	outcome        int
	// threats[col]: the numbers that complete a progression of colour col
	threats [vdwlist.MaxColors]uint64
	// aps: the live progressions in scope (redundant ones too: they may
	// become threats), cols their colours as masks (0 while uncoloured);
	// live: the uncoloured parts of the non-redundant ones, liveCols their
	// colours. Scratch of the level, valid until the next examine at it.
	aps      []uint64
	cols     []uint8
	live     []uint64
	liveCols []uint8
}

// examine finds the relevant numbers of the current position (player 1 to
// name, within scope) and whether it is decided at once, from the
// progressions of from (the position before the number n, 0 for none, was
// coloured col; or a larger scope of the same position): colouring only
// kills progressions, so the position's live progressions in scope are
// among from's. Only the
// live progressions whose uncoloured numbers lie in scope count: scope is a
// component (see split) or everything, and the position's other
// progressions belong to independent games (or are redundant).
func (sr *searcher) examine(scope uint64, from *examined, n, col int, ex *examined) {
	g := sr.g
	nc := g.Colors()
	colored := sr.colored
	ex.level = from.level + 1
	buf := sr.levelBuf(ex.level)
	aps, cols, live, liveCols := buf.aps, buf.cols, buf.live, buf.liveCols
	var colBit uint8 // the colour of n as a mask on the progressions through it
	var bit uint64
	if n > 0 {
		bit, colBit = 1<<(n-1), 1<<col
	}
	// thr[col+1]: the numbers that complete a progression of colour col;
	// thr[0]: k = 1, a lone uncoloured number (every colour completes it).
	// The loops avoid branches where the data decide (the progressions
	// through n, the dying ones, the redundant ones).
	var thr [vdwlist.MaxColors + 1]uint64
	na := 0
	fromCols := from.cols[:len(from.aps)]
	for j, a := range from.aps {
		p := fromCols[j]
		if a&bit != 0 {
			p |= colBit
		}
		free := a &^ colored
		keep := p&(p-1) == 0 && free&^scope == 0 // still one colour, in scope
		thr[bits.Len8(p)] |= free & lowBitMask(free, keep)
		aps[na] = a
		cols[na] = p
		na += b2i(keep)
	}
	anyThreat := thr[0]
	thr[0] = 0
	// A live progression of colour col through a number that completes
	// another progression of colour col is redundant: it can only become
	// monochromatic after that one. Dropping it leaves the winning events
	// unchanged and makes more numbers irrelevant.
	// With threat keys (see threatPlanes) a threat's numbers are its lone
	// uncoloured one, marked in the key.
	var relevant uint64
	nl := 0
	threatCells := ^uint64(0)
	if threatKeys(nc) {
		threatCells = 0
	}
	for j, a := range aps[:na] {
		free := a &^ colored
		single := free&(free-1) == 0
		keep := single || free&thr[bits.Len8(cols[j])] == 0
		relevant |= (a &^ (colored & boolMask(single) &^ threatCells)) & boolMask(keep)
		live[nl] = free
		liveCols[nl] = cols[j]
		nl += b2i(keep)
	}
	copy(ex.threats[:], thr[1:])
	cand := relevant &^ colored
	ex.relevant, ex.cand, ex.nm = relevant, cand, bits.OnesCount64(cand)
	ex.aps, ex.cols, ex.live, ex.liveCols = aps[:na], cols[:na], live[:nl], liveCols[:nl]
	if cand != 0 && anyThreat != 0 {
		ex.outcome = wonNow
		return
	}
	ex.judge(nc)
}

// levelBuf returns the scratch of a level, made on first use.
func (sr *searcher) levelBuf(level int) *levelBuf {
	buf := &sr.bufs[level]
	if buf.aps == nil {
		n := len(sr.g.APs())
		buf.aps, buf.cols = make([]uint64, n), make([]uint8, n)
		buf.live, buf.liveCols = make([]uint64, n), make([]uint8, n)
	}
	return buf
}

// judge sets the outcome of an examined position from its candidates and
// threats: lost when no number is left to name; won when a number completes
// a progression in every colour (with one colour, in that one); else it is
// searched.
func (ex *examined) judge(nc int) {
	ex.outcome = searchOn
	switch {
	case ex.cand == 0:
		ex.outcome = lostNow
	case nc == 1:
		if ex.threats[0] != 0 {
			ex.outcome = wonNow
		}
	default:
		// a number that completes a progression in every colour wins at once
		both := ex.threats[0]
		for i := 1; i < nc; i++ {
			both &= ex.threats[i]
		}
		if both != 0 {
			ex.outcome = wonNow
		}
	}
}

// b2i is 1 for true, 0 for false; boolMask all ones for true.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

func boolMask(b bool) uint64 { return -uint64(b2i(b)) }

// lowBitMask is all ones when keep and x has one bit at most.
func lowBitMask(x uint64, keep bool) uint64 {
	return boolMask(keep && x&(x-1) == 0)
}

// components splits cand into its classes under "in a common live
// progression"; it returns false when there is one class.
func components(cand uint64, live []uint64, comps *[vdwlist.MaxS]uint64) (int, bool) {
	first := component(cand, live)
	if first == cand {
		return 1, false
	}
	comps[0] = first
	n := 1
	for rest := cand &^ first; rest != 0; n++ {
		comps[n] = component(rest, live)
		rest &^= comps[n]
	}
	return n, true
}

// component returns the class of the lowest number of cand under the
// relation "in a common live progression" (live holds the progressions'
// uncoloured parts).
func component(cand uint64, live []uint64) uint64 {
	c := cand & -cand
	for {
		grow := c
		for _, f := range live {
			if f&c != 0 {
				grow |= f
			}
		}
		if grow == c {
			return c
		}
		c = grow
	}
}

// nameOrder orders player 1's numbers: most completing colours first, then
// the weights of the potential progressions through them. With l = 1 only
// the first counts (player 2 has no choice: every order of naming is as
// good). forced[i] holds the colours that complete a progression through
// the number i+1.
func (sr *searcher) nameOrder(ex *examined) (order [vdwlist.MaxS]int8, n int, forced [vdwlist.MaxS]uint8) {
	forced = sr.forcedColours(ex)
	n = candidates(ex.cand, &order)
	sr.sortNames(ex, order[:n], &forced)
	if sr.g.ListSize() == 1 {
		n = 1
	}
	return order, n, forced
}

// forcedColours returns, for every number i+1, the colours that complete a
// progression through it.
func (sr *searcher) forcedColours(ex *examined) (forced [vdwlist.MaxS]uint8) {
	for col := range sr.g.Colors() {
		for m := ex.threats[col]; m != 0; m &= m - 1 {
			forced[bits.TrailingZeros64(m)] |= 1 << col
		}
	}
	return forced
}

// candidates writes the numbers of cand (less one) into names, in
// increasing order, and returns how many.
func candidates(cand uint64, names *[vdwlist.MaxS]int8) int {
	n := 0
	for m := cand; m != 0; m &= m - 1 {
		names[n] = int8(bits.TrailingZeros64(m))
		n++
	}
	return n
}

// sortNames sorts names (numbers less one) as nameOrder orders them.
func (sr *searcher) sortNames(ex *examined, names []int8, forced *[vdwlist.MaxS]uint8) {
	var keys [vdwlist.MaxS]float64
	w := sr.g.Weights()
	for _, free := range ex.live {
		add := w[bits.OnesCount64(free)]
		for m := free; m != 0; m &= m - 1 {
			keys[bits.TrailingZeros64(m)] += add
		}
	}
	for k, i := range names {
		key := keys[i] + 1000*float64(bits.OnesCount8(forced[i]))
		keys[i] = key
		j := k
		for j > 0 && keys[names[j-1]] < key {
			names[j] = names[j-1]
			j--
		}
		names[j] = i
	}
}

// position returns the value of the current position with player 1 to
// name a number, within scope, as a numerator over d; the number n (0 for
// none) has just been coloured col after from (see examine). Cut short
// (sr.err), it returns a proven lower bound, as do chance and split. When
// excl is set and another worker is searching the position, it returns
// false at once (the caller defers it).
//
// Every value is exact: with the table, an exact value computed once
// serves every transposition, where alpha-beta and *-minimax windows
// (Ballard's Star1 and Star2, which this solver used) leave bounds that
// are searched again: they visited a third more positions.
//
// pre, when not nil, is the position's look ahead from its parent (see
// lookAhead): its key, counted as reached already.
func (sr *searcher) position(scope uint64, from *examined, n, col int, excl bool, pre *kid) (int64, bool) {
	if pre == nil {
		sr.nodes++
		sr.tick()
	}
	if sr.err != nil {
		return 0, true
	}
	root := sr.atRoot
	sr.atRoot = false
	var ex examined
	var key posKey
	var comps [vdwlist.MaxS]uint64
	v, how := sr.settle(scope, from, n, col, &ex, &key, &comps, pre)
	switch how {
	case settled:
		return v, true
	case splits:
		return sr.split(&ex, comps[:v]), true
	case looked:
		// Not in the table: the progressions' lists for the search. A
		// position of independent components keeps its value in the
		// table too (its key is exact), as the quick look finds no
		// components.
		sr.lists(from, n, col, &ex)
		if nc, split := components(ex.cand, ex.live, &comps); split {
			sr.searched++
			start := sr.nodes
			v := sr.split(&ex, comps[:nc])
			if sr.err == nil {
				sr.put(&key, newEntry(v/sr.pow[sr.rounds-ex.nm], uint8(min(bits.Len64(uint64(sr.nodes-start)), maxWork))))
			}
			return v, true
		}
	}
	nm := ex.nm
	scale := sr.pow[sr.rounds-nm] // the table keeps values over N^nm
	if sr.par && nm >= busyMin {
		slot := &sr.sv.busy[key.hash()>>(64-busyBits)]
		if excl && slot.Load() > 0 {
			return 0, false
		}
		slot.Add(1)
		defer slot.Add(-1)
	}
	sr.searched++
	if sr.preps == nil {
		sr.preps = make([]childPrep, len(sr.bufs))
	}
	if p := &sr.preps[ex.level]; sr.prepare(&ex, p) {
		ex.prep = p
	}
	var order [vdwlist.MaxS]int8
	var nn int
	var forced [vdwlist.MaxS]uint8
	if ex.prep != nil && sr.g.ListSize() > 1 {
		// Every number's children first; the numbers they do not settle
		// in the order of their promise.
		forced = sr.forcedColours(&ex)
		nn = candidates(ex.cand, &order)
		unknown := sr.lookAhead(&ex, order[:nn], &forced)
		if nk := knownFirst(order[:nn], unknown); nn-nk > 1 {
			sr.sortNames(&ex, order[nk:nn], &forced)
		}
	} else {
		order, nn, forced = sr.nameOrder(&ex)
		if ex.prep != nil {
			sr.lookAhead(&ex, order[:nn], &forced)
		}
	}
	start := sr.nodes
	best := int64(-1)
	// The first pass defers the later numbers whose positions other
	// workers are searching; the second searches them.
	var later [vdwlist.MaxS]int8
	nLater := 0
	for pass, names := range [2][]int8{order[:nn], nil} {
		if pass == 1 {
			names = later[:nLater]
		}
		for idx, i := range names {
			if best == sr.d {
				break
			}
			v, ok := sr.chance(&ex, int(i)+1, forced[i], best, sr.par && pass == 0 && idx > 0)
			if !ok {
				later[nLater] = i
				nLater++
				continue
			}
			if v > best {
				best = v
				if root {
					sr.rootMove, sr.rootLo = int(i)+1, v
				}
			}
			if sr.err != nil {
				return best, true
			}
		}
	}
	work := uint8(min(bits.Len64(uint64(sr.nodes-start)), maxWork))
	sr.put(&key, newEntry(best/scale, work))
	return best, true
}

// What settle found.
const (
	settled = iota // the value is known
	splits         // the position (examined fully) splits into components
	looked         // to be searched; only the quick look was taken
	full           // to be searched, examined fully
)

// settle looks at the position after n was coloured col (see position) as
// far as its key: the value when decided at once or found in the table
// (settled), else the key. A child of a prepared position gets the quick
// look (see childPrep), enough for its key and outcome (looked); any
// other position is examined fully, and one of independent components is
// not looked up (splits, with their number as the value, comps filled).
// A position looked at ahead (pre) is only looked up.
func (sr *searcher) settle(scope uint64, from *examined, n, col int, ex *examined, key *posKey, comps *[vdwlist.MaxS]uint64, pre *kid) (int64, int) {
	if pre != nil {
		*key = pre.key
		if e, ok := sr.getHashed(key, pre.hash); ok {
			return e.value() * sr.pow[sr.rounds-int(pre.nm)], settled
		}
		from.prep.look(sr, from, n, col, ex) // for its lists
		return 0, looked
	}
	quick := from.prep != nil && n > 0 && scope == from.cand&^(1<<(n-1))
	if quick {
		from.prep.look(sr, from, n, col, ex)
	} else {
		sr.examine(scope, from, n, col, ex)
		if ex.outcome == searchOn {
			if nc, split := components(ex.cand, ex.live, comps); split {
				return int64(nc), splits
			}
		}
	}
	if v, ok := sr.decide(ex, key); ok {
		return v, settled
	}
	if e, ok := sr.get(key); ok {
		return e.value() * sr.pow[sr.rounds-ex.nm], settled
	}
	if quick {
		return 0, looked
	}
	return 0, full
}

// decide returns the value of a position examined (or looked at) as ex
// when it is decided without the table (ok); else it sets its key.
func (sr *searcher) decide(ex *examined, key *posKey) (v int64, ok bool) {
	switch ex.outcome {
	case lostNow:
		return 0, true
	case wonNow:
		return sr.d, true
	}
	if ex.nm == 1 {
		// One relevant number: player 1 names it and wins when the list
		// holds only colours that complete a progression through it (any
		// other colour leaves nothing relevant), C(|forced|, l) lists of N.
		var forced uint
		for col := range sr.g.Colors() {
			forced += uint(ex.threats[col]>>bits.TrailingZeros64(ex.cand)) & 1
		}
		return int64(vdwlist.Binom(int(forced), sr.g.ListSize())) * sr.pow[sr.rounds-1], true
	}
	sr.canonical(ex, key)
	return 0, false
}

// split returns the value of a position (examined as ex) whose live
// progressions fall into independent components: player 1 loses only if he
// loses every one, and no play can make the components' results dependent
// (under player 2's optimal play in each, 1 − Π(1 − vᵢ) of the components'
// current values is a supermartingale; player 1 reaches it by finishing one
// component after the other), so the value is 1 − Π(1 − vᵢ), computed
// exactly.
func (sr *searcher) split(ex *examined, comps []uint64) int64 {
	d := uint64(sr.d)
	lose := d // the product of the losing chances, over d
	for _, c := range comps {
		v, _ := sr.position(c, ex, 0, 0, false, nil) // exact, or a lower bound when cut short
		if v == sr.d {
			return sr.d
		}
		hi, lo := bits.Mul64(lose, d-uint64(v))
		q, r := bits.Div64(hi, lo, d)
		if r != 0 {
			q++ // round the losing chance up: the result stays a lower bound
		}
		lose = q
		if sr.err != nil {
			break
		}
	}
	return sr.d - int64(lose)
}

// chance returns the value of naming n in the position examined as ex: the
// average over the lists of player 2's best colour in the list, exact when
// above alpha, else an upper bound at most alpha (player 1 has a number
// worth alpha: this one cannot be better). forced holds the colours that
// complete a progression through n. The colours are searched in the order
// of their promise for player 2 (colourOrder), exactly, but for a colour
// whose every list has a colour worth 0 to player 1 (it cannot matter).
// With excl set, chance returns false when the first position it would
// search is being searched by another worker.
func (sr *searcher) chance(ex *examined, n int, forced uint8, alpha int64, excl bool) (int64, bool) {
	g := sr.g
	var w [vdwlist.MaxColors]int64 // exact, or d while unknown (an upper bound)
	known := forced
	for col := range g.Colors() {
		w[col] = sr.d
	}
	sum := func() int64 {
		var sum int64
		for _, list := range g.Lists() {
			low := sr.d
			for m := uint8(list); m != 0; m &= m - 1 {
				low = min(low, w[bits.TrailingZeros8(m)])
			}
			sum += low
		}
		return sum
	}
	scope := ex.cand &^ (1 << (n - 1))
	var kids []kid
	if ex.kids != nil {
		// The children looked at ahead: those decided or in the table
		// are known; the number may be settled without a search.
		kids = ex.kids[kidIndex(n, 0, g.Colors()):kidIndex(n+1, 0, g.Colors())]
		for col := range g.Colors() {
			if known&(1<<col) == 0 && kids[col].state == kidKnown {
				w[col] = kids[col].val
				known |= 1 << col
			}
		}
		if hi := sum(); known == 1<<g.Colors()-1 || hi <= sr.nLists*alpha {
			return (hi + sr.nLists - 1) / sr.nLists, true
		}
	}
	order, nOrder := sr.colourOrder(ex, n, forced|known)
	for _, c := range order[:nOrder] {
		col := int(c)
		if known&(1<<col) != 0 {
			continue
		}
		known |= 1 << col
		matters := false
		for _, lm := range g.ListsWith(col) {
			m := sr.d
			for o := lm &^ (1 << col); o != 0; o &= o - 1 {
				m = min(m, w[bits.TrailingZeros8(o)])
			}
			matters = matters || m > 0
		}
		if !matters {
			continue // every list with it has a colour worth 0 to player 1
		}
		var pre *kid
		if kids != nil {
			pre = &kids[col]
		}
		sr.colour(n, col)
		v, ok := sr.position(scope, ex, n, col, excl, pre)
		sr.uncolour(n, col)
		if !ok {
			return 0, false
		}
		excl = false
		w[col] = v
		if sr.err != nil { // the colours not searched count as 0: a lower bound
			for o := range g.Colors() {
				if known&(1<<o) == 0 {
					w[o] = 0
				}
			}
			break
		}
		if hi := sum(); hi <= sr.nLists*alpha {
			return (hi + sr.nLists - 1) / sr.nLists, true
		}
	}
	return sum() / sr.nLists, true
}

// colourOrder returns the colours but those of skip in the order player 2
// should try them at the number n of the position examined as ex: by how
// much potential they add for player 1 (gains of the non-redundant
// progressions of that colour through n minus those of the other colours
// it kills). A lone colour needs no order (nor the deltas).
func (sr *searcher) colourOrder(ex *examined, n int, skip uint8) ([vdwlist.MaxColors]int8, int) {
	var out [vdwlist.MaxColors]int8
	rest := (uint8(1)<<sr.g.Colors() - 1) &^ skip
	if rest&(rest-1) == 0 {
		out[0] = int8(bits.TrailingZeros8(rest))
		return out, bits.OnesCount8(rest)
	}
	if ex.deltas == nil {
		ex.deltas = sr.colourDeltas(ex)
	}
	delta := &ex.deltas[n-1]
	nOut := 0
	for m := rest; m != 0; m &= m - 1 {
		c := bits.TrailingZeros8(m)
		j := nOut
		for j > 0 && delta[out[j-1]] > delta[c] {
			out[j] = out[j-1]
			j--
		}
		out[j] = int8(c)
		nOut++
	}
	return out, nOut
}

// colourDeltas returns, for every candidate number of the position
// examined as ex, what colourOrder orders its colours by, in one pass over
// the live progressions (the scratch of ex's level).
func (sr *searcher) colourDeltas(ex *examined) *[vdwlist.MaxS][vdwlist.MaxColors]float64 {
	if sr.deltas == nil {
		sr.deltas = make([][vdwlist.MaxS][vdwlist.MaxColors]float64, len(sr.bufs))
	}
	deltas := &sr.deltas[ex.level]
	for m := ex.cand; m != 0; m &= m - 1 {
		deltas[bits.TrailingZeros64(m)] = [vdwlist.MaxColors]float64{}
	}
	nc := sr.g.Colors()
	w := sr.g.Weights()
	for j, free := range ex.live {
		p := ex.liveCols[j]
		if p == 0 {
			continue // the same for every colour
		}
		col := bits.TrailingZeros8(p)
		u := bits.OnesCount64(free)
		gain, loss := w[u-1]-w[u], w[u]
		for m := free & ex.cand; m != 0; m &= m - 1 {
			delta := &deltas[bits.TrailingZeros64(m)]
			for c := range nc {
				if c == col {
					delta[c] += gain
				} else {
					delta[c] -= loss
				}
			}
		}
	}
	return deltas
}

// get and put read and write the table of the key's kind (whose hash
// function is k.hash's).
func (sr *searcher) get(k *posKey) (memoEntry, bool) { return sr.getHashed(k, k.hash()) }

// prefetch starts bringing k's slot of the table into the caches (see
// solve.Table.Prefetch) and returns its hash, for getHashed.
func (sr *searcher) prefetch(k *posKey) uint64 {
	switch {
	case k.isWide:
		return sr.sv.wide.Prefetch(k.wide)
	case k.isMid:
		return sr.sv.midTT.Prefetch(k.narrow)
	}
	return sr.sv.tt.Prefetch(k.narrow)
}

// getHashed is get with the key's hash given.
func (sr *searcher) getHashed(k *posKey, h uint64) (memoEntry, bool) {
	switch {
	case k.isWide:
		return sr.sv.wide.GetHashed(k.wide, h)
	case k.isMid:
		return sr.sv.midTT.GetHashed(k.narrow, h)
	}
	return sr.sv.tt.GetHashed(k.narrow, h)
}

func (sr *searcher) put(k *posKey, e memoEntry) {
	switch {
	case k.isWide:
		sr.sv.wide.Put(k.wide, e)
	case k.isMid:
		sr.sv.midTT.Put(k.narrow, e)
	default:
		sr.sv.tt.Put(k.narrow, e)
	}
}

// memoEntry holds a position's exact value, as a numerator over N^r for
// its r relevant uncoloured numbers (below 2^valueBits), and the size of
// the subtree that computed it (bits.Len of its nodes, in the top bits):
// its worth when the table is full.
type memoEntry uint64

const (
	valueBits = 58
	maxWork   = 1<<(64-valueBits) - 1
)

func newEntry(v int64, work uint8) memoEntry {
	return memoEntry(uint64(v) | uint64(work)<<valueBits)
}

func (e memoEntry) value() int64 { return int64(e & (1<<valueBits - 1)) }
func (e memoEntry) work() uint8  { return uint8(e >> valueBits) }
