// Package apgame is the study of the Szemerédi game (the rules are in
// package games/apgame): its exact solver with the Erdős–Selfridge
// criterion, the perfect player built on it, the table of a set's
// progressions, the benchmark of the set draw and the strength report of
// bots over a grid of games.
package apgame

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/solve"
)

// MaxExactNumbers bounds the numbers in play (uncoloured, in a progression
// someone can still complete) of a position that Solve and Analyze take on
// without a deadline or node budget, and of the games the perfect player
// plays: the exact search grows exponentially with them, and beyond this
// bound it does not finish in hours. (Below it, sets with k = 3 solve in
// seconds; sets with k ≥ 4 and about 25 numbers in play may still take
// hours, so the perfect player also bounds the positions it searches.)
const MaxExactNumbers = 40

// Exact solves positions of small games exactly by negamax over the numbers
// that lie in a progression someone can still complete (colouring any other
// number changes nothing, and an extra number never hurts its owner, so
// those moves are never better than the rest), with these sound shortcuts: a
// player with a winning number wins; one facing two different winning
// numbers of the opponent loses; one facing one must take it; a player who
// can complete no progression, or whose progressions the opponent can all
// block by the Erdős–Selfridge criterion, cannot win. Results are kept in a
// solve.Table by position key, from one call to the next.
type Exact struct {
	tt       *solve.Table[uint64, solve.Outcome]
	b        *solve.Budget
	nodes    int64 // positions searched by the last call
	count    int64 // positions searched, for progress reports
	progress func(solve.Progress)
	start    time.Time
	done     int64 // root moves decided, for progress reports
	total    int64
	st       *apgame.Search
	moves    [][]int32
}

// NewExact returns an exact solver whose table grows to at most maxBytes
// (0: solve.DefaultTableBytes).
func NewExact(maxBytes int64) *Exact {
	return &Exact{tt: solve.NewTable[uint64, solve.Outcome](solve.HashUint64, solve.TableOptions[solve.Outcome]{MaxBytes: maxBytes})}
}

// Nodes returns the positions searched by the last call.
func (x *Exact) Nodes() int64 { return x.nodes }

// Value returns the exact outcome of s for the player to move (in a
// finished game: Loss after a win, Draw after a draw). It stops with
// ctx.Err() when ctx is done.
func (x *Exact) Value(ctx context.Context, s *apgame.State) (solve.Outcome, error) {
	x.begin(solve.NewBudget(ctx, 0), s, 0)
	v, err := x.value(0)
	x.nodes = x.b.Nodes()
	return v, err
}

// BestMoves returns the exact outcome of s for the player to move and every
// move (number) achieving it, increasing. When ctx ends the search it
// returns what it found with the error: Win and the winning moves found when
// one was, else Unknown and the moves found to draw at least.
func (x *Exact) BestMoves(ctx context.Context, s *apgame.State) (solve.Outcome, []int, error) {
	return x.bestMoves(solve.NewBudget(ctx, 0), s)
}

func (x *Exact) begin(b *solve.Budget, s *apgame.State, rootMoves int) {
	x.b, x.st, x.start, x.done, x.total = b, apgame.NewSearch(s), time.Now(), 0, int64(rootMoves)
}

// apply colours index i for the player to move in x.st; undo takes it back.
func (x *Exact) apply(i int) { x.st.Apply(i) }

// undo takes back apply(i).
func (x *Exact) undo(i int) { x.st.Undo(i) }

func (x *Exact) bestMoves(b *solve.Budget, s *apgame.State) (solve.Outcome, []int, error) {
	if s.IsTerminal() {
		return 0, nil, fmt.Errorf("the game is over")
	}
	x.begin(b, s, s.Free())
	defer func() { x.nodes = b.Nodes() }()
	best, dead := solve.Loss-1, solve.Unknown
	var moves []int
	inPlay := s.AppendInPlay(nil)
	g := s.Game()
	for i := range g.Set() {
		if !x.st.State().Uncoloured(i) {
			continue
		}
		// Colouring a number outside every progression still open changes
		// nothing but the turn: all such moves have the value of the first.
		v, err := dead, error(nil)
		if _, live := slices.BinarySearch(inPlay, int32(i)); live || dead == solve.Unknown {
			x.apply(i)
			v, err = x.value(1)
			x.undo(i)
			if !live && err == nil {
				dead = v
			}
		}
		if err != nil {
			if best != solve.Win {
				if best != solve.Draw {
					moves = nil
				}
				best = solve.Unknown
			}
			return best, moves, err
		}
		x.done++
		switch v = v.Neg(); {
		case v > best:
			best, moves = v, []int{g.Number(i)}
		case v == best:
			moves = append(moves, g.Number(i))
		}
	}
	return best, moves, nil
}

func (x *Exact) value(ply int) (solve.Outcome, error) {
	if err := x.b.Step(); err != nil {
		return 0, err
	}
	if x.count++; x.progress != nil && x.count&(1<<20-1) == 0 {
		x.progress(solve.Progress{Done: x.done, Total: x.total, Nodes: x.b.Nodes(), Elapsed: time.Since(x.start),
			Message: fmt.Sprintf("%d positions in the table", x.tt.Len())})
	}
	s := x.st
	if s.Won() {
		return solve.Loss, nil // the player who just moved won
	}
	if s.Drawn() {
		return solve.Draw, nil
	}
	p, o := s.Turn(), 1-s.Turn()
	if s.Threats(p) > 0 {
		return solve.Win, nil
	}
	if s.Threats(o) >= 2 {
		return solve.Loss, nil
	}
	if s.Threats(o) == 1 {
		i := s.ThreatSquare(o)
		x.apply(i)
		v, err := x.value(ply + 1)
		x.undo(i)
		return v.Neg(), err
	}
	// By Erdős and Selfridge, the opponent can stop a player from
	// completing any progression when the player's potential Σ 2^−need is
	// below 1/2 with the player to move, or below 1 with the opponent to
	// move (need: the numbers still missing). Such a player cannot win.
	hi, lo := solve.Win, solve.Loss
	k := s.State().Game().K()
	if s.Live(p) == 0 || s.Potential(p) < 1<<(k-1) {
		hi = solve.Draw
	}
	if s.Live(o) == 0 || s.Potential(o) < 1<<k {
		lo = solve.Draw
	}
	if lo == hi {
		return lo, nil
	}
	if v, ok := x.tt.Get(s.Key()); ok {
		return v, nil
	}
	best := lo
	for _, i := range x.liveMoves(ply) {
		x.apply(int(i))
		v, err := x.value(ply + 1)
		x.undo(int(i))
		if err != nil {
			return 0, err
		}
		if v = v.Neg(); v > best {
			best = v
			if best >= hi {
				break
			}
		}
	}
	x.tt.Put(s.Key(), best)
	return best, nil
}

// liveMoves returns the uncoloured indices in a progression someone can still
// complete, in increasing order.
func (x *Exact) liveMoves(ply int) []int32 {
	for len(x.moves) <= ply {
		x.moves = append(x.moves, nil)
	}
	x.moves[ply] = x.st.AppendInPlay(x.moves[ply][:0])
	return x.moves[ply]
}

// checkExact refuses a position too large for an exact search that has no
// bound (neither a deadline nor a node budget).
func checkExact(ctx context.Context, s *apgame.State, nodes int64) error {
	if _, timed := ctx.Deadline(); timed || nodes > 0 {
		return nil
	}
	if n := s.InPlay(); n > MaxExactNumbers {
		return fmt.Errorf("%d numbers are in play (uncoloured, in a progression someone can still complete); "+
			"the exact search takes on at most %d without a time bound (give one, e.g. --time 1m, to try anyway)", n, MaxExactNumbers)
	}
	return nil
}

func own(g game.Game, gs game.State, what string) (*apgame.State, error) {
	s, ok := gs.(*apgame.State)
	if !ok || s.Game() != g {
		return nil, fmt.Errorf("ap %s: not a state of %s", what, g)
	}
	return s, nil
}

// solver is the Szemerédi game's solver (solve.Analyzer): Exact.
type solver struct{}

// Solve solves s exactly (see Exact) for solve.Solve: the outcome for the
// player to move and the moves achieving it; the value is nil, the extras
// are the set, k, the number of progressions and who is to move. Its cost
// grows exponentially with the numbers in play (see MaxExactNumbers):
// without a deadline or node budget it refuses positions with more than
// MaxExactNumbers in play. When the context or the node budget ends the
// search it returns what was proven with the error.
func (solver) Solve(ctx context.Context, gg game.Game, gs game.State, opt solve.Options) (*solve.Result, error) {
	s, err := own(gg, gs, "solve")
	if err != nil {
		return nil, err
	}
	g := s.Game()
	r := &solve.Result{Outcome: solve.Unknown, Extra: map[string]any{"set": g.Set(), "k": g.K(), "progressions": g.NumProgressions()}}
	if s.IsTerminal() {
		r.Outcome, r.Complete, r.BestMoves = solve.FromReturn(s.Returns()[0]), true, []string{}
		r.Text = fmt.Sprintf("%s\n%s\n", g, s)
		return r, nil
	}
	if err := checkExact(ctx, s, opt.Nodes); err != nil {
		return nil, fmt.Errorf("ap solve: %w", err)
	}
	toMove := fmt.Sprintf("%s (%s)", game.SeatName(s.Turn()), g.Type().Role(s.Turn()))
	r.Extra["to_move"] = toMove
	x := NewExact(opt.MemBytes)
	x.progress = opt.Progress
	v, moves, err := x.bestMoves(solve.NewBudget(ctx, opt.Nodes), s)
	r.Outcome, r.Complete, r.Nodes = v, err == nil, x.nodes
	if v == solve.Loss {
		moves = nil // every move loses: none is shown as best
	}
	r.BestMoves = make([]string, len(moves))
	for j, m := range moves {
		r.Best = append(r.Best, game.Move(m))
		r.BestMoves[j] = fmt.Sprint(m)
	}
	r.Teach = teach(s)
	if err == nil && (v == solve.Win || v == solve.Loss) {
		// Within what is left of the solve's time, and a little past it
		// (see lineBudget).
		// A win in one move is said above (a threat to take, two to block).
		if line, own, won, lerr := bestLine(ctx, s, v, opt.MemBytes); lerr == nil && own > 1 {
			r.Teach += game.Wrap(teachLine(g, line, own, won), 100)
		}
	}
	r.Text = solveText(g, s, toMove, r)
	if err != nil {
		return r, fmt.Errorf("ap solve: %w", err)
	}
	return r, nil
}

// solveText explains a result for people.
func solveText(g *apgame.Game, s *apgame.State, toMove string, r *solve.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d numbers, %s of length %d\n%s\n", g, len(g.Set()), game.Plural(g.NumProgressions(), "progression"), g.K(), s)
	moves := strings.Join(r.BestMoves, " ")
	switch {
	case r.Outcome == solve.Win:
		fmt.Fprintf(&b, "%s wins against any defence by taking one of: %s\n", toMove, moves)
		if !r.Complete {
			b.WriteString("(the search was stopped: other numbers may win too)\n")
		}
	case r.Outcome == solve.Draw:
		fmt.Fprintf(&b, "Neither player can force a win: best play draws. Moves that keep the draw for %s: %s\n", toMove, moves)
	case r.Outcome == solve.Loss:
		fmt.Fprintf(&b, "%s loses against best play, whatever number it takes.\n", toMove)
	case len(moves) > 0:
		fmt.Fprintf(&b, "Not decided: the search was stopped. %s draws at least by taking one of: %s\n", toMove, moves)
	default:
		b.WriteString("Not decided: the search was stopped before a move was proven to win or draw.\n")
	}
	b.WriteString(r.Teach)
	fmt.Fprintf(&b, "(positions searched: %s)\n", game.Grouped(r.Nodes))
	return b.String()
}

// sideName names player q as the page does: Red, Blue.
func sideName(g *apgame.Game, q int) string {
	r := g.Type().Role(game.Player(q))
	return strings.ToUpper(r[:1]) + r[1:]
}

// teach is the reasoning behind an outcome, for a page (see
// solve.Result.Teach): how the search decides a position, what decides
// this one at once (a number that completes a progression, threats to
// block), the two sides' Erdős–Selfridge potentials, and the numbers that
// change nothing. The sides are named as the page names them (Red, Blue).
func teach(s *apgame.State) string {
	g := s.Game()
	x := apgame.NewSearch(s)
	p, o := int(s.Turn()), 1-int(s.Turn())
	side := func(q int) string { return sideName(g, q) }
	numbers := func(is []int) string {
		ns := make([]string, len(is))
		for j, i := range is {
			ns[j] = fmt.Sprint(g.Number(i))
		}
		return strings.Join(ns, ", ")
	}
	var b strings.Builder
	b.WriteString("The outcome comes from searching every way the game can go (a win before a draw before a loss), " +
		"with shortcuts that decide a position at once: the side to move wins with a number that completes its " +
		"progression; facing two such numbers of the other's, it can block only one and loses; facing one, it must " +
		"take it; a side cannot win when the other can block all its progressions (Erdős–Selfridge, below).\n")
	switch mine, theirs := x.ThreatSquares(p), x.ThreatSquares(o); {
	case len(mine) > 0:
		fmt.Fprintf(&b, "Here %s completes a progression by taking %s: it wins at once.\n", side(p), numbers(mine[:1]))
	case len(theirs) >= 2:
		fmt.Fprintf(&b, "Here %s would complete a progression with any of %s: %s can block only one.\n", side(o), numbers(theirs), side(p))
	case len(theirs) == 1:
		fmt.Fprintf(&b, "Here %s must take %s, which would complete a progression of %s's.\n", side(p), numbers(theirs), side(o))
	}
	// Potential(q) is 2^k times the sum of 2^-m over q's progressions, m
	// the numbers q still needs.
	pot := [2]*big.Rat{big.NewRat(x.Potential(0), 1<<g.K()), big.NewRat(x.Potential(1), 1<<g.K())}
	fmt.Fprintf(&b, "Erdős–Selfridge: when the sum of 2⁻ᵐ over the progressions a side can still complete (m: the numbers "+
		"it still needs) is below 1/2 with that side to move, or below 1 with the other to move, the other side can "+
		"block them all. %s, to move, has %s; %s has %s.", side(p), pot[p].RatString(), side(o), pot[o].RatString())
	var cannot []string
	if pot[p].Cmp(big.NewRat(1, 2)) < 0 {
		cannot = append(cannot, side(p))
	}
	if pot[o].Cmp(big.NewRat(1, 1)) < 0 {
		cannot = append(cannot, side(o))
	}
	switch len(cannot) {
	case 0:
		b.WriteString(" Neither sum is small enough for the criterion to rule a side out here: the search decides.")
	case 1:
		fmt.Fprintf(&b, " So %s cannot win.", cannot[0])
	case 2:
		b.WriteString(" So neither side can win: best play draws.")
	}
	b.WriteString("\n")
	inPlay := map[int]bool{}
	for _, i := range s.AppendInPlay(nil) {
		inPlay[int(i)] = true
	}
	var idle []int
	for i := range g.Set() {
		if s.Uncoloured(i) && !inPlay[i] {
			idle = append(idle, i)
		}
	}
	if len(idle) > 0 {
		// The first 20 of a large set's: the board shows them all.
		list := numbers(idle[:min(len(idle), 20)])
		if len(idle) > 20 {
			list += fmt.Sprintf(" and %d more", len(idle)-20)
		}
		fmt.Fprintf(&b, "Numbers in no progression either side can still complete change nothing: taking one only passes the turn, "+
			"so each is worth what passing is (the search values one of them for all): %s.\n", list)
	}
	return game.Wrap(b.String(), 100)
}

// Analyze values every legal move of s for solve.Analyze, with one table
// for all of them: each move's outcome for the player who makes it (the
// value is nil). Each move gets a fair share of the context's remaining
// time; one not decided in its share is Unknown and the analysis is not
// Complete. Like Solve, it refuses positions with more than
// MaxExactNumbers in play when the context has no deadline.
func (solver) Analyze(ctx context.Context, gg game.Game, gs game.State, opt solve.Options) (*solve.Analysis, error) {
	s, err := own(gg, gs, "analyze")
	if err != nil {
		return nil, err
	}
	g := s.Game()
	if s.IsTerminal() {
		return nil, fmt.Errorf("ap analyze: the game is over")
	}
	if err := checkExact(ctx, s, opt.Nodes); err != nil {
		return nil, fmt.Errorf("ap analyze: %w", err)
	}
	x := NewExact(opt.MemBytes)
	x.progress = opt.Progress
	moves := s.LegalMoves(nil)
	a := &solve.Analysis{Complete: true, Moves: make([]solve.MoveValue, 0, len(moves))}
	inPlay := s.AppendInPlay(nil)
	dead := solve.Unknown // the outcome of every move outside the open progressions (see bestMoves)
	for j, m := range moves {
		mv := solve.MoveValue{Move: s.MoveString(m), M: m, Outcome: solve.Unknown}
		_, live := slices.BinarySearch(inPlay, int32(g.Index(m)))
		if !live && dead != solve.Unknown {
			mv.Outcome = dead
			a.Moves = append(a.Moves, mv)
			continue
		}
		cctx, cancel := solve.Share(ctx, len(moves)-j)
		c := s.Clone().(*apgame.State)
		c.ApplyUnchecked(m)
		x.begin(solve.NewBudget(cctx, opt.Nodes), c, 0)
		x.done, x.total = int64(j), int64(len(moves))
		v, err := x.value(0)
		cancel()
		a.Nodes += x.b.Nodes()
		switch {
		case err != nil && !solve.Stopped(err):
			return nil, fmt.Errorf("ap analyze: after %s: %w", mv.Move, err)
		case err != nil:
			a.Complete = false
		default:
			mv.Outcome = v.Neg()
			if !live {
				dead = mv.Outcome
			}
		}
		a.Moves = append(a.Moves, mv)
	}
	if a.Complete {
		raceMoves(ctx, s, a.Moves, opt.MemBytes)
	}
	return a, nil
}
