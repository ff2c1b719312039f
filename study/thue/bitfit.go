package thue

import (
	"math/bits"

	"github.com/kombi/kombi/games/thue"
)

// MaxMaskLength is the longest word the bit-parallel fitting sets take: its
// n+1 gaps are the bits of one machine word. Longer words use Fitter.
const MaxMaskLength = 63

// masks holds a word of at most MaxMaskLength symbols as one bit mask per
// symbol (bit t of m[c] is set when w[t] == c), so that the equalities
// w[t] == w[t+p] of all t at once cost one AND and one shift per symbol.
// insert and remove keep it up to date as the search edits the word.
type masks struct {
	n, k int
	m    [thue.MaxAlphabet]uint64
}

// chainLen bounds the chains of forbidden (a period is at most 32).
const chainLen = MaxMaskLength/2 + 3

// scratch is forbidden's working memory, kept between calls (zeroing it
// on every call would cost more than the computation).
type scratch struct {
	lc, lp, rc, rp [chainLen]uint64
	ga, gb         [chainLen]uint64
}

// set loads w (len(w) <= MaxMaskLength) over k symbols.
func (ms *masks) set(w []byte, k int) {
	ms.n, ms.k = len(w), k
	ms.m = [thue.MaxAlphabet]uint64{}
	for t, c := range w {
		ms.m[c] |= 1 << t
	}
}

// insert inserts c at position i (the new word must have at most
// MaxMaskLength symbols).
func (ms *masks) insert(i int, c byte) {
	low := uint64(1)<<i - 1
	for s := 0; s < ms.k; s++ {
		x := ms.m[s]
		ms.m[s] = x&low | (x&^low)<<1
	}
	ms.m[c] |= 1 << i
	ms.n++
}

// remove deletes the symbol at position i.
func (ms *masks) remove(i int) {
	low := uint64(1)<<i - 1
	for s := 0; s < ms.k; s++ {
		x := ms.m[s]
		ms.m[s] = x&low | (x>>1)&^low
	}
	ms.n--
}

// forbidden writes into F[c], for every symbol c < k, the gaps (bit i for
// gap i, 0..n) where inserting c makes a repetition, and returns the gaps
// where every symbol does (where nothing fits). The word must be free of
// repetitions. With deadOnly only the answer counts: F is then computed
// only at the gaps that may be dead (see below).
//
// It is FitAll's computation (see Fitter) done for all gaps at once. For a
// square of period p through the inserted x, with t = i-p: x = w[t] is
// forbidden at gap i when, for some a+b = p-1, the period-p equalities hold
// at t-a..t-1 and the period-(p-1) ones at t+1..t+b; x = w[i+p-1] is
// forbidden when the period-(p-1) equalities hold at i-a..i-1 and the
// period-p ones at i..i+b-1. "Equalities at t-1..t-a" is the AND of the
// equality mask shifted by 1..a, so each period costs O(p) word operations;
// in a repetition-free word the runs of equalities are short, so the
// chains of ANDs end after a few steps, and each period's chains serve the
// next period too. Overlaps need p+1 equalities instead of p, one of them
// possibly on both sides of x (then x = w[i-p] = w[i+p-1]).
//
// Every period forbids at most two symbols at a gap. So a gap where fewer than k-2 (period, side)
// pairs of longer periods forbid something is not dead: the bit-sliced
// counts of those pairs rule out most gaps, often all, before any symbol
// is looked at.
func (ms *masks) forbidden(rule thue.Rule, F *[thue.MaxAlphabet]uint64, sc *scratch, deadOnly bool) uint64 {
	n, k := ms.n, ms.k
	m := ms.m[:k:k]
	const all = ^uint64(0)
	valid := uint64(1)<<n - 1
	gaps := valid<<1 | 1 // n+1 <= 64 bits
	// Bit planes of the symbols: w[t] == w[t+p] where every plane agrees.
	var p0, p1, p2, p3, p4 uint64
	for c, x := range m {
		if c&1 != 0 {
			p0 |= x
		}
		if c&2 != 0 {
			p1 |= x
		}
		if c&4 != 0 {
			p2 |= x
		}
		if c&8 != 0 {
			p3 |= x
		}
		if c&16 != 0 {
			p4 |= x
		}
	}
	eq := func(p int) uint64 {
		return ^((p0 ^ p0>>p) | (p1 ^ p1>>p) | (p2 ^ p2>>p) | (p3 ^ p3>>p) | (p4 ^ p4>>p)) & (valid >> p)
	}
	// Chains of the current and the previous period's equality masks e:
	// left[a] = e<<1 & ... & e<<a (equalities at t-1..t-a), right[b] = e &
	// e>>1 & ... & e>>(b-1) (equalities at i..i+b-1); zero beyond their
	// lengths nl, nr.
	left, pleft, right, pright := &sc.lc, &sc.lp, &sc.rc, &sc.rp
	// Period 0 (every position equals itself) serves period 1 only, which
	// reads its chains at 0.
	pleft[0], pright[0] = all, all
	nl, pnl, nr, pnr := 0, 0, 0, 0
	ga, gb := &sc.ga, &sc.gb // gaps forbidding w[i-p], w[i+p-1]
	var c1, c2, c3 uint64    // gaps with at least 1, 2, 3 such pairs, p >= 2
	extra := 0
	if rule == thue.Overlap {
		extra = 1
	}
	top := 0
	for p := 1; 2*p+extra <= n+1; p++ {
		e := eq(p)
		left[0], right[0] = all, all
		nl, nr = 0, 0
		for nl < p && left[nl]&(e<<(nl+1)) != 0 {
			left[nl+1] = left[nl] & (e << (nl + 1))
			nl++
		}
		for nr < p && right[nr]&(e>>nr) != 0 {
			right[nr+1] = right[nr] & (e >> nr)
			nr++
		}
		var condA, condB uint64
		if rule == thue.Square {
			// x = w[t]: a = 0..p-1 period-p equalities left of t, b =
			// p-1-a period-(p-1) ones right of it (pright[b]>>1).
			for a := max(0, p-1-pnr); a <= min(nl, p-1); a++ {
				condA |= left[a] & (pright[p-1-a] >> 1)
			}
			// x = w[i+p-1]: a period-(p-1) equalities left of i, p-1-a
			// period-p ones from i on.
			for a := max(0, p-1-nr); a <= min(pnl, p-1); a++ {
				condB |= pleft[a] & right[p-1-a]
			}
		} else {
			// x = w[t]: a = 1..p period-p equalities left of t, p-a
			// period-(p-1) ones right of it.
			for a := max(1, p-pnr); a <= min(nl, p); a++ {
				condA |= left[a] & (pright[p-a] >> 1)
			}
			// Both sides: the window t..i, x = w[t] = w[i+p-1].
			if pnr >= p-1 {
				condA |= pright[p-1] >> 1 & eq(2*p-1)
			}
			// x = w[i+p-1]: a = 0..p-1 period-(p-1) equalities left of
			// i, p-a period-p ones from i on.
			for a := max(0, p-nr); a <= min(pnl, p-1); a++ {
				condB |= pleft[a] & right[p-a]
			}
		}
		ga[p], gb[p] = (condA&valid)<<p&gaps, condB&(valid>>(p-1))
		if p >= 2 {
			x, y := ga[p], gb[p]
			c3 |= c2&(x|y) | c1&x&y
			c2 |= c1&(x|y) | x&y
			c1 |= x | y
		}
		if ga[p]|gb[p] != 0 {
			top = p
		}
		left, pleft = pleft, left
		right, pright = pright, right
		nl, pnl = pnl, nl
		nr, pnr = pnr, nr
	}
	cand := gaps
	switch k {
	case 2:
	case 3:
		cand &= c1
	case 4:
		cand &= c2
	default:
		cand &= c3
	}
	if deadOnly {
		if cand == 0 {
			return 0
		}
		gaps = cand
	}
	dead := cand
	for c, x := range m {
		var f uint64
		for p := 1; p <= top; p++ {
			f |= ga[p]&(x<<p) | gb[p]&(x>>(p-1))
		}
		F[c] = f & gaps
		dead &= f
	}
	return dead
}

// fitSets writes the fitting symbols of every gap (0..n) into fit, from the
// forbidden masks, and returns it.
func (ms *masks) fitSets(F *[thue.MaxAlphabet]uint64, fit []uint32) []uint32 {
	n, k := ms.n, ms.k
	if cap(fit) < n+1 {
		fit = make([]uint32, n+1, max(n+1, 16))
	}
	fit = fit[:n+1]
	full := uint32(1)<<k - 1
	for i := range fit {
		fit[i] = full
	}
	for c := 0; c < k; c++ {
		for f := F[c]; f != 0; f &= f - 1 {
			fit[bits.TrailingZeros64(f)] &^= 1 << c
		}
	}
	return fit
}

// key returns an exact key of the word's canonical form (symbols renamed
// in order of first appearance, read forwards or backwards, whichever
// gives the smaller key), and whether the word equals its own reversal up
// to renaming; ok is false when the word is too long for such a key. The
// key holds the masks of the renamed symbols 1..k-1 (symbol 0's is the
// rest), n bits each, and the length in the top 7 bits: it needs
// (k-1)*n <= 121.
func (ms *masks) key() (key [2]uint64, selfRev, ok bool) {
	n, k := ms.n, ms.k
	if n == 0 || (k-1)*n > 121 {
		return key, false, false
	}
	var f, r [thue.MaxAlphabet]uint64
	for c := 0; c < k; c++ {
		f[c] = ms.m[c]
		r[c] = bits.Reverse64(ms.m[c]) >> (64 - n)
	}
	byFirst(f[:k])
	byFirst(r[:k])
	kf, kr := packMasks(f[1:k], n), packMasks(r[1:k], n)
	if kr[0] < kf[0] || kr[0] == kf[0] && kr[1] < kf[1] {
		kf = kr
	}
	kf[0] |= uint64(n) << 57
	return kf, f == r, true
}

// byFirst sorts masks by their lowest bit (empty masks last): the order in
// which the symbols first appear.
func byFirst(m []uint64) {
	for a := 1; a < len(m); a++ {
		x := m[a]
		tx := bits.TrailingZeros64(x)
		b := a
		for ; b > 0 && bits.TrailingZeros64(m[b-1]) > tx; b-- {
			m[b] = m[b-1]
		}
		m[b] = x
	}
}

// packMasks concatenates masks of n bits each into 121 bits.
func packMasks(m []uint64, n int) (out [2]uint64) {
	bit := 0
	for _, x := range m {
		if bit < 64 {
			out[1] |= x << bit
			if bit+n > 64 {
				out[0] |= x >> (64 - bit)
			}
		} else {
			out[0] |= x << (bit - 64)
		}
		bit += n
	}
	return out
}
