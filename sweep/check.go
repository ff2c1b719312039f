package sweep

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Validate checks the spec against the registries, as a run does before it
// plays or queues a game: every game string loads, every bot string builds
// for every game, and no game or pair is listed twice. Games are compared
// as the registry writes them, so "nim(piles=3;4;5)" and
// "nim(piles=3;4;5,misere=false)" are one game, and bots as their
// parameters with defaults (bot.Registry.Canonical); with alternate, the
// pairs [A, B] and [B, A] are the same pair too. Errors are
// *game.InputError, but for nil registries.
func (s *Spec) Validate(games *game.Registry, bots *bot.Registry) error {
	if err := checkRegistries(games, bots); err != nil {
		return err
	}
	cells, err := s.Cells()
	if err != nil {
		return game.AsInput(err)
	}
	loaded := make([]game.Game, len(s.Games))
	byKey := map[string]int{}
	for i, text := range s.Games {
		key, err := gameKey(games, text)
		if err != nil {
			return game.Inputf(`"games" entry %d: %w`, i+1, err)
		}
		g, err := games.Load(text, 1)
		if err != nil {
			return game.Inputf(`"games" entry %d: %w`, i+1, err)
		}
		if j, ok := byKey[key]; ok {
			return game.Inputf(`"games" lists one game twice: entry %d %q and entry %d %q are both the game %s; list each game once`,
				j+1, s.Games[j], i+1, text, g)
		}
		byKey[key], loaded[i] = i, g
	}
	for _, c := range cells {
		if err := checkCell(games, bots, &c); err != nil {
			return game.AsInput(err)
		}
	}
	for _, g := range loaded {
		seen := map[[2]string]int{}
		for i, p := range s.Pairs {
			var key [2]string
			for k := range key {
				if key[k], err = bots.Canonical(p[k], g); err != nil {
					return game.Inputf("%s: %w", CellID(g.String(), [2]string(p)), err)
				}
			}
			j, ok := seen[key]
			why := ""
			if !ok && s.Alternate {
				j, ok = seen[[2]string{key[1], key[0]}]
				why = " (alternate = true plays each pair both ways)"
			}
			if ok {
				return game.Inputf(`"pairs" lists one pair twice%s: entry %d %s and entry %d %s are the same bots for %s; list each pair once`,
					why, j+1, quotePair(s.Pairs[j]), i+1, quotePair(p), g)
			}
			seen[key] = i
		}
	}
	return nil
}

// quotePair writes a pair of bot strings as a sweep file does.
func quotePair(p []string) string { return fmt.Sprintf("[%q, %q]", p[0], p[1]) }

// gameKey names the game a game string stands for (game.Registry.Canonical):
// its canonical string and the parameters it leaves to be drawn per seed.
func gameKey(games *game.Registry, text string) (string, error) {
	canonical, drawn, err := games.Canonical(text)
	if err != nil {
		return "", err
	}
	return strings.Join(append([]string{canonical}, drawn...), "\x00drawn "), nil
}

// checkRegistries refuses nil registries, naming the one that is nil.
func checkRegistries(games *game.Registry, bots *bot.Registry) error {
	switch {
	case games == nil:
		return errors.New("no game registry (a nil *game.Registry; all.New's Kit.Games holds Kombi's games)")
	case bots == nil:
		return errors.New("no bot registry (a nil *bot.Registry; all.New's Kit.Bots holds Kombi's bots)")
	}
	return nil
}

// checkCell checks that a cell's game loads and its bots build for it.
func checkCell(games *game.Registry, bots *bot.Registry, c *Cell) error {
	where := "sweep cell " + c.ID + ": "
	if c.ID == "" {
		where = "" // an arena: one cell, named by the command
	}
	g, err := games.Load(c.Game, 1)
	if err != nil {
		return fmt.Errorf("%s%w", where, err)
	}
	for p, name := range c.Players {
		b, err := bots.New(name, g, bot.Env{Seed: 1})
		if err != nil {
			return fmt.Errorf("%s%s: %w", where, game.SeatName(game.Player(p)), err)
		}
		if h, ok := b.(bot.Interactive); ok && h.IsHuman() {
			return game.Inputf("%s%s: %q is a person, and these games are played by computers alone, "+
				"unattended: give two bot strings ('kombi games' lists them), or play a person with 'kombi play'",
				where, game.SeatName(game.Player(p)), name)
		}
	}
	return nil
}
