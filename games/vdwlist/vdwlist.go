// Package vdwlist implements the list-colouring van der Waerden game of a
// student project plan (Kombinatoryczna Teoria Liczb, list III, task 9).
//
// Each round player 1 (the namer) names an uncoloured number of 1..s, a list
// of l distinct colours is drawn at random from the c colours, and player 2
// (the colourer) colours the named number with one colour of the list.
// Player 1 wins as soon as the coloured numbers contain a monochromatic
// k-term arithmetic progression i, i+j, ..., i+(k−1)j (j ≥ 1); player 2 wins
// when all s numbers are coloured without one.
//
// The package has the rules (a game.Chancer with exact probabilities), the
// project's evaluation for depth-limited search and computer players for
// both roles. The exact solver for the probability that player 1 wins under
// optimal play by both, its tables and reports are in package
// study/vdwlist.
package vdwlist

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

const (
	// MaxS is the largest game length s (the numbers are kept in 64-bit masks).
	MaxS = 64
	// MaxColors is the largest number of colours.
	MaxColors = 8
)

// colourNames are the colours' names; their first letters are distinct and
// are the short form people may type and the board shows.
var colourNames = [MaxColors]string{"red", "blue", "green", "yellow", "orange", "purple", "cyan", "magenta"}

// ColourName returns the name of colour i (from 0).
func ColourName(i int) string {
	if i < 0 || i >= MaxColors {
		return fmt.Sprintf("colour%d", i)
	}
	return colourNames[i]
}

var params = []game.ParamSpec{
	{Name: "k", Kind: game.Int, Default: "3", HasMin: true, Min: 1, HasMax: true, Max: MaxS, Doc: "length of the progression the namer (player 1) tries to make of one colour"},
	{Name: "colors", Kind: game.Int, Default: "3", HasMin: true, Min: 1, HasMax: true, Max: MaxColors, Doc: "number of colours c (red, blue, green, yellow, orange, purple, cyan, magenta)"},
	{Name: "list", Kind: game.Int, Default: "2", HasMin: true, Min: 1, HasMax: true, Max: MaxColors, Doc: "size l of the colour list drawn each round (1 ≤ l ≤ c)"},
	{Name: "s", Kind: game.Int, Default: "12", HasMin: true, Min: 1, HasMax: true, Max: MaxS, Doc: "the numbers 1..s are named and coloured"},
	{Name: "seed", Kind: game.Int, HasMin: true, Min: 0, HasMax: true, Max: math.MaxInt64, Doc: "when given, the lists are drawn from this seed (list i of the game from seed and i), whatever the match seed"},
}

// NewType returns the type of the list-colouring van der Waerden game.
func NewType() *game.Type {
	return describe(&game.Type{
		Name:   "vdwlist",
		Doc:    "list-colouring van der Waerden game: the namer names numbers, a random list of colours is drawn, the colourer colours from it",
		Roles:  [2]string{"namer", "colourer"},
		Params: params,
		Chance: true,
		New: func(p game.Params) (game.Game, error) {
			g, err := New(p.Int("k"), p.Int("colors"), p.Int("list"), p.Int("s"))
			if err != nil {
				return nil, err
			}
			if p.Has("seed") {
				g = g.WithSeed(uint64(p.Int64("seed")))
			}
			return g, nil
		},
	})
}

// Game is the list-colouring van der Waerden game with fixed parameters. It
// is immutable and safe for concurrent use.
type Game struct {
	typ        *game.Type
	k, c, l, s int
	seed       uint64
	seeded     bool
	// aps holds every k-term progression in 1..s as a mask (bit i−1 for the
	// number i), by difference, then by first term.
	aps []uint64
	// through[i] holds the progressions through the number i+1, in aps
	// order, and throughIdx their indexes in aps.
	through    [MaxS][]uint64
	throughIdx [MaxS][]int32
	// lists holds every list (l of the c colours) as a mask, increasing;
	// listsWith[col] those with the colour col.
	lists     []game.Move
	listsWith [MaxColors][]uint8
	full      uint64 // the mask of 1..s
	// weights[u] is the evaluation's weight ρ^u of a potential progression
	// with u uncoloured numbers (see eval.go).
	weights []float64
}

// New returns the game on 1..s with progressions of length k, c colours and
// lists of l colours.
func New(k, c, l, s int) (*Game, error) {
	switch {
	case k < 1 || k > MaxS:
		return nil, fmt.Errorf("k=%d: the progression length must be from 1 to %d", k, MaxS)
	case c < 1 || c > MaxColors:
		return nil, fmt.Errorf("colors=%d: the number of colours must be from 1 to %d", c, MaxColors)
	case l < 1 || l > c:
		return nil, fmt.Errorf("list=%d with colors=%d: a list holds 1 to %d distinct colours", l, c, c)
	case s < 1 || s > MaxS:
		return nil, fmt.Errorf("s=%d: the game length must be from 1 to %d", s, MaxS)
	}
	g := &Game{typ: NewType(), k: k, c: c, l: l, s: s, full: maskUpTo(s)}
	g.aps = Progressions(k, s)
	for idx, a := range g.aps {
		for m := a; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			g.through[i] = append(g.through[i], a)
			g.throughIdx[i] = append(g.throughIdx[i], int32(idx))
		}
	}
	for m := uint64(0); m < 1<<c; m++ {
		if bits.OnesCount64(m) == l {
			g.lists = append(g.lists, game.Move(m))
			for col := range c {
				if m&(1<<col) != 0 {
					g.listsWith[col] = append(g.listsWith[col], uint8(m))
				}
			}
		}
	}
	g.weights = g.weightTable()
	return g, nil
}

func maskUpTo(s int) uint64 {
	if s >= 64 {
		return ^uint64(0)
	}
	return 1<<s - 1
}

// Progressions returns every k-term arithmetic progression of 1..s with a
// positive difference as a mask (bit i−1 for the number i), ordered by
// difference and then by first term. For k = 1 the progressions are the
// single numbers.
func Progressions(k, s int) []uint64 {
	var out []uint64
	if k <= 1 {
		for i := range s {
			out = append(out, 1<<i)
		}
		return out
	}
	for j := 1; (k-1)*j < s; j++ {
		for start := 0; start+(k-1)*j < s; start++ {
			var m uint64
			for t := range k {
				m |= 1 << (start + t*j)
			}
			out = append(out, m)
		}
	}
	return out
}

// WithSeed returns a copy of g whose lists are drawn from seed: the list of
// round r (from 0) is the same in every game of this game string, whatever
// the players do and whatever seed the match runner has.
func (g *Game) WithSeed(seed uint64) *Game {
	c := *g
	c.seed, c.seeded = seed, true
	return &c
}

// Type describes the game family.
func (g *Game) Type() *game.Type { return g.typ }

// Rules says the rules of this game with its numbers (game.Ruler).
func (g *Game) Rules() string {
	return fmt.Sprintf("The namer names a number of 1..%d, a random list of %d of the %d colours is drawn, and the colourer colours the number from that list; the namer wins when %d numbers in arithmetic progression get one colour, the colourer when all %d are coloured without one.",
		g.s, g.l, g.c, g.k, g.s)
}

// K, Colors, ListSize and S return the parameters.
func (g *Game) K() int { return g.k }

// Colors returns the number of colours c.
func (g *Game) Colors() int { return g.c }

// ListSize returns the size l of the drawn lists.
func (g *Game) ListSize() int { return g.l }

// S returns the game length s.
func (g *Game) S() int { return g.s }

// Seed returns the game's own seed of the draws and whether it has one.
func (g *Game) Seed() (uint64, bool) { return g.seed, g.seeded }

// String is the canonical game string.
func (g *Game) String() string {
	str := fmt.Sprintf("vdwlist(k=%d,colors=%d,list=%d,s=%d", g.k, g.c, g.l, g.s)
	if g.seeded {
		str += fmt.Sprintf(",seed=%d", g.seed)
	}
	return str + ")"
}

// NewInitialState returns the empty colouring with player 1 to name a number.
func (g *Game) NewInitialState() game.State { return &State{g: g} }

// Phases of a round (State.Phase).
const (
	PhaseName   = iota // player 1 names a number
	PhaseDraw          // a list is drawn (a chance node)
	PhaseColour        // player 2 colours the named number from the list
	PhaseOver          // the game is over
)

type round struct {
	num  int8 // the number coloured, 1..s
	list uint8
}

// State is a position of the game. It implements game.Undoer, game.Chancer,
// game.ChanceDrawer, game.Hasher, game.Scorer, game.Annotator,
// game.Explainer and bot.Forcer (a list of one colour leaves no choice).
type State struct {
	g       *Game
	masks   [MaxColors]uint64 // the numbers of each colour (bit i−1 for i)
	colored uint64
	phase   uint8
	pending int8  // the number named this round (1..s), 0 when none
	list    uint8 // the list drawn this round, 0 when none
	rounds  int8  // the numbers coloured so far
	win     uint64
	winCol  int8
	hist    [MaxS]round // the finished rounds, for Undo
}

// Game returns the state's game.
func (s *State) Game() *Game { return s.g }

// Player returns who acts: player 1 (0) names, chance draws, player 2 (1) colours.
func (s *State) Player() game.Player {
	switch s.phase {
	case PhaseName:
		return 0
	case PhaseDraw:
		return game.Chance
	case PhaseColour:
		return 1
	}
	return game.Terminal
}

// IsTerminal reports whether a monochromatic progression exists or every
// number is coloured.
func (s *State) IsTerminal() bool { return s.phase == PhaseOver }

// Returns gives +1 to player 1 after a monochromatic progression, +1 to
// player 2 when every number is coloured without one.
func (s *State) Returns() []float64 {
	switch {
	case s.phase != PhaseOver:
		return []float64{0, 0}
	case s.win != 0:
		return []float64{1, -1}
	}
	return []float64{-1, 1}
}

// LegalMoves appends the uncoloured numbers (player 1), the possible lists
// (chance) or the colours of the drawn list (player 2), in increasing order.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	switch s.phase {
	case PhaseName:
		for m := s.g.full &^ s.colored; m != 0; m &= m - 1 {
			buf = append(buf, game.Move(bits.TrailingZeros64(m)+1))
		}
	case PhaseDraw:
		buf = append(buf, s.g.lists...)
	case PhaseColour:
		for m := uint64(s.list); m != 0; m &= m - 1 {
			buf = append(buf, game.Move(bits.TrailingZeros64(m)))
		}
	}
	return buf
}

// ChanceOutcomes lists every list of l colours with probability 1/C(c,l).
func (s *State) ChanceOutcomes() []game.Outcome {
	if s.phase != PhaseDraw {
		return nil
	}
	out := make([]game.Outcome, len(s.g.lists))
	for i, m := range s.g.lists {
		out[i] = game.Outcome{Move: m, Num: 1, Den: int64(len(s.g.lists))}
	}
	return out
}

// DrawChance draws this round's list from the game's seed when the game
// string has one: round r's list is the same in every game of that string.
func (s *State) DrawChance() (game.Move, bool) {
	if !s.g.seeded || s.phase != PhaseDraw {
		return 0, false
	}
	rng := rand.New(rand.NewPCG(s.g.seed, 0x6c697374<<32|uint64(s.rounds)))
	return s.g.lists[rng.IntN(len(s.g.lists))], true
}

func (s *State) check(m game.Move) error {
	switch s.phase {
	case PhaseName:
		if m < 1 || m > game.Move(s.g.s) {
			return fmt.Errorf("there is no number %d: name an uncoloured number from 1 to %d", m, s.g.s)
		}
		if s.colored&(1<<(m-1)) != 0 {
			return fmt.Errorf("%d is already coloured %s", m, ColourName(s.colourOf(int(m))))
		}
	case PhaseDraw:
		if m >= 1<<s.g.c || bits.OnesCount64(uint64(m)) != s.g.l {
			return fmt.Errorf("not a list of %d distinct colours of the %d", s.g.l, s.g.c)
		}
	case PhaseColour:
		if m >= game.Move(s.g.c) {
			return fmt.Errorf("there is no colour number %d: the colours are %s", m, s.g.colourList(uint8(1<<s.g.c-1)))
		}
		if s.list&(1<<m) == 0 {
			return fmt.Errorf("%s is not in the drawn list %s", ColourName(int(m)), s.g.colourList(s.list))
		}
	default:
		return fmt.Errorf("the game is over")
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

// ApplyUnchecked plays a legal move without checking it.
func (s *State) ApplyUnchecked(m game.Move) {
	switch s.phase {
	case PhaseName:
		s.pending = int8(m)
		s.phase = PhaseDraw
	case PhaseDraw:
		s.list = uint8(m)
		s.phase = PhaseColour
	case PhaseColour:
		col := int(m)
		n := int(s.pending)
		bit := uint64(1) << (n - 1)
		s.masks[col] |= bit
		s.colored |= bit
		s.hist[s.rounds] = round{num: s.pending, list: s.list}
		s.rounds++
		s.pending, s.list = 0, 0
		s.phase = PhaseName
		if a := s.g.completed(s.masks[col], n); a != 0 {
			s.win, s.winCol = a, int8(col)
			s.phase = PhaseOver
		} else if s.colored == s.g.full {
			s.phase = PhaseOver
		}
	}
}

// Undo takes back m, the last move applied.
func (s *State) Undo(m game.Move) {
	switch {
	case s.phase == PhaseDraw:
		s.pending = 0
		s.phase = PhaseName
	case s.phase == PhaseColour:
		s.list = 0
		s.phase = PhaseDraw
	default: // the colouring of the last round
		s.rounds--
		r := s.hist[s.rounds]
		bit := uint64(1) << (r.num - 1)
		s.masks[m] &^= bit
		s.colored &^= bit
		s.pending, s.list = r.num, r.list
		s.win, s.winCol = 0, 0
		s.phase = PhaseColour
	}
}

// completed returns a progression through the number n (1..s) inside mask,
// the smallest difference first, or 0.
func (g *Game) completed(mask uint64, n int) uint64 {
	for _, a := range g.through[n-1] {
		if mask&a == a {
			return a
		}
	}
	return 0
}

// listCompletion is a colour of the drawn list and the progression it
// would complete through the named number.
type listCompletion struct {
	col  int
	prog uint64
}

// listCompletions returns the colours of the drawn list that would
// complete a progression through the named number, in colour order (none
// outside the colour phase).
func (s *State) listCompletions() []listCompletion {
	if s.phase != PhaseColour {
		return nil
	}
	var out []listCompletion
	n := int(s.pending)
	for m := s.list; m != 0; m &= m - 1 {
		col := bits.TrailingZeros8(m)
		if a := s.g.completed(s.masks[col]|1<<(n-1), n); a != 0 {
			out = append(out, listCompletion{col, a})
		}
	}
	return out
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Key hashes the colouring, the phase, the named number and the drawn list.
func (s *State) Key() uint64 {
	h := game.HashMix(0x76647731, uint64(s.phase)|uint64(s.pending)<<8|uint64(s.list)<<16)
	for i := range s.g.c {
		h = game.HashMix(h, s.masks[i])
	}
	return h
}

// Score is the number of numbers coloured: a record's "length".
func (s *State) Score() int { return int(s.rounds) }

// Masks returns the numbers of each colour as masks (bit i−1 for the number i).
func (s *State) Masks() []uint64 { return append([]uint64(nil), s.masks[:s.g.c]...) }

// Named returns the number named this round (0 before player 1 names one).
func (s *State) Named() int { return int(s.pending) }

// List returns the list drawn this round as a mask of colours (0 before the draw).
func (s *State) List() uint8 { return s.list }

// Progression returns the monochromatic progression that ended the game
// (its numbers, increasing) and its colour, or nil.
func (s *State) Progression() ([]int, int) {
	if s.win == 0 {
		return nil, -1
	}
	return numbers(s.win), int(s.winCol)
}

func numbers(m uint64) []int {
	var out []int
	for ; m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros64(m)+1)
	}
	return out
}

// colourOf returns the colour of the number n, or −1 when it is uncoloured.
func (s *State) colourOf(n int) int {
	bit := uint64(1) << (n - 1)
	for i := range s.g.c {
		if s.masks[i]&bit != 0 {
			return i
		}
	}
	return -1
}

// colourList writes a list as people read it: {red, blue}.
func (g *Game) colourList(list uint8) string {
	var names []string
	for m := list; m != 0; m &= m - 1 {
		names = append(names, ColourName(bits.TrailingZeros8(m)))
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// MoveString writes a number (player 1), a list such as {red, blue} (chance)
// or a colour name (player 2).
func (s *State) MoveString(m game.Move) string {
	switch s.phase {
	case PhaseDraw:
		if m < 1<<s.g.c {
			return s.g.colourList(uint8(m))
		}
		return fmt.Sprintf("list#%d", m)
	case PhaseColour:
		return ColourName(int(min(m, MaxColors)))
	}
	return strconv.FormatUint(uint64(m), 10)
}

// Forced is the colour the colourer must use when the drawn list holds only
// one (bot.Forcer: a person is not asked to type it), with the words that
// say so; ok is false elsewhere.
func (s *State) Forced() (m game.Move, words string, ok bool) {
	if s.phase != PhaseColour || bits.OnesCount8(s.list) != 1 {
		return 0, "", false
	}
	col := bits.TrailingZeros8(s.list)
	name := ColourName(col)
	return game.Move(col), fmt.Sprintf("Only %s is on the list: %d is coloured %s for %s (%s).", name, s.pending, name, game.SeatName(1), s.g.typ.Role(1)), true
}

// parseColour reads a colour's name or first letter, case-insensitively.
func (g *Game) parseColour(text string) (int, bool) {
	t := strings.ToLower(strings.TrimSpace(text))
	for i := range g.c {
		if t == colourNames[i] || t == colourNames[i][:1] {
			return i, true
		}
	}
	return 0, false
}

func (g *Game) colourChoices() string {
	var names, letters []string
	for i := range g.c {
		names = append(names, colourNames[i])
		letters = append(letters, colourNames[i][:1])
	}
	return strings.Join(names, ", ") + " (or " + strings.Join(letters, ", ") + ")"
}

// ParseMove reads a number from 1 to s when player 1 names one, a colour
// name or its first letter when player 2 colours, and a list such as
// "{red, blue}" (also "red blue" or "rb") at a chance node.
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	switch s.phase {
	case PhaseName:
		n, err := strconv.Atoi(t)
		if err != nil {
			return 0, fmt.Errorf("%q: name an uncoloured number from 1 to %d, e.g. %d", game.Clip(text), s.g.s, (s.g.s+1)/2)
		}
		if n < 1 || n > s.g.s {
			return 0, fmt.Errorf("%q: there is no number %d; the numbers are 1 to %d", game.Clip(text), n, s.g.s)
		}
		return game.Move(n), nil
	case PhaseColour:
		col, ok := s.g.parseColour(t)
		if !ok {
			var allowed []string
			for m := s.list; m != 0; m &= m - 1 {
				name := ColourName(bits.TrailingZeros8(m))
				allowed = append(allowed, name+" ("+name[:1]+")")
			}
			return 0, fmt.Errorf("%q: colour %d with a colour of the drawn list %s: type %s", game.Clip(text), s.pending, s.g.colourList(s.list), strings.Join(allowed, " or "))
		}
		return game.Move(col), nil
	case PhaseDraw:
		return s.g.parseList(t)
	}
	return 0, fmt.Errorf("%q: the game is over", game.Clip(text))
}

// parseList reads "{red, blue}", "red blue", "red,blue" or "rb".
func (g *Game) parseList(text string) (game.Move, error) {
	t := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(text), "{"), "}")
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 1 && len(fields[0]) > 1 {
		if _, ok := g.parseColour(fields[0]); !ok {
			fields = strings.Split(fields[0], "") // letters run together: "rb"
		}
	}
	if len(fields) == 0 {
		return 0, fmt.Errorf("%q: want a list of %d colours such as {%s}", game.Clip(text), g.l, strings.Join(colourNames[:g.l], ", "))
	}
	var m uint64
	for _, f := range fields {
		col, ok := g.parseColour(f)
		if !ok {
			return 0, fmt.Errorf("%q: %q is not a colour; the colours are %s", game.Clip(text), f, g.colourChoices())
		}
		if m&(1<<col) != 0 {
			return 0, fmt.Errorf("%q: %s appears twice; a list holds distinct colours", game.Clip(text), colourNames[col])
		}
		m |= 1 << col
	}
	return game.Move(m), nil
}

// MoveHelp explains what to type.
func (s *State) MoveHelp() string {
	switch s.phase {
	case PhaseName:
		return fmt.Sprintf("Type an uncoloured number from 1 to %d, e.g. %d. A list of %d of the %d colours is then drawn and P2 colours your number from it.",
			s.g.s, (s.g.s+1)/2, s.g.l, s.g.c)
	case PhaseColour:
		return fmt.Sprintf("Colour %d with a colour of the drawn list %s: type its name or first letter. Avoid completing a monochromatic %d-term progression.",
			s.pending, s.g.colourList(s.list), s.g.k)
	case PhaseDraw:
		return fmt.Sprintf("A list of %d of the colours %s, e.g. {%s}.", s.g.l, s.g.colourChoices(), strings.Join(colourNames[:s.g.l], ", "))
	}
	return "The game is over."
}

// Colouring writes the colouring as one letter per number (the colour's
// first letter, '.' for uncoloured), e.g. "rb.r..b".
func (s *State) Colouring() string {
	var b strings.Builder
	for n := 1; n <= s.g.s; n++ {
		if col := s.colourOf(n); col >= 0 {
			b.WriteByte(colourNames[col][0])
		} else {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// String draws the numbers with their colours (first letters; the members of
// a winning progression in capitals; '*' the named number) and says what
// happens next.
func (s *State) String() string {
	var b strings.Builder
	if s.rounds == 0 && s.phase == PhaseName {
		var legend []string
		for i := range s.g.c {
			legend = append(legend, colourNames[i][:1]+" "+colourNames[i])
		}
		fmt.Fprintf(&b, "colours: %s; . uncoloured\n", strings.Join(legend, ", "))
	}
	const perRow = 16
	for from := 1; from <= s.g.s; from += perRow {
		to := min(from+perRow-1, s.g.s)
		for n := from; n <= to; n++ {
			fmt.Fprintf(&b, "%3d", n)
		}
		b.WriteByte('\n')
		for n := from; n <= to; n++ {
			cell := "."
			if col := s.colourOf(n); col >= 0 {
				cell = colourNames[col][:1]
				if s.win&(1<<(n-1)) != 0 {
					cell = strings.ToUpper(cell)
				}
			} else if n == int(s.pending) {
				cell = "*"
			}
			fmt.Fprintf(&b, "%3s", cell)
		}
		b.WriteByte('\n')
	}
	switch s.phase {
	case PhaseName:
		fmt.Fprintf(&b, "P1 (namer) names a number; %d coloured, %d left", s.rounds, s.g.s-int(s.rounds))
	case PhaseDraw:
		fmt.Fprintf(&b, "P1 named %d; a list of %d of the %d colours is drawn next", s.pending, s.g.l, s.g.c)
	case PhaseColour:
		fmt.Fprintf(&b, "P1 named %d; list drawn: %s; P2 (colourer) colours %d", s.pending, s.g.colourList(s.list), s.pending)
		// The colours of the list that lose for P2: each completes a progression of its colour.
		for _, c := range s.listCompletions() {
			fmt.Fprintf(&b, "; %s would complete %s", ColourName(c.col), joinInts(numbers(c.prog)))
		}
	default:
		if s.win != 0 {
			fmt.Fprintf(&b, "game over: %s progression %s, P1 (namer) wins", ColourName(int(s.winCol)), joinInts(numbers(s.win)))
		} else {
			b.WriteString("game over: all numbers coloured, P2 (colourer) wins")
		}
	}
	return b.String()
}

// EndReason says why the game ended: the monochromatic progression, or the
// full colouring without one.
func (s *State) EndReason() string {
	if s.phase != PhaseOver {
		return "The game is not over."
	}
	if s.win != 0 {
		ns := numbers(s.win)
		parts := make([]string, len(ns))
		for i, n := range ns {
			parts[i] = strconv.Itoa(n)
		}
		diff := 0
		if len(ns) > 1 {
			diff = ns[1] - ns[0]
		}
		return fmt.Sprintf("Monochromatic %d-term progression in %s: %s (difference %d). P1 (namer) wins.",
			s.g.k, ColourName(int(s.winCol)), strings.Join(parts, ", "), diff)
	}
	var classes []string
	for i := range s.g.c {
		ns := numbers(s.masks[i])
		parts := make([]string, len(ns))
		for j, n := range ns {
			parts[j] = strconv.Itoa(n)
		}
		if len(parts) == 0 {
			parts = []string{"none"}
		}
		classes = append(classes, colourNames[i]+" "+strings.Join(parts, " "))
	}
	return fmt.Sprintf("All %d numbers are coloured without a monochromatic %d-term progression (%s). P2 (colourer) wins.",
		s.g.s, s.g.k, strings.Join(classes, "; "))
}

// RecordFields adds the final "colouring" (one letter per number, '.' for
// uncoloured) and, when player 1 won, the "progression".
func (s *State) RecordFields() map[string]any {
	f := map[string]any{"colouring": s.Colouring()}
	if s.win != 0 {
		f["progression"] = numbers(s.win)
		f["progression_colour"] = ColourName(int(s.winCol))
	}
	return f
}
