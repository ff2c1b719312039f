package sources

import (
	"math"
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

// only returns the command that reproduces one item alone.
func only(id string) string {
	return "kombi report sources --only " + id + " --out DIR"
}
