package vdwlist

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
)

// Analysis is the exact solution of a position: the probability that player
// 1 wins under optimal play by both, as a fraction and a decimal, and the
// best moves of the player to move. Its JSON form is `kombi solve --json`.
type Analysis struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	ToMove   string `json:"to_move"`
	// P1Win is the exact probability "p/q" in lowest terms.
	P1Win      string  `json:"p1_win"`
	P1WinFloat float64 `json:"p1_win_float"`
	P2Win      string  `json:"p2_win"`
	// BestMoves are the moves of the player to move that keep the value
	// (for player 1 the numbers in a live progression; naming any other
	// number changes nothing and is listed in IdleMoves).
	BestMoves []string `json:"best_moves"`
	IdleMoves []string `json:"idle_moves,omitempty"`
	Nodes     int64    `json:"nodes"`
	Stored    int      `json:"stored_positions"`
	Seconds   float64  `json:"seconds"`
	value     *big.Rat
	g         *Game
}

// Value returns the exact probability that player 1 wins.
func (a *Analysis) Value() *big.Rat { return new(big.Rat).Set(a.value) }

// Text explains the result for people.
func (a *Analysis) Text() string {
	var b strings.Builder
	g := a.g
	fmt.Fprintf(&b, "%s: numbers 1..%d, %d colours, lists of %d, P1 wins with a monochromatic %d-term progression.\n",
		a.Game, g.s, g.c, g.l, g.k)
	if strings.Trim(a.Position, ".") != "" {
		fmt.Fprintf(&b, "Position %s, %s.\n", a.Position, a.ToMove)
	}
	fmt.Fprintf(&b, "Under optimal play by both, P1 (namer) wins with probability %s ≈ %.6f; P2 (colourer) with %s.\n",
		a.P1Win, a.P1WinFloat, a.P2Win)
	if len(a.BestMoves) > 0 {
		fmt.Fprintf(&b, "Best moves for %s: %s\n", a.ToMove[:2], strings.Join(a.BestMoves, ", "))
	}
	if len(a.IdleMoves) > 0 {
		fmt.Fprintf(&b, "Numbers in no live progression (naming them changes nothing): %s\n", strings.Join(a.IdleMoves, ", "))
	}
	if g.l == 1 {
		b.WriteString("With lists of one colour P2 has no choice: every number gets an independent uniform colour,\nso the value is the chance that a random colouring holds a monochromatic progression, whatever P1 does.\n")
	}
	fmt.Fprintf(&b, "(%d positions searched, %d stored, %.2f s)\n", a.Nodes, a.Stored, a.Seconds)
	return b.String()
}

// Fraction writes v as "p/q" in lowest terms, also when q = 1.
func Fraction(v *big.Rat) string {
	return v.Num().String() + "/" + v.Denom().String()
}

// Solve computes the exact value of s (see Solver) and the best moves of
// the player to move. opt.MemBytes bounds the table (default 512 MiB).
func (g *Game) Solve(ctx context.Context, st game.State, opt game.SolveOptions) (game.Analysis, error) {
	s, ok := st.(*State)
	if !ok || s.g.String() != g.String() {
		return nil, fmt.Errorf("vdwlist solve: not a position of %s", g)
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("vdwlist solve: the game is over")
	}
	start := time.Now()
	sv := NewSolver(g, opt.MemBytes)
	if opt.Progress != nil {
		sv.SetProgress(opt.Progress)
	}
	v, err := sv.Value(ctx, s)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Game: g.String(), Position: s.Colouring(), value: v, g: g, BestMoves: []string{}}
	switch s.phase {
	case phaseName:
		a.ToMove = "P1 (namer) to name a number"
	case phaseDraw:
		a.ToMove = fmt.Sprintf("P1 named %d, the list is drawn next", s.pending)
	case phaseColour:
		a.ToMove = fmt.Sprintf("P2 (colourer) to colour %d from the list %s", s.pending, g.colourList(s.list))
	}
	if err := sv.bestMoves(ctx, s, v, a); err != nil {
		return nil, err
	}
	a.P1Win = Fraction(v)
	a.P1WinFloat, _ = v.Float64()
	a.P2Win = Fraction(new(big.Rat).Sub(big.NewRat(1, 1), v))
	a.Nodes, a.Stored, a.Seconds = sv.Nodes(), sv.Stored(), time.Since(start).Seconds()
	return a, nil
}

// bestMoves fills in the moves that keep the value v: each is tested with a
// null window at v.
func (sv *Solver) bestMoves(ctx context.Context, s *State, v *big.Rat, a *Analysis) error {
	target := new(big.Rat).Mul(v, big.NewRat(sv.d, 1))
	num := target.Num().Int64()
	switch s.phase {
	case phaseName:
		if err := sv.begin(ctx, s); err != nil {
			return err
		}
		relevant := sv.relevantMask()
		for m := sv.g.full &^ s.colored; m != 0; m &= m - 1 {
			n := bits.TrailingZeros64(m) + 1
			if relevant&(1<<(n-1)) == 0 {
				a.IdleMoves = append(a.IdleMoves, fmt.Sprint(n))
				continue
			}
			if sv.g.l > 1 || num == 0 {
				if err := sv.begin(ctx, s); err != nil {
					return err
				}
				got := sv.chance(sv.g.full, n, sv.forcedAt(n), num-1, num)
				if sv.err != nil {
					return sv.err
				}
				if got < num {
					continue
				}
			}
			a.BestMoves = append(a.BestMoves, fmt.Sprint(n))
		}
	case phaseColour:
		moves, vals, err := sv.MoveValues(ctx, s)
		if err != nil {
			return err
		}
		for i, m := range moves {
			if vals[i].Cmp(v) == 0 {
				a.BestMoves = append(a.BestMoves, s.MoveString(m))
			}
		}
	}
	return nil
}

// relevantMask returns the numbers in some live progression of the current
// position.
func (sv *Solver) relevantMask() uint64 {
	var relevant uint64
	for _, a := range sv.g.aps {
		cols := 0
		for i := range sv.g.c {
			if a&sv.masks[i] != 0 {
				cols++
			}
		}
		if cols <= 1 {
			relevant |= a
		}
	}
	return relevant
}
