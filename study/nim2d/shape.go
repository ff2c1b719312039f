package nim2d

import (
	"fmt"
	"math/bits"
	"strings"
)

// MaxSide is the largest side of a shape: components come from boards of at
// most 10×10 cells.
const MaxSide = 10

// Shape is a set of cells in a grid of at most MaxSide×MaxSide, normalised so
// that its first row and its first column hold a cell. Row r holds cell
// (r, c) in bit c of Rows[r].
//
// A connected Shape is one independent component of a 2D Nim position: its
// empty off-diagonal cells joined through common rows and columns. A move
// takes 1 to 3 cells that are consecutive in one row or one column of the
// shape, so the game on a component does not depend on where it lies on the
// board, nor on its rotation or reflection.
type Shape struct {
	H, W int8
	Rows [MaxSide]uint16
}

// Key identifies a Shape exactly: the cells packed row by row with the
// height and width. Canonical keys (Shape.Canonical) identify shapes up to
// translation, rotation and reflection.
type Key struct{ Lo, Hi uint64 }

// The layout of Key.Hi above the cell bits (which use at most 100−64 = 36 bits).
const (
	keyHShift = 40
	keyWShift = 44
)

// ParseShape reads a shape drawn with '#' (or 'X', 'x', 'O', '1') for a cell
// and any other character for a hole, rows separated by '/' or newlines,
// e.g. "##/#." (an L-tromino).
func ParseShape(text string) (Shape, error) {
	rows := strings.FieldsFunc(text, func(r rune) bool { return r == '/' || r == '\n' })
	if len(rows) == 0 || len(rows) > MaxSide {
		return Shape{}, fmt.Errorf("shape %q: want 1 to %d rows separated by '/'", text, MaxSide)
	}
	var s Shape
	for r, line := range rows {
		line = strings.TrimSpace(line)
		if len(line) > MaxSide {
			return Shape{}, fmt.Errorf("shape %q: row %d is longer than %d cells", text, r+1, MaxSide)
		}
		for c, ch := range line {
			switch ch {
			case '#', 'X', 'x', 'O', '1':
				s.Rows[r] |= 1 << c
			}
		}
	}
	s.H = int8(len(rows))
	s.W = MaxSide
	s = s.normalised()
	if s.Cells() == 0 {
		return Shape{}, fmt.Errorf("shape %q has no cell", text)
	}
	return s, nil
}

// String draws the shape with '#' for a cell and '.' for a hole, rows
// separated by '/'.
func (s Shape) String() string {
	var b strings.Builder
	for r := range int(s.H) {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range int(s.W) {
			if s.Rows[r]>>c&1 == 1 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// Cells returns the number of cells.
func (s Shape) Cells() int {
	n := 0
	for r := range int(s.H) {
		n += bits.OnesCount16(s.Rows[r])
	}
	return n
}

// Has reports whether (r, c) is a cell of the shape.
func (s Shape) Has(r, c int) bool {
	return r >= 0 && r < int(s.H) && c >= 0 && c < int(s.W) && s.Rows[r]>>c&1 == 1
}

// normalised moves the cells to the top-left corner and trims the height and
// width to the bounding box. An empty shape becomes the zero Shape.
func (s Shape) normalised() Shape {
	top, bottom := -1, -1
	var or uint16
	for r := range int(s.H) {
		if s.Rows[r] != 0 {
			if top < 0 {
				top = r
			}
			bottom = r
			or |= s.Rows[r]
		}
	}
	if top < 0 {
		return Shape{}
	}
	left := bits.TrailingZeros16(or)
	var out Shape
	out.H = int8(bottom - top + 1)
	out.W = int8(bits.Len16(or) - left)
	for r := top; r <= bottom; r++ {
		out.Rows[r-top] = s.Rows[r] >> left
	}
	return out
}

// key packs the shape as it stands (not canonical).
func (s *Shape) key() Key {
	var k Key
	w := uint(s.W)
	for r := range uint(s.H) {
		k.packRow(uint64(s.Rows[r]), r*w, w)
	}
	k.packSize(int(s.H), int(s.W))
	return k
}

// packRow ors the w-bit row x into the key at bit offset off (rows are laid
// out one after another across Lo and then Hi).
func (k *Key) packRow(x uint64, off, w uint) {
	switch {
	case off >= 64:
		k.Hi |= x << (off - 64)
	case off+w > 64:
		k.Lo |= x << off
		k.Hi |= x >> (64 - off)
	default:
		k.Lo |= x << off
	}
}

// packSize records the bounding box in the key's top bits.
func (k *Key) packSize(h, w int) {
	k.Hi |= uint64(h)<<keyHShift | uint64(w)<<keyWShift
}

func (k Key) less(o Key) bool { return k.Hi < o.Hi || k.Hi == o.Hi && k.Lo < o.Lo }

// Shape unpacks a key.
func (k Key) Shape() Shape {
	var s Shape
	s.H = int8(k.Hi >> keyHShift & 15)
	s.W = int8(k.Hi >> keyWShift & 15)
	w := uint(s.W)
	mask := uint64(1)<<w - 1
	for r := range uint(s.H) {
		off := r * w
		var x uint64
		switch {
		case off >= 64:
			x = k.Hi >> (off - 64)
		case off+w > 64:
			x = k.Lo>>off | k.Hi<<(64-off)
		default:
			x = k.Lo >> off
		}
		s.Rows[r] = uint16(x & mask)
	}
	return s
}

// transposed returns the mirror image in the main diagonal.
func (s *Shape) transposed() Shape {
	var t Shape
	t.H, t.W = s.W, s.H
	for r := range int(s.H) {
		x := s.Rows[r]
		for x != 0 {
			c := bits.TrailingZeros16(x)
			x &= x - 1
			t.Rows[c] |= 1 << r
		}
	}
	return t
}

// Canonical returns the key of the shape's class under the eight rotations
// and reflections: the key of the image that is smallest in height, then
// width, then its rows compared from the first.
func (s Shape) Canonical() Key { return s.canonical() }

func (s *Shape) canonical() Key {
	switch {
	case s.H < s.W:
		var o orient
		o.set(s)
		return o.key(o.best())
	case s.H > s.W:
		t := s.transposed()
		var o orient
		o.set(&t)
		return o.key(o.best())
	}
	var a, b orient
	a.set(s)
	t := s.transposed()
	b.set(&t)
	va, vb := a.best(), b.best()
	for r := range int(s.H) {
		x, y := a.row(va, r), b.row(vb, r)
		if x != y {
			if y < x {
				return b.key(vb)
			}
			break
		}
	}
	return a.key(va)
}

// orient holds a shape's rows and their left-right mirrors, to read its four
// images of the same height and width: 0 as is, 1 upside down, 2 mirrored,
// 3 both.
type orient struct {
	h, w      int
	rows, rev [MaxSide]uint16
}

func (o *orient) set(s *Shape) {
	o.h, o.w = int(s.H), int(s.W)
	o.rows = s.Rows
	shift := 16 - o.w
	for r := range o.h {
		o.rev[r] = bits.Reverse16(s.Rows[r]) >> shift
	}
}

func (o *orient) row(v, r int) uint16 {
	if v&1 == 1 {
		r = o.h - 1 - r
	}
	if v&2 == 2 {
		return o.rev[r]
	}
	return o.rows[r]
}

// best returns the image whose rows are smallest, compared from the first.
func (o *orient) best() int {
	alive := uint8(15)
	for r := 0; r < o.h && alive&(alive-1) != 0; r++ {
		least := uint16(0xffff)
		for v := range 4 {
			if alive>>v&1 == 1 {
				least = min(least, o.row(v, r))
			}
		}
		for v := range 4 {
			if alive>>v&1 == 1 && o.row(v, r) != least {
				alive &^= 1 << v
			}
		}
	}
	return bits.TrailingZeros8(alive)
}

// key packs image v.
func (o *orient) key(v int) Key {
	var k Key
	w := uint(o.w)
	for r := range o.h {
		k.packRow(uint64(o.row(v, r)), uint(r)*w, w)
	}
	k.packSize(int(o.h), int(o.w))
	return k
}

// Transposed returns the mirror image of the shape in its main diagonal.
func (s Shape) Transposed() Shape { return s.transposed() }

// Components splits the shape into its connected parts (cells joined through
// a common side), each normalised, in the order of their first cell.
func (s Shape) Components() []Shape {
	var out []Shape
	rest := s
	for {
		part, ok := rest.firstComponent()
		if !ok {
			return out
		}
		for r := range int(rest.H) {
			rest.Rows[r] &^= part.Rows[r]
		}
		out = append(out, part.normalised())
	}
}

// rowRuns lists, for every row pattern of up to MaxSide bits, its runs of
// consecutive cells as masks. It is computed once and never changed.
var rowRuns = func() (t [1 << MaxSide]struct {
	n    int8
	runs [(MaxSide + 1) / 2]uint16
}) {
	for x := range 1 << MaxSide {
		e := &t[x]
		for c := 0; c < MaxSide; {
			if x>>c&1 == 0 {
				c++
				continue
			}
			var run uint16
			for c < MaxSide && x>>c&1 == 1 {
				run |= 1 << c
				c++
			}
			e.runs[e.n] = run
			e.n++
		}
	}
	return t
}()

// fillRuns returns the runs of row x that hold a cell of seed.
func fillRuns(x, seed uint16) uint16 {
	e := &rowRuns[x]
	var out uint16
	for _, r := range e.runs[:e.n] {
		if r&seed != 0 {
			out |= r
		}
	}
	return out
}

// firstComponent returns the connected part holding the first cell (in row
// order), not normalised (same frame as s).
func (s *Shape) firstComponent() (Shape, bool) {
	h := int(s.H)
	var comp Shape
	comp.H, comp.W = s.H, s.W
	start := 0
	for start < h && s.Rows[start] == 0 {
		start++
	}
	if start == h {
		return comp, false
	}
	comp.Rows[start] = fillRuns(s.Rows[start], s.Rows[start]&-s.Rows[start])
	for changed := true; changed; {
		changed = false
		for r := start + 1; r < h; r++ {
			if seed := comp.Rows[r-1] & s.Rows[r] &^ comp.Rows[r]; seed != 0 {
				comp.Rows[r] |= fillRuns(s.Rows[r], seed)
				changed = true
			}
		}
		if !changed {
			break
		}
		changed = false
		for r := h - 2; r >= start; r-- {
			if seed := comp.Rows[r+1] & s.Rows[r] &^ comp.Rows[r]; seed != 0 {
				comp.Rows[r] |= fillRuns(s.Rows[r], seed)
				changed = true
			}
		}
	}
	return comp, true
}

// takeComponent moves the connected part holding the first cell of s (in
// row order) into part, normalised, and removes it from s. It returns the
// part's number of cells (0 when s is empty) and whether cells remain in s.
func (s *Shape) takeComponent(part *Shape) (cells int, more bool) {
	h := int(s.H)
	start := 0
	for start < h && s.Rows[start] == 0 {
		start++
	}
	if start == h {
		return 0, false
	}
	var comp [MaxSide]uint16
	comp[start] = fillRuns(s.Rows[start], s.Rows[start]&-s.Rows[start])
	end := start // last row reached
	for changed := true; changed; {
		changed = false
		for r := start + 1; r < h; r++ {
			if seed := comp[r-1] & s.Rows[r] &^ comp[r]; seed != 0 {
				comp[r] |= fillRuns(s.Rows[r], seed)
				changed = true
				end = max(end, r)
			}
		}
		if !changed {
			break
		}
		changed = false
		for r := end - 1; r >= start; r-- {
			if seed := comp[r+1] & s.Rows[r] &^ comp[r]; seed != 0 {
				comp[r] |= fillRuns(s.Rows[r], seed)
				changed = true
			}
		}
	}
	var or, left uint16
	for r := start; r <= end; r++ {
		or |= comp[r]
		s.Rows[r] &^= comp[r]
		cells += bits.OnesCount16(comp[r])
	}
	for r := start; r < h; r++ {
		left |= s.Rows[r]
	}
	shift := bits.TrailingZeros16(or)
	*part = Shape{H: int8(end - start + 1), W: int8(bits.Len16(or) - shift)}
	for r := start; r <= end; r++ {
		part.Rows[r-start] = comp[r] >> shift
	}
	return cells, left != 0
}

// shapeMove is one move inside a shape: cells along a row (horizontal) or a
// column, starting at (R, C).
type shapeMove struct {
	R, C, Len int8
	Vertical  bool
}

// moves appends every move of the shape: each cell alone, then runs of two
// and three cells along rows and columns.
func (s *Shape) moves(buf []shapeMove) []shapeMove {
	h, w := int(s.H), int(s.W)
	for r := range h {
		row := s.Rows[r]
		for c := range w {
			if row>>c&1 == 0 {
				continue
			}
			buf = append(buf, shapeMove{int8(r), int8(c), 1, false})
			if row>>(c+1)&1 == 1 {
				buf = append(buf, shapeMove{int8(r), int8(c), 2, false})
				if row>>(c+2)&1 == 1 {
					buf = append(buf, shapeMove{int8(r), int8(c), 3, false})
				}
			}
			if r+1 < h && s.Rows[r+1]>>c&1 == 1 {
				buf = append(buf, shapeMove{int8(r), int8(c), 2, true})
				if r+2 < h && s.Rows[r+2]>>c&1 == 1 {
					buf = append(buf, shapeMove{int8(r), int8(c), 3, true})
				}
			}
		}
	}
	return buf
}

// without returns the shape with the move's cells removed (not normalised).
func (s *Shape) without(m shapeMove) Shape {
	out := *s
	if m.Vertical {
		for i := range m.Len {
			out.Rows[m.R+i] &^= 1 << m.C
		}
	} else {
		out.Rows[m.R] &^= uint16(1<<m.Len-1) << m.C
	}
	return out
}

// involutions are the symmetries of a rectangle that are their own inverse,
// as maps of (r, c) in an H×W box; the last two need a square box.
var involutions = []struct {
	name string
	f    func(r, c, h, w int) (int, int)
}{
	{"a half-turn", func(r, c, h, w int) (int, int) { return h - 1 - r, w - 1 - c }},
	{"the reflection in its vertical axis", func(r, c, h, w int) (int, int) { return r, w - 1 - c }},
	{"the reflection in its horizontal axis", func(r, c, h, w int) (int, int) { return h - 1 - r, c }},
	{"the reflection in its main diagonal", func(r, c, h, w int) (int, int) { return c, r }},
	{"the reflection in its anti-diagonal", func(r, c, h, w int) (int, int) { return w - 1 - c, h - 1 - r }},
}

// SelfMirror looks for a mirror strategy inside the shape: a symmetry that
// is its own inverse, maps the shape onto itself, fixes no cell, and maps
// every move to a move that shares no cell with it. Then the second player
// wins on the shape alone by answering every move with its image, so its
// Grundy value is 0. It returns the symmetry's name.
func (s Shape) SelfMirror() (string, bool) {
	h, w := int(s.H), int(s.W)
	var buf [6 * MaxSide * MaxSide]shapeMove
	moves := s.moves(buf[:0])
	for k, inv := range involutions {
		if k >= 3 && h != w {
			continue
		}
		ok := true
		for r := 0; r < h && ok; r++ {
			for c := 0; c < w && ok; c++ {
				if !s.Has(r, c) {
					continue
				}
				rr, cc := inv.f(r, c, h, w)
				ok = s.Has(rr, cc) && (rr != r || cc != c)
			}
		}
		for _, m := range moves {
			if !ok {
				break
			}
			cells := m.cells()
			for _, a := range cells {
				ar, ac := inv.f(a[0], a[1], h, w)
				for _, b := range cells {
					if ar == b[0] && ac == b[1] {
						ok = false
					}
				}
			}
		}
		if ok {
			return inv.name, true
		}
	}
	return "", false
}

// cells lists the (row, column) cells of a move.
func (m shapeMove) cells() [][2]int {
	out := make([][2]int, m.Len)
	for i := range int(m.Len) {
		if m.Vertical {
			out[i] = [2]int{int(m.R) + i, int(m.C)}
		} else {
			out[i] = [2]int{int(m.R), int(m.C) + i}
		}
	}
	return out
}
