package nim2d

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxN is the largest palette side.
const MaxN = 10

// Cells is a set of cells of a palette: bit i stands for cell i+1 (cells are
// numbered 1 to N² row by row, 0-based index i = row·N + column).
type Cells [2]uint64

// Has reports whether cell index i is in the set.
func (c Cells) Has(i int) bool { return c[i>>6]>>(i&63)&1 == 1 }

// With returns the set with cell index i added.
func (c Cells) With(i int) Cells {
	c[i>>6] |= 1 << (i & 63)
	return c
}

// Without returns the set with cell index i removed.
func (c Cells) Without(i int) Cells {
	c[i>>6] &^= 1 << (i & 63)
	return c
}

// Len returns the number of cells in the set.
func (c Cells) Len() int { return bits.OnesCount64(c[0]) + bits.OnesCount64(c[1]) }

// List returns the cell indices in increasing order.
func (c Cells) List() []int {
	var out []int
	for w := range 2 {
		x := c[w]
		for x != 0 {
			out = append(out, w*64+bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return out
}

// Move kinds: a move is its smallest cell and one of these shapes.
const (
	kindSingle = iota // one cell
	kindRow2          // two cells of a row
	kindRow3          // three cells of a row
	kindCol2          // two cells of a column
	kindCol3          // three cells of a column
	numKinds
)

// MoveOf packs a move from its smallest cell index (0-based) and the number
// of cells along a row (vertical false) or a column. It does not check the move.
func MoveOf(first, length int, vertical bool) game.Move {
	kind := kindSingle
	switch {
	case length == 2 && !vertical:
		kind = kindRow2
	case length == 3 && !vertical:
		kind = kindRow3
	case length == 2:
		kind = kindCol2
	case length == 3:
		kind = kindCol3
	}
	return game.Move(first*8 + kind)
}

// decode unpacks a move: first cell index, length, vertical, and whether
// the packing is well formed at all.
func decode(m game.Move) (first, length int, vertical, ok bool) {
	kind := int(m & 7)
	if m>>3 >= MaxN*MaxN || kind >= numKinds {
		return 0, 0, false, false
	}
	first = int(m >> 3)
	switch kind {
	case kindSingle:
		return first, 1, false, true
	case kindRow2:
		return first, 2, false, true
	case kindRow3:
		return first, 3, false, true
	case kindCol2:
		return first, 2, true, true
	default:
		return first, 3, true, true
	}
}

// Board is the geometry of an N×N palette.
type Board struct {
	N int
}

// Size returns N².
func (b Board) Size() int { return b.N * b.N }

// RC returns the 0-based row and column of cell index i.
func (b Board) RC(i int) (int, int) { return i / b.N, i % b.N }

// Index returns the cell index of row r, column c (0-based).
func (b Board) Index(r, c int) int { return r*b.N + c }

// Diagonal reports whether cell index i is on the main diagonal.
func (b Board) Diagonal(i int) bool {
	r, c := b.RC(i)
	return r == c
}

// All returns the set of every cell.
func (b Board) All() Cells {
	var c Cells
	for i := range b.Size() {
		c = c.With(i)
	}
	return c
}

// DiagonalCells returns the set of diagonal cells.
func (b Board) DiagonalCells() Cells {
	var c Cells
	for k := range b.N {
		c = c.With(b.Index(k, k))
	}
	return c
}

// MoveCells returns the cell indices of a well-formed move, in increasing
// order, or false when the move does not fit the board.
func (b Board) MoveCells(m game.Move) ([]int, bool) {
	first, length, vertical, ok := decode(m)
	if !ok || first >= b.Size() {
		return nil, false
	}
	r, c := b.RC(first)
	if vertical && r+length > b.N || !vertical && c+length > b.N {
		return nil, false
	}
	out := make([]int, length)
	for k := range length {
		if vertical {
			out[k] = b.Index(r+k, c)
		} else {
			out[k] = b.Index(r, c+k)
		}
	}
	return out, true
}

// MoveSet returns the cells of a move as a set (false when it does not fit).
func (b Board) MoveSet(m game.Move) (Cells, bool) {
	cells, ok := b.MoveCells(m)
	var set Cells
	for _, i := range cells {
		set = set.With(i)
	}
	return set, ok
}

// Shape checks a move's form: 1 to 3 cells of the board; one diagonal cell
// alone, or off-diagonal cells consecutive in one row or one column. It
// returns the packed move or an error that says what rule the cells break.
// Cell numbers are 1-based as people write them; their order is free.
func (b Board) Shape(cells []int) (game.Move, error) {
	n2 := b.Size()
	switch {
	case len(cells) == 0:
		return 0, fmt.Errorf("a move takes 1 to 3 cells; none given")
	case len(cells) > 3:
		return 0, fmt.Errorf("more than 3 cells (%d given): a move takes 1 to 3 cells", len(cells))
	}
	idx := make([]int, len(cells))
	for k, cell := range cells {
		if cell < 1 || cell > n2 {
			return 0, fmt.Errorf("there is no cell %d: cells are numbered 1 to %d", cell, n2)
		}
		idx[k] = cell - 1
	}
	slices.Sort(idx)
	for k := 1; k < len(idx); k++ {
		if idx[k] == idx[k-1] {
			return 0, fmt.Errorf("cell %d is given twice", idx[k]+1)
		}
	}
	if len(idx) == 1 {
		return MoveOf(idx[0], 1, false), nil
	}
	for _, i := range idx {
		if b.Diagonal(i) {
			return 0, fmt.Errorf("cell %d is on the main diagonal: a diagonal cell is a move on its own, with no other cell", i+1)
		}
	}
	r0, c0 := b.RC(idx[0])
	sameRow, sameCol := true, true
	for _, i := range idx[1:] {
		r, c := b.RC(i)
		sameRow = sameRow && r == r0
		sameCol = sameCol && c == c0
	}
	if !sameRow && !sameCol {
		return 0, fmt.Errorf("cells %s are not all in one row or all in one column", joinCells(idx))
	}
	step := 1
	if sameCol {
		step = b.N
	}
	for k := 1; k < len(idx); k++ {
		if idx[k] != idx[k-1]+step {
			gap := idx[k-1] + step
			why := ""
			if b.Diagonal(gap) {
				why = ", a diagonal cell,"
			}
			return 0, fmt.Errorf("cells %s are not contiguous: cell %d%s lies between %d and %d", joinCells(idx), gap+1, why, idx[k-1]+1, idx[k]+1)
		}
	}
	return MoveOf(idx[0], len(idx), sameCol), nil
}

func joinCells(idx []int) string {
	parts := make([]string, len(idx))
	for k, i := range idx {
		parts[k] = strconv.Itoa(i + 1)
	}
	return strings.Join(parts, ", ")
}

// maxMoveBytes bounds the text of a move (three cell numbers with room for
// spaces and braces), so that a huge line is refused without being echoed.
const maxMoveBytes = 64

// ParseCells reads cell numbers separated by spaces, commas or semicolons,
// optionally in braces: "4 5", "{4,5}".
func ParseCells(text string) ([]int, error) {
	if len(text) > maxMoveBytes {
		return nil, fmt.Errorf("a move of %d bytes: at most %d; want 1 to 3 cell numbers, e.g. 4 5", len(text), maxMoveBytes)
	}
	t := strings.TrimSpace(text)
	t = strings.TrimPrefix(t, "{")
	t = strings.TrimSuffix(t, "}")
	fields := strings.FieldsFunc(t, func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == '\t'
	})
	if len(fields) == 0 {
		return nil, fmt.Errorf("%q: want 1 to 3 cell numbers, e.g. 4 5", text)
	}
	if len(fields) > 3 {
		return nil, fmt.Errorf("%q: more than 3 cells (%d given): a move takes 1 to 3 cells", text, len(fields))
	}
	out := make([]int, len(fields))
	for k, f := range fields {
		n, err := strconv.Atoi(f)
		switch {
		case err != nil && len(fields) == 1:
			return nil, fmt.Errorf("%q is not a cell number; want 1 to 3 cell numbers, e.g. 4 5", f)
		case err != nil:
			return nil, fmt.Errorf("%q: %q is not a cell number; want 1 to 3 cell numbers, e.g. 4 5", text, f)
		}
		out[k] = n
	}
	return out, nil
}

// LegalMoves appends every move whose cells are all in empty, in increasing
// order.
func (b Board) LegalMoves(empty Cells, buf []game.Move) []game.Move {
	n := b.N
	for i := range b.Size() {
		if !empty.Has(i) {
			continue
		}
		buf = append(buf, MoveOf(i, 1, false))
		r, c := b.RC(i)
		if r == c {
			continue
		}
		ok := func(rr, cc int) bool { return rr < n && cc < n && rr != cc && empty.Has(b.Index(rr, cc)) }
		if ok(r, c+1) {
			buf = append(buf, MoveOf(i, 2, false))
			if ok(r, c+2) {
				buf = append(buf, MoveOf(i, 3, false))
			}
		}
		if ok(r+1, c) {
			buf = append(buf, MoveOf(i, 2, true))
			if ok(r+2, c) {
				buf = append(buf, MoveOf(i, 3, true))
			}
		}
	}
	return buf
}

// Check reports why m is not a legal move when the cells of empty are free,
// or nil when it is legal.
func (b Board) Check(empty Cells, m game.Move, owner func(i int) string) error {
	cells, ok := b.MoveCells(m)
	if !ok {
		return fmt.Errorf("move %d is not a move of a %d×%d palette", m, b.N, b.N)
	}
	if len(cells) > 1 {
		for _, i := range cells {
			if b.Diagonal(i) {
				return fmt.Errorf("cell %d is on the main diagonal: a diagonal cell is a move on its own, with no other cell", i+1)
			}
		}
	}
	for _, i := range cells {
		if !empty.Has(i) {
			return fmt.Errorf("cell %d is not empty (taken by %s)", i+1, owner(i))
		}
	}
	return nil
}

// Mirror is the symmetry of the palette that copycat plays by: an
// off-diagonal cell (r, c) goes to (c, r), the diagonal cell (k, k) to
// (N−1−k, N−1−k) (0-based).
func (b Board) Mirror(i int) int {
	r, c := b.RC(i)
	if r == c {
		k := b.N - 1 - r
		return b.Index(k, k)
	}
	return b.Index(c, r)
}

// MirrorSet maps a set of cells by Mirror.
func (b Board) MirrorSet(set Cells) Cells {
	var out Cells
	for _, i := range set.List() {
		out = out.With(b.Mirror(i))
	}
	return out
}
