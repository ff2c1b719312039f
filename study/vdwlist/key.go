package vdwlist

import (
	"math/bits"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/game"
)

// The key of a position (see Solver), with four colours or more, is the
// symbol string of its relevant numbers: cut to the span of the relevant numbers, translated to start at
// 0, divided by the greatest common divisor of their distances, each cell a
// symbol (0 irrelevant, 1 relevant and uncoloured, 2, 3, ... the colours
// renamed in the order they appear), the smaller of it and its reflection.
// It is kept as bit planes: plane b holds bit b of every cell's symbol, a
// bit per cell, so a key takes a few shifts and ORs of the colour masks.
// The string ends with a relevant cell, whose symbol is not 0, so the planes
// determine the string and its length: keys are exact. A key whose planes
// fit 64 bits together (spans up to 32, 21 or 16 cells for 1–2, 3–6 and
// 7–8 colours) is packed in a uint64 (the table of short keys, where the
// search spends its time); the others keep their planes (wideKey).

// wideKey is the bit planes of a key, unpacked.
type wideKey [4]uint64

// posKey is a position's key: narrow when its planes fit 64 bits; else
// mid when its cells' symbols, as digits (see midCode), do; else wide.
// Only the part its kind names is read: wide may hold an earlier key's
// words behind a short one (see canonical), so posKeys are not compared
// with ==.
type posKey struct {
	narrow uint64 // narrow and mid keys
	wide   wideKey
	isWide bool
	isMid  bool
}

func (k *posKey) hash() uint64 {
	switch {
	case k.isWide:
		return hashWide(k.wide)
	case k.isMid:
		return hashMid(k.narrow)
	}
	return hashNarrow(k.narrow)
}

func hashNarrow(k uint64) uint64 { return game.HashMix(0x6d656d6f, k) }

func hashMid(k uint64) uint64 { return game.HashMix(0x6d6964, k) }

// Mid keys. With threat keys (c ≤ 3 colours) a cell of a stored position
// is one of 2^c + c symbols: irrelevant; uncoloured, with the set of
// colours that complete a progression there (any set but all of them: a
// number every colour completes wins at once, so such a position is never
// stored); or coloured, one colour. Written as the digits of a number in
// that base (the first cell the least significant; the last cell is
// relevant, so its digit is not 0 and the number gives the span), a key of
// up to 18 cells with 3 colours (11^18 < 2^63) fits 64 bits where its
// planes take 4 × 18 bits: spans 17 and 18 get one-word keys, a lock-free
// table and 16-byte entries instead of 40.

// midCoder writes and reads mid keys for c colours.
type midCoder struct {
	nc, span int    // colours; the longest span of a mid key (0: none)
	base     uint64 // 2^nc + nc symbols
	// sym[u<<3 | t]: the digit of a cell uncoloured (u) or not, with the
	// colour planes' bits t; noDigit where no stored position has such a
	// cell. pair[b]: the two digits of the cells of the nibbles of b (see
	// nibbles), as one digit of base², noDigit as sym.
	sym  [16]uint16
	pair [256]uint16
}

const noDigit = 0xffff

func newMidCoder(nc int) midCoder {
	m := midCoder{nc: nc}
	if !threatKeys(nc) {
		return m
	}
	full := 1<<nc - 1
	m.base = uint64(1<<nc + nc)
	for x := range m.sym {
		m.sym[x] = noDigit
	}
	for t := 0; t <= full; t++ {
		if t != full {
			m.sym[8|t] = uint16(1 + t)
		}
		switch {
		case t == 0:
			m.sym[0] = 0
		case t&(t-1) == 0:
			m.sym[t] = uint16(full + 1 + bits.TrailingZeros(uint(t)))
		}
	}
	for b := range m.pair {
		lo, hi := m.sym[b&15], m.sym[b>>4]
		m.pair[b] = noDigit
		if lo != noDigit && hi != noDigit {
			m.pair[b] = hi*uint16(m.base) + lo
		}
	}
	for x := uint64(1); x <= (1<<63-1)/m.base; x *= m.base {
		m.span++
	}
	return m
}

// spread16 moves bit i of x (below 2^16) to bit 4i.
func spread16(x uint64) uint64 {
	x = (x | x<<24) & 0x000000ff000000ff
	x = (x | x<<12) & 0x000f000f000f000f
	x = (x | x<<6) & 0x0303030303030303
	return (x | x<<3) & 0x1111111111111111
}

// nibbles returns cells 16c to 16c+15 of planes p as nibbles: the cell's
// colour planes' bits, and the uncoloured plane's as the fourth.
func nibbles(p *wideKey, c int) uint64 {
	sh := 16 * c
	return spread16(p[1]>>sh&0xffff) | spread16(p[2]>>sh&0xffff)<<1 |
		spread16(p[3]>>sh&0xffff)<<2 | spread16(p[0]>>sh&0xffff)<<3
}

// code returns the mid key of planes p spanning span cells, and whether
// it has one. It reads two cells at a time, from the last.
func (m *midCoder) code(p *wideKey, span int) (uint64, bool) {
	if span > m.span {
		return 0, false
	}
	base2 := m.base * m.base
	var code uint64
	for c := (span - 1) / 16; c >= 0; c-- {
		nib := nibbles(p, c)
		// the chunk's cells (beyond span: irrelevant, leading zeros)
		for j := (min(16, span-16*c) + 1) / 2; j > 0; j-- {
			d := m.pair[nib>>(8*(j-1))&0xff]
			if d == noDigit {
				return 0, false
			}
			code = code*base2 + uint64(d)
		}
	}
	return code, code != 0
}

// keySpan returns the span of a key's planes: the last relevant cell's.
func keySpan(p *wideKey) int {
	var all uint64
	for _, x := range p {
		all |= x
	}
	return bits.Len64(all)
}

// planes returns the planes of a mid key (code's inverse).
func (m *midCoder) planes(code uint64) (p wideKey) {
	full := uint64(1)<<m.nc - 1
	for i := 0; code != 0; i++ {
		d := code % m.base
		code /= m.base
		switch {
		case d == 0:
		case d <= full:
			p[0] |= 1 << i
			for c := range m.nc {
				p[1+c] |= (d - 1) >> c & 1 << i
			}
		default:
			p[1+d-full-1] |= 1 << i
		}
	}
	return p
}

func hashWide(k wideKey) uint64 {
	return game.HashMix(game.HashMix(game.HashMix(game.HashMix(0x77696465, k[0]), k[1]), k[2]), k[3])
}

// threatKeys reports whether keys of games with c colours mark the
// threats (see threatPlanes): with up to 3 colours, whose 1 + c planes fit
// a wideKey.
func threatKeys(c int) bool { return c <= 3 }

// planeBits returns the number of bit planes of a key with c colours and
// the longest span that packs in 64 bits.
func planeBits(c int) (planes, narrowSpan int) {
	if threatKeys(c) {
		planes = 1 + c
	} else {
		planes = bits.Len(uint(c + 1)) // symbols 0..c+1
	}
	return planes, 64 / planes
}

// canonical sets key to the key of the current position reduced to its
// relevant numbers (examined as ex). The short key of most positions is
// written in place, its wide part left as it was (read only in a wide
// key): a posKey returned and copied into the child looked at cost a
// stall per child (c3 l2 s=15, one worker, both binaries side by side:
// 1.2–2.6 % less CPU).
func (sr *searcher) canonical(ex *examined, key *posKey) {
	if unc, a, b, c, span, ok := sr.threatCells(ex); ok {
		if span <= threatWidth {
			key.narrow, key.isMid, key.isWide = narrowThreatKey(unc, a, b, c, span), false, false
			return
		}
		if k, ok := sr.midThreatKey(unc, a, b, c, span); ok {
			*key = k
			return
		}
	}
	*key = sr.canonicalPlanes(ex)
}

// threatWidth is the longest span of a short key with threats marked and 3
// colours: 4 planes of 16 cells (planeBits(3)).
const threatWidth = 16

// threatCells returns, where threats are marked with 3 colours and the
// relevant numbers are not dilated (most positions the search reaches),
// the planes of a position's key before they are sorted and reflected (see
// threatPlanes): the uncoloured relevant numbers, and per colour its
// numbers and threats, from the first relevant number on; and their span.
// It reports false elsewhere (canonicalPlanes makes the key).
func (sr *searcher) threatCells(ex *examined) (unc, a, b, c uint64, span int, ok bool) {
	relevant := ex.relevant
	if sr.g.Colors() != 3 || relevant&(relevant>>1) == 0 {
		return 0, 0, 0, 0, 0, false // other games, and maybe a dilated board: the general way
	}
	lo := bits.TrailingZeros64(relevant)
	rel := relevant >> lo
	a = (sr.masks[0] | ex.threats[0]) >> lo & rel
	b = (sr.masks[1] | ex.threats[1]) >> lo & rel
	c = (sr.masks[2] | ex.threats[2]) >> lo & rel
	return rel &^ (sr.colored >> lo), a, b, c, bits.Len64(relevant) - lo, true
}

// narrowThreatKey returns canonical's key of the cells threatCells found
// when they span threatWidth or less, in one word: the planes packed, the
// packed word reversed for the reflection.
func narrowThreatKey(unc, a, b, c uint64, span int) uint64 {
	fwd := packThreat(unc, a, b, c)
	// Reversed, plane i lies reflected in slot 3−i (see packThreat): the
	// uncoloured plane in the top slot; the colours sorted again.
	r := bits.Reverse64(fwd) >> (threatWidth - span)
	bwd := packThreat(r>>48, r&0xffff, r>>16&0xffff, r>>32&0xffff)
	return min(fwd, bwd)
}

// midThreatKey returns canonical's key of the cells threatCells found when
// they are too long for a short key but not for a mid one (else false):
// from the four planes and their reflections. (Its last lines are
// canonicalPlanes', written out: a function of both made
// BenchmarkKeys/s=18/canonical 5–15 % slower, 77–85 ns against 69–75.)
func (sr *searcher) midThreatKey(unc, a, b, c uint64, span int) (posKey, bool) {
	if span > sr.sv.mid.span {
		return posKey{}, false
	}
	m := [vdwlist.MaxColors]uint64{a, b, c}
	fwd := threatPlanes(unc, &m, 3)
	sh := 64 - span
	m = [vdwlist.MaxColors]uint64{bits.Reverse64(a) >> sh, bits.Reverse64(b) >> sh, bits.Reverse64(c) >> sh}
	if bwd := threatPlanes(bits.Reverse64(unc)>>sh, &m, 3); wideLess(&bwd, &fwd) {
		fwd = bwd
	}
	if code, ok := sr.sv.mid.code(&fwd, span); ok {
		return posKey{narrow: code, isMid: true}, true
	}
	return posKey{wide: fwd, isWide: true}, true
}

// packThreat packs the planes of a threat key with 3 colours in a word:
// unc in the low 16 bits, then the colours' planes in decreasing order (see
// threatPlanes and pack).
func packThreat(unc, a, b, c uint64) uint64 {
	a, b = max(a, b), min(a, b)
	b, c = max(b, c), min(b, c)
	a, b = max(a, b), min(a, b)
	return unc | a<<16 | b<<32 | c<<48
}

// canonicalPlanes is canonical made from the key's planes: every key.
func (sr *searcher) canonicalPlanes(ex *examined) posKey {
	fwd, bwd, span := sr.keyPlanes(ex)
	planes, narrow := planeBits(sr.g.Colors())
	if span <= narrow {
		a, b := pack(&fwd, planes, narrow), pack(&bwd, planes, narrow)
		return posKey{narrow: min(a, b)}
	}
	if wideLess(&bwd, &fwd) {
		fwd = bwd
	}
	if code, ok := sr.sv.mid.code(&fwd, span); ok {
		return posKey{narrow: code, isMid: true}
	}
	return posKey{wide: fwd, isWide: true}
}

// wideCanonical returns the key of the current position in its wide form,
// whatever its span (the key of the big path's table).
func (sr *searcher) wideCanonical(ex *examined) wideKey {
	fwd, bwd, _ := sr.keyPlanes(ex)
	if wideLess(&bwd, &fwd) {
		return bwd
	}
	return fwd
}

func wideLess(a, b *wideKey) bool {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func pack(p *wideKey, planes, width int) uint64 {
	k := p[0]
	for b := 1; b < planes; b++ {
		k |= p[b] << (b * width)
	}
	return k
}

// keyPlanes returns the key's planes of the relevant numbers read forwards
// and backwards, and their span.
func (sr *searcher) keyPlanes(ex *examined) (fwd, bwd wideKey, span int) {
	nc := sr.g.Colors()
	relevant := ex.relevant
	lo := bits.TrailingZeros64(relevant)
	hi := 63 - bits.LeadingZeros64(relevant)
	step := 1
	if relevant&(relevant>>1) == 0 { // no two neighbours: maybe a dilated board
		step = 0
		for m := relevant &^ (1 << lo); m != 0; m &= m - 1 {
			step = gcd(step, bits.TrailingZeros64(m)-lo)
			if step == 1 {
				break
			}
		}
		step = max(step, 1)
	}
	// m[c]: the relevant numbers of colour c and, with threat keys, the
	// uncoloured ones where c completes a progression
	var unc uint64
	var m [vdwlist.MaxColors]uint64
	threats := threatKeys(nc)
	if step == 1 {
		unc = (relevant &^ sr.colored) >> lo
		for c := range nc {
			m[c] = (sr.masks[c] & relevant) >> lo
			if threats {
				m[c] |= (ex.threats[c] & relevant) >> lo
			}
		}
	} else {
		for x := relevant; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			bit := uint64(1) << ((i - lo) / step)
			if sr.colored&(1<<i) == 0 {
				unc |= bit
				if threats {
					for c := range nc {
						if ex.threats[c]&(1<<i) != 0 {
							m[c] |= bit
						}
					}
				}
			} else {
				m[sr.cellColour[i]] |= bit
			}
		}
	}
	span = (hi-lo)/step + 1
	// (planes called directly: through a func value, m escaped, an
	// allocation per position)
	if threats {
		fwd = threatPlanes(unc, &m, nc)
	} else {
		fwd = symbolPlanes(unc, &m, nc)
	}
	sh := 64 - span
	unc = bits.Reverse64(unc) >> sh
	for c := range nc {
		m[c] = bits.Reverse64(m[c]) >> sh
	}
	if threats {
		bwd = threatPlanes(unc, &m, nc)
	} else {
		bwd = symbolPlanes(unc, &m, nc)
	}
	return fwd, bwd, span
}

// threatPlanes returns the planes of a key that marks threats: plane 0 the
// uncoloured relevant numbers, then a plane per colour holding the numbers
// of that colour and the uncoloured numbers where it completes a
// progression (plane 0 tells them apart), the colours' planes sorted in
// decreasing order: the least of the keys of the colours' permutations.
// Threats marked on their numbers stand for the progressions that make
// them, whose coloured numbers then need not be in the key (see examine):
// positions that make the same threats differently share a key.
func threatPlanes(unc uint64, m *[vdwlist.MaxColors]uint64, nc int) (p wideKey) {
	p[0] = unc
	switch nc {
	case 1:
		p[1] = m[0]
	case 2:
		p[1], p[2] = max(m[0], m[1]), min(m[0], m[1])
	default: // 3 (threatKeys): a sorting network
		a, b, c := m[0], m[1], m[2]
		a, b = max(a, b), min(a, b)
		b, c = max(b, c), min(b, c)
		a, b = max(a, b), min(a, b)
		p[1], p[2], p[3] = a, b, c
	}
	return p
}

// symbolPlanes returns the planes of the cells: unc the uncoloured ones
// (symbol 1), m[c] those of colour c, renamed 2, 3, ... in the order of
// their first cells.
func symbolPlanes(unc uint64, m *[vdwlist.MaxColors]uint64, nc int) (p wideKey) {
	p[0] = unc
	for c := range nc {
		if m[c] == 0 {
			continue
		}
		first := bits.TrailingZeros64(m[c])
		sym := 2
		for c2 := range nc {
			if m[c2] != 0 && bits.TrailingZeros64(m[c2]) < first {
				sym++
			}
		}
		for b := 0; sym != 0; b, sym = b+1, sym>>1 {
			if sym&1 != 0 {
				p[b] |= m[c]
			}
		}
	}
	return p
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
