package nim_test

import (
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	studynim "github.com/kombi/kombi/study/nim"
)

// registries returns the Nim family's games, the generic bots and the
// study's perfect players, and the study's solvers.
func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots, _ := kit(t)
	return games, bots
}

func kit(t testing.TB) (*game.Registry, *bot.Registry, *solve.Solvers) {
	t.Helper()
	games, bots, studies := &game.Registry{}, &bot.Registry{}, &study.Registry{}
	if err := bot.RegisterGeneric(bots, &studies.Solvers); err != nil {
		t.Fatal(err)
	}
	if err := nim.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	if err := studynim.Register(studies, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots, &studies.Solvers
}

// solvers returns the study's solvers.
func solvers(t testing.TB) *solve.Solvers {
	t.Helper()
	_, _, sv := kit(t)
	return sv
}
