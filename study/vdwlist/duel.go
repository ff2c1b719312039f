package vdwlist

import (
	"context"
	"fmt"
	"math/big"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Policy chooses the move of the player to move. DuelValue needs policies
// that depend on the position only (no clock, no memory of the game).
type Policy func(ctx context.Context, s *vdwlist.State) (game.Move, error)

// SearchPolicy is the computer player searching depth moves with a fresh
// table at every decision (so that it depends on the position only).
func SearchPolicy(depth int) Policy {
	return func(ctx context.Context, s *vdwlist.State) (game.Move, error) {
		return bot.NewStar(bot.StarOptions{Depth: depth}).Act(ctx, s)
	}
}

// PerfectPolicy plays exactly with sv: the first move of the best value.
func PerfectPolicy(sv *Solver) Policy {
	p := &Perfect{sv: sv}
	return func(ctx context.Context, s *vdwlist.State) (game.Move, error) { return p.Act(ctx, s) }
}

// DuelValue returns the exact probability that player 1 wins from s when
// player 1 plays p1 and player 2 plays p2, averaged over every list that can
// be drawn (no sampling), and the number of positions it went through.
func DuelValue(ctx context.Context, s *vdwlist.State, p1, p2 Policy) (*big.Rat, int, error) {
	memo := map[plainKey]*big.Rat{}
	v, err := duel(ctx, s.Clone().(*vdwlist.State), [2]Policy{p1, p2}, memo)
	return v, len(memo), err
}

func duel(ctx context.Context, s *vdwlist.State, ps [2]Policy, memo map[plainKey]*big.Rat) (*big.Rat, error) {
	if s.Phase() == vdwlist.PhaseOver {
		if s.Won() {
			return big.NewRat(1, 1), nil
		}
		return new(big.Rat), nil
	}
	key := plainKey{s.ColourMasks(), s.Phase(), int8(s.Named()), s.List()}
	if v, ok := memo[key]; ok {
		return v, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v := new(big.Rat)
	if s.Phase() == vdwlist.PhaseDraw {
		for _, m := range s.Game().Lists() {
			s.ApplyUnchecked(m)
			cv, err := duel(ctx, s, ps, memo)
			s.Undo(m)
			if err != nil {
				return nil, err
			}
			v.Add(v, cv)
		}
		v.Quo(v, big.NewRat(int64(len(s.Game().Lists())), 1))
	} else {
		m, err := ps[s.Player()](ctx, s.Clone().(*vdwlist.State))
		if err != nil {
			return nil, err
		}
		if err := s.Check(m); err != nil {
			return nil, fmt.Errorf("duel: policy of %s chose %s: %w", game.SeatName(s.Player()), s.MoveString(m), err)
		}
		s.ApplyUnchecked(m)
		cv, err := duel(ctx, s, ps, memo)
		s.Undo(m)
		if err != nil {
			return nil, err
		}
		v = cv
	}
	memo[key] = v
	return v, nil
}
