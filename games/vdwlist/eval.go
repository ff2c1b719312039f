package vdwlist

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"sort"
	"strings"

	"github.com/kombi/kombi/game"
)

// The evaluation follows the project plan: player 1 likes numbers that
// create the most potential progressions in different colours and lose the
// fewest when player 2 picks an unfavourable colour; player 2 likes the
// colour that destroys the most potential progressions.
//
// A potential progression of colour col is a live progression (none of its
// coloured numbers has another colour) whose coloured numbers have colour
// col; a wholly uncoloured one is potential in every colour. Instead of
// counting them all alike (the plan's X and Y points), each one counts by how
// close it is: with u numbers still uncoloured it weighs ρ^u, the chance that
// u numbers all get colour col if each does with probability ρ = 1/(c·l).
//
// With lists of two or more colours a single threat (a number that would
// complete a progression in one colour) is harmless: player 2 picks another
// colour. Player 1 wins when the list drawn for a number holds only
// completing colours, so what counts is how many colours a number may come
// to complete — the plan's "progressions in different colours". For every
// uncoloured number n and colour col the evaluation estimates the chance π
// that col will complete a progression through n (1 when it does now, else
// 1 − exp(−t) with t the sum of ρ^(u−1) over the potential progressions of
// colour col through n), then the chance w_n = E[C(|F|, l)]/C(c, l) that a
// list drawn for n holds only completing colours F (colours independent),
// and finally
//
//	p = 1 − (1 − p_threats) · exp(−Σ weights / 4),  p_threats = 1 − Π_n (1 − w_n),
//
// player 1's estimated winning chance: the threats, and a smaller Poisson
// term for the potential progressions further from completion. Evaluate
// returns 2p − 1. (The weights were chosen by measuring the exact results of
// the bots against the perfect player on small boards.)
//
// A search to depth 3 from player 1's turn (name, draw, colour) with this
// evaluation is the plan's one-move strategy for both players, with the
// expectation over the lists that the plan's minimax lacked.

// rho returns the weight ρ of one uncoloured number.
func (g *Game) rho() float64 { return 1 / float64(g.c*g.l) }

// weightTable returns ρ^u for u = 0..k.
func (g *Game) weightTable() []float64 {
	w := make([]float64, g.k+1)
	r := g.rho()
	for u := range w {
		w[u] = math.Pow(r, float64(u))
	}
	return w
}

// potential sums the weights of the potential progressions of a colouring
// and marks, for every uncoloured number, the colours that would complete a
// progression through it (forced[n−1], a mask of colours).
func (g *Game) potential(masks *[MaxColors]uint64, colored uint64, forced *[MaxS]uint8) float64 {
	w := g.weights
	score := 0.0
	for _, a := range g.aps {
		if a&colored == 0 {
			score += float64(g.c) * w[g.k]
			if g.k == 1 && forced != nil {
				forced[bits.TrailingZeros64(a)] = uint8(1)<<g.c - 1
			}
			continue
		}
		col := -1
		for i := range g.c {
			if a&masks[i] != 0 {
				if col >= 0 {
					col = -2
					break
				}
				col = i
			}
		}
		if col < 0 {
			continue // two colours: dead
		}
		free := a &^ colored
		u := bits.OnesCount64(free)
		score += w[u]
		if u == 1 && forced != nil {
			forced[bits.TrailingZeros64(free)] |= 1 << col
		}
	}
	return score
}

// Binom returns the binomial coefficient C(n, r) for the small numbers of
// colours (0 when r < 0 or r > n).
func Binom(n, r int) int {
	if r < 0 || r > n {
		return 0
	}
	out := 1
	for i := range r {
		out = out * (n - i) / (i + 1)
	}
	return out
}

// winEstimate is the estimate p of player 1's winning chance with player 1
// to name a number.
func (g *Game) winEstimate(masks *[MaxColors]uint64, colored uint64) float64 {
	p, score := g.threatEstimate(masks, colored)
	if p == 1 {
		return 1
	}
	return 1 - (1-p)*math.Exp(-score/4)
}

// colourValues returns, for each colour, the estimate after colouring the
// number n (1..s) with it: 1 when it completes a progression.
func (g *Game) colourValues(masks [MaxColors]uint64, colored uint64, n int, out []float64) {
	bit := uint64(1) << (n - 1)
	for col := range g.c {
		if g.completed(masks[col]|bit, n) != 0 {
			out[col] = 1
			continue
		}
		if colored|bit == g.full {
			out[col] = 0
			continue
		}
		masks[col] |= bit
		out[col] = g.winEstimate(&masks, colored|bit)
		masks[col] &^= bit
	}
}

// expectedMin returns the expectation over the random list of the smallest
// value among the list's colours: with the values sorted increasingly, the
// i-th smallest (from 0) is the list's minimum with probability
// C(c−1−i, l−1)/C(c, l).
func (g *Game) expectedMin(vals []float64) float64 {
	sorted := append([]float64(nil), vals...)
	sort.Float64s(sorted)
	e := 0.0
	for i, v := range sorted {
		e += float64(Binom(g.c-1-i, g.l-1)) * v
	}
	return e / float64(len(g.lists))
}

// estimate is player 1's estimated winning chance in the state.
func (s *State) estimate() float64 {
	switch s.phase {
	case PhaseName:
		return s.g.winEstimate(&s.masks, s.colored)
	case PhaseDraw:
		vals := make([]float64, s.g.c)
		s.g.colourValues(s.masks, s.colored, int(s.pending), vals)
		return s.g.expectedMin(vals)
	case PhaseColour:
		vals := make([]float64, s.g.c)
		s.g.colourValues(s.masks, s.colored, int(s.pending), vals)
		best := 1.0
		for m := s.list; m != 0; m &= m - 1 {
			best = min(best, vals[bits.TrailingZeros8(m)])
		}
		return best
	}
	if s.win != 0 {
		return 1
	}
	return 0
}

// Evaluate returns 2p − 1 for player 1 and 1 − 2p for player 2, where p is
// the estimate of player 1's winning chance (see the package's evaluation).
func (s *State) Evaluate(p game.Player) float64 {
	v := 2*s.estimate() - 1
	if p == 1 {
		return -v
	}
	return v
}

// OrderMoves puts the most promising moves first: for player 1 the numbers
// that complete progressions in the most colours, then those in the most
// (and the closest) potential progressions; for player 2 the colours that
// leave player 1 the smallest estimate.
func (s *State) OrderMoves(moves []game.Move) {
	switch s.phase {
	case PhaseName:
		keys := s.nameKeys()
		sort.SliceStable(moves, func(i, j int) bool { return keys[moves[i]-1] > keys[moves[j]-1] })
	case PhaseColour:
		vals := make([]float64, s.g.c)
		s.g.colourValues(s.masks, s.colored, int(s.pending), vals)
		sort.SliceStable(moves, func(i, j int) bool { return vals[moves[i]] < vals[moves[j]] })
	}
}

// nameKeys scores every number for player 1: 1000 per colour that would
// complete a progression through it, plus the weights of the potential
// progressions through it.
func (s *State) nameKeys() [MaxS]float64 {
	var keys [MaxS]float64
	w := s.g.weights
	for _, a := range s.g.aps {
		col := -1
		for i := range s.g.c {
			if a&s.masks[i] != 0 {
				if col >= 0 {
					col = -2
					break
				}
				col = i
			}
		}
		if col == -2 {
			continue
		}
		free := a &^ s.colored
		u := bits.OnesCount64(free)
		add := w[u]
		if col == -1 {
			add *= float64(s.g.c)
		} else if u == 1 {
			add = 1000
		}
		for m := free; m != 0; m &= m - 1 {
			keys[bits.TrailingZeros64(m)] += add
		}
	}
	return keys
}

// Hint tells a person what the evaluation sees: for player 1 the numbers
// that complete progressions and the best numbers by the plan's one-round
// evaluation; for player 2 the colours of the list that complete a
// progression and the colour the evaluation prefers.
func (s *State) Hint() string {
	var b strings.Builder
	switch s.phase {
	case PhaseName:
		for _, t := range s.NamingThreats() {
			b.WriteString(s.g.ThreatWords(t, "P2", "probability") + "\n")
		}
		type cand struct {
			n int
			v float64
		}
		var cands []cand
		vals := make([]float64, s.g.c)
		for m := s.g.full &^ s.colored; m != 0; m &= m - 1 {
			n := bits.TrailingZeros64(m) + 1
			s.g.colourValues(s.masks, s.colored, n, vals)
			cands = append(cands, cand{n, s.g.expectedMin(vals)})
		}
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].v > cands[j].v })
		var parts []string
		for _, c := range cands[:min(3, len(cands))] {
			parts = append(parts, fmt.Sprintf("%d (%.3f)", c.n, c.v))
		}
		fmt.Fprintf(&b, "The project's one-round evaluation, an estimate of P1's winning chance (the exact values below may rank the numbers otherwise), prefers: %s", strings.Join(parts, ", "))
	case PhaseColour:
		vals := make([]float64, s.g.c)
		s.g.colourValues(s.masks, s.colored, int(s.pending), vals)
		for _, c := range s.listCompletions() {
			fmt.Fprintf(&b, "%s would complete the progression %s: avoid it.\n", ColourName(c.col), joinInts(numbers(c.prog)))
		}
		best, bestV := -1, 2.0
		for m := s.list; m != 0; m &= m - 1 {
			col := bits.TrailingZeros8(m)
			if vals[col] < bestV {
				best, bestV = col, vals[col]
			}
		}
		fmt.Fprintf(&b, "The project's evaluation prefers %s (an estimate of P1's winning chance afterwards, not the exact value: %.3f).", ColourName(best), bestV)
	default:
		b.WriteString("No hint here.")
	}
	return b.String()
}

// Threat is an uncoloured number that some colours would complete a
// progression through: naming it, player 1 wins at once when the list
// drawn holds only such colours.
type Threat struct {
	Number  int   // the number, from 1
	Colours uint8 // the colours (bits) that complete a progression through it
}

// NamingThreats returns the threats of the position (see Threat), by
// number, increasing.
func (s *State) NamingThreats() []Threat {
	var forced [MaxS]uint8
	s.g.potential(&s.masks, s.colored, &forced)
	var out []Threat
	for m := s.g.full &^ s.colored; m != 0; m &= m - 1 {
		n := bits.TrailingZeros64(m)
		if f := forced[n]; f != 0 {
			out = append(out, Threat{Number: n + 1, Colours: f})
		}
	}
	return out
}

// ThreatWords says what naming a threat's number means, in one sentence
// naming player 2 as colourer and the chance as chance ("P2",
// "probability" in the terminal; "the colourer", "chance" on the page):
// player 1 wins at once exactly when the list drawn holds only completing
// colours.
func (g *Game) ThreatWords(t Threat, colourer, chance string) string {
	n := t.Number
	cols := strings.Trim(strings.ReplaceAll(g.colourList(t.Colours), ", ", " or "), "{}")
	lists := int64(Binom(bits.OnesCount8(t.Colours), g.l))
	switch {
	case lists == int64(len(g.lists)):
		return fmt.Sprintf("Naming %d wins at once: every colour %s may get completes a progression through it.", n, colourer)
	case lists == 0:
		return fmt.Sprintf("Colouring %d %s would complete a progression, but every list of %d colours holds another colour, so %s can always avoid it.",
			n, cols, g.l, colourer)
	}
	return fmt.Sprintf("Colouring %d %s would complete a progression: naming %d wins at once when the list drawn holds no other colour (%s %s).",
		n, cols, n, chance, big.NewRat(lists, int64(len(g.lists))).RatString())
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// threatEstimate is p_threats of the evaluation: for every uncoloured
// number n and colour col, the chance π that col will complete a
// progression through n (1 when it does now; else 1 − exp(−t), t summing
// ρ^(u−1) over the live progressions of colour col, or uncoloured, through
// n with u uncoloured numbers); then the chance w_n = E[C(|F|, l)]/C(c, l)
// that a list drawn for n holds only completing colours F, the colours
// counted as independent; and 1 − Π(1 − w_n). It also returns the sum of
// the weights of the potential progressions.
func (g *Game) threatEstimate(masks *[MaxColors]uint64, colored uint64) (float64, float64) {
	var t [MaxS][MaxColors]float64
	var forced [MaxS]uint8
	w := g.weights
	all := uint8(1)<<g.c - 1
	score := 0.0
	for _, a := range g.aps {
		col := -1
		for i := range g.c {
			if a&masks[i] != 0 {
				if col >= 0 {
					col = -2
					break
				}
				col = i
			}
		}
		if col == -2 {
			continue
		}
		free := a &^ colored
		u := bits.OnesCount64(free)
		if col < 0 {
			score += float64(g.c) * w[u]
		} else {
			score += w[u]
		}
		if u == 1 {
			n := bits.TrailingZeros64(free)
			if col >= 0 {
				forced[n] |= 1 << col
			} else {
				forced[n] = all
			}
			continue
		}
		add := w[u-1]
		for m := free; m != 0; m &= m - 1 {
			n := bits.TrailingZeros64(m)
			if col >= 0 {
				t[n][col] += add
			} else {
				for i := range g.c {
					t[n][i] += add
				}
			}
		}
	}
	lose := 1.0
	nl := float64(len(g.lists))
	for m := g.full &^ colored; m != 0; m &= m - 1 {
		n := bits.TrailingZeros64(m)
		if forced[n] == all {
			return 1, score
		}
		var dist [MaxColors + 1]float64
		dist[0] = 1
		for col := range g.c {
			pi := 1.0
			if forced[n]&(1<<col) == 0 {
				pi = 1 - math.Exp(-t[n][col])
			}
			for j := col + 1; j >= 1; j-- {
				dist[j] = dist[j]*(1-pi) + dist[j-1]*pi
			}
			dist[0] *= 1 - pi
		}
		wn := 0.0
		for j := g.l; j <= g.c; j++ {
			wn += dist[j] * float64(Binom(j, g.l))
		}
		lose *= 1 - wn/nl
	}
	return 1 - lose, score
}
