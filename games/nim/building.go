package nim

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxBuildingStates bounds the positions a Building Nim game may have in its
// building phase, so that exact search stays quick.
const MaxBuildingStates = 2_000_000

// NewBuildingType returns the type of Building Nim.
func NewBuildingType() *game.Type {
	return &game.Type{
		Name: "buildingnim",
		Doc:  "Building Nim: players alternately place tokens one at a time on empty heaps first, then play Nim",
		Params: []game.ParamSpec{
			{Name: "heaps", Kind: game.Int, Default: "3", HasMin: true, Min: 1, HasMax: true, Max: 64, Doc: "number of heaps, initially empty"},
			{Name: "tokens", Kind: game.Int, Default: "10", HasMin: true, Min: 1, HasMax: true, Max: 10000, Doc: "tokens placed in the building phase"},
		},
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			return NewBuilding(p.Int("heaps"), p.Int("tokens"))
		},
	}
}

// BuildingGame is Building Nim (Duchêne, Dufour, Heubach, Larsson 2016; the
// thesis' section 2.1): in phase 1 the players alternately place one token
// on one of n initially empty heaps, on an empty heap while there is one,
// until p tokens are placed; phase 2 is normal Nim on the built heaps, the
// turns continuing to alternate.
type BuildingGame struct {
	typ  *game.Type
	n, p int
}

// BuildingStates returns the number of heap multisets the building phase
// of (n heaps, p tokens) passes through (saturating at MaxBuildingStates+1).
func BuildingStates(n, p int) int {
	// Placed m < n: one state (m ones). Placed m ≥ n: partitions of m − n
	// into at most n parts.
	cnt := min(p, n)
	if p < n {
		return cnt + 1
	}
	// parts[t] = partitions of t into at most n parts.
	parts := make([]int, p-n+1)
	parts[0] = 1
	for k := 1; k <= n; k++ {
		for t := k; t <= p-n; t++ {
			parts[t] = min(parts[t]+parts[t-k], MaxBuildingStates+1)
		}
	}
	for _, c := range parts {
		cnt = min(cnt+c, MaxBuildingStates+1)
	}
	return cnt
}

// NewBuilding returns Building Nim with n heaps and p tokens.
func NewBuilding(n, p int) (*BuildingGame, error) {
	if n < 1 || p < 1 {
		return nil, fmt.Errorf("need at least one heap and one token, got %d heaps and %d tokens", n, p)
	}
	if c := BuildingStates(n, p); c > MaxBuildingStates {
		return nil, fmt.Errorf("%d heaps and %d tokens give more than %d building positions, too many to search exactly", n, p, MaxBuildingStates)
	}
	return &BuildingGame{typ: NewBuildingType(), n: n, p: p}, nil
}

// Type describes Building Nim.
func (g *BuildingGame) Type() *game.Type { return g.typ }

// String is the canonical game string.
func (g *BuildingGame) String() string {
	return fmt.Sprintf("buildingnim(heaps=%d,tokens=%d)", g.n, g.p)
}

// NewInitialState returns the empty heaps with the first player to place.
func (g *BuildingGame) NewInitialState() game.State {
	return &BuildingState{g: g, heaps: make([]int, g.n)}
}

// ParsePosition reads the heaps built so far, e.g. "2;1;0" (the player
// to move follows from the number of tokens placed), or, with a "nim:"
// prefix, the heaps of phase 2 with the phase-2 starter to move.
func (g *BuildingGame) ParsePosition(text string) (game.State, error) {
	t := strings.TrimSpace(text)
	heaps, err := ParseHeaps(strings.TrimPrefix(t, "nim:"))
	if err != nil {
		return nil, err
	}
	if len(heaps) != g.n {
		return nil, fmt.Errorf("position %q: want %d heap sizes", text, g.n)
	}
	s := &BuildingState{g: g, heaps: heaps}
	for _, h := range heaps {
		s.placed += h
	}
	if strings.HasPrefix(t, "nim:") {
		s.placed = g.p
		s.turn = game.Player(g.p % 2)
		return s, nil
	}
	if s.placed > g.p {
		return nil, fmt.Errorf("position %q holds %d tokens, more than the %d of the game", text, s.placed, g.p)
	}
	zeros := 0
	for _, h := range heaps {
		if h == 0 {
			zeros++
		}
	}
	if zeros > 0 && s.placed > g.n-zeros {
		return nil, fmt.Errorf("position %q cannot arise: tokens go on empty heaps first", text)
	}
	s.turn = game.Player(s.placed % 2)
	return s, nil
}

// BuildingState is a Building Nim position. Moves pack as in Nim: "place a
// token on heap i" is Move(i, 0) (phase 1), "take t from heap i" is
// Move(i, t) (phase 2).
type BuildingState struct {
	g      *BuildingGame
	heaps  []int
	placed int
	turn   game.Player
	moves  int
}

// Heaps returns the heap sizes (do not modify).
func (s *BuildingState) Heaps() []int { return s.heaps }

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
func (s *BuildingState) IsTerminal() bool { return !s.Building() && maxHeap(s.heaps) == 0 }

// LegalMoves appends the placements (phase 1) or the Nim moves (phase 2).
func (s *BuildingState) LegalMoves(buf []game.Move) []game.Move {
	if s.Building() {
		empty := s.hasEmpty()
		for i, h := range s.heaps {
			if !empty || h == 0 {
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

func (s *BuildingState) check(m game.Move) error {
	i, t := unpack(m)
	switch {
	case s.IsTerminal():
		return fmt.Errorf("the game is over")
	case i >= len(s.heaps):
		return fmt.Errorf("there is no heap %d (heaps are 1 to %d)", i+1, len(s.heaps))
	case s.Building() && t != 0:
		return fmt.Errorf("the building phase is on (%d of %d tokens placed): place a token with +HEAP", s.placed, s.g.p)
	case s.Building() && s.heaps[i] != 0 && s.hasEmpty():
		return fmt.Errorf("heap %d is not empty: tokens go on empty heaps first", i+1)
	case !s.Building() && t == 0:
		return fmt.Errorf("every token is placed: take tokens with HEAP:COUNT")
	case !s.Building() && t > s.heaps[i]:
		return fmt.Errorf("heap %d has only %d tokens, cannot take %d", i+1, s.heaps[i], t)
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
		s.heaps[i]++
		s.placed++
	} else {
		s.heaps[i] -= t
	}
	s.turn = 1 - s.turn
	s.moves++
}

// Undo takes back m, the last move applied.
func (s *BuildingState) Undo(m game.Move) {
	i, t := unpack(m)
	if t == 0 {
		s.heaps[i]--
		s.placed--
	} else {
		s.heaps[i] += t
	}
	s.turn = 1 - s.turn
	s.moves--
}

// Clone returns an independent copy.
func (s *BuildingState) Clone() game.State {
	c := *s
	c.heaps = append([]int(nil), s.heaps...)
	return &c
}

// Returns: whoever takes the last token wins.
func (s *BuildingState) Returns() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	r := []float64{0, 0}
	r[s.turn], r[1-s.turn] = -1, 1
	return r
}

// Key hashes the heaps, the tokens placed and the player to move.
func (s *BuildingState) Key() uint64 {
	h := game.HashMix(0x6275696c, uint64(s.turn))
	h = game.HashMix(h, uint64(s.placed))
	for _, x := range s.heaps {
		h = game.HashMix(h, uint64(x))
	}
	return h
}

// MoveString writes "+HEAP" for a placement and "HEAP:COUNT" for a Nim move.
func (s *BuildingState) MoveString(m game.Move) string {
	i, t := unpack(m)
	if t == 0 {
		return fmt.Sprintf("+%d", i+1)
	}
	return fmt.Sprintf("%d:%d", i+1, t)
}

// ParseMove reads "+HEAP" (place a token on HEAP) or "HEAP:COUNT".
func (s *BuildingState) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(t, "+"); ok {
		i, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || i < 1 || i > len(s.heaps) {
			return 0, fmt.Errorf("%q: want +HEAP with HEAP from 1 to %d, e.g. +2", text, len(s.heaps))
		}
		return Move(i-1, 0), nil
	}
	if strings.Contains(t, ":") || strings.Contains(t, " ") {
		return (&State{heaps: s.heaps}).ParseMove(t)
	}
	return 0, fmt.Errorf("%q: want +HEAP to place a token (phase 1) or HEAP:COUNT to take tokens (phase 2)", text)
}

// MoveHelp explains the notation.
func (s *BuildingState) MoveHelp() string {
	if s.Building() {
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
	b.WriteString(drawHeaps(s.heaps, s.turn, s.IsTerminal()))
	return b.String()
}

// ---- exact search of the building phase ----

// BuildingSolver decides building-phase positions by memoised search over
// the sorted heaps (heaps are interchangeable); the end of phase 1 is
// decided by Bouton's rule. It is not safe for concurrent use.
type BuildingSolver struct {
	memo  map[string]bool
	Nodes int64
}

// NewBuildingSolver returns a solver with an empty table.
func NewBuildingSolver() *BuildingSolver { return &BuildingSolver{memo: map[string]bool{}} }

func canonKey(heaps []int, left int) string {
	b := make([]byte, 0, 2*len(heaps)+2)
	b = strconv.AppendInt(b, int64(left), 10)
	for _, h := range heaps {
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(h), 10)
	}
	return string(b)
}

// Wins reports whether the player to move wins with the given heaps and
// left tokens still to place (left = 0: phase 2 begins, Bouton decides).
func (sv *BuildingSolver) Wins(ctx context.Context, heaps []int, left int) (bool, error) {
	h := append([]int(nil), heaps...)
	slices.Sort(h)
	return sv.wins(ctx, h, left)
}

// wins works on sorted heaps (ascending), which it restores before returning.
func (sv *BuildingSolver) wins(ctx context.Context, h []int, left int) (bool, error) {
	if left == 0 {
		return NimSum(h) != 0, nil
	}
	key := canonKey(h, left)
	if v, ok := sv.memo[key]; ok {
		return v, nil
	}
	sv.Nodes++
	if sv.Nodes&0xffff == 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	win := false
	empty := h[0] == 0
	for i := 0; i < len(h) && !win; i++ {
		if i > 0 && h[i] == h[i-1] || empty && h[i] != 0 {
			continue // same size as the previous heap, or not empty while one is
		}
		// Adding to the last heap of its size keeps the order.
		j := i
		for j+1 < len(h) && h[j+1] == h[i] {
			j++
		}
		h[j]++
		v, err := sv.wins(ctx, h, left-1)
		h[j]--
		if err != nil {
			return false, err
		}
		win = !v
	}
	sv.memo[key] = win
	return win, nil
}

// BuildingWinner returns the winner of Building Nim with n heaps and p
// tokens under best play: 0 (the first player) or 1.
func BuildingWinner(ctx context.Context, sv *BuildingSolver, n, p int) (int, error) {
	w, err := sv.Wins(ctx, make([]int, n), p)
	if err != nil {
		return 0, err
	}
	if w {
		return 0, nil
	}
	return 1, nil
}

// BuildingPerfect plays Building Nim perfectly: in phase 1 a placement that
// wins by exact search whenever one exists, in phase 2 Bouton's strategy.
type BuildingPerfect struct {
	sv *BuildingSolver
}

// NewBuildingPerfect returns the bot with an empty search table.
func NewBuildingPerfect() *BuildingPerfect { return &BuildingPerfect{sv: NewBuildingSolver()} }

// winningPlacements returns the winning placements of a phase-1 state.
func (sv *BuildingSolver) winningPlacements(ctx context.Context, s *BuildingState) ([]game.Move, error) {
	var out []game.Move
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone().(*BuildingState)
		c.ApplyUnchecked(m)
		v, err := sv.Wins(ctx, c.heaps, c.Remaining())
		if err != nil {
			return nil, err
		}
		if !v {
			out = append(out, m)
		}
	}
	return out, nil
}

// Act returns the perfect move.
func (b *BuildingPerfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*BuildingState)
	if !ok {
		return 0, fmt.Errorf("buildingnim perfect: not a buildingnim state")
	}
	moves := s.LegalMoves(nil)
	if len(moves) == 0 {
		return 0, fmt.Errorf("buildingnim perfect: no legal move")
	}
	if s.Building() {
		w, err := b.sv.winningPlacements(ctx, s)
		if err != nil {
			return 0, fmt.Errorf("buildingnim perfect: %w", err)
		}
		if len(w) > 0 {
			return w[0], nil
		}
		return moves[0], nil
	}
	if w := WinningMoves(s.heaps, false); len(w) > 0 {
		return w[0], nil
	}
	return moves[len(moves)-1], nil
}

// BuildingAnalysis explains a Building Nim position.
type BuildingAnalysis struct {
	Game      string   `json:"game"`
	Heaps     []int    `json:"heaps"`
	Phase     int      `json:"phase"`
	Left      int      `json:"tokens_left"`
	Outcome   string   `json:"outcome"`
	BestMoves []string `json:"best_moves"`
	Reason    string   `json:"reason"`
	Nodes     int64    `json:"nodes"`
	table     string
}

// Text explains the analysis for people.
func (a *BuildingAnalysis) Text() string {
	var b strings.Builder
	if a.Phase == 1 {
		fmt.Fprintf(&b, "Building phase: heaps %s, %d tokens still to place.\n\n%s\n", joinSizes(a.Heaps), a.Left, a.Reason)
	} else {
		fmt.Fprintf(&b, "Nim phase: heaps %s.\n\n%s\n%s\n", joinSizes(a.Heaps), a.table, a.Reason)
	}
	if len(a.BestMoves) > 0 {
		fmt.Fprintf(&b, "Winning moves: %s\n", strings.Join(a.BestMoves, " "))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", a.Outcome)
	return b.String()
}

// Solve explains a Building Nim position: exact search in phase 1, Bouton
// in phase 2.
func (g *BuildingGame) Solve(ctx context.Context, st game.State, _ game.SolveOptions) (game.Analysis, error) {
	s, ok := st.(*BuildingState)
	if !ok {
		return nil, fmt.Errorf("buildingnim solve: not a buildingnim state")
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("buildingnim solve: the game is over")
	}
	a := &BuildingAnalysis{Game: g.String(), Heaps: append([]int(nil), s.heaps...), Left: s.Remaining(), BestMoves: []string{}}
	if !s.Building() {
		a.Phase = 2
		na := Analyse(&Game{piles: s.heaps}, &State{heaps: s.heaps})
		a.table, a.Reason, a.BestMoves, a.Outcome = xorTable(s.heaps), na.Reason, na.BestMoves, na.Outcome
		a.Game = g.String()
		return a, nil
	}
	a.Phase = 1
	sv := NewBuildingSolver()
	w, err := sv.winningPlacements(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("buildingnim solve: %w", err)
	}
	a.Nodes = sv.Nodes
	for _, m := range w {
		a.BestMoves = append(a.BestMoves, s.MoveString(m))
	}
	a.Outcome = "loss"
	if len(w) > 0 {
		a.Outcome = "win"
	}
	starter := game.Player(g.p % 2) // who moves first in phase 2
	who := "the player to move"
	if s.turn != starter {
		who = "the opponent"
	}
	a.Reason = fmt.Sprintf("After the last placement %s starts the Nim phase and wins exactly when the nim-sum is not 0;\n"+
		"the other player places the last token and wants the nim-sum to be 0. Exact search over the sorted heaps\n"+
		"(%d positions) decides the building phase.", who, sv.Nodes)
	if g.p%2 == 1 {
		a.Reason += fmt.Sprintf("\nHere p = %d is odd, so the total is odd and the nim-sum cannot be 0: the Nim starter (P2) always wins.", g.p)
	} else if g.n%2 == 0 {
		a.Reason += fmt.Sprintf("\nHere p = %d and n = %d are even: P2 wins by mirroring, pairing the heaps so that each pair stays equal.", g.p, g.n)
	}
	return a, nil
}
