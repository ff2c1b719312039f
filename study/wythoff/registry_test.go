package wythoff_test

import (
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/wythoff"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	studywythoff "github.com/kombi/kombi/study/wythoff"
)

// solvers returns the study's solvers.
func solvers(t testing.TB) *solve.Solvers {
	t.Helper()
	studies := &study.Registry{}
	if err := studywythoff.Register(studies, &bot.Registry{}); err != nil {
		t.Fatal(err)
	}
	return &studies.Solvers
}

// registry returns the rules' game registry.
func registry(t testing.TB) *game.Registry {
	t.Helper()
	games := &game.Registry{}
	if err := wythoff.Register(games, &bot.Registry{}); err != nil {
		t.Fatal(err)
	}
	return games
}
