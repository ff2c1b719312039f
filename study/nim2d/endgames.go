package nim2d

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/solve"
)

// FreePolyominoes returns the free polyominoes (shapes up to rotation and
// reflection) of 1 to maxCells cells, by size; polyominoes of up to five
// cells come in the order and with the names of Polyominoes, larger ones in
// the order of their canonical keys, named "6#1", "6#2", ….
func FreePolyominoes(maxCells int) []Polyomino {
	named := Polyominoes()
	byKey := map[Key]Polyomino{}
	for _, p := range named {
		byKey[p.Shape.Canonical()] = p
	}
	var out []Polyomino
	level := []Shape{}
	for k := 1; k <= maxCells; k++ {
		next := map[Key]Shape{}
		if k == 1 {
			one, _ := ParseShape("#")
			next[one.Canonical()] = one
		}
		for _, s := range level {
			for r := -1; r <= int(s.H); r++ {
				for c := -1; c <= int(s.W); c++ {
					if s.Has(r, c) || !(s.Has(r-1, c) || s.Has(r+1, c) || s.Has(r, c-1) || s.Has(r, c+1)) {
						continue
					}
					g, ok := s.grownBy(r, c)
					if !ok {
						continue
					}
					next[g.Canonical()] = g
				}
			}
		}
		keys := make([]Key, 0, len(next))
		for key := range next {
			keys = append(keys, key)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i].less(keys[j]) })
		level = level[:0]
		var unnamed []Polyomino
		var found []Polyomino
		for _, key := range keys {
			s := key.Shape()
			level = append(level, s)
			if p, ok := byKey[key]; ok {
				found = append(found, p)
			} else {
				unnamed = append(unnamed, Polyomino{Name: fmt.Sprintf("%d#%d", k, len(unnamed)+1), Long: fmt.Sprintf("%d-cell polyomino", k), Shape: s})
			}
		}
		slices.SortFunc(found, func(a, b Polyomino) int { return indexOf(named, a.Name) - indexOf(named, b.Name) })
		out = append(out, found...)
		out = append(out, unnamed...)
	}
	return out
}

func indexOf(ps []Polyomino, name string) int {
	for i, p := range ps {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// grownBy returns the shape with cell (r, c) added (r, c may be −1 or one past
// the edge), normalised, or false when it would not fit MaxSide.
func (s Shape) grownBy(r, c int) (Shape, bool) {
	var g Shape
	dr, dc := 0, 0
	if r < 0 {
		dr = 1
	}
	if c < 0 {
		dc = 1
	}
	h, w := max(int(s.H)+dr, r+1+dr), max(int(s.W)+dc, c+1+dc)
	if h > MaxSide || w > MaxSide {
		return g, false
	}
	g.H, g.W = int8(h), int8(w)
	for i := range int(s.H) {
		g.Rows[i+dr] = s.Rows[i] << dc
	}
	g.Rows[r+dr] |= 1 << (c + dc)
	return g.normalised(), true
}

// EndgameClass is one class of positions with few empty cells: the empty
// cells form these components (single cells — diagonal or not — and
// polyominoes of off-diagonal cells joined through common rows and
// columns), each up to rotation and reflection.
type EndgameClass struct {
	Empty int `json:"empty"`
	// Class names the components, largest first, e.g. "I3 + • + •".
	Class      string        `json:"class"`
	Components []string      `json:"components"`
	Values     []int         `json:"values"`
	Grundy     int           `json:"grundy"`
	Outcome    solve.Outcome `json:"outcome"`
	Reason     string        `json:"reason"`
	// MinN is the smallest palette side (from 5) with such a position, and
	// Example one such position in `kombi solve --position` notation.
	MinN    int    `json:"min_n"`
	Example string `json:"example"`
	// WinningMove is a winning move in the example (cell numbers), and
	// Leaves the class it leaves.
	WinningMove []int  `json:"winning_move,omitempty"`
	Leaves      string `json:"leaves,omitempty"`
}

// PolyominoValue is the Grundy value of one polyomino.
type PolyominoValue struct {
	Name    string `json:"name"`
	Long    string `json:"long"`
	Cells   int    `json:"cells"`
	Drawing string `json:"drawing"`
	Grundy  int    `json:"grundy"`
}

// EndgameReport is the classification of every position with at most
// MaxEmpty empty cells on an N×N palette with N ≥ 5, and the proven outcome
// of the empty palette for N = 1 … 10.
type EndgameReport struct {
	MaxEmpty    int              `json:"max_empty"`
	Polyominoes []PolyominoValue `json:"polyominoes"`
	Classes     []EndgameClass   `json:"classes"`
	EmptyBoards []EmptyBoard     `json:"empty_boards"`
}

// MaxEndgameCells is the largest --max-empty of the endgame report.
const MaxEndgameCells = 8

// Endgames builds the endgame report: every class of positions with at most
// o.MaxEmpty empty cells, and the empty palettes of sides 1 to 10, searched
// up to side o.SearchUpTo (the mirror argument covers every side).
// Progress, when not nil, hears each step. When the context stops it, it
// returns the classes and palettes done so far with the context's error.
func Endgames(ctx context.Context, o EndgameOptions, progress func(solve.Progress)) (*EndgameReport, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	maxEmpty, searchUpTo, memBytes := o.MaxEmpty, o.SearchUpTo, o.MemMiB<<20
	start, total := time.Now(), int64(maxEmpty+1+nim2d.MaxN)
	step := func(done int, msg string) {
		if progress != nil {
			progress(solve.Progress{Done: int64(done), Total: total, Message: msg, Elapsed: time.Since(start)})
		}
	}
	e := NewEngine(NewCache(memBytes))
	e.Limit(ctx, 0)
	rep := &EndgameReport{MaxEmpty: maxEmpty, Polyominoes: []PolyominoValue{}, Classes: []EndgameClass{}}
	polys := FreePolyominoes(max(maxEmpty, 1))
	value := map[Key]int{}
	for _, p := range polys {
		v, err := e.Grundy(p.Shape)
		if err != nil {
			return nil, err
		}
		value[p.Shape.Canonical()] = v
		rep.Polyominoes = append(rep.Polyominoes, PolyominoValue{p.Name, p.Long, p.Shape.Cells(), p.Shape.String(), v})
	}
	for k := 0; k <= maxEmpty; k++ {
		step(k, fmt.Sprintf("classes with %d empty cells", k))
		for _, multiset := range partitions(polys, k) {
			if err := ctx.Err(); err != nil {
				return rep, fmt.Errorf("classes with %d empty cells: %w", k, err)
			}
			c, err := classify(multiset, polys, value, e)
			if err != nil {
				return stopped(rep, err)
			}
			rep.Classes = append(rep.Classes, c)
		}
	}
	for n := 1; n <= nim2d.MaxN; n++ {
		step(maxEmpty+n, fmt.Sprintf("empty %d×%d palette", n, n))
		eb, err := ProveEmptyBoard(ctx, n, searchUpTo, e)
		if err != nil {
			return stopped(rep, err)
		}
		rep.EmptyBoards = append(rep.EmptyBoards, eb)
	}
	step(int(total), "done")
	return rep, nil
}

// stopped returns the report done so far with err when err stops the work
// (an interruption), and no report when it is a failure.
func stopped(rep *EndgameReport, err error) (*EndgameReport, error) {
	if solve.Stopped(err) {
		return rep, err
	}
	return nil, err
}

// partitions lists the multisets of polyominoes with k cells in all,
// larger polyominoes first, in the order of polys within a size.
func partitions(polys []Polyomino, k int) [][]Polyomino {
	// Index order: larger polyominoes first, then the order of polys.
	order := make([]int, len(polys))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return polys[order[a]].Shape.Cells() > polys[order[b]].Shape.Cells() })
	var out [][]Polyomino
	var cur []Polyomino
	var rec func(rest, from int)
	rec = func(rest, from int) {
		if rest == 0 {
			out = append(out, slices.Clone(cur))
			return
		}
		for j := from; j < len(order); j++ {
			p := polys[order[j]]
			if p.Shape.Cells() <= rest {
				cur = append(cur, p)
				rec(rest-p.Shape.Cells(), j)
				cur = cur[:len(cur)-1]
			}
		}
	}
	rec(k, 0)
	return out
}

func className(names []string) string {
	if len(names) == 0 {
		return "full palette"
	}
	return strings.Join(names, " + ")
}

// classOf names the class of a position: its components, largest first.
func classOf(b nim2d.Board, empty nim2d.Cells, polys []Polyomino) (string, bool) {
	d := Decompose(b, empty)
	rank := map[Key]int{}
	for i, p := range polys {
		rank[p.Shape.Canonical()] = i
	}
	var idx []int
	one, _ := ParseShape("#")
	for range d.Diagonal {
		idx = append(idx, rank[one.Canonical()])
	}
	paired := true
	count := map[Key]int{}
	for _, p := range d.Parts {
		idx = append(idx, rank[p.Key])
		count[p.Key]++
	}
	for _, c := range count {
		paired = paired && c%2 == 0
	}
	paired = paired && (d.Diagonal+count[one.Canonical()])%2 == 0
	slices.SortStableFunc(idx, func(a, b int) int {
		if ca, cb := polys[a].Shape.Cells(), polys[b].Shape.Cells(); ca != cb {
			return cb - ca
		}
		return a - b
	})
	names := make([]string, len(idx))
	for i, k := range idx {
		names[i] = polys[k].Name
	}
	return className(names), paired
}

func classify(multiset []Polyomino, polys []Polyomino, value map[Key]int, e *Engine) (EndgameClass, error) {
	c := EndgameClass{Components: []string{}, Values: []int{}}
	for _, p := range multiset {
		v := value[p.Shape.Canonical()]
		c.Empty += p.Shape.Cells()
		c.Components = append(c.Components, p.Name)
		c.Values = append(c.Values, v)
		c.Grundy ^= v
	}
	c.Class = className(c.Components)
	c.Outcome = solve.Loss
	if c.Grundy != 0 {
		c.Outcome = solve.Win
	}
	var empty nim2d.Cells
	var b nim2d.Board
	for n := 5; n <= nim2d.MaxN && c.MinN == 0; n++ {
		b = nim2d.Board{N: n}
		if set, ok := place(b, multiset); ok {
			c.MinN, empty = n, set
		}
	}
	if c.MinN == 0 {
		return c, fmt.Errorf("class %s does not fit a palette of side 5 to %d", c.Class, nim2d.MaxN)
	}
	if got, _ := classOf(b, empty, polys); got != c.Class {
		return c, fmt.Errorf("class %s: the example position is of class %s", c.Class, got)
	}
	rows := make([]string, b.N)
	for r := range b.N {
		var sb strings.Builder
		for col := range b.N {
			if empty.Has(b.Index(r, col)) {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('x')
			}
		}
		rows[r] = sb.String()
	}
	c.Example = strings.Join(rows, "/")
	e.Limit(e.ctx, 0)
	a := AnalyseCells(b, empty, AnalyseOptions{Engine: e, Ctx: e.ctx})
	if a.Err != nil {
		return c, a.Err
	}
	if !a.GrundyKnown || a.Grundy != c.Grundy {
		return c, fmt.Errorf("class %s: the example's Grundy value %d differs from the components' XOR %d", c.Class, a.Grundy, c.Grundy)
	}
	xor := grundySum(c.Components, c.Values)
	allSingles := true
	for _, name := range c.Components {
		allSingles = allSingles && name == "•"
	}
	switch {
	case c.Empty == 0:
		c.Reason = "the palette is full: the opponent coloured the last cell"
	case c.Grundy == 0 && allSingles:
		c.Reason = fmt.Sprintf("%d single cells, an even number: each move colours one, so the opponent colours the last", c.Empty)
	case c.Grundy == 0:
		if why, ok := mirrorReason(multiset); ok {
			c.Reason = why
		} else {
			c.Reason = fmt.Sprintf("%s: every move changes one term and leaves a non-zero XOR, which the opponent makes 0 again", xor)
		}
	case c.Empty == 1:
		c.Reason = "a single cell: the player to move colours it, the last one"
	case allSingles:
		c.Reason = fmt.Sprintf("%d single cells, an odd number: each move colours one, so the player to move colours the last", c.Empty)
	default:
		// Prefer a winning move that leaves nothing or twins.
		best, bestLeaves, bestPaired := -1, "", false
		for i, m := range a.Winning {
			set, _ := b.MoveSet(m)
			leaves, pr := classOf(b, nim2d.Cells{empty[0] &^ set[0], empty[1] &^ set[1]}, polys)
			if best < 0 || pr && !bestPaired {
				best, bestLeaves, bestPaired = i, leaves, pr
			}
		}
		m := a.Winning[best]
		cells, _ := b.MoveCells(m)
		c.WinningMove = make([]int, len(cells))
		for i, x := range cells {
			c.WinningMove[i] = x + 1
		}
		c.Leaves = bestLeaves
		what := describeMove(b, a.Decomposition, cells, polys)
		if bestLeaves == className(nil) {
			c.Reason = fmt.Sprintf("%s ≠ 0: %s, the last empty cells", xor, what)
		} else {
			c.Reason = fmt.Sprintf("%s ≠ 0: %s, leaving %s (Grundy 0)", xor, what, bestLeaves)
		}
	}
	return c, nil
}

// grundySum writes the Grundy value of a class as a sum of its
// components' values: "G(I3) ⊕ G(•) = 3 ⊕ 1 = 2".
func grundySum(names []string, values []int) string {
	gs := make([]string, len(names))
	vs := make([]string, len(values))
	x := 0
	for i := range names {
		gs[i] = "G(" + names[i] + ")"
		vs[i] = fmt.Sprint(values[i])
		x ^= values[i]
	}
	if len(names) == 1 {
		return fmt.Sprintf("%s = %d", gs[0], x)
	}
	return fmt.Sprintf("%s = %s = %d", strings.Join(gs, " ⊕ "), strings.Join(vs, " ⊕ "), x)
}

// mirrorReason explains a lost class by a mirror strategy when one exists:
// the components pair up into equal twins, except components that are their
// own mirror image (SelfMirror).
func mirrorReason(multiset []Polyomino) (string, bool) {
	count := map[string]int{}
	var order []string
	for _, p := range multiset {
		if count[p.Name] == 0 {
			order = append(order, p.Name)
		}
		count[p.Name]++
	}
	var twins, selves []string
	for _, name := range order {
		var p Polyomino
		for _, q := range multiset {
			if q.Name == name {
				p = q
			}
		}
		if count[name] >= 2 {
			twins = append(twins, fmt.Sprintf("%d × %s", count[name]/2*2, name))
		}
		if count[name]%2 == 1 {
			sym, ok := p.Shape.SelfMirror()
			if !ok {
				return "", false
			}
			selves = append(selves, fmt.Sprintf("the %s is its own image under %s", name, sym))
		}
	}
	var parts []string
	if len(twins) > 0 {
		parts = append(parts, "the components pair up into twins ("+strings.Join(twins, ", ")+")")
	}
	parts = append(parts, selves...)
	return "mirror strategy: " + strings.Join(parts, "; ") + " (no fixed cell, no move meets its image): answer every move by its image", true
}

// describeMove says in words what a move takes from its component.
func describeMove(b nim2d.Board, d *Decomposition, cells []int, polys []Polyomino) string {
	i := d.PartOf(cells[0])
	if i < 0 {
		return "colour a diagonal single cell"
	}
	p := d.Parts[i]
	name := ShapeName(p.Shape)
	for _, q := range polys {
		if q.Shape.Canonical() == p.Key {
			name = q.Name
		}
	}
	switch {
	case p.Shape.Cells() == 1:
		return "colour a single cell"
	case len(cells) == p.Shape.Cells():
		return fmt.Sprintf("colour the whole %s", name)
	case len(cells) == 1:
		return fmt.Sprintf("colour 1 cell of the %s", name)
	default:
		return fmt.Sprintf("colour %d cells of the %s", len(cells), name)
	}
}

// place finds a position of the N×N palette whose empty cells form exactly
// the given components: each polyomino of two or more cells on off-diagonal
// cells, single cells anywhere, and no two components side by side off the
// diagonal. It tries placements in cell order, largest component first.
func place(b nim2d.Board, multiset []Polyomino) (nim2d.Cells, bool) {
	type image struct {
		cells [][2]int
		h, w  int
	}
	images := make([][]image, len(multiset))
	for k, p := range multiset {
		seen := map[Key]bool{}
		s := p.Shape
		for t := range 8 {
			img := s
			if t&4 != 0 {
				img = img.transposed()
			}
			var x Shape
			x.H, x.W = img.H, img.W
			for r := range int(img.H) {
				src := r
				if t&1 != 0 {
					src = int(img.H) - 1 - r
				}
				row := img.Rows[src]
				if t&2 != 0 {
					var rev uint16
					for c := range int(img.W) {
						if row>>c&1 == 1 {
							rev |= 1 << (int(img.W) - 1 - c)
						}
					}
					row = rev
				}
				x.Rows[r] = row
			}
			key := x.key()
			if seen[key] {
				continue
			}
			seen[key] = true
			var im image
			im.h, im.w = int(x.H), int(x.W)
			for r := range im.h {
				for c := range im.w {
					if x.Has(r, c) {
						im.cells = append(im.cells, [2]int{r, c})
					}
				}
			}
			images[k] = append(images[k], im)
		}
	}
	n := b.N
	var empty nim2d.Cells
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(multiset) {
			return true
		}
		single := multiset[k].Shape.Cells() == 1
		for _, im := range images[k] {
			for r0 := 0; r0+im.h <= n; r0++ {
				for c0 := 0; c0+im.w <= n; c0++ {
					ok := true
					var add nim2d.Cells
					for _, rc := range im.cells {
						r, c := r0+rc[0], c0+rc[1]
						i := b.Index(r, c)
						if empty.Has(i) || r == c && !single {
							ok = false
							break
						}
						if r != c {
							for _, nb := range [4][2]int{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}} {
								rr, cc := nb[0], nb[1]
								if rr >= 0 && cc >= 0 && rr < n && cc < n && rr != cc && empty.Has(b.Index(rr, cc)) {
									ok = false
								}
							}
						}
						add = add.With(i)
					}
					if !ok {
						continue
					}
					before := empty
					empty = nim2d.Cells{empty[0] | add[0], empty[1] | add[1]}
					if rec(k + 1) {
						return true
					}
					empty = before
				}
			}
		}
		return false
	}
	if rec(0) {
		return empty, true
	}
	return nim2d.Cells{}, false
}
