package solve

import (
	"fmt"
	"math/big"

	"github.com/kombi/kombi/game"
)

// Expectimax computes the exact probability that seat 0 wins a game with
// chance nodes (game.Chancer) when both seats play to maximise their own
// chance of winning: seat 0 maximises, seat 1 minimises, chance nodes
// average over their outcomes with the exact probabilities. Draws count as
// half a win. Values are cached by game.Hasher key.
type Expectimax struct {
	tt *Table[uint64, *big.Rat]
}

// NewExpectimax returns an expectimax solver whose cache grows to at most
// maxBytes (0: DefaultTableBytes).
func NewExpectimax(maxBytes int64) *Expectimax {
	return &Expectimax{tt: NewTable[uint64, *big.Rat](HashUint64, TableOptions[*big.Rat]{MaxBytes: maxBytes})}
}

// Value returns seat 0's exact winning probability in s. The result must
// not be modified.
func (e *Expectimax) Value(b *Budget, s game.State) (*big.Rat, error) {
	if err := b.Step(); err != nil {
		return nil, err
	}
	if s.IsTerminal() {
		r := s.Returns()[0]
		return big.NewRat(int64(r+1), 2), nil
	}
	h, hashed := s.(game.Hasher)
	if hashed {
		if v, ok := e.tt.Get(h.Key()); ok {
			return v, nil
		}
	}
	var v *big.Rat
	if s.Player() == game.Chance {
		ch, ok := s.(game.Chancer)
		if !ok {
			return nil, fmt.Errorf("expectimax: chance node without outcomes")
		}
		v = new(big.Rat)
		for _, o := range ch.ChanceOutcomes() {
			c := s.Clone()
			if err := c.Apply(o.Move); err != nil {
				return nil, fmt.Errorf("expectimax: chance outcome refused: %w", err)
			}
			cv, err := e.Value(b, c)
			if err != nil {
				return nil, err
			}
			v.Add(v, new(big.Rat).Mul(cv, big.NewRat(o.Num, o.Den)))
		}
	} else {
		for _, m := range s.LegalMoves(nil) {
			c := s.Clone()
			if err := c.Apply(m); err != nil {
				return nil, fmt.Errorf("expectimax: legal move refused: %w", err)
			}
			cv, err := e.Value(b, c)
			if err != nil {
				return nil, err
			}
			if v == nil || s.Player() == 0 && cv.Cmp(v) > 0 || s.Player() == 1 && cv.Cmp(v) < 0 {
				v = cv
			}
		}
	}
	if hashed {
		e.tt.Put(h.Key(), v)
	}
	return v, nil
}

// ChanceOutcome is the Outcome a win probability p of seat 0 means for seat
// 0: Win when certain, Loss when impossible, Chance in between (neither
// side can force a win; Neg keeps it Chance for seat 1).
func ChanceOutcome(p *big.Rat) Outcome {
	switch {
	case p.Cmp(big.NewRat(1, 1)) == 0:
		return Win
	case p.Sign() == 0:
		return Loss
	}
	return Chance
}
