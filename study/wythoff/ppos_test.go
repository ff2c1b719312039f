package wythoff

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/wythoff"
)

func sys(t testing.TB, a int64) *System {
	t.Helper()
	s, err := NewSystem(a)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func bigs(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

// The thesis' Tables 1 and 2: the first P-positions for a = 1 and a = 2.
func TestThesisTables1And2(t *testing.T) {
	want := map[int64][][2]uint64{
		1: {{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}, {8, 13}, {9, 15}, {11, 18}, {12, 20}, {14, 23}, {16, 26}},
		2: {{0, 0}, {1, 3}, {2, 6}, {4, 10}, {5, 13}, {7, 17}, {8, 20}, {9, 23}, {11, 27}, {12, 30}, {14, 34}},
	}
	for a, rows := range want {
		s := sys(t, a)
		for _, m := range Methods {
			got, err := s.Rows(context.Background(), Table{Method: m, Count: uint64(len(rows))})
			if err != nil {
				t.Fatal(err)
			}
			for n, r := range rows {
				if got[n][1].Uint64() != r[0] || got[n][2].Uint64() != r[1] {
					t.Errorf("a=%d %s n=%d: got (%s,%s), thesis (%d,%d)", a, m, n, got[n][1], got[n][2], r[0], r[1])
				}
			}
		}
	}
}

// TestMethodsAgainstNaiveMex checks all three table generators and the
// single-value functions against the thesis' plain mex (Code 1).
func TestMethodsAgainstNaiveMex(t *testing.T) {
	ctx := context.Background()
	for _, a := range []int64{1, 2, 3, 4, 5, 7, 10, 31, 100, 12345, wythoff.MaxA} {
		s := sys(t, a)
		const count = 3000
		naive := NaiveRecursive(uint64(a), count)
		for _, m := range Methods {
			rows, err := s.Rows(ctx, Table{Method: m, Count: count})
			if err != nil {
				t.Fatal(err)
			}
			for n, r := range rows {
				if r[1].Uint64() != naive[n] || r[2].Uint64() != naive[n]+uint64(a)*uint64(n) {
					t.Fatalf("a=%d %s n=%d: (%s,%s), mex gives A=%d", a, m, n, r[1], r[2], naive[n])
				}
			}
		}
		for n := range uint64(count) {
			a1, b1, ok := s.Pair64(n)
			a2, b2 := s.PairBig(new(big.Int).SetUint64(n))
			a3, b3 := s.PairArithmetic(new(big.Int).SetUint64(n))
			if !ok || a1 != naive[n] || a2.Uint64() != a1 || a3.Uint64() != a1 || b2.Uint64() != b1 || b3.Uint64() != b1 {
				t.Fatalf("a=%d n=%d: Pair64 (%d,%d,%t) PairBig (%s,%s) PairArithmetic (%s,%s), mex A=%d", a, n, a1, b1, ok, a2, b2, a3, b3, naive[n])
			}
		}
	}
}

// TestTablesFromAnywhere starts the table generators at many places, in
// machine words and in big integers, and compares every row with the
// closed formula evaluated independently.
func TestTablesFromAnywhere(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	starts := []string{"0", "1", "1000000", "4611686018427387000", "18446744073709551610", "1000000000000000000000000000000",
		"6338253001141147007483516026880", "10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"}
	for _, a := range []int64{1, 2, 3, 6, 1000} {
		s := sys(t, a)
		lim := s.fastLimit(Algebraic)
		st := append([]string{fmt.Sprint(lim - 100), fmt.Sprint(s.fastLimit(Arithmetic) - 100)}, starts...)
		for range 5 {
			st = append(st, fmt.Sprint(rng.Uint64N(lim)))
		}
		for _, from := range st {
			for _, m := range []Method{Algebraic, Arithmetic} {
				f := bigs(from)
				rows, err := s.Rows(ctx, Table{Method: m, From: f, Count: 300})
				if err != nil {
					t.Fatal(err)
				}
				for i, r := range rows {
					n := new(big.Int).Add(f, big.NewInt(int64(i)))
					an, bn := s.PairBig(n)
					if r[0].Cmp(n) != 0 || r[1].Cmp(an) != 0 || r[2].Cmp(bn) != 0 {
						t.Fatalf("a=%d %s from %s row %d: got %v, formula (%s,%s)", a, m, from, i, r, an, bn)
					}
				}
			}
		}
	}
}

// randBig returns a random number below 2^bits.
func randBig(rng *rand.Rand, nbits int) *big.Int {
	n := new(big.Int)
	for i := 0; i < nbits; i += 32 {
		n.Lsh(n, 32)
		n.Or(n, big.NewInt(int64(rng.Uint32())))
	}
	return n.Rsh(n, uint(n.BitLen()-min(n.BitLen(), nbits)))
}

// TestPairMethodsAgreeOnHugeIndices compares the algebraic and arithmetic
// single values for indices up to 10^120 and checks the defining
// properties: B_n − A_n = a·n, A_n = ⌊nα⌋ (nα − 1 < A_n < nα, checked
// with integer arithmetic) and Index inverting both.
func TestPairMethodsAgreeOnHugeIndices(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, a := range []int64{1, 2, 3, 9, 1000, wythoff.MaxA} {
		s := sys(t, a)
		d := new(big.Int).SetUint64(s.D())
		for range 300 {
			n := randBig(rng, 1+rng.IntN(400))
			an, bn := s.PairBig(n)
			a2, b2 := s.PairArithmetic(n)
			if an.Cmp(a2) != 0 || bn.Cmp(b2) != 0 {
				t.Fatalf("a=%d n=%s: algebraic (%s,%s), arithmetic (%s,%s)", a, n, an, bn, a2, b2)
			}
			if n.Sign() == 0 {
				continue
			}
			// A_n < nα < A_n + 1  ⇔  2A_n − n(2−a) < n√D < 2A_n + 2 − n(2−a).
			lo := new(big.Int).Lsh(an, 1)
			lo.Sub(lo, new(big.Int).Mul(n, big.NewInt(2-a)))
			hi := new(big.Int).Add(lo, big.NewInt(2))
			n2d := new(big.Int).Mul(n, n)
			n2d.Mul(n2d, d)
			if lo.Sign() >= 0 && new(big.Int).Mul(lo, lo).Cmp(n2d) >= 0 || new(big.Int).Mul(hi, hi).Cmp(n2d) <= 0 {
				t.Fatalf("a=%d n=%s: A_n=%s is not ⌊nα⌋", a, n, an)
			}
			if k, isA := s.Index(an); !isA || k.Cmp(n) != 0 {
				t.Fatalf("a=%d: Index(A_%s) = %s, %t", a, n, k, isA)
			}
			if k, isA := s.Index(bn); isA || k.Cmp(n) != 0 {
				t.Fatalf("a=%d: Index(B_%s) = %s, %t", a, n, k, isA)
			}
		}
	}
}

// TestNumerationTheorem3 checks the thesis' Table 3 and that greedy
// representations obey the digit rules and are unique (every valid digit
// string of a given length is hit exactly once).
func TestNumerationTheorem3(t *testing.T) {
	s := sys(t, 2)
	p, q := s.Weights(4)
	if fmt.Sprint(p) != "[1 3 7 17]" || fmt.Sprint(q) != "[1 2 5 12]" {
		t.Fatalf("weights p %v q %v; Table 3 has 1 3 7 17 and 1 2 5 12", p, q)
	}
	table3 := map[int64][2]string{1: {"1", "1"}, 2: {"2", "10"}, 3: {"10", "11"}, 5: {"12", "100"}, 7: {"100", "110"},
		9: {"102", "120"}, 10: {"110", "200"}, 12: {"112", "1000"}, 14: {"200", "1010"}, 16: {"202", "1020"}, 17: {"1000", "1100"}}
	for n, w := range table3 {
		if rp, rq := s.ReprP(big.NewInt(n)).String(), s.ReprQ(big.NewInt(n)).String(); rp != w[0] || rq != w[1] {
			t.Errorf("n=%d: R_p %s R_q %s; Table 3 has %s and %s", n, rp, rq, w[0], w[1])
		}
	}
	for _, a := range []int64{1, 2, 3, 5} {
		s := sys(t, a)
		for _, q := range []bool{false, true} {
			seen := map[string]bool{}
			for n := range int64(5000) {
				r := s.repr(big.NewInt(n), q)
				if !s.valid(r, q) || s.interp(r, q).Int64() != n || seen[r.String()] {
					t.Fatalf("a=%d q=%t n=%d: representation %s invalid or repeated", a, q, n, r)
				}
				seen[r.String()] = true
			}
		}
	}
}

// Examples 9, 10 and 11 of the thesis (a = 2).
func TestThesisExamples9To11(t *testing.T) {
	s := sys(t, 2)
	if s.IsAValue(big.NewInt(3)) || !s.IsAValue(big.NewInt(7)) || !s.IsAValue(big.NewInt(9)) {
		t.Fatal("Example 9: 3 is a B-value, 7 and 9 are A-values")
	}
	if got := s.ReprP(big.NewInt(4)).ShiftLeft(); got.String() != "110" || s.InterpP(got).Int64() != 10 {
		t.Fatalf("Example 10: R_p(A_3)' = %s, want 110 = 10 = B_3", got)
	}
	if rq := s.ReprQ(big.NewInt(10)); rq.String() != "200" || s.InterpP(rq).Int64() != 14 {
		t.Fatalf("Example 11: R_q(10) = %s", rq)
	}
	if rq := s.ReprQ(big.NewInt(7)); rq.String() != "110" || s.InterpP(rq).Int64() != 10 {
		t.Fatalf("Example 11: R_q(7) = %s", rq)
	}
}

func TestChecksumPaths(t *testing.T) {
	ctx := context.Background()
	for _, a := range []int64{1, 2, 7} {
		s := sys(t, a)
		naive := NaiveRecursive(uint64(a), 20000)
		var want uint64
		for _, x := range naive[5:] {
			want = want*ChecksumMul + x
		}
		for _, m := range Methods {
			got, err := s.Checksum(ctx, Table{Method: m, From: big.NewInt(5), Count: uint64(len(naive) - 5)})
			if err != nil || got != want {
				t.Fatalf("a=%d %s: checksum %d (%v), want %d", a, m, got, err, want)
			}
		}
		// Across the end of the machine-word range: the fast and big paths agree.
		from := new(big.Int).SetUint64(s.fastLimit(Algebraic) - 5000)
		tb := Table{Method: Algebraic, From: from, Count: 10000}
		if s.Fast(tb) {
			t.Fatal("table crossing the limit must take the big path")
		}
		c1, _ := s.Checksum(ctx, tb)
		c2, _ := s.Checksum(ctx, Table{Method: Arithmetic, From: from, Count: 10000})
		var c3 uint64
		for i := range int64(10000) {
			an, _ := s.PairBig(new(big.Int).Add(from, big.NewInt(i)))
			c3 = c3*ChecksumMul + low64(an)
		}
		if c1 != c3 || c2 != c3 {
			t.Fatalf("a=%d: checksums algebraic %d arithmetic %d formula %d", a, c1, c2, c3)
		}
	}
}

// Pair refuses an n below 0, a nil n and a method that is none, saying
// what is allowed (it answered (0, 0) for n = −1 by two methods, and a
// method 9 as the recursive one).
func TestPairRefuses(t *testing.T) {
	sys, err := NewSystem(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    Method
		n    *big.Int
		want string
	}{
		{Algebraic, big.NewInt(-1), "n = -1: want n ≥ 0"},
		{Arithmetic, big.NewInt(-1), "n = -1: want n ≥ 0"},
		{Recursive, big.NewInt(-1), "n = -1: want n ≥ 0"},
		{Algebraic, nil, "want n ≥ 0"},
		{Method(9), big.NewInt(3), "method(9): want wythoff.Recursive, Algebraic or Arithmetic"},
	} {
		if a, b, err := sys.Pair(context.Background(), c.m, c.n); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Pair(%v, %v) = %v, %v, %v; want an error saying %q", c.m, c.n, a, b, err, c.want)
		}
	}
	for _, m := range Methods {
		if a, b, err := sys.Pair(context.Background(), m, big.NewInt(3)); err != nil || a.Int64() != 4 || b.Int64() != 7 {
			t.Errorf("Pair(%v, 3) = %v, %v, %v; want 4, 7", m, a, b, err)
		}
	}
}
