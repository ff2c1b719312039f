package wythoff

import (
	"fmt"

	"github.com/kombi/kombi/game"
)

// EndReason says who made the last move (game.Explainer): who took the
// last token, or on the queen's board who reached the corner.
func (s *State) EndReason() string {
	if !s.IsTerminal() {
		return ""
	}
	who := game.SeatName(s.turn.Opponent())
	if s.board() {
		return fmt.Sprintf("%s moved the queen into the corner and wins.", who)
	}
	return fmt.Sprintf("%s took the last token and wins.", who)
}
