package wythoff

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// MaxA is the largest parameter a accepted.
const MaxA = 1_000_000_000

// Pairs is the algebraic form of the generalised Wythoff game's P-positions
// (A_n, B_n) for one a, exact for every n: with D = a²+4 and the positive
// root α = (2 − a + √D)/2 of α² + (a−2)α − a = 0, β = α + a,
//
//	A_n = ⌊(n(2−a) + ⌊√(n²D)⌋)/2⌋,   B_n = A_n + a·n,
//
// where ⌊√(n²D)⌋ is an exact integer square root (n√D is irrational for
// n > 0). The rules use it for the hint; package study/wythoff builds the
// thesis' three methods on it. It is immutable.
type Pairs struct {
	a uint64
	d uint64 // a² + 4
	f uint64 // ⌊√D⌋
}

// NewPairs returns the P-positions for parameter a (1 ≤ a ≤ MaxA).
func NewPairs(a int64) (*Pairs, error) {
	if a < 1 || a > MaxA {
		return nil, fmt.Errorf("a = %d: want a whole number from 1 to %d", a, MaxA)
	}
	p := &Pairs{a: uint64(a)}
	p.d = p.a*p.a + 4
	p.f = isqrt64(p.d)
	return p, nil
}

// A returns the parameter a.
func (s *Pairs) A() uint64 { return s.a }

// D returns a² + 4.
func (s *Pairs) D() uint64 { return s.d }

// F returns ⌊√(a² + 4)⌋.
func (s *Pairs) F() uint64 { return s.f }

// Alpha returns α and β as float64, for display only.
func (s *Pairs) Alpha() (alpha, beta float64) {
	alpha = (2 - float64(s.a) + math.Sqrt(float64(s.d))) / 2
	return alpha, alpha + float64(s.a)
}

// isqrt64 returns ⌊√x⌋ exactly.
// Isqrt64 is isqrt64 for the study: ⌊√x⌋ exactly.
func Isqrt64(x uint64) uint64 { return isqrt64(x) }

func isqrt64(x uint64) uint64 {
	r := uint64(math.Sqrt(float64(x)))
	for r > 0 && (r > math.MaxUint32 || r*r > x) {
		r--
	}
	for r+1 <= math.MaxUint32 && (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// isqrt128 returns ⌊√(hi·2⁶⁴+lo)⌋ exactly; the root must fit in 64 bits,
// which it always does.
// Isqrt128 is isqrt128 for the study.
func Isqrt128(hi, lo uint64) uint64 { return isqrt128(hi, lo) }

func isqrt128(hi, lo uint64) uint64 {
	if hi == 0 {
		return isqrt64(lo)
	}
	x := math.Ldexp(float64(hi), 64) + float64(lo)
	r := uint64(math.Sqrt(x))
	if r == 0 || math.Sqrt(x) >= 1<<64 {
		r = math.MaxUint64
	}
	le := func(r uint64) bool { // r² ≤ x ?
		h, l := bits.Mul64(r, r)
		return h < hi || h == hi && l <= lo
	}
	for !le(r) {
		r--
	}
	for r < math.MaxUint64 && le(r+1) {
		r++
	}
	return r
}

// Pair64 returns (A_n, B_n) exactly by the algebraic formula in machine
// words; ok is false when a value does not fit in 64 bits (use PairBig).
func (s *Pairs) Pair64(n uint64) (an, bn uint64, ok bool) {
	if n == 0 {
		return 0, 0, true
	}
	hi, lo := bits.Mul64(n, n)
	h2, l2 := bits.Mul64(lo, s.d)
	h3, l3 := bits.Mul64(hi, s.d)
	if h3 != 0 {
		return 0, 0, false
	}
	h, c := bits.Add64(h2, l3, 0)
	if c != 0 {
		return 0, 0, false
	}
	root := isqrt128(h, l2)
	// c = n(2−a) + root ≥ 0 since root > n(a−2).
	var num uint64
	if s.a <= 2 {
		num = root + n*(2-s.a)
		if n*(2-s.a) > math.MaxUint64-root {
			return 0, 0, false
		}
	} else {
		hm, m := bits.Mul64(n, s.a-2)
		if hm != 0 || m > root {
			return 0, 0, false
		}
		num = root - m
	}
	an = num / 2
	hm, m := bits.Mul64(n, s.a)
	if hm != 0 {
		return 0, 0, false
	}
	bn, c = bits.Add64(an, m, 0)
	if c != 0 {
		return 0, 0, false
	}
	return an, bn, true
}

// PairBig returns (A_n, B_n) exactly by the algebraic formula for any n ≥ 0.
func (s *Pairs) PairBig(n *big.Int) (an, bn *big.Int) {
	if n.Sign() <= 0 {
		return new(big.Int), new(big.Int)
	}
	d := new(big.Int).SetUint64(s.d)
	x := new(big.Int).Mul(n, n)
	x.Mul(x, d)
	root := x.Sqrt(x)
	c := new(big.Int).Mul(n, big.NewInt(2-int64(s.a)))
	c.Add(c, root)
	an = c.Rsh(c, 1)
	bn = new(big.Int).Mul(n, new(big.Int).SetUint64(s.a))
	bn.Add(bn, an)
	return an, bn
}

// Index finds the P-position pair that contains v ≥ 0: v = A_n (isA) or
// v = B_n. For v = 0 it returns n = 0 and isA. The computation is exact:
// the number of A_k ≤ v with k ≥ 1 is ⌊(v+1)/α⌋ (the thesis' Lemma 2), and
// (v+1)/α = (v+1)(a−2+√D)/(2a).
func (s *Pairs) Index(v *big.Int) (n *big.Int, isA bool) {
	if v.Sign() <= 0 {
		return new(big.Int), true
	}
	v1 := new(big.Int).Add(v, big.NewInt(1))
	x := new(big.Int).Mul(v1, v1)
	x.Mul(x, new(big.Int).SetUint64(s.d))
	x.Sqrt(x)
	x.Add(x, new(big.Int).Mul(v1, big.NewInt(int64(s.a)-2)))
	x.Quo(x, new(big.Int).SetUint64(2*s.a)) // x ≥ 0
	an, _ := s.PairBig(x)
	if an.Cmp(v) == 0 {
		return x, true
	}
	// v is a B-value: the count of B_k ≤ v (k ≥ 1) is v − (count of A_k ≤ v).
	return x.Sub(v, x), false
}

// Partner returns the other member of the P-position pair containing v
// (B_n for v = A_n, A_n for v = B_n; 0 for 0), with the pair index.
func (s *Pairs) Partner(v *big.Int) (partner, n *big.Int) {
	n, isA := s.Index(v)
	an, bn := s.PairBig(n)
	if isA {
		return bn, n
	}
	return an, n
}

// IsP reports whether (x, y) is a P-position: the player to move loses.
func (s *Pairs) IsP(x, y *big.Int) bool {
	lo, hi := x, y
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	p, _ := s.Partner(lo)
	return p.Cmp(hi) == 0
}

// IsP64 is IsP for machine words.
func (s *Pairs) IsP64(x, y uint64) bool {
	return s.IsP(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y))
}
