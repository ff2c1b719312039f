package nim2d

import "math/bits"

// A bitShape is a shape of at most 8×8 cells as one 64-bit word: cell
// (r, c) is bit 8r+c. The shape table (ShapeBook, BuildShapeTable) works on
// them: every component of a palette of side at most 9 fits, and the
// operations are a few word instructions.
//
// A shape's code is its canonical bitShape: of its eight images under the
// rotations and reflections, each moved to the top-left corner, the
// smallest as a number. A code is the shape itself (codeShape reads it
// back). For a component of a palette of side at most 9 the code is below
// 2^codeBits (shown at canonicalBit).
type bitShape = uint64

const (
	bitCol0 = 0x0101010101010101 // column 0 of every row
	bitCol7 = bitCol0 << 7
	// codeBits is the number of low bits a code of a component of a
	// palette of side ≤ 9 may use: its images include one with at most 7
	// rows, or, when all eight span 8×8, one whose bottom row holds only
	// column 0 (the staircase's empty corner turned to the bottom right).
	codeBits = 57
	codeMask = 1<<codeBits - 1
	// MaxTableN is the largest palette side whose components the shape
	// table holds (shapes of at most 8×8 cells).
	MaxTableN = 9
)

// bitFromShape returns the shape as a bitShape, or false when it is larger
// than 8×8.
func bitFromShape(s *Shape) (bitShape, bool) {
	if s.H > 8 || s.W > 8 {
		return 0, false
	}
	var b bitShape
	for r := range int(s.H) {
		b |= uint64(s.Rows[r]) << (8 * r)
	}
	return b, true
}

// codeShape returns the Shape of a bitShape, normalised.
func codeShape(b bitShape) Shape {
	var s Shape
	s.H, s.W = 8, 8
	for r := range 8 {
		s.Rows[r] = uint16(b >> (8 * r) & 0xff)
	}
	return s.normalised()
}

// bitNormal moves the cells to the top-left corner.
func bitNormal(b bitShape) bitShape {
	if b == 0 {
		return 0
	}
	b >>= uint(bits.TrailingZeros64(b)) &^ 7
	x := b | b>>32
	x |= x >> 16
	x |= x >> 8
	return b >> uint(bits.TrailingZeros8(uint8(x)))
}

// bitFlipV turns the 8×8 box upside down.
func bitFlipV(b bitShape) bitShape { return bits.ReverseBytes64(b) }

// bitMirror reverses the columns of the 8×8 box.
func bitMirror(b bitShape) bitShape {
	b = b>>1&0x5555555555555555 | b&0x5555555555555555<<1
	b = b>>2&0x3333333333333333 | b&0x3333333333333333<<2
	return b>>4&0x0f0f0f0f0f0f0f0f | b&0x0f0f0f0f0f0f0f0f<<4
}

// bitTranspose mirrors the 8×8 box in its main diagonal: (r, c) to (c, r).
func bitTranspose(b bitShape) bitShape {
	t := 0x0f0f0f0f00000000 & (b ^ b<<28)
	b ^= t ^ t>>28
	t = 0x3333000033330000 & (b ^ b<<14)
	b ^= t ^ t>>14
	t = 0x5500550055005500 & (b ^ b<<7)
	return b ^ t ^ t>>7
}

// bitCanonical returns the code of a shape: the smallest of its eight
// images, each normalised. Once the shape is normalised, with height h and
// width w, an image is normalised by a fixed shift: w−8 columns after a
// mirror, 8−h rows after turning upside down.
func bitCanonical(b bitShape) uint64 {
	b = bitNormal(b)
	x := b | b>>32
	x |= x >> 16
	x |= x >> 8
	dc := uint(bits.LeadingZeros8(uint8(x))) // 8 − width
	dr := uint(bits.LeadingZeros64(b)) &^ 7  // 8·(8 − height)
	m := bitMirror(b) >> dc
	best := min(b, m, bitFlipV(b)>>dr, bitFlipV(m)>>dr)
	t := bitTranspose(b)
	tm := bitMirror(t) >> (dr >> 3)
	return min(best, t, tm, bitFlipV(t)>>(dc<<3), bitFlipV(tm)>>(dc<<3))
}

// bitFill returns the cells of s connected to seed (a subset of s) through
// common sides: it spreads along rows to the ends of their runs and one
// step up and down, until nothing changes.
func bitFill(seed, s bitShape) bitShape {
	x := seed
	e, w := s&^bitCol0, s&^bitCol7
	e2, w2 := e&(e<<1), w&(w>>1)
	e4, w4 := e2&(e2<<2), w2&(w2>>2)
	for {
		y := x
		y |= e & (y << 1)
		y |= e2 & (y << 2)
		y |= e4 & (y << 4)
		y |= w & (y >> 1)
		y |= w2 & (y >> 2)
		y |= w4 & (y >> 4)
		y |= s & (y<<8 | y>>8)
		if y == x {
			return x
		}
		x = y
	}
}

// bitSides returns the cells next to those of m through a side.
func bitSides(m bitShape) bitShape {
	return m<<1&^bitCol0 | m>>1&^bitCol7 | m<<8 | m>>8
}

// bitStaysWhole reports that c stays connected, judging only by the cells
// around m, where c is a connected shape less the cells of m (a move): it
// does when m touches c at most once, or when the cells of c that touch m
// are connected through the cells around m. False means: not known.
func bitStaysWhole(m, c bitShape) bool {
	nb := bitSides(m) & c
	if nb&(nb-1) == 0 {
		return true
	}
	row := m | m<<1&^bitCol0 | m>>1&^bitCol7
	ring := (row | row<<8 | row>>8) & c
	x := nb & -nb
	for {
		y := (x | bitSides(x)) & ring
		if y == x {
			return nb&^x == 0
		}
		x = y
	}
}

// bitMoves calls f with the cells of every move of s: each cell alone,
// then runs of two and three cells along rows and columns.
func bitMoves(s bitShape, f func(m uint64)) {
	for x := s; x != 0; x &= x - 1 {
		f(x & -x)
	}
	h2 := s & (s >> 1) &^ bitCol7
	for x := h2; x != 0; x &= x - 1 {
		f((x & -x) * 3)
	}
	for x := h2 & (h2 >> 1); x != 0; x &= x - 1 {
		f((x & -x) * 7)
	}
	v2 := s & (s >> 8)
	for x := v2; x != 0; x &= x - 1 {
		f((x & -x) * 0x101)
	}
	for x := v2 & (v2 >> 8); x != 0; x &= x - 1 {
		f((x & -x) * 0x10101)
	}
}

// bitTriangle returns the upper triangle of the empty n×n palette (n ≤ 9)
// as a bitShape.
func bitTriangle(n int) bitShape {
	t := Triangle(n)
	b, _ := bitFromShape(&t)
	return b
}
