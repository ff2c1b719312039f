package wythoff

import (
	"fmt"
	"math"

	"github.com/kombi/kombi/game"
)

// View describes the position as data. The heaps view is two heaps (heap 1
// is the queen's column x, heap 2 her row y). The queen view is a grid of
// y+1 rows and x+1 columns drawn as the text board is: grid row r is the
// board's row y−r (the top row is y, the bottom row 0) and grid column c is
// column c, so the queen stands in cell x (the top right corner), labelled
// "Q", and the goal (0, 0) is the bottom left cell. Boards beyond MaxBoard
// rows or columns, and analysis positions, are shown as heaps. An analysis
// position whose heaps do not fit in an int64 has no heaps in its view; its
// Status.Phase says so.
func (s *State) View() game.View {
	v := game.View{Kind: game.KindHeaps, Status: game.NewStatus(s.g.typ, s)}
	if s.huge != nil {
		v.Status.Phase = "analysis only"
		if s.huge[0].IsInt64() && s.huge[1].IsInt64() {
			v.Heaps = []int64{s.huge[0].Int64(), s.huge[1].Int64()}
		} else {
			v.Status.Phase = "analysis only (heaps beyond the range of a view: see the position)"
		}
		return v
	}
	if !s.board() {
		v.Heaps = []int64{int64(s.x), int64(s.y)}
		return v
	}
	rows, cols := int(s.y)+1, int(s.x)+1
	cells := make([]game.Cell, rows*cols)
	for i := range cells {
		cells[i].Owner = -1
	}
	cells[s.x].Label = "Q"
	v.Kind, v.Grid = game.KindGrid, &game.Grid{Rows: rows, Cols: cols, Cells: cells}
	if s.IsTerminal() {
		v.Status.Highlight = []int64{0}
	}
	return v
}

// MoveParts returns m's parts: in the queen grid view the target square
// (PartCell, its row-major index in View's grid), else one heap and the
// amount taken from it for each heap the move takes from (heap 0 = heap 1
// of the notation): (heap 0, amount K) then (heap 1, amount L).
func (s *State) MoveParts(m game.Move) []game.Part {
	k, l := unpack(m)
	if s.board() {
		// The target (x−k, y−l) is in grid row l, column x−k.
		return []game.Part{{Kind: game.PartCell, Value: int64(l*(s.x+1) + s.x - k)}}
	}
	var parts []game.Part
	if k > 0 {
		parts = append(parts, game.Part{Kind: game.PartHeap, Value: 0}, game.Part{Kind: game.PartAmount, Value: int64(k)})
	}
	if l > 0 {
		parts = append(parts, game.Part{Kind: game.PartHeap, Value: 1}, game.Part{Kind: game.PartAmount, Value: int64(l)})
	}
	return parts
}

// MoveFromParts builds the move from a target square (one PartCell of the
// queen grid, in the queen view) or from one or two (heap, amount) pairs
// (in either view), and checks that it is legal.
func (s *State) MoveFromParts(parts []game.Part) (game.Move, error) {
	if s.huge != nil {
		return 0, s.errTooLarge()
	}
	if len(parts) == 0 {
		return 0, fmt.Errorf("no parts: want a target square (cell) or a heap and an amount")
	}
	var m game.Move
	if parts[0].Kind == game.PartCell {
		if !s.board() {
			return 0, fmt.Errorf("a cell is a target square of the queen's board, which this view does not show; give a heap and an amount")
		}
		if len(parts) != 1 {
			return 0, fmt.Errorf("a move to a square has one part, the cell; got %d parts", len(parts))
		}
		cols := int64(s.x) + 1
		c := parts[0].Value
		if c < 0 || c >= cols*(int64(s.y)+1) {
			return 0, fmt.Errorf("cell %d is not on the %d×%d board", c, s.y+1, cols)
		}
		// Grid row r is board row y−r: the move takes r from heap 2.
		m = Move(s.x-uint64(c%cols), uint64(c/cols))
	} else {
		var take [2]uint64
		var seen [2]bool
		if len(parts)%2 != 0 || len(parts) > 4 {
			return 0, fmt.Errorf("want a heap and an amount for each heap taken from (2 or 4 parts), got %d parts", len(parts))
		}
		for i := 0; i < len(parts); i += 2 {
			h, n := parts[i], parts[i+1]
			if h.Kind != game.PartHeap || n.Kind != game.PartAmount {
				return 0, fmt.Errorf("parts %d and %d are %q and %q; want a heap, then an amount", i+1, i+2, game.Clip(string(h.Kind)), game.Clip(string(n.Kind)))
			}
			if h.Value != 0 && h.Value != 1 {
				return 0, fmt.Errorf("heap %d: want heap 0 or 1", h.Value)
			}
			if seen[h.Value] {
				return 0, fmt.Errorf("heap %d is given twice", h.Value)
			}
			if n.Value < 1 || n.Value > math.MaxUint32 {
				return 0, fmt.Errorf("amount %d from heap %d: want at least 1 token, at most the heap", n.Value, h.Value)
			}
			seen[h.Value], take[h.Value] = true, uint64(n.Value)
		}
		m = Move(take[0], take[1])
	}
	if err := s.check(m); err != nil {
		return 0, err
	}
	return m, nil
}
