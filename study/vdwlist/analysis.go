package vdwlist

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Fraction writes v as "p/q" in lowest terms, also when q = 1.
func Fraction(v *big.Rat) string {
	return v.Num().String() + "/" + v.Denom().String()
}

// Decimal writes v (from 0 to 1) as a decimal: six places, and when v is
// within 10⁻⁶ of 0 or 1 without being 0 or 1, as many as show its distance
// from them and three more (31381056713/31381059609 is 0.999999907715,
// not 1.000000).
func Decimal(v *big.Rat) string {
	gap := new(big.Rat).Sub(big.NewRat(1, 1), v)
	if v.Cmp(gap) < 0 {
		gap.Set(v)
	}
	prec := 6
	if gap.Sign() > 0 && gap.Cmp(big.NewRat(1, 1000000)) < 0 {
		lim := big.NewRat(1, 1000000)
		for gap.Cmp(lim) < 0 && prec < 60 {
			lim.Quo(lim, big.NewRat(10, 1))
			prec++
		}
		prec += 3
	}
	return v.FloatString(prec)
}

// percent writes v (from 0 to 1) as the page writes a chance: one decimal
// place, "0 %" and "100 %" only when exact, 0.1 % to 99.9 % between (a
// no-break space before the sign).
func percent(v *big.Rat) string {
	switch {
	case v.Sign() == 0:
		return "0\u00a0%"
	case v.Cmp(big.NewRat(1, 1)) == 0:
		return "100\u00a0%"
	}
	p, _ := new(big.Rat).Mul(v, big.NewRat(100, 1)).Float64()
	return strconv.FormatFloat(min(max(p, 0.1), 99.9), 'f', 1, 64) + "\u00a0%"
}

// solver is the game's solver (solve.Analyzer); warm keeps the solver of
// the last game analysed, with its table, for the next analysis (warmKey).
type solver struct{ warm *solve.Kept[*Solver] }

// Solve computes the exact probability that player 1 wins from st under
// optimal play by both (see Solver) and the best moves of the player to
// move; it implements solve.Solver. The result's Value is the probability
// as a fraction string ("77/729"); its Outcome is solve.ChanceOutcome's
// (win when certain, loss when impossible, draw between) for the player to
// move, at a chance node and at the end for player 1. Extra holds the
// fields `kombi solve --json` printed before the common ones existed:
// to_move, p1_win, p1_win_float, p2_win, idle_moves, stored_positions,
// searched_positions (those not found in the table; nodes counts every
// position reached).
// opt.MemBytes bounds the table (0: DefaultMemBytes), opt.Nodes the search.
// Cut short, it returns what is proven (see Solver.Solve) with the error.
// It shares the table kept for analyses (see Analyze).
func (sl solver) Solve(ctx context.Context, gg game.Game, st game.State, opt solve.Options) (*solve.Result, error) {
	g, _ := gg.(*vdwlist.Game)
	s, ok := st.(*vdwlist.State)
	if !ok || s.Game().String() != g.String() {
		return nil, fmt.Errorf("vdwlist solve: not a position of %s", g)
	}
	sv, done := sl.solverFor(s.Game(), opt)
	defer done()
	return sv.Solve(ctx, s)
}

// solverFor returns a solver for g set up by opt: the one kept from the
// last analysis when it suits g (see warmKey), else a new one; done
// keeps it for the next.
func (sl solver) solverFor(g *vdwlist.Game, opt solve.Options) (sv *Solver, done func()) {
	done = func() {}
	if sl.warm != nil {
		key := warmKey(g, opt.MemBytes)
		sv = sl.warm.Take(key, func() *Solver { return NewSolver(g, opt.MemBytes) })
		if err := sv.SetGame(g); err != nil { // the key says it suits
			sv = NewSolver(g, opt.MemBytes)
		}
		done = func() { sl.warm.Keep(key, sv) }
	} else {
		sv = NewSolver(g, opt.MemBytes)
	}
	sv.SetProgress(opt.Progress)
	sv.SetNodeLimit(opt.Nodes)
	sv.SetBoundsTime(opt.BoundsTime)
	if opt.Workers > 0 {
		sv.SetWorkers(opt.Workers)
	}
	return sv, done
}

// Analyze values every legal move of st with one solver table: the move's
// outcome for the player who makes it (for player 1 after a chance draw)
// and player 1's exact winning probability after it. It implements
// solve.Analyzer; each move gets a fair share of the context's time, and a
// move not decided in it is unknown. The table stays for the next analysis
// of a game of the same k, colours and list size for a while (warmKey).
func (sl solver) Analyze(ctx context.Context, gg game.Game, st game.State, opt solve.Options) (*solve.Analysis, error) {
	g, _ := gg.(*vdwlist.Game)
	s, ok := st.(*vdwlist.State)
	if !ok || s.Game().String() != g.String() {
		return nil, fmt.Errorf("vdwlist analyze: not a position of %s", g)
	}
	sv, done := sl.solverFor(s.Game(), opt)
	defer done()
	nodes0 := sv.Nodes()
	moves := s.LegalMoves(nil)
	a := &solve.Analysis{Position: s.Position(), Complete: true, Moves: make([]solve.MoveValue, 0, len(moves))}
	for i, m := range moves {
		mv := solve.MoveValue{Move: s.MoveString(m), M: m, Outcome: solve.Unknown}
		c := s.Clone().(*vdwlist.State)
		c.ApplyUnchecked(m)
		if ctx.Err() != nil {
			a.Complete = false
			a.Moves = append(a.Moves, mv)
			continue
		}
		cctx, cancel := solve.Share(ctx, len(moves)-i)
		v, err := sv.Value(cctx, c)
		cancel()
		switch {
		case err == nil:
			mv.Value = Fraction(v)
			mv.Outcome = solve.ChanceOutcome(v)
			if s.Player() == 1 {
				mv.Outcome = mv.Outcome.Neg()
			}
		case solve.Stopped(err):
			a.Complete = false
		default:
			return nil, fmt.Errorf("vdwlist analyze: after %s: %w", mv.Move, err)
		}
		a.Moves = append(a.Moves, mv)
	}
	a.Nodes = sv.Nodes() - nodes0
	return a, nil
}

// Solve solves s with the solver's table (see Game.Solve). When the search
// is cut short (the context, the node limit) the result is what is proven,
// with the error, Complete false: the lower bound from the positions
// searched or, when higher, player 1's exact chance in the game restricted
// to fewer numbers (not after a node limit), the upper bound that player 2
// guarantees by colouring each number with a uniformly random colour of
// its list (these two bounds within the time SetBoundsTime allows), the
// outcome when the bounds
// decide it, and player 1's best move found. A result with the exact value
// but not every best move checked is also incomplete.
func (sv *Solver) Solve(ctx context.Context, s *vdwlist.State) (*solve.Result, error) {
	start := time.Now()
	nodes0, searched0 := sv.Nodes(), sv.Searched()
	v, err := sv.Value(ctx, s)
	if v == nil {
		return nil, fmt.Errorf("vdwlist solve: %w", err)
	}
	r := &solve.Result{Position: s.Position(), Player: s.Player(), BestMoves: []string{}, Complete: err == nil}
	x := &explanation{g: s.Game(), toMove: toMove(s), start: start}
	if s.Phase() == vdwlist.PhaseName {
		x.threats = s.NamingThreats()
	}
	if err == nil {
		r.Value = Fraction(v)
		r.Outcome = outcomeFor(s, v)
		x.value = v
		err = sv.bestMoves(ctx, s, v, r, x)
		r.Complete = err == nil
	} else if solve.Stopped(err) {
		var best game.Move
		if sv.rootMove != 0 && sv.rootLo != nil && sv.rootLo.Sign() > 0 {
			best, x.bestLo = game.Move(sv.rootMove), sv.rootLo
		}
		bounds := sv.boundsTime >= 0
		var boundsEnd time.Time // when the bounds must be done (zero: each by its own limit)
		if sv.boundsTime > 0 {
			boundsEnd = time.Now().Add(sv.boundsTime)
		}
		limit := func(most time.Duration) time.Duration {
			d := boundTime(ctx, start, most)
			if !boundsEnd.IsZero() {
				d = min(d, max(time.Until(boundsEnd), time.Millisecond))
			}
			return d
		}
		if bounds && !errors.Is(err, solve.ErrBudget) {
			if rlo, rbest, n, off := sv.restrictedBound(ctx, s, limit(restrictedTime)); rlo != nil && rlo.Cmp(v) > 0 {
				v, x.restricted = rlo, fmt.Sprintf("%d..%d", off+1, off+n)
				if rbest != 0 && (x.bestLo == nil || rlo.Cmp(x.bestLo) > 0) {
					best, x.bestLo = rbest, rlo
				}
			}
		}
		if best != 0 {
			r.Best, r.BestMoves = []game.Move{best}, []string{s.MoveString(best)}
		}
		hi, ok := big.NewRat(1, 1), false
		if bounds {
			hi, ok = randomBound(ctx, s.Game(), s, limit(randomTime))
		}
		if !ok {
			hi = big.NewRat(1, 1)
		}
		r.LowerBound, r.UpperBound = Fraction(v), Fraction(hi)
		r.Outcome = solve.Unknown
		switch one := big.NewRat(1, 1); {
		case v.Cmp(one) == 0:
			r.Outcome = outcomeFor(s, v)
		case hi.Sign() == 0:
			r.Outcome = outcomeFor(s, hi)
		case v.Sign() > 0 && hi.Cmp(one) < 0:
			r.Outcome = solve.Chance // 0 < p < 1 for either player
		}
		x.lo, x.hi, x.hiRandom, x.stopped = v, hi, ok, err
	} else {
		return nil, fmt.Errorf("vdwlist solve: %w", err)
	}
	r.Nodes = sv.Nodes() - nodes0
	x.nodes, x.searched, x.stored, x.position, x.best = r.Nodes, sv.Searched()-searched0, sv.Stored(), r.Position, r.BestMoves
	r.Extra = map[string]any{"to_move": x.toMove, "stored_positions": x.stored, "searched_positions": x.searched}
	if x.value != nil {
		f, _ := x.value.Float64()
		r.Extra["p1_win"], r.Extra["p1_win_float"] = Fraction(x.value), f
		r.Extra["p2_win"] = Fraction(new(big.Rat).Sub(big.NewRat(1, 1), x.value))
	}
	if len(x.idle) > 0 {
		r.Extra["idle_moves"] = x.idle
	}
	r.Text, r.Teach = x.text(), x.teach()
	return r, err
}

// outcomeFor is the outcome (solve.ChanceOutcome) of player 1's winning
// probability p for the player to move in s (player 1 at a chance node and
// at the end).
func outcomeFor(s *vdwlist.State, p *big.Rat) solve.Outcome {
	o := solve.ChanceOutcome(p)
	if s.Player() == 1 {
		return o.Neg()
	}
	return o
}

func toMove(s *vdwlist.State) string {
	switch s.Phase() {
	case vdwlist.PhaseName:
		return "P1 (namer) to name a number"
	case vdwlist.PhaseDraw:
		return fmt.Sprintf("P1 named %d, the list is drawn next", s.Named())
	case vdwlist.PhaseColour:
		return fmt.Sprintf("P2 (colourer) to colour %d from the list %s", s.Named(), s.Game().ColourList(s.List()))
	}
	if s.Won() {
		return "the game is over: P1 (namer) has won"
	}
	return "the game is over: P2 (colourer) has won"
}

// The time the bounds of a search cut short take after it (see Solve): at
// most restrictedTime and randomTime, and no more than the search had when
// it was given a deadline, so that a caller's budget is at most doubled (a
// page's analysis of half a second took 3.6 s more with 4 colours and 30
// numbers).
const (
	restrictedTime = 1500 * time.Millisecond
	randomTime     = 2 * time.Second
)

// boundTime is the time a bound may take after a search that began at start
// with ctx (see restrictedTime): most, when ctx had no deadline.
func boundTime(ctx context.Context, start time.Time, most time.Duration) time.Duration {
	if dl, ok := ctx.Deadline(); ok {
		return min(most, max(dl.Sub(start), time.Millisecond))
	}
	return most
}

// randomBound returns player 1's winning chance when player 2 colours every
// number with a uniformly random colour of its list, which makes every
// colour uniform and independent whatever player 1 names: an upper bound of
// the value. It computes it with the solver of the game with lists of one
// colour within limit, even after ctx is done (ok false when it cannot).
func randomBound(ctx context.Context, g *vdwlist.Game, s *vdwlist.State, limit time.Duration) (*big.Rat, bool) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), limit)
	defer cancel()
	g1, err := vdwlist.New(g.K(), g.Colors(), 1, g.S())
	if err != nil {
		return nil, false
	}
	sv := NewSolver(g1, 64<<20)
	sv.SetWorkers(1)
	base := *s.InGame(g1)
	if s.Phase() != vdwlist.PhaseColour {
		v, err := sv.Value(ctx, &base)
		return v, err == nil
	}
	sum, n := new(big.Rat), int64(0)
	for m := s.List(); m != 0; m &= m - 1 {
		col := bits.TrailingZeros8(m)
		c := base
		c.ApplyUnchecked(game.Move(s.Named()))
		c.ApplyUnchecked(game.Move(1) << col)
		c.ApplyUnchecked(game.Move(col))
		v, err := sv.Value(ctx, &c)
		if err != nil {
			return nil, false
		}
		sum.Add(sum, v)
		n++
	}
	return sum.Quo(sum, big.NewRat(n, 1)), true
}

// restrictedBound returns a lower bound of player 1's chance in s, within
// limit (even after ctx is done): his exact chance in the game on the numbers
// off+1..off+n alone (the position cut to them), for the largest n < s it
// solves in time with the solver's table. Player 1 can play that game's
// best strategy and name the other numbers last, and a progression of the
// smaller game is one of s, so that is a lower bound; best is his first
// move in it as a move of s (0 when not known).
func (sv *Solver) restrictedBound(ctx context.Context, s *vdwlist.State, limit time.Duration) (lo *big.Rat, best game.Move, n, off int) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), limit)
	defer cancel()
	g := s.Game()
	defer func() { _ = sv.SetGame(g) }()
	for size := 1; size < g.S(); size++ {
		rs, shift := s.Restrict(size)
		if rs == nil {
			continue
		}
		if err := sv.SetGame(rs.Game()); err != nil {
			return
		}
		v, err := sv.Value(ctx, rs)
		if err != nil {
			return
		}
		if lo == nil || v.Cmp(lo) > 0 {
			lo, n, off, best = v, size, shift, 0
			if sv.rootMove != 0 {
				best = game.Move(sv.rootMove + shift)
			}
		}
	}
	return
}

// explanation is what a solve result says to people.
type explanation struct {
	g               *vdwlist.Game
	position        string
	toMove          string
	value           *big.Rat // nil when not known
	lo, hi, bestLo  *big.Rat
	hiRandom        bool
	restricted      string // the numbers of the game whose value is lo
	stopped         error
	best, idle      []string
	threats         []vdwlist.Threat // the numbers that complete a progression in some colour, with the namer to name
	nodes           int64            // positions reached: table hits and positions decided at once too
	searched        int64            // positions not found in the table, their moves tried
	stored          int
	start           time.Time
	bestMovesCutOff bool
}

// bounds says what a search cut short proved of the namer's chance, each
// bound with where it comes from, as the end of a sentence (". Proven so
// far: ..."); nothing but the full stop when neither bound says more than
// that the chance is between 0 and 1.
func (x *explanation) bounds() string {
	var parts []string
	if x.lo.Sign() > 0 {
		p := fmt.Sprintf("at least %s ≈ %s", Fraction(x.lo), percent(x.lo))
		if x.restricted != "" {
			p += fmt.Sprintf(" (what the namer wins on the numbers %s alone, naming the others last)", x.restricted)
		}
		parts = append(parts, p)
	}
	if x.hi.Cmp(big.NewRat(1, 1)) < 0 {
		p := fmt.Sprintf("at most %s ≈ %s", Fraction(x.hi), percent(x.hi))
		if x.hiRandom {
			p += " (what the namer wins when the colourer colours each number with a random colour of its list)"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return ".\n"
	}
	return ". Proven so far: the namer wins with probability " + strings.Join(parts, " and ") + ".\n"
}

func (x *explanation) text() string {
	var b strings.Builder
	g := x.g
	fmt.Fprintf(&b, "%s: numbers 1..%d, %d colours, lists of %d, P1 wins with a monochromatic %d-term progression.\n",
		g.String(), g.S(), g.Colors(), g.ListSize(), g.K())
	if strings.Trim(x.position, ".") != "" {
		fmt.Fprintf(&b, "Position %s, %s.\n", x.position, x.toMove)
	}
	switch {
	case x.value != nil && x.value.Sign() == 0:
		b.WriteString("Under optimal play by both, P2 (colourer) always wins: P1 (namer) cannot force a monochromatic progression, whatever the lists drawn.\n")
	case x.value != nil && x.value.Cmp(big.NewRat(1, 1)) == 0:
		b.WriteString("Under optimal play by both, P1 (namer) always wins, whatever the lists drawn.\n")
	case x.value != nil:
		fmt.Fprintf(&b, "Under optimal play by both, P1 (namer) wins with probability %s ≈ %s; P2 (colourer) with %s.\n",
			Fraction(x.value), Decimal(x.value), Fraction(new(big.Rat).Sub(big.NewRat(1, 1), x.value)))
	default:
		fmt.Fprintf(&b, "Stopped before the end (%v): what is proven follows.\n", x.stopped)
	}
	who := x.toMove[:2]
	switch {
	case x.value == nil && len(x.best) > 0:
		fmt.Fprintf(&b, "Best move found so far for P1: %s (P1 wins with probability at least %s).\n", x.best[0], Fraction(x.bestLo))
	case x.bestMovesCutOff:
		fmt.Fprintf(&b, "Best moves for %s checked before the stop: %s\n", who, strings.Join(x.best, ", "))
	case len(x.best) > 0:
		fmt.Fprintf(&b, "Best moves for %s: %s\n", who, strings.Join(x.best, ", "))
	}
	b.WriteString(x.teach())
	fmt.Fprintf(&b, "(%s positions reached, %s searched, %s stored, %s)\n", game.Grouped(x.nodes), game.Grouped(x.searched), game.Grouped(int64(x.stored)), game.Seconds(time.Since(x.start).Seconds()))
	return b.String()
}

// teach is the part of text that reasons (see solve.Result.Teach), in the
// page's words (the namer and the colourer, not P1 and P2): the reasoning,
// and what is proven of the chance when the search was cut short.
func (x *explanation) teach() string {
	if x.value == nil && x.lo != nil {
		return x.reasoning() + game.Wrap("Not decided yet"+x.bounds(), 100)
	}
	return x.reasoning()
}

// maxThreatWords is how many threats How it works says one by one.
const maxThreatWords = 6

// reasoning is the part of text that reasons: how the chance is computed,
// the numbers a colour would complete a progression through,
// the numbers that change nothing, and why the namer's choices do not
// matter with lists of one colour.
func (x *explanation) reasoning() string {
	var b strings.Builder
	g := x.g
	lists := g.Lists()
	names := make([]string, len(lists))
	for i, l := range lists {
		names[i] = g.ColourList(uint8(l))
	}
	switch {
	case len(lists) == 1:
		b.WriteString("The chance comes from searching every way the game can go: the namer names the best number, " +
			"and the colourer colours it with any colour, as is worst for the namer.\n")
	case g.ListSize() > 1:
		fmt.Fprintf(&b, "The chance comes from searching every way the game can go: the namer names the best number, "+
			"a list is drawn (%s or %s, each with chance 1/%d), and the colourer colours the number from it "+
			"as is worst for the namer. Averaged over the draws, it is a fraction over %d to the power of the lists still to draw.\n",
			strings.Join(names[:len(names)-1], ", "), names[len(names)-1], len(lists), len(lists))
	}
	for _, t := range x.threats[:min(len(x.threats), maxThreatWords)] {
		b.WriteString(g.ThreatWords(t, "the colourer", "chance") + "\n")
	}
	if more := x.threats[min(len(x.threats), maxThreatWords):]; len(more) > 0 {
		ns := make([]string, len(more))
		for i, t := range more {
			ns[i] = fmt.Sprint(t.Number)
		}
		fmt.Fprintf(&b, "Some colour would complete a progression through %s too: %s.\n", game.Plural(len(more), "more number"), strings.Join(ns, ", "))
	}
	if len(x.idle) > 0 {
		fmt.Fprintf(&b, "Numbers in no live progression (naming them changes nothing): %s\n", strings.Join(x.idle, ", "))
	}
	if x.g.ListSize() == 1 && x.value != nil {
		b.WriteString("With lists of one colour the colourer has no choice: every number gets an independent uniform colour, " +
			"so the value is the chance that a random colouring holds a monochromatic progression, whatever the namer does.\n")
	}
	return game.Wrap(b.String(), 100)
}

// bestMoves fills in the moves that keep the value v: each is tested with a
// null window at v. Cut short, it keeps the moves checked so far.
func (sv *Solver) bestMoves(ctx context.Context, s *vdwlist.State, v *big.Rat, r *solve.Result, x *explanation) error {
	defer func() { x.best = r.BestMoves }()
	switch s.Phase() {
	case vdwlist.PhaseName:
		if err := sv.prepare(s); err != nil {
			return err
		}
		relevant := liveNumbers(s)
		for m := sv.g.Full() &^ s.Colored(); m != 0; m &= m - 1 {
			n := bits.TrailingZeros64(m) + 1
			if relevant&(1<<(n-1)) == 0 {
				x.idle = append(x.idle, strconv.Itoa(n))
				continue
			}
			if sv.g.ListSize() > 1 || v.Sign() == 0 {
				keeps, err := sv.keepsValue(ctx, s, n, v)
				if err != nil {
					x.bestMovesCutOff = true
					return err
				}
				if !keeps {
					continue
				}
			}
			r.Best = append(r.Best, game.Move(n))
			r.BestMoves = append(r.BestMoves, strconv.Itoa(n))
		}
	case vdwlist.PhaseColour:
		for _, m := range s.LegalMoves(nil) {
			c := s.Clone().(*vdwlist.State)
			c.ApplyUnchecked(m)
			cv, err := sv.Value(ctx, c)
			if err != nil {
				x.bestMovesCutOff = true
				return err
			}
			if cv.Cmp(v) == 0 {
				r.Best = append(r.Best, m)
				r.BestMoves = append(r.BestMoves, s.MoveString(m))
			}
		}
	}
	return nil
}
