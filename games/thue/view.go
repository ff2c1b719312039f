package thue

import (
	"fmt"
	"strings"

	"github.com/kombi/kombi/game"
)

// The phases of a turn, as View's Status.Phase names them.
const (
	PhaseGap    = "choose a gap"
	PhaseSymbol = "choose a symbol"
)

// View describes the position as data: a word (game.KindWord) over the
// alphabet, whose gaps are numbered 0 (before the first symbol) to n (after
// the last). Status.Role is "builder" or "painter" and Status.Phase
// PhaseGap or PhaseSymbol. While the painter chooses, Status.Gap (and, as
// before, Status.Counter) holds the gap the builder chose (nil while the
// builder chooses). At the end of
// the game Status.Highlight lists the indices of the symbols forming the
// square or overlap found, and Status.Reason names it.
func (s *State) View() game.View {
	syms := make([]int, len(s.word))
	for i, c := range s.word {
		syms[i] = int(c)
	}
	typ := s.typ
	if typ == nil {
		typ = NewType()
	}
	st := game.NewStatus(typ, s)
	points := s.PainterPoints()
	st.Points = &points
	switch s.Player() {
	case Builder:
		st.Phase = PhaseGap
	case Painter:
		st.Phase = PhaseSymbol
		gap := s.pos
		st.Counter, st.Gap = &gap, &gap
	}
	switch {
	case s.over:
		r := s.rep
		for i := r.Start; i < r.Start+r.Length; i++ {
			st.Highlight = append(st.Highlight, int64(i))
		}
		st.Reason = fmt.Sprintf("%s %s at positions %s (period %d)", s.rule, repetitionText(s.word, r, s.k), rangeText(r.Start, r.Start+r.Length-1), r.Period)
	case s.reachedTarget():
		st.Reason = fmt.Sprintf("the painter reached length %d without %s", len(s.word), article(s.rule))
	}
	return game.View{Kind: game.KindWord, Word: &game.Word{Symbols: syms, Alphabet: s.k}, Status: st}
}

// MoveParts returns a builder's move as its gap (game.PartGap) and a
// painter's as its symbol (game.PartSymbol).
func (s *State) MoveParts(m game.Move) []game.Part {
	if s.Player() == Painter {
		return []game.Part{{Kind: game.PartSymbol, Value: int64(m)}}
	}
	return []game.Part{{Kind: game.PartGap, Value: int64(m)}}
}

// MoveFromParts builds the move of one part: a gap for the builder, a
// symbol for the painter.
func (s *State) MoveFromParts(parts []game.Part) (game.Move, error) {
	role, want, hi := "builder", game.PartGap, int64(len(s.word))
	switch s.Player() {
	case Builder:
	case Painter:
		role, want, hi = "painter", game.PartSymbol, int64(s.k-1)
	default:
		return 0, fmt.Errorf("the game is over")
	}
	if len(parts) != 1 || parts[0].Kind != want {
		return 0, fmt.Errorf("the %s's move is one part, a %s; got %s", role, want, game.PartsText(parts))
	}
	if v := parts[0].Value; v < 0 || v > hi {
		return 0, fmt.Errorf("%s %d is out of range: want 0 to %d", want, v, hi)
	}
	return game.Move(parts[0].Value), nil
}

// The interfaces the Thue game implements.
var (
	_ game.Viewer     = (*State)(nil)
	_ game.Positioner = (*State)(nil)
)

// repetitionText writes a repetition as its blocks: a square uu as "u·u",
// an overlap xuxux as "xu·xu·x" (the block twice, then its first symbol
// again), so that the dots part blocks that follow each other.
func repetitionText(word []byte, r Repetition, k int) string {
	var parts []string
	for i := r.Start; i < r.Start+r.Length; i += r.Period {
		parts = append(parts, WordString(word[i:min(i+r.Period, r.Start+r.Length)], k))
	}
	return strings.Join(parts, "·")
}
