package nim

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
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
		return nil, fmt.Errorf("heaps %s with k = %d have %d legal moves; at most %d are allowed", game.JoinInts(piles), k, n, MaxLegalMoves)
	}
	return g, nil
}

// Type describes Index-k Nim.
func (g *KGame) Type() *game.Type { return g.typ }

// K returns the most heaps a move may take from.
func (g *KGame) K() int { return g.k }

// String is the canonical game string.
func (g *KGame) String() string {
	return fmt.Sprintf("nimk(piles=%s,k=%d)", game.JoinInts(g.piles), g.k)
}

// NewInitialState returns the starting heaps with the first player to move.
func (g *KGame) NewInitialState() game.State { return g.newState(g.piles) }

func (g *KGame) newState(heaps []int) *KState {
	return &KState{g: g, heaps: append([]int(nil), heaps...)}
}

// ParsePosition reads heap sizes separated by ';', e.g. "7;5;12", with the
// first player to move, or followed by " P2" when the second player is to
// move, as Position writes it.
func (g *KGame) ParsePosition(text string) (game.State, error) {
	rest, turn, _ := splitTurn(text)
	heaps, err := ParseHeaps(rest)
	if err != nil {
		return nil, err
	}
	s := g.newState(heaps)
	s.turn = turn
	if n := s.count(); n > MaxLegalMoves {
		return nil, fmt.Errorf("position %q has %d legal moves with k = %d; at most %d are allowed", text, n, g.k, MaxLegalMoves)
	}
	return s, nil
}

// KState is an Index-k Nim position. A move is the tuple of tokens taken
// from every heap (at most k of them non-zero); Move values are the ranks
// of these tuples among the position's legal moves, compared from the last
// heap to the first (so 1:1, 1:2, ..., 2:1, 1:1+2:1, ... come in that
// order), and LegalMoves is 0, 1, ..., N−1.
type KState struct {
	g     *KGame
	heaps []int
	turn  game.Player
	moves int
	cnt   []uint64 // cnt[i*(k+1)+j]: ways to fill heaps i.. with ≤ j non-zero takes
}

// Heaps returns the heap sizes (do not modify).
func (s *KState) Heaps() []int { return s.heaps }

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

// count returns the number of legal moves.
func (s *KState) count() uint64 { return s.c(0, s.g.k) - 1 }

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
func (s *KState) IsTerminal() bool {
	for _, h := range s.heaps {
		if h > 0 {
			return false
		}
	}
	return true
}

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
	s.turn = 1 - s.turn
	s.moves++
}

// Clone returns an independent copy.
func (s *KState) Clone() game.State {
	c := *s
	c.heaps = append([]int(nil), s.heaps...)
	return &c
}

// Returns: whoever takes the last token wins.
func (s *KState) Returns() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	r := []float64{0, 0}
	r[s.turn], r[1-s.turn] = -1, 1
	return r
}

// Key hashes the heaps and the player to move.
func (s *KState) Key() uint64 {
	h := game.HashMix(0x6e696d6b, uint64(s.turn))
	for _, x := range s.heaps {
		h = game.HashMix(h, uint64(x))
	}
	return h
}

// MoveString writes the heaps taken from as HEAP:COUNT joined by '+', e.g. "1:2+3:1".
func (s *KState) MoveString(m game.Move) string {
	take, ok := s.unrank(m)
	if !ok {
		return fmt.Sprintf("#%d", m)
	}
	return takeString(take)
}

func takeString(take []int) string {
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
	fields := strings.FieldsFunc(strings.TrimSpace(text), func(r rune) bool { return r == '+' || r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return 0, fmt.Errorf("%q: want HEAP:COUNT pairs joined by '+', e.g. 1:2+3:1", short(text))
	}
	if len(fields) > s.g.k {
		return 0, fmt.Errorf("%q: a move takes from at most k = %d heaps, not %d", short(text), s.g.k, len(fields))
	}
	take := make([]int, len(s.heaps))
	for _, f := range fields {
		hs, cs, ok := strings.Cut(f, ":")
		i, err1 := strconv.Atoi(hs)
		t, err2 := strconv.Atoi(cs)
		if !ok || err1 != nil || err2 != nil {
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
		return fmt.Errorf("heap %d has only %d tokens, cannot take %d", i+1, s.heaps[i], t)
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
func (s *KState) Position() string { return heapsPosition(s.heaps, s.turn, 0) }

// View returns the heaps.
func (s *KState) View() game.View { return heapsView(s.g.typ, s, s.heaps) }

// MoveHelp explains the notation.
func (s *KState) MoveHelp() string {
	return fmt.Sprintf("Type HEAP:COUNT pairs joined by '+' to take COUNT tokens from each HEAP, from 1 to k = %d heaps, e.g. 1:2+3:1.", s.g.k)
}

// String draws the heaps, one per line.
func (s *KState) String() string {
	return drawHeaps(s.heaps, s.turn, s.IsTerminal(), "no move is left")
}

// ---- Moore's theory ----

// DigitSums returns, for every binary digit (least significant first), the
// number of heaps with that digit set.
func DigitSums(heaps []int) []int {
	var sums []int
	for _, h := range heaps {
		for b := 0; h>>b > 0; b++ {
			for len(sums) <= b {
				sums = append(sums, 0)
			}
			sums[b] += h >> b & 1
		}
	}
	return sums
}

// IsMooreP reports whether the player to move loses in Index-k Nim: by
// Moore's theorem, exactly when every binary digit sum of the heaps is
// divisible by k+1.
func IsMooreP(heaps []int, k int) bool {
	for _, s := range DigitSums(heaps) {
		if s%(k+1) != 0 {
			return false
		}
	}
	return true
}

// MooreMove returns the new heap sizes after a winning move by Moore's
// construction, or nil in a P-position. It goes down the binary digits
// keeping a set S of heaps already reduced (whose lower digits are free):
// when the free heaps cannot bring the digit sum to a multiple of k+1, it
// reduces r more heaps with that digit set (r = the sum mod k+1), which
// never makes |S| exceed k.
func MooreMove(heaps []int, k int) []int {
	if IsMooreP(heaps, k) {
		return nil
	}
	top := 0
	for _, h := range heaps {
		top = max(top, bits.Len(uint(h)))
	}
	nh := append([]int(nil), heaps...)
	free := make([]bool, len(heaps))
	var S []int
	for b := top - 1; b >= 0; b-- {
		m := 0
		for i, h := range heaps {
			if !free[i] && h>>b&1 == 1 {
				m++
			}
		}
		r := m % (k + 1)
		need := (k + 1 - r) % (k + 1)
		if need <= len(S) {
			for idx, i := range S {
				if idx < need {
					nh[i] |= 1 << b
				} else {
					nh[i] &^= 1 << b
				}
			}
			continue
		}
		for _, i := range S {
			nh[i] &^= 1 << b
		}
		for i, h := range heaps {
			if r == 0 {
				break
			}
			if !free[i] && h>>b&1 == 1 {
				free[i] = true
				nh[i] &^= 1 << b
				S = append(S, i)
				r--
			}
		}
	}
	return nh
}

// kWinningTakes lists every winning move as a tuple of takes, in move order.
func kWinningTakes(heaps []int, k int) [][]int {
	var out [][]int
	sums := DigitSums(heaps)
	take := make([]int, len(heaps))
	work := append([]int(nil), sums...)
	var rec func(i, left int, any bool) // i counts heaps from the last
	rec = func(i, left int, any bool) {
		if i == len(heaps) {
			if !any {
				return
			}
			for _, s := range work {
				if s%(k+1) != 0 {
					return
				}
			}
			out = append(out, append([]int(nil), take...))
			return
		}
		rec(i+1, left, any)
		if left == 0 {
			return
		}
		x := len(heaps) - 1 - i
		h := heaps[x]
		for t := 1; t <= h; t++ {
			take[x] = t
			nv := h - t
			for b := range work {
				work[b] += (nv>>b&1 - h>>b&1)
			}
			rec(i+1, left-1, true)
			for b := range work {
				work[b] -= (nv>>b&1 - h>>b&1)
			}
		}
		take[x] = 0
	}
	rec(0, k, false)
	return out
}

// KPerfect plays Moore's strategy in Index-k Nim: a winning move whenever
// one exists; in a P-position it takes one token from a largest heap.
type KPerfect struct{}

// Act returns the perfect move.
func (KPerfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s, ok := st.(*KState)
	if !ok {
		return 0, fmt.Errorf("nimk perfect: not a nimk state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("nimk perfect: no legal move")
	}
	take := make([]int, len(s.heaps))
	if nh := MooreMove(s.heaps, s.g.k); nh != nil {
		for i := range nh {
			take[i] = s.heaps[i] - nh[i]
		}
	} else {
		best := 0
		for i, h := range s.heaps {
			if h > s.heaps[best] {
				best = i
			}
		}
		take[best] = 1
	}
	return s.rank(take), nil
}

func mooreTable(heaps []int, k int) (string, []int) {
	sums := DigitSums(heaps)
	w := max(1, len(sums))
	var b strings.Builder
	fmt.Fprintf(&b, "  heap %8s  %s\n", "tokens", "binary")
	for i, h := range heaps[:min(len(heaps), shownHeaps)] {
		fmt.Fprintf(&b, "  %4d %8d  %s\n", i+1, h, spaced(fmt.Sprintf("%0*b", w, h)))
	}
	if len(heaps) > shownHeaps {
		fmt.Fprintf(&b, "  … %d more heaps\n", len(heaps)-shownHeaps)
	}
	fmt.Fprintf(&b, "  %s\n", strings.Repeat("-", 16+2*w))
	top := make([]int, w)
	var s, m []string
	for i := range w {
		v := 0
		if w-1-i < len(sums) {
			v = sums[w-1-i]
		}
		top[i] = v
		s = append(s, strconv.Itoa(v))
		m = append(m, strconv.Itoa(v%(k+1)))
	}
	fmt.Fprintf(&b, "  digit sums     %s\n", strings.Join(s, " "))
	fmt.Fprintf(&b, "  mod k+1 = %-3d  %s", k+1, strings.Join(m, " "))
	return b.String(), top
}

func spaced(s string) string { return strings.Join(strings.Split(s, ""), " ") }

// Solve decides an Index-k Nim position by Moore's theorem and explains
// it: the binary digits, the digit sums modulo k+1, the reasoning and every
// winning move. The value is the Grundy value where it is known: the
// nim-sum for k = 1 (plain Nim), else nil. Extra fields: heaps, k,
// digit_sums (most significant digit first), reason.
func (g *KGame) Solve(_ context.Context, st game.State, _ solve.Options) (*solve.Result, error) {
	s, ok := st.(*KState)
	if !ok {
		return nil, fmt.Errorf("nimk solve: not a nimk state")
	}
	table, top := mooreTable(s.heaps, g.k)
	extra := map[string]any{"heaps": append([]int(nil), s.heaps...), "k": g.k, "digit_sums": top}
	if s.IsTerminal() {
		r := terminalResult(s, g.value(s.heaps), fmt.Sprintf("Every heap is empty: the game is over, %s took the last token and wins.\n", game.SeatName(1-s.turn)))
		r.Extra = extra
		return r, nil
	}
	var best []game.Move
	for _, t := range kWinningTakes(s.heaps, g.k) {
		best = append(best, s.rank(t))
	}
	r := &solve.Result{Outcome: winLoss(len(best) > 0), Value: g.value(s.heaps), Best: best, Complete: true, Extra: extra, Nodes: int64(s.count())}
	var why string
	if len(best) == 0 {
		why = fmt.Sprintf("Moore's theorem: the player to move loses exactly when every binary digit sum is divisible by k+1 = %d.\n"+
			"Here they all are: a move changes at most k heaps, and for the highest digit it changes, it lowers\n"+
			"between 1 and k of the ones, so that sum stops being divisible; the opponent can always restore it.", g.k+1)
	} else {
		nh := MooreMove(s.heaps, g.k)
		take := make([]int, len(nh))
		for i := range nh {
			take[i] = s.heaps[i] - nh[i]
		}
		why = fmt.Sprintf("Moore's theorem: the player to move loses exactly when every binary digit sum is divisible by k+1 = %d.\n"+
			"Not all are, so the player to move wins. Moore's construction goes down the digits, reducing at most k\n"+
			"heaps so that every digit sum becomes a multiple of %d: heaps %s → %s, the move %s.",
			g.k+1, g.k+1, joinSizes(s.heaps), joinSizes(nh), takeString(take))
	}
	extra["reason"] = why
	var b strings.Builder
	fmt.Fprintf(&b, "Heaps %s; a move takes from 1 to k = %d heaps; whoever takes the last token wins.\n\n%s\n%s\n", joinSizes(s.heaps), g.k, table, why)
	if len(best) > 0 {
		fmt.Fprintf(&b, "Winning moves (HEAP:COUNT joined by +): %s\n", moveTexts(s, best, 30))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", r.Outcome)
	r.Text = b.String()
	return r, nil
}

// value is the Grundy value of heaps where it is known (k = 1: the
// nim-sum), else nil.
func (g *KGame) value(heaps []int) any {
	if g.k == 1 {
		return uint64(NimSum(heaps))
	}
	return nil
}

// Analyze values every move at once: a move wins when every digit sum it
// leaves is divisible by k+1 (Moore's theorem); its value is the Grundy
// value it leaves where known (k = 1), else nil.
func (g *KGame) Analyze(_ context.Context, st game.State, _ solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*KState)
	if !ok {
		return nil, fmt.Errorf("nimk analyze: not a nimk state")
	}
	if err := checkAnalyzable("nimk", s.MoveCount()); err != nil {
		return nil, err
	}
	var sums [64]int
	for b, v := range DigitSums(s.heaps) {
		sums[b] = v
	}
	sum := NimSum(s.heaps)
	return analysisOf(s, s.LegalMoves(nil), func(_ int, m game.Move) (bool, any) {
		take, _ := s.unrank(m)
		after := sums
		for i, t := range take {
			if t > 0 {
				h, v := s.heaps[i], s.heaps[i]-t
				for b := 0; h>>b|v>>b != 0; b++ {
					after[b] += v>>b&1 - h>>b&1
				}
			}
		}
		win := true
		for _, c := range after {
			win = win && c%(g.k+1) == 0
		}
		if g.k != 1 {
			return win, nil
		}
		x := sum
		for i, t := range take {
			x ^= s.heaps[i] ^ (s.heaps[i] - t)
		}
		return win, uint64(x)
	}), nil
}
