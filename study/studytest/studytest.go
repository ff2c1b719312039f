// Package studytest builds what a study package's tests play with: its
// family's games, the generic bots, the rules' bots, and the study's
// solvers and bots — the one copy of what games/all assembles for every
// family, for one family.
package studytest

import (
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// Kit is one family's registries.
type Kit struct {
	Games   *game.Registry
	Bots    *bot.Registry
	Solvers *solve.Solvers
}

// New registers the generic bots, then the rules (a games/<family>
// Register) and the study (a study/<family> Register), failing the test on
// an error.
func New(t testing.TB, rules func(*game.Registry, *bot.Registry) error, studies func(*study.Registry, *bot.Registry) error) Kit {
	t.Helper()
	games, bots, reg := &game.Registry{}, &bot.Registry{}, &study.Registry{}
	if err := bot.RegisterGeneric(bots, &reg.Solvers); err != nil {
		t.Fatal(err)
	}
	if err := rules(games, bots); err != nil {
		t.Fatal(err)
	}
	if err := studies(reg, bots); err != nil {
		t.Fatal(err)
	}
	return Kit{Games: games, Bots: bots, Solvers: &reg.Solvers}
}
