package solve

import (
	"context"
	"errors"
	"math/big"

	"github.com/kombi/kombi/game"
)

// Generic is the kit's exact solver for a game without a solver of its own
// (see Solvers): the plain searches that also check every game's own
// solver on small positions. It picks by the game's type:
//
//   - a game with chance (Type.Chance): Expectimax; the Value is seat 0's
//     exact winning probability as a fraction string ("77/729", also p1_win
//     among the extras) and the Outcome ChanceOutcome's, for the player to
//     move (for seat 0 at a chance node);
//   - an impartial game (Type.Impartial): Grundy values; the Value is the
//     Grundy value (also grundy among the extras), the best moves those to
//     a position of value 0. An impartial game whose last mover does not
//     win (misère play) is solved by Minimax instead;
//   - any other game: Minimax, the outcome and the moves that keep it.
//
// Tables start empty at each Solve and are bounded by Options.MemBytes
// (0: DefaultTableBytes, Minimax 1<<22 positions); Options.Nodes bounds
// the positions searched.
type Generic struct{}

// errNotNormalPlay stops a Grundy search in a game where the last mover
// does not win: Grundy values do not decide it.
var errNotNormalPlay = errors.New("grundy: the last mover does not win (not normal play)")

// Solve decides s by the search its game's type calls for (see Generic).
func (Generic) Solve(ctx context.Context, g game.Game, s game.State, opt Options) (*Result, error) {
	if s.IsTerminal() {
		return &Result{Outcome: FromReturn(s.Returns()[0]), Complete: true}, nil
	}
	t := g.Type()
	switch {
	case t.Chance:
		return solveChance(ctx, s, opt)
	case t.Impartial:
		r, err := solveImpartial(ctx, s, opt)
		if !errors.Is(err, errNotNormalPlay) {
			return r, err
		}
	}
	return solveMinimax(ctx, s, opt)
}

func solveMinimax(ctx context.Context, s game.State, opt Options) (*Result, error) {
	entries := 0
	if opt.MemBytes > 0 {
		entries = int(opt.MemBytes / 32)
	}
	mm := NewMinimax(entries)
	r, err := mm.SolveBudget(NewBudget(ctx, opt.Nodes), s)
	if err != nil {
		return &Result{Outcome: Unknown, Nodes: r.Nodes}, err
	}
	r.Complete = true
	return &r, nil
}

func solveImpartial(ctx context.Context, s game.State, opt Options) (*Result, error) {
	b := NewBudget(ctx, opt.Nodes)
	gr := NewGrundy(opt.MemBytes)
	v, err := gr.Value(b, s)
	if err != nil {
		return &Result{Outcome: Unknown, Nodes: b.Nodes()}, err
	}
	var best []game.Move
	if v != 0 {
		for _, m := range s.LegalMoves(nil) {
			c := s.Clone()
			if err := c.Apply(m); err != nil {
				return nil, err
			}
			cv, err := gr.Value(b, c)
			if err != nil {
				return &Result{Outcome: Unknown, Nodes: b.Nodes()}, err
			}
			if cv == 0 {
				best = append(best, m)
			}
		}
	}
	r := Impartial(uint64(v), best)
	r.Nodes = b.Nodes()
	return r, nil
}

func solveChance(ctx context.Context, s game.State, opt Options) (*Result, error) {
	b := NewBudget(ctx, opt.Nodes)
	e := NewExpectimax(opt.MemBytes)
	v, err := e.Value(b, s)
	if err != nil {
		return &Result{Outcome: Unknown, Nodes: b.Nodes()}, err
	}
	var best []game.Move
	if p := s.Player(); p != game.Chance {
		for _, m := range s.LegalMoves(nil) {
			c := s.Clone()
			if err := c.Apply(m); err != nil {
				return nil, err
			}
			cv, err := e.Value(b, c)
			if err != nil {
				return &Result{Outcome: Unknown, Nodes: b.Nodes()}, err
			}
			if cv.Cmp(v) == 0 {
				best = append(best, m)
			}
		}
	}
	o := ChanceOutcome(v)
	if s.Player() == 1 {
		o = o.Neg()
	}
	p1 := fraction(v)
	return &Result{Outcome: o, Value: p1, Best: best, Complete: true, Nodes: b.Nodes(), Extra: map[string]any{"p1_win": p1}}, nil
}

// fraction writes v as "p/q" in lowest terms, also when q = 1.
func fraction(v *big.Rat) string { return v.Num().String() + "/" + v.Denom().String() }
