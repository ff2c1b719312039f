package bot

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// MoveOrderer is a State that can order its legal moves best first for the
// player to move (chance nodes need not), so that a search prunes more.
// OrderMoves reorders moves in place; it must keep the same moves.
type MoveOrderer interface {
	OrderMoves(moves []game.Move)
}

// ChancePruning selects how Star treats chance nodes.
type ChancePruning int

const (
	// Star2 is Ballard's *-minimax with probing: before searching the
	// outcomes of a chance node in full, it searches one move of each to
	// bound the node's value, and stops as soon as the bounds leave the
	// window. The default.
	Star2 ChancePruning = iota
	// Star1 is Ballard's *-minimax without probing: each outcome is searched
	// with the narrowest window that can still change the node's value, and
	// the node stops as soon as its bounds leave its window.
	Star1
	// NoChancePruning searches every outcome of a chance node with a full
	// window: plain expectiminimax (alpha-beta only at the players' nodes).
	NoChancePruning
)

// String names the pruning as bot strings write it.
func (p ChancePruning) String() string {
	switch p {
	case Star1:
		return "star1"
	case NoChancePruning:
		return "none"
	}
	return "star2"
}

// StarOptions configure a Star search.
type StarOptions struct {
	// Depth is the search depth in moves, chance moves included.
	Depth int
	// Time stops deepening after this long (0: no limit of its own; the
	// context's deadline still applies).
	Time time.Duration
	// Pruning is the treatment of chance nodes (default Star2).
	Pruning ChancePruning
	// NoTable disables the transposition table.
	NoTable bool
}

// Star is an expectiminimax search for games with chance nodes: alpha-beta
// at the players' nodes, and at chance nodes the exact expectation with
// Ballard's *-minimax pruning (B. W. Ballard, "The *-minimax search procedure
// for trees containing chance nodes", Artificial Intelligence 21, 1983;
// Hauk, Buro and Schaeffer, "Rediscovering *-Minimax Search", 2004). Values
// lie in [−1, 1]: the expected result of the game for the player to move at
// the root, with the state's Evaluator (or 0) at the depth horizon. It deepens
// iteratively under a time limit, keeps a transposition table for states with
// a Hasher key, orders moves with a MoveOrderer, and plays in place on states
// that implement game.Undoer.
//
// The pruning never changes a value: Star2, Star1 and plain expectiminimax
// return the same root value at the same depth; they differ in the number of
// positions they visit.
type Star struct {
	opt     StarOptions
	tt      *solve.Table[uint64, starEntry]
	budget  *solve.Budget
	root    game.Player
	horizon bool // a search of the current subtree stopped at the depth horizon
	undo    bool // states are game.Undoer: play in place
	moves   [][]game.Move
	bounds  [][]float64
	// LastValue and LastDepth describe the last Act: the root value of the
	// deepest finished iteration and its depth.
	LastValue float64
	LastDepth int
	// Exact reports whether the last Act's value is exact (the search
	// reached the end of every line, no evaluation at a horizon).
	Exact bool
}

// starEntry is a stored search result; lo and hi bound the value for
// player 0.
type starEntry struct {
	depth  int16
	exact  bool // no horizon in the subtree: valid at any depth
	has    bool
	lo, hi float64
	best   game.Move
}

func starWorth(e starEntry) int64 { return int64(e.depth) }

const (
	starL          = -1.0
	starU          = 1.0
	starExactDepth = math.MaxInt16
)

// NewStar returns an expectiminimax search with the given options.
func NewStar(opt StarOptions) *Star {
	if opt.Depth < 1 {
		opt.Depth = 1
	}
	b := &Star{opt: opt}
	b.Release()
	return b
}

// Release drops the transposition table (bot.Releaser) for a new, empty
// one.
func (b *Star) Release() {
	b.tt = solve.NewTable(solve.HashUint64, solve.TableOptions[starEntry]{MaxBytes: SearchTableBytes, Worth: starWorth, SingleThreaded: true})
}

// Nodes returns the number of positions visited by the last Act or Search.
func (b *Star) Nodes() int64 {
	if b.budget == nil {
		return 0
	}
	return b.budget.Nodes()
}

// Act searches s by iterative deepening and returns the best move of the
// deepest finished iteration. A context deadline (or the bot's own time
// limit) ends the search early with that move; a cancelled context without a
// deadline is an error.
func (b *Star) Act(ctx context.Context, s game.State) (game.Move, error) {
	moves, err := rootMoves("expectiminimax", s)
	if err != nil {
		return 0, err
	}
	if len(moves) == 1 {
		return moves[0], nil
	}
	searchCtx, cancel := solve.Deadline(ctx, b.opt.Time)
	defer cancel()
	b.budget = solve.NewBudget(searchCtx, 0)
	best := moves[0]
	b.LastDepth, b.Exact = 0, false
	for d := 1; d <= b.opt.Depth; d++ {
		m, v, exact, err := b.searchRoot(s, d, best)
		if err != nil {
			if ctx.Err() != nil {
				if _, hasDeadline := ctx.Deadline(); !hasDeadline {
					return 0, ctx.Err()
				}
			}
			break
		}
		best, b.LastValue, b.LastDepth, b.Exact = m, v, d, exact
		if exact {
			break // every line reached the end: deeper search changes nothing
		}
	}
	return best, nil
}

// Search searches s to the given depth once (no iterative deepening) and
// returns the best move, its value for the player to move and whether the
// value is exact (no horizon reached). It is for analyses and benchmarks.
func (b *Star) Search(ctx context.Context, s game.State, depth int) (game.Move, float64, bool, error) {
	moves, err := rootMoves("expectiminimax", s)
	if err != nil {
		return 0, 0, false, err
	}
	b.budget = solve.NewBudget(ctx, 0)
	return b.searchRoot(s, depth, moves[0])
}

func (b *Star) searchRoot(s game.State, depth int, first game.Move) (game.Move, float64, bool, error) {
	b.root = s.Player()
	if b.root != 0 && b.root != 1 {
		return 0, 0, false, fmt.Errorf("expectiminimax: the root must be a player's move, not %v", b.root)
	}
	s = s.Clone()
	_, b.undo = s.(game.Undoer)
	moves := b.orderedMoves(s, 0, first, true)
	best, bestV := moves[0], math.Inf(-1)
	alpha := math.Inf(-1)
	b.horizon = false
	for _, m := range moves {
		v, err := b.child(s, m, depth-1, 1, alpha, math.Inf(1), false)
		if err != nil {
			return 0, 0, false, err
		}
		if v > bestV {
			best, bestV = m, v
		}
		alpha = max(alpha, v)
	}
	return best, bestV, !b.horizon, nil
}

// orderedMoves returns the legal moves of s in a buffer of this ply: the
// hint first, then the state's own order.
func (b *Star) orderedMoves(s game.State, ply int, hint game.Move, hasHint bool) []game.Move {
	for len(b.moves) <= ply {
		b.moves = append(b.moves, nil)
	}
	moves := s.LegalMoves(b.moves[ply][:0])
	b.moves[ply] = moves
	if o, ok := s.(MoveOrderer); ok && s.Player() != game.Chance {
		o.OrderMoves(moves)
	}
	if hasHint {
		for i, m := range moves {
			if m == hint {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				break
			}
		}
	}
	return moves
}

// child plays m in s, searches the result and takes m back.
func (b *Star) child(s game.State, m game.Move, depth, ply int, alpha, beta float64, probe bool) (float64, error) {
	if b.undo {
		u := s.(game.Undoer)
		u.ApplyUnchecked(m)
		v, err := b.search(u, depth, ply, alpha, beta, probe)
		u.Undo(m)
		return v, err
	}
	c := s.Clone()
	if err := c.Apply(m); err != nil {
		return 0, fmt.Errorf("expectiminimax: legal move %s failed: %w", s.MoveString(m), err)
	}
	return b.search(c, depth, ply, alpha, beta, probe)
}

// childKind plays m in s and reports who acts next (Terminal also at the
// horizon), then takes m back.
func (b *Star) childKind(s game.State, m game.Move, depth int) game.Player {
	var c game.State
	if b.undo {
		u := s.(game.Undoer)
		u.ApplyUnchecked(m)
		defer u.Undo(m)
		c = u
	} else {
		c = s.Clone()
		if c.Apply(m) != nil {
			return game.Terminal
		}
	}
	if depth <= 0 || c.IsTerminal() {
		return game.Terminal
	}
	return c.Player()
}

func (b *Star) evaluate(s game.State) float64 {
	if e, ok := s.(Evaluator); ok {
		return max(starL, min(starU, e.Evaluate(b.root)))
	}
	return 0
}

// lookup returns the stored bounds of s for the root player when they are
// deep enough.
func (b *Star) lookup(key uint64) (starEntry, bool) {
	e, ok := b.tt.Get(key)
	if !ok {
		return e, false
	}
	if b.root == 1 {
		e.lo, e.hi = -e.hi, -e.lo
	}
	return e, true
}

func (b *Star) store(key uint64, depth int, alpha, beta, v float64, best game.Move, has, exact bool) {
	e := starEntry{depth: int16(min(depth, starExactDepth-1)), exact: exact, lo: starL, hi: starU, best: best, has: has}
	if exact {
		e.depth = starExactDepth
	}
	switch {
	case v <= alpha:
		e.hi = v
	case v >= beta:
		e.lo = v
	default:
		e.lo, e.hi = v, v
	}
	if b.root == 1 {
		e.lo, e.hi = -e.hi, -e.lo
	}
	b.tt.Put(key, e)
}

// search returns the value of s for the root player, fail-soft: a value at
// or below alpha is an upper bound, at or above beta a lower bound. With
// probe set, only the first move of a player's node is searched (Star2's
// probe): the result bounds the node's value from one side only.
func (b *Star) search(s game.State, depth, ply int, alpha, beta float64, probe bool) (float64, error) {
	if err := b.budget.Step(); err != nil {
		return 0, err
	}
	if s.IsTerminal() {
		return s.Returns()[b.root], nil
	}
	if depth <= 0 {
		b.horizon = true
		return b.evaluate(s), nil
	}
	var key uint64
	h, hashed := s.(game.Hasher)
	hashed = hashed && !b.opt.NoTable
	var hint game.Move
	hasHint := false
	if hashed {
		key = h.Key()
		if e, ok := b.lookup(key); ok {
			hint, hasHint = e.best, e.has
			if int(e.depth) >= depth && (e.lo >= beta || e.hi <= alpha || e.lo == e.hi) {
				if !e.exact {
					b.horizon = true
				}
				switch {
				case e.lo >= beta:
					return e.lo, nil
				case e.hi <= alpha:
					return e.hi, nil
				}
				return e.lo, nil
			}
		}
	}
	saved := b.horizon
	b.horizon = false
	var (
		v    float64
		best game.Move
		has  bool
		err  error
	)
	if s.Player() == game.Chance {
		v, err = b.chance(s, depth, ply, alpha, beta)
	} else {
		v, best, err = b.player(s, depth, ply, alpha, beta, probe, hint, hasHint)
		has = true
	}
	if err != nil {
		return 0, err
	}
	sub := b.horizon
	b.horizon = saved || sub
	if hashed && !probe {
		b.store(key, depth, alpha, beta, v, best, has, !sub)
	}
	return v, nil
}

func (b *Star) player(s game.State, depth, ply int, alpha, beta float64, probe bool, hint game.Move, hasHint bool) (float64, game.Move, error) {
	moves := b.orderedMoves(s, ply, hint, hasHint)
	if probe {
		moves = moves[:1]
	}
	maximise := s.Player() == b.root
	best := math.Inf(1)
	if maximise {
		best = math.Inf(-1)
	}
	bestM := moves[0]
	for _, m := range moves {
		v, err := b.child(s, m, depth-1, ply+1, alpha, beta, false)
		if err != nil {
			return 0, 0, err
		}
		if maximise {
			if v > best {
				best, bestM = v, m
			}
			alpha = max(alpha, v)
		} else {
			if v < best {
				best, bestM = v, m
			}
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best, bestM, nil
}

// chance returns the expectation over the outcomes of s. With *-minimax
// pruning it keeps a lower and an upper bound of every outcome's value
// (initially −1 and 1), searches each outcome with the window that could
// still move the node's value across its own window, and stops as soon as
// the weighted bounds prove the node's value is outside (alpha, beta).
func (b *Star) chance(s game.State, depth, ply int, alpha, beta float64) (float64, error) {
	ch, ok := s.(game.Chancer)
	if !ok {
		return 0, fmt.Errorf("expectiminimax: chance node of a state without ChanceOutcomes")
	}
	outs := ch.ChanceOutcomes()
	n := len(outs)
	if n == 0 {
		return 0, fmt.Errorf("expectiminimax: chance node without outcomes")
	}
	for len(b.bounds) <= ply {
		b.bounds = append(b.bounds, nil)
	}
	if cap(b.bounds[ply]) < 2*n {
		b.bounds[ply] = make([]float64, 2*n)
	}
	lo, hi := b.bounds[ply][:n], b.bounds[ply][n:2*n]
	vlo, vhi := starL, starU
	for i := range n {
		lo[i], hi[i] = starL, starU
	}
	prune := b.opt.Pruning != NoChancePruning
	// window returns the window for outcome i: below a the node fails low,
	// above bw it fails high.
	window := func(i int, p float64) (float64, float64) {
		if !prune {
			return starL, starU
		}
		a := (alpha - (vhi - p*hi[i])) / p
		bw := (beta - (vlo - p*lo[i])) / p
		return a, bw
	}
	if b.opt.Pruning == Star2 && depth > 1 {
		for i, o := range outs {
			kind := b.childKind(s, o.Move, depth-1)
			if kind != 0 && kind != 1 {
				continue
			}
			p := o.Probability()
			a, bw := window(i, p)
			x, y := max(a, starL), min(bw, starU)
			if x >= y {
				continue
			}
			u, err := b.child(s, o.Move, depth-1, ply+1, x, y, true)
			if err != nil {
				return 0, err
			}
			if kind == b.root { // a maximising child: one move bounds it from below
				if u > x && u > lo[i] {
					vlo += p * (min(u, hi[i]) - lo[i])
					lo[i] = min(u, hi[i])
				}
			} else if u < y && u < hi[i] {
				vhi -= p * (hi[i] - max(u, lo[i]))
				hi[i] = max(u, lo[i])
			}
			if vlo >= beta {
				return vlo, nil
			}
			if vhi <= alpha {
				return vhi, nil
			}
		}
	}
	for i, o := range outs {
		if lo[i] >= hi[i] {
			continue
		}
		p := o.Probability()
		a, bw := window(i, p)
		x, y := max(a, lo[i]), min(bw, hi[i])
		if x >= y {
			x, y = lo[i], hi[i]
		}
		v, err := b.child(s, o.Move, depth-1, ply+1, x, y, false)
		if err != nil {
			return 0, err
		}
		nlo, nhi := lo[i], hi[i]
		switch {
		case v <= x:
			nhi = max(nlo, min(nhi, v))
		case v >= y:
			nlo = min(nhi, max(nlo, v))
		default:
			nlo, nhi = v, v
		}
		vlo += p * (nlo - lo[i])
		vhi += p * (nhi - hi[i])
		lo[i], hi[i] = nlo, nhi
		if prune {
			if vlo >= beta {
				return vlo, nil
			}
			if vhi <= alpha {
				return vhi, nil
			}
		}
	}
	v := 0.0
	for i, o := range outs {
		v += o.Probability() * lo[i]
	}
	return v, nil
}

// StarFactory returns the factory of the "expectiminimax" bot (a Star
// search), restricted to the named games (none: every game). Games with
// chance nodes register it for themselves.
func StarFactory(games ...string) *Factory {
	f := *starFactory
	f.Games = games
	return &f
}

var starFactory = &Factory{
	Name: "expectiminimax",
	Doc:  "expectiminimax with *-minimax pruning at chance nodes (Ballard's Star1/Star2), alpha-beta, iterative deepening",
	Params: []game.ParamSpec{
		{Name: "depth", Kind: game.Int, Default: "6", HasMin: true, Min: 1, HasMax: true, Max: 100, Doc: "search depth in moves, chance moves included"},
		{Name: "time", Kind: game.Duration, Doc: "stop deepening after this long"},
		{Name: "pruning", Kind: game.Enum, Default: "star2", Choices: []string{"star2", "star1", "none"}, Doc: "chance-node pruning: star2 (probing), star1, none (plain expectiminimax)"},
	},
	New: func(_ game.Game, p game.Params, _ Env) (Bot, error) {
		return NewStar(StarOptions{Depth: p.Int("depth"), Time: p.Duration("time"), Pruning: ParseChancePruning(p.String("pruning"))}), nil
	},
}

// ParseChancePruning reads "star2", "star1" or "none" (anything else is Star2).
func ParseChancePruning(s string) ChancePruning {
	switch s {
	case "star1":
		return Star1
	case "none":
		return NoChancePruning
	}
	return Star2
}
