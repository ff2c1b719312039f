package vdwlist

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Solver computes exactly the probability that player 1 wins under optimal
// play by both players.
//
// Values are exact fractions: a position whose player 1 can still name r
// relevant numbers has a value that is a multiple of 1/N^r, where N = C(c,l)
// is the number of lists. The table stores each position's value (or
// bounds) as an integer over its own N^r, so one table serves any root
// position and any game length s of the same k, c and l; a search from a
// root with R uncoloured numbers works with numerators over D = N^R, kept in
// int64: N^(R+1) must stay below 2^60.
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
//     key. Positions with equal keys have equal values; keys are exact (no
//     hashing collisions) and memoised in a solve.Table of bounded memory
//     that, once full, keeps the entries of the largest subtrees.
//   - A colour that completes a progression through the named number wins at
//     once for player 1; a number whose every colour does so wins with
//     certainty.
//   - With l = 1 player 2 has no choice and every number gets an independent
//     uniform colour, so player 1 wins exactly when the full random colouring
//     holds a monochromatic progression, whatever the order: the solver lets
//     player 1 name just one (the most constrained) number.
//   - Alpha-beta windows on exact numerators at both players' nodes and
//     Ballard's *-minimax (Star2: probe each list's most promising colour
//     first, then Star1 windows) at the draws; the table keeps lower and
//     upper bounds.
type Solver struct {
	g      *Game
	nLists int64
	d      int64   // N^R for the current root
	pow    []int64 // pow[i] = N^i, i ≤ R
	tt     *solve.Table[memoKey, memoEntry]
	puts   uint32 // the puts into tt, numbering them
	nodes  int64
	// startNodes is nodes when the current search began
	startNodes int64
	// maxNodes bounds the nodes of a search (0: no bound)
	maxNodes int64
	ctx      context.Context
	err      error
	// the position being searched
	masks   [MaxColors]uint64
	colored uint64
	live    [MaxS + 1][]uint64 // scratch: the live progressions at each depth
	// the colours present in each progression (a mask), how many numbers of
	// each colour it has, and the set of progressions with one colour at
	// most, kept up to date as numbers are coloured
	apPresent  []uint8
	apCount    []uint8
	liveSet    []uint64
	cellColour [MaxS]uint8 // the colour of each coloured number
	// root: the root position's best move so far and its proven value
	// (a lower bound), for a search that is cut short
	atRoot   bool
	rootMove int
	rootLo   int64
	// progress
	progress   func(solve.Progress)
	start      time.Time
	nextReport time.Time
}

// DefaultMemBytes is the memory bound of a solver's table when none is given.
const DefaultMemBytes = 512 << 20

// NewSolver returns a solver for g whose table grows to at most memBytes
// bytes (0: DefaultMemBytes). Its table persists between calls.
func NewSolver(g *Game, memBytes int64) *Solver {
	if memBytes <= 0 {
		memBytes = DefaultMemBytes
	}
	sv := &Solver{g: g, nLists: int64(len(g.lists))}
	// Once the table is full, the entry being stored (the put numbered
	// sv.puts) outranks every stored one, and the stored entry of the
	// smallest subtree gives way: recent small entries churn while large
	// ones stay. (Dropping the new entry instead, as a plain Worth of the
	// subtree size does, searches six to eight times the positions with a
	// table too small for the game.)
	sv.tt = solve.NewTable[memoKey, memoEntry](hashKey, solve.TableOptions[memoEntry]{
		MaxBytes: memBytes,
		Worth: func(e memoEntry) int64 {
			if e.put == sv.puts {
				return math.MaxInt64
			}
			return int64(e.work)
		},
	})
	return sv
}

// SetGame switches the solver to another game length s of the same k, c and
// l, keeping its table: the table's keys and values do not depend on s.
func (sv *Solver) SetGame(g *Game) error {
	if g.k != sv.g.k || g.c != sv.g.c || g.l != sv.g.l {
		return fmt.Errorf("solve: %s has other k, colors or list than %s", g, sv.g)
	}
	sv.g = g
	return nil
}

// MaxRounds is the largest number of uncoloured numbers a root position may
// have for the solver's 64-bit fractions: N^(R+1) ≤ 2^60 with N = C(c,l).
func MaxRounds(c, l int) int {
	n := int64(binom(c, l))
	if n == 1 {
		return MaxS
	}
	r, d := 0, n
	for d <= (1<<60)/n && r < MaxS {
		d *= n
		r++
	}
	return r
}

// setRounds prepares the numerators for a root with R uncoloured numbers.
func (sv *Solver) setRounds(rounds int) error {
	if m := MaxRounds(sv.g.c, sv.g.l); rounds > m {
		return fmt.Errorf("exact fractions overflow: %d uncoloured numbers need C(%d,%d)^%d, beyond 64-bit integers; the solver handles at most %d for colors=%d, list=%d",
			rounds, sv.g.c, sv.g.l, rounds+1, m, sv.g.c, sv.g.l)
	}
	sv.pow = sv.pow[:0]
	p := int64(1)
	for range rounds + 1 {
		sv.pow = append(sv.pow, p)
		p *= sv.nLists
	}
	sv.d = sv.pow[rounds]
	return nil
}

// Denominator returns D: values are numerators over D.
func (sv *Solver) Denominator() int64 { return sv.d }

// Nodes returns the number of positions searched so far.
func (sv *Solver) Nodes() int64 { return sv.nodes }

// Stored returns the number of positions in the table.
func (sv *Solver) Stored() int { return sv.tt.Len() }

// SetProgress sets a function that receives a progress report every second
// or so during a search.
func (sv *Solver) SetProgress(f func(solve.Progress)) { sv.progress = f }

// SetNodeLimit bounds every later search to n positions (0: no
// bound); a search past it stops with an error wrapping solve.ErrBudget.
func (sv *Solver) SetNodeLimit(n int64) { sv.maxNodes = n }

// Value returns the exact probability that player 1 wins from s under
// optimal play by both, in any phase of a round (1 or 0 in a finished
// game). When the search is cut short (the context, the node limit) it
// returns a proven lower bound of the probability with the error.
func (sv *Solver) Value(ctx context.Context, s *State) (*big.Rat, error) {
	num, err := sv.value(ctx, s)
	if num < 0 {
		return nil, err
	}
	return big.NewRat(num, sv.d), err
}

// MoveValues returns the exact winning probability of player 1 after each
// legal move of the player to move in s (player 1 naming a number, or
// player 2 colouring it).
func (sv *Solver) MoveValues(ctx context.Context, s *State) ([]game.Move, []*big.Rat, error) {
	if s.phase != phaseName && s.phase != phaseColour {
		return nil, nil, fmt.Errorf("solve: no player is to move")
	}
	moves := s.LegalMoves(nil)
	vals := make([]*big.Rat, len(moves))
	for i, m := range moves {
		c := s.Clone().(*State)
		c.ApplyUnchecked(m)
		v, err := sv.Value(ctx, c)
		if err != nil {
			return nil, nil, err
		}
		vals[i] = v
	}
	return moves, vals, nil
}

func (sv *Solver) begin(ctx context.Context, s *State) error {
	if s.g != sv.g {
		if err := sv.SetGame(s.g); err != nil {
			return err
		}
	}
	if err := sv.setRounds(bits.OnesCount64(s.g.full &^ s.colored)); err != nil {
		return err
	}
	sv.ctx, sv.err = ctx, nil
	sv.startNodes = sv.nodes
	sv.masks, sv.colored = s.masks, s.colored
	sv.initProgressions()
	if sv.start.IsZero() {
		sv.start = time.Now()
		sv.nextReport = sv.start.Add(2 * time.Second)
	}
	return nil
}

// value returns the numerator of player 1's winning chance from s; when the
// search is cut short, a proven lower bound with the error (−1 when the
// search could not start).
func (sv *Solver) value(ctx context.Context, s *State) (int64, error) {
	if err := sv.begin(ctx, s); err != nil {
		return -1, err
	}
	sv.rootMove, sv.rootLo = 0, 0
	var v int64
	switch s.phase {
	case phaseOver:
		if s.win != 0 {
			v = sv.d
		}
	case phaseName:
		sv.atRoot = true
		v = sv.position(sv.g.full, -1, sv.d+1)
		sv.atRoot = false
	case phaseDraw:
		n := int(s.pending)
		v = sv.chance(sv.g.full, n, sv.forcedAt(n), -1, sv.d+1)
	case phaseColour:
		n := int(s.pending)
		forced := sv.forcedAt(n)
		var wlo, whi [MaxColors]int64
		sv.initW(forced, &wlo, &whi)
		v = sv.d + 1
		for m := s.list; m != 0 && sv.err == nil; m &= m - 1 {
			v = min(v, sv.w(sv.g.full, n, bits.TrailingZeros8(m), -1, sv.d+1, &wlo, &whi))
		}
		if sv.err != nil { // the proven lower bound: the list's smallest
			v = sv.d
			for m := s.list; m != 0; m &= m - 1 {
				v = min(v, wlo[bits.TrailingZeros8(m)])
			}
		}
	}
	return v, sv.err
}

// initProgressions sets the progressions' colour counts and the live set
// from the current position.
func (sv *Solver) initProgressions() {
	na := len(sv.g.aps)
	sv.apPresent = make([]uint8, na)
	sv.apCount = make([]uint8, na*MaxColors)
	sv.liveSet = make([]uint64, (na+63)/64)
	for col := range sv.g.c {
		for m := sv.masks[col]; m != 0; m &= m - 1 {
			sv.cellColour[bits.TrailingZeros64(m)] = uint8(col)
		}
	}
	for i, a := range sv.g.aps {
		for col := range sv.g.c {
			if n := bits.OnesCount64(a & sv.masks[col]); n > 0 {
				sv.apCount[i*MaxColors+col] = uint8(n)
				sv.apPresent[i] |= 1 << col
			}
		}
		if p := sv.apPresent[i]; p&(p-1) == 0 {
			sv.liveSet[i>>6] |= 1 << (i & 63)
		}
	}
}

// colour colours the number n with col and updates the progressions.
func (sv *Solver) colour(n, col int) {
	bit := uint64(1) << (n - 1)
	sv.cellColour[n-1] = uint8(col)
	sv.masks[col] |= bit
	sv.colored |= bit
	for _, i := range sv.g.throughIdx[n-1] {
		c := &sv.apCount[int(i)*MaxColors+col]
		if *c == 0 {
			p := sv.apPresent[i]
			if p != 0 && p&(p-1) == 0 { // a second colour: the progression dies
				sv.liveSet[i>>6] &^= 1 << (i & 63)
			}
			sv.apPresent[i] = p | 1<<col
		}
		*c++
	}
}

// uncolour takes back colour(n, col).
func (sv *Solver) uncolour(n, col int) {
	bit := uint64(1) << (n - 1)
	sv.masks[col] &^= bit
	sv.colored &^= bit
	for _, i := range sv.g.throughIdx[n-1] {
		c := &sv.apCount[int(i)*MaxColors+col]
		*c--
		if *c == 0 {
			p := sv.apPresent[i] &^ (1 << col)
			sv.apPresent[i] = p
			if p != 0 && p&(p-1) == 0 { // back to one colour: live again
				sv.liveSet[i>>6] |= 1 << (i & 63)
			}
		}
	}
}

// forcedAt returns the colours that would complete a progression through
// the number n in the current position.
func (sv *Solver) forcedAt(n int) uint8 {
	var f uint8
	bit := uint64(1) << (n - 1)
	for col := range sv.g.c {
		if sv.g.completed(sv.masks[col]|bit, n) != 0 {
			f |= 1 << col
		}
	}
	return f
}

func (sv *Solver) tick() {
	if sv.maxNodes > 0 && sv.nodes-sv.startNodes > sv.maxNodes && sv.err == nil {
		sv.err = fmt.Errorf("after %d positions: %w", sv.maxNodes, solve.ErrBudget)
	}
	if sv.nodes&0xfff != 0 || sv.err != nil {
		return
	}
	if err := sv.ctx.Err(); err != nil {
		sv.err = err
		return
	}
	if sv.progress != nil {
		if now := time.Now(); now.After(sv.nextReport) {
			sv.nextReport = now.Add(time.Second)
			sv.progress(solve.Progress{Nodes: sv.nodes, Elapsed: now.Sub(sv.start),
				Message: fmt.Sprintf("%d positions stored (%d MiB)", sv.tt.Len(), sv.tt.Bytes()>>20)})
		}
	}
}

// position returns the fail-soft value of the current position with player
// 1 to name a number, within the window (alpha, beta): a value ≤ alpha is an
// upper bound, ≥ beta a lower bound, otherwise exact. Only the live
// progressions whose uncoloured numbers lie in scope count: scope is a
// component (see split) or everything, and the position's other
// progressions belong to independent games (or are redundant).
func (sv *Solver) position(scope uint64, alpha, beta int64) int64 {
	sv.nodes++
	sv.tick()
	if sv.err != nil {
		return 0
	}
	v, _ := sv.analyse(scope, alpha, beta)
	return v
}

// analyse does position's work; it also returns the number of relevant
// uncoloured numbers (the value is a multiple of 1/N^that). When the search
// is cut short (sv.err), it returns a proven lower bound of the value, as
// do chance, split and w.
func (sv *Solver) analyse(scope uint64, alpha, beta int64) (int64, int) {
	root := sv.atRoot
	sv.atRoot = false
	g := sv.g
	nc := g.c
	colored := sv.colored
	depth := bits.OnesCount64(colored)
	scratch := sv.live[depth][:0]
	var threats [MaxColors]uint64
	var anyThreat uint64 // k = 1: a lone uncoloured number, every colour completes it
	aps, present := g.aps, sv.apPresent
	for wi, word := range sv.liveSet {
		for ; word != 0; word &= word - 1 {
			i := wi<<6 | bits.TrailingZeros64(word)
			a := aps[i]
			free := a &^ colored
			if free&^scope != 0 {
				continue // a progression of another component (or a redundant one across components)
			}
			col := -1
			if p := present[i]; p != 0 {
				col = bits.TrailingZeros8(p)
			}
			if free&(free-1) == 0 {
				if col >= 0 {
					threats[col] |= free
				} else {
					anyThreat |= free
				}
			}
			scratch = append(scratch, a, uint64(col+1))
		}
	}
	// A live progression of colour col through a number that completes
	// another progression of colour col is redundant: it can only become
	// monochromatic after that one. Dropping it leaves the winning events
	// unchanged and makes more numbers irrelevant.
	var relevant uint64
	live := scratch[len(scratch):]
	for i := 0; i < len(scratch); i += 2 {
		a, col := scratch[i], int(scratch[i+1])-1
		free := a &^ colored
		if col >= 0 && free&(free-1) != 0 && free&threats[col] != 0 {
			continue
		}
		relevant |= a
		live = append(live, free)
	}
	sv.live[depth] = scratch[:cap(scratch)][:0]
	cand := relevant &^ colored
	if cand == 0 {
		return 0, 0
	}
	nm := bits.OnesCount64(cand)
	if anyThreat != 0 {
		return sv.d, nm
	}
	if nc > 1 {
		// a number that completes a progression in every colour wins at once
		both := threats[0]
		for i := 1; i < nc; i++ {
			both &= threats[i]
		}
		if both != 0 {
			return sv.d, nm
		}
	} else if threats[0] != 0 {
		return sv.d, nm
	}
	if first := component(cand, live); first != cand {
		var comps [MaxS]uint64
		comps[0] = first
		n := 1
		for rest := cand &^ first; rest != 0; n++ {
			comps[n] = component(rest, live)
			rest &^= comps[n]
		}
		return sv.split(comps[:n]), nm
	}
	key, keyed := sv.canonical(relevant)
	scale := sv.pow[len(sv.pow)-1-nm] // the table keeps values over N^nm
	var stored memoEntry
	if keyed {
		var ok bool
		if stored, ok = sv.tt.Get(key); ok {
			lo, hi := stored.lo*scale, stored.hi*scale
			switch {
			case lo >= beta:
				return lo, nm
			case hi <= alpha:
				return hi, nm
			case lo == hi:
				return lo, nm
			}
		} else {
			stored = memoEntry{lo: 0, hi: math.MaxInt64}
		}
	}
	// Order player 1's numbers: most completing colours first, then the
	// weights of the potential progressions through them.
	var forced [MaxS]uint8
	for col := 0; col < nc; col++ {
		for m := threats[col]; m != 0; m &= m - 1 {
			forced[bits.TrailingZeros64(m)] |= 1 << col
		}
	}
	var keys [MaxS]float64
	w := g.weights
	for _, free := range live {
		add := w[bits.OnesCount64(free)]
		for m := free; m != 0; m &= m - 1 {
			keys[bits.TrailingZeros64(m)] += add
		}
	}
	var order [MaxS]int8
	for m := cand; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		keys[i] += 1000 * float64(bits.OnesCount8(forced[i]))
	}
	n := 0
	for m := cand; m != 0; m &= m - 1 {
		i := int8(bits.TrailingZeros64(m))
		j := n
		for j > 0 && keys[order[j-1]] < keys[i] {
			order[j] = order[j-1]
			j--
		}
		order[j] = i
		n++
	}
	if g.l == 1 {
		n = 1 // player 2 has no choice: every order of naming is as good
	}
	start := sv.nodes
	best := int64(-1)
	proven := int64(0) // the largest proven lower bound of a move
	for _, i := range order[:n] {
		a := max(alpha, best)
		v := sv.chance(cand, int(i)+1, forced[i], a, beta)
		if sv.err != nil || v > a {
			if v > proven && root {
				sv.rootMove, sv.rootLo = int(i)+1, v
			}
			proven = max(proven, v)
		}
		if sv.err != nil {
			return proven, nm
		}
		if v > best {
			best = v
			if best >= beta || best == sv.d {
				break
			}
		}
	}
	if keyed {
		lo, hi := int64(0), sv.d
		switch {
		case best <= alpha:
			hi = best
		case best >= beta:
			lo = best
		default:
			lo, hi = best, best
		}
		work := uint8(min(bits.Len64(uint64(sv.nodes-start)), 255))
		sv.puts++
		sv.tt.Put(key, memoEntry{lo: max(stored.lo, (lo+scale-1)/scale), hi: min(stored.hi, hi/scale), work: max(stored.work, work), put: sv.puts})
	}
	return best, nm
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

// split returns the value of a position whose live progressions fall into
// independent components: player 1 loses only if he loses every one, and
// no play can make the components' results dependent (under player 2's
// optimal play in each, 1 − Π(1 − vᵢ) of the components' current values is
// a supermartingale; player 1 reaches it by finishing one component after
// the other), so the value is 1 − Π(1 − vᵢ), computed exactly.
func (sv *Solver) split(comps []uint64) int64 {
	lose := uint64(sv.d) // the product of the losing chances, over D
	for _, c := range comps {
		v := sv.position(c, -1, sv.d+1) // exact, or a lower bound when cut short
		if v == sv.d {
			return sv.d
		}
		hi, lo := bits.Mul64(lose, uint64(sv.d-v))
		q, r := bits.Div64(hi, lo, uint64(sv.d))
		if r != 0 {
			q++ // round the losing chance up: the result stays a lower bound
		}
		lose = q
		if sv.err != nil {
			break
		}
	}
	return sv.d - int64(lose)
}

func (sv *Solver) initW(forced uint8, wlo, whi *[MaxColors]int64) {
	for col := range sv.g.c {
		if forced&(1<<col) != 0 {
			wlo[col], whi[col] = sv.d, sv.d
		} else {
			wlo[col], whi[col] = 0, sv.d
		}
	}
}

// w returns the fail-soft value after colouring n with col, within (x, y),
// using and tightening the bounds wlo, whi known for the colours of n.
func (sv *Solver) w(scope uint64, n, col int, x, y int64, wlo, whi *[MaxColors]int64) int64 {
	switch {
	case wlo[col] == whi[col]:
		return wlo[col]
	case wlo[col] >= y:
		return wlo[col]
	case whi[col] <= x:
		return whi[col]
	}
	bit := uint64(1) << (n - 1)
	sv.colour(n, col)
	v := sv.position(scope&^bit, x, y)
	sv.uncolour(n, col)
	if sv.err != nil { // cut short: v is a lower bound
		wlo[col] = max(wlo[col], v)
		return v
	}
	switch {
	case v <= x:
		whi[col] = min(whi[col], v)
	case v >= y:
		wlo[col] = max(wlo[col], v)
	default:
		wlo[col], whi[col] = v, v
	}
	return v
}

// chance returns the fail-soft value of naming n: the average over the
// lists of player 2's best colour in the list. forced holds the colours that
// complete a progression through n.
func (sv *Solver) chance(scope uint64, n int, forced uint8, alpha, beta int64) int64 {
	g := sv.g
	var wlo, whi [MaxColors]int64
	sv.initW(forced, &wlo, &whi)
	order, nOrder := sv.colourOrder(n, forced)
	colours := order[:nOrder]
	nl := sv.nLists
	sums := func() (int64, int64) {
		var slo, shi int64
		for _, list := range g.lists {
			lo, hi := sv.d, sv.d
			for m := uint8(list); m != 0; m &= m - 1 {
				col := bits.TrailingZeros8(m)
				lo, hi = min(lo, wlo[col]), min(hi, whi[col])
			}
			slo += lo
			shi += hi
		}
		return slo, shi
	}
	listBounds := func(list uint8) (int64, int64) {
		lo, hi := sv.d, sv.d
		for m := list; m != 0; m &= m - 1 {
			col := bits.TrailingZeros8(m)
			lo, hi = min(lo, wlo[col]), min(hi, whi[col])
		}
		return lo, hi
	}
	slo, shi := sums()
	cut := func() (int64, bool) {
		switch {
		case slo >= nl*beta:
			return slo / nl, true
		case shi <= nl*alpha:
			return (shi + nl - 1) / nl, true
		}
		return 0, false
	}
	if v, ok := cut(); ok {
		return v
	}
	// Star2's probing: for every list, its most promising colour for
	// player 2; each bounds the list's value from above.
	for _, lm := range g.lists {
		list := uint8(lm)
		col := -1
		for _, c := range colours {
			if list&(1<<c) != 0 {
				col = int(c)
				break
			}
		}
		if col < 0 || wlo[col] == whi[col] {
			continue
		}
		lo, hi := listBounds(list)
		if lo == hi {
			continue
		}
		x := max(nl*alpha-(shi-hi), lo-1)
		y := min(nl*beta-(slo-lo), hi+1)
		sv.w(scope, n, col, x, y, &wlo, &whi)
		if sv.err != nil {
			slo, _ = sums()
			return slo / nl
		}
		slo, shi = sums()
		if v, ok := cut(); ok {
			return v
		}
	}
	// Star1: every list in turn, with the window that can still move the
	// average across (alpha, beta).
	for _, lm := range g.lists {
		list := uint8(lm)
		lo, hi := listBounds(list)
		if lo == hi {
			continue
		}
		x := max(nl*alpha-(shi-hi), lo-1)
		y := min(nl*beta-(slo-lo), hi+1)
		best := sv.d + 1
		for _, c := range colours {
			col := int(c)
			if list&(1<<col) == 0 {
				continue
			}
			v := sv.w(scope, n, col, x, min(y, best), &wlo, &whi)
			if sv.err != nil {
				slo, _ = sums()
				return slo / nl
			}
			best = min(best, v)
			if best <= x {
				break
			}
		}
		slo, shi = sums()
		if v, ok := cut(); ok {
			return v
		}
	}
	return slo / nl
}

// colourOrder returns the colours in the order player 2 should try them at
// the number n: colours that complete a progression last, the others by how
// much potential they add for player 1 (gains of the progressions of that
// colour through n minus the progressions of the other colours it kills).
func (sv *Solver) colourOrder(n int, forced uint8) ([MaxColors]int8, int) {
	g := sv.g
	var delta [MaxColors]float64
	w := g.weights
	for _, i := range g.throughIdx[n-1] {
		if sv.liveSet[i>>6]&(1<<(i&63)) == 0 {
			continue
		}
		p := sv.apPresent[i]
		if p == 0 {
			continue // the same for every colour
		}
		col := bits.TrailingZeros8(p)
		u := bits.OnesCount64(g.aps[i] &^ sv.colored)
		for c := range g.c {
			if c == col {
				delta[c] += w[u-1] - w[u]
			} else {
				delta[c] -= w[u]
			}
		}
	}
	var out [MaxColors]int8
	for c := range g.c {
		if forced&(1<<c) != 0 {
			delta[c] = math.Inf(1) // completing colours last
		}
		j := c
		for j > 0 && delta[out[j-1]] > delta[c] {
			out[j] = out[j-1]
			j--
		}
		out[j] = int8(c)
	}
	return out, g.c
}

// canonical returns the exact key of the current position reduced to its
// relevant numbers (see Solver), or false when it does not fit in 192 bits.
func (sv *Solver) canonical(relevant uint64) (memoKey, bool) {
	lo := bits.TrailingZeros64(relevant)
	hi := 63 - bits.LeadingZeros64(relevant)
	step := 1
	if relevant&(relevant>>1) == 0 { // no two neighbours: maybe a dilated board
		step = 0
		for m := relevant &^ (1 << lo); m != 0; m &= m - 1 {
			step = gcd(step, bits.TrailingZeros64(m)-lo)
			if step == 1 {
				break
			}
		}
		if step == 0 {
			step = 1
		}
	}
	span := (hi-lo)/step + 1
	symBits := bits.Len(uint(sv.g.c + 1))
	if span*symBits > 192 {
		return memoKey{}, false
	}
	fwd := sv.pack(relevant, lo, step, span, symBits)
	bwd := sv.pack(relevant, hi, -step, span, symBits)
	if bwd[2] < fwd[2] || bwd[2] == fwd[2] && (bwd[1] < fwd[1] || bwd[1] == fwd[1] && bwd[0] < fwd[0]) {
		return bwd, true
	}
	return fwd, true
}

// pack writes the cells from, from+step, ... (span of them) as symbols: 0
// irrelevant, 1 relevant and uncoloured, 2+ a colour renamed in order of
// appearance. The first cell goes to the highest bits, so that keys compare
// like the symbol strings.
func (sv *Solver) pack(relevant uint64, from, step, span, symBits int) memoKey {
	var rename [MaxColors]uint8
	next := uint8(2)
	var key memoKey
	colored := sv.colored
	for t := range span {
		i := from + t*step
		bit := uint64(1) << i
		var sym uint8
		switch {
		case relevant&bit == 0:
		case colored&bit == 0:
			sym = 1
		default:
			col := sv.cellColour[i]
			if rename[col] == 0 {
				rename[col] = next
				next++
			}
			sym = rename[col]
		}
		pos := 192 - (t+1)*symBits
		key[pos/64] |= uint64(sym) << (pos % 64)
		if over := pos%64 + symBits - 64; over > 0 {
			key[pos/64+1] |= uint64(sym) >> (symBits - over)
		}
	}
	return key
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// memoKey is an exact position key: 3-bit (or, beyond six colours, 4-bit)
// symbols packed into 192 bits.
type memoKey [3]uint64

func hashKey(k memoKey) uint64 {
	return game.HashMix(game.HashMix(game.HashMix(0x6d656d6f, k[0]), k[1]), k[2])
}

// memoEntry holds a position's value bounds, as numerators over N^r for its
// r relevant uncoloured numbers, the size of the subtree that proved them
// (bits.Len of its nodes), its worth when the table is full, and the number
// of the put that stored it (see NewSolver).
type memoEntry struct {
	lo, hi int64
	put    uint32
	work   uint8
}
