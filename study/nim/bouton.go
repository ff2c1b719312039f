// Package nim is the study of the Nim family (the rules are in package
// games/nim): Bouton's theory of Nim and its explanation, Moore's theorem
// for Index-k Nim, the theory of Greedy Nim, the exact search of Building
// Nim's building phase and its table of winners, the Grundy values of
// Grundy's game by the sparse-space method, and the perfect players and
// solvers built on them (Register).
package nim

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

// NimSum returns the XOR of the heap sizes.
func NimSum(heaps []int) int {
	s := 0
	for _, h := range heaps {
		s ^= h
	}
	return s
}

// IsPPosition reports whether the player to move loses against best play:
// in normal play when the nim-sum is 0; in misère play the same while some
// heap has two or more tokens, and with only heaps of 0 or 1 tokens when
// their number of one-token heaps is odd.
func IsPPosition(heaps []int, misere bool) bool {
	if misere && maxHeap(heaps) <= 1 {
		ones := 0
		for _, h := range heaps {
			ones += h
		}
		return ones%2 == 1
	}
	return NimSum(heaps) == 0
}

func maxHeap(heaps []int) int {
	m := 0
	for _, h := range heaps {
		m = max(m, h)
	}
	return m
}

// pCheck decides in constant time whether a position that differs from
// heaps in one heap is a P-position.
type pCheck struct {
	heaps     []int
	misere    bool
	sum       int
	big, ones int // heaps of two or more tokens, heaps of one token
}

func newPCheck(heaps []int, misere bool) pCheck {
	c := pCheck{heaps: heaps, misere: misere, sum: NimSum(heaps)}
	for _, h := range heaps {
		switch {
		case h >= 2:
			c.big++
		case h == 1:
			c.ones++
		}
	}
	return c
}

// after reports whether the position with heap i changed to v tokens is a
// P-position (see IsPPosition).
func (c pCheck) after(i, v int) bool {
	h := c.heaps[i]
	if c.misere {
		big := c.big - b2i(h >= 2) + b2i(v >= 2)
		if big == 0 {
			return (c.ones-b2i(h == 1)+b2i(v == 1))%2 == 1
		}
	}
	return c.sum^h^v == 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// WinningMoves returns every move to a P-position, in LegalMoves order; it is
// empty exactly when the player to move loses against best play. It needs
// only time linear in the number of heaps: a winning move on heap i leaves
// h XOR s, 0 or 1 tokens (the last two only in misère play).
func WinningMoves(heaps []int, misere bool) []game.Move {
	var out []game.Move
	c := newPCheck(heaps, misere)
	for i, h := range heaps {
		// Candidates in LegalMoves order: fewer tokens taken first.
		cands := [3]int{h ^ c.sum, -1, -1}
		if misere {
			cands[1], cands[2] = 1, 0
			if cands[0] < 1 {
				cands[0], cands[1], cands[2] = 1, 0, -1
			}
		}
		last := h
		for _, v := range cands {
			if v < 0 || v >= last {
				continue
			}
			last = v
			if c.after(i, v) {
				out = append(out, nim.Move(i, h-v))
			}
		}
	}
	return out
}

// Perfect plays Bouton's strategy: a winning move whenever one exists (the
// first in move order); in a lost position it takes one token from a largest
// heap, to make the opponent's task as long as possible.
type Perfect struct{}

// Act returns the perfect move.
func (Perfect) Act(ctx context.Context, s game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	ns, ok := s.(*nim.State)
	if !ok {
		return 0, fmt.Errorf("nim perfect: not a nim state")
	}
	if w := WinningMoves(ns.Heaps(), ns.Misere()); len(w) > 0 {
		return w[0], nil
	}
	best := -1
	for i, h := range ns.Heaps() {
		if h > 0 && (best < 0 || h > ns.Heaps()[best]) {
			best = i
		}
	}
	if best < 0 {
		return 0, fmt.Errorf("nim perfect: no legal move")
	}
	return nim.Move(best, 1), nil
}

// boutonSolver is Nim's solver (solve.Analyzer): Bouton's rule.
type boutonSolver struct{}

// Solve decides a Nim position by Bouton's rule and explains it: the
// binary XOR table, the reasoning and the winning moves. In normal play
// the value is the position's Grundy value, the nim-sum; misère Nim has no
// value (nil), only its exact outcome. Extra fields: heaps, misere,
// nim_sum, reason, xor (the table as an XORTable; not at the end) and
// grundy in normal play.
func (boutonSolver) Solve(_ context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Result, error) {
	s, ok := st.(*nim.State)
	if !ok {
		return nil, fmt.Errorf("nim solve: not a nim state")
	}
	sum := NimSum(s.Heaps())
	extra := map[string]any{"heaps": append([]int(nil), s.Heaps()...), "misere": s.Misere(), "nim_sum": sum}
	if s.IsTerminal() {
		var v any
		if !s.Misere() {
			v = uint64(0)
		}
		r := terminalResult(s, v, fmt.Sprintf("Every heap is empty: the game is over, %s took the last token.\n", game.SeatName(1-s.Turn())))
		r.Extra = extra
		return r, nil
	}
	wins := WinningMoves(s.Heaps(), s.Misere())
	var r *solve.Result
	if s.Misere() {
		r = &solve.Result{Outcome: winLoss(len(wins) > 0), Best: wins, Complete: true, Extra: map[string]any{}}
	} else {
		r = solve.Impartial(uint64(sum), wins)
	}
	maps.Copy(r.Extra, extra)
	why := reason(s.Heaps(), s.Misere(), sum, wins)
	table := xorTableOf(s, s.Heaps())
	table.MisereEndgame = s.Misere() && bigHeaps(s.Heaps()) <= 1
	r.Extra["reason"], r.Extra["xor"] = why, table
	r.Nodes = int64(len(s.Heaps()))
	rule := "normal play: whoever takes the last token wins"
	if s.Misere() {
		rule = "misère play: whoever takes the last token loses"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s).\n\n%s\n%s\n", heapsOf("Heap", s.Heaps()), rule, table, why)
	r.Teach = b.String()
	if len(wins) > 0 {
		fmt.Fprintf(&b, "Winning moves (HEAP:COUNT): %s\n", moveTexts(s, wins, 30))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", r.Outcome)
	r.Text = b.String()
	return r, nil
}

// Analyze values every move of a Nim position at once: a move wins when it
// leaves a P-position, and in normal play its value is the nim-sum it
// leaves (misère play: nil).
func (boutonSolver) Analyze(_ context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*nim.State)
	if !ok {
		return nil, fmt.Errorf("nim analyze: not a nim state")
	}
	if err := checkAnalyzable("nim", s.MoveCount()); err != nil {
		return nil, err
	}
	c := newPCheck(s.Heaps(), s.Misere())
	return analysisOf(s, s.LegalMoves(make([]game.Move, 0, s.MoveCount())), func(_ int, m game.Move) (bool, any) {
		i, t := nim.Unpack(m)
		v := s.Heaps()[i] - t
		if s.Misere() {
			return c.after(i, v), nil
		}
		return c.after(i, v), uint64(c.sum ^ s.Heaps()[i] ^ v)
	}), nil
}

// moveTexts writes up to limit moves, then how many there are in all.
func moveTexts(s game.State, moves []game.Move, limit int) string {
	texts := make([]string, 0, min(len(moves), limit))
	for _, m := range moves[:min(len(moves), limit)] {
		texts = append(texts, s.MoveString(m))
	}
	out := strings.Join(texts, " ")
	if len(moves) > limit {
		out += fmt.Sprintf(" … (%d in all)", len(moves))
	}
	return out
}

// heapsOf names the heaps h as a sentence says them, after noun ("heap" or
// "Heap"), plural for more than one: "heap 15", "Heaps 3, 4, 5".
func heapsOf(noun string, h []int) string {
	if len(h) != 1 {
		noun += "s"
	}
	return noun + " " + joinSizes(h)
}

// joinSizes lists heap sizes for people, at most nim.ShownHeaps of them.
func joinSizes(h []int) string {
	parts := make([]string, 0, min(len(h), nim.ShownHeaps))
	for _, x := range h[:min(len(h), nim.ShownHeaps)] {
		parts = append(parts, strconv.Itoa(x))
	}
	out := strings.Join(parts, ", ")
	if len(h) > nim.ShownHeaps {
		out += fmt.Sprintf(", … (%d heaps)", len(h))
	}
	return out
}

// XORTable is Bouton's table of a Nim position as data, the "xor" field
// of the Nim solver's extra fields (and of Building Nim's in its Nim
// phase): each heap in binary, their XOR (the nim-sum), and the moves that
// leave a nim-sum of 0. Binary numbers have one width, the longest's.
type XORTable struct {
	// Rows are the first nim.ShownHeaps heaps; MoreHeaps counts the others.
	Rows      []XORRow `json:"rows"`
	MoreHeaps int      `json:"more_heaps,omitempty"`
	// NimSum is the XOR of every heap, Binary the same in binary.
	NimSum int    `json:"nim_sum"`
	Binary string `json:"binary"`
	// Moves are the moves that leave a nim-sum of 0, in heap order (none
	// when it is 0 already), at most nim.ShownHeaps; MoreMoves counts the
	// others.
	Moves     []XORMove `json:"moves"`
	MoreMoves int       `json:"more_moves,omitempty"`
	// MisereEndgame says that the XOR rule no longer decides the position:
	// misère play with at most one heap of two or more tokens, where a
	// move leaving a nim-sum of 0 may lose (the reason says what wins).
	MisereEndgame bool `json:"misere_endgame,omitempty"`
}

// XORRow is one heap of an XORTable: its number (from 1), its size and
// the size in binary.
type XORRow struct {
	Heap   int    `json:"heap"`
	Size   int    `json:"size"`
	Binary string `json:"binary"`
}

// XORMove is a move of an XORTable that leaves a nim-sum of 0: its text
// (HEAP:COUNT), the heap (from 1), its size before and after, and the
// tokens taken.
type XORMove struct {
	Move string `json:"move"`
	Heap int    `json:"heap"`
	From int    `json:"from"`
	To   int    `json:"to"`
	Take int    `json:"take"`
}

// xorTableOf builds the XOR table of heaps, the heaps of s, whose moves
// nim.Move packs.
func xorTableOf(s game.State, heaps []int) XORTable {
	sum := NimSum(heaps)
	width := len(strconv.FormatInt(int64(sum), 2))
	for _, h := range heaps {
		width = max(width, len(strconv.FormatInt(int64(h), 2)))
	}
	bin := func(v int) string { return fmt.Sprintf("%0*b", width, v) }
	t := XORTable{Rows: []XORRow{}, NimSum: sum, Binary: bin(sum), Moves: []XORMove{}}
	for i, h := range heaps {
		if i < nim.ShownHeaps {
			t.Rows = append(t.Rows, XORRow{Heap: i + 1, Size: h, Binary: bin(h)})
		} else {
			t.MoreHeaps++
		}
		if to := h ^ sum; to < h {
			if len(t.Moves) == nim.ShownHeaps {
				t.MoreMoves++
				continue
			}
			t.Moves = append(t.Moves, XORMove{Move: s.MoveString(nim.Move(i, h-to)), Heap: i + 1, From: h, To: to, Take: h - to})
		}
	}
	return t
}

// String draws the table for people, as in the thesis' Example 3.
func (t XORTable) String() string {
	width := len(t.Binary)
	var b strings.Builder
	fmt.Fprintf(&b, "  heap %8s  %*s\n", "tokens", width, "binary")
	for _, r := range t.Rows {
		fmt.Fprintf(&b, "  %4d %8d  %s\n", r.Heap, r.Size, r.Binary)
	}
	if t.MoreHeaps > 0 {
		fmt.Fprintf(&b, "  … %d more heaps\n", t.MoreHeaps)
	}
	fmt.Fprintf(&b, "  %s\n", strings.Repeat("-", 15+width))
	fmt.Fprintf(&b, "  XOR  %8d  %s", t.NimSum, t.Binary)
	return b.String()
}

// bigHeaps counts the heaps of two or more tokens.
func bigHeaps(heaps []int) int {
	n := 0
	for _, h := range heaps {
		if h > 1 {
			n++
		}
	}
	return n
}

func reason(heaps []int, misere bool, sum int, wins []game.Move) string {
	big := bigHeaps(heaps)
	ones := 0
	for _, h := range heaps {
		if h == 1 {
			ones++
		}
	}
	if misere && big == 0 {
		if ones == 1 {
			return "Misère endgame: every heap has at most one token, with 1 one-token heap in all, an odd number.\nThe player to move must take the last token, and loses."
		}
		if ones%2 == 1 {
			return fmt.Sprintf("Misère endgame: every heap has at most one token, with %s in all, an odd number.\nEach move removes one heap and the players alternate, so the player to move takes the last token, and loses.", game.Plural(ones, "one-token heap"))
		}
		return fmt.Sprintf("Misère endgame: every heap has at most one token, with %s in all, an even number.\nRemove one of them to leave an odd number: the opponent will take the last token.", game.Plural(ones, "one-token heap"))
	}
	if misere && big == 1 {
		i, _ := nim.Unpack(wins[0])
		h := heaps[i]
		left := h - int(wins[0]&0xffffffff)
		return fmt.Sprintf("Misère play with a single heap of two or more tokens (heap %d, %d tokens): the XOR rule no longer applies.\n"+
			"Reduce heap %d to %d so that an odd number of one-token heaps remains (%d): the opponent will take the last token.",
			i+1, h, i+1, left, ones+left)
	}
	prefix := ""
	if misere {
		prefix = "Misère play follows the normal XOR rule while two or more heaps have at least two tokens.\n"
	}
	if sum == 0 {
		return prefix + "The nim-sum is 0: every move changes exactly one heap and so makes the nim-sum non-zero,\n" +
			"and the opponent can always restore 0. The player to move loses against best play."
	}
	d := 0
	for 1<<(d+1) <= sum {
		d++
	}
	i, t := nim.Unpack(wins[0])
	h := heaps[i]
	return fmt.Sprintf("%sThe nim-sum is %d (%b), not 0: the player to move wins.\n"+
		"Its highest 1-bit is bit %d (value %d); heap %d (%d = %b) has that bit set.\n"+
		"%d XOR %d = %d, so take %d − %d = %s from heap %d (move %d:%d): the nim-sum becomes 0.",
		prefix, sum, sum, d, 1<<d, i+1, h, h, h, sum, h^sum, h, h^sum, game.Plural(t, "token"), i+1, i+1, t)
}
