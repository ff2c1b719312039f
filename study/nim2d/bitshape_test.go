package nim2d

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomShape returns a random connected shape of up to 8×8 cells grown
// from one cell, as a Shape.
func randomShape(rng *rand.Rand, cells int) Shape {
	var b bitShape = 1 << (8*rng.IntN(8) + rng.IntN(8))
	for bits.OnesCount64(b) < cells {
		grow := bitSides(b) &^ b
		k := rng.IntN(bits.OnesCount64(grow))
		for range k {
			grow &= grow - 1
		}
		b |= grow & -grow
	}
	return codeShape(b)
}

// TestBitCanonical: two shapes get the same code exactly when the engine's
// canonical keys agree, a code reads back as an image of the shape, and the
// codes of the components of palettes up to 9×9 fit in codeBits bits.
func TestBitCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	byKey := map[Key]uint64{}
	byCode := map[uint64]Key{}
	for range 20000 {
		s := randomShape(rng, 1+rng.IntN(30))
		b, ok := bitFromShape(&s)
		if !ok {
			t.Fatalf("%s does not fit 8×8", s)
		}
		code := bitCanonical(b)
		key := s.Canonical()
		if c, seen := byKey[key]; seen && c != code {
			t.Fatalf("%s: code %#x, an equal shape had %#x", s, code, c)
		}
		if k, seen := byCode[code]; seen && k != key {
			t.Fatalf("%s: code %#x shared with a different shape", s, code)
		}
		byKey[key], byCode[code] = code, key
		if back := codeShape(code); back.Canonical() != key || bitNormal(code) != code {
			t.Fatalf("%s: code %#x reads back as %s", s, code, back)
		}
		// Each of the eight images, anywhere in the box, has the same code.
		img := b
		for k := range 8 {
			if k == 4 {
				img = bitTranspose(img)
			}
			img = bitMirror(img)
			if k%2 == 1 {
				img = bitFlipV(img)
			}
			if got := bitCanonical(img); got != code {
				t.Fatalf("%s: image %d has code %#x, want %#x", s, k, got, code)
			}
		}
	}
	// Every connected subset of the 9×9 palette's triangle has a code
	// within codeBits: random ones, grown inside the triangle.
	tri := bitTriangle(9)
	for range 20000 {
		b := uint64(1) << (63 - bits.LeadingZeros64(tri) - 8*rng.IntN(3))
		b &= tri
		if b == 0 {
			b = tri & -tri
		}
		for n := 1 + rng.IntN(36); bits.OnesCount64(b) < n; {
			grow := bitSides(b) & tri &^ b
			if grow == 0 {
				break
			}
			for k := rng.IntN(bits.OnesCount64(grow)); k > 0; k-- {
				grow &= grow - 1
			}
			b |= grow & -grow
		}
		if code := bitCanonical(b); code > codeMask {
			t.Fatalf("%s: code %#x beyond %d bits", codeShape(b), code, codeBits)
		}
	}
	if c := bitCanonical(tri); c > codeMask {
		t.Fatalf("the 9×9 triangle's code %#x is beyond %d bits", c, codeBits)
	}
}

// TestBitFillAndMoves: components and moves agree with the Shape versions.
func TestBitFillAndMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		s := randomShape(rng, 1+rng.IntN(25))
		// Knock out some cells to get several components.
		for range rng.IntN(4) {
			r, c := rng.IntN(int(s.H)), rng.IntN(int(s.W))
			s.Rows[r] &^= 1 << c
		}
		s.H, s.W = 8, 8
		s = s.normalised()
		if s.Cells() == 0 {
			continue
		}
		b, _ := bitFromShape(&s)
		var got []Key
		for c := b; c != 0; {
			comp := bitFill(c&-c, c)
			c &^= comp
			got = append(got, codeShape(comp).Canonical())
		}
		var want []Key
		for _, p := range s.Components() {
			want = append(want, p.Canonical())
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d components, want %d", s, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: component %d differs", s, i)
			}
		}
		// Moves: the same sets of cells as Shape.moves, and the local
		// connectivity test never claims a split shape whole.
		var sm []uint64
		for _, m := range s.moves(nil) {
			rest := s.without(m)
			r, _ := bitFromShape(&rest)
			sm = append(sm, b&^r)
		}
		var bm []uint64
		bitMoves(b, func(m uint64) {
			bm = append(bm, m)
			c := b &^ m
			if len(want) == 1 && c != 0 && bitStaysWhole(m, c) && bitFill(c&-c, c) != c {
				t.Fatalf("%s: taking %#x splits it, but the local test says whole", s, m)
			}
		})
		slices.Sort(sm)
		slices.Sort(bm)
		if !slices.Equal(sm, bm) {
			t.Fatalf("%s: moves %v, want %v", s, bm, sm)
		}
	}
}
