package nim2d_test

import (
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/solve"
	studynim2d "github.com/kombi/kombi/study/nim2d"
	"github.com/kombi/kombi/study/studytest"
)

// registries returns 2D Nim, the generic bots and the study's players.
func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots, _ := kit(t)
	return games, bots
}

// kit returns the family's games, the bots (generic, the rules' and the
// study's) and the study's solvers.
func kit(t testing.TB) (*game.Registry, *bot.Registry, *solve.Solvers) {
	t.Helper()
	k := studytest.New(t, nim2d.Register, studynim2d.Register)
	return k.Games, k.Bots, k.Solvers
}

// solvers returns the study's solvers.
func solvers(t testing.TB) *solve.Solvers {
	t.Helper()
	_, _, sv := kit(t)
	return sv
}

// load builds the game of a game string.
func load(t testing.TB, spec string) *nim2d.Game {
	t.Helper()
	games, _ := registries(t)
	g, err := games.Load(spec, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*nim2d.Game)
}
