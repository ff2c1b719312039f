package nim2d

import (
	"context"
	"fmt"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/solve"
)

// MirrorCheck is the program's check of the mirror-strategy argument on the
// empty N×N palette. Each field is a fact verified by going through every
// cell and every move of the palette.
type MirrorCheck struct {
	N int `json:"n"`
	// Moves is the number of moves of the empty palette (sets of cells).
	Moves int `json:"moves"`
	// Involution: mirroring twice gives every cell back.
	Involution bool `json:"involution"`
	// MapsMoves: the mirror image of every move is a move, so a legal move
	// stays legal in the mirrored position (a move is legal exactly when
	// its cells are empty).
	MapsMoves bool `json:"maps_moves"`
	// FixedCells lists the cells the mirror keeps (1-based): none for even
	// N, the centre for odd N.
	FixedCells []int `json:"fixed_cells"`
	// Disjoint: every move without a fixed cell shares no cell with its
	// mirror image, so the mirror answer is still legal after the move.
	Disjoint bool `json:"disjoint"`
	// Separate: every move lies inside the upper triangle, inside the lower
	// triangle, or is one diagonal cell; the transpose maps the upper
	// triangle's moves one to one onto the lower triangle's.
	Separate bool `json:"separate"`
}

// Holds reports whether every fact of the check is true.
func (m MirrorCheck) Holds() bool {
	want := 0
	if m.N%2 == 1 {
		want = 1
	}
	return m.Involution && m.MapsMoves && m.Disjoint && m.Separate && len(m.FixedCells) == want
}

// CheckMirror verifies the mirror-strategy argument on the empty N×N
// palette. When it holds: from a mirror-symmetric position with no empty
// fixed cell the player to move loses, because every move m can be answered
// by its image, which is legal (its cells were empty by symmetry and m does
// not touch them) and restores the symmetry; the game is finite, so the
// answering player makes the last move. For even N the empty palette is
// such a position; for odd N the first player colours the centre and then
// answers by the mirror. Independently, the Grundy value of the empty
// palette is N mod 2: the diagonal cells are N single-token heaps and the
// two triangles are isomorphic games, whose equal values cancel.
func CheckMirror(b nim2d.Board) MirrorCheck {
	res := MirrorCheck{N: b.N, Involution: true, MapsMoves: true, Disjoint: true, Separate: true, FixedCells: []int{}}
	all := b.All()
	for i := range b.Size() {
		if b.Mirror(b.Mirror(i)) != i {
			res.Involution = false
		}
		if b.Mirror(i) == i {
			res.FixedCells = append(res.FixedCells, i+1)
		}
	}
	moves := b.LegalMoves(all, nil)
	res.Moves = len(moves)
	family := map[nim2d.Cells]bool{}
	for _, m := range moves {
		set, _ := b.MoveSet(m)
		family[set] = true
	}
	var fixed nim2d.Cells
	for _, c := range res.FixedCells {
		fixed = fixed.With(c - 1)
	}
	upper, lower := map[nim2d.Cells]bool{}, map[nim2d.Cells]bool{}
	for set := range family {
		img := b.MirrorSet(set)
		if !family[img] {
			res.MapsMoves = false
		}
		if set[0]&fixed[0] == 0 && set[1]&fixed[1] == 0 && (set[0]&img[0] != 0 || set[1]&img[1] != 0) {
			res.Disjoint = false
		}
		var up, low, diag int
		for _, i := range set.List() {
			r, c := b.RC(i)
			switch {
			case r < c:
				up++
			case r > c:
				low++
			default:
				diag++
			}
		}
		switch {
		case up == set.Len():
			upper[set] = true
		case low == set.Len():
			lower[set] = true
		case diag == 1 && set.Len() == 1:
		default:
			res.Separate = false
		}
	}
	for set := range upper {
		var t nim2d.Cells
		for _, i := range set.List() {
			r, c := b.RC(i)
			t = t.With(b.Index(c, r))
		}
		if !lower[t] {
			res.Separate = false
		}
	}
	if len(upper) != len(lower) {
		res.Separate = false
	}
	return res
}

// Triangle returns the upper triangle of the empty N×N palette (the cells
// above the diagonal) as a shape; the lower triangle is its transpose.
func Triangle(n int) Shape {
	var s Shape
	if n < 2 {
		return s
	}
	s.H, s.W = int8(n-1), int8(n-1)
	for r := range n - 1 {
		for c := r; c < n-1; c++ {
			s.Rows[r] |= 1 << c
		}
	}
	return s
}

// EmptyBoard is the proven outcome of the empty N×N palette for the first
// player.
type EmptyBoard struct {
	N       int           `json:"n"`
	Outcome solve.Outcome `json:"outcome"`
	Grundy  int           `json:"grundy"`
	// Methods lists the independent proofs that agree: "plain search" (the
	// whole palette, no decomposition), "Grundy search" (the triangles'
	// values by the engine), "mirror" (the checked mirror argument).
	Methods []string `json:"methods"`
	// TriangleGrundy is the Grundy value of one triangle, when searched.
	TriangleGrundy *int `json:"triangle_grundy"`
	// SearchSteps is the Grundy engine's work for the triangle.
	SearchSteps int64 `json:"search_steps"`
	// PlainPositions is the number of positions of the plain search.
	PlainPositions int         `json:"plain_positions"`
	Mirror         MirrorCheck `json:"mirror"`
	Proof          string      `json:"proof"`
}

// PlainGrundy computes the Grundy value of a position by exhaustive search
// of the whole palette with a memo, without decomposition or symmetry. It
// suits palettes up to 4×4. It returns the value and the number of positions
// visited.
func PlainGrundy(b nim2d.Board, empty nim2d.Cells) (int, int) {
	memo := map[nim2d.Cells]int{}
	var moves []nim2d.Cells
	for _, m := range b.LegalMoves(b.All(), nil) {
		set, _ := b.MoveSet(m)
		moves = append(moves, set)
	}
	var rec func(e nim2d.Cells) int
	rec = func(e nim2d.Cells) int {
		if v, ok := memo[e]; ok {
			return v
		}
		var seen [8]uint64
		for _, m := range moves {
			if m[0]&^e[0] == 0 && m[1]&^e[1] == 0 {
				v := rec(nim2d.Cells{e[0] &^ m[0], e[1] &^ m[1]})
				seen[v>>6] |= 1 << (v & 63)
			}
		}
		g := 0
		for seen[g>>6]>>(g&63)&1 == 1 {
			g++
		}
		memo[e] = g
		return g
	}
	v := rec(empty)
	return v, len(memo)
}

// PlainSearchMax is the largest palette the empty-board proof searches
// plainly (2^16 positions at most).
const PlainSearchMax = 4

// ProveEmptyBoard proves the outcome of the empty N×N palette: by plain
// search for N ≤ PlainSearchMax, by the Grundy engine on the triangles for
// N ≤ searchUpTo, and by the checked mirror argument for every N. All
// methods that apply must agree; a disagreement is an error.
func ProveEmptyBoard(ctx context.Context, n, searchUpTo int, e *Engine) (EmptyBoard, error) {
	b := nim2d.Board{N: n}
	res := EmptyBoard{N: n, Grundy: n % 2, Mirror: CheckMirror(b), Methods: []string{}}
	if !res.Mirror.Holds() {
		return res, fmt.Errorf("n=%d: the mirror argument does not check: %+v", n, res.Mirror)
	}
	res.Methods = append(res.Methods, "mirror")
	if n <= PlainSearchMax {
		v, positions := PlainGrundy(b, b.All())
		res.PlainPositions = positions
		if v != res.Grundy {
			return res, fmt.Errorf("n=%d: plain search gives Grundy value %d, the mirror argument %d", n, v, res.Grundy)
		}
		res.Methods = append(res.Methods, "plain search")
	}
	if n <= searchUpTo {
		if e == nil {
			e = NewEngine(nil)
		}
		e.Limit(ctx, 0)
		up := Triangle(n)
		var tu, tl int
		var err error
		if tu, err = e.GrundyOf(up); err == nil {
			tl, err = e.GrundyOf(up.Transposed())
		}
		res.SearchSteps = e.Spent()
		if err != nil {
			return res, fmt.Errorf("n=%d: Grundy search: %w", n, err)
		}
		v := n%2 ^ tu ^ tl
		if v != res.Grundy {
			return res, fmt.Errorf("n=%d: Grundy search gives %d, the mirror argument %d", n, v, res.Grundy)
		}
		res.TriangleGrundy = &tu
		res.Methods = append(res.Methods, "Grundy search")
	}
	center := ""
	if n%2 == 1 {
		center = fmt.Sprint(res.Mirror.FixedCells[0])
	}
	if n%2 == 0 {
		res.Outcome = solve.Loss
		res.Proof = fmt.Sprintf("N even: the mirror has no fixed cell, so the second player answers every move by its mirror image and colours the last cell (checked on %s).", game.All(res.Mirror.Moves, "move"))
	} else {
		res.Outcome = solve.Win
		res.Proof = fmt.Sprintf("N odd: the first player colours the centre, cell %s (the only fixed cell of the mirror), then answers every move by its mirror image (checked on %s).", center, game.All(res.Mirror.Moves, "move"))
	}
	if res.TriangleGrundy != nil {
		res.Proof += fmt.Sprintf(" Search: the diagonal (%s, each coloured alone) is worth N mod 2 = %d and each triangle has Grundy value %d, so the palette has %d ⊕ %d ⊕ %d = %d.", game.Plural(n, "cell"), n%2, *res.TriangleGrundy, n%2, *res.TriangleGrundy, *res.TriangleGrundy, res.Grundy)
	}
	return res, nil
}
