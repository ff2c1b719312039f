package vdwlist

import (
	"math/bits"

	"github.com/kombi/kombi/game"
)

// What the exact solver of package study/vdwlist reads of a position and a
// game, beside the rules' own methods.

// Phase returns the phase of the round: PhaseName, PhaseDraw, PhaseColour
// or PhaseOver.
func (s *State) Phase() uint8 { return s.phase }

// ColourMasks returns the numbers of each colour as masks (bit i−1 for the
// number i), the colours beyond c empty.
func (s *State) ColourMasks() [MaxColors]uint64 { return s.masks }

// Colored returns the mask of the coloured numbers.
func (s *State) Colored() uint64 { return s.colored }

// Won reports whether a monochromatic progression ended the game.
func (s *State) Won() bool { return s.win != 0 }

// Check reports why m is not a legal move, or nil.
func (s *State) Check(m game.Move) error { return s.check(m) }

// InGame returns the numbers coloured in s as a position of g, a game of
// the same length, with player 1 to name a number.
func (s *State) InGame(g *Game) *State {
	return &State{g: g, masks: s.masks, colored: s.colored, rounds: s.rounds}
}

// Restrict returns the position s cut to the n numbers off+1..off+n as a
// position of the game of length n (numbers renumbered from 1), keeping the
// named number and the drawn list; off is 0, or s−n when the named number
// is beyond n. It returns nil when the named number fits neither or the cut
// position has nothing left to name.
func (s *State) Restrict(n int) (*State, int) {
	g := s.g
	off := 0
	if int(s.pending) > n {
		if off = g.s - n; int(s.pending) <= off {
			return nil, 0
		}
	}
	gr, err := New(g.k, g.c, g.l, n)
	if err != nil {
		return nil, 0
	}
	r := &State{g: gr, colored: s.colored >> off & gr.full}
	for col := range g.c {
		r.masks[col] = s.masks[col] >> off & gr.full
	}
	r.rounds = int8(bits.OnesCount64(r.colored))
	if r.colored == gr.full {
		return nil, 0
	}
	if s.pending != 0 {
		r.ApplyUnchecked(game.Move(int(s.pending) - off))
	}
	if s.list != 0 {
		r.ApplyUnchecked(game.Move(s.list))
	}
	return r, off
}

// APs returns every k-term progression in 1..s as a mask, by difference,
// then by first term (do not modify).
func (g *Game) APs() []uint64 { return g.aps }

// Lists returns every list (l of the c colours) as a mask, increasing (do
// not modify).
func (g *Game) Lists() []game.Move { return g.lists }

// ListsWith returns the lists with colour col (do not modify).
func (g *Game) ListsWith(col int) []uint8 { return g.listsWith[col] }

// Full returns the mask of the numbers 1..s.
func (g *Game) Full() uint64 { return g.full }

// Weights returns the evaluation's weights ρ^u of a potential progression
// with u uncoloured numbers (do not modify).
func (g *Game) Weights() []float64 { return g.weights }

// Completed returns a progression through the number n that mask holds
// entirely, or 0.
func (g *Game) Completed(mask uint64, n int) uint64 { return g.completed(mask, n) }

// ColourList writes a list of colours for people.
func (g *Game) ColourList(list uint8) string { return g.colourList(list) }
