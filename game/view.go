package game

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ViewKind names one of the few board kinds every position is drawn as. A
// user interface that can draw these four draws every game.
type ViewKind string

// The board kinds.
const (
	// KindHeaps is a row of heaps of tokens (Nim and its family).
	KindHeaps ViewKind = "heaps"
	// KindGrid is a rectangle of cells (the 2D Nim palette, the Wythoff queen board).
	KindGrid ViewKind = "grid"
	// KindWord is a word of symbols with a gap before, between and after
	// them (the Thue game).
	KindWord ViewKind = "word"
	// KindNumbers is a set of numbers, each free or owned/coloured (the
	// Szemerédi game, the list-colouring game).
	KindNumbers ViewKind = "numbers"
)

// Kinds lists every ViewKind.
var Kinds = []ViewKind{KindHeaps, KindGrid, KindWord, KindNumbers}

// View is a position as data: the board in one of the Kinds and the status
// a person needs. It is what a program draws without knowing the game; its
// JSON form is what the web UI and scripts read.
type View struct {
	Kind ViewKind `json:"kind"`
	// Heaps holds the heap sizes (KindHeaps), heap 1 first.
	Heaps []int64 `json:"heaps,omitempty"`
	// Grid holds the cells (KindGrid).
	Grid *Grid `json:"grid,omitempty"`
	// Word holds the symbols (KindWord).
	Word *Word `json:"word,omitempty"`
	// Numbers holds the set (KindNumbers), in increasing order.
	Numbers []Number `json:"numbers,omitempty"`
	// Colors names the colours that cells, symbols or numbers may carry,
	// indexed by their Color field (e.g. "red", "blue").
	Colors []string `json:"colors,omitempty"`
	// Status is whose turn, the phase, the chance draw and the end.
	Status Status `json:"status"`
	// Lines lists the lines a seat can still complete (a Line: items a
	// seat wins by holding them all, such as the Szemerédi game's
	// progressions), the most advanced first, at most MaxLines of them;
	// nil on a board without lines. A line no seat can complete any more
	// is left out.
	Lines []Line `json:"lines,omitempty"`
	// LinesOpen counts, per seat (two entries), the lines that seat can
	// still complete, also those beyond MaxLines that Lines leaves out;
	// nil on a board without lines.
	LinesOpen []int `json:"lines_open,omitempty"`
	// Completes, while a number is being coloured (the list-colouring
	// game between naming it and colouring it: Status.Highlight holds it),
	// holds for each colour (indexed as Colors) the progression that
	// colouring the number with it would complete, its numbers increasing,
	// or nil; nil when no colour would complete one.
	Completes [][]int64 `json:"completes,omitempty"`
}

// MaxLines bounds View.Lines: a board with more open lines lists the
// most advanced MaxLines (View.LinesOpen still counts them all).
const MaxLines = 256

// Line is a set of items that a seat wins by holding all of them: a
// KindNumbers board's numbers (the Szemerédi game's k-term progressions)
// or a KindGrid board's cell indices. The most advanced line is the one
// whose seat holds the most of its items; a line nobody holds is the least
// advanced.
type Line struct {
	// Items are the line's items, increasing.
	Items []int64 `json:"items"`
	// Held counts the items each seat holds.
	Held [2]int `json:"held"`
	// Open lists the seats that can still complete the line, increasing:
	// those whose opponent holds none of its items (both while nobody
	// holds any).
	Open []int `json:"open"`
	// Threat reports that a seat in Open lacks a single free item: taking
	// it completes the line.
	Threat bool `json:"threat,omitempty"`
}

// advance is how many items the seat that can complete l holds (0 while
// nobody holds any): what orders View.Lines.
func (l *Line) advance() int { return l.Held[0] + l.Held[1] }

// Grid is a rectangle of cells, row by row.
type Grid struct {
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Cells holds Rows*Cols cells, row-major: cell (r, c) is Cells[r*Cols+c].
	Cells []Cell `json:"cells"`
}

// Cell is one cell of a Grid.
type Cell struct {
	// Owner is the seat that took the cell (0, 1), or -1 while it is free.
	Owner int `json:"owner"`
	// Label is what the cell shows: a colour letter, "Q" for a queen, a number.
	Label string `json:"label,omitempty"`
	// Blocked cells cannot be played (outside the board's playable part).
	Blocked bool `json:"blocked,omitempty"`
}

// Word is a word of symbols 0..Alphabet-1; it has len(Symbols)+1 gaps,
// numbered 0 (before the first symbol) to len(Symbols) (after the last).
type Word struct {
	Symbols  []int `json:"symbols"`
	Alphabet int   `json:"alphabet"`
}

// Number is one element of a KindNumbers set.
type Number struct {
	N int64 `json:"n"`
	// Owner is the seat that took the number (0, 1), or -1 while it is free.
	Owner int `json:"owner"`
	// Color is the index in View.Colors of the number's colour, or -1.
	Color int `json:"color"`
}

// Status is what a person needs besides the board.
type Status struct {
	// ToMove is who acts: 0, 1, -1 (a chance draw) or -2 (the game is over).
	ToMove Player `json:"to_move"`
	// Role is the role of the player to move (e.g. "builder").
	Role string `json:"role,omitempty"`
	// Seats names what each seat plays as, e.g. ["R", "G"] or ["builder", "painter"].
	Seats [2]string `json:"seats"`
	// Phase names the phase of a game that has several ("building", "nim").
	Phase string `json:"phase,omitempty"`
	// Draw is the last chance draw shown to people (e.g. the drawn colour list).
	Draw []string `json:"draw,omitempty"`
	// Counter is a count the game shows (2D Nim's COUNTER, moves made).
	Counter *int `json:"counter,omitempty"`
	// Gap is the gap of a word chosen for the next symbol (the Thue
	// builder's choice, while the painter chooses the symbol).
	Gap *int `json:"gap,omitempty"`
	// Points is a score the rules keep during play, for people to see (the
	// Thue painter's points: one for each symbol that made no repetition).
	Points *int `json:"points,omitempty"`
	// Over reports the end of the game; Winner is the winning seat or nil
	// for a draw, Reason says what ended it.
	Over   bool   `json:"over"`
	Winner *int   `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Highlight lists what to light up: grid cell indices, word symbol
	// indices (the square or overlap), or numbers (the progression).
	Highlight []int64 `json:"highlight,omitempty"`
}

// Part is one piece of a move as a person builds it by clicking: a heap, an
// amount, a cell, a gap, a symbol, a number, a colour.
type Part struct {
	Kind  PartKind `json:"kind"`
	Value int64    `json:"value"`
}

// String writes the part as the API's JSON takes it,
// {"kind":"heap","value":2} (its kind clipped), for messages that quote
// parts (Go's {heap 2} meant nothing to a script's author).
func (p Part) String() string {
	kind, _ := json.Marshal(Clip(string(p.Kind)))
	return fmt.Sprintf(`{"kind":%s,"value":%d}`, kind, p.Value)
}

// PartsText writes parts as the API's JSON list takes them, for a message:
// [{"kind":"heap","value":0},{"kind":"amount","value":1}], at most the
// first 8 parts, then how many there were.
func PartsText(parts []Part) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, p := range parts {
		if i == 8 {
			fmt.Fprintf(&b, ", … (%d parts)", len(parts))
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.String())
	}
	b.WriteByte(']')
	return b.String()
}

// PartKind names what a Part selects.
type PartKind string

// The part kinds. Indices follow the View: heaps count from 0, grid cells
// are row-major indices from 0, gaps and symbols are as in Word, numbers are
// the numbers themselves, colours index View.Colors.
const (
	PartHeap   PartKind = "heap"
	PartAmount PartKind = "amount"
	PartCell   PartKind = "cell"
	PartGap    PartKind = "gap"
	PartSymbol PartKind = "symbol"
	PartNumber PartKind = "number"
	PartColor  PartKind = "color"
	// PartSplit is the size of one of the two heaps a Grundy's game split leaves.
	PartSplit PartKind = "split"
)

// Viewer is a State that describes itself and its moves as data. Every Kombi
// game implements it: the conformance suite (game/gametest) fails without
// it, and the browser draws the board from it.
type Viewer interface {
	State
	// View returns the position as data.
	View() View
	// MoveParts returns m's parts in the order a person picks them.
	MoveParts(m Move) []Part
	// MoveFromParts builds the move with these parts; the error says what
	// is wrong (a missing or unknown part, an illegal choice).
	MoveFromParts(parts []Part) (Move, error)
}

// Setter is a Game that builds a position from a view a person edited on
// a board (the study board's set-up): the heaps, the cells' owners and
// labels, the word's symbols, the numbers' owners and colours, and the
// status (who is to move, the phase, a chosen gap or number, a drawn list).
// The error says what is wrong with the view in the game's words.
type Setter interface {
	Game
	SetUp(v View) (State, error)
}

// SetUp builds g's position from an edited view, or an error when g
// cannot set up positions or the view is not one of its positions. A view
// of an ended game (to_move −2) with a winner sets up the position that
// ends with that winner: where the board alone does not say who won (no
// token left in Nim: the player to move has lost, or in misère Nim won),
// the seat to move is the one that makes it so.
//
// A field out of its range is refused, naming it and what it allows: the
// seat to move, a chance draw in a game without chance, a winner other
// than 0 or 1, an owner other than −1, 0 or 1 and a colour the game does
// not have.
func SetUp(g Game, v View) (State, error) {
	st, ok := g.(Setter)
	if !ok {
		return nil, fmt.Errorf("%s positions cannot be set up on a board; give a position string", g.Type().TitleOrName())
	}
	if err := checkSetUp(g, v); err != nil {
		return nil, fmt.Errorf("set up: %w", err)
	}
	if w := v.Status.Winner; v.Status.ToMove == Terminal && w != nil && (*w == 0 || *w == 1) {
		for p := range Player(2) {
			u := v
			u.Status.ToMove = p
			if s, err := st.SetUp(u); err == nil && s.IsTerminal() && Winner(s) == *w {
				return s, nil
			}
		}
	}
	return st.SetUp(v)
}

// checkSetUp refuses the fields of an edited view that are out of their
// range for g (a game's own SetUp reads the fields it needs and may not
// look at the others' values).
func checkSetUp(g Game, v View) error {
	switch p := v.Status.ToMove; {
	case p < Terminal || p > 1:
		return fmt.Errorf("status.to_move %d: want 0 or 1 (the seat to move), -1 (a chance draw) or -2 (the game is over)", p)
	case p == Chance && !g.Type().Chance:
		return fmt.Errorf("status.to_move -1 (a chance draw): %s has no chance draws; want 0 or 1 (the seat to move) or -2 (the game is over)", g.Type().TitleOrName())
	}
	if w := v.Status.Winner; w != nil && *w != 0 && *w != 1 {
		return fmt.Errorf("status.winner %d: want 0 or 1 (the seat that won), or none for a draw or a game not over", *w)
	}
	if v.Grid != nil {
		for i, c := range v.Grid.Cells {
			if c.Owner < -1 || c.Owner > 1 {
				return fmt.Errorf("cell %d (index %d) has owner %d: want -1 (free), 0 or 1 (the seat that took it)", i+1, i, c.Owner)
			}
		}
	}
	colours := 0
	if len(v.Numbers) > 0 {
		if start, err := ViewOf(g.NewInitialState()); err == nil {
			colours = len(start.Colors)
		}
	}
	for _, n := range v.Numbers {
		switch {
		case n.Owner < -1 || n.Owner > 1:
			return fmt.Errorf("number %d has owner %d: want -1 (free), 0 or 1 (the seat that took it)", n.N, n.Owner)
		case n.Color < -1 || n.Color >= colours:
			return fmt.Errorf("number %d has colour %d: the game has %d colours, %s", n.N, n.Color, colours, colourRange(colours))
		}
	}
	return nil
}

// colourRange says which colours a number may have in a game of n
// colours.
func colourRange(n int) string {
	if n == 0 {
		return "so only -1 (uncoloured)"
	}
	return fmt.Sprintf("want 0 to %d, or -1 (uncoloured)", n-1)
}

// CheckOver holds a position set up from v (game.Setter's helper, for a
// game whose view says who moves) to what v says of the end: with
// status.to_move −2 (the game is over) the position must be over, and won
// by status.winner when the view names one.
func CheckOver(st State, v View) error {
	if v.Status.ToMove != Terminal {
		return nil
	}
	if !st.IsTerminal() {
		return fmt.Errorf("set up: status.to_move -2 says the game is over, but this position is not: say who is to move (0 or 1)")
	}
	w := v.Status.Winner
	switch won := Winner(st); {
	case w == nil || *w == won:
	case won < 0:
		return fmt.Errorf("set up: status.winner %d, but this position ends in a draw", *w)
	default:
		return fmt.Errorf("set up: status.winner %d, but in this position %s won", *w, SeatName(Player(won)))
	}
	return nil
}

// Positioner is a State that writes its position in the notation its game's
// ParsePosition reads back (see PositionParser). Every Kombi game
// implements it: the conformance suite (game/gametest) fails without it.
type Positioner interface {
	State
	Position() string
}

// ViewOf returns s's view, or an error when s does not describe itself.
func ViewOf(s State) (View, error) {
	v, ok := s.(Viewer)
	if !ok {
		return View{}, fmt.Errorf("view: %T does not describe itself as data", s)
	}
	return v.View(), nil
}

// PositionOf returns s's position string, or an error when it has none.
func PositionOf(s State) (string, error) {
	p, ok := s.(Positioner)
	if !ok {
		return "", fmt.Errorf("position: %T has no position notation", s)
	}
	return p.Position(), nil
}

// MaxEndsMoves bounds the legal moves LegalMovesOf tries one by one to
// fill LegalMove.Ends and LegalMove.Winner: in a longer list they are
// left out (false and nil) for every move.
const MaxEndsMoves = 256

// LegalMove is a legal move with its text and parts, as the web API and
// scripts list them.
type LegalMove struct {
	Move  string `json:"move"`
	Parts []Part `json:"parts"`
	// Ends reports that the move ends the game at once, found by playing
	// it on a copy of the state. It is filled only in a list of at most
	// MaxEndsMoves moves; in a longer one it is false for every move.
	Ends bool `json:"ends,omitempty"`
	// Winner is the seat that wins when the move ends the game; nil for a
	// draw, for a move that does not end it, and in a list of more than
	// MaxEndsMoves moves.
	Winner *int `json:"winner,omitempty"`
	// Highlight is what the position the move ends in lights up (its
	// view's Status.Highlight: the square it makes, the progression it
	// completes); only with Ends.
	Highlight []int64 `json:"highlight,omitempty"`
}

// LegalMovesOf lists s's legal moves with their texts and parts, at most
// limit of them (limit <= 0: all). The second result reports whether the
// list was cut.
func LegalMovesOf(s State, limit int) ([]LegalMove, bool) {
	var moves []Move
	if ix, ok := s.(MoveIndexer); ok && limit > 0 && ix.MoveCount() > int64(limit) {
		moves = make([]Move, limit)
		for i := range moves {
			moves[i] = ix.MoveAt(int64(i))
		}
	} else {
		moves = s.LegalMoves(nil)
	}
	cut := limit > 0 && len(moves) > limit
	if ix, ok := s.(MoveIndexer); ok && limit > 0 {
		cut = ix.MoveCount() > int64(limit)
	}
	if len(moves) > limit && limit > 0 {
		moves = moves[:limit]
	}
	v, _ := s.(Viewer)
	out := make([]LegalMove, len(moves))
	for i, m := range moves {
		out[i].Move = s.MoveString(m)
		if v != nil {
			out[i].Parts = v.MoveParts(m)
		}
	}
	if !cut && len(moves) <= MaxEndsMoves {
		markEnds(s, moves, out)
	}
	return out, cut
}

// markEnds fills Ends, Winner and Highlight of out, s's legal moves
// moves, by playing each on a copy of s: one copy played and taken back
// when s is an Undoer, else a fresh copy per move.
func markEnds(s State, moves []Move, out []LegalMove) {
	if len(moves) == 0 {
		return
	}
	c := s.Clone()
	u, undo := c.(Undoer)
	for i, m := range moves {
		after := c
		if undo {
			u.ApplyUnchecked(m)
		} else if after = s.Clone(); after.Apply(m) != nil {
			continue
		}
		if after.IsTerminal() {
			out[i].Ends = true
			if w := Winner(after); w >= 0 {
				out[i].Winner = &w
			}
			if v, ok := after.(Viewer); ok {
				out[i].Highlight = slices.Clone(v.View().Status.Highlight)
			}
		}
		if undo {
			u.Undo(m)
		}
	}
}

// MoveFromParts builds a move of s from parts, or an error naming what is
// wrong. It is the one path from parts to a Move: the game's own
// MoveFromParts, checked against the legal moves.
func MoveFromParts(s State, parts []Part) (Move, error) {
	v, ok := s.(Viewer)
	if !ok {
		return 0, fmt.Errorf("move parts: this game takes moves as text only")
	}
	if len(parts) == 0 {
		return 0, fmt.Errorf("move parts: no parts given")
	}
	m, err := v.MoveFromParts(parts)
	if err != nil {
		return 0, fmt.Errorf("move parts: %w", err)
	}
	return m, nil
}

// Check validates a view: a known kind, the board of that kind present and
// consistent, and a status that agrees with the state it came from.
func (v *View) Check(s State) error {
	if !slices.Contains(Kinds, v.Kind) {
		return fmt.Errorf("view kind %q is not one of %v", Clip(string(v.Kind)), Kinds)
	}
	switch v.Kind {
	case KindHeaps:
		if v.Heaps == nil {
			return fmt.Errorf("heaps view without heaps")
		}
		for i, h := range v.Heaps {
			if h < 0 {
				return fmt.Errorf("heap %d has %d tokens", i+1, h)
			}
		}
	case KindGrid:
		if v.Grid == nil || v.Grid.Rows <= 0 || v.Grid.Cols <= 0 || len(v.Grid.Cells) != v.Grid.Rows*v.Grid.Cols {
			return fmt.Errorf("grid view without a consistent grid")
		}
		for i, c := range v.Grid.Cells {
			if c.Owner < -1 || c.Owner > 1 {
				return fmt.Errorf("grid cell %d has owner %d", i, c.Owner)
			}
		}
	case KindWord:
		if v.Word == nil || v.Word.Alphabet <= 0 {
			return fmt.Errorf("word view without a word")
		}
		for i, c := range v.Word.Symbols {
			if c < 0 || c >= v.Word.Alphabet {
				return fmt.Errorf("word symbol %d is %d, outside 0..%d", i, c, v.Word.Alphabet-1)
			}
		}
	case KindNumbers:
		for i, n := range v.Numbers {
			if i > 0 && n.N <= v.Numbers[i-1].N {
				return fmt.Errorf("numbers not increasing at %d", n.N)
			}
			if n.Owner < -1 || n.Owner > 1 || n.Color < -1 || n.Color >= len(v.Colors) {
				return fmt.Errorf("number %d has owner %d colour %d (colours: %v)", n.N, n.Owner, n.Color, v.Colors)
			}
		}
	}
	if err := v.checkLines(); err != nil {
		return err
	}
	if v.Status.ToMove != s.Player() {
		return fmt.Errorf("view says %v to move, the state %v", v.Status.ToMove, s.Player())
	}
	if v.Status.Over != s.IsTerminal() {
		return fmt.Errorf("view says over=%v, the state %v", v.Status.Over, s.IsTerminal())
	}
	if v.Status.Over {
		w := Winner(s)
		if (w < 0) != (v.Status.Winner == nil) || v.Status.Winner != nil && *v.Status.Winner != w {
			return fmt.Errorf("view names another winner than the state's returns %v", s.Returns())
		}
	}
	if _, err := json.Marshal(v); err != nil {
		return fmt.Errorf("view does not encode as JSON: %w", err)
	}
	return nil
}

// NewStatus fills the status fields every game shares from s: who moves in
// which role, and at the end the winner and, for an Explainer, the reason.
func NewStatus(t *Type, s State) Status {
	st := Status{ToMove: s.Player(), Seats: [2]string{t.Role(0), t.Role(1)}}
	if p := s.Player(); p == 0 || p == 1 {
		st.Role = t.Role(p)
	}
	if s.IsTerminal() {
		st.Over = true
		if w := Winner(s); w >= 0 {
			st.Winner = &w
		}
		if ex, ok := s.(Explainer); ok {
			st.Reason = ex.EndReason()
		}
	}
	return st
}

// checkLines validates the view's lines against its board: every item is
// a number of the set (KindNumbers) or a cell (KindGrid), Held counts the
// items each seat owns, Open and Threat follow from Held, the most
// advanced lines come first, and LinesOpen counts at least the lines
// listed (exactly them when fewer than MaxLines are).
func (v *View) checkLines() error {
	if v.Lines == nil && v.LinesOpen == nil {
		return nil
	}
	if len(v.LinesOpen) != 2 || v.LinesOpen[0] < 0 || v.LinesOpen[1] < 0 {
		return fmt.Errorf("lines_open is %v, want two counts", v.LinesOpen)
	}
	if len(v.Lines) > MaxLines {
		return fmt.Errorf("%d lines listed, more than %d", len(v.Lines), MaxLines)
	}
	owner := map[int64]int{}
	switch v.Kind {
	case KindNumbers:
		for _, n := range v.Numbers {
			owner[n.N] = n.Owner
		}
	case KindGrid:
		for i, c := range v.Grid.Cells {
			owner[int64(i)] = c.Owner
		}
	default:
		return fmt.Errorf("a %s board has no lines (only numbers and grids do)", v.Kind)
	}
	var open [2]int
	for i, l := range v.Lines {
		if len(l.Items) == 0 {
			return fmt.Errorf("line %d has no items", i)
		}
		var held [2]int
		for j, x := range l.Items {
			o, ok := owner[x]
			if !ok {
				return fmt.Errorf("line %v: %d is not on the board", l.Items, x)
			}
			if j > 0 && x <= l.Items[j-1] {
				return fmt.Errorf("line %v: items not increasing", l.Items)
			}
			if o == 0 || o == 1 {
				held[o]++
			}
		}
		if held != l.Held {
			return fmt.Errorf("line %v: held %v, the board says %v", l.Items, l.Held, held)
		}
		var want []int
		threat := false
		for p := range 2 {
			if held[1-p] == 0 {
				want = append(want, p)
				open[p]++
				threat = threat || held[p] == len(l.Items)-1
			}
		}
		if len(want) == 0 {
			return fmt.Errorf("line %v: listed, but no seat can complete it", l.Items)
		}
		if !slices.Equal(l.Open, want) || l.Threat != threat {
			return fmt.Errorf("line %v: open %v threat %v, want open %v threat %v", l.Items, l.Open, l.Threat, want, threat)
		}
		if i > 0 && l.advance() > v.Lines[i-1].advance() {
			return fmt.Errorf("line %v (%d held) after a less advanced line %v", l.Items, l.advance(), v.Lines[i-1].Items)
		}
	}
	for p := range 2 {
		if open[p] > v.LinesOpen[p] || len(v.Lines) < MaxLines && open[p] != v.LinesOpen[p] {
			return fmt.Errorf("%d lines listed open for seat %d, lines_open says %d", open[p], p, v.LinesOpen[p])
		}
	}
	return nil
}
