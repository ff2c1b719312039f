package apgame

import (
	"context"
	"fmt"
	"strings"

	"github.com/kombi/kombi/game"
)

// Outcome values of the exact solver, for the player to move.
const (
	lossV int8 = -1
	drawV int8 = 0
	winV  int8 = 1
)

// Exact solves positions of small games exactly by negamax over the numbers
// that lie in a progression someone can still complete (colouring any other
// number changes nothing, and an extra number never hurts its owner, so
// those moves are never better than the rest), with these sound shortcuts: a
// player with a winning number wins; one facing two different winning
// numbers of the opponent loses; one facing one must take it; a player who
// can complete no progression cannot win, one whose opponent can complete
// none cannot lose. Results are memoised by position key.
type Exact struct {
	memo     map[uint64]int8
	limit    int
	nodes    int64
	ctx      context.Context
	progress func(string)
	st       *State
	moves    [][]int32
}

// NewExact returns an exact solver whose table holds at most maxEntries
// positions (0: 1<<23).
func NewExact(maxEntries int) *Exact {
	if maxEntries <= 0 {
		maxEntries = 1 << 23
	}
	return &Exact{memo: map[uint64]int8{}, limit: maxEntries}
}

// Nodes returns the positions searched by the last call.
func (x *Exact) Nodes() int64 { return x.nodes }

// Value returns the exact outcome of s for the player to move: +1 win, 0
// draw, −1 loss. It stops with ctx.Err() when ctx is done.
func (x *Exact) Value(ctx context.Context, s *State) (int, error) {
	x.ctx, x.st, x.nodes = ctx, s.clone(), 0
	v, err := x.value(0)
	return int(v), err
}

// BestMoves returns the exact outcome of s for the player to move and every
// move (number) achieving it, increasing.
func (x *Exact) BestMoves(ctx context.Context, s *State) (int, []int, error) {
	if s.IsTerminal() {
		return 0, nil, fmt.Errorf("the game is over")
	}
	x.ctx, x.st, x.nodes = ctx, s.clone(), 0
	best := lossV - 1
	var moves []int
	for i, c := range x.st.colour {
		if c != none {
			continue
		}
		x.st.applyIndex(i)
		v, err := x.value(1)
		x.st.undoIndex(i)
		if err != nil {
			return 0, nil, err
		}
		v = -v
		switch {
		case v > best:
			best, moves = v, []int{s.g.set[i]}
		case v == best:
			moves = append(moves, s.g.set[i])
		}
	}
	return int(best), moves, nil
}

func (x *Exact) value(ply int) (int8, error) {
	x.nodes++
	if x.nodes&0xffff == 0 {
		if err := x.ctx.Err(); err != nil {
			return 0, err
		}
		if x.progress != nil && x.nodes&0xffffff == 0 {
			x.progress(fmt.Sprintf("%d positions searched, %d in the table", x.nodes, len(x.memo)))
		}
	}
	s := x.st
	if s.winner >= 0 {
		return lossV, nil // the player who just moved won
	}
	if s.live[0] == 0 && s.live[1] == 0 || s.moves == len(s.colour) {
		return drawV, nil
	}
	p, o := int(s.turn), 1-int(s.turn)
	if s.thrSq[p] > 0 {
		return winV, nil
	}
	if s.thrSq[o] >= 2 {
		return lossV, nil
	}
	if s.thrSq[o] == 1 {
		i := threatSquare(s, o)
		s.applyIndex(i)
		v, err := x.value(ply + 1)
		s.undoIndex(i)
		return -v, err
	}
	if v, ok := x.memo[s.key]; ok {
		return v, nil
	}
	hi, lo := winV, lossV
	if s.live[p] == 0 {
		hi = drawV
	}
	if s.live[o] == 0 {
		lo = drawV
	}
	best := lo
	if lo < hi {
		moves := x.liveMoves(ply)
		for _, i := range moves {
			s.applyIndex(int(i))
			v, err := x.value(ply + 1)
			s.undoIndex(int(i))
			if err != nil {
				return 0, err
			}
			if -v > best {
				best = -v
				if best >= hi {
					break
				}
			}
		}
	}
	if len(x.memo) < x.limit {
		x.memo[s.key] = best
	}
	return best, nil
}

// liveMoves returns the uncoloured indices in a progression someone can still
// complete, in increasing order.
func (x *Exact) liveMoves(ply int) []int32 {
	for len(x.moves) <= ply {
		x.moves = append(x.moves, nil)
	}
	s := x.st
	g := s.g
	out := x.moves[ply][:0]
	for i, c := range s.colour {
		if c != none {
			continue
		}
		for _, a := range g.through[g.start[i]:g.start[i+1]] {
			if s.cnt[2*int(a)] == 0 || s.cnt[2*int(a)+1] == 0 {
				out = append(out, int32(i))
				break
			}
		}
	}
	x.moves[ply] = out
	return out
}

// Analysis is the exact solution of a position, the output of `kombi solve`.
type Analysis struct {
	Game         string   `json:"game"`
	Set          []int    `json:"set"`
	K            int      `json:"k"`
	Progressions int      `json:"progressions"`
	Position     string   `json:"position"`
	ToMove       string   `json:"to_move"`
	Outcome      string   `json:"outcome"`
	BestMoves    []string `json:"best_moves"`
	Nodes        int64    `json:"nodes"`
}

// Text explains the result for people.
func (a *Analysis) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d numbers, %d progressions of length %d\n%s\n", a.Game, len(a.Set), a.Progressions, a.K, a.Position)
	switch a.Outcome {
	case "win":
		fmt.Fprintf(&b, "%s wins against any defence by colouring one of: %s\n", a.ToMove, strings.Join(a.BestMoves, " "))
	case "draw":
		fmt.Fprintf(&b, "Neither player can force a win: best play draws. Moves that keep the draw for %s: %s\n", a.ToMove, strings.Join(a.BestMoves, " "))
	default:
		fmt.Fprintf(&b, "%s loses against best play, whatever number is coloured.\n", a.ToMove)
	}
	fmt.Fprintf(&b, "(%d positions searched)\n", a.Nodes)
	return b.String()
}

// Solve solves s exactly (see Exact). Its cost grows exponentially with the
// numbers left in play: sets of up to 20–30 numbers solve in seconds, large
// ones may not finish (stop it with Ctrl-C).
func (g *Game) Solve(ctx context.Context, gs game.State, opt game.SolveOptions) (game.Analysis, error) {
	s, ok := gs.(*State)
	if !ok || s.g != g {
		return nil, fmt.Errorf("ap solve: not a state of %s", g)
	}
	maxEntries := 0
	if opt.MemBytes > 0 {
		maxEntries = int(opt.MemBytes / 48)
	}
	x := NewExact(maxEntries)
	x.progress = opt.Progress
	v, moves, err := x.BestMoves(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("ap solve: %w", err)
	}
	a := &Analysis{Game: g.String(), Set: g.Set(), K: g.k, Progressions: g.NumProgressions(), Position: s.String(),
		ToMove: fmt.Sprintf("%s (%s)", game.SeatName(s.turn), g.typ.Role(s.turn)), Outcome: [3]string{"loss", "draw", "win"}[v+1],
		BestMoves: []string{}, Nodes: x.nodes}
	if v > -1 {
		for _, m := range moves {
			a.BestMoves = append(a.BestMoves, fmt.Sprint(m))
		}
	}
	return a, nil
}
