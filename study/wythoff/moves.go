package wythoff

import (
	"context"
	"fmt"
	"math/big"
	"sort"

	"github.com/kombi/kombi/game"
)

// MaxRecursivePosition bounds the smaller heap of a position analysed with
// the recursive method, which builds the table up to that heap.
const MaxRecursivePosition = 100_000_000

// MaxArithmeticDigits bounds the digits of the numbers the arithmetic
// method works with (the smaller heap of a position, the last index of a
// table): it keeps the p- and q-weights up to them, whose memory grows with
// the square of the digits (about 20 MB at 2000 digits, 2 GB at 30000).
const MaxArithmeticDigits = 2000

// canAdvise reports why method m cannot explain a position whose smaller
// heap is lo, or nil when it can.
func (s *System) canAdvise(m Method, lo *big.Int) error {
	switch m {
	case Recursive:
		if !lo.IsUint64() || lo.Uint64() > MaxRecursivePosition {
			return fmt.Errorf("the recursive method builds the table up to the smaller heap, at most %d; use the algebraic or arithmetic method for %s", MaxRecursivePosition, lo)
		}
	case Arithmetic:
		if digits(lo) > MaxArithmeticDigits {
			return fmt.Errorf("the arithmetic method keeps its numeration weights up to the smaller heap, of at most %d digits (this one has %d); use the algebraic method", MaxArithmeticDigits, digits(lo))
		}
	}
	return nil
}

// digits returns the number of decimal digits of x ≥ 0.
func digits(x *big.Int) int {
	if x.Sign() == 0 {
		return 1
	}
	return len(x.Text(10))
}

// Advice is the winning move from (X, Y) found by one method, following the
// thesis' case analysis (Code 4 for the recursive and algebraic methods,
// Code 5 for the arithmetic method).
type Advice struct {
	Method Method
	X, Y   *big.Int
	// P reports that (X, Y) is already a P-position: no winning move.
	P bool
	// ToX, ToY is the P-position moved to (in the heaps' own order).
	ToX, ToY *big.Int
	// N is the index of the P-position pair that holds min(X, Y).
	N *big.Int
	// Steps explain the case analysis, one line each.
	Steps []string
}

// Take returns the tokens taken from each heap.
func (ad *Advice) Take() (k, l *big.Int) {
	return new(big.Int).Sub(ad.X, ad.ToX), new(big.Int).Sub(ad.Y, ad.ToY)
}

// pairFinder answers "which pair holds v" and "what is pair m" for a method.
type pairFinder interface {
	index(v *big.Int) (n *big.Int, isA bool, how string, err error)
	pair(m *big.Int) (an, bn *big.Int, how string, err error)
}

// Advise returns the winning move from (x, y) by method m, or reports that
// (x, y) is a P-position. The recursive method accepts min(x, y) up to
// MaxRecursivePosition, the arithmetic one up to MaxArithmeticDigits
// digits, the algebraic one any size.
func (s *System) Advise(ctx context.Context, m Method, x, y *big.Int) (*Advice, error) {
	if x.Sign() < 0 || y.Sign() < 0 {
		return nil, fmt.Errorf("heap sizes must be ≥ 0")
	}
	swap := x.Cmp(y) > 0
	lo, hi := x, y
	if swap {
		lo, hi = y, x
	}
	if err := s.canAdvise(m, lo); err != nil {
		return nil, err
	}
	var pf pairFinder
	switch m {
	case Recursive:
		pf = &recFinder{s: s, ctx: ctx}
	case Algebraic:
		pf = algFinder{s}
	default:
		pf = arithFinder{s}
	}
	ad := &Advice{Method: m, X: x, Y: y}
	n, isA, how, err := pf.index(lo)
	if err != nil {
		return nil, err
	}
	ad.N = n
	ad.Steps = append(ad.Steps, fmt.Sprintf("Sorted, (x, y) = (%s, %s) with x ≤ y.", lo, hi), how)
	var toLo, toHi *big.Int
	if !isA {
		an, _, how, err := pf.pair(n)
		if err != nil {
			return nil, err
		}
		ad.Steps = append(ad.Steps, how,
			fmt.Sprintf("The smaller heap %s is B_%s: leave the other heap at A_%s = %s, i.e. move to the P-position (%s, %s).", lo, n, n, an, an, lo))
		toLo, toHi = lo, an // the heap holding lo stays; the other becomes A_n
	} else {
		_, bn, how, err := pf.pair(n)
		if err != nil {
			return nil, err
		}
		ad.Steps = append(ad.Steps, how)
		switch c := hi.Cmp(bn); {
		case c == 0:
			ad.P = true
			ad.Steps = append(ad.Steps, fmt.Sprintf("The other heap is B_%s = %s: (%s, %s) is a P-position; every move loses against best play.", n, bn, lo, hi))
			return ad, nil
		case c > 0:
			ad.Steps = append(ad.Steps, fmt.Sprintf("The smaller heap %s is A_%s and the other heap %s > B_%s = %s: reduce it to %s.", lo, n, hi, n, bn, bn))
			toLo, toHi = lo, bn
		default:
			d := new(big.Int).Sub(hi, lo)
			mm := new(big.Int).Quo(d, new(big.Int).SetUint64(s.A()))
			am, bm, how, err := pf.pair(mm)
			if err != nil {
				return nil, err
			}
			ad.Steps = append(ad.Steps,
				fmt.Sprintf("The smaller heap %s is A_%s and the other heap %s < B_%s = %s: take from both heaps.", lo, n, hi, n, bn),
				fmt.Sprintf("d = %s − %s = %s, m = ⌊d/a⌋ = ⌊%s/%d⌋ = %s.", hi, lo, d, d, s.A(), mm), how,
				fmt.Sprintf("Move to (A_%s, B_%s) = (%s, %s): take %s and %s, which differ by %s < a = %d.",
					mm, mm, am, bm, new(big.Int).Sub(lo, am), new(big.Int).Sub(hi, bm),
					new(big.Int).Sub(new(big.Int).Sub(hi, bm), new(big.Int).Sub(lo, am)), s.A()))
			toLo, toHi = am, bm
		}
	}
	if swap {
		ad.ToX, ad.ToY = toHi, toLo
	} else {
		ad.ToX, ad.ToY = toLo, toHi
	}
	return ad, nil
}

// Code 4 with formulas.
type algFinder struct{ s *System }

func (f algFinder) index(v *big.Int) (*big.Int, bool, string, error) {
	n, isA := f.s.Index(v)
	if isA {
		return n, true, fmt.Sprintf("Algebraic: n = ⌊(x+1)/α⌋ = ⌊%s/α⌋ = %s and ⌊nα⌋ = %s = x, so x = A_%s.", new(big.Int).Add(v, big.NewInt(1)), n, v, n), nil
	}
	nA := new(big.Int).Sub(v, n)
	return n, false, fmt.Sprintf("Algebraic: ⌊(x+1)/α⌋ = %s but ⌊%s·α⌋ ≠ x = %s, so x is a B-value: x = B_%s with %s = x − %s.", nA, nA, v, n, n, nA), nil
}

func (f algFinder) pair(m *big.Int) (*big.Int, *big.Int, string, error) {
	an, bn := f.s.PairBig(m)
	return an, bn, fmt.Sprintf("Algebraic: (A_%s, B_%s) = (⌊%sα⌋, ⌊%sβ⌋) = (%s, %s).", m, m, m, m, an, bn), nil
}

// Code 5.
type arithFinder struct{ s *System }

func (f arithFinder) index(v *big.Int) (*big.Int, bool, string, error) {
	if v.Sign() == 0 {
		return new(big.Int), true, "Arithmetic: x = 0 = A_0.", nil
	}
	rp := f.s.ReprP(v)
	z := rp.TrailingZeros()
	if z%2 == 0 {
		n, _ := f.s.Index(v) // the index itself, for the report
		return n, true, fmt.Sprintf("Arithmetic: R_p(%s) = %s ends in %s (even), so x is an A-value (Property 1): x = A_%s.", v, rp, game.Plural(z, "zero"), n), nil
	}
	an := f.s.InterpP(rp.ShiftRight())
	n, _ := f.s.Index(an)
	return n, false, fmt.Sprintf("Arithmetic: R_p(%s) = %s ends in %s (odd), so x is a B-value (Property 1); shifting right gives I_p(%s) = %s = A_%s (Property 2).", v, rp, game.Plural(z, "zero"), rp.ShiftRight(), an, n), nil
}

func (f arithFinder) pair(m *big.Int) (*big.Int, *big.Int, string, error) {
	if m.Sign() == 0 {
		return new(big.Int), new(big.Int), "Arithmetic: (A_0, B_0) = (0, 0).", nil
	}
	rq := f.s.ReprQ(m)
	ip := f.s.InterpP(rq)
	an := new(big.Int).Set(ip)
	z := rq.TrailingZeros()
	parity := "even"
	if z%2 == 1 {
		an.Sub(an, big.NewInt(1))
		parity = "odd, subtract 1"
	}
	left := f.s.ReprP(an).ShiftLeft()
	bn := f.s.InterpP(left)
	return an, bn, fmt.Sprintf("Arithmetic: R_q(%s) = %s, I_p = %s, %s (%s): A_%s = %s (Property 3); R_p(A_%s) shifted left is %s, so B_%s = %s (Property 2).",
		m, rq, ip, game.Plural(z, "trailing zero"), parity, m, an, m, left, m, bn), nil
}

// Code 4 with the recursive table, built from n = 0 as far as needed.
type recFinder struct {
	s   *System
	ctx context.Context
}

func (f *recFinder) index(v *big.Int) (*big.Int, bool, string, error) {
	x := v.Uint64()
	if x == 0 {
		return new(big.Int), true, "Recursive: x = 0 = A_0.", nil
	}
	// A and B together cover every positive integer once: walk the table
	// built by the mex rule until B_k or A_n reaches x (O(x) time, O(log x)
	// memory).
	buf := make([]uint64, 1)
	g := newRecGen(f.s.A())
	for k := uint64(0); ; k++ {
		if k&0xffff == 0 {
			if err := f.ctx.Err(); err != nil {
				return nil, false, "", err
			}
		}
		g.fill(buf)
		bk := buf[0] + f.s.A()*k
		if bk == x && k > 0 {
			return new(big.Int).SetUint64(k), false, fmt.Sprintf("Recursive: the table built by the mex rule has B_%d = A_%d + %d·%d = %d = x.", k, k, f.s.A(), k, x), nil
		}
		if bk >= x {
			break
		}
	}
	g = newRecGen(f.s.A())
	for n := uint64(0); ; n++ {
		if n&0xffff == 0 {
			if err := f.ctx.Err(); err != nil {
				return nil, false, "", err
			}
		}
		g.fill(buf)
		if buf[0] == x {
			return new(big.Int).SetUint64(n), true, fmt.Sprintf("Recursive: the table built by the mex rule has A_%d = %d = x.", n, x), nil
		}
		if buf[0] > x {
			return nil, false, "", fmt.Errorf("recursive: %d is in neither sequence (internal error)", x)
		}
	}
}

func (f *recFinder) pair(m *big.Int) (*big.Int, *big.Int, string, error) {
	rows, err := f.s.Rows(f.ctx, Table{Method: Recursive, From: m, Count: 1})
	if err != nil {
		return nil, nil, "", err
	}
	return rows[0][1], rows[0][2], fmt.Sprintf("Recursive: the table built by the mex rule has (A_%s, B_%s) = (%s, %s).", m, m, rows[0][1], rows[0][2]), nil
}

// WinningTargets returns every P-position reachable from (x, y) in one
// move, sorted by the tokens taken from the first heap and then from the
// second (the order of the game's legal moves). It is empty exactly when
// (x, y) is a P-position.
func (s *System) WinningTargets(x, y *big.Int) [][2]*big.Int {
	var out [][2]*big.Int
	seen := map[string]bool{}
	add := func(tx, ty *big.Int) {
		if tx.Sign() < 0 || ty.Sign() < 0 || tx.Cmp(x) > 0 || ty.Cmp(y) > 0 || tx.Cmp(x) == 0 && ty.Cmp(y) == 0 {
			return
		}
		k := new(big.Int).Sub(x, tx)
		l := new(big.Int).Sub(y, ty)
		if k.Sign() > 0 && l.Sign() > 0 { // a move on both heaps: |k − l| < a
			diff := new(big.Int).Sub(k, l)
			if diff.Abs(diff).Cmp(new(big.Int).SetUint64(s.A())) >= 0 {
				return
			}
		}
		if !s.IsP(tx, ty) {
			return
		}
		key := tx.String() + "," + ty.String()
		if !seen[key] {
			seen[key] = true
			out = append(out, [2]*big.Int{tx, ty})
		}
	}
	// One heap only: keep y, move x to y's partner, and the reverse.
	py, _ := s.Partner(y)
	add(py, y)
	px, _ := s.Partner(x)
	add(x, px)
	// Both heaps: the target's difference is ±a·m and must be within a of
	// the current difference d = y − x.
	a := new(big.Int).SetUint64(s.A())
	d := new(big.Int).Sub(y, x)
	for _, sign := range []int{1, -1} {
		dd := new(big.Int).Set(d)
		if sign < 0 {
			dd.Neg(dd)
		}
		// m with |a·m − dd| < a: m = ⌊dd/a⌋ and ⌊dd/a⌋ + 1.
		m0 := new(big.Int).Div(dd, a) // floor for a > 0 (Euclidean division)
		for _, m := range []*big.Int{m0, new(big.Int).Add(m0, big.NewInt(1))} {
			if m.Sign() < 0 {
				continue
			}
			an, bn := s.PairBig(m)
			if sign > 0 {
				add(an, bn)
			} else {
				add(bn, an)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		ki, kj := new(big.Int).Sub(x, out[i][0]), new(big.Int).Sub(x, out[j][0])
		if c := ki.Cmp(kj); c != 0 {
			return c < 0
		}
		return out[i][1].Cmp(out[j][1]) > 0
	})
	return out
}
