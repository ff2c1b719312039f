package wythoff

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxPile is the largest heap a game string or position accepts.
const MaxPile = 1_000_000

// MaxLegalMoves bounds the number of legal moves of a playable position, so
// that listing them stays cheap; `kombi table wythoff --position` analyses
// positions of any size.
const MaxLegalMoves = 10_000_000

// maxBoard is the largest board drawn in the queen view.
const maxBoard = 30

var params = []game.ParamSpec{
	{Name: "a", Kind: game.Int, Default: "1", HasMin: true, Min: 1, HasMax: true, Max: MaxA, Doc: "a move on both heaps takes k and l with |k − l| < a (a = 1: classic Wythoff)"},
	{Name: "piles", Kind: game.IntList, Default: "5;8", HasMin: true, Min: 0, HasMax: true, Max: MaxPile, MinItems: 2, Doc: "the two heap sizes X;Y (the queen's column and row)"},
	{Name: "view", Kind: game.Enum, Default: "heaps", Choices: []string{"heaps", "queen"}, Doc: "show two heaps, or a queen on a board moving west, south or south-west"},
}

// NewType returns the type of the generalised Wythoff game.
func NewType() *game.Type {
	return &game.Type{
		Name:      "wythoff",
		Doc:       "Wythoff's game generalised by a: take from one heap, or k and l from both with |k − l| < a",
		Roles:     [2]string{"first", "second"},
		Params:    params,
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return New(p.Int64("a"), p.Ints("piles"), p.String("view") == "queen")
		},
	}
}

// Game is the generalised Wythoff game with fixed a and starting heaps.
type Game struct {
	typ   *game.Type
	sys   *System
	x, y  uint64
	queen bool
}

// New returns the game with parameter a and heaps piles[0], piles[1],
// drawn as a queen on a board when queen is set.
func New(a int64, piles []int, queen bool) (*Game, error) {
	sys, err := NewSystem(a)
	if err != nil {
		return nil, err
	}
	if len(piles) != 2 {
		return nil, fmt.Errorf("piles: want exactly two heap sizes X;Y, got %d", len(piles))
	}
	for i, h := range piles {
		if h < 0 || h > MaxPile {
			return nil, fmt.Errorf("heap %d has %d tokens; allowed: 0 to %d", i+1, h, MaxPile)
		}
	}
	g := &Game{typ: NewType(), sys: sys, x: uint64(piles[0]), y: uint64(piles[1]), queen: queen}
	if err := g.checkSize(g.x, g.y); err != nil {
		return nil, err
	}
	return g, nil
}

// LegalMoveCount returns the number of legal moves from (x, y) with parameter a.
func LegalMoveCount(a, x, y uint64) uint64 {
	n := x + y
	for k := uint64(1); k <= x; k++ {
		lo := uint64(1)
		if k >= a {
			lo = k - a + 1
		}
		hi := min(y, k+a-1)
		if hi >= lo {
			n += hi - lo + 1
		}
		if n > MaxLegalMoves {
			return n
		}
	}
	return n
}

func (g *Game) checkSize(x, y uint64) error {
	if c := LegalMoveCount(g.sys.a, x, y); c > MaxLegalMoves {
		return fmt.Errorf("position (%d, %d) with a = %d has more than %d legal moves, too many to play; 'kombi table wythoff --a %d --position %d;%d' analyses positions of any size",
			x, y, g.sys.a, MaxLegalMoves, g.sys.a, x, y)
	}
	return nil
}

// Type describes the game.
func (g *Game) Type() *game.Type { return g.typ }

// System returns the game's P-position machinery.
func (g *Game) System() *System { return g.sys }

// String is the canonical game string.
func (g *Game) String() string {
	view := "heaps"
	if g.queen {
		view = "queen"
	}
	return fmt.Sprintf("wythoff(a=%d,piles=%d;%d,view=%s)", g.sys.a, g.x, g.y, view)
}

// NewInitialState returns the starting heaps with the first player to move.
func (g *Game) NewInitialState() game.State {
	return &State{g: g, x: g.x, y: g.y}
}

// ParsePosition reads two heap sizes "X;Y" (or "X,Y", "X Y"); the first
// player is to move.
func (g *Game) ParsePosition(text string) (game.State, error) {
	f := strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == ',' || r == ' ' || r == '(' || r == ')' })
	if len(f) != 2 {
		return nil, fmt.Errorf("position %q: want two heap sizes X;Y, e.g. 4;7", text)
	}
	var h [2]uint64
	for i, s := range f {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || n > MaxPile {
			return nil, fmt.Errorf("position %q: heap %d is %q; want a whole number from 0 to %d (larger positions: kombi table wythoff --position)", text, i+1, s, MaxPile)
		}
		h[i] = n
	}
	if err := g.checkSize(h[0], h[1]); err != nil {
		return nil, fmt.Errorf("position %q: %w", text, err)
	}
	return &State{g: g, x: h[0], y: h[1]}, nil
}

// State is a position: the two heaps (the queen's column x and row y) and
// the player to move. It implements game.Undoer and game.Hasher.
type State struct {
	g     *Game
	x, y  uint64
	turn  game.Player
	moves int
}

// Move packs "take k from heap 1 and l from heap 2".
func Move(k, l uint64) game.Move { return game.Move(k<<32 | l) }

func unpack(m game.Move) (k, l uint64) { return uint64(m >> 32), uint64(m & 0xffffffff) }

// Heaps returns the two heap sizes.
func (s *State) Heaps() (x, y uint64) { return s.x, s.y }

// Player returns the player to move, or game.Terminal at (0, 0).
func (s *State) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether both heaps are empty.
func (s *State) IsTerminal() bool { return s.x == 0 && s.y == 0 }

// LegalMoves appends the moves ordered by the tokens taken from heap 1,
// then from heap 2.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	a := s.g.sys.a
	for l := uint64(1); l <= s.y; l++ {
		buf = append(buf, Move(0, l))
	}
	for k := uint64(1); k <= s.x; k++ {
		buf = append(buf, Move(k, 0))
		lo := uint64(1)
		if k >= a {
			lo = k - a + 1
		}
		for l := lo; l <= s.y && l <= k+a-1; l++ {
			buf = append(buf, Move(k, l))
		}
	}
	return buf
}

func (s *State) check(m game.Move) error {
	k, l := unpack(m)
	a := s.g.sys.a
	switch {
	case s.IsTerminal():
		return fmt.Errorf("the game is over")
	case k == 0 && l == 0:
		return fmt.Errorf("a move takes at least one token")
	case k > s.x:
		return fmt.Errorf("heap 1 has only %d tokens, cannot take %d", s.x, k)
	case l > s.y:
		return fmt.Errorf("heap 2 has only %d tokens, cannot take %d", s.y, l)
	case k > 0 && l > 0 && max(k, l)-min(k, l) >= a:
		return fmt.Errorf("taking %d and %d from both heaps: the amounts must differ by less than a = %d", k, l, a)
	}
	return nil
}

// Apply plays m after checking it.
func (s *State) Apply(m game.Move) error {
	if err := s.check(m); err != nil {
		return err
	}
	s.ApplyUnchecked(m)
	return nil
}

// ApplyUnchecked plays m without checking it.
func (s *State) ApplyUnchecked(m game.Move) {
	k, l := unpack(m)
	s.x -= k
	s.y -= l
	s.turn = 1 - s.turn
	s.moves++
}

// Undo takes back m, the last move applied.
func (s *State) Undo(m game.Move) {
	k, l := unpack(m)
	s.x += k
	s.y += l
	s.turn = 1 - s.turn
	s.moves--
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Returns: whoever takes the last token wins.
func (s *State) Returns() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	r := []float64{0, 0}
	r[s.turn], r[1-s.turn] = -1, 1
	return r
}

// Key hashes the heaps and the player to move.
func (s *State) Key() uint64 {
	h := game.HashMix(0x77797468, uint64(s.turn))
	return game.HashMix(game.HashMix(h, s.x), s.y)
}

// MoveString writes "K,L": K tokens taken from heap 1, L from heap 2.
func (s *State) MoveString(m game.Move) string {
	k, l := unpack(m)
	return fmt.Sprintf("%d,%d", k, l)
}

// ParseMove reads "K,L" (tokens taken from heap 1 and heap 2, e.g. 2,0 or
// 3,4) or "to X,Y" (the heaps, or the queen's square, after the move).
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	target := false
	if rest, ok := strings.CutPrefix(t, "to "); ok {
		t, target = strings.TrimSpace(rest), true
	}
	f := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	if len(f) != 2 {
		return 0, fmt.Errorf("%q: want K,L (take K from heap 1 and L from heap 2, e.g. 2,0) or to X,Y (the heaps after the move)", text)
	}
	var v [2]uint64
	for i, p := range f {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil || n > MaxPile {
			return 0, fmt.Errorf("%q: %q is not a whole number from 0 to %d", text, p, MaxPile)
		}
		v[i] = n
	}
	if target {
		if v[0] > s.x || v[1] > s.y {
			return 0, fmt.Errorf("%q: the heaps can only shrink, from (%d, %d)", text, s.x, s.y)
		}
		return Move(s.x-v[0], s.y-v[1]), nil
	}
	return Move(v[0], v[1]), nil
}

// MoveHelp explains the notation.
func (s *State) MoveHelp() string {
	return fmt.Sprintf("Type K,L to take K tokens from heap 1 and L from heap 2 (one of them may be 0; when both are\n"+
		"positive they must differ by less than a = %d), or 'to X,Y' for the position after the move.\n"+
		"As a queen: K moves west, L moves south.", s.g.sys.a)
}

// Hint names the P-position pair of the smaller heap.
func (s *State) Hint() string {
	lo := min(s.x, s.y)
	p, n := s.g.sys.Partner(new(big.Int).SetUint64(lo))
	return fmt.Sprintf("The smaller heap %d belongs to the P-position pair %s: (%d, %s) and its mirror lose for the player to move.", lo, n, lo, p)
}

// String draws the heaps, or the queen's board in the queen view.
func (s *State) String() string {
	var b strings.Builder
	if s.g.queen {
		if max(s.x, s.y) <= maxBoard {
			b.WriteString(Board(s.x, s.y, nil, nil))
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "queen at (%d, %d)", s.x, s.y)
	} else {
		for i, h := range []uint64{s.x, s.y} {
			bar := strings.Repeat("●", int(min(h, 40)))
			if h > 40 {
				bar += "…"
			}
			fmt.Fprintf(&b, "heap %d: %3d  %s\n", i+1, h, bar)
		}
	}
	if s.IsTerminal() {
		if s.g.queen {
			b.WriteString(", the goal")
		} else {
			b.WriteString("both heaps are empty")
		}
	} else {
		if s.g.queen {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s to move", game.SeatName(s.turn))
	}
	return b.String()
}

// Board draws the board from (0, 0) to (x, y) with the queen Q at (x, y),
// rows from y down to 0. Squares in ps are marked "o" (P-positions) and
// those in targets "*" (the squares a winning move reaches).
func Board(x, y uint64, ps, targets map[[2]uint64]bool) string {
	var b strings.Builder
	w := len(strconv.FormatUint(max(x, y), 10))
	for r := int64(y); r >= 0; r-- {
		fmt.Fprintf(&b, "%*d ", w, r)
		for c := uint64(0); c <= x; c++ {
			sq := [2]uint64{c, uint64(r)}
			ch := "."
			switch {
			case c == x && uint64(r) == y:
				ch = "Q"
			case targets[sq]:
				ch = "*"
			case ps[sq]:
				ch = "o"
			}
			fmt.Fprintf(&b, " %*s", w, ch)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%*s ", w, "")
	for c := uint64(0); c <= x; c++ {
		fmt.Fprintf(&b, " %*d", w, c)
	}
	return b.String()
}
