package vdwlist

import (
	"context"
	"math/big"

	"github.com/kombi/kombi/games/vdwlist"
)

// PlainValue is the baseline for the solver's benchmarks: plain
// expectiminimax over the game's own moves with exact fractions (math/big),
// memoised by the exact position only (no symmetry, no relevance, no
// pruning). It returns player 1's winning probability from s and the number
// of positions it evaluated.
func PlainValue(ctx context.Context, s *vdwlist.State) (*big.Rat, int, error) {
	memo := map[plainKey]*big.Rat{}
	v, err := plainValue(ctx, s.Clone().(*vdwlist.State), memo)
	return v, len(memo), err
}

type plainKey struct {
	masks   [vdwlist.MaxColors]uint64
	phase   uint8
	pending int8
	list    uint8
}

func plainValue(ctx context.Context, s *vdwlist.State, memo map[plainKey]*big.Rat) (*big.Rat, error) {
	switch {
	case s.Phase() == vdwlist.PhaseOver && s.Won():
		return big.NewRat(1, 1), nil
	case s.Phase() == vdwlist.PhaseOver:
		return new(big.Rat), nil
	}
	key := plainKey{s.ColourMasks(), s.Phase(), int8(s.Named()), s.List()}
	if v, ok := memo[key]; ok {
		return v, nil
	}
	if len(memo)&0xfff == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	var v *big.Rat
	for _, m := range s.LegalMoves(nil) {
		s.ApplyUnchecked(m)
		cv, err := plainValue(ctx, s, memo)
		s.Undo(m)
		if err != nil {
			return nil, err
		}
		switch {
		case s.Phase() == vdwlist.PhaseDraw:
			if v == nil {
				v = new(big.Rat)
			}
			v.Add(v, cv)
		case v == nil, s.Phase() == vdwlist.PhaseName && cv.Cmp(v) > 0, s.Phase() == vdwlist.PhaseColour && cv.Cmp(v) < 0:
			v = cv
		}
	}
	if s.Phase() == vdwlist.PhaseDraw {
		v = new(big.Rat).Quo(v, big.NewRat(int64(len(s.Game().Lists())), 1))
	}
	memo[key] = v
	return v, nil
}
