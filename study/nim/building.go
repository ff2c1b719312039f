package nim

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

// BuildingSolver decides building-phase positions by memoised search over
// the sorted heaps (heaps are interchangeable); the end of phase 1 is
// decided by Bouton's rule. Its memo is a solve.Table keyed by the exact
// sorted heaps and tokens left. It is not safe for concurrent use.
type BuildingSolver struct {
	free  bool
	tt    *solve.Table[string, bool]
	key   []byte
	Nodes int64
}

// NewBuildingSolver returns a solver for a placement rule with an empty
// table that grows to at most maxBytes (0: solve.DefaultTableBytes).
func NewBuildingSolver(pl nim.Placement, maxBytes int64) *BuildingSolver {
	seed := maphash.MakeSeed()
	hash := func(k string) uint64 { return maphash.String(seed, k) }
	return &BuildingSolver{free: pl == nim.Free, tt: solve.NewTable[string, bool](hash, solve.TableOptions[bool]{MaxBytes: maxBytes})}
}

// Wins reports whether the player to move wins with the given heaps and
// left tokens still to place (left = 0: phase 2 begins, Bouton decides).
func (sv *BuildingSolver) Wins(ctx context.Context, heaps []int, left int) (bool, error) {
	return sv.WinsBudget(solve.NewBudget(ctx, 0), heaps, left)
}

// WinsBudget is Wins within a budget.
func (sv *BuildingSolver) WinsBudget(b *solve.Budget, heaps []int, left int) (bool, error) {
	h := append([]int(nil), heaps...)
	slices.Sort(h)
	return sv.wins(b, h, left)
}

// wins works on sorted heaps (ascending), which it restores before returning.
func (sv *BuildingSolver) wins(b *solve.Budget, h []int, left int) (bool, error) {
	if left == 0 {
		return NimSum(h) != 0, nil
	}
	sv.key = binary.AppendUvarint(sv.key[:0], uint64(left))
	for _, x := range h {
		sv.key = binary.AppendUvarint(sv.key, uint64(x))
	}
	key := string(sv.key)
	if v, ok := sv.tt.Get(key); ok {
		return v, nil
	}
	sv.Nodes++
	if err := b.Step(); err != nil {
		return false, err
	}
	win := false
	empty := h[0] == 0
	for i := 0; i < len(h) && !win; i++ {
		if i > 0 && h[i] == h[i-1] {
			continue // the same size as the previous heap
		}
		if !sv.free && empty && h[i] != 0 {
			break // not empty while one is (and so are the larger heaps)
		}
		// Adding to the last heap of its size keeps the order.
		j := i
		for j+1 < len(h) && h[j+1] == h[i] {
			j++
		}
		h[j]++
		v, err := sv.wins(b, h, left-1)
		h[j]--
		if err != nil {
			return false, err
		}
		win = !v
	}
	sv.tt.Put(key, win)
	return win, nil
}

// BuildingWinner returns the winner of Building Nim with n heaps and p
// tokens under best play (with the solver's placement rule): 0 (the first
// player) or 1.
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

// winningPlacements returns the winning placements of a phase-1 state, in
// move order. When the budget runs out it returns those found so far with
// the error.
func (sv *BuildingSolver) winningPlacements(b *solve.Budget, s *nim.BuildingState) ([]game.Move, error) {
	var out []game.Move
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone().(*nim.BuildingState)
		c.ApplyUnchecked(m)
		v, err := sv.WinsBudget(b, c.Heaps(), c.Remaining())
		if err != nil {
			return out, err
		}
		if !v {
			out = append(out, m)
		}
	}
	return out, nil
}

// BuildingPerfect plays Building Nim perfectly: in phase 1 a placement that
// wins by exact search whenever one exists, in phase 2 Bouton's strategy.
type BuildingPerfect struct {
	pl nim.Placement
	sv *BuildingSolver
}

// NewBuildingPerfect returns the bot for a placement rule with an empty
// search table.
func NewBuildingPerfect(pl nim.Placement) *BuildingPerfect {
	return &BuildingPerfect{pl: pl, sv: NewBuildingSolver(pl, 0)}
}

// Release drops the search table (bot.Releaser) for a new, empty one.
func (bp *BuildingPerfect) Release() { bp.sv = NewBuildingSolver(bp.pl, 0) }

// Act returns the perfect move.
func (bp *BuildingPerfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*nim.BuildingState)
	if !ok {
		return 0, fmt.Errorf("buildingnim perfect: not a buildingnim state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("buildingnim perfect: no legal move")
	}
	if s.Building() {
		if bp.sv.free != (s.Placement() == nim.Free) {
			return 0, fmt.Errorf("buildingnim perfect: the bot searches another placement rule than %s", s.Placement())
		}
		w, err := bp.sv.winningPlacements(solve.NewBudget(ctx, 0), s)
		if err != nil {
			return 0, fmt.Errorf("buildingnim perfect: %w", err)
		}
		if len(w) > 0 {
			return w[0], nil
		}
		return s.MoveAt(0), nil
	}
	if w := WinningMoves(s.Heaps(), false); len(w) > 0 {
		return w[0], nil
	}
	return s.MoveAt(s.MoveCount() - 1), nil
}

// buildingSolver is Building Nim's solver (solve.Analyzer).
type buildingSolver struct{}

// Solve decides a Building Nim position: exact search in phase 1, Bouton's
// rule in phase 2, and explains it. In phase 2 the value is the Grundy
// value of the Nim position, the nim-sum; in phase 1 it is nil (the search
// decides only the outcome). Extra fields: heaps, phase (1 or 2),
// tokens_left, placement, reason, and nim_sum, xor (Bouton's table as an
// XORTable) and grundy in phase 2.
// Interrupted (ctx, opt.Nodes), it returns the winning placements found so
// far with the outcome unknown, unless one was found.
func (buildingSolver) Solve(ctx context.Context, _ game.Game, st game.State, opt solve.Options) (*solve.Result, error) {
	s, ok := st.(*nim.BuildingState)
	if !ok {
		return nil, fmt.Errorf("buildingnim solve: not a buildingnim state")
	}
	g := s.Game()
	extra := map[string]any{"heaps": append([]int(nil), s.Heaps()...), "phase": 2, "tokens_left": s.Remaining(), "placement": g.Placement()}
	if s.IsTerminal() {
		r := terminalResult(s, uint64(0), fmt.Sprintf("Every heap is empty: the game is over, %s took the last token and wins.\n", game.SeatName(1-s.Turn())))
		r.Extra = extra
		return r, nil
	}
	if !s.Building() {
		sum := NimSum(s.Heaps())
		wins := WinningMoves(s.Heaps(), false)
		r := solve.Impartial(uint64(sum), wins)
		maps.Copy(r.Extra, extra)
		why := reason(s.Heaps(), false, sum, wins)
		table := xorTableOf(s, s.Heaps())
		r.Extra["nim_sum"], r.Extra["reason"], r.Extra["xor"] = sum, why, table
		r.Nodes = int64(len(s.Heaps()))
		var b strings.Builder
		fmt.Fprintf(&b, "Nim phase: %s.\n\n%s\n%s\n", heapsOf("heap", s.Heaps()), table, why)
		r.Teach = b.String()
		if len(wins) > 0 {
			fmt.Fprintf(&b, "Winning moves: %s\n", moveTexts(s, wins, 30))
		}
		fmt.Fprintf(&b, "Outcome for the player to move: %s\n", r.Outcome)
		r.Text = b.String()
		return r, nil
	}
	extra["phase"] = 1
	sv := NewBuildingSolver(g.Placement(), opt.MemBytes)
	budget := solve.NewBudget(ctx, opt.Nodes)
	w, err := sv.winningPlacements(budget, s)
	r := &solve.Result{Outcome: winLoss(len(w) > 0), Best: w, Complete: err == nil, Nodes: sv.Nodes, Extra: extra}
	if err != nil {
		if !solve.Stopped(err) {
			return nil, fmt.Errorf("buildingnim solve: %w", err)
		}
		if len(w) == 0 {
			r.Outcome = solve.Unknown
		}
	}
	who := "the player to move"
	if s.Turn() != g.Starter() {
		who = "the opponent"
	}
	rule := "on an empty heap while there is one"
	if g.Placement() == nim.Free {
		rule = "on any heap"
	}
	search := fmt.Sprintf("An exact search over the sorted heaps (%s) decides the building phase", game.Plural(int(sv.Nodes), "position"))
	if s.Remaining() == 1 {
		search = "This is the last placement, judged by the nim-sum it leaves"
	}
	switch {
	case err != nil:
		search += "."
	case len(w) > 0:
		search += ": the player to move wins by placing the token on heap " + placedOn(w) + "."
	default:
		search += ": the player to move loses, wherever the token goes."
	}
	why := fmt.Sprintf("Tokens go %s. After the last placement %s starts the Nim phase and wins exactly when "+
		"the nim-sum is not 0; the other player places the last token and wants the nim-sum to be 0.\n%s", rule, who, search)
	if g.Tokens()%2 == 1 {
		why += fmt.Sprintf("\nHere p = %d is odd, so the total is odd and the nim-sum cannot be 0: the Nim starter (player 2) always wins.", g.Tokens())
	} else if g.HeapCount()%2 == 0 {
		why += fmt.Sprintf("\nHere p = %d and n = %d are even: player 2 wins by mirroring, pairing the heaps so that each pair stays equal.", g.Tokens(), g.HeapCount())
	}
	why = game.Wrap(why, 100)
	extra["reason"] = why
	var b strings.Builder
	fmt.Fprintf(&b, "Building phase: %s; %s still to place.\n\n%s\n", heapsOf("heap", s.Heaps()), game.Plural(s.Remaining(), "token"), why)
	r.Teach = b.String()
	if len(w) > 0 {
		fmt.Fprintf(&b, "Winning moves: %s\n", moveTexts(s, w, 30))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", r.Outcome)
	r.Text = b.String()
	return r, err
}

// placedOn names the heaps of placements as a sentence does: "2", "1 or
// 3", "1, 2 or 3".
func placedOn(placements []game.Move) string {
	heaps := make([]string, len(placements))
	for i, m := range placements {
		h, _ := nim.Unpack(m)
		heaps[i] = strconv.Itoa(h + 1)
	}
	return game.Series(heaps, "or")
}

// Analyze values every move: in phase 2 by Bouton's rule (the value is the
// nim-sum left), in phase 1 by one exact search shared by all placements
// (the value is nil, except after the last placement: the nim-sum of the
// built heaps). Interrupted, it returns the moves decided so far, the
// others unknown, with the error.
func (buildingSolver) Analyze(ctx context.Context, _ game.Game, st game.State, opt solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*nim.BuildingState)
	if !ok {
		return nil, fmt.Errorf("buildingnim analyze: not a buildingnim state")
	}
	g := s.Game()
	moves := s.LegalMoves(nil)
	if !s.Building() {
		c := newPCheck(s.Heaps(), false)
		return analysisOf(s, moves, func(_ int, m game.Move) (bool, any) {
			i, t := nim.Unpack(m)
			v := s.Heaps()[i] - t
			return c.after(i, v), uint64(c.sum ^ s.Heaps()[i] ^ v)
		}), nil
	}
	sv := NewBuildingSolver(g.Placement(), opt.MemBytes)
	budget := solve.NewBudget(ctx, opt.Nodes)
	a := &solve.Analysis{Complete: true}
	var stop error
	for _, m := range moves {
		mv := solve.MoveValue{Move: s.MoveString(m), M: m, Outcome: solve.Unknown}
		c := s.Clone().(*nim.BuildingState)
		c.ApplyUnchecked(m)
		if !c.Building() {
			mv.Value = uint64(NimSum(c.Heaps()))
		}
		if stop == nil {
			v, err := sv.WinsBudget(budget, c.Heaps(), c.Remaining())
			switch {
			case err != nil && !solve.Stopped(err):
				return nil, fmt.Errorf("buildingnim analyze: %w", err)
			case err != nil:
				stop = err
			default:
				mv.Outcome = winLoss(!v)
			}
		}
		if mv.Outcome == solve.Unknown {
			a.Complete = false
		}
		a.Moves = append(a.Moves, mv)
	}
	a.Nodes = sv.Nodes
	return a, stop
}

// BuildingTable is the winner of Building Nim for every number of heaps
// and tokens up to a bound, as `kombi table buildingnim` prints it.
type BuildingTable struct {
	MaxHeaps  int           `json:"max_heaps"`
	MaxTokens int           `json:"max_tokens"`
	Placement nim.Placement `json:"placement"`
	// Winner[n−1][p−1] is the winner with n heaps and p tokens: 1 (P1,
	// who places first) or 2. An interrupted table holds the rows done.
	Winner    [][]int `json:"winner"`
	Positions int64   `json:"positions"`
	Seconds   float64 `json:"seconds"`
}

// BuildingWinners fills the table of winners for 1 to maxHeaps heaps and
// 1 to maxTokens tokens under a placement rule (see nim.CheckBuilding for the
// bounds). progress, when not nil, receives the rows done. When ctx is
// done it returns the rows done so far with ctx's error.
func BuildingWinners(ctx context.Context, maxHeaps, maxTokens int, pl nim.Placement, progress func(solve.Progress)) (*BuildingTable, error) {
	if _, err := CheckBuildingTable(maxHeaps, maxTokens, string(pl)); err != nil {
		return nil, err
	}
	start := time.Now()
	t := &BuildingTable{MaxHeaps: maxHeaps, MaxTokens: maxTokens, Placement: pl, Winner: [][]int{}}
	for n := 1; n <= maxHeaps; n++ {
		sv := NewBuildingSolver(pl, 0)
		row := make([]int, maxTokens)
		for p := 1; p <= maxTokens; p++ {
			w, err := BuildingWinner(ctx, sv, n, p)
			t.Positions += sv.Nodes
			sv.Nodes = 0
			if err != nil {
				t.Seconds = time.Since(start).Seconds()
				return t, err
			}
			row[p-1] = w + 1
		}
		t.Winner = append(t.Winner, row)
		if progress != nil {
			progress(solve.Progress{Done: int64(n), Total: int64(maxHeaps), Nodes: t.Positions, Elapsed: time.Since(start)})
		}
	}
	t.Seconds = time.Since(start).Seconds()
	return t, nil
}

// CheckBuildingTable reads a placement rule and reports whether
// BuildingWinners can fill the table for 1 to maxHeaps heaps and 1 to
// maxTokens tokens under it (see nim.CheckBuilding).
func CheckBuildingTable(maxHeaps, maxTokens int, placement string) (nim.Placement, error) {
	pl, err := nim.ParsePlacement(placement)
	if err != nil {
		return "", err
	}
	if maxHeaps < 1 || maxHeaps > nim.MaxBuildingHeaps || maxTokens < 1 || maxTokens > nim.MaxBuildingTokens {
		return "", fmt.Errorf("%d heaps and %d tokens: want 1 to %d heaps and 1 to %d tokens", maxHeaps, maxTokens, nim.MaxBuildingHeaps, nim.MaxBuildingTokens)
	}
	for n := 1; n <= maxHeaps; n++ {
		if err := nim.CheckBuilding(n, maxTokens, pl); err != nil {
			return "", fmt.Errorf("%w; lower the tokens or the heaps", err)
		}
	}
	return pl, nil
}

// Columns are the columns of Rows: "n \ p", then the numbers of tokens.
func (t *BuildingTable) Columns() []string {
	cols := []string{`n \ p`}
	for p := 1; p <= t.MaxTokens; p++ {
		cols = append(cols, strconv.Itoa(p))
	}
	return cols
}

// Rows writes the winners as table rows: the number of heaps, then P1 or
// P2 for every number of tokens.
func (t *BuildingTable) Rows() [][]string {
	rows := make([][]string, len(t.Winner))
	for i, ws := range t.Winner {
		rows[i] = []string{strconv.Itoa(i + 1)}
		for _, w := range ws {
			rows[i] = append(rows[i], "P"+strconv.Itoa(w))
		}
	}
	return rows
}

// Title describes the table for people.
func (t *BuildingTable) Title() string {
	return fmt.Sprintf("Building Nim, %s placement: the winner under best play with n heaps (rows) and p tokens (columns), P1 placing first (exact search of %d positions, %.3f s)",
		t.Placement, t.Positions, t.Seconds)
}
