package game

import (
	"fmt"
	"strings"
)

// DidYouMean returns " (did you mean "x"?)" where x is the one name of
// known closest to name, a typo away: as many edits as a third of name's
// length, at least one (an edit inserts, deletes or changes a letter, or
// swaps two neighbours; a change of case costs nothing), and no other name
// as close. It returns "" when no name is that close, or several are.
func DidYouMean(name string, known []string) string {
	limit := max(1, len([]rune(name))/3)
	best, bestD, ties := "", limit+1, 0
	for _, k := range known {
		if k == name {
			return ""
		}
		d := editDistance(strings.ToLower(name), strings.ToLower(k))
		switch {
		case d < bestD:
			best, bestD, ties = k, d, 0
		case d == bestD:
			ties++
		}
	}
	if best == "" || ties > 0 {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of neighbours,
// each 1.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j]: the distance between x[:i] and y[:j], three rows kept.
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
