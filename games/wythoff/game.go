// Package wythoff holds the rules of the generalised Wythoff game (the
// thesis' section 2.1, with parameter a ≥ 1): two heaps, a move takes from
// one heap, or k > 0 and l > 0 from both with |k − l| < a; whoever takes the
// last token wins. The game is played on heaps or as a queen on a board
// (view=queen), on heaps of any size (positions with too many moves are
// answered, not played). Pairs gives its P-positions algebraically, for the
// hint; the thesis' three methods, the tables, the solver and the reports
// are in package study/wythoff.
package wythoff

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxDigits bounds the decimal digits of a heap size in a game string or a
// position. Solving and analysing stay exact at every size up to it (the
// algebraic method answers a position of 10 000 digits in well under a
// second); it only keeps a typing slip such as 10^99999999 from running
// for hours.
const MaxDigits = 10_000

// MaxLegalMoves bounds the number of legal moves of a playable position, so
// that listing them stays cheap. A larger position (any heaps up to
// MaxDigits digits) is an analysis position: kombi solve and kombi analyze
// answer it exactly, but it lists no legal moves and takes no moves.
const MaxLegalMoves = 10_000_000

// MaxBoard is the largest board drawn in the queen view.
const MaxBoard = 30

var params = []game.ParamSpec{
	{Name: "a", Kind: game.Int, Default: "1", HasMin: true, Min: 1, HasMax: true, Max: MaxA, Doc: "a move on both heaps takes k and l with |k − l| < a (a = 1: classic Wythoff)"},
	{Name: "piles", Kind: game.Text, Default: "5;8", Doc: "exactly two heap sizes X;Y (the queen's column and row): whole numbers ≥ 0 of up to 10000 digits, " +
		"written out or as powers such as 10^100; a position with more than 10,000,000 moves can be analysed but not played"},
	{Name: "view", Kind: game.Enum, Default: "heaps", Choices: []string{"heaps", "queen"}, Doc: "show two heaps, or a queen on a board moving west, south or south-west"},
}

// NewType returns the type of the generalised Wythoff game.
func NewType() *game.Type {
	return describe(&game.Type{
		Name:      "wythoff",
		Doc:       "Wythoff's game generalised by a: take from one heap, or k and l from both with |k − l| < a",
		Roles:     [2]string{"first", "second"},
		Params:    params,
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			h, err := ParseHeaps(p.String("piles"))
			if err != nil {
				return nil, fmt.Errorf("piles: %w", err)
			}
			return NewBig(p.Int64("a"), h[0], h[1], p.String("view") == "queen")
		},
	})
}

// Game is the generalised Wythoff game with fixed a and starting heaps.
type Game struct {
	typ   *game.Type
	pairs *Pairs
	x, y  *big.Int
	queen bool
}

// New returns the game with parameter a and heaps piles[0], piles[1],
// drawn as a queen on a board when queen is set.
func New(a int64, piles []int, queen bool) (*Game, error) {
	if len(piles) != 2 {
		return nil, fmt.Errorf("piles: want exactly two heap sizes X;Y, got %d", len(piles))
	}
	for i, h := range piles {
		if h < 0 {
			return nil, fmt.Errorf("heap %d has %d tokens; want a whole number ≥ 0", i+1, h)
		}
	}
	return NewBig(a, big.NewInt(int64(piles[0])), big.NewInt(int64(piles[1])), queen)
}

// NewBig returns the game with parameter a and heaps x, y of any size up
// to MaxDigits digits (see MaxLegalMoves for which positions are playable).
func NewBig(a int64, x, y *big.Int, queen bool) (*Game, error) {
	pairs, err := NewPairs(a)
	if err != nil {
		return nil, err
	}
	for i, h := range []*big.Int{x, y} {
		if err := checkHeap(h); err != nil {
			return nil, fmt.Errorf("heap %d: %w", i+1, err)
		}
	}
	return &Game{typ: NewType(), pairs: pairs, x: new(big.Int).Set(x), y: new(big.Int).Set(y), queen: queen}, nil
}

func checkHeap(h *big.Int) error {
	if h.Sign() < 0 {
		return fmt.Errorf("%s tokens: want a whole number ≥ 0", h)
	}
	if h.BitLen() > 4*MaxDigits || len(h.Text(10)) > MaxDigits {
		return fmt.Errorf("more than %d digits; at most %d are allowed", MaxDigits, MaxDigits)
	}
	return nil
}

// ParseHeaps reads two heap sizes "X;Y" (also "X,Y", "X Y" or "(X, Y)"),
// each written out or as a power such as 10^100 (see ParseIndex), of at
// most MaxDigits digits.
func ParseHeaps(text string) ([2]*big.Int, error) {
	var h [2]*big.Int
	f := splitHeaps(text)
	if len(f) != 2 {
		return h, fmt.Errorf("%q: want two heap sizes X;Y (exactly two heap sizes, not %d), e.g. 4;7", game.Clip(text), len(f))
	}
	for i, s := range f {
		n, err := ParseIndex(s)
		if err != nil {
			return h, fmt.Errorf("heap %d: %w", i+1, err)
		}
		if err := checkHeap(n); err != nil {
			return h, fmt.Errorf("heap %d: %w", i+1, err)
		}
		h[i] = n
	}
	return h, nil
}

func splitHeaps(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == ',' || r == ' ' || r == '(' || r == ')' })
}

// LegalMoveCount returns the number of legal moves from (x, y) with
// parameter a, or a number above MaxLegalMoves as soon as it exceeds it.
func LegalMoveCount(a, x, y uint64) uint64 {
	if x > MaxLegalMoves || y > MaxLegalMoves {
		return MaxLegalMoves + 1
	}
	n := x + y
	for k := uint64(1); k <= x && n <= MaxLegalMoves; k++ {
		lo := uint64(1)
		if k >= a {
			lo = k - a + 1
		}
		if hi := min(y, k+a-1); hi >= lo {
			n += hi - lo + 1
		}
	}
	return n
}

// Type describes the game.
func (g *Game) Type() *game.Type { return g.typ }

// HowToMove says how to move with this game's a (game.HowToMover).
func (g *Game) HowToMove() [2]string {
	if g.queen {
		return howToMoveQueen(g.pairs.a)
	}
	return howToMove(g.pairs.a)
}

// Rules says the rules with this game's a, of heaps or of the queen
// (game.Ruler).
func (g *Game) Rules() string {
	a := g.pairs.a
	switch {
	case g.queen && a == 1:
		return "Move the queen west, south or south-west any distance; whoever moves it into the corner wins."
	case g.queen:
		return fmt.Sprintf("Move the queen west or south any distance, or both at once by distances differing by less than %d; whoever moves it into the corner wins.", a)
	case a == 1:
		return "Take any number of tokens from one heap, or the same number from both heaps; whoever takes the last token wins."
	}
	return fmt.Sprintf("Take any number of tokens from one heap, or from both heaps amounts differing by less than %d; whoever takes the last token wins.", a)
}

// Pairs returns the game's P-positions.
func (g *Game) Pairs() *Pairs { return g.pairs }

// String is the canonical game string.
func (g *Game) String() string {
	view := "heaps"
	if g.queen {
		view = "queen"
	}
	return fmt.Sprintf("wythoff(a=%d,piles=%s;%s,view=%s)", g.pairs.a, g.x, g.y, view)
}

// Playable returns nil when the starting position can be played (at most
// MaxLegalMoves legal moves), else an error that says so and where such a
// position is answered. Commands that play a game should refuse it then.
func (g *Game) Playable() error {
	if s := g.newState(g.x, g.y, 0); s.huge != nil {
		return s.errTooLarge()
	}
	return nil
}

// NewInitialState returns the starting heaps with the first player to move.
func (g *Game) NewInitialState() game.State {
	return g.newState(g.x, g.y, 0)
}

// newState returns the position (x, y) with turn to move: a playable
// position in machine words when it has at most MaxLegalMoves legal
// moves, else an analysis position.
func (g *Game) newState(x, y *big.Int, turn game.Player) *State {
	s := &State{g: g, turn: turn}
	if x.IsUint64() && y.IsUint64() && LegalMoveCount(g.pairs.a, x.Uint64(), y.Uint64()) <= MaxLegalMoves {
		s.x, s.y = x.Uint64(), y.Uint64()
	} else {
		s.huge = &[2]*big.Int{new(big.Int).Set(x), new(big.Int).Set(y)}
	}
	return s
}

// ParsePosition reads the position that State.Position writes: two heap
// sizes "X;Y" (also "X,Y" or "X Y"; any size up to MaxDigits digits, e.g.
// 10^100;3) with the first player to move, or "X;Y;P2" with the second.
func (g *Game) ParsePosition(text string) (game.State, error) {
	f := splitHeaps(text)
	turn := game.Player(0)
	if len(f) == 3 {
		switch strings.ToUpper(f[2]) {
		case "P1":
		case "P2":
			turn = 1
		default:
			return nil, fmt.Errorf("position %q: the third field %q names the player to move: P1 or P2", game.Clip(text), f[2])
		}
		f = f[:2]
	}
	if len(f) != 2 {
		return nil, fmt.Errorf("position %q: want two heap sizes X;Y, e.g. 4;7 (or X;Y;P2 with the second player to move)", game.Clip(text))
	}
	h, err := ParseHeaps(f[0] + ";" + f[1])
	if err != nil {
		return nil, fmt.Errorf("position %q: %w", game.Clip(text), err)
	}
	return g.newState(h[0], h[1], turn), nil
}

// State is a position: the two heaps (the queen's column x and row y) and
// the player to move. A playable position keeps the heaps in machine words
// and implements game.Undoer and game.Hasher; an analysis position (more
// than MaxLegalMoves legal moves, heaps of any size) keeps them in huge
// and lists no legal moves, refuses every move, and is answered exactly by
// Game.Solve and Game.Analyze.
type State struct {
	g    *Game
	x, y uint64
	huge *[2]*big.Int // non-nil for an analysis position; never modified
	turn game.Player
}

// Move packs "take k from heap 1 and l from heap 2".
func Move(k, l uint64) game.Move { return game.Move(k<<32 | l) }

func unpack(m game.Move) (k, l uint64) { return uint64(m >> 32), uint64(m & 0xffffffff) }

// Heaps returns the two heap sizes of a playable position (see BigHeaps).
func (s *State) Heaps() (x, y uint64) { return s.x, s.y }

// BigHeaps returns the two heap sizes of any position (fresh values).
func (s *State) BigHeaps() (x, y *big.Int) {
	if s.huge != nil {
		return new(big.Int).Set(s.huge[0]), new(big.Int).Set(s.huge[1])
	}
	return new(big.Int).SetUint64(s.x), new(big.Int).SetUint64(s.y)
}

// Playable reports whether the position lists its legal moves and takes
// moves (at most MaxLegalMoves legal moves); an analysis position does not.
func (s *State) Playable() bool { return s.huge == nil }

// Game returns the game of the position.
func (s *State) Game() *Game { return s.g }

// Turn returns the player whose turn it is; at the end of the game, the
// player who cannot move.
func (s *State) Turn() game.Player { return s.turn }

// PlayError is nil for a playable position, else an error that explains
// why an analysis position takes no moves.
func (s *State) PlayError() error {
	if s.huge == nil {
		return nil
	}
	return s.errTooLarge()
}

// errTooLarge explains why an analysis position takes no moves.
func (s *State) errTooLarge() error {
	return fmt.Errorf("the position (%s, %s) has more than %d legal moves, too many to play; kombi solve and kombi analyze answer it exactly", digits(s.huge[0]), digits(s.huge[1]), MaxLegalMoves)
}

// digits writes a heap size for a message: in full up to 40 digits, else
// its first 20 digits and how many there are (a message does not echo
// 10 000 of them).
func digits(h *big.Int) string {
	t := h.Text(10)
	if len(t) <= 40 {
		return t
	}
	return fmt.Sprintf("%s… (%d digits)", t[:20], len(t))
}

// Player returns the player to move, or game.Terminal at (0, 0).
func (s *State) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether both heaps are empty.
func (s *State) IsTerminal() bool { return s.huge == nil && s.x == 0 && s.y == 0 }

// LegalMoves appends the moves ordered by the tokens taken from heap 1,
// then from heap 2; an analysis position appends none.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	if s.huge != nil {
		return buf
	}
	a := s.g.pairs.a
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
	if s.huge != nil {
		return s.errTooLarge()
	}
	k, l := unpack(m)
	a := s.g.pairs.a
	switch {
	case s.IsTerminal():
		return fmt.Errorf("the game is over")
	case k == 0 && l == 0:
		return fmt.Errorf("a move takes at least one token")
	case k > s.x && s.g.queen:
		return fmt.Errorf("the queen is %d squares from the west edge: it cannot move %d west", s.x, k)
	case l > s.y && s.g.queen:
		return fmt.Errorf("the queen is %d squares from the south edge: it cannot move %d south", s.y, l)
	case k > s.x:
		return game.CannotTake(1, s.x, k)
	case l > s.y:
		return game.CannotTake(2, s.y, l)
	case k > 0 && l > 0 && max(k, l)-min(k, l) >= a && a == 1 && s.g.queen:
		return fmt.Errorf("moving %d west and %d south: a diagonal move goes as far west as south", k, l)
	case k > 0 && l > 0 && max(k, l)-min(k, l) >= a && a == 1:
		return fmt.Errorf("taking %d and %d from both heaps: from both heaps take the same number", k, l)
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

// ApplyUnchecked plays m, a legal move, without checking it.
func (s *State) ApplyUnchecked(m game.Move) {
	k, l := unpack(m)
	s.x -= k
	s.y -= l
	s.turn = 1 - s.turn
}

// Undo takes back m, the last move applied.
func (s *State) Undo(m game.Move) {
	k, l := unpack(m)
	s.x += k
	s.y += l
	s.turn = 1 - s.turn
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
	if s.huge != nil {
		for _, x := range s.huge {
			for _, w := range x.Bits() {
				h = game.HashMix(h, uint64(w))
			}
			h = game.HashMix(h, uint64(x.BitLen()))
		}
		return h
	}
	return game.HashMix(game.HashMix(h, s.x), s.y)
}

// Position writes the heaps "X;Y", followed by ";P2" when the second
// player is to move (Game.ParsePosition reads it back).
func (s *State) Position() string {
	x, y := s.BigHeaps()
	p := x.String() + ";" + y.String()
	if s.turn == 1 {
		p += ";P2"
	}
	return p
}

// MoveString writes "K,L": K tokens taken from heap 1, L from heap 2.
func (s *State) MoveString(m game.Move) string {
	k, l := unpack(m)
	return fmt.Sprintf("%d,%d", k, l)
}

// ParseMove reads "K,L" (tokens taken from heap 1 and heap 2, e.g. 2,0 or
// 3,4) or "to X,Y" (the heaps, or the queen's square, after the move).
func (s *State) ParseMove(text string) (game.Move, error) {
	if s.huge != nil {
		return 0, s.errTooLarge()
	}
	t := strings.TrimSpace(text)
	target := false
	if rest, ok := strings.CutPrefix(t, "to "); ok {
		t, target = strings.TrimSpace(rest), true
	}
	f := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	if len(f) != 2 {
		return 0, fmt.Errorf("%q: want K,L (take K from heap 1 and L from heap 2, e.g. 2,0) or to X,Y (the heaps after the move)", game.Clip(text))
	}
	var v [2]uint64
	for i, p := range f {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil || n > MaxLegalMoves {
			return 0, fmt.Errorf("%q: %q is not a whole number from 0 to %d", game.Clip(text), p, MaxLegalMoves)
		}
		v[i] = n
	}
	if target {
		if v[0] > s.x || v[1] > s.y {
			return 0, fmt.Errorf("%q: the heaps can only shrink, from (%d, %d)", game.Clip(text), s.x, s.y)
		}
		return Move(s.x-v[0], s.y-v[1]), nil
	}
	return Move(v[0], v[1]), nil
}

// MoveHelp explains the notation.
func (s *State) MoveHelp() string {
	return fmt.Sprintf("Type K,L to take K tokens from heap 1 and L from heap 2 (one of them may be 0; when both are\n"+
		"positive they must differ by less than a = %d), or 'to X,Y' for the position after the move.\n"+
		"As a queen: K moves west, L moves south.", s.g.pairs.a)
}

// Hint names the P-position pair of the smaller heap and says whether the
// heaps are that P-position (the player to move loses) or not (a move to a
// P-position wins).
func (s *State) Hint() string {
	x, y := s.BigHeaps()
	lo, hi := x, y
	if y.Cmp(x) < 0 {
		lo, hi = y, x
	}
	p, n := s.g.pairs.Partner(lo)
	a, b := lo, p
	if p.Cmp(lo) < 0 {
		a, b = p, lo
	}
	pair := fmt.Sprintf("Wythoff pair %s, (%s, %s)", n, a, b)
	if hi.Cmp(p) == 0 {
		return fmt.Sprintf("Heaps %s and %s are %s, a P-position: every move leaves a position that is not one, from which the opponent can move back to one.", x, y, pair)
	}
	return fmt.Sprintf("The smaller heap %s is in %s; the other heap is %s, not %s, so this is not a P-position: the player to move wins by moving to one.", lo, pair, hi, p)
}

// board reports whether the queen view draws the board: in the queen view,
// for a playable position of at most MaxBoard columns and rows.
func (s *State) board() bool {
	return s.g.queen && s.huge == nil && max(s.x, s.y) <= MaxBoard
}

// String draws the heaps, or the queen's board in the queen view.
func (s *State) String() string {
	var b strings.Builder
	x, y := s.BigHeaps()
	if s.g.queen {
		if s.board() {
			b.WriteString(Board(s.x, s.y, nil, nil))
			b.WriteByte('\n')
		}
		if !s.board() && s.huge == nil {
			fmt.Fprintf(&b, "(no board drawn: boards of at most %d squares a side are drawn)\n", MaxBoard)
		}
		fmt.Fprintf(&b, "queen at (%s, %s)", x, y)
	} else {
		for i, h := range []*big.Int{x, y} {
			n := 40
			if h.IsUint64() && h.Uint64() < 40 {
				n = int(h.Uint64())
			}
			bar := strings.Repeat("●", n)
			if h.Cmp(big.NewInt(40)) > 0 {
				bar += "…"
			}
			fmt.Fprintf(&b, "heap %d: %3s  %s\n", i+1, h, bar)
		}
	}
	if s.huge != nil {
		if s.g.queen {
			b.WriteString("; ")
		}
		b.WriteString("an analysis position (too many legal moves to play)")
		if !s.g.queen {
			b.WriteByte('\n')
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
			fmt.Fprintf(&b, " %s", ch)
		}
		b.WriteByte('\n')
	}
	// The columns' numbers, one digit a row (tens above units): two
	// columns of text a square, so that 31 squares fit 80 columns.
	cw := len(strconv.FormatUint(x, 10))
	for d := range cw {
		if d > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%*s ", w, "")
		for c := uint64(0); c <= x; c++ {
			digits := fmt.Sprintf("%*d", cw, c)
			fmt.Fprintf(&b, " %c", digits[d])
		}
	}
	return b.String()
}

// ParseIndex reads a heap size or a table index: decimal digits, or a power such as
// 10^100, 2^64 or 1e30.
func ParseIndex(text string) (*big.Int, error) {
	t := strings.TrimSpace(text)
	bad := fmt.Errorf("%q: want a whole number ≥ 0 such as 1000, 10^100, 2^64 or 1e30 (no signs, no negative exponents)", game.Clip(text))
	if strings.ContainsAny(t, "+-") {
		return nil, bad
	}
	var base, exp string
	switch {
	case strings.Contains(t, "^"):
		base, exp, _ = strings.Cut(t, "^")
	case strings.ContainsAny(t, "eE"):
		i := strings.IndexAny(t, "eE")
		base, exp = t[:i], t[i+1:]
	default:
		n, ok := new(big.Int).SetString(t, 10)
		if !ok {
			return nil, bad
		}
		return n, nil
	}
	b, ok1 := new(big.Int).SetString(base, 10)
	e, ok2 := new(big.Int).SetString(exp, 10)
	if !ok1 || !ok2 || !e.IsInt64() || e.Int64() > 100000 {
		return nil, bad
	}
	if strings.ContainsAny(t, "eE") {
		b.Mul(b, new(big.Int).Exp(big.NewInt(10), e, nil))
		return b, nil
	}
	if b.BitLen()*int(e.Int64()) > 1_000_000 {
		return nil, bad
	}
	return b.Exp(b, e, nil), nil
}
