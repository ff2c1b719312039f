package nim

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxLegalMoves bounds the number of legal moves of a playable Nim_k
// position (the moves of up to k heaps multiply).
const MaxLegalMoves = 1_000_000

// NewKType returns the type of Moore's Index-k Nim.
func NewKType() *game.Type {
	return describeNimK(&game.Type{
		Name: "nimk",
		Doc:  "Moore's Index-k Nim: take tokens from at least one and at most k heaps; taking the last token wins",
		Params: []game.ParamSpec{
			{Name: "piles", Kind: game.IntList, Default: "3;4;5", HasMin: true, Min: 0, HasMax: true, Max: MaxHeap, MinItems: 1, Doc: "heap sizes, e.g. 3;4;5;6"},
			{Name: "k", Kind: game.Int, Default: "2", HasMin: true, Min: 1, HasMax: true, Max: 64, Doc: "the most heaps a move may take from (k = 1: plain Nim)"},
		},
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return NewK(p.Ints("piles"), p.Int("k"))
		},
	})
}

// KGame is Index-k Nim with fixed starting heaps.
type KGame struct {
	typ   *game.Type
	piles []int
	k     int
}

// NewK returns Index-k Nim from the given heaps.
func NewK(piles []int, k int) (*KGame, error) {
	if len(piles) == 0 || len(piles) > MaxHeaps {
		return nil, fmt.Errorf("%d heaps: want 1 to %d", len(piles), MaxHeaps)
	}
	if k < 1 {
		return nil, fmt.Errorf("k = %d: want k ≥ 1", k)
	}
	for i, h := range piles {
		if h < 0 || h > MaxHeap {
			return nil, fmt.Errorf("heap %d has %d tokens; allowed: 0 to %d", i+1, h, MaxHeap)
		}
	}
	g := &KGame{typ: NewKType(), piles: append([]int(nil), piles...), k: k}
	if n := g.newState(piles).count(); n > MaxLegalMoves {
		return nil, fmt.Errorf("heaps %s with k = %d have %s legal moves; at most %d are allowed", game.Clip(game.JoinInts(piles)), k, movesCount(n), MaxLegalMoves)
	}
	return g, nil
}

// Type describes Index-k Nim.
func (g *KGame) Type() *game.Type { return g.typ }

// HowToMove says how to move with this game's k (game.HowToMover); with k
// at least the number of heaps, a move takes from any number of them.
func (g *KGame) HowToMove() [2]string {
	switch {
	case g.k == 1:
		return both(nimHowToMove) // plain Nim
	case g.k >= len(g.piles):
		return both("Take tokens from one heap, or from any number of heaps at once.")
	}
	return kHowToMove(strconv.Itoa(g.k))
}

// K returns the most heaps a move may take from.
func (g *KGame) K() int { return g.k }

// Rules says Moore's rules with this game's k (game.Ruler).
func (g *KGame) Rules() string {
	if g.k == 1 {
		return nimRules
	}
	return kRules(strconv.Itoa(g.k))
}

// String is the canonical game string.
func (g *KGame) String() string {
	return fmt.Sprintf("nimk(piles=%s,k=%d)", game.JoinInts(g.piles), g.k)
}

// NewInitialState returns the starting heaps with the first player to move.
func (g *KGame) NewInitialState() game.State { return g.newState(g.piles) }

func (g *KGame) newState(heaps []int) *KState {
	return &KState{g: g, heapRow: newHeapRow(heaps, 0)}
}

// ParsePosition reads heap sizes separated by ';', e.g. "7;5;12", with the
// first player to move, or followed by " P2" when the second player is to
// move, as Position writes it.
func (g *KGame) ParsePosition(text string) (game.State, error) {
	heaps, turn, _, err := parseHeapPosition(text)
	if err != nil {
		return nil, err
	}
	s := g.newState(heaps)
	s.turn = turn
	if n := s.count(); n > MaxLegalMoves {
		return nil, fmt.Errorf("position %q has %s legal moves with k = %d; at most %d are allowed", game.Clip(text), movesCount(n), g.k, MaxLegalMoves)
	}
	return s, nil
}

// KState is an Index-k Nim position. A move is the tuple of tokens taken
// from every heap (at most k of them non-zero); Move values are the ranks
// of these tuples among the position's legal moves, compared from the last
// heap to the first (so 1:1, 1:2, ..., 2:1, 1:1+2:1, ... come in that
// order), and LegalMoves is 0, 1, ..., N−1.
type KState struct {
	heapRow
	g   *KGame
	cnt []uint64 // cnt[i*(k+1)+j]: ways to fill heaps i.. with ≤ j non-zero takes
}

// K returns the most heaps a move may take from.
func (s *KState) K() int { return s.g.k }

// counts fills cnt: C(i, j), the ways to take from the heaps at positions
// i.. of the order last heap first, with at most j of them non-zero:
// C(i, j) = C(i+1, j) + h·C(i+1, j−1), C(H, j) = 1, saturating at 2⁶².
func (s *KState) counts() []uint64 {
	if s.cnt != nil {
		return s.cnt
	}
	k, h := s.g.k, len(s.heaps)
	c := make([]uint64, (h+1)*(k+1))
	for j := 0; j <= k; j++ {
		c[h*(k+1)+j] = 1
	}
	const sat = 1 << 62
	for i := h - 1; i >= 0; i-- {
		for j := 0; j <= k; j++ {
			v := c[(i+1)*(k+1)+j]
			if j > 0 {
				hi, lo := bits.Mul64(uint64(s.heaps[h-1-i]), c[(i+1)*(k+1)+j-1])
				if hi != 0 || lo > sat {
					lo = sat
				}
				v = min(v+lo, sat)
			}
			c[i*(k+1)+j] = v
		}
	}
	s.cnt = c
	return c
}

func (s *KState) c(i, j int) uint64 {
	if j < 0 {
		return 0
	}
	return s.counts()[i*(s.g.k+1)+j]
}

// count returns the number of legal moves (saturating: see counts).
func (s *KState) count() uint64 { return s.c(0, s.g.k) - 1 }

// movesCount writes a count of legal moves, which count saturates.
func movesCount(n uint64) string {
	if n >= 1<<62-1 {
		return "more than 4·10^18"
	}
	return strconv.FormatUint(n, 10)
}

// Rank returns the Move of a tuple of takes, the tokens taken from every
// heap (which must be a legal move).
func (s *KState) Rank(take []int) game.Move { return s.rank(take) }

// Takes returns the tuple of takes of move m, the tokens taken from every
// heap, or false when m is not a legal move.
func (s *KState) Takes(m game.Move) ([]int, bool) { return s.unrank(m) }

// rank returns the Move of a tuple of takes (which must be legal).
func (s *KState) rank(take []int) game.Move {
	var r uint64
	j := s.g.k
	for i := range take {
		t := take[len(take)-1-i]
		if t > 0 {
			r += s.c(i+1, j) + uint64(t-1)*s.c(i+1, j-1)
			j--
		}
	}
	return game.Move(r - 1)
}

// unrank returns the takes of move m, or false when m is not a legal move.
func (s *KState) unrank(m game.Move) ([]int, bool) {
	if uint64(m) >= s.count() {
		return nil, false
	}
	r := uint64(m) + 1
	take := make([]int, len(s.heaps))
	j := s.g.k
	for i := range s.heaps {
		c0 := s.c(i+1, j)
		if r < c0 {
			continue
		}
		r -= c0
		c1 := s.c(i+1, j-1)
		take[len(take)-1-i] = 1 + int(r/c1)
		r %= c1
		j--
	}
	return take, true
}

// Player returns the player to move, or game.Terminal when every heap is empty.
func (s *KState) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether every heap is empty.
func (s *KState) IsTerminal() bool { return s.empty() }

// LegalMoves appends 0, 1, ..., N−1: the ranks of the legal moves. N is at
// most MaxLegalMoves (NewK and ParsePosition refuse larger positions).
func (s *KState) LegalMoves(buf []game.Move) []game.Move {
	if s.IsTerminal() {
		return buf
	}
	n := s.count()
	for m := uint64(0); m < n; m++ {
		buf = append(buf, game.Move(m))
	}
	return buf
}

// Apply plays m after checking that it is a legal move.
func (s *KState) Apply(m game.Move) error {
	if s.IsTerminal() {
		return fmt.Errorf("the game is over")
	}
	take, ok := s.unrank(m)
	if !ok {
		return fmt.Errorf("move %d: the position has only %d legal moves", m, s.count())
	}
	s.applyTake(take)
	return nil
}

func (s *KState) applyTake(take []int) {
	for i, t := range take {
		s.heaps[i] -= t
	}
	s.cnt = nil
	s.pass()
}

// Clone returns an independent copy.
func (s *KState) Clone() game.State {
	c := *s
	c.heapRow = s.copyRow()
	return &c
}

// Returns: whoever takes the last token wins.
func (s *KState) Returns() []float64 { return s.returns(s.IsTerminal(), false) }

// Key hashes the heaps and the player to move.
func (s *KState) Key() uint64 { return s.key(0x6e696d6b) }

// MoveString writes the heaps taken from as HEAP:COUNT joined by '+', e.g. "1:2+3:1".
func (s *KState) MoveString(m game.Move) string {
	take, ok := s.unrank(m)
	if !ok {
		return fmt.Sprintf("#%d", m)
	}
	return TakeString(take)
}

// TakeString writes a tuple of takes as HEAP:COUNT pairs joined by '+',
// heaps numbered from 1, e.g. "1:2+3:1".
func TakeString(take []int) string {
	var parts []string
	for i, t := range take {
		if t > 0 {
			parts = append(parts, fmt.Sprintf("%d:%d", i+1, t))
		}
	}
	return strings.Join(parts, "+")
}

// ParseMove reads HEAP:COUNT pairs joined by '+' (or spaces or commas),
// e.g. "1:2+3:1": take 2 from heap 1 and 1 from heap 3.
func (s *KState) ParseMove(text string) (game.Move, error) {
	want := fmt.Errorf("%q: want HEAP:COUNT pairs joined by '+', e.g. 1:2+3:1 (take 2 from heap 1 and 1 from heap 3)", short(text))
	// Pairs are joined by '+' or ',' (or spaces); a joiner needs a pair on
	// each side ("1:1+" is refused, not read as 1:1).
	t := strings.ReplaceAll(strings.TrimSpace(text), ",", "+")
	if strings.HasPrefix(t, "+") || strings.HasSuffix(t, "+") || strings.Contains(strings.Join(strings.Fields(t), ""), "++") {
		return 0, fmt.Errorf("%q: a '+' or ',' with no HEAP:COUNT pair on one side; want pairs joined by '+', e.g. 1:2+3:1", short(text))
	}
	var fields []string
	for _, joined := range strings.Split(t, "+") {
		fields = append(fields, strings.Fields(joined)...)
	}
	if len(fields) == 0 {
		return 0, want
	}
	if len(fields) > s.g.k {
		return 0, fmt.Errorf("%q: a move takes from at most k = %d heaps, not %d", short(text), s.g.k, len(fields))
	}
	take := make([]int, len(s.heaps))
	for _, f := range fields {
		hs, cs, ok := strings.Cut(f, ":")
		i, err1 := strconv.Atoi(hs)
		t, err2 := strconv.Atoi(cs)
		switch {
		case (!ok || err1 != nil || err2 != nil) && len(fields) == 1:
			return 0, want
		case !ok || err1 != nil || err2 != nil:
			return 0, fmt.Errorf("%q: %q is not HEAP:COUNT, e.g. 2:3", short(text), short(f))
		}
		if err := s.addTake(take, i-1, t); err != nil {
			return 0, fmt.Errorf("%q: %w", short(text), err)
		}
	}
	return s.rank(take), nil
}

// addTake records "take t from heap i (from 0)" in take after checking it.
func (s *KState) addTake(take []int, i, t int) error {
	switch {
	case i < 0 || i >= len(s.heaps):
		return fmt.Errorf("there is no heap %d (heaps are 1 to %d)", i+1, len(s.heaps))
	case take[i] != 0:
		return fmt.Errorf("heap %d appears twice", i+1)
	case t < 1:
		return fmt.Errorf("take at least one token from heap %d", i+1)
	case t > s.heaps[i]:
		return game.CannotTake(i+1, s.heaps[i], t)
	}
	take[i] = t
	return nil
}

// MoveParts returns a heap (from 0) and an amount for every heap taken
// from, in heap order.
func (s *KState) MoveParts(m game.Move) []game.Part {
	take, ok := s.unrank(m)
	if !ok {
		return nil
	}
	var parts []game.Part
	for i, t := range take {
		if t > 0 {
			parts = append(parts, heapAmountParts(i, t)...)
		}
	}
	return parts
}

// MoveFromParts builds the move from pairs of parts (a heap, then the
// amount taken from it), for 1 to k heaps.
func (s *KState) MoveFromParts(parts []game.Part) (game.Move, error) {
	if s.IsTerminal() {
		return 0, fmt.Errorf("the game is over")
	}
	if len(parts) == 0 || len(parts)%2 != 0 || len(parts) > 2*s.g.k {
		return 0, fmt.Errorf("want 1 to k = %d pairs of parts (a heap, then an amount), got %d parts", s.g.k, len(parts))
	}
	take := make([]int, len(s.heaps))
	for p := 0; p < len(parts); p += 2 {
		i, t, err := heapAnd(parts[p:p+2], game.PartAmount, len(s.heaps))
		if err != nil {
			return 0, err
		}
		if err := s.addTake(take, i, t); err != nil {
			return 0, err
		}
	}
	return s.rank(take), nil
}

// MoveCount returns the number of legal moves.
func (s *KState) MoveCount() int64 {
	if s.IsTerminal() {
		return 0
	}
	return int64(s.count())
}

// MoveAt returns LegalMoves' i-th move (from 0): moves are their ranks.
func (s *KState) MoveAt(i int64) game.Move { return game.Move(i) }

// Position writes the heaps separated by ';', then " P2" when the second
// player is to move (see ParsePosition).
func (s *KState) Position() string { return s.position(0) }

// View returns the heaps.
func (s *KState) View() game.View { return s.view(s.g.typ, s) }

// MoveHelp explains the notation.
func (s *KState) MoveHelp() string {
	return fmt.Sprintf("Type HEAP:COUNT pairs joined by '+' to take COUNT tokens from each HEAP, from 1 to k = %d heaps, e.g. 1:2+3:1.", s.g.k)
}

// String draws the heaps, one per line.
func (s *KState) String() string { return s.draw(s.IsTerminal(), "no move is left") }
