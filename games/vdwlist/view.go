package vdwlist

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// The phases as the view names them.
var phaseNames = [...]string{PhaseName: "name", PhaseDraw: "draw", PhaseColour: "colour", PhaseOver: ""}

// View draws the position as the numbers 1..s (game.KindNumbers). A number's
// Color indexes View.Colors (the colour names) or is −1 while it is
// uncoloured; its Owner is 1 (the colourer, who coloured it) once coloured
// and −1 before. The status names the phase of the round ("name", "draw",
// "colour"), counts the numbers coloured, holds the drawn list (colour
// names) while the colourer chooses from it, and highlights the named number
// during its round (with, in Completes, what each colour would complete
// there) and, at the end, the monochromatic progression.
func (s *State) View() game.View {
	g := s.g
	v := game.View{Kind: game.KindNumbers, Colors: append([]string(nil), colourNames[:g.c]...), Status: game.NewStatus(g.typ, s)}
	v.Numbers = make([]game.Number, g.s)
	for i := range v.Numbers {
		col, owner := s.colourOf(i+1), -1
		if col >= 0 {
			owner = 1
		}
		v.Numbers[i] = game.Number{N: int64(i + 1), Owner: owner, Color: col}
	}
	st := &v.Status
	st.Phase = phaseNames[s.phase]
	coloured := int(s.rounds)
	st.Counter = &coloured
	if s.phase == PhaseColour {
		for m := s.list; m != 0; m &= m - 1 {
			st.Draw = append(st.Draw, ColourName(bits.TrailingZeros8(m)))
		}
	}
	if s.pending != 0 {
		st.Highlight = []int64{int64(s.pending)}
		v.Completes = s.completions()
	}
	for _, n := range numbers(s.win) {
		st.Highlight = append(st.Highlight, int64(n))
	}
	return v
}

// completions returns, for each colour, the progression that colouring the
// named number with it would complete (its numbers), or nil when no colour
// would complete one (see game.View.Completes).
func (s *State) completions() [][]int64 {
	n := int(s.pending)
	bit := uint64(1) << (n - 1)
	out := make([][]int64, s.g.c)
	some := false
	for col := range s.g.c {
		if a := s.g.completed(s.masks[col]|bit, n); a != 0 {
			for _, x := range numbers(a) {
				out[col] = append(out[col], int64(x))
			}
			some = true
		}
	}
	if !some {
		return nil
	}
	return out
}

// MoveParts returns a move's parts: the number player 1 names
// (game.PartNumber), the colours of a drawn list (one game.PartColor each)
// or the colour player 2 picks (game.PartColor).
func (s *State) MoveParts(m game.Move) []game.Part {
	switch s.phase {
	case PhaseName:
		return []game.Part{{Kind: game.PartNumber, Value: int64(m)}}
	case PhaseDraw:
		var parts []game.Part
		for l := uint64(m); l != 0; l &= l - 1 {
			parts = append(parts, game.Part{Kind: game.PartColor, Value: int64(bits.TrailingZeros64(l))})
		}
		return parts
	case PhaseColour:
		return []game.Part{{Kind: game.PartColor, Value: int64(m)}}
	}
	return nil
}

// MoveFromParts builds the move with these parts (see MoveParts) and checks
// that it is legal.
func (s *State) MoveFromParts(parts []game.Part) (game.Move, error) {
	var m game.Move
	switch s.phase {
	case PhaseName, PhaseColour:
		want := game.PartNumber
		if s.phase == PhaseColour {
			want = game.PartColor
		}
		if len(parts) != 1 || parts[0].Kind != want {
			return 0, fmt.Errorf("%s (%s) moves by one %s part, got %s", game.SeatName(s.Player()), s.g.typ.Role(s.Player()), want, game.PartsText(parts))
		}
		if v := parts[0].Value; v < 0 || v > MaxS {
			return 0, fmt.Errorf("%s %d is out of range", want, v)
		}
		m = game.Move(parts[0].Value)
	case PhaseDraw:
		if len(parts) != s.g.l {
			return 0, fmt.Errorf("a list holds %d colours, got %d parts", s.g.l, len(parts))
		}
		for _, p := range parts {
			if p.Kind != game.PartColor || p.Value < 0 || p.Value >= int64(s.g.c) {
				return 0, fmt.Errorf("part %v is not one of the %d colours", p, s.g.c)
			}
			if m&(1<<p.Value) != 0 {
				return 0, fmt.Errorf("colour %s appears twice in the list", ColourName(int(p.Value)))
			}
			m |= 1 << p.Value
		}
	default:
		return 0, fmt.Errorf("the game is over")
	}
	if err := s.check(m); err != nil {
		return 0, err
	}
	return m, nil
}

// Position writes the position as ParsePosition reads it: the colouring
// (one colour letter per number, '.' uncoloured), then, during a round,
// ":N" for the number N player 1 named and, once the list is drawn, ":"
// and the list's letters, e.g. "r...b....:5:rg" (player 2 colours 5 with
// red or green).
func (s *State) Position() string {
	p := s.Colouring()
	if s.pending != 0 {
		p += ":" + strconv.Itoa(int(s.pending))
	}
	if s.list != 0 {
		p += ":"
		for m := s.list; m != 0; m &= m - 1 {
			p += colourNames[bits.TrailingZeros8(m)][:1]
		}
	}
	return p
}

// ParsePosition reads a position (see Position): a colouring, one symbol per
// number of 1..s, a colour's first letter or '.' for uncoloured (spaces are
// ignored), e.g. "r.b..r" with player 1 to name a number; "r.b..r:4" when
// player 1 has named 4 and the list is drawn next; "r.b..r:4:gb" (or
// "r.b..r:4:{green, blue}") when player 2 colours 4 from the drawn list.
func (g *Game) ParsePosition(text string) (game.State, error) {
	fields := strings.Split(text, ":")
	if len(fields) > 3 {
		return nil, fmt.Errorf("position %q has %d ':' fields: want COLOURING, COLOURING:NUMBER or COLOURING:NUMBER:LIST", text, len(fields))
	}
	s, err := g.parseColouring(text, fields[0])
	if err != nil {
		return nil, err
	}
	if len(fields) == 1 {
		return s, nil
	}
	if s.phase == PhaseOver {
		return nil, fmt.Errorf("position %q: the colouring ends the game, so no number can be named", text)
	}
	n, err := strconv.Atoi(strings.TrimSpace(fields[1]))
	if err != nil {
		return nil, fmt.Errorf("position %q: after the colouring comes the named number, from 1 to %d", text, g.s)
	}
	if n < 1 || n > g.s || s.colored&(1<<(n-1)) != 0 {
		return nil, fmt.Errorf("position %q: the named number %d is not an uncoloured number of 1..%d", text, n, g.s)
	}
	s.ApplyUnchecked(game.Move(n))
	if len(fields) == 2 {
		return s, nil
	}
	list, err := g.parseList(fields[2])
	if err != nil {
		return nil, fmt.Errorf("position %q: the drawn list: %w", text, err)
	}
	if err := s.check(list); err != nil {
		return nil, fmt.Errorf("position %q: the drawn list: %w", text, err)
	}
	s.ApplyUnchecked(list)
	return s, nil
}

// parseColouring reads the colouring part of a position with player 1 to
// name a number.
func (g *Game) parseColouring(text, colouring string) (*State, error) {
	t := []rune(strings.Join(strings.Fields(colouring), ""))
	if len(t) != g.s {
		return nil, fmt.Errorf("position %q has %s: want one per number 1..%d, each a colour's first letter (%s) or '.'", text, game.Plural(len(t), "symbol"), g.s, g.colourChoices())
	}
	s := &State{g: g}
	for i, r := range t {
		if r == '.' || r == '_' || r == '-' {
			continue
		}
		col, ok := g.parseColour(string(r))
		if !ok {
			return nil, fmt.Errorf("position %q: symbol %d is %q; want a colour's first letter (%s) or '.'", text, i+1, r, g.colourChoices())
		}
		bit := uint64(1) << i
		s.masks[col] |= bit
		s.colored |= bit
		s.rounds++
	}
	for col := range g.c {
		for _, a := range g.aps {
			if s.masks[col]&a == a {
				s.win, s.winCol = a, int8(col)
				s.phase = PhaseOver
				return s, nil
			}
		}
	}
	if s.colored == g.full {
		s.phase = PhaseOver
	}
	return s, nil
}
