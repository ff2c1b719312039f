// Package all assembles the registries of every Kombi game, bot and study:
// the only package that imports every game (games/<family>, the rules) and
// every study (study/<family>: solvers, tables, frontier rows, the bots
// that play by them).
package all

import (
	"fmt"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/games/wythoff"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	studyap "github.com/kombi/kombi/study/apgame"
	studynim "github.com/kombi/kombi/study/nim"
	studynim2d "github.com/kombi/kombi/study/nim2d"
	"github.com/kombi/kombi/study/sources"
	studythue "github.com/kombi/kombi/study/thue"
	"github.com/kombi/kombi/study/thue/thesis"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
	studywythoff "github.com/kombi/kombi/study/wythoff"
)

// Kit is every registry of Kombi: the games (their rules), the bots (the
// generic ones, the rules packages' and the study packages'), and the
// studies (each game's own solver, each family's frontier rows).
type Kit struct {
	Games   *game.Registry
	Bots    *bot.Registry
	Studies *study.Registry
}

// Solvers returns the games' own exact solvers (solve.Solvers: Solve and
// Analyze find a game's solver there, else solve.Generic).
func (k *Kit) Solvers() *solve.Solvers { return &k.Studies.Solvers }

// New returns a kit holding every game, bot and study. The generic human
// player's hint analyses with the kit's solvers.
func New() (*Kit, error) {
	k := &Kit{Games: &game.Registry{}, Bots: &bot.Registry{}, Studies: &study.Registry{}}
	k.Studies.Games = k.Games // the studies of any game (bench scaling)
	if err := bot.RegisterGeneric(k.Bots, k.Solvers()); err != nil {
		return nil, fmt.Errorf("registries: %w", err)
	}
	for _, register := range []func(*game.Registry, *bot.Registry) error{
		nim.Register,
		wythoff.Register,
		nim2d.Register,
		vdwlist.Register,
		apgame.Register,
		thue.Register,
	} {
		if err := register(k.Games, k.Bots); err != nil {
			return nil, fmt.Errorf("registries: %w", err)
		}
	}
	// The studies, in the order of `kombi report frontier`.
	for _, register := range []func(*study.Registry, *bot.Registry) error{
		studythue.Register,
		studynim2d.Register,
		studyvdwlist.Register,
		studynim.Register,
		studywythoff.Register,
		studyap.Register,
	} {
		if err := register(k.Studies, k.Bots); err != nil {
			return nil, fmt.Errorf("registries: %w", err)
		}
	}
	thesis.Register(k.Studies, k.Games, k.Bots) // the studies that play games
	sources.Register(k.Studies, k.Games, k.Bots)
	return k, nil
}

// Registries returns new registries holding every game and every bot (the
// games and bots of New).
func Registries() (*game.Registry, *bot.Registry, error) {
	k, err := New()
	if err != nil {
		return nil, nil, err
	}
	return k.Games, k.Bots, nil
}
