// Package wythoff implements the generalised Wythoff game (the thesis'
// section 2.1, with parameter a ≥ 1) and its P-positions (A_n, B_n) by the
// thesis' three methods — recursive (mex), algebraic (⌊nα⌋) and arithmetic
// (Fraenkel's p- and q-numeration systems) — all exact for every n:
// machine words where the values fit, math/big beyond.
//
// α = (2 − a + √(a²+4))/2 is the positive root of α² + (a−2)α − a = 0 and
// β = α + a. The algebraic method never uses floating point: with D = a²+4,
// nα = (n(2−a) + n√D)/2 and, since n√D is irrational for n > 0,
//
//	A_n = ⌊(n(2−a) + ⌊√(n²D)⌋)/2⌋,   B_n = A_n + a·n,
//
// where ⌊√(n²D)⌋ is an exact integer square root; tables advance that root
// incrementally with an exact residual, in O(1) additions per row.
package wythoff

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// MaxA is the largest parameter a accepted.
const MaxA = 1_000_000_000

// System holds the constants of the generalised Wythoff game for one a:
// D = a²+4, f = ⌊√D⌋ and the weights of the p- and q-numeration systems
// built from the continued fraction α = [1; a, a, a, ...]. It is immutable
// after NewSystem except for the lazily extended big weights, so a System
// must not be shared between goroutines that compute big values.
type System struct {
	a uint64
	d uint64 // a² + 4
	f uint64 // ⌊√D⌋

	// p64, q64 are the p- and q-weights while they fit in 63 bits.
	p64, q64 []uint64
	// pBig, qBig extend the weights as far as needed.
	pBig, qBig []*big.Int

	// alphaFixed is ⌊α·2¹²⁸⌋; fixedLimit the last n of the exact
	// fixed-point path (see fixedGen).
	alphaFixed *big.Int
	fixedLimit uint64
}

// NewSystem returns the constants for parameter a (1 ≤ a ≤ MaxA).
func NewSystem(a int64) (*System, error) {
	if a < 1 || a > MaxA {
		return nil, fmt.Errorf("a = %d: want a whole number from 1 to %d", a, MaxA)
	}
	s := &System{a: uint64(a)}
	s.d = s.a*s.a + 4
	s.f = isqrt64(s.d)
	// p_{-1} = 1, p_0 = a_0 = 1, p_i = a p_{i-1} + p_{i-2};
	// q_{-1} = 0, q_0 = 1, q_i = a q_{i-1} + q_{i-2}.
	pPrev, p := uint64(1), uint64(1)
	qPrev, q := uint64(0), uint64(1)
	for {
		s.p64 = append(s.p64, p)
		s.q64 = append(s.q64, q)
		hp, np := bits.Mul64(s.a, p)
		np, c := bits.Add64(np, pPrev, 0)
		if hp != 0 || c != 0 || np >= 1<<63 {
			break
		}
		hq, nq := bits.Mul64(s.a, q)
		nq, c = bits.Add64(nq, qPrev, 0)
		if hq != 0 || c != 0 || nq >= 1<<63 {
			break
		}
		pPrev, p = p, np
		qPrev, q = q, nq
	}
	s.setupFixed()
	return s, nil
}

// A returns the parameter a.
func (s *System) A() uint64 { return s.a }

// Alpha returns α and β as float64, for display only.
func (s *System) Alpha() (alpha, beta float64) {
	alpha = (2 - float64(s.a) + math.Sqrt(float64(s.d))) / 2
	return alpha, alpha + float64(s.a)
}

// isqrt64 returns ⌊√x⌋ exactly.
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
func (s *System) Pair64(n uint64) (an, bn uint64, ok bool) {
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
func (s *System) PairBig(n *big.Int) (an, bn *big.Int) {
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
func (s *System) Index(v *big.Int) (n *big.Int, isA bool) {
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
func (s *System) Partner(v *big.Int) (partner, n *big.Int) {
	n, isA := s.Index(v)
	an, bn := s.PairBig(n)
	if isA {
		return bn, n
	}
	return an, n
}

// IsP reports whether (x, y) is a P-position: the player to move loses.
func (s *System) IsP(x, y *big.Int) bool {
	lo, hi := x, y
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	p, _ := s.Partner(lo)
	return p.Cmp(hi) == 0
}

// IsP64 is IsP for machine words.
func (s *System) IsP64(x, y uint64) bool {
	return s.IsP(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y))
}
