package nim

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/kombi/kombi/game"
)

// MaxGrundyHeap is the largest heap a Grundy's game string or position accepts.
const MaxGrundyHeap = 1 << 20

// NewGrundyType returns the type of Grundy's game.
func NewGrundyType() *game.Type {
	return &game.Type{
		Name: "grundy",
		Doc:  "Grundy's game: split a heap into two unequal non-empty heaps; who cannot move loses",
		Params: []game.ParamSpec{
			{Name: "heap", Kind: game.Int, Default: "15", HasMin: true, Min: 1, HasMax: true, Max: MaxGrundyHeap, Doc: "the starting heap"},
		},
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return NewGrundy(p.Int("heap"))
		},
	}
}

// GrundyGame is Grundy's game from one heap; positions may hold any number
// of heaps. It caches the Grundy values it has needed and is safe for
// concurrent use.
type GrundyGame struct {
	typ  *game.Type
	heap int

	mu     sync.Mutex
	values []uint16
}

// NewGrundy returns Grundy's game starting from one heap of the given size.
func NewGrundy(heap int) (*GrundyGame, error) {
	if heap < 1 || heap > MaxGrundyHeap {
		return nil, fmt.Errorf("heap %d: allowed 1 to %d", heap, MaxGrundyHeap)
	}
	return &GrundyGame{typ: NewGrundyType(), heap: heap}, nil
}

// Type describes Grundy's game.
func (g *GrundyGame) Type() *game.Type { return g.typ }

// String is the canonical game string.
func (g *GrundyGame) String() string { return fmt.Sprintf("grundy(heap=%d)", g.heap) }

// NewInitialState returns the single heap with the first player to move.
func (g *GrundyGame) NewInitialState() game.State {
	return &GrundyState{g: g, heaps: []int{g.heap}}
}

// ParsePosition reads heap sizes separated by ';', e.g. "7;5;2".
func (g *GrundyGame) ParsePosition(text string) (game.State, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == ',' || r == ' ' })
	if len(fields) == 0 || len(fields) > 4096 {
		return nil, fmt.Errorf("position %q: want 1 to 4096 heap sizes separated by ';', e.g. 7;5;2", text)
	}
	heaps := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > MaxGrundyHeap {
			return nil, fmt.Errorf("position %q: heap %d is %q; want a whole number from 1 to %d", text, i+1, f, MaxGrundyHeap)
		}
		heaps[i] = n
	}
	return &GrundyState{g: g, heaps: heaps}, nil
}

// Values returns G(0..n) (or more), computing them by the sparse-space
// method the first time.
func (g *GrundyGame) Values(ctx context.Context, n int) ([]uint16, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.values) > n {
		return g.values, nil
	}
	t, err := GrundyValues(ctx, max(n+1, 2*len(g.values), 64), nil)
	if err != nil {
		return nil, err
	}
	g.values = t.Values
	return g.values, nil
}

// GrundyState is a position of Grundy's game: the heaps in play. Move
// Move(i, j) splits heap i into h−j and j (j < h−j); the larger part stays
// in place and the smaller one follows it. It implements game.Undoer and
// game.Hasher.
type GrundyState struct {
	g     *GrundyGame
	heaps []int
	turn  game.Player
	moves int
}

// Heaps returns the heap sizes (do not modify).
func (s *GrundyState) Heaps() []int { return s.heaps }

// Player returns the player to move, or game.Terminal when no heap can be split.
func (s *GrundyState) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether every heap has at most two tokens.
func (s *GrundyState) IsTerminal() bool { return maxHeap(s.heaps) <= 2 }

// LegalMoves appends the splits, heap by heap, smaller part increasing.
func (s *GrundyState) LegalMoves(buf []game.Move) []game.Move {
	for i, h := range s.heaps {
		for j := 1; 2*j < h; j++ {
			buf = append(buf, Move(i, j))
		}
	}
	return buf
}

func (s *GrundyState) check(m game.Move) error {
	i, j := unpack(m)
	switch {
	case s.IsTerminal():
		return fmt.Errorf("the game is over: every heap has at most two tokens")
	case i >= len(s.heaps):
		return fmt.Errorf("there is no heap %d (heaps are 1 to %d)", i+1, len(s.heaps))
	case j < 1 || 2*j >= s.heaps[i]:
		return fmt.Errorf("heap %d (%d tokens) cannot split off %d: the two parts must be non-empty and unequal", i+1, s.heaps[i], j)
	}
	return nil
}

// Apply splits a heap after checking the move.
func (s *GrundyState) Apply(m game.Move) error {
	if err := s.check(m); err != nil {
		return err
	}
	s.ApplyUnchecked(m)
	return nil
}

// ApplyUnchecked splits a heap without checking.
func (s *GrundyState) ApplyUnchecked(m game.Move) {
	i, j := unpack(m)
	s.heaps[i] -= j
	s.heaps = append(s.heaps, 0)
	copy(s.heaps[i+2:], s.heaps[i+1:])
	s.heaps[i+1] = j
	s.turn = 1 - s.turn
	s.moves++
}

// Undo joins the two parts of m, the last move applied.
func (s *GrundyState) Undo(m game.Move) {
	i, j := unpack(m)
	s.heaps[i] += j
	s.heaps = append(s.heaps[:i+1], s.heaps[i+2:]...)
	s.turn = 1 - s.turn
	s.moves--
}

// Clone returns an independent copy.
func (s *GrundyState) Clone() game.State {
	c := *s
	c.heaps = append([]int(nil), s.heaps...)
	return &c
}

// Returns: the player who cannot move loses.
func (s *GrundyState) Returns() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	r := []float64{0, 0}
	r[s.turn], r[1-s.turn] = -1, 1
	return r
}

// Key hashes the heaps and the player to move.
func (s *GrundyState) Key() uint64 {
	h := game.HashMix(0x6772756e, uint64(s.turn))
	for _, x := range s.heaps {
		h = game.HashMix(h, uint64(x))
	}
	return h
}

// MoveString writes "HEAP=A+B": heap HEAP splits into A (stays) and B.
func (s *GrundyState) MoveString(m game.Move) string {
	i, j := unpack(m)
	if i >= len(s.heaps) {
		return fmt.Sprintf("%d=?+%d", i+1, j)
	}
	return fmt.Sprintf("%d=%d+%d", i+1, s.heaps[i]-j, j)
}

// ParseMove reads "HEAP=A+B" (the parts in either order) or "HEAP:J"
// (split J tokens off heap HEAP).
func (s *GrundyState) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	bad := fmt.Errorf("%q: want HEAP=A+B (split heap HEAP into A and B), e.g. 1=9+6, or HEAP:J", text)
	var hs, rest string
	var ok bool
	if hs, rest, ok = strings.Cut(t, "="); !ok {
		if hs, rest, ok = strings.Cut(t, ":"); !ok {
			return 0, bad
		}
	}
	i, err := strconv.Atoi(strings.TrimSpace(hs))
	if err != nil {
		return 0, bad
	}
	if i < 1 || i > len(s.heaps) {
		return 0, fmt.Errorf("%q: there is no heap %d (heaps are 1 to %d)", text, i, len(s.heaps))
	}
	h := s.heaps[i-1]
	var j int
	if as, bs, plus := strings.Cut(rest, "+"); plus {
		a, err1 := strconv.Atoi(strings.TrimSpace(as))
		b, err2 := strconv.Atoi(strings.TrimSpace(bs))
		if err1 != nil || err2 != nil {
			return 0, bad
		}
		if a+b != h || a < 1 || b < 1 {
			return 0, fmt.Errorf("%q: heap %d has %d tokens; the parts must be positive and add up to %d", text, i, h, h)
		}
		j = min(a, b)
	} else {
		v, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || v < 1 || v >= h {
			return 0, fmt.Errorf("%q: split off 1 to %d tokens from heap %d", text, max(1, h-1), i)
		}
		j = min(v, h-v)
	}
	if 2*j == h {
		return 0, fmt.Errorf("%q: the two parts must be unequal", text)
	}
	return Move(i-1, j), nil
}

// MoveHelp explains the notation.
func (s *GrundyState) MoveHelp() string {
	return "Type HEAP=A+B to split heap HEAP into unequal parts A and B, e.g. 1=9+6 (or HEAP:B)."
}

// String lists the heaps.
func (s *GrundyState) String() string {
	parts := make([]string, len(s.heaps))
	for i, h := range s.heaps {
		parts[i] = strconv.Itoa(h)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "heaps: %s\n", strings.Join(parts, " "))
	if s.IsTerminal() {
		b.WriteString("no heap can be split")
	} else {
		fmt.Fprintf(&b, "%s to move", game.SeatName(s.turn))
	}
	return b.String()
}

// grundyWinning returns every move to a position of Grundy value 0, given
// the values, in LegalMoves order.
func grundyWinning(s *GrundyState, vals []uint16) []game.Move {
	total := 0
	for _, h := range s.heaps {
		total ^= int(vals[h])
	}
	var out []game.Move
	if total == 0 {
		return nil
	}
	for i, h := range s.heaps {
		want := total ^ int(vals[h]) // the split must have this value
		for j := 1; 2*j < h; j++ {
			if int(vals[j]^vals[h-j]) == want {
				out = append(out, Move(i, j))
			}
		}
	}
	return out
}

// GrundyPerfect plays Grundy's game by the Sprague–Grundy theory: a move to
// a position of value 0 whenever one exists; otherwise the first legal move.
type GrundyPerfect struct{ g *GrundyGame }

// Act returns the perfect move.
func (p GrundyPerfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*GrundyState)
	if !ok {
		return 0, fmt.Errorf("grundy perfect: not a grundy state")
	}
	moves := s.LegalMoves(nil)
	if len(moves) == 0 {
		return 0, fmt.Errorf("grundy perfect: no legal move")
	}
	vals, err := s.g.Values(ctx, maxHeap(s.heaps))
	if err != nil {
		return 0, fmt.Errorf("grundy perfect: %w", err)
	}
	// The first winning move, found without listing them all.
	total := 0
	for _, h := range s.heaps {
		total ^= int(vals[h])
	}
	if total != 0 {
		for i, h := range s.heaps {
			want := total ^ int(vals[h])
			for j := 1; 2*j < h; j++ {
				if int(vals[j]^vals[h-j]) == want {
					return Move(i, j), nil
				}
			}
		}
	}
	return moves[0], nil
}

// GrundyAnalysis explains a position of Grundy's game.
type GrundyAnalysis struct {
	Game      string   `json:"game"`
	Heaps     []int    `json:"heaps"`
	Values    []int    `json:"grundy_values"`
	NimSum    int      `json:"nim_sum"`
	Outcome   string   `json:"outcome"`
	BestMoves []string `json:"best_moves"`
	Reason    string   `json:"reason"`
}

// Text explains the analysis for people.
func (a *GrundyAnalysis) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Grundy's game: heaps %s; a move splits a heap into two unequal parts; who cannot move loses.\n\n", joinSizes(a.Heaps))
	fmt.Fprintf(&b, "  heap  tokens  G\n")
	for i, h := range a.Heaps {
		fmt.Fprintf(&b, "  %4d %7d  %d\n", i+1, h, a.Values[i])
	}
	fmt.Fprintf(&b, "  XOR of the values: %d\n\n%s\n", a.NimSum, a.Reason)
	if len(a.BestMoves) > 0 {
		shown, more := a.BestMoves, ""
		if len(shown) > 30 {
			shown, more = shown[:30], fmt.Sprintf(" … (%d in all)", len(a.BestMoves))
		}
		fmt.Fprintf(&b, "Winning moves (HEAP=A+B): %s%s\n", strings.Join(shown, " "), more)
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", a.Outcome)
	return b.String()
}

// Solve explains a position of Grundy's game by its Grundy values.
func (g *GrundyGame) Solve(ctx context.Context, st game.State, _ game.SolveOptions) (game.Analysis, error) {
	s, ok := st.(*GrundyState)
	if !ok {
		return nil, fmt.Errorf("grundy solve: not a grundy state")
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("grundy solve: no heap can be split, the game is over")
	}
	vals, err := g.Values(ctx, maxHeap(s.heaps))
	if err != nil {
		return nil, fmt.Errorf("grundy solve: %w", err)
	}
	a := &GrundyAnalysis{Game: g.String(), Heaps: append([]int(nil), s.heaps...), BestMoves: []string{}}
	for _, h := range s.heaps {
		a.Values = append(a.Values, int(vals[h]))
		a.NimSum ^= int(vals[h])
	}
	for _, m := range grundyWinning(s, vals) {
		a.BestMoves = append(a.BestMoves, s.MoveString(m))
	}
	rule := "By the Sprague–Grundy theorem the heaps are independent games, each worth a Nim heap of size G(heap)\n" +
		"(G(n) = mex of G(a) XOR G(n−a) over the splits, computed by the sparse-space method), and the\n" +
		"position is lost for the player to move exactly when the XOR of the values is 0."
	if a.NimSum == 0 {
		a.Outcome = "loss"
		a.Reason = rule + "\nIt is 0: every split changes one heap's value and makes the XOR non-zero."
	} else {
		a.Outcome = "win"
		i, j := unpack(grundyWinning(s, vals)[0])
		h := s.heaps[i]
		a.Reason = fmt.Sprintf("%s\nIt is %d: split heap %d (G(%d) = %d) into %d and %d, worth G(%d) XOR G(%d) = %d XOR %d = %d = %d XOR %d,\nso the XOR becomes 0.",
			rule, a.NimSum, i+1, h, vals[h], h-j, j, h-j, j, vals[h-j], vals[j], vals[h-j]^vals[j], a.NimSum, vals[h])
	}
	return a, nil
}
