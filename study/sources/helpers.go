package sources

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// seconds writes a duration in seconds for people: "0.000012 s", "3.4 s",
// "2 min 5 s", "1 h 30 min".
func seconds(s float64) string {
	switch {
	case s < 0.001:
		return strconv.FormatFloat(s*1e6, 'g', 3, 64) + " µs"
	case s < 1:
		return strconv.FormatFloat(s*1000, 'g', 3, 64) + " ms"
	case s < 60:
		return strconv.FormatFloat(s, 'g', 3, 64) + " s"
	case s < 3600:
		return fmt.Sprintf("%d min %d s", int(s)/60, int(s)%60)
	}
	return fmt.Sprintf("%d h %d min", int(s)/3600, int(s)%3600/60)
}

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

// thousands writes n with thin spaces between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(' ')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
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
