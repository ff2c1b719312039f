package apgame

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/kombi/kombi/game"
)

// ExtendBlock is the computer strategy of the 2022 student project
// ("Gra Szemerédi'ego", sections 3 and 4), with its tie rules made explicit:
//
//   - Its first move (whoever started) colours the number that lies in the
//     most progressions it can still complete — all progressions of the set
//     when it moves first. Ties go to the smallest number.
//   - Later, it finds its best progression (the one it can still complete
//     holding the most of its numbers) and the opponent's best likewise; ties
//     go to the first in the game's progression order (by first number, then
//     difference), as a scan keeping the first maximum finds it.
//   - It blocks when the opponent's best holds more of the opponent's numbers
//     than its own best holds of its own, or when it can complete no
//     progression any more: it colours a uniformly random uncoloured number of
//     the opponent's best progression. Otherwise it extends: a uniformly
//     random uncoloured number of its own best progression.
//
// It neither looks for an immediate win nor for the opponent's: it takes a win
// only when its best progression is one number short and the opponent's is not
// longer, and blocks a threat only when the opponent's best is longer.
type ExtendBlock struct {
	rng *rand.Rand
}

// NewExtendBlock returns the project's strategy with its random choices
// drawn from seed.
func NewExtendBlock(seed uint64) *ExtendBlock {
	return &ExtendBlock{rng: rand.New(rand.NewPCG(seed, 0x657874626c6f636b))}
}

// Act chooses the move described on ExtendBlock.
func (b *ExtendBlock) Act(ctx context.Context, gs game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s, ok := gs.(*State)
	if !ok {
		return 0, fmt.Errorf("extendblock: not a Szemerédi game state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("extendblock: the game is over")
	}
	i := b.choose(s)
	return game.Move(s.g.set[i]), nil
}

// choose returns the index to colour.
func (b *ExtendBlock) choose(s *State) int {
	p := int(s.turn)
	if i := openingChoice(s, p); i >= 0 {
		return i
	}
	free := extendOrBlockChoices(s, p)
	return int(free[b.rng.IntN(len(free))])
}

// extendBlockReplies returns the moves ExtendBlock chooses from, uniformly,
// in s (the opponent model of Strong).
func extendBlockReplies(s *State) []int32 {
	p := int(s.turn)
	if i := openingChoice(s, p); i >= 0 {
		return []int32{int32(i)}
	}
	return extendOrBlockChoices(s, p)
}

// openingChoice returns ExtendBlock's first move for p — the uncoloured
// index in the most progressions p can still complete — when p has no
// number yet, or -1.
func openingChoice(s *State, p int) int {
	for _, c := range s.colour {
		if int(c) == p {
			return -1
		}
	}
	return mostProgressions(s, p)
}

// extendOrBlockChoices returns the uncoloured indexes of the progression
// ExtendBlock plays in: p's best, or the opponent's best when that holds
// more numbers or p has none left.
func extendOrBlockChoices(s *State, p int) []int32 {
	myBest, myHeld := bestProgression(s, p)
	theirBest, theirHeld := bestProgression(s, 1-p)
	target := myBest
	if myBest < 0 || theirHeld > myHeld {
		target = theirBest
	}
	k := s.g.k
	var free []int32
	for _, e := range s.g.progs[target*k : target*k+k] {
		if s.colour[e] == none {
			free = append(free, e)
		}
	}
	return free
}

// mostProgressions returns the uncoloured index in the most progressions p
// can still complete (the smallest on ties), or -1 when p can complete none.
func mostProgressions(s *State, p int) int {
	g := s.g
	best, bestN := -1, 0
	for i, c := range s.colour {
		if c != none {
			continue
		}
		n := 0
		for _, a := range g.through[g.start[i]:g.start[i+1]] {
			if s.cnt[2*int(a)+1-p] == 0 {
				n++
			}
		}
		if n > bestN {
			best, bestN = i, n
		}
	}
	return best
}

// bestProgression returns the first progression p can still complete that
// holds the most of p's numbers, and that number; -1, -1 when there is none.
func bestProgression(s *State, p int) (int, int) {
	best, held := -1, -1
	for a := range s.g.NumProgressions() {
		if s.cnt[2*a+1-p] == 0 && int(s.cnt[2*a+p]) > held {
			best, held = a, int(s.cnt[2*a+p])
		}
	}
	return best, held
}
