// Package solve is Kombi's search kit: the one Outcome type, the one Result
// shape every exact analysis returns, the one memory-bounded transposition
// table, node budgets, progress reports, and the game-independent solvers:
// memoised minimax, Grundy values with decomposition, and expected values of
// chance games. Solve and Analyze dispatch to a game's own solver when it has
// one.
package solve

import (
	"fmt"
)

// Outcome is a result for one player under optimal play.
type Outcome int8

const (
	// Loss means every move loses against best play.
	Loss Outcome = -1
	// Draw means neither side can force a win (for a chance game: neither
	// side wins with certainty).
	Draw Outcome = 0
	// Win means some move wins against any defence.
	Win Outcome = 1
	// Unknown means the search did not decide it within its limits.
	Unknown Outcome = 2
	// Chance means a game with chance moves is won with a probability
	// strictly between 0 and 1 (Result.Value says which).
	Chance Outcome = 3
)

// String returns "win", "loss", "draw", "chance" or "unknown".
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Chance:
		return "chance"
	default:
		return "unknown"
	}
}

// Neg returns the outcome for the other player.
func (o Outcome) Neg() Outcome {
	if o == Unknown || o == Chance {
		return o
	}
	return -o
}

// MarshalText writes the outcome's name.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads "win", "loss", "draw", "chance" or "unknown".
func (o *Outcome) UnmarshalText(b []byte) error {
	switch string(b) {
	case "win":
		*o = Win
	case "loss":
		*o = Loss
	case "draw":
		*o = Draw
	case "unknown":
		*o = Unknown
	case "chance":
		*o = Chance
	default:
		return fmt.Errorf("outcome %q: want win, loss, draw, chance or unknown", b)
	}
	return nil
}

// FromReturn turns a terminal return (+1, 0, -1) into an Outcome.
func FromReturn(r float64) Outcome {
	switch {
	case r > 0:
		return Win
	case r < 0:
		return Loss
	}
	return Draw
}
