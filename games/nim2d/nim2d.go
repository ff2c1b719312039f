// Package nim2d holds the rules of two-dimensional Nim on an N×N palette
// (a 2023 university assignment): players in turn colour 1 to 3 empty
// cells — one diagonal cell alone, or off-diagonal cells consecutive in one
// row or one column — and whoever colours the last cell wins. Its theory
// (Grundy values of shapes, the shape tables, the endgames), solver and
// computer players are in package study/nim2d.
package nim2d

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

var nim2dParams = []game.ParamSpec{
	{Name: "n", Kind: game.Int, Default: "5", HasMin: true, Min: 1, HasMax: true, Max: MaxN, Doc: "side of the N×N palette"},
	{Name: "p1", Kind: game.Enum, Default: "R", Choices: []string{"R", "G"}, Doc: "the colour player 1 plays, R (red) or G (green); player 2 has the other"},
	{Name: "first", Kind: game.Enum, Random: true, Choices: []string{"p1", "p2", "coin"},
		Doc: "who moves first: player 1, player 2, or by default a fair coin, tossed from the seed (the same in every replay)"},
}

// NewType returns the type of 2D Nim, for a registry.
func NewType() *game.Type {
	return newType("R")
}

func newType(p1 string) *game.Type {
	return describe(&game.Type{
		Name:      "nim2d",
		Doc:       "2D Nim on the N×N palette: colour 1-3 empty cells (a diagonal cell alone, or consecutive off-diagonal cells of a row or column); the last cell wins",
		Roles:     [2]string{p1, other(p1)},
		Params:    nim2dParams,
		Impartial: true,
		New: func(p game.Params) (game.Game, error) {
			first, tossed := p.String("first"), false
			if first == "" || first == "coin" {
				first, tossed = CoinToss(p.Seed()), true
			}
			g, err := New(p.Int("n"), p.String("p1"), first)
			if g != nil {
				g.tossed = tossed
			}
			return g, err
		},
	})
}

func other(colour string) string {
	if colour == "R" {
		return "G"
	}
	return "R"
}

// CoinToss is the fair coin of the game string's first=coin: "p1" or "p2",
// drawn from seed.
func CoinToss(seed uint64) string {
	if rand.New(rand.NewPCG(seed, 0x636f696e)).IntN(2) == 0 {
		return "p1"
	}
	return "p2"
}

// Game is 2D Nim on an N×N palette with fixed colours and first player.
type Game struct {
	typ    *game.Type
	board  Board
	colour [2]byte // colour letter of each seat
	first  game.Player
	tossed bool // the coin chose first (see DrawNote)
}

// New returns 2D Nim on an n×n palette where player P1 has colour p1 ("R"
// or "G") and first ("p1" or "p2") moves first.
func New(n int, p1, first string) (*Game, error) {
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("n=%d: the palette side must be from 1 to %d", n, MaxN)
	}
	if p1 != "R" && p1 != "G" {
		return nil, fmt.Errorf("p1=%s: the colour must be R or G", p1)
	}
	g := &Game{typ: newType(p1), board: Board{N: n}, colour: [2]byte{p1[0], other(p1)[0]}}
	switch first {
	case "p1":
		g.first = 0
	case "p2":
		g.first = 1
	default:
		return nil, fmt.Errorf("first=%s: want p1, p2 or coin", first)
	}
	return g, nil
}

// Type describes 2D Nim; its roles are the seats' colours.
func (g *Game) Type() *game.Type { return g.typ }

// Rules says the rules with this game's palette (game.Ruler).
func (g *Game) Rules() string { return rules(strconv.Itoa(g.board.N)) }

// N returns the palette side.
func (g *Game) N() int { return g.board.N }

// Board returns the palette's geometry.
func (g *Game) Board() Board { return g.board }

// Colour returns the colour letter of a seat.
func (g *Game) Colour(p game.Player) byte { return g.colour[p] }

// First returns the seat that moves first.
func (g *Game) First() game.Player { return g.first }

// String is the canonical game string. It names the first player also
// when the coin chose it, so that the string replays the same game.
func (g *Game) String() string {
	return fmt.Sprintf("nim2d(n=%d,p1=%c,first=p%d)", g.board.N, g.colour[0], g.first+1)
}

// DrawNote says that the coin chose who starts, when it did (game.DrawNoter):
// "first=p2: the coin chose G (P2) to start"; "" when the game string gave
// first=p1 or first=p2.
func (g *Game) DrawNote() string {
	if !g.tossed {
		return ""
	}
	return fmt.Sprintf("first=p%d: the coin chose %c (%s) to start", g.first+1, g.colour[g.first], game.SeatName(g.first))
}

// NewInitialState returns the empty palette with the first player to move.
func (g *Game) NewInitialState() game.State {
	return &State{g: g, empty: g.board.All(), turn: g.first}
}

// maxPositionBytes bounds the text ParsePosition reads: ten rows of ten
// cells with room for spaces.
const maxPositionBytes = 1024

// ParsePosition reads a palette: N rows separated by '/', each of N cells,
// '.' for an empty cell and a letter for a used one (R and G are the
// players' colours; any other letter marks a used cell of neither), e.g.
// "..R/G../..." for N = 3. An optional ':' and a colour name the player to
// move, e.g. "..R/G../...:G"; without it the first player of the game is to
// move. Position writes this notation back.
func (g *Game) ParsePosition(text string) (game.State, error) {
	n := g.board.N
	if len(text) > maxPositionBytes {
		return nil, fmt.Errorf("position of %d bytes: at most %d (%d rows of %d cells separated by '/')", len(text), maxPositionBytes, n, n)
	}
	palette, mover, hasMover := strings.Cut(strings.TrimSpace(text), ":")
	rows := strings.Split(palette, "/")
	if len(rows) != n {
		return nil, fmt.Errorf("position %q has %s; want %d rows of %d cells separated by '/', '.' for an empty cell and a letter for a used one, then optionally ':' and the colour to move, e.g. %s",
			game.Clip(text), game.Plural(len(rows), "row"), n, n, examplePosition(n))
	}
	s := &State{g: g, turn: g.first}
	if hasMover {
		switch m := strings.ToUpper(strings.TrimSpace(mover)); {
		case m == string(g.colour[0]):
			s.turn = 0
		case m == string(g.colour[1]):
			s.turn = 1
		default:
			return nil, fmt.Errorf("position %q: %q after ':' is not a colour; want R or G, the colour of the player to move", game.Clip(text), mover)
		}
	}
	for r, row := range rows {
		cells := []rune(strings.TrimSpace(row))
		if len(cells) != n {
			return nil, fmt.Errorf("position %q: row %d is %q with %d cells; want %d ('.' empty, a letter used)", game.Clip(text), r+1, strings.TrimSpace(row), len(cells), n)
		}
		for c, ch := range cells {
			i := g.board.Index(r, c)
			switch {
			case ch == '.':
				s.empty = s.empty.With(i)
			case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z':
				if ch == 'r' || ch == 'g' {
					ch -= 'a' - 'A'
				}
				s.owner[i] = byte(ch)
				s.used++
			default:
				return nil, fmt.Errorf("position %q: row %d has %q; want '.' for an empty cell or a letter for a used one", game.Clip(text), r+1, ch)
			}
		}
	}
	return s, nil
}

func examplePosition(n int) string {
	rows := make([]string, n)
	for r := range rows {
		rows[r] = strings.Repeat(".", n)
	}
	rows[0] = "R" + rows[0][1:]
	return strings.Join(rows, "/")
}

// State is a palette with the player to move. It implements game.Viewer,
// game.Positioner, game.Undoer, game.Hasher, game.Annotator and
// game.Explainer.
type State struct {
	g       *Game
	owner   [MaxN * MaxN]byte // colour letter of a used cell, 0 when empty
	empty   Cells
	used    int
	turn    game.Player
	history []game.Move
}

// Game returns the game of the state.
func (s *State) Game() *Game { return s.g }

// Empty returns the set of empty cells.
func (s *State) Empty() Cells { return s.empty }

// Counter returns the number of used cells.
func (s *State) Counter() int { return s.used }

// LastMove returns the last move played since the start (not for parsed
// positions), and whether there is one.
func (s *State) LastMove() (game.Move, bool) {
	if len(s.history) == 0 {
		return 0, false
	}
	return s.history[len(s.history)-1], true
}

// Player returns the player to move, or game.Terminal on a full palette.
func (s *State) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether the palette is full.
func (s *State) IsTerminal() bool { return s.empty == (Cells{}) }

// LegalMoves appends every legal move in increasing order.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	return s.g.board.LegalMoves(s.empty, buf)
}

func (s *State) ownerName(i int) string {
	if s.owner[i] == 0 {
		return "nobody"
	}
	return string(s.owner[i])
}

// Apply colours the cells of m after checking that the move is legal.
func (s *State) Apply(m game.Move) error {
	if s.IsTerminal() {
		return fmt.Errorf("the palette is full: the game is over")
	}
	if err := s.g.board.Check(s.empty, m, s.ownerName); err != nil {
		return err
	}
	s.ApplyUnchecked(m)
	return nil
}

// ApplyUnchecked colours the cells of m without checking.
func (s *State) ApplyUnchecked(m game.Move) {
	cells, _ := s.g.board.MoveCells(m)
	col := s.g.colour[s.turn]
	for _, i := range cells {
		s.owner[i] = col
		s.empty = s.empty.Without(i)
	}
	s.used += len(cells)
	s.turn = 1 - s.turn
	s.history = append(s.history, m)
}

// Undo empties the cells of m, the last move applied.
func (s *State) Undo(m game.Move) {
	cells, _ := s.g.board.MoveCells(m)
	for _, i := range cells {
		s.owner[i] = 0
		s.empty = s.empty.With(i)
	}
	s.used -= len(cells)
	s.turn = 1 - s.turn
	if len(s.history) > 0 {
		s.history = s.history[:len(s.history)-1]
	}
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.history = append([]game.Move(nil), s.history...)
	return &c
}

// Returns: the player who must move on the full palette loses.
func (s *State) Returns() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	r := []float64{0, 0}
	r[s.turn], r[1-s.turn] = -1, 1
	return r
}

// Key hashes the empty cells and the player to move.
func (s *State) Key() uint64 {
	h := game.HashMix(uint64(s.g.board.N), uint64(s.turn))
	h = game.HashMix(h, s.empty[0])
	return game.HashMix(h, s.empty[1])
}

// MoveString writes the move's cell numbers in increasing order separated
// by commas, e.g. "4,5" (people may type "4 5" or "5 4" as well).
func (s *State) MoveString(m game.Move) string {
	cells, ok := s.g.board.MoveCells(m)
	if !ok {
		return fmt.Sprintf("?%d", m)
	}
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = fmt.Sprint(i + 1)
	}
	return strings.Join(parts, ",")
}

// CellNumbers writes cell indexes as the cell numbers people use (from
// 1), separated by spaces.
func CellNumbers(idx []int) string { return joinNumbers(idx) }

func joinNumbers(idx []int) string {
	parts := make([]string, len(idx))
	for k, i := range idx {
		parts[k] = fmt.Sprint(i + 1)
	}
	return strings.Join(parts, " ")
}

// ParseMove reads 1 to 3 cell numbers in any order ("4 5", "5,4", "{4,5}")
// and checks the move's form (one diagonal cell alone, or consecutive
// off-diagonal cells of one row or column); Apply checks that the cells are
// empty.
func (s *State) ParseMove(text string) (game.Move, error) {
	cells, err := ParseCells(text)
	if err != nil {
		return 0, err
	}
	m, err := s.g.board.Shape(cells)
	if err != nil {
		return 0, fmt.Errorf("%q: %w", game.Clip(strings.TrimSpace(text)), err)
	}
	return m, nil
}

// MoveHelp explains the notation, with an example that is a legal move
// here (two cells where one is, else one; none once the palette is full).
func (s *State) MoveHelp() string {
	n := s.g.board.N
	example := ""
	if moves := s.LegalMoves(nil); len(moves) > 0 {
		example = s.MoveString(moves[0])
		if i := slices.IndexFunc(moves, func(m game.Move) bool { return strings.Count(s.MoveString(m), ",") == 1 }); i >= 0 {
			example = s.MoveString(moves[i]) // two cells show the notation best
		}
		example = fmt.Sprintf(", e.g. '%s'", example)
	}
	return fmt.Sprintf("Type 1 to 3 empty cell numbers (1 to %d), in any order%s: one diagonal cell alone,\n"+
		"or off-diagonal cells next to each other in one row or one column.", n*n, example)
}

// Palette returns the rows of the palette separated by '/', '.' for an
// empty cell and the colour letter of a used one.
func (s *State) Palette() string {
	n := s.g.board.N
	var b strings.Builder
	for r := range n {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range n {
			if ch := s.owner[s.g.board.Index(r, c)]; ch != 0 {
				b.WriteByte(ch)
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// Position writes the palette (see Palette) and, after ':', the colour of
// the player to move (of the player who would have to move on a full
// palette), e.g. "..R/G../...:R": the notation ParsePosition reads.
func (s *State) Position() string {
	return s.Palette() + ":" + string(s.g.colour[s.turn])
}

// colourName names the colour R or G for View.Colors.
func colourName(c byte) string {
	if c == 'R' {
		return "red"
	}
	return "green"
}

// View describes the palette as data: a grid of N×N cells, row-major from
// cell 1; a used cell has the owner whose colour it carries and its colour
// letter as label (a used cell of neither colour, from a parsed position, is
// blocked); an empty cell has owner -1 and its cell number as label. Colors
// names each seat's colour ("red", "green"), in seat order; Status.Seats
// holds the colour letters and Status.Counter the COUNTER of used cells. At
// the end the cells of the last move are highlighted.
func (s *State) View() game.View {
	n := s.g.board.N
	grid := &game.Grid{Rows: n, Cols: n, Cells: make([]game.Cell, n*n)}
	for i := range grid.Cells {
		c := game.Cell{Owner: -1, Label: strconv.Itoa(i + 1)}
		if ch := s.owner[i]; ch != 0 {
			c.Label = string(ch)
			switch ch {
			case s.g.colour[0]:
				c.Owner = 0
			case s.g.colour[1]:
				c.Owner = 1
			default:
				c.Blocked = true
			}
		}
		grid.Cells[i] = c
	}
	st := game.NewStatus(s.g.typ, s)
	used := s.used
	st.Counter = &used
	if last, ok := s.LastMove(); ok && s.IsTerminal() {
		cells, _ := s.g.board.MoveCells(last)
		for _, i := range cells {
			st.Highlight = append(st.Highlight, int64(i))
		}
	}
	return game.View{Kind: game.KindGrid, Grid: grid, Status: st,
		Colors: []string{colourName(s.g.colour[0]), colourName(s.g.colour[1])}}
}

// MoveParts returns the move's cells (0-based row-major indices, as in the
// View) in increasing order.
func (s *State) MoveParts(m game.Move) []game.Part {
	cells, _ := s.g.board.MoveCells(m)
	parts := make([]game.Part, len(cells))
	for k, i := range cells {
		parts[k] = game.Part{Kind: game.PartCell, Value: int64(i)}
	}
	return parts
}

// MoveFromParts builds a move from 1 to 3 cells (0-based row-major indices)
// in any order. An illegal selection is refused with the reason the text
// notation gives: a cell not empty, a diagonal cell with others, cells not
// in one row or column, not contiguous, more than 3.
func (s *State) MoveFromParts(parts []game.Part) (game.Move, error) {
	n2 := s.g.board.Size()
	if len(parts) > 3 {
		return 0, fmt.Errorf("more than 3 cells (%d given): a move takes 1 to 3 cells", len(parts))
	}
	cells := make([]int, len(parts))
	for k, p := range parts {
		if p.Kind != game.PartCell {
			return 0, fmt.Errorf("part %d is of kind %q: a 2D Nim move is 1 to 3 parts of kind %q", k+1, game.Clip(string(p.Kind)), game.PartCell)
		}
		if p.Value < 0 || p.Value >= int64(n2) {
			return 0, fmt.Errorf("there is no cell index %d: indices run from 0 to %d (cells 1 to %d)", p.Value, n2-1, n2)
		}
		cells[k] = int(p.Value) + 1
	}
	m, err := s.g.board.Shape(cells)
	if err != nil {
		return 0, err
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("the palette is full: the game is over")
	}
	if err := s.g.board.Check(s.empty, m, s.ownerName); err != nil {
		return 0, err
	}
	return m, nil
}

// String draws the palette as the assignment does: cell numbers, the colour
// of used cells, and the counter of used cells; then who is to move.
func (s *State) String() string {
	n := s.g.board.N
	width := max(2, len(fmt.Sprint(n*n)))
	var b strings.Builder
	for r := range n {
		b.WriteString("[ ")
		for c := range n {
			if c > 0 {
				b.WriteString(" | ")
			}
			i := s.g.board.Index(r, c)
			if ch := s.owner[i]; ch != 0 {
				fmt.Fprintf(&b, "%*c", width, ch)
			} else {
				fmt.Fprintf(&b, "%*d", width, i+1)
			}
		}
		b.WriteString(" ]\n")
	}
	line := (width+3)*n + 1
	counter := fmt.Sprintf("COUNTER = [ %d ]", s.used)
	fmt.Fprintf(&b, "%*s\n", (line+len(counter))/2, counter)
	if s.IsTerminal() {
		fmt.Fprintf(&b, "The palette is full: %c (%s) wins.", s.g.colour[1-s.turn], game.SeatName(1-s.turn))
	} else {
		fmt.Fprintf(&b, "%c (%s) to move", s.g.colour[s.turn], game.SeatName(s.turn))
		if s.used == 0 && len(s.history) == 0 {
			fmt.Fprintf(&b, " first")
		}
	}
	return b.String()
}

// RecordFields adds the final palette to a game's record.
func (s *State) RecordFields() map[string]any {
	return map[string]any{"palette": s.Palette()}
}

// EndReason says who coloured the last cell.
func (s *State) EndReason() string {
	if !s.IsTerminal() {
		return ""
	}
	w, l := 1-s.turn, s.turn
	return fmt.Sprintf("%c (%s) coloured the last empty cell and wins; %c (%s) would have to move on the full palette.",
		s.g.colour[w], game.SeatName(w), s.g.colour[l], game.SeatName(l))
}
