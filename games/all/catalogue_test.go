package all_test

import (
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/games/all"
)

// TestCatalogueVariantsAndOpponentsWork checks what the browser's gallery
// and new-game dialog offer: every variant's game string loads, every
// opponent's bot string builds for every variant of its game, the default
// opponent is one of them, and every game has a title, a family, rules
// and how to move for both roles.
func TestCatalogueVariantsAndOpponentsWork(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	families := map[string]bool{}
	for _, gi := range all.Catalogue(games, bots) {
		families[gi.Family] = true
		if gi.Title == "" || gi.Title == gi.Name || gi.Rules == "" || gi.HowToMove[0] == "" || gi.HowToMove[1] == "" || gi.Board == "" {
			t.Errorf("%s: title %q, rules %q, how to move %q, board %q: want all in words", gi.Name, gi.Title, gi.Rules, gi.HowToMove, gi.Board)
		}
		if len(gi.Opponents) < 2 {
			t.Errorf("%s: %d opponents; want a choice", gi.Name, len(gi.Opponents))
		}
		def := false
		for _, v := range append(variantGames(gi), gi.Name) {
			g, err := games.Load(v, 7)
			if err != nil {
				t.Errorf("%s: variant %q does not load: %v", gi.Name, v, err)
				continue
			}
			for _, o := range gi.Opponents {
				if _, err := bots.New(o.Bot, g, bot.Env{Seed: 1}); err != nil {
					t.Errorf("%s: opponent %s (%q) refused for %s: %v", gi.Name, o.Title, o.Bot, g, err)
				}
				def = def || o.Bot == gi.DefaultOpponent
			}
		}
		if !def {
			t.Errorf("%s: default opponent %q is not among its opponents", gi.Name, gi.DefaultOpponent)
		}
	}
	for _, f := range []string{"nim", "nim2d", "ap", "vdwlist", "thue"} {
		if !families[f] {
			t.Errorf("family %s has no game", f)
		}
	}
}

// variantGames lists the game strings of a game's variants.
func variantGames(gi all.GameInfo) []string {
	var out []string
	for _, v := range gi.Variants {
		out = append(out, v.Game)
	}
	return out
}
