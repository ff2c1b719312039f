package solve

import (
	"fmt"

	"github.com/kombi/kombi/game"
)

// Grundy computes Grundy values (nimbers) of impartial games under normal
// play (a move that ends the game wins it; otherwise Value stops with an
// error): a position's value is the least value none of its moves reaches,
// and a position that splits into independent components (game.Decomposer)
// is worth the XOR of its components' values. Values are cached by
// game.Canonicalizer key where the state has one, else by game.Hasher key.
// A Grundy is safe for concurrent use.
type Grundy struct {
	tt *Table[uint64, uint32]
}

// NewGrundy returns a Grundy calculator whose cache grows to at most
// maxBytes (0: DefaultTableBytes).
func NewGrundy(maxBytes int64) *Grundy {
	return &Grundy{tt: NewTable[uint64, uint32](HashUint64, TableOptions[uint32]{MaxBytes: maxBytes})}
}

// Value returns the Grundy value of s within budget b.
func (gr *Grundy) Value(b *Budget, s game.State) (uint32, error) {
	if err := b.Step(); err != nil {
		return 0, err
	}
	if s.IsTerminal() {
		return 0, nil
	}
	if s.Player() == game.Chance {
		return 0, fmt.Errorf("grundy: a chance node has no Grundy value")
	}
	if d, ok := s.(game.Decomposer); ok {
		if parts := d.Components(); len(parts) > 1 {
			var x uint32
			for _, p := range parts {
				v, err := gr.Value(b, p)
				if err != nil {
					return 0, err
				}
				x ^= v
			}
			return x, nil
		}
	}
	key, keyed := uint64(0), false
	if c, ok := s.(game.Canonicalizer); ok {
		key, keyed = c.CanonicalKey(), true
	} else if h, ok := s.(game.Hasher); ok {
		key, keyed = h.Key(), true
	}
	if keyed {
		if v, ok := gr.tt.Get(key); ok {
			return v, nil
		}
	}
	moves := s.LegalMoves(nil)
	seen := make([]bool, len(moves)+1)
	mover := s.Player()
	for _, m := range moves {
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			return 0, fmt.Errorf("grundy: legal move %s refused: %w", s.MoveString(m), err)
		}
		if c.IsTerminal() && c.Returns()[mover] <= 0 {
			return 0, errNotNormalPlay
		}
		v, err := gr.Value(b, c)
		if err != nil {
			return 0, err
		}
		if int(v) < len(seen) {
			seen[v] = true
		}
	}
	var mex uint32
	for seen[mex] {
		mex++
	}
	if keyed {
		gr.tt.Put(key, mex)
	}
	return mex, nil
}

// Impartial turns a Grundy value into a Result: the player to move wins
// exactly when it is not zero, and the value is the Grundy value.
func Impartial(grundy uint64, best []game.Move) *Result {
	o := Loss
	if grundy != 0 {
		o = Win
	}
	return &Result{Outcome: o, Value: grundy, Best: best, Complete: true, Extra: map[string]any{"grundy": grundy}}
}
