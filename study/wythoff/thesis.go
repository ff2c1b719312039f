package wythoff

import (
	"context"
	_ "embed" // the thesis' tables and the C++ baseline
	"math"
	"math/big"
	"strconv"
	"strings"
)

//go:embed thesis_table4.txt
var thesisTable4 string

//go:embed thesis_table5.txt
var thesisTable5 string

// BaselineCPP is the C++ source of the thesis' Code 1 and Code 2, which
// `kombi bench wythoff` compiles with g++ -O2 as the baseline.
//
//go:embed testdata/baseline.cpp
var BaselineCPP string

// ThesisTiming is one row of the thesis' Table 4: milliseconds to build the
// first N P-positions for a = 2 by each method (NaN where not measured).
type ThesisTiming struct {
	N  uint64
	Ms [3]float64 // indexed by Method
}

// ThesisTable4 returns the thesis' Table 4 (i7-4510U, gcc 6.3).
func ThesisTable4() []ThesisTiming {
	var out []ThesisTiming
	for _, line := range dataLines(thesisTable4) {
		f := strings.Fields(line)
		n, _ := strconv.ParseUint(f[0], 10, 64)
		row := ThesisTiming{N: n}
		for i := range 3 {
			row.Ms[i] = math.NaN()
			if v, err := strconv.ParseFloat(f[i+1], 64); err == nil {
				row.Ms[i] = v
			}
		}
		out = append(out, row)
	}
	return out
}

// ThesisPair is one row of the thesis' Table 5: (A_n, B_n) for a = 2 as
// printed there (computed in double precision, so not all exact).
type ThesisPair struct {
	N, A, B *big.Int
}

// ThesisTable5 returns the thesis' Table 5, n = 10·2^j for j = 0..99.
func ThesisTable5() []ThesisPair {
	var out []ThesisPair
	for _, line := range dataLines(thesisTable5) {
		f := strings.Fields(line)
		var p ThesisPair
		p.N, _ = new(big.Int).SetString(f[0], 10)
		p.A, _ = new(big.Int).SetString(f[1], 10)
		p.B, _ = new(big.Int).SetString(f[2], 10)
		out = append(out, p)
	}
	return out
}

func dataLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// FloatPair returns (A_n, B_n) as the thesis' Code 2 computes them, in
// double precision: ⌊α·n⌋ and ⌊β·n⌋ with α = (2 − a + √(a²+4))/2 rounded to
// a float64 (IEEE arithmetic, as C++ on x86-64). It is exact only for small
// n; it is here to show where it fails.
func FloatPair(a, n uint64) (an, bn float64) {
	alpha := (float64(2-int64(a)) + math.Sqrt(float64(a*a+4))) / 2
	beta := alpha + float64(a)
	return math.Floor(alpha * float64(n)), math.Floor(beta * float64(n))
}

// FirstFloatError scans n = 1..upTo and returns the first n at which the
// double-precision Code 2 gives a wrong A_n or B_n, and how many of the n
// it gets wrong; first is 0 when every value is right. progress, when not
// nil, hears now and then how many n are checked. It stops with ctx's
// error (and the counts so far) when ctx is done.
func (s *System) FirstFloatError(ctx context.Context, upTo uint64, progress func(done uint64)) (first, wrong uint64, err error) {
	alpha := (float64(2-int64(s.A())) + math.Sqrt(float64(s.A()*s.A()+4))) / 2
	beta := alpha + float64(s.A())
	err = s.Stream(ctx, Table{Method: Algebraic, From: big.NewInt(1), Count: upTo, Progress: progress}, func(n0 uint64, as []uint64) error {
		for i, x := range as {
			n := n0 + uint64(i)
			fa := math.Floor(alpha * float64(n))
			fb := math.Floor(beta * float64(n))
			if fa != float64(x) || fb != float64(x+s.A()*n) || x >= 1<<53 {
				if first == 0 {
					first = n
				}
				wrong++
			}
		}
		return nil
	}, func(n, an, bn *big.Int) error {
		fa, fb := FloatPair(s.A(), n.Uint64())
		ea, _ := new(big.Float).SetInt(an).Float64()
		eb, _ := new(big.Float).SetInt(bn).Float64()
		if fa != ea || fb != eb || an.BitLen() > 53 {
			if first == 0 {
				first = n.Uint64()
			}
			wrong++
		}
		return nil
	})
	return first, wrong, err
}
