package nim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxGrundyHeap is the largest heap a Grundy's game string or position accepts.
const MaxGrundyHeap = 1 << 20

// NewGrundyType returns the type of Grundy's game.
func NewGrundyType() *game.Type {
	return describeGrundy(&game.Type{
		Name: "grundy",
		Doc:  "Grundy's game: split a heap into two unequal non-empty heaps; whoever cannot move loses",
		Params: []game.ParamSpec{
			{Name: "heap", Kind: game.Int, Default: "15", HasMin: true, Min: 1, HasMax: true, Max: MaxGrundyHeap, Doc: "the starting heap"},
		},
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return NewGrundy(p.Int("heap"))
		},
	})
}

// GrundyGame is Grundy's game from one heap; positions may hold any number
// of heaps.
type GrundyGame struct {
	typ  *game.Type
	heap int
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
func (g *GrundyGame) NewInitialState() game.State { return g.newState([]int{g.heap}) }

func (g *GrundyGame) newState(heaps []int) *GrundyState {
	return &GrundyState{g: g, heaps: newHeapSeq(heaps)}
}

// ParsePosition reads heap sizes separated by ';', e.g. "7;5;2", with the
// first player to move, or followed by " P2" when the second player is to
// move, as Position writes it. The heaps hold at most MaxGrundyHeap tokens
// in all.
func (g *GrundyGame) ParsePosition(text string) (game.State, error) {
	rest, turn, _ := splitTurn(text)
	heaps, err := parseSizes(rest, 1, MaxGrundyHeap)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, h := range heaps {
		if total += h; total > MaxGrundyHeap {
			return nil, fmt.Errorf("position %q: more than %d tokens in all", short(text), MaxGrundyHeap)
		}
	}
	s := g.newState(heaps)
	s.turn = turn
	return s, nil
}

// GrundyState is a position of Grundy's game: the heaps in play. Move
// Move(i, j) splits heap i into h−j and j (j < h−j); the larger part stays
// in place and the smaller one follows it. A copy costs nothing and a move
// O(√heaps) (see heapSeq). It implements game.Undoer, game.Hasher,
// game.Decomposer (each heap is a game of its own) and game.MoveNoter (a
// split renumbers the heaps after it).
type GrundyState struct {
	g     *GrundyGame
	heaps heapSeq
	turn  game.Player
	moves int
}

// Heaps returns the heap sizes, in a new slice.
func (s *GrundyState) Heaps() []int { return s.heaps.ints() }

// Turn returns the player whose turn it is; at the end of the game, the
// player who cannot move.
func (s *GrundyState) Turn() game.Player { return s.turn }

// Player returns the player to move, or game.Terminal when no heap can be split.
func (s *GrundyState) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether every heap has at most two tokens.
func (s *GrundyState) IsTerminal() bool { return s.heaps.live == 0 }

// LegalMoves appends the splits, heap by heap, smaller part increasing:
// MoveCount of them, at most MaxGrundyHeap/2 (a position holds at most
// MaxGrundyHeap tokens).
func (s *GrundyState) LegalMoves(buf []game.Move) []game.Move {
	buf = slices.Grow(buf, int(s.heaps.splits))
	base := 0
	for _, ch := range s.heaps.chunks {
		for k, h := range ch.sizes {
			if ch.live == 0 {
				break // no heap of this chunk can be split
			}
			for j := 1; 2*j < int(h); j++ {
				buf = append(buf, Move(base+k, j))
			}
		}
		base += len(ch.sizes)
	}
	return buf
}

// MoveCount returns the number of legal moves.
func (s *GrundyState) MoveCount() int64 { return s.heaps.splits }

// MoveAt returns LegalMoves' i-th move (from 0) without listing the others,
// in time O(√heaps); i must be below MoveCount.
func (s *GrundyState) MoveAt(i int64) game.Move { return Move(s.heaps.moveAt(i)) }

func (s *GrundyState) check(m game.Move) error {
	i, j := unpack(m)
	switch {
	case s.IsTerminal():
		return fmt.Errorf("the game is over: every heap has at most two tokens")
	case i >= s.heaps.n:
		return fmt.Errorf("there is no heap %d (heaps are 1 to %d)", i+1, s.heaps.n)
	case j < 1 || 2*j >= s.heaps.at(i):
		return fmt.Errorf("heap %d (%d tokens) cannot split off %d: the two parts must be non-empty and unequal", i+1, s.heaps.at(i), j)
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
	s.heaps = s.heaps.split(i, j)
	s.turn = 1 - s.turn
	s.moves++
}

// Undo joins the two parts of m, the last move applied.
func (s *GrundyState) Undo(m game.Move) {
	i, j := unpack(m)
	s.heaps = s.heaps.remove(i + 1)
	s.heaps = s.heaps.set(i, s.heaps.at(i)+j)
	s.turn = 1 - s.turn
	s.moves--
}

// Clone returns an independent copy (the heaps are shared: they never
// change in place).
func (s *GrundyState) Clone() game.State {
	c := *s
	return &c
}

// Components returns one state for every heap that can still be split:
// the heaps are independent games (Sprague–Grundy).
func (s *GrundyState) Components() []game.State {
	var out []game.State
	for _, h := range s.heaps.all() {
		if h >= 3 {
			out = append(out, s.g.newState([]int{h}))
		}
	}
	return out
}

// Returns: the player who cannot move loses.
func (s *GrundyState) Returns() []float64 {
	return heapReturns(s.turn, s.IsTerminal(), false)
}

// Key hashes the heaps and the player to move.
func (s *GrundyState) Key() uint64 {
	h := game.HashMix(0x6772756e, uint64(s.turn))
	for _, x := range s.heaps.all() {
		h = game.HashMix(h, uint64(x))
	}
	return h
}

// MoveString writes "HEAP=A+B": heap HEAP splits into A (stays) and B.
func (s *GrundyState) MoveString(m game.Move) string {
	i, j := unpack(m)
	if i >= s.heaps.n {
		return fmt.Sprintf("%d=?+%d", i+1, j)
	}
	return fmt.Sprintf("%d=%d+%d", i+1, s.heaps.at(i)-j, j)
}

// MoveNote says which heaps the split m leaves and, where heaps follow the
// one split, that they are numbered one higher now (game.MoveNoter): "Heap
// 1 became heaps 1 (4 tokens) and 2 (1 token); old heap 2 is now heap 3."
// The order of the heaps is the game's and its records': a person just
// reads the numbers again. "" for a move that is not legal here.
func (s *GrundyState) MoveNote(m game.Move) string {
	if s.check(m) != nil {
		return ""
	}
	i, j := unpack(m)
	n := s.heaps.n
	note := fmt.Sprintf("Heap %d became heaps %d (%s) and %d (%s)", i+1, i+1, game.Plural(s.heaps.at(i)-j, "token"), i+2, game.Plural(j, "token"))
	switch later := n - i - 1; {
	case later == 1:
		note += fmt.Sprintf("; old heap %d is now heap %d", n, n+1)
	case later == 2:
		note += fmt.Sprintf("; old heaps %d and %d are now heaps %d and %d", n-1, n, n, n+1)
	case later > 2:
		note += fmt.Sprintf("; old heaps %d to %d are now heaps %d to %d", i+2, n, i+3, n+1)
	}
	return note + "."
}

// ParseMove reads "HEAP=A+B" (the parts in either order) or "HEAP:B"
// (split B tokens off heap HEAP).
func (s *GrundyState) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	bad := fmt.Errorf("%q: want HEAP=A+B (split heap HEAP into A and B), e.g. 1=9+6, or HEAP:B (split B tokens off heap HEAP)", short(text))
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
	if i < 1 || i > s.heaps.n {
		return 0, fmt.Errorf("%q: there is no heap %d (heaps are 1 to %d)", short(text), i, s.heaps.n)
	}
	h := s.heaps.at(i - 1)
	var j int
	if as, bs, plus := strings.Cut(rest, "+"); plus {
		a, err1 := strconv.Atoi(strings.TrimSpace(as))
		b, err2 := strconv.Atoi(strings.TrimSpace(bs))
		if err1 != nil || err2 != nil {
			return 0, bad
		}
		if a+b != h || a < 1 || b < 1 {
			return 0, fmt.Errorf("%q: heap %d has %d tokens; the parts must be positive and add up to %d", short(text), i, h, h)
		}
		j = min(a, b)
	} else {
		v, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || v < 1 || v >= h {
			return 0, fmt.Errorf("%q: HEAP:B splits B tokens off heap HEAP; heap %d takes B from 1 to %d", short(text), i, max(1, h-1))
		}
		j = min(v, h-v)
	}
	if 2*j == h {
		return 0, fmt.Errorf("%q: the two parts must be unequal", short(text))
	}
	return Move(i-1, j), nil
}

// MoveHelp explains the notation, its examples a legal move here in both
// forms (the first legal move: heap 1=9+6 from a heap of 15 said 1=9+6
// over a heap of 4).
func (s *GrundyState) MoveHelp() string {
	const forms = "Type HEAP=A+B to split heap HEAP into unequal parts A and B, or HEAP:B to split B tokens off heap HEAP"
	moves := s.LegalMoves(nil)
	if len(moves) == 0 {
		return forms + "."
	}
	whole := s.MoveString(moves[0])
	heap, parts, _ := strings.Cut(whole, "=")
	_, b, _ := strings.Cut(parts, "+")
	return fmt.Sprintf("%s: e.g. %s, or %s:%s for the same move.", forms, whole, heap, b)
}

// String draws the heaps, one per line, numbered from 1.
func (s *GrundyState) String() string {
	var first []int
	for _, h := range s.heaps.all() {
		if first = append(first, h); len(first) > ShownHeaps {
			break
		}
	}
	return drawHeapsOf(first, s.heaps.n, s.turn, s.IsTerminal(), "no heap can be split")
}

// Position writes the heaps separated by ';', then " P2" when the second
// player is to move (see ParsePosition).
func (s *GrundyState) Position() string { return heapsPosition(s.heaps.ints(), s.turn, 0) }

// View returns the heaps.
func (s *GrundyState) View() game.View { return heapsView(s.g.typ, s, s.heaps.ints()) }

// MoveParts returns the heap (from 0), then the split: the size of the
// smaller of the two heaps it leaves.
func (s *GrundyState) MoveParts(m game.Move) []game.Part {
	i, j := unpack(m)
	return []game.Part{{Kind: game.PartHeap, Value: int64(i)}, {Kind: game.PartSplit, Value: int64(j)}}
}

// MoveFromParts builds the split of a heap (from 0) that leaves a heap of
// the split's size (either of the two).
func (s *GrundyState) MoveFromParts(parts []game.Part) (game.Move, error) {
	i, v, err := heapAnd(parts, game.PartSplit, s.heaps.n)
	if err != nil {
		return 0, err
	}
	if h := s.heaps.at(i); v < h {
		v = min(v, h-v)
	}
	m := Move(i, v)
	if err := s.check(m); err != nil {
		return 0, err
	}
	return m, nil
}
