package nim2d

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Part is one independent component of a position: connected empty
// off-diagonal cells.
type Part struct {
	// Shape is the component, normalised to its bounding box whose top-left
	// cell is (R0, C0) on the palette (0-based).
	Shape  Shape
	R0, C0 int
	// Key is the canonical key of the shape.
	Key Key
	// Value is the Grundy value of the shape when Known.
	Value int
	Known bool
}

// Decomposition is a position split into independent parts: the empty
// diagonal cells (single-token heaps) and the components of empty
// off-diagonal cells.
type Decomposition struct {
	Board    nim2d.Board
	Empty    nim2d.Cells
	Diagonal int // empty diagonal cells
	Parts    []Part
	partOf   [nim2d.MaxN * nim2d.MaxN]int8 // index of the part holding a cell, -1 for none
}

// Decompose splits the empty cells of an N×N palette into parts.
func Decompose(b nim2d.Board, empty nim2d.Cells) *Decomposition {
	d := &Decomposition{Board: b, Empty: empty}
	for i := range d.partOf {
		d.partOf[i] = -1
	}
	n := b.N
	var queue [nim2d.MaxN * nim2d.MaxN]int
	for start := range b.Size() {
		if !empty.Has(start) || d.partOf[start] >= 0 {
			continue
		}
		r, c := b.RC(start)
		if r == c {
			d.Diagonal++
			continue
		}
		id := int8(len(d.Parts))
		d.partOf[start] = id
		queue[0] = start
		head, tail := 0, 1
		rmin, rmax, cmin, cmax := r, r, c, c
		for head < tail {
			i := queue[head]
			head++
			ri, ci := b.RC(i)
			rmin, rmax, cmin, cmax = min(rmin, ri), max(rmax, ri), min(cmin, ci), max(cmax, ci)
			for _, nb := range [4][2]int{{ri - 1, ci}, {ri + 1, ci}, {ri, ci - 1}, {ri, ci + 1}} {
				rr, cc := nb[0], nb[1]
				if rr < 0 || cc < 0 || rr >= n || cc >= n || rr == cc {
					continue
				}
				j := b.Index(rr, cc)
				if empty.Has(j) && d.partOf[j] < 0 {
					d.partOf[j] = id
					queue[tail] = j
					tail++
				}
			}
		}
		var s Shape
		s.H, s.W = int8(rmax-rmin+1), int8(cmax-cmin+1)
		for k := range tail {
			ri, ci := b.RC(queue[k])
			s.Rows[ri-rmin] |= 1 << (ci - cmin)
		}
		d.Parts = append(d.Parts, Part{Shape: s, R0: rmin, C0: cmin, Key: s.Canonical()})
	}
	return d
}

// PartOf returns the index of the part holding cell index i, or -1.
func (d *Decomposition) PartOf(i int) int { return int(d.partOf[i]) }

// odd returns the indices of the parts that do not cancel: of each class of
// equal (canonical) shapes, one part when the class has an odd number.
func (d *Decomposition) odd() []int {
	count := map[Key]int{}
	first := map[Key]int{}
	for i, p := range d.Parts {
		if count[p.Key] == 0 {
			first[p.Key] = i
		}
		count[p.Key]++
	}
	var out []int
	for i, p := range d.Parts {
		if first[p.Key] == i && count[p.Key]%2 == 1 {
			out = append(out, i)
		}
	}
	return out
}

// evaluator computes values of shapes and sums of shapes, either fully
// (within the engine's limits) or only from what is already known.
type evaluator struct {
	e         *Engine
	knownOnly bool
}

func (ev evaluator) shape(s Shape, k Key) (int, bool) {
	if n := s.Cells(); n <= 3 {
		return n, true
	}
	if v, ok := ev.e.known(&s, k); ok {
		return v, true
	}
	if ev.knownOnly || ev.e.err != nil {
		return 0, false
	}
	v, ok := ev.e.keyed(&s, k)
	return v, ok
}

// sum returns the value of a list of shapes with their keys, equal shapes
// cancelling in pairs, and the number of cells of the shapes whose values
// are missing.
func (ev evaluator) sum(shapes []Shape, keys []Key) (int, int, bool) {
	idx := make([]int, len(shapes))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool {
		ka, kb := keys[idx[a]], keys[idx[b]]
		if ca, cb := shapes[idx[a]].Cells(), shapes[idx[b]].Cells(); ca != cb {
			return ca < cb
		}
		return ka.less(kb)
	})
	x, missing := 0, 0
	for a := 0; a < len(idx); {
		b := a
		for b < len(idx) && keys[idx[b]] == keys[idx[a]] {
			b++
		}
		if (b-a)%2 == 1 {
			s := shapes[idx[a]]
			if v, ok := ev.shape(s, keys[idx[a]]); ok {
				x ^= v
			} else {
				missing += s.Cells()
			}
		}
		a = b
	}
	return x, missing, missing == 0
}

// after returns the parts' shapes and keys after move m (an off-diagonal
// move), or the parts unchanged for a diagonal move, and the change of the
// number of empty diagonal cells.
func (d *Decomposition) after(m game.Move) ([]Shape, []Key, int) {
	cells, _ := d.Board.MoveCells(m)
	shapes := make([]Shape, 0, len(d.Parts)+4)
	keys := make([]Key, 0, len(d.Parts)+4)
	if len(cells) == 1 && d.Board.Diagonal(cells[0]) {
		for _, p := range d.Parts {
			shapes, keys = append(shapes, p.Shape), append(keys, p.Key)
		}
		return shapes, keys, -1
	}
	in := d.PartOf(cells[0])
	for i, p := range d.Parts {
		if i != in {
			shapes, keys = append(shapes, p.Shape), append(keys, p.Key)
		}
	}
	p := d.Parts[in]
	rest := p.Shape
	for _, c := range cells {
		r, cc := d.Board.RC(c)
		rest.Rows[r-p.R0] &^= 1 << (cc - p.C0)
	}
	for _, piece := range rest.Components() {
		shapes, keys = append(shapes, piece), append(keys, piece.Canonical())
	}
	return shapes, keys, 0
}

// childValue returns the Grundy value of the position after move m as far
// as ev can compute it, or false with the number of cells of the parts whose
// values are missing.
func (d *Decomposition) childValue(m game.Move, ev evaluator) (value, missing int, ok bool) {
	shapes, keys, dd := d.after(m)
	v, missing, ok := ev.sum(shapes, keys)
	return v ^ (d.Diagonal+dd)&1, missing, ok
}

// value returns the position's Grundy value when ev knows the value of
// every part that does not cancel (equal parts cancel in pairs), the empty
// diagonal cells' parity counted: a symmetric position is 0 without any.
func (d *Decomposition) value(ev evaluator) (int, bool) {
	shapes, keys := make([]Shape, len(d.Parts)), make([]Key, len(d.Parts))
	for i, p := range d.Parts {
		shapes[i], keys[i] = p.Shape, p.Key
	}
	v, _, ok := ev.sum(shapes, keys)
	return v ^ d.Diagonal&1, ok
}

// AnalyseOptions bound an analysis.
type AnalyseOptions struct {
	// Ctx stops the analysis (nil: never).
	Ctx context.Context
	// Budget bounds the work of the Grundy engine (moves examined in shapes
	// not yet cached); 0 means no bound.
	Budget int64
	// Cache keeps Grundy values between analyses (nil: a new default cache).
	Cache *Cache
	// Engine, when not nil, is used instead of a new engine on Cache.
	Engine *Engine
	// FirstWin stops at the first proven winning move; otherwise every
	// move is decided where the limits allow.
	FirstWin bool
	// MoveBudget, when positive, bounds the work spent deciding moves once
	// the position's value is known: the moves that the values known then
	// decide are decided at once, the others with this fresh budget
	// (without FirstWin only).
	MoveBudget int64
}

// Analysis is what Analyse learns about a position.
type Analysis struct {
	Decomposition *Decomposition
	// Outcome for the player to move.
	Outcome solve.Outcome
	// Grundy is the position's Grundy value when GrundyKnown.
	Grundy      int
	GrundyKnown bool
	// Winning lists proven winning moves, in LegalMoves order.
	Winning []game.Move
	// Complete reports that Winning lists every winning move.
	Complete bool
	// Losing lists moves proven to lose (to a position of non-zero value).
	Losing []game.Move
	// Undecided lists the moves the analysis could not decide, each with the
	// number of cells of unsolved components it leaves.
	Undecided []Undecided
	// Unsolved is the number of cells of the components whose values the
	// analysis could not compute.
	Unsolved int
	// Work is the engine work spent.
	Work int64
	// Err is why the analysis stopped early (ErrBudget, a context error).
	Err error
	// MovesCut reports that AnalyseOptions.MoveBudget ran out (Err is then
	// ErrBudget) before every move was decided.
	MovesCut bool
}

// Undecided is a move whose outcome is not known, with the size of the
// unsolved part it leaves (smaller is closer to a decided position).
type Undecided struct {
	Move     game.Move
	Unsolved int
}

// Analyse solves a position as far as its limits allow: the Grundy value
// (the XOR of the parts' values, equal parts cancelling in pairs, the empty
// diagonal cells counting 1 each), the outcome, and the winning moves.
// When the value of some part is out of reach it still proves a win by a
// move after which everything left cancels or is known (such as the mirror
// answer in a symmetric position).
func Analyse(s *nim2d.State, opt AnalyseOptions) *Analysis {
	return AnalyseCells(s.Game().Board(), s.Empty(), opt)
}

// AnalyseCells is Analyse for the empty cells of an N×N palette.
func AnalyseCells(b nim2d.Board, empty nim2d.Cells, opt AnalyseOptions) *Analysis {
	ctx := opt.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	e := opt.Engine
	if e == nil {
		e = NewEngine(opt.Cache)
	}
	e.Limit(ctx, opt.Budget)
	d := Decompose(b, empty)
	a := &Analysis{Decomposition: d, Outcome: solve.Unknown}
	var work int64
	defer func() { a.Work = work + e.Spent() }()
	moves := b.LegalMoves(empty, nil)
	if len(moves) == 0 {
		a.Outcome, a.GrundyKnown, a.Complete = solve.Loss, true, true
		return a
	}
	full := evaluator{e: e}
	known := evaluator{e: e, knownOnly: true}

	// The parts that do not cancel, smallest first.
	odd := d.odd()
	sort.SliceStable(odd, func(i, j int) bool { return d.Parts[odd[i]].Shape.Cells() < d.Parts[odd[j]].Shape.Cells() })
	for i := range d.Parts {
		p := &d.Parts[i]
		p.Value, p.Known = known.shape(p.Shape, p.Key)
	}
	x := d.Diagonal & 1
	var missing []int
	for _, i := range odd {
		if p := d.Parts[i]; p.Known {
			x ^= p.Value
		} else {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		// First the free check: a move after which every part cancels or
		// has a known value, with XOR 0 (the mirror answer in a symmetric
		// position is one).
		if opt.FirstWin {
			if sc := scanMoves(d, moves, known, true); len(sc.winning) > 0 {
				return a.finish(e, sc)
			}
		}
		// Then spend the budget on the missing values, smallest part first.
		for _, i := range missing {
			p := &d.Parts[i]
			if v, ok := full.shape(p.Shape, p.Key); ok {
				p.Value, p.Known = v, true
				x ^= v
			} else {
				a.Unsolved += p.Shape.Cells()
			}
		}
		if a.Unsolved > 0 {
			// The value is out of reach: only cancellation can prove a win.
			return a.finish(e, scanMoves(d, moves, known, opt.FirstWin))
		}
	}
	a.Grundy, a.GrundyKnown = x, true
	if x == 0 {
		// Every move changes exactly one term of the XOR: all moves lose.
		a.Outcome, a.Complete, a.Losing = solve.Loss, true, moves
		return a
	}
	a.Outcome = solve.Win
	// Decide the moves, the most promising first: the diagonal (when it
	// holds the highest bit) and the parts whose value the XOR lowers
	// (Bouton's rule: a winning move exists there).
	ordered := orderMoves(d, moves, x)
	if opt.FirstWin {
		return a.finish(e, scanMoves(d, ordered, full, true))
	}
	// Every move: first those the values known now decide, then the
	// others, the fewest unsolved cells first, as the limits allow.
	sc := scanMoves(d, ordered, known, false)
	if len(sc.undecided) == 0 {
		return a.finish(e, sc)
	}
	rest := make([]game.Move, len(sc.undecided))
	sort.SliceStable(sc.undecided, func(i, j int) bool { return sc.undecided[i].Unsolved < sc.undecided[j].Unsolved })
	for i, u := range sc.undecided {
		rest[i] = u.Move
	}
	if opt.MoveBudget > 0 && e.err == nil {
		work += e.Spent()
		e.Limit(ctx, opt.MoveBudget)
	}
	more := scanMoves(d, rest, full, false)
	sc.winning = append(sc.winning, more.winning...)
	sc.losing = append(sc.losing, more.losing...)
	sc.undecided, sc.complete = more.undecided, more.complete
	a.MovesCut = opt.MoveBudget > 0 && errors.Is(e.err, ErrBudget)
	return a.finish(e, sc)
}

// finish records the moves a scan decided and why the analysis stopped.
func (a *Analysis) finish(e *Engine, sc scan) *Analysis {
	a.Winning, a.Losing, a.Undecided = sc.winning, sc.losing, sc.undecided
	slices.Sort(a.Winning)
	slices.Sort(a.Losing)
	sort.Slice(a.Undecided, func(i, j int) bool { return a.Undecided[i].Move < a.Undecided[j].Move })
	if len(a.Winning) > 0 {
		a.Outcome = solve.Win
	}
	a.Complete = sc.complete && a.Outcome != solve.Unknown
	a.Err = e.err
	return a
}

// scan is the result of deciding a position's moves.
type scan struct {
	winning, losing []game.Move
	undecided       []Undecided
	complete        bool
}

// scanMoves decides each move by the value of the position it leaves, as
// far as ev can compute it; with firstWin it stops at the first winning move.
func scanMoves(d *Decomposition, moves []game.Move, ev evaluator, firstWin bool) scan {
	sc := scan{complete: true}
	for _, m := range moves {
		v, missing, ok := d.childValue(m, ev)
		if !ok {
			sc.complete = false
			sc.undecided = append(sc.undecided, Undecided{m, missing})
			continue
		}
		if v == 0 {
			sc.winning = append(sc.winning, m)
			if firstWin {
				sc.complete = false
				break
			}
		} else {
			sc.losing = append(sc.losing, m)
		}
	}
	return sc
}

func orderMoves(d *Decomposition, moves []game.Move, x int) []game.Move {
	hi := 0
	for 1<<(hi+1) <= x {
		hi++
	}
	rank := func(m game.Move) int {
		cells, _ := d.Board.MoveCells(m)
		if len(cells) == 1 && d.Board.Diagonal(cells[0]) {
			if x == 1 && d.Diagonal&1 == 1 {
				return 0
			}
			return 2
		}
		p := d.Parts[d.PartOf(cells[0])]
		if p.Known && p.Value>>hi&1 == 1 {
			return 0
		}
		if p.Known {
			return 1
		}
		return 2
	}
	out := slices.Clone(moves)
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

// Explain describes the decomposition for people: each part with its
// shape and value, and the XOR.
func (a *Analysis) Explain(s *nim2d.State) string {
	d := a.Decomposition
	var b strings.Builder
	var terms []string
	if d.Diagonal > 0 {
		diag, empty := s.Game().Board().DiagonalCells(), s.Empty()
		cells := (nim2d.Cells{diag[0] & empty[0], diag[1] & empty[1]}).List()
		which := fmt.Sprintf("Empty diagonal cells: %d", d.Diagonal) // the count, where the cells are not this state's
		if len(cells) == d.Diagonal {
			which = "Empty diagonal " + cellNumbers(cells)
		}
		fmt.Fprintf(&b, "%s, each a single-token heap (value 1): together %d.\n", which, d.Diagonal&1)
		terms = append(terms, fmt.Sprint(d.Diagonal&1))
	}
	partner := partners(d.Parts)
	for i, p := range d.Parts {
		var cells []int
		for r := range int(p.Shape.H) {
			for c := range int(p.Shape.W) {
				if p.Shape.Has(r, c) {
					cells = append(cells, d.Board.Index(p.R0+r, p.C0+c))
				}
			}
		}
		name := ShapeLongName(p.Shape) // "T-tetromino": the explanation is read by people (the tables use T4)
		val := "value not computed"
		if p.Known {
			val = fmt.Sprintf("value %d", p.Value)
		}
		if j := partner[i]; j >= 0 {
			q := d.Parts[j]
			var twin string
			switch {
			case mirrored(p, q):
				twin = fmt.Sprintf("the mirror image of part %c in the diagonal", 'A'+j)
			case p.Shape.Cells() == 1:
				twin = fmt.Sprintf("a single cell like part %c", 'A'+j)
			case q.Shape == p.Shape:
				twin = fmt.Sprintf("the same shape as part %c", 'A'+j)
			default:
				twin = fmt.Sprintf("the same shape as part %c, turned", 'A'+j)
			}
			if p.Known {
				val += "; " + twin + ": the two cancel"
			} else {
				val = twin + ": the two cancel"
			}
		}
		// A part without a partner counts in the XOR; a pair cancels.
		if p.Known && partner[i] < 0 {
			terms = append(terms, fmt.Sprint(p.Value))
		}
		if p.Shape.Cells() == 1 {
			fmt.Fprintf(&b, "Part %c: cell %s alone: %s.\n", 'A'+i, nim2d.CellNumbers(cells), val)
			continue
		}
		what := fmt.Sprintf("%d cells", p.Shape.Cells())
		if name != what {
			what = name + ", " + what
		}
		fmt.Fprintf(&b, "Part %c: cells %s (%s): %s.\n", 'A'+i, nim2d.CellNumbers(cells), what, val)
	}
	if a.GrundyKnown {
		if len(terms) == 0 {
			terms = []string{"0"}
		}
		// Why the pairs are left out, beside the value they leave.
		why := ""
		if slices.ContainsFunc(partner, func(j int) bool { return j >= 0 }) {
			why = " (each pair of equal parts cancels, as x ⊕ x = 0)"
		}
		switch {
		case len(terms) == 1:
			fmt.Fprintf(&b, "Grundy value: %d%s.\n", a.Grundy, why)
		default:
			fmt.Fprintf(&b, "Grundy value: %s = %d%s.\n", strings.Join(terms, " ⊕ "), a.Grundy, why)
		}
	} else {
		fmt.Fprintf(&b, "Grundy value: not computed (components of %d cells in all are beyond the limits).\n", a.Unsolved)
	}
	return b.String()
}

// exampleWin explains the first winning move whose part's value is known
// (see winWhy), or says nothing.
func (a *Analysis) exampleWin() string {
	for _, m := range a.Winning {
		if why := a.winWhy(m); why != "" {
			return why
		}
	}
	return ""
}

// winWhy says why the winning move m wins in Sprague–Grundy terms: the
// part it is played in (or the empty diagonal cells), what the rest is
// worth together, and that the move leaves that part worth as much, so
// that the XOR becomes 0. Empty when the value of the move's part is not
// known (a part that cancels with its partner is not valued).
func (a *Analysis) winWhy(m game.Move) string {
	d := a.Decomposition
	cells, ok := d.Board.MoveCells(m)
	if !ok || len(cells) == 0 {
		return ""
	}
	var what, left string
	var v int
	it := "It is"
	if len(cells) > 1 {
		it = "They are"
	}
	switch i := d.PartOf(cells[0]); {
	case d.Board.Diagonal(cells[0]):
		v = d.Diagonal & 1
		what, left = fmt.Sprintf("on the diagonal, whose empty cells are worth %d together", v), "the diagonal"
	case i < 0 || !d.Parts[i].Known:
		return ""
	default:
		v = d.Parts[i].Value
		what, left = fmt.Sprintf("in part %c, worth %d", 'A'+i, v), "what remains of that part"
	}
	rest := a.Grundy ^ v
	return fmt.Sprintf("For example, %s wins. %s %s, so the rest of the palette is worth %d ⊕ %d = %d "+
		"(the palette's %d with that %d taken out: ⊕ is Nim's sum, binary addition without carrying). "+
		"After the move %s is worth %d too, and two equal values cancel: the palette's Grundy value becomes %d ⊕ %d = 0, "+
		"which loses for the player to move next.\n",
		cellWords(cells), it, what, a.Grundy, v, rest, a.Grundy, v, left, rest, rest, rest)
}

// cellWords names a move's cells (0-based) as a sentence does: "colouring
// cell 13", "colouring cells 11 and 12", "colouring cells 2, 3 and 4".
func cellWords(cells []int) string { return "colouring " + cellNumbers(cells) }

// cellNumbers names cells (0-based) by their numbers: "cell 13", "cells 11
// and 12", "cells 2, 3 and 4".
func cellNumbers(cells []int) string {
	ns := make([]string, len(cells))
	for k, i := range cells {
		ns[k] = strconv.Itoa(i + 1)
	}
	if len(ns) == 1 {
		return "cell " + ns[0]
	}
	return "cells " + game.Series(ns, "and")
}

// partners pairs the parts of equal shape (up to rotation and reflection):
// partner[i] is the part that cancels part i, or -1 for a part left without
// one (the last of an odd number of equal parts). A part's mirror image in
// the diagonal is its partner when it is a part too (the copycat's pairs),
// the others pair in their order.
func partners(parts []Part) []int {
	partner := make([]int, len(parts))
	for i := range partner {
		partner[i] = -1
	}
	for i, p := range parts {
		for j := i + 1; j < len(parts) && partner[i] < 0; j++ {
			if partner[j] < 0 && mirrored(p, parts[j]) {
				partner[i], partner[j] = j, i
			}
		}
	}
	open := map[Key]int{}
	for i, p := range parts {
		if partner[i] >= 0 {
			continue
		}
		if j, ok := open[p.Key]; ok {
			partner[i], partner[j] = j, i
			delete(open, p.Key)
			continue
		}
		open[p.Key] = i
	}
	return partner
}

// mirrored reports whether q is p's mirror image in the palette's diagonal.
func mirrored(p, q Part) bool {
	return q.R0 == p.C0 && q.C0 == p.R0 && q.Shape == p.Shape.transposed()
}
