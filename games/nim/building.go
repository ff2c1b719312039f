package nim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxBuildingStates bounds the positions a Building Nim game may have in its
// building phase, so that exact search stays quick.
const MaxBuildingStates = 2_000_000

// Building Nim's limits.
const (
	MaxBuildingHeaps  = 64
	MaxBuildingTokens = 10000
)

// Placement is the rule of Building Nim's building phase.
type Placement string

// The placement rules.
const (
	// EmptyFirst is the thesis' rule: a token goes on an empty heap while
	// there is one.
	EmptyFirst Placement = "empty-first"
	// Free is the rule of Duchêne, Dufour, Heubach and Larsson (2016): a
	// token may go on any heap.
	Free Placement = "free"
)

// ParsePlacement reads a placement rule: "empty-first" or "free".
func ParsePlacement(text string) (Placement, error) {
	switch p := Placement(text); p {
	case EmptyFirst, Free:
		return p, nil
	}
	return "", fmt.Errorf("placement %q: want %s or %s", short(text), EmptyFirst, Free)
}

// NewBuildingType returns the type of Building Nim.
func NewBuildingType() *game.Type {
	return describeBuilding(&game.Type{
		Name: "buildingnim",
		Doc:  "Building Nim: players alternately place tokens one at a time (on empty heaps first, or anywhere with placement=free), then play Nim",
		Params: []game.ParamSpec{
			{Name: "heaps", Kind: game.Int, Default: "3", HasMin: true, Min: 1, HasMax: true, Max: MaxBuildingHeaps, Doc: "number of heaps, initially empty"},
			{Name: "tokens", Kind: game.Int, Default: "10", HasMin: true, Min: 1, HasMax: true, Max: MaxBuildingTokens, Doc: "tokens placed in the building phase; with more heaps fewer, since every game is kept small enough to search exactly " +
				"(at most 2,000,000 building positions: e.g. 415 tokens on 3 heaps, 77 on 8, 116 on 64; a game past its bound is refused, naming it)"},
			{Name: "placement", Kind: game.Enum, Default: string(EmptyFirst), Choices: []string{string(EmptyFirst), string(Free)},
				Doc: "empty-first (empty heaps first): a token goes on an empty heap while there is one (the thesis); free (any heap): on any heap (Duchêne, Dufour, Heubach, Larsson 2016)"},
		},
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			pl, err := ParsePlacement(p.String("placement"))
			if err != nil {
				return nil, err
			}
			return NewBuilding(p.Int("heaps"), p.Int("tokens"), pl)
		},
	})
}

// BuildingGame is Building Nim (Duchêne, Dufour, Heubach, Larsson 2016; the
// thesis' section 2.1): in phase 1 the players alternately place one token
// on one of n initially empty heaps (on an empty heap while there is one,
// under the thesis' rule; on any heap under free placement), until p
// tokens are placed; phase 2 is normal Nim on the built heaps, the turns
// continuing to alternate.
type BuildingGame struct {
	typ       *game.Type
	n, p      int
	placement Placement
}

// BuildingStates returns the number of heap multisets the building phase
// of (n heaps, p tokens) passes through under a placement rule (saturating
// at MaxBuildingStates+1).
func BuildingStates(n, p int, pl Placement) int {
	// parts[t] = partitions of t into at most n parts.
	partitions := func(upTo int) []int {
		parts := make([]int, upTo+1)
		parts[0] = 1
		for k := 1; k <= n; k++ {
			for t := k; t <= upTo; t++ {
				parts[t] = min(parts[t]+parts[t-k], MaxBuildingStates+1)
			}
		}
		return parts
	}
	cnt := 0
	if pl == Free {
		// Placed m: any partition of m into at most n parts.
		for _, c := range partitions(p) {
			cnt = min(cnt+c, MaxBuildingStates+1)
		}
		return cnt
	}
	// Placed m < n: one state (m ones). Placed m ≥ n: partitions of m − n
	// into at most n parts.
	cnt = min(p, n)
	if p < n {
		return cnt + 1
	}
	for _, c := range partitions(p - n) {
		cnt = min(cnt+c, MaxBuildingStates+1)
	}
	return cnt
}

// NewBuilding returns Building Nim with n heaps and p tokens under a
// placement rule.
func NewBuilding(n, p int, pl Placement) (*BuildingGame, error) {
	if err := CheckBuilding(n, p, pl); err != nil {
		return nil, err
	}
	return &BuildingGame{typ: NewBuildingType(), n: n, p: p, placement: pl}, nil
}

// CheckBuilding reports whether Building Nim with n heaps and p tokens
// under the placement rule is small enough to search exactly.
func CheckBuilding(n, p int, pl Placement) error {
	if n < 1 || n > MaxBuildingHeaps || p < 1 || p > MaxBuildingTokens {
		return fmt.Errorf("%d heaps and %d tokens: want 1 to %d heaps and 1 to %d tokens", n, p, MaxBuildingHeaps, MaxBuildingTokens)
	}
	if _, err := ParsePlacement(string(pl)); err != nil {
		return err
	}
	if c := BuildingStates(n, p, pl); c > MaxBuildingStates {
		return fmt.Errorf("%d heaps and %d tokens give more than %d building positions under %s placement, too many to search exactly: with %d heaps at most %d tokens",
			n, p, MaxBuildingStates, pl, n, maxBuildingTokens(n, pl))
	}
	return nil
}

// maxBuildingTokens returns the most tokens n heaps may have under the
// placement rule (BuildingStates grows with the tokens).
func maxBuildingTokens(n int, pl Placement) int {
	lo, hi := 1, MaxBuildingTokens // BuildingStates(n, lo) fits; hi may not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if BuildingStates(n, mid, pl) <= MaxBuildingStates {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// Type describes Building Nim.
func (g *BuildingGame) Type() *game.Type { return g.typ }

// HowToMove says how to move under this game's placement rule
// (game.HowToMover).
func (g *BuildingGame) HowToMove() [2]string { return buildingHowToMove(g.placement) }

// Rules says this game's rules in one sentence, with its heaps, tokens and
// placement rule (game.Ruler).
func (g *BuildingGame) Rules() string {
	where := "on an empty heap while there is one, then on any"
	if g.placement == Free {
		where = "on any heap"
	}
	return fmt.Sprintf("Taking turns, the players place %s one at a time on %s (%s); then, turns still alternating, they play Nim on the heaps they built: take any number of tokens from one heap, and whoever takes the last token wins.",
		game.Plural(g.p, "token"), game.Plural(g.n, "heap"), where)
}

// Placement returns the placement rule.
func (g *BuildingGame) Placement() Placement { return g.placement }

// HeapCount returns the number of heaps.
func (g *BuildingGame) HeapCount() int { return g.n }

// Tokens returns the number of tokens placed in the building phase.
func (g *BuildingGame) Tokens() int { return g.p }

// Starter returns the player who moves first in the Nim phase.
func (g *BuildingGame) Starter() game.Player { return g.starter() }

// String is the canonical game string (the placement is written when it
// is not the default).
func (g *BuildingGame) String() string {
	if g.placement != EmptyFirst {
		return fmt.Sprintf("buildingnim(heaps=%d,tokens=%d,placement=%s)", g.n, g.p, g.placement)
	}
	return fmt.Sprintf("buildingnim(heaps=%d,tokens=%d)", g.n, g.p)
}

// NewInitialState returns the empty heaps with the first player to place.
func (g *BuildingGame) NewInitialState() game.State {
	return &BuildingState{g: g, heapRow: heapRow{heaps: make([]int, g.n)}}
}

// starter is the player who moves first in phase 2.
func (g *BuildingGame) starter() game.Player { return game.Player(g.p % 2) }

// ParsePosition reads the heaps built so far, e.g. "2;1;0" (the player
// to move follows from the number of tokens placed), or, with a "nim:"
// prefix, the heaps of phase 2, with the phase-2 starter to move or
// followed by " P1" or " P2" naming the player to move, as Position
// writes it.
func (g *BuildingGame) ParsePosition(text string) (game.State, error) {
	rest, turn, given := splitTurn(text)
	nimPhase := strings.HasPrefix(rest, "nim:")
	heaps, err := ParseHeaps(strings.TrimPrefix(rest, "nim:"))
	if err != nil {
		return nil, err
	}
	if len(heaps) != g.n {
		return nil, fmt.Errorf("position %q: want %d heap sizes", short(text), g.n)
	}
	s := &BuildingState{g: g, heapRow: heapRow{heaps: heaps}}
	for _, h := range heaps {
		s.placed += h
	}
	if s.placed > g.p {
		return nil, fmt.Errorf("position %q holds %d tokens, more than the %d of the game", short(text), s.placed, g.p)
	}
	if nimPhase {
		s.placed, s.turn = g.p, g.starter()
		if given {
			s.turn = turn
		}
		return s, nil
	}
	zeros := 0
	for _, h := range heaps {
		if h == 0 {
			zeros++
		}
	}
	if g.placement == EmptyFirst && zeros > 0 && s.placed > g.n-zeros {
		return nil, fmt.Errorf("position %q cannot arise: tokens go on empty heaps first", short(text))
	}
	s.turn = game.Player(s.placed % 2)
	if given && turn != s.turn {
		return nil, fmt.Errorf("position %q: with %d tokens placed %s is to move (write nim:HEAPS for the Nim phase)", short(text), s.placed, game.SeatName(s.turn))
	}
	return s, nil
}

// BuildingState is a Building Nim position. Moves pack as in Nim: "place a
// token on heap i" is Move(i, 0) (phase 1), "take t from heap i" is
// Move(i, t) (phase 2).
type BuildingState struct {
	heapRow
	g      *BuildingGame
	placed int
}

// Placement returns the placement rule of the game.
func (s *BuildingState) Placement() Placement { return s.g.placement }

// Game returns the game of the position.
func (s *BuildingState) Game() *BuildingGame { return s.g }

// Building reports whether the building phase is still on.
func (s *BuildingState) Building() bool { return s.placed < s.g.p }

// Remaining returns the tokens still to place.
func (s *BuildingState) Remaining() int { return max(0, s.g.p-s.placed) }

func (s *BuildingState) hasEmpty() bool { return slices.Contains(s.heaps, 0) }

// Player returns the player to move, or game.Terminal at the end.
func (s *BuildingState) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether every token is placed and taken.
func (s *BuildingState) IsTerminal() bool { return !s.Building() && s.empty() }

// placeable reports whether a token may go on a heap of h tokens now.
func (s *BuildingState) placeable(h int, empty bool) bool {
	return s.g.placement == Free || !empty || h == 0
}

// LegalMoves appends the placements (phase 1) or the Nim moves (phase 2):
// MoveCount of them, at most MaxBuildingTokens.
func (s *BuildingState) LegalMoves(buf []game.Move) []game.Move {
	if s.Building() {
		empty := s.hasEmpty()
		for i, h := range s.heaps {
			if s.placeable(h, empty) {
				buf = append(buf, Move(i, 0))
			}
		}
		return buf
	}
	for i, h := range s.heaps {
		for t := 1; t <= h; t++ {
			buf = append(buf, Move(i, t))
		}
	}
	return buf
}

// MoveCount returns the number of legal moves.
func (s *BuildingState) MoveCount() int64 {
	var n int64
	empty := s.hasEmpty()
	for _, h := range s.heaps {
		switch {
		case s.Building():
			n += int64(b2i(s.placeable(h, empty)))
		default:
			n += int64(h)
		}
	}
	return n
}

// MoveAt returns LegalMoves' i-th move (from 0) without listing the
// others; i must be below MoveCount.
func (s *BuildingState) MoveAt(i int64) game.Move {
	if s.Building() {
		empty := s.hasEmpty()
		h, _, _ := indexMove(s.heaps, i, func(h int) int { return b2i(s.placeable(h, empty)) })
		return Move(h, 0)
	}
	h, k, _ := indexMove(s.heaps, i, func(h int) int { return h })
	return Move(h, k+1)
}

// buildingOn says that the building phase is on: no take yet.
func (s *BuildingState) buildingOn() error {
	return fmt.Errorf("the building phase is on (%d of %d tokens placed): place a token with +HEAP", s.placed, s.g.p)
}

func (s *BuildingState) check(m game.Move) error {
	i, t := unpack(m)
	switch {
	case s.IsTerminal():
		return fmt.Errorf("the game is over")
	case i >= len(s.heaps):
		return fmt.Errorf("there is no heap %d (heaps are 1 to %d)", i+1, len(s.heaps))
	case s.Building() && t != 0:
		return s.buildingOn()
	case s.Building() && !s.placeable(s.heaps[i], s.hasEmpty()):
		return fmt.Errorf("heap %d is not empty: tokens go on empty heaps first", i+1)
	case !s.Building() && t == 0:
		return fmt.Errorf("every token is placed: take tokens with HEAP:COUNT")
	case !s.Building() && t > s.heaps[i]:
		return game.CannotTake(i+1, s.heaps[i], t)
	}
	return nil
}

// Apply plays m after checking it.
func (s *BuildingState) Apply(m game.Move) error {
	if err := s.check(m); err != nil {
		return err
	}
	s.ApplyUnchecked(m)
	return nil
}

// ApplyUnchecked plays m without checking it.
func (s *BuildingState) ApplyUnchecked(m game.Move) {
	i, t := unpack(m)
	if t == 0 {
		s.placed++
		t = -1 // a placement adds a token
	}
	s.take(i, t)
}

// Undo takes back m, the last move applied.
func (s *BuildingState) Undo(m game.Move) {
	i, t := unpack(m)
	if t == 0 {
		s.placed--
		t = -1
	}
	s.untake(i, t)
}

// Clone returns an independent copy.
func (s *BuildingState) Clone() game.State {
	c := *s
	c.heapRow = s.copyRow()
	return &c
}

// Returns: whoever takes the last token wins.
func (s *BuildingState) Returns() []float64 { return s.returns(s.IsTerminal(), false) }

// Key hashes the heaps, the tokens placed and the player to move.
func (s *BuildingState) Key() uint64 { return s.key(0x6275696c, uint64(s.placed)) }

// MoveString writes "+HEAP" for a placement and "HEAP:COUNT" for a Nim move.
func (s *BuildingState) MoveString(m game.Move) string {
	if i, t := unpack(m); t == 0 {
		return fmt.Sprintf("+%d", i+1)
	}
	return takeText(m)
}

// ParseMove reads "+HEAP" (place a token on HEAP) or "HEAP:COUNT".
func (s *BuildingState) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(t, "+"); ok {
		i, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || i < 1 || i > len(s.heaps) {
			return 0, fmt.Errorf("%q: want +HEAP with HEAP from 1 to %d, e.g. +2", short(text), len(s.heaps))
		}
		return Move(i-1, 0), nil
	}
	if strings.Contains(t, ":") || strings.Contains(t, " ") {
		if s.Building() {
			// Any take is refused while tokens are placed: say so, not
			// what a take would need ("take from 1 to 0 tokens").
			return 0, fmt.Errorf("%q: %w", short(text), s.buildingOn())
		}
		return parseTake(t, s.heaps)
	}
	return 0, fmt.Errorf("%q: want +HEAP to place a token (phase 1) or HEAP:COUNT to take tokens (phase 2)", short(text))
}

// MoveHelp explains the notation.
func (s *BuildingState) MoveHelp() string {
	switch {
	case s.Building() && s.g.placement == Free:
		return "Type +HEAP to place a token on heap HEAP (any heap), e.g. +2."
	case s.Building():
		return "Type +HEAP to place a token on heap HEAP (an empty heap while there is one), e.g. +2."
	}
	return "Type HEAP:COUNT to take COUNT tokens from heap HEAP, e.g. 2:3."
}

// String draws the heaps and the phase.
func (s *BuildingState) String() string {
	var b strings.Builder
	if s.Building() {
		fmt.Fprintf(&b, "building: %d of %d tokens placed\n", s.placed, s.g.p)
	} else {
		b.WriteString("playing Nim on the built heaps\n")
	}
	b.WriteString(s.draw(s.IsTerminal(), "no move is left"))
	return b.String()
}

// Position writes the heaps separated by ';': in phase 1 as they are (the
// player to move follows), in phase 2 after "nim:" and followed by the
// player to move when it is not the phase-2 starter (see ParsePosition).
func (s *BuildingState) Position() string {
	if s.Building() {
		return s.position(s.turn)
	}
	return "nim:" + s.position(s.g.starter())
}

// View returns the heaps, the phase ("building" or "nim") and, as the
// counter, the tokens still to place.
func (s *BuildingState) View() game.View {
	v := s.view(s.g.typ, s)
	v.Status.Phase = "nim"
	if s.Building() {
		v.Status.Phase = "building"
	}
	left := s.Remaining()
	v.Status.Counter = &left
	return v
}

// MoveParts returns the heap (from 0) of a placement, or the heap and the
// number of tokens taken of a Nim move.
func (s *BuildingState) MoveParts(m game.Move) []game.Part {
	i, t := unpack(m)
	if t == 0 {
		return []game.Part{{Kind: game.PartHeap, Value: int64(i)}}
	}
	return heapAmountParts(i, t)
}

// MoveFromParts builds a placement from a heap (phase 1) or a Nim move
// from a heap and an amount (phase 2).
func (s *BuildingState) MoveFromParts(parts []game.Part) (game.Move, error) {
	var m game.Move
	if s.Building() {
		if len(parts) != 1 || parts[0].Kind != game.PartHeap || parts[0].Value < 0 || parts[0].Value >= int64(len(s.heaps)) {
			return 0, fmt.Errorf("the building phase takes one part, a heap from 0 to %d; got %s", len(s.heaps)-1, game.PartsText(parts))
		}
		m = Move(int(parts[0].Value), 0)
	} else {
		i, t, err := heapAnd(parts, game.PartAmount, len(s.heaps))
		if err != nil {
			return 0, err
		}
		m = Move(i, t)
	}
	if err := s.check(m); err != nil {
		return 0, err
	}
	return m, nil
}
