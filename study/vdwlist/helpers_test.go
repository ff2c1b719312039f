package vdwlist_test

import (
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study/studytest"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
)

// registries returns the game, the generic bots, the rules' bots and the
// study's perfect player.
func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots, _ := kit(t)
	return games, bots
}

// kit returns the family's games, the bots (generic, the rules' and the
// study's) and the study's solvers.
func kit(t testing.TB) (*game.Registry, *bot.Registry, *solve.Solvers) {
	t.Helper()
	k := studytest.New(t, vdwlist.Register, studyvdwlist.Register)
	return k.Games, k.Bots, k.Solvers
}

func newGame(t testing.TB, k, c, l, s int) *vdwlist.Game {
	t.Helper()
	g, err := vdwlist.New(k, c, l, s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// bruteMono reports whether some colour class holds a k-term progression,
// straight from the definition: every start i and difference j ≥ 1.
func bruteMono(colour []int, k int) bool {
	s := len(colour)
	for i := range s {
		if colour[i] < 0 {
			continue
		}
		for j := 1; i+(k-1)*j < s || (k == 1 && j == 1); j++ {
			ok := true
			for t := 1; t < k; t++ {
				if colour[i+t*j] != colour[i] {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
			if k == 1 {
				break
			}
		}
	}
	return false
}
