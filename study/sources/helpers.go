package sources

import (
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// ratio writes a/b as "1,234×" (or "—" when b is not positive).
func ratio(a, b float64) string {
	if b <= 0 || math.IsNaN(a/b) {
		return "—"
	}
	r := a / b
	switch {
	case r >= 100:
		return thousands(int64(math.Round(r))) + "×"
	case r >= 10:
		return strconv.FormatFloat(r, 'f', 0, 64) + "×"
	}
	return strconv.FormatFloat(r, 'g', 2, 64) + "×"
}

// thousands writes n with spaces between groups of three digits, as the
// sources write their numbers ("93 222 358"): the document quotes them
// beside its own (the reports write counts with game.Grouped's commas).
func thousands(n int64) string {
	return strings.ReplaceAll(game.Grouped(n), ",", " ")
}

// bigThousands writes a natural number of any size as thousands does
// ("87 960 930 222 080").
func bigThousands(n *big.Int) string {
	digits := n.String()
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// mean is the arithmetic mean (NaN for none).
func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// median is the middle of xs, the mean of the two middle values of an even
// count (NaN for none).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 0 {
		return (s[m-1] + s[m]) / 2
	}
	return s[m]
}

// correlationP is the two-sided p-value of pearson(xs, ys) by permutation:
// the share of the orderings of ys whose correlation with xs is at least
// as strong, as likely as any other when the two are unrelated (every
// ordering of up to 8 values; else 20,000 drawn with a fixed seed, the
// same answer every run). NaN when pearson is.
func correlationP(xs, ys []float64) float64 {
	r := pearson(xs, ys)
	if math.IsNaN(r) {
		return r
	}
	const eps = 1e-12 // ties with the observed order count as as strong
	perm := slices.Clone(ys)
	strong, total := 0, 0
	try := func() {
		total++
		if math.Abs(pearson(xs, perm)) >= math.Abs(r)-eps {
			strong++
		}
	}
	if len(perm) <= 8 {
		// Heap's algorithm: every ordering once.
		c := make([]int, len(perm))
		try()
		for i := 0; i < len(perm); {
			if c[i] < i {
				j := 0
				if i%2 == 1 {
					j = c[i]
				}
				perm[j], perm[i] = perm[i], perm[j]
				try()
				c[i]++
				i = 0
			} else {
				c[i] = 0
				i++
			}
		}
	} else {
		rng := rand.New(rand.NewPCG(1, 2))
		for range 20000 {
			rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			try()
		}
	}
	return float64(strong) / float64(total)
}

// pearson is the correlation coefficient of two samples (NaN when one is
// constant or they are shorter than 3).
func pearson(xs, ys []float64) float64 {
	if len(xs) != len(ys) || len(xs) < 3 {
		return math.NaN()
	}
	mx, my := mean(xs), mean(ys)
	var sxy, sxx, syy float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
		syy += (ys[i] - my) * (ys[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	return sxy / math.Sqrt(sxx*syy)
}

// ints writes whole numbers separated by spaces.
func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

// floats converts whole numbers.
func floats(xs []int) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

// sortedInts returns a sorted copy.
func sortedInts(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}

var startParam = regexp.MustCompile(`start=(\d+)`)

// startOf returns the starting symbol of a Thue game's record ("?" when
// its game string has none).
func startOf(r *game.Record) string {
	if m := startParam.FindStringSubmatch(r.Game); m != nil {
		return m[1]
	}
	return "?"
}

// gameSeconds adds up the decision seconds of a record's moves.
func gameSeconds(r *game.Record) float64 {
	s := 0.0
	for _, m := range r.Moves {
		s += m.Seconds
	}
	return s
}

// fixed writes x with d decimals.
func fixed(x float64, d int) string { return strconv.FormatFloat(x, 'f', d, 64) }

// percent writes a share as a whole percentage ("17 %"; "under 1 %").
func percent(x float64) string {
	if x > 0 && x < 0.005 {
		return "under 1 %"
	}
	return fixed(100*x, 0) + " %"
}

// only returns the command that reproduces one item alone.
func only(id string) string {
	return "kombi report sources --only " + id + " --out DIR"
}
