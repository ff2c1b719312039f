package nim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// What the heap games of this package share: the heap notation of
// positions (with the player to move), the heaps view, the heap-and-amount
// move parts, the indexing of long move lists and the heap drawing.

// MaxHeaps bounds the number of heaps of a game string or a position (a
// Grundy's game position from one heap of MaxGrundyHeap tokens reaches
// MaxGrundyHeap/2 heaps).
const MaxHeaps = 1 << 20

// MaxAnalyzeMoves bounds the moves the games of this package value in one
// analysis (`kombi analyze`): every move of a single Nim heap of MaxHeap
// tokens or a Grundy's game heap of MaxGrundyHeap tokens fits.
const MaxAnalyzeMoves = 1 << 20

// shownHeaps bounds the heaps a drawing lists one by one; the others are
// summed up in one line, so that drawing a position costs the same however
// many heaps it has.
const shownHeaps = 50

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
func short(s string) string {
	const n = 60
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

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

// heapAmountParts are the parts of "take amount tokens from heap" (heap from 0).
func heapAmountParts(heap, amount int) []game.Part {
	return []game.Part{{Kind: game.PartHeap, Value: int64(heap)}, {Kind: game.PartAmount, Value: int64(amount)}}
}

// heapAnd reads the parts [heap, second]: a heap from 0 to heaps−1, then a
// number of the kind second from 1 to MaxHeap.
func heapAnd(parts []game.Part, second game.PartKind, heaps int) (heap, n int, err error) {
	if len(parts) != 2 || parts[0].Kind != game.PartHeap || parts[1].Kind != second {
		return 0, 0, fmt.Errorf("want two parts, %s then %s; got %v", game.PartHeap, second, parts)
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
// line per heap (at most shownHeaps of them), then whose turn it is, or
// overText at the end.
func drawHeaps(heaps []int, turn game.Player, over bool, overText string) string {
	return drawHeapsOf(heaps, len(heaps), turn, over, overText)
}

// drawHeapsOf draws the first heaps of n.
func drawHeapsOf(heaps []int, n int, turn game.Player, over bool, overText string) string {
	var b strings.Builder
	b.Grow(64 * min(len(heaps), shownHeaps))
	for i, h := range heaps[:min(len(heaps), shownHeaps)] {
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
	if n > shownHeaps {
		fmt.Fprintf(&b, "… %d more heaps (heaps %d to %d)\n", n-shownHeaps, shownHeaps+1, n)
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

// analysisOf is an analysis of moves, every one decided: win reports
// whether the move wins for its mover, value the position's value after
// it (nil where the game has no value).
func analysisOf(s game.State, moves []game.Move, value func(i int, m game.Move) (win bool, v any)) *solve.Analysis {
	a := &solve.Analysis{Complete: true, Moves: make([]solve.MoveValue, len(moves)), Nodes: int64(len(moves))}
	for i, m := range moves {
		win, v := value(i, m)
		o := solve.Loss
		if win {
			o = solve.Win
		}
		a.Moves[i] = solve.MoveValue{Move: s.MoveString(m), M: m, Outcome: o, Value: v}
	}
	return a
}

// checkAnalyzable refuses positions with more than MaxAnalyzeMoves moves.
func checkAnalyzable(name string, count int64) error {
	if count > MaxAnalyzeMoves {
		return fmt.Errorf("%s analyze: the position has %d legal moves, more than the %d an analysis lists", name, count, MaxAnalyzeMoves)
	}
	return nil
}

// terminalResult is the result of a finished game: seat 0's outcome and
// the value (nil where the game has none).
func terminalResult(s game.State, value any, text string) *solve.Result {
	return &solve.Result{Outcome: solve.FromReturn(s.Returns()[0]), Value: value, Complete: true, Text: text}
}
