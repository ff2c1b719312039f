package vdwlist

import (
	"context"
	"math/big"
	"math/bits"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/solve"
)

// The big path: positions with so many relevant numbers r that N^(r+1)
// exceeds the fast path's int64 numerators (r > 35 for 3 colours and lists
// of 2; r > 8 for 8 colours and lists of 4). It is a plain expectimax with
// exact math/big numerators over N^r: the same reductions (relevance,
// immediate wins, independent components, the position's key) and a table
// of exact values, but no windows; every position small enough on the way
// is handed to the fast path (exact, with its own denominator), so only the
// top of the tree pays for big numbers.

// bigLower is the big path's root bookkeeping: player 1's best first move
// found and its proven value over N^rounds.
type bigLower struct {
	move int
	lo   *big.Int
}

// bigPowOf returns N^i (shared: do not modify).
func (sv *Solver) bigPowOf(i int) *big.Int {
	for len(sv.bigPow) <= i {
		if len(sv.bigPow) == 0 {
			sv.bigPow = append(sv.bigPow, big.NewInt(1))
			continue
		}
		p := new(big.Int).Mul(sv.bigPow[len(sv.bigPow)-1], big.NewInt(sv.nLists))
		sv.bigPow = append(sv.bigPow, p)
	}
	return sv.bigPow[i]
}

func (sv *Solver) bigTable() *solve.Table[wideKey, *big.Int] {
	if sv.bigTT == nil {
		sv.bigTT = solve.NewTable[wideKey, *big.Int](hashWide, solve.TableOptions[*big.Int]{MaxBytes: sv.memBytes / 16, SingleThreaded: true})
	}
	return sv.bigTT
}

// scaled returns v·N^e.
func (sr *searcher) scaled(v *big.Int, e int) *big.Int {
	if e == 0 {
		return v
	}
	return new(big.Int).Mul(v, sr.sv.bigPowOf(e))
}

// bigValue returns player 1's winning chance from s, whose R = rounds
// relevant numbers are beyond the fast path; cut short, a proven lower
// bound with the error.
func (sv *Solver) bigValue(ctx context.Context, s *vdwlist.State, rounds int) (*big.Rat, error) {
	sr := sv.newSearcher(ctx, s, rounds, false, true)
	var v *big.Int
	switch s.Phase() {
	case vdwlist.PhaseOver:
		v = new(big.Int)
		if s.Won() {
			v = sv.bigPowOf(rounds)
		}
	case vdwlist.PhaseName:
		sr.atRoot = true
		v = sr.bigPosition(sr.g.Full(), &sr.root, 0, 0, rounds)
		sr.atRoot = false
	case vdwlist.PhaseDraw:
		n := int(s.Named())
		v = sr.bigChance(&sr.root, n, sr.forcedAt(n), rounds)
	case vdwlist.PhaseColour:
		n := int(s.Named())
		w := sr.bigColours(&sr.root, n, sr.forcedAt(n), rounds, s.List())
		for m := s.List(); m != 0; m &= m - 1 {
			if x := w[bits.TrailingZeros8(m)]; v == nil || x.Cmp(v) < 0 {
				v = x
			}
		}
		v = sr.scaled(v, 1) // from N^(R−1) to N^R
	}
	sr.flush()
	if sr.bigLo.move != 0 {
		sv.rootMove, sv.rootLo = sr.bigLo.move, new(big.Rat).SetFrac(sr.bigLo.lo, sv.bigPowOf(rounds))
	}
	return new(big.Rat).SetFrac(v, sv.bigPowOf(rounds)), sr.err
}

// bigNameValue returns player 1's exact winning chance after naming n in
// s (player 1 to name), whose R = rounds relevant numbers are beyond the
// fast path.
func (sv *Solver) bigNameValue(ctx context.Context, s *vdwlist.State, n, rounds int) (*big.Rat, error) {
	sr := sv.newSearcher(ctx, s, rounds, false, true)
	v := sr.bigChance(&sr.root, n, sr.forcedAt(n), rounds)
	sr.flush()
	return new(big.Rat).SetFrac(v, sv.bigPowOf(rounds)), sr.err
}

// bigPosition returns the value of the current position (player 1 to
// name, within scope; n coloured col after from, see examine) as a
// numerator over N^r, where r is at least its number of relevant
// uncoloured numbers; cut short, a proven lower bound.
func (sr *searcher) bigPosition(scope uint64, from *examined, n, col, r int) *big.Int {
	root := sr.atRoot
	sr.atRoot = false
	sr.nodes++
	sr.tick()
	if sr.err != nil {
		return new(big.Int)
	}
	var ex examined
	sr.examine(scope, from, n, col, &ex)
	switch ex.outcome {
	case lostNow:
		return new(big.Int)
	case wonNow:
		return sr.sv.bigPowOf(r)
	}
	nm := ex.nm
	if sr.sv.fits(nm) { // small enough: the fast path, exactly
		d, rounds := sr.d, sr.rounds
		sr.d, sr.rounds, sr.atRoot = sr.pow[nm], nm, root
		v, _ := sr.position(scope, from, n, col, false, nil)
		if root && sr.rootMove != 0 {
			sr.bigLo = bigLower{sr.rootMove, sr.scaled(big.NewInt(sr.rootLo), r-nm)}
		}
		sr.d, sr.rounds, sr.atRoot = d, rounds, false
		return sr.scaled(big.NewInt(v), r-nm)
	}
	var comps [vdwlist.MaxS]uint64
	if nc, split := components(ex.cand, ex.live, &comps); split {
		// 1 − Π(1 − vᵢ) over N^nm: each component's value over N^|comp|
		lose := big.NewInt(1)
		done := 0 // the numbers of the components multiplied in
		for _, c := range comps[:nc] {
			rc := bits.OnesCount64(c)
			v := sr.bigPosition(c, &ex, 0, 0, rc)
			lose.Mul(lose, new(big.Int).Sub(sr.sv.bigPowOf(rc), v))
			done += rc
			if sr.err != nil { // the others count as lost: still a lower bound
				break
			}
		}
		lose.Mul(lose, sr.sv.bigPowOf(nm-done))
		return sr.scaled(new(big.Int).Sub(sr.sv.bigPowOf(nm), lose), r-nm)
	}
	key := sr.wideCanonical(&ex)
	if v, ok := sr.sv.bigTable().Get(key); ok {
		return sr.scaled(v, r-nm)
	}
	sr.searched++
	order, nn, forced := sr.nameOrder(&ex)
	full := sr.sv.bigPowOf(nm)
	var best *big.Int
	for _, i := range order[:nn] {
		v := sr.bigChance(&ex, int(i)+1, forced[i], nm)
		if best == nil || v.Cmp(best) > 0 {
			best = v
			if root {
				sr.bigLo = bigLower{int(i) + 1, sr.scaled(v, r-nm)}
			}
		}
		if sr.err != nil || best.Cmp(full) == 0 {
			break
		}
	}
	if sr.err == nil {
		sr.sv.bigTable().Put(key, best)
	}
	return sr.scaled(best, r-nm)
}

// bigChance returns the value of naming n in the position examined as ex (over N^r): the sum over the
// lists of player 2's best colour in the list, each over N^(r−1). Cut
// short, a lower bound.
func (sr *searcher) bigChance(ex *examined, n int, forced uint8, r int) *big.Int {
	w := sr.bigColours(ex, n, forced, r, 0)
	sum := new(big.Int)
	for _, list := range sr.g.Lists() {
		var low *big.Int
		for m := uint8(list); m != 0; m &= m - 1 {
			if x := w[bits.TrailingZeros8(m)]; low == nil || x.Cmp(low) < 0 {
				low = x
			}
		}
		sum.Add(sum, low)
	}
	return sum
}

// bigColours returns the value after colouring n with each colour (of
// list, or every colour when list is 0) in the position examined as ex,
// over N^(r−1); cut short, lower bounds (0 for the colours not searched).
func (sr *searcher) bigColours(ex *examined, n int, forced uint8, r int, list uint8) [vdwlist.MaxColors]*big.Int {
	var w [vdwlist.MaxColors]*big.Int
	scope := ex.cand &^ (1 << (n - 1))
	for col := range sr.g.Colors() {
		switch {
		case list != 0 && list&(1<<col) == 0:
		case forced&(1<<col) != 0:
			w[col] = sr.sv.bigPowOf(r - 1)
		case sr.err != nil:
			w[col] = new(big.Int)
		default:
			sr.colour(n, col)
			w[col] = sr.bigPosition(scope, ex, n, col, r-1)
			sr.uncolour(n, col)
		}
	}
	return w
}
