package apgame

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Search scores: a win found at ply d scores winScore−d, so faster wins are
// preferred and slower losses; heuristic values stay far below.
const (
	winScore = int64(1) << 55
	winBound = winScore - 10_000
)

// StrongOptions tune Strong.
type StrongOptions struct {
	// Work bounds the effort per move (default 5 million): one unit per
	// position searched and per progression examined. The bound, not the
	// clock, ends the search in normal play, so the same seed gives the same
	// game on any machine.
	Work int64
	// Time bounds each move as a safety net (default 5s); the match's
	// think-time limit, when shorter, bounds it too.
	Time time.Duration
	// Depth bounds the full-width search in moves (default 64); forced
	// replies to threats and the threat quiescence come on top.
	Depth int
	// Quiescence bounds the threats searched beyond the horizon (0: the
	// default 4; negative: none).
	Quiescence int
	// Model is the opponent model used in lost positions: "extendblock"
	// (the default), "uniform" or "none" (see Strong).
	Model string
	// SwindlePlies is how many of our moves the opponent model looks ahead
	// (default 2).
	SwindlePlies int
}

func (o StrongOptions) withDefaults() StrongOptions {
	if o.Work <= 0 {
		o.Work = 5_000_000
	}
	if o.Time <= 0 {
		o.Time = 5 * time.Second
	}
	if o.Depth <= 0 {
		o.Depth = 64
	}
	if o.Model == "" {
		o.Model = "extendblock"
	}
	if o.SwindlePlies <= 0 {
		o.SwindlePlies = 2
	}
	if o.Quiescence < 0 {
		o.Quiescence = 0
	} else if o.Quiescence == 0 {
		o.Quiescence = 4
	}
	return o
}

// Strong is a searching player. It
//   - takes an immediate win (a number completing one of its progressions);
//   - otherwise blocks the opponent's immediate win (when the opponent has
//     two different winning numbers the game is lost and it blocks one);
//   - otherwise searches by iterative-deepening alpha-beta (negamax) with a
//     transposition table. In the search a player with a winning number
//     wins, a player facing two loses, and a player facing one must block it
//     (a forced move that costs no depth), so double threats and chains of
//     threats ending in one are seen early; beyond the horizon a quiescence
//     search follows the moves that make threats. Positions are scored by
//     Σ 5^c over the progressions each side can still complete holding c of
//     its numbers, own minus opponent's: zero for a symmetric position, and
//     far below the score of any proven win or loss.
//
// Only numbers lying in a progression someone can still complete are
// searched: colouring another number changes nothing for either player. The
// search deepens until a win or loss is proven, the tree is searched to the
// end, or the work bound is spent.
//
// When the search proves that every move loses against perfect play, the
// choice among them cannot make things worse, so Strong picks the move that
// gives a fallible opponent the best chance to go wrong: by default it
// models the opponent as the project's greedy strategy (ExtendBlock, whose
// random choices it averages over) and maximises its expected score over
// SwindlePlies of its own moves, each line judged by a short search (won,
// lost, or open = ½). Model "uniform" takes every reply as equally likely;
// "none" plays the slowest loss.
type Strong struct {
	opt   StrongOptions
	tt    *solve.Table[uint64, ttEntry]
	st    *State
	nodes int64
	// work counts the effort of the current move: one unit per position
	// and per progression looked at; the search stops past opt.Work.
	work, checked int64
	partner       []int32 // scratch of doubleThreat, all -1
	// horizon counts the positions of this iteration judged by the static
	// score rather than searched to the end.
	horizon int64
	game    *Game // the game the table belongs to
	stop    bool
	ctx     context.Context
	// hard is set while the first iteration runs: it ignores the node bound.
	hard bool
	buf  [][]int32
	// swDepth is the depth of the searches that judge swindle lines.
	swDepth int
	gain    [][]int64
}

// ttEntry is what the transposition table holds for a position searched.
type ttEntry struct {
	value int64
	best  int32
	depth int8
	flag  int8 // 1 exact, 2 lower bound, 3 upper bound
}

const (
	// strongTableBytes bounds the transposition table: 2^18 entries.
	strongTableBytes = 8 << 20
	exactDepth       = 127
)

// NewStrong returns a strong player with the given options (zero values:
// the defaults).
func NewStrong(opt StrongOptions) *Strong {
	z := &Strong{opt: opt.withDefaults()}
	z.Release()
	return z
}

// Release drops the transposition table (bot.Releaser) for a new, empty
// one.
func (z *Strong) Release() {
	z.tt = solve.NewTable[uint64, ttEntry](solve.HashUint64, solve.TableOptions[ttEntry]{
		MaxBytes: strongTableBytes,
		// One goroutine searches; a single-threaded table's fixed shards
		// also make the games the same on every machine, whatever its
		// number of cores.
		SingleThreaded: true,
		// Deeper results are worth more: they stand for more work.
		Worth: func(e ttEntry) int64 { return int64(e.depth) },
	})
}

// Nodes returns the positions searched by the last Act.
func (z *Strong) Nodes() int64 { return z.nodes }

// Act chooses a move.
func (z *Strong) Act(ctx context.Context, gs game.State) (game.Move, error) {
	s, ok := gs.(*State)
	if !ok {
		return 0, fmt.Errorf("strong: not a Szemerédi game state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("strong: the game is over")
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	i, _, err := z.choose(ctx, s)
	if err != nil {
		return 0, err
	}
	return game.Move(s.g.set[i]), nil
}

// choose returns the index to colour and its score for the player to move.
func (z *Strong) choose(ctx context.Context, s *State) (int, int64, error) {
	p, o := int(s.turn), 1-int(s.turn)
	if s.thrSq[p] > 0 {
		return threatSquare(s, p), winScore - 1, nil
	}
	if s.thrSq[o] > 0 {
		v := int64(0)
		if s.thrSq[o] > 1 {
			v = -winScore + 2
		}
		return threatSquare(s, o), v, nil
	}
	sctx, cancel := solve.Deadline(ctx, z.opt.Time)
	defer cancel()
	if z.game != s.g {
		z.tt.Clear()
		z.game = s.g
	}
	z.ctx, z.st, z.nodes, z.work, z.checked, z.stop = sctx, s.clone(), 0, 0, 0, false
	if len(z.partner) != len(s.colour) {
		z.partner = make([]int32, len(s.colour))
		for i := range z.partner {
			z.partner[i] = -1
		}
	}
	moves := z.orderedMoves(0, -1)
	if len(moves) == 1 {
		return int(moves[0]), 0, nil
	}
	root := slices.Clone(moves)
	best, bestV, depth := int(root[0]), int64(0), 0
	for d := 1; d <= z.opt.Depth; d++ {
		z.hard = d == 1
		z.horizon = 0
		m, v, done := z.root(root, d)
		if !done {
			if d == 1 && ctx.Err() != nil {
				if _, hasDeadline := ctx.Deadline(); !hasDeadline {
					return 0, 0, ctx.Err()
				}
			}
			break
		}
		best, bestV, depth = m, v, d
		// Search the best move first in the next iteration.
		j := slices.Index(root, int32(m))
		copy(root[1:j+1], root[:j])
		root[0] = int32(m)
		// Stop at a proven result, when the tree was searched to the end,
		// or when the effort is spent.
		if v >= winBound || v <= -winBound || z.horizon == 0 || z.work >= z.opt.Work {
			break
		}
	}
	if bestV <= -winBound && !z.stop && z.opt.Model != "none" {
		best = z.swindle(root, depth)
	}
	return best, bestV, nil
}

// swindle chooses among root moves that all lose against best play the one
// that gives a fallible opponent the best chance to go wrong: the expected
// score when the opponent's replies follow the reply model, a position scoring
// 1 when a search of depth−2 proves a win for us, 0 when it proves a loss and
// ½ otherwise. It uses a fresh node budget; moves it has no time to examine
// are not chosen.
func (z *Strong) swindle(root []int32, depth int) int {
	s := z.st
	z.work, z.checked, z.hard = 0, 0, false
	z.swDepth = max(depth-2, 2)
	best, bestE := int(root[0]), -1.0
	for _, m := range root {
		s.applyIndex(int(m))
		e := z.modelNode(z.opt.SwindlePlies-1, 1)
		s.undoIndex(int(m))
		if z.stop {
			break
		}
		if e > bestE {
			best, bestE = int(m), e
		}
	}
	return best
}

// modelNode is the expected score for us with the opponent to move by the
// reply model.
func (z *Strong) modelNode(plies, ply int) float64 {
	s := z.st
	if s.winner >= 0 {
		return 1
	}
	if s.live[0] == 0 && s.live[1] == 0 || s.moves == len(s.colour) {
		return 0.5
	}
	var replies []int32
	if z.opt.Model == "extendblock" {
		replies = extendBlockReplies(s)
	} else {
		replies = slices.Clone(z.orderedMoves(ply, -1))
	}
	sum := 0.0
	for _, r := range replies {
		s.applyIndex(int(r))
		sum += z.ourNode(plies, ply+1)
		s.undoIndex(int(r))
		if z.stop {
			return 0
		}
	}
	return sum / float64(len(replies))
}

// ourNode is the expected score for us to move, choosing the best of our
// moves for plies more of our moves, then judging by search.
func (z *Strong) ourNode(plies, ply int) float64 {
	s := z.st
	if plies <= 0 || s.winner >= 0 {
		v := z.search(z.swDepth, z.opt.Quiescence, ply, -winBound, winBound)
		switch {
		case v >= winBound:
			return 1
		case v <= -winBound:
			return 0
		}
		return 0.5
	}
	if s.live[0] == 0 && s.live[1] == 0 || s.moves == len(s.colour) {
		return 0.5
	}
	p, o := int(s.turn), 1-int(s.turn)
	if s.thrSq[p] > 0 {
		return 1
	}
	if s.thrSq[o] >= 2 {
		return 0
	}
	var moves []int32
	if s.thrSq[o] == 1 {
		moves = []int32{int32(threatSquare(s, o))}
	} else {
		moves = slices.Clone(z.orderedMoves(ply, -1))
	}
	best := 0.0
	for _, m := range moves {
		s.applyIndex(int(m))
		e := z.modelNode(plies-1, ply+1)
		s.undoIndex(int(m))
		if z.stop {
			return 0
		}
		best = max(best, e)
		if best == 1 {
			break
		}
	}
	return best
}

// threatSquare returns the smallest uncoloured index that completes a
// progression of p.
func threatSquare(s *State, p int) int {
	for i, t := range s.thr[p] {
		if t > 0 && s.colour[i] == none {
			return i
		}
	}
	return -1
}

// root searches every root move to depth d; done is false when the search
// was stopped.
func (z *Strong) root(moves []int32, d int) (int, int64, bool) {
	alpha, beta := -winScore-1, winScore+1
	best, bestV := -1, -winScore-1
	for _, i := range moves {
		z.st.applyIndex(int(i))
		v := -z.search(d-1, z.opt.Quiescence, 1, -beta, -alpha)
		z.st.undoIndex(int(i))
		if z.stop {
			return 0, 0, false
		}
		if v > bestV {
			best, bestV = int(i), v
		}
		alpha = max(alpha, v)
	}
	return best, bestV, true
}

// search returns the value of the current position for the player to move.
func (z *Strong) search(depth, qd, ply int, alpha, beta int64) int64 {
	z.nodes++
	z.work++
	if !z.hard && z.work > z.opt.Work {
		z.stop = true
	}
	if z.work-z.checked > 1<<16 {
		z.checked = z.work
		if z.ctx.Err() != nil {
			z.stop = true
		}
	}
	if z.stop {
		return 0
	}
	s := z.st
	if s.winner >= 0 {
		return -winScore + int64(ply)
	}
	if s.live[0] == 0 && s.live[1] == 0 || s.moves == len(s.colour) {
		return 0
	}
	p, o := int(s.turn), 1-int(s.turn)
	if s.thrSq[p] > 0 {
		return winScore - int64(ply) - 1
	}
	if s.thrSq[o] >= 2 {
		return -winScore + int64(ply) + 2
	}
	if s.thrSq[o] == 1 {
		i := threatSquare(s, o)
		s.applyIndex(i)
		v := -z.search(depth, qd, ply+1, -beta, -alpha)
		s.undoIndex(i)
		return v
	}
	if depth <= 0 {
		z.horizon++
		return z.quiesce(qd, ply, alpha, beta)
	}
	// Transposition table. Entries of depth exactDepth hold results of
	// subtrees searched to the end, valid at any depth.
	e, found := z.tt.Get(s.key)
	hint := int32(-1)
	if found {
		hint = e.best
		if int(e.depth) >= depth {
			v := fromTT(e.value, ply)
			switch {
			case e.flag == 1,
				e.flag == 2 && v >= beta,
				e.flag == 3 && v <= alpha:
				if e.depth != exactDepth {
					z.horizon++
				}
				return v
			}
		}
	}
	h0 := z.horizon
	moves := z.orderedMoves(ply, hint)
	a0 := alpha
	bestV, bestM := -winScore-1, int32(-1)
	for _, i := range moves {
		s.applyIndex(int(i))
		v := -z.search(depth-1, qd, ply+1, -beta, -alpha)
		s.undoIndex(int(i))
		if z.stop {
			return 0
		}
		if v > bestV {
			bestV, bestM = v, i
		}
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	flag := int8(1)
	switch {
	case bestV <= a0:
		flag = 3
	case bestV >= beta:
		flag = 2
	}
	d := int8(min(depth, exactDepth-1))
	if z.horizon == h0 {
		d = exactDepth
	}
	z.tt.Put(s.key, ttEntry{value: toTT(bestV, ply), best: bestM, depth: d, flag: flag})
	return bestV
}

// quiesce searches, beyond the horizon, only the moves that give the player
// to move a winning number (which the opponent must then block), up to qd
// such moves; the player may also stop and take the static score.
func (z *Strong) quiesce(qd, ply int, alpha, beta int64) int64 {
	if z.doubleThreat() >= 0 {
		return winScore - int64(ply) - 3
	}
	stand := z.eval()
	if stand >= beta || qd <= 0 {
		return stand
	}
	alpha = max(alpha, stand)
	s := z.st
	p := int(s.turn)
	// Moves that bring a progression p can still complete to k−1 numbers.
	moves := z.scratch(ply)
	k := s.g.k
	z.work += int64(len(s.near[p]) * k)
	for _, a := range s.near[p] {
		for _, e := range s.g.progs[int(a)*k : int(a)*k+k] {
			if s.colour[e] == none && !slices.Contains(moves, e) {
				moves = append(moves, e)
			}
		}
	}
	z.buf[ply] = moves
	z.sortByGain(moves, ply)
	best := stand
	for _, i := range moves {
		s.applyIndex(int(i))
		v := -z.search(0, qd-1, ply+1, -beta, -alpha)
		s.undoIndex(int(i))
		if z.stop {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// doubleThreat returns a move that gives the player to move two different
// winning numbers, or -1. The caller makes sure that neither side has a
// winning number now: then the opponent can block only one (and cannot win
// at once), so such a move wins. Such a move lies in two progressions two
// numbers short for the player, whose other missing numbers differ.
func (z *Strong) doubleThreat() int {
	s := z.st
	p := int(s.turn)
	near := s.near[p]
	if len(near) < 2 {
		return -1
	}
	k := s.g.k
	z.work += int64(len(near) * k)
	found := -1
	var touched []int32
	for _, a := range near {
		u, v := int32(-1), int32(-1)
		for _, e := range s.g.progs[int(a)*k : int(a)*k+k] {
			if s.colour[e] == none {
				if u < 0 {
					u = e
				} else {
					v = e
				}
			}
		}
		for _, pr := range [2][2]int32{{u, v}, {v, u}} {
			x, y := pr[0], pr[1]
			switch z.partner[x] {
			case -1:
				z.partner[x] = y
				touched = append(touched, x)
			case y:
			default:
				found = int(x)
			}
		}
		if found >= 0 {
			break
		}
	}
	for _, x := range touched {
		z.partner[x] = -1
	}
	return found
}

// eval is the static score for the player to move.
func (z *Strong) eval() int64 {
	s := z.st
	p := int(s.turn)
	return s.score[p] - s.score[1-p]
}

func (z *Strong) scratch(ply int) []int32 {
	for len(z.buf) <= ply {
		z.buf = append(z.buf, nil)
		z.gain = append(z.gain, nil)
	}
	return z.buf[ply][:0]
}

// orderedMoves returns the uncoloured indices in a progression either side
// can still complete, the hint first, then by how much they gain the mover
// (own progressions advanced, the opponent's spoilt), then increasing.
func (z *Strong) orderedMoves(ply int, hint int32) []int32 {
	s := z.st
	g := s.g
	p, o := int(s.turn), 1-int(s.turn)
	moves := z.scratch(ply)
	gains := z.gain[ply][:0]
	for i, c := range s.colour {
		if c != none {
			continue
		}
		z.work += int64(g.start[i+1] - g.start[i])
		var gain int64
		live := false
		for _, a := range g.through[g.start[i]:g.start[i+1]] {
			cp, co := s.cnt[2*int(a)+p], s.cnt[2*int(a)+o]
			if co == 0 {
				live = true
				gain += g.weight[cp+1] - g.weight[cp]
			}
			if cp == 0 {
				live = true
				gain += g.weight[co]
			}
		}
		if live {
			moves = append(moves, int32(i))
			gains = append(gains, gain)
		}
	}
	z.buf[ply], z.gain[ply] = moves, gains
	order(moves, gains, hint)
	return moves
}

// sortByGain orders moves by orderedMoves' gain.
func (z *Strong) sortByGain(moves []int32, ply int) {
	s := z.st
	g := s.g
	p, o := int(s.turn), 1-int(s.turn)
	gains := z.gain[ply][:0]
	for _, i := range moves {
		z.work += int64(g.start[i+1] - g.start[i])
		var gain int64
		for _, a := range g.through[g.start[i]:g.start[i+1]] {
			cp, co := s.cnt[2*int(a)+p], s.cnt[2*int(a)+o]
			if co == 0 {
				gain += g.weight[cp+1] - g.weight[cp]
			}
			if cp == 0 {
				gain += g.weight[co]
			}
		}
		gains = append(gains, gain)
	}
	z.gain[ply] = gains
	order(moves, gains, -1)
}

// order sorts moves by decreasing gain, ties by increasing index, with hint
// (when present) first. Gains and indices are packed into one integer key
// (gains stay below 2^46, indices below 2^16), so that a plain integer sort
// does the work.
func order(moves []int32, gains []int64, hint int32) {
	for j, m := range moves {
		gains[j] = -(gains[j]<<16 | int64(0xffff-m))
	}
	slices.Sort(gains)
	for j, key := range gains {
		moves[j] = int32(0xffff - (-key)&0xffff)
	}
	if hint >= 0 {
		if j := slices.Index(moves, hint); j > 0 {
			copy(moves[1:j+1], moves[:j])
			moves[0] = hint
		}
	}
}

// toTT and fromTT store proven results relative to the node, so that a
// position reached at another ply keeps its distance to the end.
func toTT(v int64, ply int) int64 {
	switch {
	case v >= winBound:
		return v + int64(ply)
	case v <= -winBound:
		return v - int64(ply)
	}
	return v
}

func fromTT(v int64, ply int) int64 {
	switch {
	case v >= winBound:
		return v - int64(ply)
	case v <= -winBound:
		return v + int64(ply)
	}
	return v
}
