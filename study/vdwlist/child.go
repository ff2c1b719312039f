package vdwlist

import (
	"math/bits"

	"github.com/kombi/kombi/games/vdwlist"
)

// The quick look at a child. Most positions the search reaches are in the
// table already (transpositions), or decided at once; for them the search
// needs only what the key is made of (the relevant numbers and the threats,
// see examine) and the outcome, not the lists of live progressions. A
// position about to be searched prepares, once, its progressions as sets
// (a bit per progression, at most 64 of them): by class of colour, by
// number, by free count. The child after naming n and colouring it col is
// then a few operations on those sets per colour and per number (look),
// where examine goes through every progression twice; examine runs only
// for a child that is searched itself.

// childPrep is a searched position's progressions as sets, for look.
// Progression i (bit i) is the i-th of the position's live progressions in
// scope whose uncoloured numbers are all candidates (the others are out of
// every child's scope).
type childPrep struct {
	all uint64 // every progression
	// cls[x]: the progressions whose colours' mask has bit length x (0:
	// uncoloured, c+1: colour c)
	cls [vdwlist.MaxColors + 1]uint64
	// single: one uncoloured number at most; pairs: two
	single, pairs uint64
	// thru[x]: the progressions through the uncoloured number x+1
	thru [vdwlist.MaxS]uint64
	// free: each progression's uncoloured numbers; ap: its numbers; col:
	// its colours as a mask (0 while uncoloured)
	free [64]uint64
	ap   [64]uint64
	col  [64]uint8
	// thr[x]: the numbers that complete a progression of class x; hit[x]
	// the progressions through one of them
	thr, hit [vdwlist.MaxColors + 1]uint64
	// numbers: the uncoloured numbers of every progression (where thru is
	// set)
	numbers uint64
}

// prepare fills p from the position examined as ex (player 1 to name, the
// current position); it reports false when look cannot serve its
// children (more than 64 progressions, more than 3 colours, k = 1).
func (sr *searcher) prepare(ex *examined, p *childPrep) bool {
	nc := sr.g.Colors()
	if !threatKeys(nc) || sr.g.K() < 2 {
		return false
	}
	// Cleared: thru where the last position prepared here set it (its
	// numbers); free, ap and col are written before they are read.
	for m := p.numbers; m != 0; m &= m - 1 {
		p.thru[bits.TrailingZeros64(m)] = 0
	}
	p.cls, p.single, p.pairs, p.thr, p.hit, p.numbers = [vdwlist.MaxColors + 1]uint64{}, 0, 0, [vdwlist.MaxColors + 1]uint64{}, [vdwlist.MaxColors + 1]uint64{}, 0
	colored := sr.colored
	i := 0
	for j, a := range ex.aps {
		free := a &^ colored
		if free&^ex.cand != 0 {
			continue // out of the scope of every child
		}
		if i == 64 {
			return false
		}
		bit := uint64(1) << i
		p.free[i], p.ap[i], p.col[i] = free, a, ex.cols[j]
		x := bits.Len8(ex.cols[j])
		p.cls[x] |= bit
		switch bits.OnesCount64(free) {
		case 0, 1:
			p.single |= bit
			p.thr[x] |= free
		case 2:
			p.pairs |= bit
		}
		for m := free; m != 0; m &= m - 1 {
			p.thru[bits.TrailingZeros64(m)] |= bit
		}
		p.numbers |= free
		i++
	}
	p.all = uint64(1)<<i - 1
	if i == 64 {
		p.all = ^uint64(0)
	}
	for x := 1; x <= nc; x++ {
		for m := p.thr[x]; m != 0; m &= m - 1 {
			p.hit[x] |= p.thru[bits.TrailingZeros64(m)]
		}
	}
	return true
}

// look fills what examine(from.cand minus n, from, n, col, ex) finds of
// the key and the outcome (relevant, cand, nm, threats, outcome), from the
// position's prepared sets, with n coloured col already (sr.colored holds
// it), and the sets of its progressions alive and kept. The progressions'
// lists are left empty: lists fills them for a child that is searched.
func (p *childPrep) look(sr *searcher, from *examined, n, col int, ex *examined) {
	nc := sr.g.Colors()
	bit := uint64(1) << (n - 1)
	tn := p.thru[n-1]
	cb := col + 1
	dead := tn &^ (p.cls[0] | p.cls[cb])
	alive := p.all &^ dead
	// The progressions through n of colour col, or uncoloured before, with
	// two uncoloured numbers: now threats of colour col at the other one.
	pairsN := tn & p.pairs &^ dead
	single := p.single&^tn | pairsN
	var newThr uint64
	for m := pairsN; m != 0; m &= m - 1 {
		newThr |= p.free[bits.TrailingZeros64(m)]
	}
	newThr &^= bit
	// Three colours at most (prepare refuses more): each colour's sets by
	// class x = 1..3, written out (those of an absent colour are empty).
	thr := [4]uint64{0, p.thr[1] &^ bit, p.thr[2] &^ bit, p.thr[3] &^ bit}
	thr[cb] |= newThr
	hit := [4]uint64{0, p.hit[1], p.hit[2], p.hit[3]}
	for m := newThr; m != 0; m &= m - 1 {
		hit[cb] |= p.thru[bits.TrailingZeros64(m)]
	}
	// Redundant: a live progression with two uncoloured numbers or more,
	// one of which completes another progression of its colour (those
	// uncoloured before through n now have colour col).
	multi := alive &^ single
	cls := [4]uint64{0, p.cls[1], p.cls[2], p.cls[3]}
	cls[cb] |= p.cls[0] & tn
	red := (cls[1]&hit[1] | cls[2]&hit[2] | cls[3]&hit[3]) & multi
	kept := alive &^ red
	ex.alive, ex.kept = alive, kept
	keptMulti := kept &^ single
	colored := sr.colored
	// A number is relevant when a kept progression with two uncoloured
	// numbers or more holds it, or when it is uncoloured and a kept one
	// with one goes through it: the union of those progressions, each
	// looked at once (a loop over the numbers asking each which kept
	// progressions hold it took twice the instructions). n itself, now
	// coloured, is relevant only in a kept one of two or more (tn: the
	// progressions through n, uncoloured before).
	// The kept ones with one are every one with one (redundancy drops only
	// longer ones) but those through n, which n's colour completes (never
	// looked at) or kills: their uncoloured numbers are the threats.
	relevant := thr[1] | thr[2] | thr[3]
	for m := keptMulti; m != 0; m &= m - 1 {
		relevant |= p.ap[bits.TrailingZeros64(m)]
	}
	relevant = relevant&^bit | min(tn&keptMulti, 1)<<(n-1)
	ex.level = from.level + 1
	ex.threats[0], ex.threats[1], ex.threats[2] = thr[1], thr[2], thr[3]
	cand := relevant &^ colored
	ex.relevant, ex.cand, ex.nm = relevant, cand, bits.OnesCount64(cand)
	ex.aps, ex.cols, ex.live, ex.liveCols = nil, nil, nil, nil
	ex.judge(nc)
}

// lists fills the progressions' lists of a child looked at (see look),
// from its parent's prepared sets: what examine would find, with one pass
// over the child's progressions instead of two over the parent's.
func (sr *searcher) lists(from *examined, n, col int, ex *examined) {
	p := from.prep
	buf := sr.levelBuf(ex.level)
	bit, colBit := uint64(1)<<(n-1), uint8(1)<<col
	na := 0
	for m := ex.alive; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		a := p.ap[i]
		buf.aps[na] = a
		buf.cols[na] = p.col[i] | colBit&uint8(boolMask(a&bit != 0))
		na++
	}
	nl := 0
	for m := ex.kept; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		buf.live[nl] = p.free[i] &^ bit
		buf.liveCols[nl] = p.col[i] | colBit&uint8(boolMask(p.ap[i]&bit != 0))
		nl++
	}
	ex.aps, ex.cols, ex.live, ex.liveCols = buf.aps[:na], buf.cols[:na], buf.live[:nl], buf.liveCols[:nl]
}

// The look ahead. A searched position looks at all its children (every
// number, every colour) before it searches any: their keys first, each
// table slot prefetched as its key is known, then the table. The misses of
// the table's probes (most children are transpositions, found there) then
// overlap instead of following one another, and the children found decide
// the order: a number whose children are all known is worth its exact
// value at no search, and a number whose known children already put it
// below the best so far is not searched at all.

// kid is a child looked at ahead.
type kid struct {
	key   posKey // its key (state kidKey)
	hash  uint64 // the table's hash of key
	val   int64  // its value over d (state kidKnown)
	nm    int8   // its relevant uncoloured numbers
	state uint8
}

// States of a kid.
const (
	kidNone  = iota // not looked at (a colour that completes a progression)
	kidKnown        // decided at once or found in the table
	kidKey          // to be searched (unless a sibling's search stores it)
)

// kidIndex is the index of the child after colouring n with col, of nc
// colours (dense: a position's children share few cache lines).
func kidIndex(n, col, nc int) int { return (n-1)*nc + col }

// lookAhead fills ex.kids with the children of the numbers names (a
// prepared position, ex.prep set); forced holds the colours that complete
// a progression through each number (those children are not looked at).
// It returns the numbers (as bits of number-1) with a child not known.
func (sr *searcher) lookAhead(ex *examined, names []int8, forced *[vdwlist.MaxS]uint8) (unknown uint64) {
	if sr.kids == nil {
		sr.kids = make([][]kid, len(sr.bufs))
		sr.pending = make([]int16, vdwlist.MaxS*vdwlist.MaxColors)
	}
	kids := sr.kids[ex.level]
	if kids == nil {
		kids = make([]kid, vdwlist.MaxS*vdwlist.MaxColors)
		sr.kids[ex.level] = kids
	}
	ex.kids = kids
	nc := sr.g.Colors()
	var child examined
	pending := sr.pending[:0]
	for _, i := range names {
		n := int(i) + 1
		for col := range nc {
			x := kidIndex(n, col, nc)
			k := &kids[x]
			if forced[i]&(1<<col) != 0 {
				k.state = kidNone
				continue
			}
			sr.nodes++
			sr.colour(n, col)
			ex.prep.look(sr, ex, n, col, &child)
			v, ok := sr.decide(&child, &k.key)
			sr.uncolour(n, col)
			if ok {
				k.state, k.val = kidKnown, v
				continue
			}
			k.state, k.nm = kidKey, int8(child.nm)
			k.hash = sr.prefetch(&k.key)
			pending = append(pending, int16(x))
		}
	}
	sr.tick()
	for _, x := range pending {
		k := &kids[x]
		if e, ok := sr.getHashed(&k.key, k.hash); ok {
			k.state, k.val = kidKnown, e.value()*sr.pow[sr.rounds-int(k.nm)]
		} else {
			unknown |= 1 << (int(x) / nc)
		}
	}
	return unknown
}

// knownFirst moves to the front of names (stably) the numbers whose
// children are all known (not in unknown, see lookAhead): their values
// cost no search, and the best of them bounds the search of the others.
// It returns how many there are.
func knownFirst(names []int8, unknown uint64) int {
	var rest [vdwlist.MaxS]int8
	nk, nr := 0, 0
	for _, i := range names {
		if unknown&(1<<i) == 0 {
			names[nk] = i
			nk++
		} else {
			rest[nr] = i
			nr++
		}
	}
	copy(names[nk:], rest[:nr])
	return nk
}
