package match

import (
	"errors"
	"math/rand/v2"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// chanceStream is a match's one source of chance draws: one generator
// seeded by the match's seed, used in turn by every chance move the game
// does not draw itself (see game.ChanceDrawer). A match rebuilt from its
// moves (resumed) skips the draws those moves used, so it draws what the
// uninterrupted match would have drawn; an undo keeps the stream where it
// is, past the draws it took back (see Live.Undo).
type chanceStream struct {
	rng *rand.Rand
	n   int // draws taken from rng so far
}

func newChanceStream(seed uint64) chanceStream {
	return chanceStream{rng: bot.NewRand(seed, 0x6368616e6365)}
}

// advance takes n draws from the stream unused.
func (c *chanceStream) advance(n int) {
	for range n {
		c.rng.Float64()
	}
	c.n += n
}

// ownDraw returns the game's own draw at the chance node s, if it has one.
func ownDraw(s game.State) (game.Move, bool) {
	if d, ok := s.(game.ChanceDrawer); ok {
		return d.DrawChance()
	}
	return 0, false
}

// skip advances the stream past the draw of chance node s, as draw would,
// for a move already played.
func (c *chanceStream) skip(s game.State) {
	if _, own := ownDraw(s); !own {
		c.advance(1)
	}
}

// draw returns the outcome of chance node s: the game's own draw, else an
// outcome of ChanceOutcomes chosen by its probability.
func (c *chanceStream) draw(s game.State) (game.Move, error) {
	ch, ok := s.(game.Chancer)
	if !ok {
		return 0, errors.New("chance node of a state without ChanceOutcomes")
	}
	if m, own := ownDraw(s); own {
		return m, nil
	}
	outs := ch.ChanceOutcomes()
	if len(outs) == 0 {
		return 0, errors.New("chance node without outcomes")
	}
	x := c.rng.Float64()
	c.n++
	for _, o := range outs {
		x -= o.Probability()
		if x < 0 {
			return o.Move, nil
		}
	}
	return outs[len(outs)-1].Move, nil
}
