package wythoff

import (
	"math/big"
	"strconv"
	"strings"
)

// The arithmetic method (the thesis' section 3.3, after Fraenkel): the
// continued fraction α = [1; a, a, a, ...] has convergents p_i/q_i with
//
//	p_{-1} = 1, p_0 = 1, p_i = a·p_{i-1} + p_{i-2},
//	q_{-1} = 0, q_0 = 1, q_i = a·q_{i-1} + q_{i-2}.
//
// Every N ≥ 0 has exactly one representation N = Σ d_i p_i (the p-system)
// with 0 ≤ d_i ≤ a and d_{i+1} = a ⇒ d_i = 0, and one N = Σ d_i q_i (the
// q-system) with the same rule and d_0 < a; the greedy algorithm finds them
// (Theorem 3). Then (Properties 1–3):
//
//  1. N > 0 is an A-value iff R_p(N) ends in an even number of zeros;
//  2. R_p(B_n) is R_p(A_n) shifted left by one digit;
//  3. A_n = I_p(R_q(n)) when R_q(n) ends in an even number of zeros, else
//     I_p(R_q(n)) − 1, where I_p reads digits as p-system digits.

// Digits is a representation in the p- or q-system, least significant
// digit first: d[i] multiplies p_i (or q_i). The empty slice is 0.
type Digits []uint64

// String writes the digits most significant first, as the thesis' Table 3
// does: digits below 10 run together ("102"), larger digits are separated
// by dots ("12.0.3").
func (d Digits) String() string {
	if len(d) == 0 {
		return "0"
	}
	sep := ""
	for _, x := range d {
		if x > 9 {
			sep = "."
		}
	}
	parts := make([]string, len(d))
	for i, x := range d {
		parts[len(d)-1-i] = strconv.FormatUint(x, 10)
	}
	return strings.Join(parts, sep)
}

// TrailingZeros counts the zero digits below the lowest non-zero digit.
func (d Digits) TrailingZeros() int {
	for i, x := range d {
		if x != 0 {
			return i
		}
	}
	return len(d)
}

// ShiftLeft appends a zero digit at the end (R' in the thesis).
func (d Digits) ShiftLeft() Digits {
	if len(d) == 0 {
		return nil
	}
	return append(Digits{0}, d...)
}

// ShiftRight drops the last digit, which must be zero (R″ in the thesis).
func (d Digits) ShiftRight() Digits {
	if len(d) == 0 {
		return nil
	}
	return append(Digits(nil), d[1:]...)
}

// weight returns p_i (q = false) or q_i (q = true) as a big integer,
// extending the cached lists as needed.
func (s *System) weight(i int, q bool) *big.Int {
	if s.pBig == nil {
		for j := range s.p64 {
			s.pBig = append(s.pBig, new(big.Int).SetUint64(s.p64[j]))
			s.qBig = append(s.qBig, new(big.Int).SetUint64(s.q64[j]))
		}
	}
	a := new(big.Int).SetUint64(s.A())
	for len(s.pBig) <= i {
		k := len(s.pBig)
		np := new(big.Int).Mul(a, s.pBig[k-1])
		np.Add(np, s.pBig[k-2])
		nq := new(big.Int).Mul(a, s.qBig[k-1])
		nq.Add(nq, s.qBig[k-2])
		s.pBig = append(s.pBig, np)
		s.qBig = append(s.qBig, nq)
	}
	if q {
		return s.qBig[i]
	}
	return s.pBig[i]
}

// Weights returns p_0..p_{k-1} and q_0..q_{k-1} (copies).
func (s *System) Weights(k int) (p, q []*big.Int) {
	for i := range k {
		p = append(p, new(big.Int).Set(s.weight(i, false)))
		q = append(q, new(big.Int).Set(s.weight(i, true)))
	}
	return p, q
}

// repr returns the greedy representation of x ≥ 0 in the p- or q-system.
func (s *System) repr(x *big.Int, q bool) Digits {
	if x.Sign() <= 0 {
		return nil
	}
	m := 0
	for s.weight(m+1, q).Cmp(x) <= 0 {
		m++
	}
	// For a = 1 the q-weights start 1, 1: the greedy choice takes the
	// larger index, so d_0 stays 0 < a as Theorem 3 demands.
	d := make(Digits, m+1)
	r := new(big.Int).Set(x)
	quo := new(big.Int)
	for i := m; i >= 0; i-- {
		w := s.weight(i, q)
		if r.Cmp(w) < 0 {
			continue
		}
		quo.QuoRem(r, w, r)
		d[i] = quo.Uint64()
	}
	for len(d) > 0 && d[len(d)-1] == 0 {
		d = d[:len(d)-1]
	}
	return d
}

// ReprP returns R_p(x), the p-system representation of x ≥ 0.
func (s *System) ReprP(x *big.Int) Digits { return s.repr(x, false) }

// ReprQ returns R_q(x), the q-system representation of x ≥ 0.
func (s *System) ReprQ(x *big.Int) Digits { return s.repr(x, true) }

// InterpP returns I_p(d) = Σ d_i p_i.
func (s *System) InterpP(d Digits) *big.Int {
	return s.interp(d, false)
}

// InterpQ returns I_q(d) = Σ d_i q_i.
func (s *System) InterpQ(d Digits) *big.Int {
	return s.interp(d, true)
}

func (s *System) interp(d Digits, q bool) *big.Int {
	sum := new(big.Int)
	t := new(big.Int)
	for i, x := range d {
		if x != 0 {
			t.SetUint64(x)
			t.Mul(t, s.weight(i, q))
			sum.Add(sum, t)
		}
	}
	return sum
}

// ValidP reports whether d satisfies the p-system digit rules.
func (s *System) ValidP(d Digits) bool { return s.valid(d, false) }

// ValidQ reports whether d satisfies the q-system digit rules.
func (s *System) ValidQ(d Digits) bool { return s.valid(d, true) }

func (s *System) valid(d Digits, q bool) bool {
	for i, x := range d {
		if x > s.A() || q && i == 0 && x >= s.A() {
			return false
		}
		if i > 0 && x == s.A() && d[i-1] != 0 {
			return false
		}
	}
	return len(d) == 0 || d[len(d)-1] != 0
}

// IsAValue reports by Property 1 whether x > 0 is an A-value: R_p(x) ends
// in an even number of zeros.
func (s *System) IsAValue(x *big.Int) bool {
	return s.ReprP(x).TrailingZeros()%2 == 0
}

// PairArithmetic returns (A_n, B_n) by the arithmetic method: A_n from
// R_q(n) by Property 3 and B_n from the left shift of R_p(A_n) by Property 2.
func (s *System) PairArithmetic(n *big.Int) (an, bn *big.Int) {
	if n.Sign() <= 0 {
		return new(big.Int), new(big.Int)
	}
	rq := s.ReprQ(n)
	an = s.InterpP(rq)
	if rq.TrailingZeros()%2 == 1 {
		an.Sub(an, big.NewInt(1))
	}
	bn = s.InterpP(s.ReprP(an).ShiftLeft())
	return an, bn
}
