package nim

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

// GrundyCache holds the Grundy values of Grundy's game that its solver and
// perfect players have needed (the values do not depend on the starting
// heap). It is safe for concurrent use; the zero value is empty.
type GrundyCache struct {
	mu     sync.Mutex
	values []uint16
}

// Upto returns G(0..n) (or more), computing them by the sparse-space
// method the first time.
func (c *GrundyCache) Upto(ctx context.Context, n int) ([]uint16, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.values) > n {
		return c.values, nil
	}
	t, err := GrundyValues(ctx, min(max(n+1, 2*len(c.values), 64), nim.MaxGrundyHeap+1), nil)
	if err != nil {
		return nil, err
	}
	c.values = t.Values
	return c.values, nil
}

// grundyWinning returns every move to a position of Grundy value 0, given
// the values, in LegalMoves order.
func grundyWinning(heaps []int, vals []uint16) []game.Move {
	total := 0
	for _, h := range heaps {
		total ^= int(vals[h])
	}
	var out []game.Move
	if total == 0 {
		return nil
	}
	for i, h := range heaps {
		want := total ^ int(vals[h]) // the split must have this value
		for j := 1; 2*j < h; j++ {
			if int(vals[j]^vals[h-j]) == want {
				out = append(out, nim.Move(i, j))
			}
		}
	}
	return out
}

// GrundyPerfect plays Grundy's game by the Sprague–Grundy theory: a move to
// a position of value 0 whenever one exists; otherwise the first legal move.
type GrundyPerfect struct{ vals *GrundyCache }

// NewGrundyPerfect returns the perfect player of Grundy's game that takes
// its values from vals (nil: a cache of its own).
func NewGrundyPerfect(vals *GrundyCache) GrundyPerfect {
	if vals == nil {
		vals = &GrundyCache{}
	}
	return GrundyPerfect{vals: vals}
}

// Act returns the perfect move.
func (p GrundyPerfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*nim.GrundyState)
	if !ok {
		return 0, fmt.Errorf("grundy perfect: not a grundy state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("grundy perfect: no legal move")
	}
	heaps := s.Heaps()
	vals, err := p.vals.Upto(ctx, maxHeap(heaps))
	if err != nil {
		return 0, fmt.Errorf("grundy perfect: %w", err)
	}
	// The first winning move, found without listing them all.
	total := 0
	for _, h := range heaps {
		total ^= int(vals[h])
	}
	if total != 0 {
		for i, h := range heaps {
			want := total ^ int(vals[h])
			for j := 1; 2*j < h; j++ {
				if int(vals[j]^vals[h-j]) == want {
					return nim.Move(i, j), nil
				}
			}
		}
	}
	return s.MoveAt(0), nil
}

// grundySolver is Grundy's game's solver (solve.Analyzer); its values come
// from vals.
type grundySolver struct{ vals *GrundyCache }

// Solve decides a position of Grundy's game by its Grundy values (the
// sparse-space table) and explains it. The value is the position's Grundy
// value, the XOR of its heaps' values. Extra fields: heaps,
// grundy_values, nim_sum, grundy, reason.
func (g grundySolver) Solve(ctx context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Result, error) {
	s, ok := st.(*nim.GrundyState)
	if !ok {
		return nil, fmt.Errorf("grundy solve: not a grundy state")
	}
	heaps := s.Heaps()
	vals, err := g.vals.Upto(ctx, maxHeap(heaps))
	if err != nil {
		return &solve.Result{Outcome: solve.Unknown}, fmt.Errorf("grundy solve: %w", err)
	}
	hv := make([]int, len(heaps))
	sum := 0
	for i, h := range heaps {
		hv[i] = int(vals[h])
		sum ^= hv[i]
	}
	extra := map[string]any{"heaps": heaps, "grundy_values": hv, "nim_sum": sum}
	if s.IsTerminal() {
		r := terminalResult(s, uint64(0), fmt.Sprintf("Every heap has one or two tokens: no heap can be split, %s cannot move and loses.\n", game.SeatName(s.Turn())))
		r.Extra = extra
		return r, nil
	}
	wins := grundyWinning(heaps, vals)
	r := solve.Impartial(uint64(sum), wins)
	maps.Copy(r.Extra, extra)
	r.Nodes = int64(len(heaps))
	why := "By the Sprague–Grundy theorem the heaps are independent games, each worth a Nim heap of size G(heap)\n" +
		"(G(n) = mex of G(a) XOR G(n−a) over the splits, computed by the sparse-space method), and the\n" +
		"position is lost for the player to move exactly when the XOR of the values is 0."
	if sum == 0 {
		why += "\nIt is 0: every split changes one heap's value and makes the XOR non-zero."
	} else {
		i, j := nim.Unpack(wins[0])
		h := heaps[i]
		// What the split's parts must be worth: what the other heaps are
		// worth together, or 0 where there is no other heap.
		others := "; with no other heap, the XOR becomes 0."
		if len(heaps) > 1 {
			others = fmt.Sprintf(",\nthe same as the other heaps together (the XOR of all the values without heap %d's: %d XOR %d = %d), so the XOR becomes 0.",
				i+1, sum, vals[h], sum^int(vals[h]))
		}
		why += fmt.Sprintf("\nIt is %d: split heap %d (G(%d) = %d) into %d and %d, worth G(%d) XOR G(%d) = %d XOR %d = %d%s",
			sum, i+1, h, vals[h], h-j, j, h-j, j, vals[h-j], vals[j], vals[h-j]^vals[j], others)
	}
	r.Extra["reason"] = why
	var b strings.Builder
	fmt.Fprintf(&b, "Grundy's game: %s; a move splits a heap into two unequal parts; whoever cannot move loses.\n\n", heapsOf("heap", heaps))
	fmt.Fprintf(&b, "  heap  tokens  G\n")
	for i, h := range heaps[:min(len(heaps), nim.ShownHeaps)] {
		fmt.Fprintf(&b, "  %4d %7d  %d\n", i+1, h, hv[i])
	}
	if len(heaps) > nim.ShownHeaps {
		fmt.Fprintf(&b, "  … %d more heaps\n", len(heaps)-nim.ShownHeaps)
	}
	fmt.Fprintf(&b, "  XOR of the values: %d\n\n%s\n", sum, why)
	r.Teach = b.String()
	if len(wins) > 0 {
		fmt.Fprintf(&b, "Winning moves (HEAP=A+B): %s\n", moveTexts(s, wins, 30))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", r.Outcome)
	r.Text = b.String()
	return r, nil
}

// Analyze values every split at once: its value is the Grundy value it
// leaves, and it wins when that is 0.
func (g grundySolver) Analyze(ctx context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*nim.GrundyState)
	if !ok {
		return nil, fmt.Errorf("grundy analyze: not a grundy state")
	}
	if err := checkAnalyzable("grundy", s.MoveCount()); err != nil {
		return nil, err
	}
	heaps := s.Heaps()
	vals, err := g.vals.Upto(ctx, maxHeap(heaps))
	if err != nil {
		return nil, fmt.Errorf("grundy analyze: %w", err)
	}
	var sum uint16
	for _, h := range heaps {
		sum ^= vals[h]
	}
	return analysisOf(s, s.LegalMoves(make([]game.Move, 0, s.MoveCount())), func(_ int, m game.Move) (bool, any) {
		i, j := nim.Unpack(m)
		h := heaps[i]
		v := sum ^ vals[h] ^ vals[j] ^ vals[h-j]
		return v == 0, uint64(v)
	}), nil
}
