package nim

import (
	"fmt"

	"github.com/kombi/kombi/game"
)

// Why a game of the Nim family ended, in words (game.Explainer).

// lastToken says who took the last token of a finished game of heaps and
// whether that wins (normal play) or loses (misère play).
func lastToken(turn game.Player, misere bool) string {
	taker := turn.Opponent() // the player who cannot move moved second to last
	if misere {
		return fmt.Sprintf("%s took the last token and loses (misère play: whoever takes the last token loses).", game.SeatName(taker))
	}
	return fmt.Sprintf("%s took the last token and wins.", game.SeatName(taker))
}

// EndReason says who took the last token and what that means.
func (s *State) EndReason() string {
	if !s.IsTerminal() {
		return ""
	}
	return lastToken(s.turn, s.misere)
}

// EndReason says who took the last token.
func (s *KState) EndReason() string {
	if !s.IsTerminal() {
		return ""
	}
	return lastToken(s.turn, false)
}

// EndReason says who took the last token.
func (s *GreedyState) EndReason() string {
	if !s.IsTerminal() {
		return ""
	}
	return lastToken(s.turn, false)
}

// EndReason says who took the last token.
func (s *BuildingState) EndReason() string {
	if !s.IsTerminal() {
		return ""
	}
	return lastToken(s.turn, false)
}

// EndReason says why the player to move cannot move.
func (s *GrundyState) EndReason() string {
	if !s.IsTerminal() {
		return ""
	}
	return fmt.Sprintf("Every heap has 1 or 2 tokens: none splits into two unequal heaps. %s cannot move and loses; %s made the last split and wins.",
		game.SeatName(s.turn), game.SeatName(s.turn.Opponent()))
}
