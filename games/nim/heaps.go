package nim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// The shared base of the Nim family's heap states: heapRow holds the heaps,
// the player to move and the moves played of Nim, Index-k Nim, Greedy Nim
// and Building Nim, and hashes, clones, writes, shows and draws them the
// same way for all; the functions below give the same heap notation of
// positions (with the player to move), the heap-and-amount move parts and
// their HEAP:COUNT text, the indexing of long move lists and the heap
// drawing to those games and to Grundy's game (whose heaps are a heapSeq).

// MaxHeaps bounds the number of heaps of a game string or a position (a
// Grundy's game position from one heap of MaxGrundyHeap tokens reaches
// MaxGrundyHeap/2 heaps).
const MaxHeaps = 1 << 20

// ShownHeaps bounds the heaps a drawing (or an explanation) lists one by
// one; the others are summed up in one line, so that drawing a position
// costs the same however many heaps it has.
const ShownHeaps = 50

// heapRow is the part of a heap game's state that the Nim family shares:
// the heap sizes, whose turn it is and how many moves were played.
type heapRow struct {
	heaps []int
	turn  game.Player // who moves next (kept at the end: the player who cannot move)
	moves int
}

// newHeapRow returns a row of copies of heaps with turn to move.
func newHeapRow(heaps []int, turn game.Player) heapRow {
	return heapRow{heaps: append([]int(nil), heaps...), turn: turn}
}

// Heaps returns the heap sizes (do not modify).
func (r *heapRow) Heaps() []int { return r.heaps }

// Turn returns the player whose turn it is; at the end of the game, the
// player who cannot move.
func (r *heapRow) Turn() game.Player { return r.turn }

// empty reports whether every heap is empty.
func (r *heapRow) empty() bool { return maxHeap(r.heaps) == 0 }

// copyRow returns an independent copy of the row.
func (r *heapRow) copyRow() heapRow {
	c := *r
	c.heaps = append([]int(nil), r.heaps...)
	return c
}

// take removes t tokens from heap i (t < 0 puts them back) and passes the
// turn.
func (r *heapRow) take(i, t int) {
	r.heaps[i] -= t
	r.pass()
}

// untake takes back take(i, t).
func (r *heapRow) untake(i, t int) {
	r.heaps[i] += t
	r.unpass()
}

// pass gives the turn to the other player after a move.
func (r *heapRow) pass() {
	r.turn = 1 - r.turn
	r.moves++
}

// unpass takes back pass.
func (r *heapRow) unpass() {
	r.turn = 1 - r.turn
	r.moves--
}

// returns gives the result when over is true: the player who cannot move
// (the player to move) loses, or wins when stuckWins (misère play).
func (r *heapRow) returns(over, stuckWins bool) []float64 {
	return heapReturns(r.turn, over, stuckWins)
}

// heapReturns gives the result when over is true: the player who cannot
// move (stuck) loses, or wins when stuckWins (misère play).
func heapReturns(stuck game.Player, over, stuckWins bool) []float64 {
	out := []float64{0, 0}
	if !over {
		return out
	}
	out[stuck], out[1-stuck] = -1, 1
	if stuckWins {
		out[stuck], out[1-stuck] = 1, -1
	}
	return out
}

// key hashes seed, the player to move, extra and the heaps, in this order.
func (r *heapRow) key(seed uint64, extra ...uint64) uint64 {
	h := game.HashMix(seed, uint64(r.turn))
	for _, x := range extra {
		h = game.HashMix(h, x)
	}
	for _, x := range r.heaps {
		h = game.HashMix(h, uint64(x))
	}
	return h
}

// position writes the heaps in the position notation (heapsPosition).
func (r *heapRow) position(def game.Player) string { return heapsPosition(r.heaps, r.turn, def) }

// view is the heaps view of s, a state of a game of type t.
func (r *heapRow) view(t *game.Type, s game.State) game.View { return heapsView(t, s, r.heaps) }

// draw draws the heaps (drawHeaps).
func (r *heapRow) draw(over bool, overText string) string {
	return drawHeaps(r.heaps, r.turn, over, overText)
}

// parseHeapPosition reads a position of heap sizes from 0 to MaxHeap with
// an optional final P1 or P2 (given reports whether it was there).
func parseHeapPosition(text string) (heaps []int, turn game.Player, given bool, err error) {
	rest, turn, given := splitTurn(text)
	heaps, err = ParseHeaps(rest)
	return heaps, turn, given, err
}

// maxHeap returns the largest heap size (0 for no heaps).
func maxHeap(heaps []int) int {
	m := 0
	for _, h := range heaps {
		m = max(m, h)
	}
	return m
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// splitTurn cuts a final "P1" or "P2" (any case, after a space, ';' or
// ',') off a position and returns the player it names.
func splitTurn(text string) (rest string, p game.Player, given bool) {
	t := strings.TrimSpace(text)
	i := strings.LastIndexAny(t, " ;,\t")
	switch strings.ToUpper(t[i+1:]) {
	case "P1":
		return t[:max(i, 0)], 0, true
	case "P2":
		return t[:max(i, 0)], 1, true
	}
	return t, 0, false
}

// ParseHeaps reads heap sizes separated by ';', ',' or spaces, at most
// MaxHeaps of them, each from 0 to MaxHeap.
func ParseHeaps(text string) ([]int, error) {
	return parseSizes(text, 0, MaxHeap)
}

// parseSizes reads heap sizes from lo to hi separated by ';', ',' or
// spaces, at most MaxHeaps of them, counted before anything is allocated.
func parseSizes(text string, lo, hi int) ([]int, error) {
	sep := func(r rune) bool { return r == ';' || r == ',' || r == ' ' || r == '\t' }
	if n := strings.Count(text, ";") + strings.Count(text, ",") + strings.Count(text, " ") + strings.Count(text, "\t"); n >= MaxHeaps {
		return nil, fmt.Errorf("position: more than %d heaps", MaxHeaps)
	}
	fields := strings.FieldsFunc(text, sep)
	if len(fields) == 0 {
		return nil, fmt.Errorf("position %q: want heap sizes separated by ';', e.g. 7;5;12, and P2 at the end when P2 is to move", short(text))
	}
	heaps := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < lo || n > hi {
			return nil, fmt.Errorf("position %q: heap %d is %q; want a whole number from %d to %d", short(text), i+1, short(f), lo, hi)
		}
		heaps[i] = n
	}
	return heaps, nil
}

// short cuts long user input for an error message.
func short(s string) string { return game.Truncate(s, 60) }

// heapsPosition writes heaps separated by ';', followed by " P1" or " P2"
// when the player to move is not def, the player the position notation
// assumes.
func heapsPosition(heaps []int, turn, def game.Player) string {
	var b strings.Builder
	for i, h := range heaps {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(strconv.Itoa(h))
	}
	if turn != def {
		b.WriteString(" " + game.SeatName(turn))
	}
	return b.String()
}

// heapsView is the view of a heap game's position.
func heapsView(t *game.Type, s game.State, heaps []int) game.View {
	v := game.View{Kind: game.KindHeaps, Heaps: make([]int64, len(heaps)), Status: game.NewStatus(t, s)}
	for i, h := range heaps {
		v.Heaps[i] = int64(h)
	}
	return v
}

// takeText writes "take t tokens from heap i" as HEAP:COUNT with heaps
// numbered from 1, e.g. "3:10".
func takeText(m game.Move) string {
	i, t := unpack(m)
	return strconv.Itoa(i+1) + ":" + strconv.Itoa(t)
}

// parseTake reads "HEAP:COUNT" (also "HEAP COUNT"): take COUNT tokens from
// heap HEAP of heaps.
func parseTake(text string, heaps []int) (game.Move, error) {
	f := strings.FieldsFunc(strings.TrimSpace(text), func(r rune) bool { return r == ':' || r == ' ' || r == '\t' })
	if len(f) != 2 {
		return 0, fmt.Errorf("%q: want HEAP:COUNT, e.g. 2:3 takes 3 tokens from heap 2", short(text))
	}
	i, err1 := strconv.Atoi(f[0])
	t, err2 := strconv.Atoi(f[1])
	switch {
	case errors.Is(err1, strconv.ErrRange):
		return 0, fmt.Errorf("%q: there is no heap %s (heaps are 1 to %d)", short(text), short(f[0]), len(heaps))
	case errors.Is(err2, strconv.ErrRange):
		return 0, fmt.Errorf("%q: %s tokens is more than a heap holds (at most %d)", short(text), short(f[1]), MaxHeap)
	case err1 != nil || err2 != nil:
		return 0, fmt.Errorf("%q: want HEAP:COUNT with whole numbers, e.g. 2:3", short(text))
	}
	if i < 1 || i > len(heaps) {
		return 0, fmt.Errorf("%q: there is no heap %d (heaps are 1 to %d)", short(text), i, len(heaps))
	}
	switch {
	case heaps[i-1] == 0:
		return 0, fmt.Errorf("%q: heap %d is empty: take from a heap that holds tokens", short(text), i)
	case t < 1 || t > MaxHeap:
		return 0, fmt.Errorf("%q: take from 1 to %d tokens", short(text), heaps[i-1])
	}
	return Move(i-1, t), nil
}

// heapAmountParts are the parts of "take amount tokens from heap" (heap from 0).
func heapAmountParts(heap, amount int) []game.Part {
	return []game.Part{{Kind: game.PartHeap, Value: int64(heap)}, {Kind: game.PartAmount, Value: int64(amount)}}
}

// heapAnd reads the parts [heap, second]: a heap from 0 to heaps−1, then a
// number of the kind second from 1 to MaxHeap.
func heapAnd(parts []game.Part, second game.PartKind, heaps int) (heap, n int, err error) {
	if len(parts) != 2 || parts[0].Kind != game.PartHeap || parts[1].Kind != second {
		return 0, 0, fmt.Errorf("want two parts, %s then %s; got %s", game.PartHeap, second, game.PartsText(parts))
	}
	if h := parts[0].Value; h < 0 || h >= int64(heaps) {
		return 0, 0, fmt.Errorf("there is no heap %d (heaps are 0 to %d)", h, heaps-1)
	}
	if a := parts[1].Value; a < 1 || a > MaxGrundyHeap {
		return 0, 0, fmt.Errorf("%s %d is not from 1 to the heap's size", second, a)
	}
	return int(parts[0].Value), int(parts[1].Value), nil
}

// indexMove finds the i-th move (from 0) of a move list that goes heap by
// heap, heap h offering per(h) moves: it returns the heap and the move's
// rank k within the heap (from 0).
func indexMove(heaps []int, i int64, per func(h int) int) (heap, k int, ok bool) {
	if i < 0 {
		return 0, 0, false
	}
	for j, h := range heaps {
		n := int64(per(h))
		if i < n {
			return j, int(i), true
		}
		i -= n
	}
	return 0, 0, false
}

// drawHeaps is the heap display shared by the games of this package: one
// line per heap (at most ShownHeaps of them), then whose turn it is, or
// overText at the end.
func drawHeaps(heaps []int, turn game.Player, over bool, overText string) string {
	return drawHeapsOf(heaps, len(heaps), turn, over, overText)
}

// drawHeapsOf draws the first heaps of n.
func drawHeapsOf(heaps []int, n int, turn game.Player, over bool, overText string) string {
	var b strings.Builder
	b.Grow(64 * min(len(heaps), ShownHeaps))
	for i, h := range heaps[:min(len(heaps), ShownHeaps)] {
		// "heap %d: %3d  %s\n" without fmt: this is drawn after every move.
		size := strconv.Itoa(h)
		b.WriteString("heap ")
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(":    "[:max(2, 5-len(size))])
		b.WriteString(size)
		b.WriteString("  ")
		b.WriteString(dots[:len("●")*min(h, 40)])
		if h > 40 {
			b.WriteString("…")
		}
		b.WriteByte('\n')
	}
	if n > ShownHeaps {
		fmt.Fprintf(&b, "… %d more heaps (heaps %d to %d)\n", n-ShownHeaps, ShownHeaps+1, n)
	}
	if over {
		b.WriteString(overText)
	} else {
		b.WriteString(game.SeatName(turn) + " to move")
	}
	return b.String()
}

// dots is the longest bar a heap is drawn with.
const dots = "●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●"
