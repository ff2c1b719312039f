// Package wythoff is the study of the generalised Wythoff game (the rules
// are in package games/wythoff; the thesis' section 2.1, with parameter
// a ≥ 1): its P-positions (A_n, B_n) by the
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
	"math/big"
	"math/bits"

	"github.com/kombi/kombi/games/wythoff"
)

// System holds the constants of the generalised Wythoff game for one a:
// the algebraic P-positions (wythoff.Pairs: D = a²+4, f = ⌊√D⌋) and the weights of the p- and q-numeration systems
// built from the continued fraction α = [1; a, a, a, ...]. It is immutable
// after NewSystem except for the lazily extended big weights, so a System
// must not be shared between goroutines that compute big values.
type System struct {
	*wythoff.Pairs

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
	pairs, err := wythoff.NewPairs(a)
	if err != nil {
		return nil, err
	}
	s := &System{Pairs: pairs}
	// p_{-1} = 1, p_0 = a_0 = 1, p_i = a p_{i-1} + p_{i-2};
	// q_{-1} = 0, q_0 = 1, q_i = a q_{i-1} + q_{i-2}.
	pPrev, p := uint64(1), uint64(1)
	qPrev, q := uint64(0), uint64(1)
	for {
		s.p64 = append(s.p64, p)
		s.q64 = append(s.q64, q)
		hp, np := bits.Mul64(s.A(), p)
		np, c := bits.Add64(np, pPrev, 0)
		if hp != 0 || c != 0 || np >= 1<<63 {
			break
		}
		hq, nq := bits.Mul64(s.A(), q)
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
