package wythoff

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/kombi/kombi/study"
)

// Method is one of the thesis' three ways to find the P-positions.
type Method int

const (
	// Recursive is the mex rule: A_n = mex{A_i, B_i : i < n}, B_n = A_n + a·n
	// (Theorem 2). Tables start from n = 0.
	Recursive Method = iota
	// Algebraic is A_n = ⌊nα⌋, B_n = ⌊nβ⌋ (Lemma 3), in exact integers.
	Algebraic
	// Arithmetic reads A_n off the q-system representation of n and B_n
	// off the p-system (Properties 1–3).
	Arithmetic
)

// Methods lists the three methods in the thesis' order.
var Methods = []Method{Recursive, Algebraic, Arithmetic}

// String returns "recursive", "algebraic" or "arithmetic".
func (m Method) String() string {
	switch m {
	case Recursive:
		return "recursive"
	case Algebraic:
		return "algebraic"
	case Arithmetic:
		return "arithmetic"
	}
	return fmt.Sprintf("method(%d)", int(m))
}

// ParseMethod reads a method name.
func ParseMethod(s string) (Method, error) {
	for _, m := range Methods {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown method %q; want recursive, algebraic or arithmetic", s)
}

// MaxRecursiveN bounds the last index of a table built by the recursive
// method, which always starts from n = 0 (2⁴⁴ rows would take hours).
const MaxRecursiveN = 1 << 44

// Table describes the rows n = From .. From+Count−1 of the P-position table.
type Table struct {
	Method Method
	// From is the first index (nil means 0).
	From *big.Int
	// Count is the number of rows.
	Count uint64
	// Progress, when not nil, is called now and then with the rows done.
	Progress func(done uint64)
}

func (t Table) from() *big.Int {
	if t.From == nil {
		return new(big.Int)
	}
	return t.From
}

// last returns the index of the last row.
func (t Table) last() *big.Int {
	l := new(big.Int).SetUint64(t.Count)
	l.Add(l, t.from())
	return l.Sub(l, big.NewInt(1))
}

// fastLimit is the largest index for which the machine-word generator of
// method m is exact and keeps every value below 2⁶³.
func (s *System) fastLimit(m Method) uint64 {
	const lim = 1 << 62
	switch m {
	case Algebraic:
		return s.fixedLimit
	default:
		// The counters' weights and sums stay below 2(a+2)n.
		return lim / (2 * (s.A() + 2))
	}
}

// Fast reports whether the table is computed in machine words.
func (s *System) Fast(t Table) bool {
	l := t.last()
	return l.IsUint64() && l.Uint64() <= s.fastLimit(t.Method)
}

func (s *System) check(t Table) error {
	if t.Count == 0 {
		return fmt.Errorf("count must be at least 1")
	}
	if t.from().Sign() < 0 {
		return fmt.Errorf("from must be ≥ 0")
	}
	if t.Method == Recursive {
		l := t.last()
		if !l.IsUint64() || l.Uint64() > MaxRecursiveN || l.Uint64() > s.fastLimit(Recursive) {
			return study.Settingf("the recursive method builds the table from n = 0 and stops at n = %d; use {method} algebraic or arithmetic for n = %s", min(uint64(MaxRecursiveN), s.fastLimit(Recursive)), l)
		}
	}
	if t.Method == Arithmetic && digits(t.last()) > MaxArithmeticDigits {
		return study.Settingf("the arithmetic method keeps its numeration weights up to the last index, of at most %d digits (this one has %d); use {method} algebraic", MaxArithmeticDigits, digits(t.last()))
	}
	return nil
}

// blockSize is the number of rows generated per call in the fast path.
const blockSize = 4096

// gen64 produces A_n for consecutive n in machine words.
type gen64 interface {
	// fill writes A_n for the next len(dst) indices.
	fill(dst []uint64)
}

// genBig produces A_n for consecutive n in big integers.
type genBig interface {
	// next returns A_n for the next index; the value is the caller's.
	next() *big.Int
}

func (s *System) newGen64(m Method, from uint64) gen64 {
	switch m {
	case Recursive:
		g := newRecGen(s.A())
		g.skip(from)
		return g
	case Algebraic:
		return s.newFixedGen(from)
	default:
		return s.newCounterGen(from)
	}
}

func (s *System) newGenBig(m Method, from *big.Int) genBig {
	if m == Algebraic {
		return s.newAlgGenBig(from)
	}
	return s.newCounterGenBig(from)
}

// Stream computes the table's rows in order and passes them on: in blocks
// of machine words to fast (A values of rows n0, n0+1, ...; B_n = A_n + a·n)
// when the whole table fits, else row by row to slow. It uses constant
// memory and stops with ctx's error when ctx is done.
func (s *System) Stream(ctx context.Context, t Table, fast func(n0 uint64, as []uint64) error, slow func(n, an, bn *big.Int) error) error {
	if err := s.check(t); err != nil {
		return err
	}
	if s.Fast(t) {
		n := t.from().Uint64()
		g := s.newGen64(t.Method, n)
		buf := make([]uint64, blockSize)
		for done := uint64(0); done < t.Count; {
			if err := ctx.Err(); err != nil {
				return err
			}
			k := min(uint64(blockSize), t.Count-done)
			g.fill(buf[:k])
			if err := fast(n, buf[:k]); err != nil {
				return err
			}
			n += k
			done += k
			if t.Progress != nil && done%(256*blockSize) < k {
				t.Progress(done)
			}
		}
		return nil
	}
	n := new(big.Int).Set(t.from())
	g := s.newGenBig(t.Method, n)
	a := new(big.Int).SetUint64(s.A())
	for done := uint64(0); done < t.Count; done++ {
		if done&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if t.Progress != nil && done > 0 && done%(1<<16) == 0 {
				t.Progress(done)
			}
		}
		an := g.next()
		bn := new(big.Int).Mul(a, n)
		bn.Add(bn, an)
		if err := slow(n, an, bn); err != nil {
			return err
		}
		n.Add(n, big.NewInt(1))
	}
	return nil
}

// ChecksumMul is the multiplier of the table checksum.
const ChecksumMul = 1000003

// Checksum returns the fold c = c·1000003 + (A_n mod 2⁶⁴) (mod 2⁶⁴), from
// c = 0, over the table's rows, so that huge tables can be compared without
// printing them.
func (s *System) Checksum(ctx context.Context, t Table) (uint64, error) {
	var c uint64
	var pw *powers
	err := s.Stream(ctx, t, func(_ uint64, as []uint64) error {
		if len(as) == blockSize {
			if pw == nil {
				pw = newPowers(blockSize)
			}
			c = pw.fold(c, as)
			return nil
		}
		for _, x := range as {
			c = c*ChecksumMul + x
		}
		return nil
	}, func(_, an, _ *big.Int) error {
		c = c*ChecksumMul + low64(an)
		return nil
	})
	return c, err
}

// low64 returns x mod 2⁶⁴ for x ≥ 0.
func low64(x *big.Int) uint64 {
	w := x.Bits()
	if len(w) == 0 {
		return 0
	}
	if bits.UintSize == 64 {
		return uint64(w[0])
	}
	v := uint64(w[0])
	if len(w) > 1 {
		v |= uint64(w[1]) << 32
	}
	return v
}

// powers folds a block of values into the checksum with independent
// multiplications: c·K^L + Σ x_i K^(L−1−i), which equals L steps of
// c = c·K + x_i modulo 2⁶⁴ but does not wait for each product.
type powers struct {
	pw   []uint64 // pw[i] = K^(L−1−i)
	kToL uint64
}

func newPowers(l int) *powers {
	p := &powers{pw: make([]uint64, l)}
	x := uint64(1)
	for i := l - 1; i >= 0; i-- {
		p.pw[i] = x
		x *= ChecksumMul
	}
	p.kToL = x
	return p
}

func (p *powers) fold(c uint64, xs []uint64) uint64 {
	pw := p.pw[:len(xs)]
	var s0, s1, s2, s3 uint64
	i := 0
	for ; i+4 <= len(xs); i += 4 {
		s0 += xs[i] * pw[i]
		s1 += xs[i+1] * pw[i+1]
		s2 += xs[i+2] * pw[i+2]
		s3 += xs[i+3] * pw[i+3]
	}
	for ; i < len(xs); i++ {
		s0 += xs[i] * pw[i]
	}
	return c*p.kToL + s0 + s1 + s2 + s3
}

// Rows returns the table's rows as [n, A_n, B_n]; for small tables and tests.
func (s *System) Rows(ctx context.Context, t Table) ([][3]*big.Int, error) {
	var out [][3]*big.Int
	err := s.Stream(ctx, t, func(n0 uint64, as []uint64) error {
		for i, x := range as {
			n := n0 + uint64(i)
			out = append(out, [3]*big.Int{new(big.Int).SetUint64(n), new(big.Int).SetUint64(x), new(big.Int).SetUint64(x + s.A()*n)})
		}
		return nil
	}, func(n, an, bn *big.Int) error {
		out = append(out, [3]*big.Int{new(big.Int).Set(n), an, bn})
		return nil
	})
	return out, err
}

// Pair returns (A_n, B_n) by the given method. The recursive method builds
// the table from 0 and accepts n ≤ MaxRecursiveN; the other two take
// microseconds even for n of hundreds of digits.
func (s *System) Pair(ctx context.Context, m Method, n *big.Int) (an, bn *big.Int, err error) {
	if n == nil || n.Sign() < 0 {
		return nil, nil, fmt.Errorf("n = %v: want n ≥ 0 (the pair (A_0, B_0) = (0, 0) first)", n)
	}
	switch m {
	case Recursive:
	case Algebraic:
		an, bn = s.PairBig(n)
		return an, bn, nil
	case Arithmetic:
		an, bn = s.PairArithmetic(n)
		return an, bn, nil
	default:
		return nil, nil, fmt.Errorf("%s: want wythoff.Recursive, Algebraic or Arithmetic", m)
	}
	rows, err := s.Rows(ctx, Table{Method: Recursive, From: n, Count: 1})
	if err != nil {
		return nil, nil, err
	}
	return rows[0][1], rows[0][2], nil
}

// ---- the algebraic method ----

// fixedGen accumulates nα̃ in 64.128 fixed point, where α̃ = ⌊α·2¹²⁸⌋/2¹²⁸
// is α truncated to 128 fractional bits: one 192-bit addition per row and
// A_n is the integer part. The sums n·α̃ are exact integers; only α̃ differs
// from α, by ε < 2⁻¹²⁸, and this never changes a floor while
// n²(1+√D) ≤ 2¹²⁸: for integers m, n ≥ 1, n²P(m/n) with
// P(x) = x² + (a−2)x − a is a non-zero integer (α is irrational), and
// P(m/n) = (m/n − α)(m/n − α') with |m/n − α'| < 1 + √D whenever
// |m/n − α| < 1/n, so |nα − m| ≥ 1/(n(1+√D)) > nε: no integer lies in
// (nα̃, nα]. System.fixedLimit keeps n within that bound (n < 2⁶³ for
// a = 1 or 2), so this path is exact, and tests compare it with the
// integer square-root formula on both sides of every limit.
type fixedGen struct {
	hi, mid, lo uint64 // n·α̃: integer part, fraction (high, low word)
	ai, ah, al  uint64 // α̃ likewise (ai = 1)
}

// setupFixed computes α̃·2¹²⁸ = (2−a)·2¹²⁷ + ⌊√(D·2²⁵⁴)⌋ and the largest n
// for which the fixed-point path is exact and B_n fits in 63 bits.
func (s *System) setupFixed() {
	x := new(big.Int).Lsh(new(big.Int).SetUint64(s.D()), 254)
	x.Sqrt(x)
	x.Add(x, new(big.Int).Lsh(big.NewInt(2-int64(s.A())), 127))
	s.alphaFixed = x
	// n² (f+2) ≤ 2¹²⁸ ⇒ n²(1+√D) < 2¹²⁸.
	q := new(big.Int).Lsh(big.NewInt(1), 128)
	q.Quo(q, new(big.Int).SetUint64(s.F()+2))
	q.Sqrt(q)
	lim := uint64(1<<62) / (s.A() + 2)
	if q.IsUint64() && q.Uint64() < lim {
		lim = q.Uint64()
	}
	s.fixedLimit = lim
}

func (s *System) newFixedGen(n uint64) *fixedGen {
	mask := new(big.Int).SetUint64(math.MaxUint64)
	word := func(x *big.Int, i uint) uint64 {
		return new(big.Int).And(new(big.Int).Rsh(x, 64*i), mask).Uint64()
	}
	g := &fixedGen{ai: word(s.alphaFixed, 2), ah: word(s.alphaFixed, 1), al: word(s.alphaFixed, 0)}
	acc := new(big.Int).Mul(s.alphaFixed, new(big.Int).SetUint64(n))
	g.hi, g.mid, g.lo = word(acc, 2), word(acc, 1), word(acc, 0)
	return g
}

func (g *fixedGen) fill(dst []uint64) {
	hi, mid, lo := g.hi, g.mid, g.lo
	ai, ah, al := g.ai, g.ah, g.al
	for i := range dst {
		dst[i] = hi
		var c uint64
		lo, c = bits.Add64(lo, al, 0)
		mid, c = bits.Add64(mid, ah, c)
		hi += ai + c
	}
	g.hi, g.mid, g.lo = hi, mid, lo
}

// ---- the algebraic method in big integers: an exact incremental integer
// square root ----

// algGenBig advances s_n = ⌊n√D⌋ with the residual r_n = n²D − s_n² and
// X_n = (2n+1)D − 2 s_n f, f = ⌊√D⌋. Since s_{n+1} = s_n + f + δ with
// δ ∈ {0, 1}, and (n+1)²D − (s_n+f)² = r_n + X_n − f², one comparison
// with u_n = 2(s_n + f) + 1 decides δ; everything else is additions.
// A_n = ⌊c_n/2⌋ with c_n = n(2−a) + s_n. All values have about as many
// digits as n, so a row costs a few additions of such numbers.
type algGenBig struct {
	r, x, u, c    *big.Int
	f2, k1, twoF  *big.Int
	inc, inc1, t0 *big.Int
}

func (s *System) newAlgGenBig(n *big.Int) *algGenBig {
	db := new(big.Int).SetUint64(s.D())
	fb := new(big.Int).SetUint64(s.F())
	n2d := new(big.Int).Mul(n, n)
	n2d.Mul(n2d, db)
	root := new(big.Int).Sqrt(n2d)
	r := new(big.Int).Mul(root, root)
	r.Sub(n2d, r)
	x := new(big.Int).Lsh(n, 1)
	x.Add(x, big.NewInt(1))
	x.Mul(x, db)
	x.Sub(x, new(big.Int).Mul(root, new(big.Int).Lsh(fb, 1)))
	u := new(big.Int).Add(root, fb)
	u.Lsh(u, 1)
	u.Add(u, big.NewInt(1))
	c := new(big.Int).Mul(n, big.NewInt(2-int64(s.A())))
	c.Add(c, root)
	f2 := new(big.Int).Mul(fb, fb)
	inc := new(big.Int).SetUint64(2 + s.F() - s.A())
	return &algGenBig{r: r, x: x, u: u, c: c, f2: f2,
		k1: new(big.Int).Lsh(new(big.Int).Sub(db, f2), 1), twoF: new(big.Int).Lsh(fb, 1),
		inc: inc, inc1: new(big.Int).Add(inc, big.NewInt(1)), t0: new(big.Int)}
}

func (g *algGenBig) next() *big.Int {
	an := new(big.Int).Rsh(g.c, 1)
	t := g.t0.Add(g.r, g.x)
	t.Sub(t, g.f2)
	g.x.Add(g.x, g.k1)
	if t.Cmp(g.u) >= 0 {
		g.r.Sub(t, g.u)
		g.x.Sub(g.x, g.twoF)
		g.c.Add(g.c, g.inc1)
		g.u.Add(g.u, g.twoF)
		g.u.Add(g.u, big.NewInt(2))
	} else {
		g.r.Set(t)
		g.c.Add(g.c, g.inc)
		g.u.Add(g.u, g.twoF)
	}
	return an
}

// ---- the arithmetic method: a counter in the q-system ----

// counterGen counts n = 0, 1, 2, ... in the q-system (for a = 1, whose
// q-weights begin 1, 1, in the p-system, since then R_q(n) is R_p(n)
// shifted left) and keeps I_p of the representation up to date, so each
// step costs O(1) amortised: adding 1 to the last digit and restoring the
// digit rules with a·w_0 = w_1 (q-system; (a+1)·w_0 = w_1 in the p-system)
// and a·w_{j+1} + w_j = w_{j+2}, which removes one digit equal to a per
// carry. A_n = I_p − 1 when R_q(n) ends in an odd number of zeros.
type counterGen struct {
	a, cap0 uint64
	d       []uint64
	w       []uint64 // interpretation weights: p_i, or p_{i+1} for a = 1
	ip      uint64
	tz      int // trailing zeros of R_q(n)
	tzOff   int
	zero    bool // n = 0
}

func (s *System) counterSetup() (cap0 uint64, tzOff int, q bool) {
	if s.A() == 1 {
		return 2, 1, false // count in the p-system
	}
	return s.A(), 0, true
}

func (s *System) newCounterGen(n uint64) *counterGen {
	cap0, tzOff, q := s.counterSetup()
	g := &counterGen{a: s.A(), cap0: cap0, tzOff: tzOff}
	k := len(s.p64)
	g.w = make([]uint64, k+3)
	for i := range k {
		if tzOff == 1 {
			if i+1 < k {
				g.w[i] = s.p64[i+1]
			}
		} else {
			g.w[i] = s.p64[i]
		}
	}
	g.d = make([]uint64, k+3)
	rep := s.repr(new(big.Int).SetUint64(n), q)
	copy(g.d, rep)
	for i, x := range rep {
		g.ip += x * g.w[i]
	}
	g.tz = rep.TrailingZeros()
	g.zero = n == 0
	return g
}

func (g *counterGen) fill(dst []uint64) {
	d, w, a := g.d, g.w, g.a
	for i := range dst {
		if g.zero {
			dst[i] = 0
			g.zero = false
		} else {
			dst[i] = g.ip - uint64((g.tz+g.tzOff)&1)
		}
		// n → n+1
		ip := g.ip + w[0]
		d[0]++
		j := 0
		if d[0] == g.cap0 {
			d[0] = 0
			d[1]++
			ip += w[1] - g.cap0*w[0]
			j = 1
		}
		for d[j+1] == a && d[j] != 0 {
			d[j+1] = 0
			d[j]--
			d[j+2]++
			ip += w[j+2] - a*w[j+1] - w[j]
			j += 2
		}
		g.ip = ip
		g.tz = j
	}
}

// counterGenBig is counterGen with big weights and sum.
type counterGenBig struct {
	s     *System
	a     uint64
	cap0  uint64
	q     bool
	tzOff int
	d     []uint64
	ip    *big.Int
	tz    int
	zero  bool
	t     *big.Int
}

func (s *System) newCounterGenBig(n *big.Int) *counterGenBig {
	cap0, tzOff, q := s.counterSetup()
	rep := s.repr(n, q)
	g := &counterGenBig{s: s, a: s.A(), cap0: cap0, q: q, tzOff: tzOff, d: append([]uint64(nil), rep...), ip: new(big.Int), zero: n.Sign() == 0, t: new(big.Int)}
	for i, x := range rep {
		g.addW(i, int64(x))
	}
	g.tz = rep.TrailingZeros()
	return g
}

// addW adds k times the interpretation weight of digit i to ip.
func (g *counterGenBig) addW(i int, k int64) {
	w := g.s.weight(i+g.tzOff, false)
	if k == 1 {
		g.ip.Add(g.ip, w)
		return
	}
	g.t.Mul(w, big.NewInt(k))
	g.ip.Add(g.ip, g.t)
}

func (g *counterGenBig) digit(i int) *uint64 {
	for len(g.d) <= i {
		g.d = append(g.d, 0)
	}
	return &g.d[i]
}

func (g *counterGenBig) next() *big.Int {
	var an *big.Int
	if g.zero {
		an = new(big.Int)
		g.zero = false
	} else {
		an = new(big.Int).Set(g.ip)
		if (g.tz+g.tzOff)&1 == 1 {
			an.Sub(an, big.NewInt(1))
		}
	}
	*g.digit(0)++
	g.addW(0, 1)
	j := 0
	if *g.digit(0) == g.cap0 {
		*g.digit(0) = 0
		*g.digit(1)++
		g.addW(1, 1)
		g.addW(0, -int64(g.cap0))
		j = 1
	}
	for *g.digit(j + 1) == g.a && *g.digit(j) != 0 {
		*g.digit(j + 1) = 0
		*g.digit(j)--
		*g.digit(j + 2)++
		g.addW(j+2, 1)
		g.addW(j+1, -int64(g.a))
		g.addW(j, -1)
		j += 2
	}
	g.tz = j
	return an
}

// ---- the recursive method: the mex rule in O(1) amortised per row ----

// recGen applies A_n = mex{A_i, B_i : i < n}. Since A grows by 1 or 2 and
// consecutive B values differ by more than 1, A_n is A_{n−1}+1 unless that
// equals the next unused B_k, and then A_{n−1}+2. The B_k = A_k + a·k
// come in increasing order from a second copy of the same generator, which
// lags behind (k ≈ n·α/β) and has its own lagging copy, and so on: about
// 1/(1 − α/β) steps per row and O(log n) memory, instead of the thesis'
// O(n) scan per row and O(n) memory.
type recGen struct {
	a    uint64
	boot []uint64 // A_0..A_K by the plain mex over a set
	lv   []recLevel
}

type recLevel struct{ n, A, k, bk uint64 }

// recBoot is the number of values found by the plain mex before the
// lagging generators take over.
const recBoot = 64

// NaiveRecursive returns A_0..A_{count−1} by the thesis' Code 1: the mex
// of the set of values used so far (a hash set here, where the thesis
// scans an array from 1). It serves as the reference in tests.
func NaiveRecursive(a uint64, count int) []uint64 {
	used := map[uint64]bool{}
	as := make([]uint64, 0, count)
	mex := uint64(1) // the mex never decreases: start from the last one
	for n := range count {
		if n == 0 {
			as = append(as, 0)
			continue
		}
		for used[mex] {
			mex++
		}
		used[mex], used[mex+a*uint64(n)] = true, true
		as = append(as, mex)
	}
	return as
}

func newRecGen(a uint64) *recGen {
	g := &recGen{a: a, boot: NaiveRecursive(a, recBoot+1), lv: make([]recLevel, 0, 128)}
	g.lv = append(g.lv, g.levelAt(0))
	return g
}

// levelAt returns a generator standing at index n ≤ recBoot.
func (g *recGen) levelAt(n uint64) recLevel {
	L := recLevel{n: n, A: g.boot[n]}
	for g.boot[L.k]+g.a*L.k <= L.A {
		L.k++
	}
	L.bk = g.boot[L.k] + g.a*L.k
	return L
}

// advance moves level d to its next index and returns its A.
func (g *recGen) advance(d int) uint64 {
	g.lv[d].n++
	g.lv[d].A++
	if g.lv[d].A == g.lv[d].bk {
		g.lv[d].A++
		k := g.lv[d].k + 1
		bk := g.valueAt(d+1, k) + g.a*k
		g.lv[d].k, g.lv[d].bk = k, bk
	}
	return g.lv[d].A
}

// valueAt returns A_k for the lagging level d, which asks for k = 1, 2, ...
// in order.
func (g *recGen) valueAt(d int, k uint64) uint64 {
	if k <= recBoot {
		return g.boot[k]
	}
	if d == len(g.lv) {
		g.lv = append(g.lv, g.levelAt(recBoot))
	}
	return g.advance(d)
}

func (g *recGen) skip(n uint64) {
	for range n {
		g.advance(0)
	}
}

func (g *recGen) fill(dst []uint64) {
	for i := range dst {
		dst[i] = g.lv[0].A
		g.advance(0)
	}
}
