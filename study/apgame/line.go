package apgame

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/solve"
)

// A line of best play in the Szemerédi game needs a measure the outcome
// lacks: every winning move wins and every losing move loses. The racer
// measures the race instead: the fewest moves of its own in which the
// winner completes a progression against any defence. Along the line the
// winner takes a move that wins soonest, the loser the one that holds out
// longest, so that the line shows how the win is forced, not a wandering
// path to it.

// maxLineNodes bounds the positions a line searches when the context
// gives no deadline (a few seconds on 20 numbers).
const maxLineNodes = 16 << 20

// minLineNodes is what a line may search past its solve's deadline (see
// lineBudget).
const minLineNodes = 1 << 18

// racer answers "can the player to move complete a progression within d
// moves of its own, whatever the other does?" by a depth-bounded search
// with the exact solver's sound shortcuts (a threat wins, two threats of
// the other lose, one must be blocked, Erdős–Selfridge) and one more: a
// player who needs m more numbers for every progression it can still
// complete cannot win in fewer than m moves. Only numbers in play are
// tried, for both sides: for the attacker a number outside every open
// progression passes the turn, and for the defender a number of its own
// never helps the attacker, so colouring one in play holds out at least as
// long as passing.
type racer struct {
	st *apgame.Search
	b  *solve.Budget
	// known holds, per position with the attacker to move, the most own
	// moves proven not enough (no) and the fewest proven enough (yes, 0:
	// none yet).
	known *solve.Table[uint64, raceBounds]
	moves [][]int32
}

// raceBounds are what the racer knows of a position: no < d < yes
// undecided.
type raceBounds struct{ no, yes int8 }

// raceBudget is the budget of a race that answers beside a solve: ctx's
// deadline, or without one maxLineNodes positions.
func raceBudget(ctx context.Context) *solve.Budget {
	if _, ok := ctx.Deadline(); ok {
		return solve.NewBudget(ctx, 0)
	}
	return solve.NewBudget(ctx, maxLineNodes)
}

// lineBudget is the budget of a line of best play: without a deadline
// maxLineNodes positions; with one, minLineNodes positions past it too,
// so that a short solve that used its time up (the page gives an
// explanation half a second, a build with the race detector runs ten times
// slower) still gets the line of a small position: a few milliseconds
// more, not an explanation without its line.
func lineBudget(ctx context.Context) *solve.Budget {
	if _, ok := ctx.Deadline(); ok {
		return solve.NewBudget(context.WithoutCancel(ctx), minLineNodes)
	}
	return solve.NewBudget(ctx, maxLineNodes)
}

func newRacer(s *apgame.State, b *solve.Budget, maxBytes int64) *racer {
	return &racer{st: apgame.NewSearch(s), b: b,
		known: solve.NewTable[uint64, raceBounds](solve.HashUint64, solve.TableOptions[raceBounds]{MaxBytes: maxBytes})}
}

// raceLimit bounds the moves of its own a player can need to complete a
// progression from s: every move of the race colours a number in play, so
// the winner makes at most half of them, rounded up (and at most what
// raceBounds holds).
func raceLimit(s *apgame.State) int {
	return min(s.InPlay()/2+1, math.MaxInt8)
}

// live returns the numbers in play at ply, increasing (a buffer per ply).
func (r *racer) live(ply int) []int32 {
	for len(r.moves) <= ply {
		r.moves = append(r.moves, nil)
	}
	r.moves[ply] = r.st.AppendInPlay(r.moves[ply][:0])
	return r.moves[ply]
}

// wins reports whether the player to move completes a progression within d
// moves of its own against any defence.
func (r *racer) wins(d, ply int) (bool, error) {
	if err := r.b.Step(); err != nil {
		return false, err
	}
	x := r.st
	if x.Won() || x.Drawn() {
		return false, nil
	}
	a, o := x.Turn(), 1-x.Turn()
	switch {
	case x.Threats(a) > 0:
		return true, nil
	case d <= 1 || x.Threats(o) >= 2:
		return false, nil
	case x.Threats(o) == 1:
		i := x.ThreatSquare(o)
		x.Apply(i)
		ok, err := r.holds(d-1, ply+1)
		x.Undo(i)
		return ok, err
	}
	k := x.State().Game().K()
	if x.Live(a) == 0 || x.Potential(a) < 1<<(k-1) || x.Need(a) > d {
		return false, nil
	}
	kb, seen := r.known.Get(x.Key())
	switch {
	case seen && kb.yes > 0 && d >= int(kb.yes):
		return true, nil
	case seen && d <= int(kb.no):
		return false, nil
	}
	won := false
	for _, i := range r.live(ply) {
		x.Apply(int(i))
		ok, err := r.holds(d-1, ply+1)
		x.Undo(int(i))
		if err != nil {
			return false, err
		}
		if ok {
			won = true
			break
		}
	}
	if won && (kb.yes == 0 || d < int(kb.yes)) {
		kb.yes = int8(d)
	}
	if !won && d > int(kb.no) {
		kb.no = int8(d)
	}
	r.known.Put(x.Key(), kb)
	return won, nil
}

// holds reports whether the player who just moved (the attacker) completes
// a progression within d more moves of its own, the other to move now.
func (r *racer) holds(d, ply int) (bool, error) {
	x := r.st
	if x.Won() {
		return true, nil
	}
	if x.Drawn() {
		return false, nil
	}
	o, a := x.Turn(), 1-x.Turn()
	switch {
	case x.Threats(o) > 0 || d < 1:
		return false, nil
	case x.Threats(a) >= 2:
		return true, nil
	case x.Threats(a) == 1:
		i := x.ThreatSquare(a)
		x.Apply(i)
		ok, err := r.wins(d, ply+1)
		x.Undo(i)
		return ok, err
	}
	for _, i := range r.live(ply) {
		x.Apply(int(i))
		ok, err := r.wins(d, ply+1)
		x.Undo(int(i))
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// distance returns the fewest moves of its own in which the player to move
// completes a progression against any defence, trying at most limit; 0
// when it cannot within limit.
func (r *racer) distance(limit int) (int, error) {
	for d := max(1, r.st.Need(r.st.Turn())); d <= limit; d++ {
		switch ok, err := r.wins(d, 0); {
		case err != nil:
			return 0, err
		case ok:
			return d, nil
		}
	}
	return 0, nil
}

// raceMoves measures, for every move that wins or loses, how many more
// moves of its own the winner needs after it (solve.MoveValue.WinIn),
// within ctx (see raceBudget): the moves left
// when it ends are not measured.
func raceMoves(ctx context.Context, s *apgame.State, moves []solve.MoveValue, maxBytes int64) {
	r := newRacer(s, raceBudget(ctx), maxBytes)
	x, g := r.st, s.Game()
	limit := raceLimit(s)
	for j := range moves {
		mv := &moves[j]
		i := g.Index(mv.M)
		if i < 0 || mv.Outcome != solve.Win && mv.Outcome != solve.Loss {
			continue
		}
		x.Apply(i)
		n, err := r.after(mv.Outcome == solve.Win, limit)
		x.Undo(i)
		if err != nil {
			return
		}
		if n >= 0 {
			mv.WinIn = &n
		}
	}
}

// after returns, the other player to move after a move that won (won) or
// lost, how many more moves of its own the winner needs against the best
// defence, trying at most limit; −1 when not within limit.
func (r *racer) after(won bool, limit int) (int, error) {
	if !won {
		n, err := r.distance(limit)
		if n == 0 {
			n = -1
		}
		return n, err
	}
	if r.st.Won() {
		return 0, nil
	}
	for e := 1; e <= limit; e++ {
		switch ok, err := r.holds(e, 1); {
		case err != nil:
			return -1, err
		case ok:
			return e, nil
		}
	}
	return -1, nil
}

// lineMove is one move of a line of best play: the number, who took it,
// and what it did to the race (the threats it made, whether it blocked one).
type lineMove struct {
	number  int
	player  int
	threats []int // the numbers that now complete a progression of player
	block   bool  // it took a number that completed a progression of the other
}

// bestLine plays one line of best play from s (within lineBudget), which
// the exact solver decided as won (outcome Win) or lost (Loss) for the
// player to move: the winner takes the smallest number that wins soonest,
// the loser the smallest that holds out longest, until the winner completes a
// progression. It returns the line, how many moves of its own the winner
// needs from s, and the progression it completes.
func bestLine(ctx context.Context, s *apgame.State, outcome solve.Outcome, maxBytes int64) ([]lineMove, int, []int, error) {
	r := newRacer(s, lineBudget(ctx), maxBytes)
	x, g := r.st, s.Game()
	// d: the winner's moves still needed, measured at its turn (at the
	// loser's, an upper bound).
	winner, d := x.Turn(), raceLimit(s)
	switch outcome {
	case solve.Win:
		var err error
		if d, err = r.distance(d); err != nil {
			return nil, 0, nil, err
		}
		if d == 0 {
			return nil, 0, nil, fmt.Errorf("the winner completes no progression within %d moves", raceLimit(s))
		}
	case solve.Loss:
		winner = 1 - winner
	default:
		return nil, 0, nil, fmt.Errorf("a line of best play needs a won or lost position, not %v", outcome)
	}
	total := -1
	var line []lineMove
	for !x.Won() {
		if x.Drawn() || len(line) > len(g.Set()) {
			return nil, 0, nil, fmt.Errorf("a line of best play ended without a progression after %d moves", len(line))
		}
		p := x.Turn()
		threats := x.ThreatSquares(1 - p)
		var pick int
		var err error
		if p == winner {
			if total < 0 {
				total = d
			}
			pick, err = r.fastest(d)
			d--
		} else {
			pick, d, err = r.longest(d)
		}
		if err != nil {
			return nil, 0, nil, err
		}
		x.Apply(pick)
		mv := lineMove{player: p, number: g.Number(pick), block: slices.Contains(threats, pick)}
		for _, t := range x.ThreatSquares(p) {
			mv.threats = append(mv.threats, g.Number(t))
		}
		line = append(line, mv)
	}
	_, won := x.State().Winner()
	return line, total, won, nil
}

// fastest returns the smallest number (index) that wins within d moves of
// the player to move, d its distance.
func (r *racer) fastest(d int) (int, error) {
	x := r.st
	for _, i := range x.State().AppendInPlay(nil) {
		x.Apply(int(i))
		ok, err := r.holds(d-1, 1)
		x.Undo(int(i))
		if err != nil || ok {
			return int(i), err
		}
	}
	return 0, fmt.Errorf("no number wins within %d moves", d)
}

// longest returns the smallest number (index) after which the other
// player's win is furthest, d its distance before the move, and that
// distance.
func (r *racer) longest(d int) (int, int, error) {
	x := r.st
	cands := x.State().AppendInPlay(nil)
	if t := x.ThreatSquare(1 - x.Turn()); t >= 0 {
		cands = []int32{int32(t)} // any other number loses at once
	}
	best, far := -1, 0
	for _, i := range cands {
		x.Apply(int(i))
		dd, err := r.distance(d)
		x.Undo(int(i))
		if err != nil {
			return 0, 0, err
		}
		if dd == 0 {
			return 0, 0, fmt.Errorf("the defence %d escapes a win within %d moves", i, d)
		}
		if dd > far {
			best, far = int(i), dd
			if far == d {
				break // the most the defence can hold out
			}
		}
	}
	if best < 0 {
		return 0, 0, fmt.Errorf("no defence in play")
	}
	return best, far, nil
}

// teachLine writes a line of best play for How it works: who wins in how
// many moves, then the moves with the threats they make and block, and the
// progression completed.
func teachLine(g *apgame.Game, line []lineMove, moves int, won []int) string {
	win := line[len(line)-1].player
	name := func(p int) string { return sideName(g, p) }
	var b strings.Builder
	fmt.Fprintf(&b, "One line of best play: %s completes a progression in %s of its own, whatever %s does "+
		"(%s takes a number that wins soonest, %s one that holds out longest): ",
		name(win), game.Plural(moves, "move"), name(1-win), name(win), name(1-win))
	steps := make([]string, len(line))
	for i, mv := range line {
		var notes []string
		if mv.block {
			notes = append(notes, "a block")
		}
		if len(mv.threats) > 0 && i < len(line)-1 {
			notes = append(notes, "threatens "+andList(mv.threats))
		}
		steps[i] = fmt.Sprintf("%s\u00a0%d", name(mv.player), mv.number)
		if len(notes) > 0 {
			steps[i] += " (" + strings.Join(notes, "; ") + ")"
		}
	}
	b.WriteString(strings.Join(steps, " → "))
	fmt.Fprintf(&b, ": %s completes the progression %s.\n", name(win), strings.Trim(strings.ReplaceAll(fmt.Sprint(won), " ", ", "), "[]"))
	return b.String()
}

// andList writes numbers as a sentence lists them: "26", "26 and 29",
// "14, 26 and 29".
func andList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return game.Series(s, "and")
}
