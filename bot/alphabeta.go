package bot

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Evaluator is a State with a heuristic value, used by depth-limited search
// at its horizon. Evaluate returns a number in [-1, 1]: +1 is as good as a
// win for player p, -1 as bad as a loss.
type Evaluator interface {
	Evaluate(p game.Player) float64
}

const (
	winScore  = 1e6 // a win at ply d scores winScore-d: faster wins are better
	evalScale = 1e3 // heuristic values stay far below any proven result
)

// AlphaBeta is a depth-limited minimax search with alpha-beta pruning,
// iterative deepening, a transposition table (for states with a Hasher key)
// and expectation at chance nodes. At the horizon it uses the state's
// Evaluator, or 0 when the state has none.
type AlphaBeta struct {
	depth  int
	limit  time.Duration
	tt     *solve.Table[uint64, ttEntry]
	budget *solve.Budget
}

// ttEntry is a stored search result; value is for player 0.
type ttEntry struct {
	depth int8
	flag  int8 // 0 exact, 1 lower bound, 2 upper bound
	value float64
	best  game.Move
}

// SearchTableBytes bounds the transposition table of one alpha-beta or Star
// bot; the table starts small and grows to it as the search stores more.
const SearchTableBytes = 64 << 20

// MaxSearchMoves bounds the legal moves of a position the searching bots
// (alphabeta, expectiminimax, perfect) accept: more would not be searched
// in any useful time, and listing them could exhaust the memory.
const MaxSearchMoves = 1 << 20

// ttWorth ranks entries for replacement: deeper searches are worth more.
func ttWorth(e ttEntry) int64 { return int64(e.depth) }

// NewAlphaBeta returns a search to the given depth (in moves, chance moves
// included) that stops deepening after limit (0: no limit of its own; the
// context's deadline still applies).
func NewAlphaBeta(depth int, limit time.Duration) *AlphaBeta {
	a := &AlphaBeta{depth: depth, limit: limit}
	a.Release()
	return a
}

// Release drops the transposition table (bot.Releaser) for a new, empty
// one.
func (a *AlphaBeta) Release() {
	a.tt = solve.NewTable(solve.HashUint64, solve.TableOptions[ttEntry]{MaxBytes: SearchTableBytes, Worth: ttWorth, SingleThreaded: true})
}

// Nodes returns the number of positions visited by the last Act.
func (a *AlphaBeta) Nodes() int64 {
	if a.budget == nil {
		return 0
	}
	return a.budget.Nodes()
}

// CheckMoves refuses a position with more than MaxSearchMoves legal moves,
// counting them without listing them when the state is a game.MoveIndexer.
// who names the bot in the error.
func CheckMoves(who string, s game.State) error {
	if mi, ok := s.(game.MoveIndexer); ok {
		if n := mi.MoveCount(); n > MaxSearchMoves {
			return fmt.Errorf("%s: the position has %d legal moves, more than the %d this bot searches", who, n, MaxSearchMoves)
		}
	}
	return nil
}

// rootMoves lists the legal moves of a position to search, refusing one
// with more than MaxSearchMoves.
func rootMoves(who string, s game.State) ([]game.Move, error) {
	if err := CheckMoves(who, s); err != nil {
		return nil, err
	}
	moves := s.LegalMoves(nil)
	if len(moves) > MaxSearchMoves {
		return nil, fmt.Errorf("%s: the position has %d legal moves, more than the %d this bot searches", who, len(moves), MaxSearchMoves)
	}
	if len(moves) == 0 {
		return nil, fmt.Errorf("%s: no legal move", who)
	}
	return moves, nil
}

// Act searches s by iterative deepening and returns the best move of the
// deepest finished iteration. A context deadline (or the bot's own time
// limit) ends the search early with that move; a cancelled context without a
// deadline is an error.
func (a *AlphaBeta) Act(ctx context.Context, s game.State) (game.Move, error) {
	moves, err := rootMoves("alphabeta", s)
	if err != nil {
		return 0, err
	}
	if len(moves) == 1 {
		return moves[0], nil
	}
	searchCtx, cancel := solve.Deadline(ctx, a.limit)
	defer cancel()
	a.budget = solve.NewBudget(searchCtx, 0)
	root := s.Player()
	best := moves[0]
	for d := 1; d <= a.depth; d++ {
		m, v, err := a.root(s, root, moves, best, d)
		if err != nil {
			if ctx.Err() != nil {
				if _, hasDeadline := ctx.Deadline(); !hasDeadline {
					return 0, ctx.Err()
				}
			}
			break
		}
		best = m
		if math.Abs(v) >= winScore-1000 {
			break // proven win or loss: deeper search changes nothing
		}
	}
	return best, nil
}

func (a *AlphaBeta) root(s game.State, root game.Player, moves []game.Move, first game.Move, depth int) (game.Move, float64, error) {
	ordered := make([]game.Move, 0, len(moves))
	ordered = append(ordered, first)
	for _, m := range moves {
		if m != first {
			ordered = append(ordered, m)
		}
	}
	maximise := s.Player() == root
	alpha, beta := math.Inf(-1), math.Inf(1)
	best, bestV := ordered[0], math.Inf(-1)
	if !maximise {
		bestV = math.Inf(1)
	}
	for _, m := range ordered {
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			return 0, 0, fmt.Errorf("alphabeta: legal move %s failed: %w", s.MoveString(m), err)
		}
		v, err := a.search(c, root, depth-1, 1, alpha, beta)
		if err != nil {
			return 0, 0, err
		}
		if maximise && v > bestV || !maximise && v < bestV {
			best, bestV = m, v
		}
		if maximise {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
	}
	return best, bestV, nil
}

// search returns the value of s for root, searching depth more moves.
func (a *AlphaBeta) search(s game.State, root game.Player, depth, ply int, alpha, beta float64) (float64, error) {
	if err := a.budget.Step(); err != nil {
		return 0, err
	}
	if s.IsTerminal() {
		r := s.Returns()[root]
		switch {
		case r > 0:
			return winScore - float64(ply), nil
		case r < 0:
			return -winScore + float64(ply), nil
		}
		return 0, nil
	}
	if depth <= 0 {
		if e, ok := s.(Evaluator); ok {
			return max(-1, min(1, e.Evaluate(root))) * evalScale, nil
		}
		return 0, nil
	}
	if s.Player() == game.Chance {
		return a.chance(s, root, depth, ply)
	}
	var key uint64
	h, hashed := s.(game.Hasher)
	var hint game.Move
	hasHint := false
	if hashed {
		key = h.Key()
		if e, ok := a.tt.Get(key); ok {
			hint, hasHint = e.best, true
			if int(e.depth) >= depth {
				v := fromTT(forRoot(e.value, root), ply)
				switch flag := flagFor(e.flag, root); {
				case flag == 0:
					return v, nil
				case flag == 1 && v >= beta:
					return v, nil
				case flag == 2 && v <= alpha:
					return v, nil
				}
			}
		}
	}
	moves := s.LegalMoves(nil)
	if hasHint {
		for i, m := range moves {
			if m == hint {
				moves[0], moves[i] = moves[i], moves[0]
				break
			}
		}
	}
	maximise := s.Player() == root
	a0, b0 := alpha, beta
	bestV := math.Inf(-1)
	if !maximise {
		bestV = math.Inf(1)
	}
	bestM := moves[0]
	for _, m := range moves {
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			return 0, fmt.Errorf("alphabeta: legal move %s failed: %w", s.MoveString(m), err)
		}
		v, err := a.search(c, root, depth-1, ply+1, alpha, beta)
		if err != nil {
			return 0, err
		}
		if maximise {
			if v > bestV {
				bestV, bestM = v, m
			}
			alpha = max(alpha, v)
		} else {
			if v < bestV {
				bestV, bestM = v, m
			}
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	if hashed {
		flag := int8(0)
		switch {
		case bestV <= a0:
			flag = 2
		case bestV >= b0:
			flag = 1
		}
		a.tt.Put(key, ttEntry{depth: int8(min(depth, 127)), flag: flagFor(flag, root), value: forRoot(toTT(bestV, ply), root), best: bestM})
	}
	return bestV, nil
}

func (a *AlphaBeta) chance(s game.State, root game.Player, depth, ply int) (float64, error) {
	ch, ok := s.(game.Chancer)
	if !ok {
		return 0, fmt.Errorf("alphabeta: chance node of a state without ChanceOutcomes")
	}
	sum := 0.0
	for _, o := range ch.ChanceOutcomes() {
		c := s.Clone()
		if err := c.Apply(o.Move); err != nil {
			return 0, fmt.Errorf("alphabeta: chance outcome %s failed: %w", s.MoveString(o.Move), err)
		}
		v, err := a.search(c, root, depth-1, ply+1, math.Inf(-1), math.Inf(1))
		if err != nil {
			return 0, err
		}
		sum += o.Probability() * v
	}
	return sum, nil
}

// forRoot turns a value for player 0 into one for root and back (the
// games are zero-sum), so that the table serves both seats.
func forRoot(v float64, root game.Player) float64 {
	if root == 1 {
		return -v
	}
	return v
}

// flagFor turns a bound for player 0 into one for root and back: a lower
// bound for one player is an upper bound for the other.
func flagFor(flag int8, root game.Player) int8 {
	if root == 1 && flag != 0 {
		return 3 - flag
	}
	return flag
}

// toTT and fromTT store proven results relative to the node, so that a
// position reached at another ply keeps the right distance to the end.
func toTT(v float64, ply int) float64 {
	switch {
	case v >= winScore-1000:
		return v + float64(ply)
	case v <= -winScore+1000:
		return v - float64(ply)
	}
	return v
}

func fromTT(v float64, ply int) float64 {
	switch {
	case v >= winScore-1000:
		return v - float64(ply)
	case v <= -winScore+1000:
		return v + float64(ply)
	}
	return v
}

var alphaBetaFactory = &Factory{
	Name: "alphabeta",
	Doc:  "minimax with alpha-beta pruning, iterative deepening and a transposition table",
	Params: []game.ParamSpec{
		{Name: "depth", Kind: game.Int, Default: "8", HasMin: true, Min: 1, HasMax: true, Max: 100, Doc: "search depth in moves"},
		{Name: "time", Kind: game.Duration, Doc: "stop deepening after this long"},
	},
	New: func(_ game.Game, p game.Params, _ Env) (Bot, error) {
		return NewAlphaBeta(p.Int("depth"), p.Duration("time")), nil
	},
}
