package apgame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// View describes the position as data: the set as numbers, each owned
// (and coloured) by the player who coloured it, 0 for red and 1 for blue,
// or free (-1); the progressions a player can still complete as the
// view's lines (see Lines); at the end of a won game the status
// highlights the winning progression.
func (s *State) View() game.View {
	g := s.g
	v := game.View{
		Kind:      game.KindNumbers,
		Numbers:   make([]game.Number, len(g.set)),
		Colors:    []string{g.typ.Role(0), g.typ.Role(1)},
		Status:    game.NewStatus(g.typ, s),
		Lines:     s.Lines(),
		LinesOpen: []int{s.live[0], s.live[1]},
	}
	for i, n := range g.set {
		c := int(s.colour[i])
		v.Numbers[i] = game.Number{N: int64(n), Owner: c, Color: c}
	}
	if _, prog := s.Winner(); prog != nil {
		for _, n := range prog {
			v.Status.Highlight = append(v.Status.Highlight, int64(n))
		}
	}
	return v
}

// Lines returns the progressions a player can still complete (none of
// their numbers has the opponent's colour) as board lines: the numbers,
// how many each player coloured, who can still complete it and whether one
// free number completes it (a threat, as WinningNumbers lists them). The
// most advanced come first, then in the game's progression order (by first
// number, then by difference), at most game.MaxLines of them; LiveCount
// counts them all.
func (s *State) Lines() []game.Line {
	g := s.g
	k := g.k
	// Count the open progressions by advance (the numbers their one
	// possible owner holds), then keep the most advanced that fit.
	var at [MaxK + 1]int
	for a := range g.NumProgressions() {
		if c0, c1 := s.cnt[2*a], s.cnt[2*a+1]; c0 == 0 || c1 == 0 {
			at[c0+c1]++
		}
	}
	room, lo := game.MaxLines, k
	for ; lo >= 0 && at[lo] <= room; lo-- {
		room -= at[lo]
	}
	out := []game.Line{}
	for a := range g.NumProgressions() {
		c0, c1 := int(s.cnt[2*a]), int(s.cnt[2*a+1])
		if c0 > 0 && c1 > 0 || c0+c1 < lo {
			continue
		}
		if c0+c1 == lo {
			if room == 0 {
				continue
			}
			room--
		}
		l := game.Line{Items: make([]int64, k), Held: [2]int{c0, c1}, Threat: c0+c1 == k-1}
		for t, n := range g.Progression(a) {
			l.Items[t] = int64(n)
		}
		for p := range 2 {
			if l.Held[1-p] == 0 {
				l.Open = append(l.Open, p)
			}
		}
		out = append(out, l)
	}
	slices.SortStableFunc(out, func(x, y game.Line) int { return y.Held[0] + y.Held[1] - x.Held[0] - x.Held[1] })
	return out
}

// MoveParts returns the move's one part: the number to colour.
func (s *State) MoveParts(m game.Move) []game.Part {
	return []game.Part{{Kind: game.PartNumber, Value: int64(m)}}
}

// MoveFromParts builds the move that colours the number of its one part,
// after checking that it is an uncoloured number of the set.
func (s *State) MoveFromParts(parts []game.Part) (game.Move, error) {
	if len(parts) != 1 || parts[0].Kind != game.PartNumber {
		return 0, fmt.Errorf("a move is one part, the %s to colour; got %s", game.PartNumber, game.PartsText(parts))
	}
	v := parts[0].Value
	if v < 1 || v > int64(s.g.set[len(s.g.set)-1]) {
		return 0, fmt.Errorf("%d is not in the set (its numbers lie between %d and %d)", v, s.g.set[0], s.g.set[len(s.g.set)-1])
	}
	if _, err := s.check(game.Move(v)); err != nil {
		return 0, err
	}
	return game.Move(v), nil
}

// Position writes the position as ParsePosition reads it: P1's (red)
// numbers, a slash, P2's (blue) numbers, each increasing and separated by
// spaces, e.g. "3 17 / 5" ("/" at the start).
func (s *State) Position() string {
	join := func(xs []int) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(x)
		}
		return strings.Join(parts, " ")
	}
	return strings.TrimSpace(join(s.Numbers(0)) + " / " + join(s.Numbers(1)))
}
