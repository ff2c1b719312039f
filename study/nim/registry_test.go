package nim_test

import (
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
	studynim "github.com/kombi/kombi/study/nim"
	"github.com/kombi/kombi/study/studytest"
)

// registries returns the Nim family's games, the generic bots and the
// study's perfect players, and the study's solvers.
func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots, _ := kit(t)
	return games, bots
}

// kit returns the family's games, the bots (generic, the rules' and the
// study's) and the study's solvers.
func kit(t testing.TB) (*game.Registry, *bot.Registry, *solve.Solvers) {
	t.Helper()
	k := studytest.New(t, nim.Register, studynim.Register)
	return k.Games, k.Bots, k.Solvers
}

// solvers returns the study's solvers.
func solvers(t testing.TB) *solve.Solvers {
	t.Helper()
	_, _, sv := kit(t)
	return sv
}
