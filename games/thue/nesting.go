package thue

import (
	"context"
	"math/bits"
	"math/rand/v2"
)

// Engine evaluates the thesis' strategies fast: the fitting symbols of all
// positions come from one Fitter pass per word (no rescanning per symbol),
// words are edited in place, and buffers are reused. Its decisions are
// exactly those of the thesis' listings (package port). An Engine is not
// safe for concurrent use.
type Engine struct {
	K    int
	Rule Rule
	f    Fitter
	fits [][]uint32 // one fitting-set buffer per recursion depth
	word []byte
	// Nodes counts the words whose fitting sets were computed.
	Nodes int64
	// Ctx, when set, stops long decisions: Stopped reports it happened
	// (the decision is then meaningless).
	Ctx     context.Context
	Stopped bool
}

// NewEngine returns an engine for k symbols and the rule.
func NewEngine(k int, rule Rule) *Engine { return &Engine{K: k, Rule: rule} }

func (e *Engine) fitAt(depth int) []uint32 {
	for len(e.fits) <= depth {
		e.fits = append(e.fits, nil)
	}
	e.Nodes++
	if e.Ctx != nil && e.Nodes&255 == 0 && e.Ctx.Err() != nil {
		e.Stopped = true
	}
	e.fits[depth] = e.f.FitAll(e.word, e.K, e.Rule, e.fits[depth])
	return e.fits[depth]
}

func (e *Engine) insert(i int, c byte) {
	e.word = append(e.word, 0)
	copy(e.word[i+1:], e.word[i:])
	e.word[i] = c
}

func (e *Engine) remove(i int) {
	copy(e.word[i:], e.word[i+1:])
	e.word = e.word[:len(e.word)-1]
}

// simulation is the thesis' simulation(L) (Listing 2.8) on e.word: the sum,
// over every position, of the number of fitting symbols, plus, while levels
// remain, the simulation of every word one fitting insertion longer.
func (e *Engine) simulation(level, depth int) int64 {
	fit := e.fitAt(depth)
	var score int64
	for _, set := range fit {
		score += int64(popcount(set))
	}
	if level <= 1 || e.Stopped {
		return score
	}
	n := len(e.word)
	for j := 0; j <= n; j++ {
		set := e.fits[depth][j]
		for set != 0 {
			c := byte(trailingZeros(set))
			set &= set - 1
			e.insert(j, c)
			score += e.simulation(level-1, depth+1)
			e.remove(j)
		}
	}
	return score
}

// Fitting returns the bit set of symbols that fit at each position of w.
func (e *Engine) Fitting(w []byte) []uint32 {
	e.word = append(e.word[:0], w...)
	return e.fitAt(0)
}

// GreedySymbol is the thesis' greedy painter (Listing 2.5): the first symbol,
// in order 0..k-1, that makes no repetition at position i; 0 when none fits
// (every symbol then ends the game).
func (e *Engine) GreedySymbol(w []byte, i int) int {
	for c := 0; c < e.K; c++ {
		if Fits(w, e.Rule, i, byte(c)) {
			return c
		}
	}
	return 0
}

// GreedyPosition is the thesis' greedy builder (Listing 2.6): the position
// with the fewest fitting symbols, the last one on ties.
func (e *Engine) GreedyPosition(w []byte) int {
	fit := e.Fitting(w)
	winner, smallest := -1, e.K
	for i, set := range fit {
		if c := popcount(set); c <= smallest {
			smallest, winner = c, i
		}
	}
	return winner
}

// PainterScores returns, for each symbol, the thesis' recursive painter
// score at position i (Listing 2.7): simulation(level) after inserting it;
// symbols that do not fit are marked with -1.
func (e *Engine) PainterScores(w []byte, i, level int, scores []int64) []int64 {
	scores = append(scores[:0], make([]int64, e.K)...)
	e.word = append(e.word[:0], w...)
	fit := e.fitAt(0)[i]
	for c := 0; c < e.K; c++ {
		if fit&(1<<c) == 0 {
			scores[c] = -1
			continue
		}
		e.insert(i, byte(c))
		scores[c] = e.simulation(level, 1)
		e.remove(i)
	}
	return scores
}

// BuilderScores returns, for each position, the thesis' recursive builder
// score (Listing 2.9): the sum of simulation(level) over the fitting symbols.
func (e *Engine) BuilderScores(w []byte, level int, scores []int64) []int64 {
	n := len(w)
	scores = append(scores[:0], make([]int64, n+1)...)
	e.word = append(e.word[:0], w...)
	e.fitAt(0)
	for i := 0; i <= n; i++ {
		set := e.fits[0][i]
		for set != 0 {
			c := byte(trailingZeros(set))
			set &= set - 1
			e.insert(i, c)
			scores[i] += e.simulation(level, 1)
			e.remove(i)
		}
	}
	return scores
}

// NestingSymbol is the thesis' recursive painter: the fitting symbol with
// the highest score, the first of the best or (rng not nil) a random one of
// them; 0 when no symbol fits.
func (e *Engine) NestingSymbol(w []byte, i, level int, rng *rand.Rand) int {
	scores := e.PainterScores(w, i, level, nil)
	var best []int
	for c, s := range scores {
		switch {
		case s < 0:
		case len(best) == 0 || s > scores[best[0]]:
			best = append(best[:0], c)
		case s == scores[best[0]]:
			best = append(best, c)
		}
	}
	if len(best) == 0 {
		return 0
	}
	return pickTie(best, rng)
}

// NestingPosition is the thesis' recursive builder: the position with the
// lowest score, the first of the best or (rng not nil) a random one of them.
func (e *Engine) NestingPosition(w []byte, level int, rng *rand.Rand) int {
	scores := e.BuilderScores(w, level, nil)
	best := []int{0}
	for i := 1; i < len(scores); i++ {
		switch {
		case scores[i] < scores[best[0]]:
			best = append(best[:0], i)
		case scores[i] == scores[best[0]]:
			best = append(best, i)
		}
	}
	return pickTie(best, rng)
}

// pickTie draws from rng only when there is a real tie, as the port does.
func pickTie(best []int, rng *rand.Rand) int {
	if rng == nil || len(best) == 1 {
		return best[0]
	}
	return best[rng.IntN(len(best))]
}

func trailingZeros(x uint32) int { return bits.TrailingZeros32(x) }
