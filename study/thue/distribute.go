package thue

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/games/thue"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
)

// The distributed solver (Distributed, a distribute.Game): the value is a min/max tree
// where the builder minimises the final length and the painter maximises
// it, and "can the builder force a repetition by length T?" asks whether
// the value is at most T. Positions are written canonically, as
// State.Position writes them, of the Canonical form: a word ("0102") with
// the builder to move, or a word and the chosen gap ("0102@2") with the
// painter to move. Leaves are solved by the ordinary Solver.

// Distributed returns the distributed form of g, a Thue game
// (distribute.Distributor).
func (solver) Distributed(g game.Game) (distribute.Game, bool) {
	tg, ok := g.(*thue.Game)
	if !ok {
		return nil, false
	}
	return Distributed{tg}, true
}

// Distributed is a Thue game with its distributed solver
// (distribute.Game).
type Distributed struct{ *thue.Game }

// Splitter returns the splitter of the game's positions (one goroutine at
// a time).
func (d Distributed) Splitter() distribute.Splitter {
	return &splitter{k: d.Alphabet(), rule: d.Rule()}
}

// NewLeafSolver returns a solver of subproblems that keeps its
// transposition table from one subproblem to the next.
// It is a distribute.Sharer: its siblings share the table.
// It is a distribute.Exchanger too: its proofs about the words near the
// top of its subproblems travel to other workers (with opt.WholeTable,
// every proof).
func (d Distributed) NewLeafSolver(opt distribute.LeafOptions) distribute.LeafSolver {
	sv := NewSolver(d.Alphabet(), d.Rule(), SolverOptions{MemBytes: opt.MemBytes, Workers: opt.Threads, Nodes: opt.Nodes, Shared: true})
	sv.journal = &journal{whole: opt.WholeTable}
	return &leafSolver{k: d.Alphabet(), rule: d.Rule(), sv: sv}
}

// SolveDistributed is Solve with the questions "can the builder force a
// repetition by length T?" decided by c: the same Result. Its nodes count
// the positions of c's tree and the positions its subproblems searched.
func (d Distributed) SolveDistributed(ctx context.Context, st game.State, opt solve.Options, c *distribute.Coordinator) (*solve.Result, error) {
	s, ok := st.(*thue.State)
	if !ok {
		return nil, fmt.Errorf("thue solve: %T is not a Thue position", st)
	}
	if s.IsTerminal() {
		return solver{}.Solve(ctx, d.Game, st, opt)
	}
	return solveWith(ctx, d.Game, s, opt, &distributedSearcher{c: c, k: d.Alphabet(), rule: d.Rule()})
}

// positionText writes the canonical form of the position: w with the
// builder to move (gap < 0) or the painter at gap.
func positionText(w []byte, gap, k int) string {
	c, pos, _ := thue.Canonical(w, gap, nil)
	s := thue.WordString(c, k)
	if k > 10 && len(c) == 1 {
		s += "."
	}
	if pos >= 0 {
		s += "@" + strconv.Itoa(pos)
	}
	return s
}

// parsePosition reads a position as positionText writes it (any word
// without a repetition, not only canonical ones).
func parsePosition(text string, k int, rule thue.Rule) (w []byte, gap int, err error) {
	wordText, gapText, hasGap := strings.Cut(text, "@")
	if len(wordText) > 4*thue.MaxPositionLength {
		return nil, 0, fmt.Errorf("position: %d characters; positions hold at most %d symbols", len(text), thue.MaxPositionLength)
	}
	if w, err = thue.ParseWord(wordText, k); err != nil {
		return nil, 0, err
	}
	switch {
	case len(w) == 0:
		return nil, 0, fmt.Errorf("position %q: the word is empty", text)
	case len(w) > thue.MaxPositionLength:
		return nil, 0, fmt.Errorf("position: a word of %d symbols; positions hold at most %d", len(w), thue.MaxPositionLength)
	}
	if _, over := thue.FindRepetition(w, rule); over {
		return nil, 0, fmt.Errorf("position %q: the word holds %s: the game is over", text, rule.Article())
	}
	gap = -1
	if hasGap {
		if gap, err = strconv.Atoi(gapText); err != nil || gap < 0 || gap > len(w) {
			return nil, 0, fmt.Errorf("position %q: the gap after @ is %q; want a gap from 0 to %d", text, gapText, len(w))
		}
	}
	return w, gap, nil
}

// splitter expands Thue positions: the builder chooses a gap (positions in
// the solver's order, fewest fitting symbols first), the painter a symbol
// that fits (one that does not ends the game at the least length, which the
// painter never prefers).
type splitter struct {
	k    int
	rule thue.Rule
	f    thue.Fitter
	fit  []uint32
}

// Space is the game string of the answers: the start symbol does not change
// the value of a word.
func (sp *splitter) Space() string {
	return fmt.Sprintf("thue(alphabet=%d,rule=%s,start=0)", sp.k, sp.rule)
}

// Expand gives the bounds the rules prove and the moves: a word of length
// n is worth n+1 when some gap admits no symbol, else at least n+2.
func (sp *splitter) Expand(position string) (distribute.Expansion, error) {
	w, gap, err := parsePosition(position, sp.k, sp.rule)
	if err != nil {
		return distribute.Expansion{}, err
	}
	n := len(w)
	sp.fit = sp.f.FitAll(w, sp.k, sp.rule, sp.fit)
	e := distribute.Expansion{Bounds: distribute.Bounds{Lo: int64(n + 2), Hi: distribute.NoUpper}}
	if gap >= 0 {
		e.Max = true
		set := sp.fit[gap]
		if set == 0 {
			e.Bounds = distribute.Exact(int64(n + 1)) // every symbol ends the game
			return e, nil
		}
		child := make([]byte, n+1)
		copy(child, w[:gap])
		copy(child[gap+1:], w[gap:])
		for c := 0; c < sp.k; c++ {
			if set&(1<<c) != 0 {
				child[gap] = byte(c)
				e.Moves = append(e.Moves, distribute.Move{Label: strconv.Itoa(c), Position: positionText(child, -1, sp.k)})
			}
		}
		return e, nil
	}
	order := make([]int, n+1)
	for i := range order {
		order[i] = i
		if sp.fit[i] == 0 {
			e.Bounds = distribute.Exact(int64(n + 1)) // the builder picks that gap
		}
	}
	for _, i := range byFit(sp.fit, order, nil) {
		e.Moves = append(e.Moves, distribute.Move{Label: strconv.Itoa(i), Position: positionText(w, i, sp.k)})
	}
	return e, nil
}

// leafSolver answers subproblems with a Solver.
type leafSolver struct {
	k    int
	rule thue.Rule
	sv   *Solver
}

// Known returns the bounds the table holds on a position's value
// (distribute.Knower): a word's own, or for the painter at a gap the
// maximum over the symbols that fit of their words' (known only when every
// such word is in the table, or one is proven to last longer than the
// others could).
func (ls *leafSolver) Known(position string) (distribute.Bounds, bool) {
	w, gap, err := parsePosition(position, ls.k, ls.rule)
	if err != nil || len(w)+1 > ls.sv.maxLen {
		return distribute.Any, false
	}
	if gap < 0 {
		return ls.sv.known(w)
	}
	var f thue.Fitter
	set := f.FitAll(w, ls.k, ls.rule, nil)[gap]
	if set == 0 {
		return distribute.Exact(int64(len(w) + 1)), true
	}
	child := make([]byte, len(w)+1)
	copy(child, w[:gap])
	copy(child[gap+1:], w[gap:])
	b := distribute.Bounds{Lo: distribute.NoLower, Hi: distribute.NoLower}
	all := true
	for c := 0; c < ls.k; c++ {
		if set&(1<<c) == 0 {
			continue
		}
		child[gap] = byte(c)
		kb, ok := ls.sv.known(child)
		if !ok {
			all = false
			kb = distribute.Bounds{Lo: int64(len(child) + 1), Hi: distribute.NoUpper}
		}
		b = distribute.Bounds{Lo: max(b.Lo, kb.Lo), Hi: max(b.Hi, kb.Hi)}
	}
	if !all && b.Hi != distribute.NoUpper {
		b.Hi = distribute.NoUpper
	}
	return b, b.Lo > int64(len(w)+2) || b.Hi != distribute.NoUpper
}

// Sibling returns a leaf solver sharing ls's table (distribute.Sharer).
func (ls *leafSolver) Sibling() distribute.LeafSolver {
	return &leafSolver{k: ls.k, rule: ls.rule, sv: ls.sv.Sibling()}
}

// SolveLeaf finds the value of the position if it is at most t (exact
// bounds), else proves it above t.
func (ls *leafSolver) SolveLeaf(ctx context.Context, position string, t int64) (distribute.Bounds, int64, error) {
	w, gap, err := parsePosition(position, ls.k, ls.rule)
	if err != nil {
		return distribute.Any, 0, err
	}
	first := int64(len(w) + 1)
	if gap >= 0 {
		first++
	}
	switch {
	case t > MaxSolveLength:
		return distribute.Any, 0, fmt.Errorf("%w: length %d asked, the solver searches lengths up to %d", ErrTooLong, t, MaxSolveLength)
	case t < first:
		// Value would find the exact value (a maximum length of 0 is none).
		return distribute.Bounds{Lo: first, Hi: distribute.NoUpper}, 0, nil
	}
	// Only the search of length t itself is noted for other workers (see
	// journal), not the shorter ones of its iterative deepening.
	if j := ls.sv.journal; j != nil {
		for {
			old := j.minT.Load()
			if t <= old || j.minT.CompareAndSwap(old, t) {
				break
			}
		}
	}
	res, err := ls.sv.Value(ctx, w, gap, int(t))
	b := distribute.Bounds{Lo: int64(res.LowerBound), Hi: distribute.NoUpper}
	if res.Exact {
		b = distribute.Exact(int64(res.Value))
	}
	return b, res.Nodes, err
}

// distributedSearcher is Solve's searcher with the questions decided by a
// Coordinator.
type distributedSearcher struct {
	c    *distribute.Coordinator
	k    int
	rule thue.Rule
}

// Value is Solver.Value with each length decided by the coordinator.
func (d *distributedSearcher) Value(ctx context.Context, w []byte, gap, maxLength int) (Length, error) {
	start, before := time.Now(), d.c.Nodes()
	root := positionText(w, gap, d.k)
	res, err := deepen(w, gap, maxLength, d.k, d.rule, func(T int) (bool, error) {
		return d.c.AtMost(ctx, root, int64(T))
	})
	res.Nodes, res.Elapsed = d.c.Nodes()-before, time.Since(start)
	return res, err
}

// BestPositions lists the builder's positions in w that keep the value
// v, in the local solver's order (fewest fitting symbols first).
func (d *distributedSearcher) BestPositions(ctx context.Context, w []byte, v int) ([]int, error) {
	var f thue.Fitter
	fit := f.FitAll(w, d.k, d.rule, nil)
	order := make([]int, len(fit))
	for i := range order {
		order[i] = i
	}
	order = byFit(fit, order, nil)
	moves := make([]distribute.Move, len(order))
	for j, i := range order {
		moves[j] = distribute.Move{Label: strconv.Itoa(i), Position: positionText(w, i, d.k)}
	}
	after, err := d.c.After(ctx, positionText(w, -1, d.k), moves, int64(v))
	if err != nil {
		return nil, err
	}
	var best []int
	for j, b := range after {
		if yes, _ := b.AtMost(int64(v)); yes {
			best = append(best, order[j])
		}
	}
	if len(best) == 0 {
		return nil, fmt.Errorf("no position keeps the value %d", v)
	}
	return best, nil
}

// BestSymbols lists the painter's symbols at gap of w after which the
// builder cannot force a repetition by length t (every symbol where none
// fits).
func (d *distributedSearcher) BestSymbols(ctx context.Context, w []byte, gap, t int) ([]int, error) {
	var f thue.Fitter
	set := f.FitAll(w, d.k, d.rule, nil)[gap]
	var symbols []int
	var moves []distribute.Move
	child := make([]byte, len(w)+1)
	copy(child, w[:gap])
	copy(child[gap+1:], w[gap:])
	for c := 0; c < d.k; c++ {
		if set == 0 || set&(1<<c) != 0 {
			child[gap] = byte(c)
			symbols = append(symbols, c)
			moves = append(moves, distribute.Move{Label: strconv.Itoa(c), Position: positionText(child, -1, d.k)})
		}
	}
	if set == 0 {
		return symbols, nil // every symbol ends the game at once
	}
	after, err := d.c.After(ctx, positionText(w, gap, d.k), moves, int64(t))
	if err != nil {
		return nil, err
	}
	var best []int
	for j, b := range after {
		if yes, _ := b.AtMost(int64(t)); !yes {
			best = append(best, symbols[j])
		}
	}
	return best, nil
}

func (d *distributedSearcher) Nodes() int64 { return d.c.Nodes() }

func (d *distributedSearcher) WorkerNodes() []int64 { return nil }
