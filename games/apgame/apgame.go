// Package apgame implements the Szemerédi game: two players colour the
// numbers of a finite set X in turn, each with their own colour; the first to
// own all k numbers of a k-term arithmetic progression inside X wins, and the
// game is drawn as soon as neither player can still complete a progression.
//
// The package draws the set from a seed (x distinct numbers from {1..5x}
// holding at least one k-term progression), enumerates every k-term
// progression inside it, keeps per progression and per player the counts
// that make win and draw detection incremental, and provides the 2022 student
// project's strategy (ExtendBlock), a strong searching player (Strong) and
// an incremental Search of a position for exact solvers. The exact solver
// for small sets, the perfect player and the reports are in package
// study/apgame.
package apgame

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// Limits of the game string's parameters.
const (
	MinX = 3
	MaxX = 1000
	MinK = 3
	MaxK = 10
	// MaxValue bounds the numbers of an explicit set (set=...).
	MaxValue = 100_000
	// rejectionDraws is how many uniform random x-subsets DrawSet tries
	// before it plants a progression.
	rejectionDraws = 64
)

var apParams = []game.ParamSpec{
	{Name: "x", Kind: game.Int, Default: "20", HasMin: true, Min: MinX, HasMax: true, Max: MaxX,
		Doc: "how many numbers the set holds, drawn at random from 1 to 5 × this many"},
	{Name: "k", Kind: game.Int, Default: "3", HasMin: true, Min: MinK, HasMax: true, Max: MaxK,
		Doc: "length of the progression to complete"},
	{Name: "seed", Kind: game.Int, Random: true, HasMin: true, Min: 0, HasMax: true, Max: math.MaxInt64,
		Doc: "seed of the set's draw (absent: drawn from the game's seed)"},
	{Name: "set", Kind: game.IntList, HasMin: true, Min: 1, HasMax: true, Max: MaxValue,
		Doc: "play on this set instead of a drawn one, e.g. 1;2;3;5;8 (x and seed are then not allowed)"},
}

// NewType returns the type of the Szemerédi game, for a registry.
func NewType() *game.Type {
	return describe(&game.Type{
		Name: "ap",
		Doc:  "Szemerédi game: colour numbers of a set in turn; first to own a k-term arithmetic progression wins",
		// Each player has a colour; red moves first.
		Roles:  [2]string{"red", "blue"},
		Params: apParams,
		New:    newFromParams,
	})
}

func newFromParams(p game.Params) (game.Game, error) {
	k := p.Int("k")
	if p.Present("set") {
		if p.Has("x") || p.Has("seed") {
			return nil, fmt.Errorf("set= gives the set itself: leave out x= and seed=")
		}
		return NewWithSet(p.Ints("set"), k)
	}
	seed := p.Seed() & math.MaxInt64
	if p.Has("seed") {
		seed = uint64(p.Int64("seed"))
	}
	return New(p.Int("x"), k, seed)
}

// Game is the Szemerédi game on one set with one progression length. It is
// immutable and shared by all its states.
type Game struct {
	typ      *game.Type
	k        int
	seed     uint64
	explicit bool // the set was given, not drawn

	set   []int   // the numbers, increasing
	index []int32 // number -> index in set, or -1 (length max(set)+1)

	progs []int32 // progression a holds indices progs[a*k : a*k+k], increasing
	// through lists the progressions through each number:
	// through[start[i]:start[i+1]] for index i.
	through []int32
	start   []int32

	zobrist []uint64 // index*2+colour -> hash key component
	weight  []int64  // evaluation weight of a live progression holding c own numbers
}

// New draws the set of x numbers from seed (see DrawSet; seed < 2^63, so
// that the game string can record it) and returns the game of racing to a
// k-term progression in it.
func New(x, k int, seed uint64) (*Game, error) {
	if seed > math.MaxInt64 {
		return nil, fmt.Errorf("seed=%d: allowed 0 to %d", seed, uint64(math.MaxInt64))
	}
	set, err := DrawSet(x, k, seed)
	if err != nil {
		return nil, err
	}
	g, err := build(set, k)
	if err != nil {
		return nil, err
	}
	g.seed = seed
	return g, nil
}

// NewWithSet returns the game on the given set of distinct positive numbers
// (any order), which must hold a k-term progression.
func NewWithSet(set []int, k int) (*Game, error) {
	if len(set) < MinX || len(set) > MaxX {
		return nil, fmt.Errorf("set has %s; allowed: %d to %d", game.Plural(len(set), "number"), MinX, MaxX)
	}
	s := slices.Clone(set)
	slices.Sort(s)
	for i, v := range s {
		if v < 1 || v > MaxValue {
			return nil, fmt.Errorf("set number %d out of range; allowed: 1 to %d", v, MaxValue)
		}
		if i > 0 && s[i-1] == v {
			return nil, fmt.Errorf("set holds %d twice; the numbers must be distinct", v)
		}
	}
	g, err := build(s, k)
	if err != nil {
		return nil, err
	}
	if len(g.progs) == 0 {
		return nil, fmt.Errorf("set %s holds no %d-term arithmetic progression; the game needs at least one", game.JoinInts(s), k)
	}
	g.explicit = true
	return g, nil
}

func build(set []int, k int) (*Game, error) {
	if k < MinK || k > MaxK {
		return nil, fmt.Errorf("k=%d: allowed %d to %d", k, MinK, MaxK)
	}
	if k > len(set) {
		return nil, fmt.Errorf("k=%d: a %d-term progression needs %d numbers but the set has only %d; choose k ≤ x", k, k, k, len(set))
	}
	g := &Game{typ: NewType(), k: k, set: set}
	g.index = make([]int32, set[len(set)-1]+1)
	for i := range g.index {
		g.index[i] = -1
	}
	for i, v := range set {
		g.index[v] = int32(i)
	}
	g.progs = enumerate(set, g.index, k)
	n := len(set)
	deg := make([]int32, n+1)
	for _, e := range g.progs {
		deg[e+1]++
	}
	for i := 1; i <= n; i++ {
		deg[i] += deg[i-1]
	}
	g.start = deg
	g.through = make([]int32, len(g.progs))
	fill := slices.Clone(deg[:n])
	for a := range len(g.progs) / k {
		for _, e := range g.progs[a*k : a*k+k] {
			g.through[fill[e]] = int32(a)
			fill[e]++
		}
	}
	rng := rand.New(rand.NewPCG(0x5a656d6572656469, uint64(k)))
	g.zobrist = make([]uint64, 2*n+1)
	for i := range g.zobrist {
		g.zobrist[i] = rng.Uint64()
	}
	g.weight = make([]int64, k+1)
	w := int64(1)
	for c := range g.weight {
		g.weight[c] = w
		w *= 5
	}
	return g, nil
}

// enumerate returns every k-term progression inside the sorted set, as
// indices into it, ordered by first number, then by difference. Each
// progression is found once from its first two numbers; the rest are looked up
// in the index table, so the work is O(x² · t) where t ≤ k is the average
// number of lookups before a miss.
func enumerate(set []int, index []int32, k int) []int32 {
	var out []int32
	maxV := set[len(set)-1]
	for i, a := range set {
		for j := i + 1; j < len(set); j++ {
			d := set[j] - a
			if a+(k-1)*d > maxV {
				break
			}
			ok := true
			for t := 2; t < k; t++ {
				if index[a+t*d] < 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for t := range k {
				out = append(out, index[a+t*d])
			}
		}
	}
	return out
}

// DrawSet returns x distinct numbers from {1..5x}, increasing, holding at
// least one k-term arithmetic progression; the same seed gives the same set.
// It draws uniform random x-subsets until one holds a k-term progression (so
// the set is uniform among those that do); when 64 draws fail, as they do for
// long progressions in small sets, it plants a progression chosen uniformly
// among all k-term progressions in {1..5x} and fills the other x−k numbers
// uniformly. It is an error when k > x: no progression fits.
func DrawSet(x, k int, seed uint64) ([]int, error) {
	if x < MinX || x > MaxX {
		return nil, fmt.Errorf("x=%d: allowed %d to %d", x, MinX, MaxX)
	}
	if k < MinK || k > MaxK {
		return nil, fmt.Errorf("k=%d: allowed %d to %d", k, MinK, MaxK)
	}
	if k > x {
		return nil, fmt.Errorf("x=%d, k=%d: a set of %d numbers cannot hold a %d-term progression; choose k ≤ x", x, k, x, k)
	}
	n := 5 * x
	rng := rand.New(rand.NewPCG(seed, 0x736574))
	index := make([]int32, n+1)
	for try := 0; try < rejectionDraws; try++ {
		set := sample(rng, n, x, nil)
		if hasProgression(set, index, k) {
			return set, nil
		}
	}
	// Plant: the progressions a, a+d, ..., a+(k-1)d in {1..n} number
	// Σ_d (n − (k−1)d) over d = 1..⌊(n−1)/(k−1)⌋; pick one uniformly.
	total := 0
	for d := 1; 1+(k-1)*d <= n; d++ {
		total += n - (k-1)*d
	}
	r := rng.IntN(total)
	var planted []int
	for d := 1; ; d++ {
		c := n - (k-1)*d
		if r < c {
			for t := range k {
				planted = append(planted, r+1+t*d)
			}
			break
		}
		r -= c
	}
	return sample(rng, n, x, planted), nil
}

// sample returns x distinct numbers of {1..n} including the given ones,
// the others uniform, increasing.
func sample(rng *rand.Rand, n, x int, include []int) []int {
	chosen := make(map[int]bool, x)
	for _, v := range include {
		chosen[v] = true
	}
	out := slices.Clone(include)
	// Draw until x numbers are chosen; redrawing taken numbers keeps the
	// choice uniform over the remaining ones.
	for len(out) < x {
		v := 1 + rng.IntN(n)
		if !chosen[v] {
			chosen[v] = true
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// hasProgression reports whether the sorted set holds a k-term progression.
// index is scratch space of length ≥ max(set)+1.
func hasProgression(set []int, index []int32, k int) bool {
	for i := range index {
		index[i] = -1
	}
	for i, v := range set {
		index[v] = int32(i)
	}
	maxV := set[len(set)-1]
	for i, a := range set {
		for j := i + 1; j < len(set); j++ {
			d := set[j] - a
			if a+(k-1)*d > maxV {
				break
			}
			t := 2
			for t < k && index[a+t*d] >= 0 {
				t++
			}
			if t == k {
				return true
			}
		}
	}
	return false
}

// Type describes the game.
func (g *Game) Type() *game.Type { return g.typ }

// String is the canonical game string: ap(x=X,k=K,seed=S), or
// ap(k=K,set=...) for a given set.
func (g *Game) String() string {
	if g.explicit {
		return fmt.Sprintf("ap(k=%d,set=%s)", g.k, game.JoinInts(g.set))
	}
	return fmt.Sprintf("ap(x=%d,k=%d,seed=%d)", len(g.set), g.k, g.seed)
}

// Rules says the rules with this game's k and set (game.Ruler).
func (g *Game) Rules() string {
	return rules(fmt.Sprintf("the set of %d", len(g.set)), strconv.Itoa(g.k), exampleProgression(g.k))
}

// exampleProgression writes a k-term progression to show what one is:
// 3, 7, 11 for k = 3.
func exampleProgression(k int) string {
	terms := make([]int, k)
	for i := range terms {
		terms[i] = 3 + 4*i
	}
	return strings.Trim(strings.ReplaceAll(fmt.Sprint(terms), " ", ", "), "[]")
}

// K returns the progression length.
func (g *Game) K() int { return g.k }

// Set returns the playing set, increasing (a copy).
func (g *Game) Set() []int { return slices.Clone(g.set) }

// NumProgressions returns the number of k-term progressions inside the set.
func (g *Game) NumProgressions() int { return len(g.progs) / g.k }

// Progression returns the numbers of progression a (0 ≤ a < NumProgressions),
// increasing. Progressions are ordered by first number, then by difference.
func (g *Game) Progression(a int) []int {
	out := make([]int, g.k)
	for t, e := range g.progs[a*g.k : a*g.k+g.k] {
		out[t] = g.set[e]
	}
	return out
}

// Progressions returns every k-term progression inside the set (see Progression).
func (g *Game) Progressions() [][]int {
	out := make([][]int, g.NumProgressions())
	for a := range out {
		out[a] = g.Progression(a)
	}
	return out
}

// ProgressionsThrough returns how many progressions hold the number v (0 when
// v is not in the set).
func (g *Game) ProgressionsThrough(v int) int {
	i := g.indexOf(v)
	if i < 0 {
		return 0
	}
	return int(g.start[i+1] - g.start[i])
}

func (g *Game) indexOf(v int) int {
	if v < 0 || v >= len(g.index) {
		return -1
	}
	return int(g.index[v])
}

// NewInitialState returns the uncoloured set with red (P1) to move.
func (g *Game) NewInitialState() game.State { return g.newState() }

func (g *Game) newState() *State {
	np := g.NumProgressions()
	s := &State{
		g:       g,
		colour:  make([]int8, len(g.set)),
		cnt:     make([]uint8, 2*np),
		thr:     [2][]int16{make([]int16, len(g.set)), make([]int16, len(g.set))},
		winner:  -1,
		nearPos: make([]int32, 2*np),
		key:     g.zobrist[2*len(g.set)],
	}
	for i := range s.colour {
		s.colour[i] = none
	}
	for i := range s.nearPos {
		s.nearPos[i] = -1
	}
	s.live = [2]int{np, np}
	s.score = [2]int64{int64(np) * g.weight[0], int64(np) * g.weight[0]}
	return s
}

// ParsePosition reads a position: the numbers of P1 (red) and of P2 (blue)
// separated by '/', each list separated by spaces, ',' or ';', e.g.
// "3 17 / 5" (State.Position writes it). The player to move follows from the
// counts: P1 when both hold as many numbers, P2 when P1 holds one more. A
// finished position is read when play can reach it (see checkReachable).
func (g *Game) ParsePosition(text string) (game.State, error) {
	before, after, ok := strings.Cut(text, "/")
	if !ok {
		return nil, fmt.Errorf("position %q: want P1's numbers / P2's numbers, e.g. \"3 17 / 5\"", text)
	}
	s := g.newState()
	counts := [2]int{}
	for p, part := range []string{before, after} {
		for _, f := range strings.FieldsFunc(part, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' }) {
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("position %q: %q is not a whole number", text, f)
			}
			i := g.indexOf(v)
			if i < 0 {
				return nil, fmt.Errorf("position %q: %d is not in the set %s", text, v, game.JoinInts(g.set))
			}
			if s.colour[i] != none {
				return nil, fmt.Errorf("position %q: %d is listed twice", text, v)
			}
			s.colourIndex(i, int8(p))
			counts[p]++
		}
	}
	if counts[0] != counts[1] && counts[0] != counts[1]+1 {
		return nil, fmt.Errorf("position %q: P1 has %d numbers and P2 %d; P1 moves first, so P1 holds as many as P2 or one more", text, counts[0], counts[1])
	}
	if counts[0] > counts[1] {
		s.turn = 1
		s.key ^= g.zobrist[2*len(g.set)]
	}
	s.moves = counts[0] + counts[1]
	if err := s.checkReachable(); err != nil {
		return nil, fmt.Errorf("position %q: %w", text, err)
	}
	return s, nil
}

// checkReachable makes sure that a finished position read by ParsePosition
// can arise in play: the player who moved last finished the game with that
// move. A won position has one winner, who moved last, and a number common
// to all their complete progressions (the winning move); the progression
// shown is then the first of them, as in play. A drawn position has a number
// of the last mover without which the game was still open.
func (s *State) checkReachable() error {
	g := s.g
	last := int8(1 - s.turn)
	owned := [2][]int32{}
	for a := range int32(g.NumProgressions()) {
		for p := range 2 {
			if int(s.cnt[2*a+int32(p)]) == g.k {
				owned[p] = append(owned[p], a)
			}
		}
	}
	if len(owned[0]) > 0 && len(owned[1]) > 0 {
		return fmt.Errorf("both players own a progression (%s and %s); the game ends at the first", joinSpaced(g.Progression(int(owned[0][0]))), joinSpaced(g.Progression(int(owned[1][0]))))
	}
	for p := range int8(2) {
		if len(owned[p]) == 0 {
			continue
		}
		if p != last {
			return fmt.Errorf("%s owns the progression %s but %s moved last; the game ended when %s completed it",
				game.SeatName(game.Player(p)), joinSpaced(g.Progression(int(owned[p][0]))), game.SeatName(game.Player(last)), game.SeatName(game.Player(p)))
		}
		if s.commonNumber(owned[p]) < 0 {
			var list []string
			for _, a := range owned[p] {
				list = append(list, joinSpaced(g.Progression(int(a))))
			}
			return fmt.Errorf("%s owns the progressions %s, which no single move completes together; the game ended at the first",
				game.SeatName(game.Player(p)), strings.Join(list, ", "))
		}
		s.winner, s.winProg = p, owned[p][0]
		return nil
	}
	if !s.IsTerminal() {
		return nil
	}
	c := s.clone()
	for i, col := range c.colour {
		if col != last {
			continue
		}
		c.uncolourIndex(i)
		open := c.live[0] > 0 || c.live[1] > 0
		c.colourIndex(i, last)
		if open {
			return nil
		}
	}
	return fmt.Errorf("the game was already drawn before %s's last number: every progression held both colours", game.SeatName(game.Player(last)))
}

// commonNumber returns an index lying in every one of the progressions, or -1.
func (s *State) commonNumber(progs []int32) int {
	k := s.g.k
	for _, e := range s.g.progs[int(progs[0])*k : int(progs[0])*k+k] {
		in := true
		for _, a := range progs[1:] {
			found := false
			for _, f := range s.g.progs[int(a)*k : int(a)*k+k] {
				found = found || f == e
			}
			in = in && found
		}
		if in {
			return int(e)
		}
	}
	return -1
}
