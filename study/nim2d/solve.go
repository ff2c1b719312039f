package nim2d

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// SolveCacheBytes is the default memory bound of `kombi solve`'s cache.
const SolveCacheBytes = 256 << 20

// SolveMoveBudget is the work Solve spends deciding moves beyond those the
// position's value decides at once, when its context has no deadline: a
// fraction of a second. With a deadline (`kombi solve --time`) it decides
// moves until the deadline instead.
const SolveMoveBudget = DefaultBudget

// solver is 2D Nim's solver (solve.Analyzer and solve.Hinter); the
// finished shape tables of lib serve its solves.
type solver struct{ lib *ShapeLibrary }

// own checks that st is a position of g.
func own(g *nim2d.Game, st game.State, what string) (*nim2d.State, error) {
	s, ok := st.(*nim2d.State)
	if !ok || g == nil || s.Game().Board().N != g.Board().N {
		return nil, fmt.Errorf("nim2d %s: not a position of %s", what, g)
	}
	return s, nil
}

func newSolveEngine(opt solve.Options, start time.Time) *Engine {
	mem := opt.MemBytes
	if mem <= 0 {
		mem = SolveCacheBytes
	}
	e := NewEngine(NewCache(mem))
	if opt.Progress != nil {
		e.OnProgress(func(work int64) {
			opt.Progress(solve.Progress{Nodes: work, Message: fmt.Sprintf("%d shape values stored", e.cache.Len()), Elapsed: time.Since(start)})
		})
	}
	return e
}

// useBook gives the engine the finished shape table of g's palette in the
// library, if there is one (built now in memory for a palette up to
// AutoBuildN); the error says why a table there is not used.
func (sv solver) useBook(ctx context.Context, g *nim2d.Game, e *Engine) error {
	b, _, err := sv.lib.BookOrBuild(ctx, g.N())
	e.UseBook(b)
	return err
}

// Solve decides a position (solve.Solver): the outcome for the player to
// move, its Grundy value (the Result's value and the extra field "grundy"),
// and the winning moves (best_moves, and their cell numbers as arrays in the
// extra field "best_cells"). The value takes as long as it takes (the
// context stops it); the winning moves are those the value decides at once,
// then more within the context's deadline, or within SolveMoveBudget when it
// has none. A partial result says so in the extra field "note" and comes with
// the error that stopped it (a context error or solve.ErrBudget).
func (sv solver) Solve(ctx context.Context, gg game.Game, st game.State, opt solve.Options) (*solve.Result, error) {
	start := time.Now()
	g, _ := gg.(*nim2d.Game)
	s, err := own(g, st, "solve")
	if err != nil {
		return nil, err
	}
	if s.IsTerminal() {
		r := &solve.Result{Outcome: solve.FromReturn(s.Returns()[0]), Value: 0, Complete: true,
			Extra: map[string]any{"grundy": 0, "best_cells": [][]int{}}}
		r.Text = fmt.Sprintf("%s\n%s\nThe palette is full: the game is over (Grundy value 0).\n", g, s)
		return r, nil
	}
	e := newSolveEngine(opt, start)
	bookErr := sv.useBook(ctx, g, e)
	ao := AnalyseOptions{Ctx: ctx, Budget: opt.Nodes, Engine: e}
	if _, timed := ctx.Deadline(); !timed {
		ao.MoveBudget = SolveMoveBudget
		if opt.Nodes > 0 {
			ao.MoveBudget = min(ao.MoveBudget, opt.Nodes)
		}
	}
	a := Analyse(s, ao)
	r := result(s, a, time.Since(start))
	if bookErr != nil {
		r.Extra["shapes_error"] = bookErr.Error()
	}
	if a.MovesCut {
		return r, nil
	}
	if a.Err != nil {
		return r, fmt.Errorf("nim2d solve: %w", a.Err)
	}
	return r, nil
}

// result turns an analysis into the kit's Result, with today's
// explanation as its text.
func result(s *nim2d.State, a *Analysis, took time.Duration) *solve.Result {
	r := &solve.Result{Outcome: a.Outcome, Best: a.Winning, Complete: a.Complete, Nodes: a.Work}
	cells := make([][]int, 0, len(a.Winning))
	for _, m := range a.Winning {
		c, _ := s.Game().Board().MoveCells(m)
		for k := range c {
			c[k]++
		}
		cells = append(cells, c)
	}
	r.Extra = map[string]any{"grundy": nil, "best_cells": cells}
	if a.GrundyKnown {
		r.Value, r.Extra["grundy"] = a.Grundy, a.Grundy
	}
	note := ""
	switch {
	case a.Complete:
	case a.MovesCut:
		note = fmt.Sprintf("the winning moves listed are those proven at once; %d moves undecided (give --time to decide more)", len(a.Undecided))
	default:
		why := "the limits"
		switch {
		case errors.Is(a.Err, context.DeadlineExceeded):
			why = "the time limit"
		case errors.Is(a.Err, context.Canceled):
			why = "an interruption"
		case errors.Is(a.Err, ErrBudget):
			why = "the node budget"
		}
		note = fmt.Sprintf("stopped by %s: %d moves undecided", why, len(a.Undecided))
		if !a.GrundyKnown {
			note = fmt.Sprintf("stopped by %s: components of %d cells not solved; %d moves undecided", why, a.Unsolved, len(a.Undecided))
		}
	}
	if note != "" {
		r.Extra["note"] = note
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n", s.Game(), s.String())
	head := b.Len() // the game and the board: the page shows them
	b.WriteString(a.Explain(s))
	switch a.Outcome {
	case solve.Loss:
		b.WriteString("The Grundy value is 0: every move leaves a non-zero value, which the opponent can bring back to 0.\n")
	case solve.Win:
		if a.GrundyKnown {
			fmt.Fprintf(&b, "The Grundy value is %d, not 0: a move that makes it 0 wins.\n", a.Grundy)
			b.WriteString(a.exampleWin())
		} else {
			b.WriteString("A move below leaves parts that cancel in pairs (or are known) with XOR 0: it wins.\n")
		}
	}
	r.Teach = b.String()[head:]
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", a.Outcome)
	if len(cells) > 0 {
		parts := make([]string, len(cells))
		for i, c := range cells {
			parts[i] = "{" + strings.Trim(fmt.Sprint(c), "[]") + "}"
		}
		fmt.Fprintf(&b, "Winning moves (%d): %s\n", len(parts), strings.Join(parts, " "))
	}
	if note != "" {
		fmt.Fprintf(&b, "Partial: %s.\n", note)
	}
	fmt.Fprintf(&b, "(%s Grundy-engine steps, %s)\n", game.Grouped(int64(a.Work)), game.Seconds(took.Seconds()))
	r.Text = b.String()
	return r
}

// Analyze values every legal move from one decomposition of the position
// (solve.Analyzer): a move's value is the Grundy value of the position it
// leaves, and it wins for its mover exactly when that value is 0. Moves whose
// values need nothing new come first; the others, the fewest unsolved cells
// first, as the context allows. Moves not decided in time are Unknown with
// no value, and the analysis is not Complete; but in a position whose value
// is 0 without them (parts that cancel in pairs) every move is a Loss, its
// value unknown where out of reach.
func (sv solver) Analyze(ctx context.Context, gg game.Game, st game.State, opt solve.Options) (*solve.Analysis, error) {
	g, _ := gg.(*nim2d.Game)
	start := time.Now()
	s, err := own(g, st, "analyze")
	if err != nil {
		return nil, err
	}
	e := newSolveEngine(opt, start)
	_ = sv.useBook(ctx, g, e) // without it the analysis only takes longer
	e.Limit(ctx, opt.Nodes)
	d := Decompose(g.Board(), s.Empty())
	moves := s.LegalMoves(nil)
	an := &solve.Analysis{Complete: true, Moves: make([]solve.MoveValue, len(moves))}
	type pending struct{ i, missing int }
	var rest []pending
	for i, m := range moves {
		an.Moves[i] = solve.MoveValue{Move: s.MoveString(m), M: m, Outcome: solve.Unknown}
		if v, missing, ok := d.childValue(m, evaluator{e: e, knownOnly: true}); ok {
			an.Moves[i].Value, an.Moves[i].Outcome = v, moverOutcome(v)
		} else {
			rest = append(rest, pending{i, missing})
		}
	}
	slices.SortStableFunc(rest, func(x, y pending) int { return x.missing - y.missing })
	for _, p := range rest {
		if v, _, ok := d.childValue(moves[p.i], evaluator{e: e}); ok {
			an.Moves[p.i].Value, an.Moves[p.i].Outcome = v, moverOutcome(v)
		} else {
			an.Complete = false
		}
	}
	// Every move changes one term of the position's XOR (a part, or the
	// diagonal's parity): in a position of Grundy value 0 (its parts cancel
	// in pairs, or their values are known) every move leaves a value other
	// than 0 and loses for its mover, also where that value is out of reach.
	if !an.Complete {
		if x, ok := d.value(evaluator{e: e, knownOnly: true}); ok && x == 0 {
			for i := range an.Moves {
				if an.Moves[i].Outcome == solve.Unknown {
					an.Moves[i].Outcome = solve.Loss
				}
			}
			an.Complete = true
		}
	}
	an.Nodes = e.Spent()
	if e.err != nil && !solve.Stopped(e.err) {
		return an, fmt.Errorf("nim2d analyze: %w", e.err)
	}
	return an, nil
}

// moverOutcome is the outcome of a move for its mover from the Grundy
// value of the position it leaves.
func moverOutcome(child int) solve.Outcome {
	if child == 0 {
		return solve.Win
	}
	return solve.Loss
}

// Hint names a winning move when the solver finds one quickly
// (solve.Hinter); it says nothing in a lost position, where the
// analysis of every move that follows it says that every move loses.
func (solver) Hint(_ game.Game, st game.State) string {
	s, ok := st.(*nim2d.State)
	if !ok {
		return ""
	}
	if s.IsTerminal() {
		return "The game is over."
	}
	a := Analyse(s, AnalyseOptions{Budget: DefaultBudget, Cache: nil, FirstWin: true})
	switch {
	case a.Outcome == solve.Win && len(a.Winning) > 0:
		return fmt.Sprintf("You can win: play %s.", s.MoveString(a.Winning[0]))
	case a.Outcome == solve.Loss:
		return "" // the analysis of every move says so (bot.HintText)
	default:
		return "The position is too large to solve quickly."
	}
}
