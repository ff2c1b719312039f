package thue

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Search is a length-valued alpha-beta search for either role: the value of
// a word is its final length, which the builder minimises and the painter
// maximises. Proven ends within the horizon are exact; at the horizon a word
// scores n+2 plus the painter's mobility (the share of fitting
// position-symbol pairs), below one. It deepens iteratively, keeps a
// transposition table keyed by the canonical word (reversal and renaming of
// symbols), tries the positions with the fewest fitting symbols first, and
// stops deepening at its time limit or the context's deadline.
type Search struct {
	Depth int
	Limit time.Duration
	k     int
	rule  Rule
	tt    *solve.Table[uint64, abEntry]
	f     Fitter
	fits  [][]uint32
	word  []byte
	cbuf  []byte
	nodes int64
	ctx   context.Context
}

type abEntry struct {
	depth int8
	flag  int8 // 0 exact, 1 lower bound, 2 upper bound
	value float64
}

// SearchTableBytes bounds the search's transposition table; the table grows
// to it as the search stores positions.
const SearchTableBytes = 64 << 20

// NewSearch returns a search to depth insertions, deepening for at most limit (0: no limit).
func NewSearch(depth int, limit time.Duration) *Search {
	return &Search{Depth: depth, Limit: limit}
}

var errAbStop = errors.New("search stopped")

// Release drops the transposition table (bot.Releaser); the next move
// starts a new one.
func (a *Search) Release() { a.tt = nil }

// Act returns the best position or symbol found.
func (a *Search) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*State)
	if !ok {
		return 0, fmt.Errorf("alphabeta: not a thue state")
	}
	if a.tt == nil || a.k != s.k || a.rule != s.rule {
		a.k, a.rule = s.k, s.rule
		a.tt = solve.NewTable[uint64, abEntry](solve.HashUint64, solve.TableOptions[abEntry]{
			MaxBytes:       SearchTableBytes,
			Worth:          func(e abEntry) int64 { return int64(e.depth) },
			SingleThreaded: true, // one bot, one goroutine; the same moves on every machine
		})
	}
	sctx, cancel := solve.Deadline(ctx, a.Limit)
	defer cancel()
	a.ctx = sctx
	a.word = append(a.word[:0], s.word...)
	fit := append([]uint32(nil), a.f.FitAll(a.word, a.k, a.rule, nil)...)
	var best game.Move
	for d := 1; d <= a.Depth; d++ {
		m, v, err := a.root(s, fit, d)
		if err != nil {
			if ctx.Err() != nil {
				if _, has := ctx.Deadline(); !has {
					return 0, ctx.Err()
				}
			}
			if d == 1 {
				return m, nil
			}
			break
		}
		best = m
		if v == math.Floor(v) && v <= float64(len(s.word)+d) {
			break // a proven end: deeper search changes nothing
		}
	}
	return best, nil
}

func (a *Search) root(s *State, fit []uint32, d int) (game.Move, float64, error) {
	n := len(a.word)
	if s.pos >= 0 {
		bestC, bestV := 0, math.Inf(-1)
		for c := 0; c < a.k; c++ {
			if fit[s.pos]&(1<<c) == 0 {
				continue
			}
			a.insert(s.pos, byte(c))
			v, err := a.value(d-1, 1, bestV, math.Inf(1))
			a.remove(s.pos)
			if err != nil {
				return game.Move(bestC), bestV, err
			}
			if v > bestV {
				bestC, bestV = c, v
			}
		}
		if math.IsInf(bestV, -1) {
			return 0, float64(n + 1), nil
		}
		return game.Move(bestC), bestV, nil
	}
	order := positionsByFit(fit, nil)
	bestI, bestV := order[0], math.Inf(1)
	for _, i := range order {
		v, err := a.position(i, fit[i], d, 0, math.Inf(-1), bestV)
		if err != nil {
			return game.Move(bestI), bestV, err
		}
		if v < bestV {
			bestI, bestV = i, v
		}
	}
	return game.Move(bestI), bestV, nil
}

func positionsByFit(fit []uint32, order []int) []int {
	order = order[:0]
	for i := range fit {
		order = append(order, i)
	}
	sort.SliceStable(order, func(x, y int) bool { return bits.OnesCount32(fit[order[x]]) < bits.OnesCount32(fit[order[y]]) })
	return order
}

// position is the painter's node: the builder chose i; the value is the
// best fitting symbol's (n+1 when none fits).
func (a *Search) position(i int, set uint32, d, ply int, alpha, beta float64) (float64, error) {
	if set == 0 {
		return float64(len(a.word) + 1), nil
	}
	if d == 1 {
		return a.horizonPosition(i, set, ply)
	}
	used := UsedSymbols(a.word)
	triedNew := false
	best := math.Inf(-1)
	for set != 0 {
		c := bits.TrailingZeros32(set)
		set &= set - 1
		if used&(1<<c) == 0 {
			if triedNew {
				continue
			}
			triedNew = true
		}
		a.insert(i, byte(c))
		v, err := a.value(d-1, ply+1, max(alpha, best), beta)
		a.remove(i)
		if err != nil {
			return 0, err
		}
		best = max(best, v)
		if best >= beta {
			break
		}
	}
	return best, nil
}

// value is the builder's node on a.word with d insertions left.
func (a *Search) value(d, ply int, alpha, beta float64) (float64, error) {
	a.nodes++
	if a.nodes&255 == 0 && a.ctx.Err() != nil {
		return 0, errAbStop
	}
	n := len(a.word)
	for len(a.fits) <= ply {
		a.fits = append(a.fits, nil)
	}
	fit := a.f.FitAll(a.word, a.k, a.rule, a.fits[ply])
	a.fits[ply] = fit
	total := 0
	for _, set := range fit {
		if set == 0 {
			return float64(n + 1), nil
		}
		total += bits.OnesCount32(set)
	}
	if d <= 0 {
		return float64(n+2) + min(0.999, float64(total)/float64((n+1)*a.k)), nil
	}
	c, _, buf := Canonical(a.word, -1, a.cbuf)
	a.cbuf = buf
	key := game.HashMix(uint64(len(c)), 0)
	for _, x := range c {
		key = game.HashMix(key, uint64(x))
	}
	if e, ok := a.tt.Get(key); ok && int(e.depth) >= d {
		switch {
		case e.flag == 0,
			e.flag == 1 && e.value >= beta,
			e.flag == 2 && e.value <= alpha:
			return e.value, nil
		}
	}
	a0 := alpha
	order := positionsByFit(fit, make([]int, 0, n+1))
	best := math.Inf(1)
	for _, i := range order {
		v, err := a.position(i, a.fits[ply][i], d, ply, alpha, min(beta, best))
		if err != nil {
			return 0, err
		}
		best = min(best, v)
		if best <= alpha {
			break
		}
	}
	flag := int8(0)
	switch {
	case best <= a0:
		flag = 2
	case best >= beta:
		flag = 1
	}
	a.tt.Put(key, abEntry{depth: int8(min(d, 127)), flag: flag, value: best})
	return best, nil
}

// horizonPosition values the painter's node whose words are all at the
// horizon. Exact where the builder ends the game next move; otherwise
// n+3 plus the painter's prospects summed over its fitting symbols (the
// thesis' level-1 score: a position with more fitting symbols, each leaving
// more options, is worse for the builder), scaled below one.
func (a *Search) horizonPosition(i int, set uint32, ply int) (float64, error) {
	n := len(a.word)
	for len(a.fits) <= ply+1 {
		a.fits = append(a.fits, nil)
	}
	sum, alive := 0, false
	for set != 0 {
		c := bits.TrailingZeros32(set)
		set &= set - 1
		a.nodes++
		if a.nodes&255 == 0 && a.ctx.Err() != nil {
			return 0, errAbStop
		}
		a.insert(i, byte(c))
		fit := a.f.FitAll(a.word, a.k, a.rule, a.fits[ply+1])
		a.fits[ply+1] = fit
		a.remove(i)
		total := 0
		for _, f := range fit {
			if f == 0 {
				total = -1
				break
			}
			total += bits.OnesCount32(f)
		}
		if total >= 0 {
			alive = true
			sum += total
		}
	}
	if !alive {
		return float64(n + 2), nil // every fitting symbol leaves a dead position
	}
	return float64(n+3) + min(0.999, float64(sum)/float64(a.k*a.k*(n+2))), nil
}

func (a *Search) insert(i int, c byte) {
	a.word = append(a.word, 0)
	copy(a.word[i+1:], a.word[i:])
	a.word[i] = c
}

func (a *Search) remove(i int) {
	copy(a.word[i:], a.word[i+1:])
	a.word = a.word[:len(a.word)-1]
}

func searchFactories() []*bot.Factory {
	return []*bot.Factory{
		{
			Name:  "alphabeta",
			Doc:   "length-valued alpha-beta search for either role, with a canonical transposition table (reversal, renaming)",
			Games: []string{"thue"},
			Params: []game.ParamSpec{
				{Name: "depth", Kind: game.Int, Default: "6", HasMin: true, Min: 1, HasMax: true, Max: 60, Doc: "search depth in insertions"},
				{Name: "time", Kind: game.Duration, Doc: "stop deepening after this long"},
			},
			New: func(_ game.Game, p game.Params, _ bot.Env) (bot.Bot, error) {
				return NewSearch(p.Int("depth"), p.Duration("time")), nil
			},
		},
	}
}
