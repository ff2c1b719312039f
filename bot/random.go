package bot

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/kombi/kombi/game"
)

// Random plays a uniformly random legal move.
type Random struct {
	rng *rand.Rand
	buf []game.Move
}

// NewRandom returns a random bot whose choices follow from seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: NewRand(seed, 0x72616e646f6d)}
}

// NewRand returns a generator for seed, separated from other users of the
// same seed by stream.
func NewRand(seed, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stream))
}

// Act returns a uniformly random legal move. A game.MoveIndexer state is
// asked for its move count and one move, so that a position with billions
// of legal moves is played without listing them.
func (r *Random) Act(ctx context.Context, s game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if mi, ok := s.(game.MoveIndexer); ok {
		n := mi.MoveCount()
		if n <= 0 {
			return 0, fmt.Errorf("random: no legal move")
		}
		return mi.MoveAt(r.rng.Int64N(n)), nil
	}
	r.buf = s.LegalMoves(r.buf[:0])
	if len(r.buf) == 0 {
		return 0, fmt.Errorf("random: no legal move")
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}

var randomFactory = &Factory{
	Name: "random",
	Doc:  "a uniformly random legal move",
	New: func(_ game.Game, _ game.Params, env Env) (Bot, error) {
		return NewRandom(env.Seed), nil
	},
}
