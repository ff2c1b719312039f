package all_test

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
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

// TestHowToMoveSaysTheGamesOwnNumbers checks the words on how to move of
// games whose rules depend on their parameters: each game's own k, a or
// placement rule, not the type's letter; the others say their type's words.
func TestHowToMoveSaysTheGamesOwnNumbers(t *testing.T) {
	games, _, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ game, want string }{
		{"nimk(piles=3;4;5;6,k=2)", "Take tokens from one heap, or from up to 2 heaps at once."},
		{"nimk(piles=3;4;5;6,k=3)", "Take tokens from one heap, or from up to 3 heaps at once."},
		{"nimk(piles=3;4;5;6,k=1)", "Take one or more tokens from one heap."}, // plain Nim
		{"nimk(piles=3;4;5;6,k=4)", "Take tokens from one heap, or from any number of heaps at once."},
		{"nimk(piles=3;4,k=9)", "Take tokens from one heap, or from any number of heaps at once."},
		{"wythoff(piles=5;8)", "Take tokens from one heap, or the same number from both heaps at once."},
		{"wythoff(piles=5;8,a=2)", "Take tokens from one heap, or from both heaps at once, amounts differing by less than 2."},
		{"buildingnim(heaps=3,tokens=10)", "Building: put one token on a heap (an empty one while there is one). Then: take tokens from one heap."},
		{"buildingnim(heaps=3,tokens=10,placement=free)", "Building: put one token on any heap. Then: take tokens from one heap."},
		{"grundy(heap=15)", "Split a heap into two unequal, non-empty heaps."},
		{"nim(piles=3;4;5)", "Take one or more tokens from one heap."},
		{"nim(piles=3;4;5,misere=true)", "Misère play: whoever takes the last token loses. Take one or more tokens from one heap."},
	} {
		g, err := games.Load(c.game, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		how := game.HowToMoveOf(g)
		if how[0] != c.want || how[1] != c.want {
			t.Errorf("%s: how to move %q; want %q for both roles", c.game, how, c.want)
		}
	}
	// The type's words keep the letter: they speak of every game of the type.
	nimk, err := games.Load("nimk(piles=3;4,k=2)", 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := nimk.Type().HowToMove[0]; !strings.Contains(got, "up to k heaps") {
		t.Errorf("Index-k Nim's type says %q; want its words with k", got)
	}
}

// TestRulesSayTheGamesOwn checks the rules in one sentence of games whose
// rules depend on their parameters (the Thue game's repetition and target,
// Nim's misère play, k, a, N, the set: every family but Grundy's, Greedy and
// Building Nim); the others say their type's.
func TestRulesSayTheGamesOwn(t *testing.T) {
	games, _, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ game, want string }{
		{"thue(alphabet=3)", "The builder chooses where the next symbol goes, the painter which of the 3 symbols; the game ends when a square appears (a block followed at once by itself, like 0101): the builder wants it soon, the painter late."},
		{"thue(alphabet=2,rule=overlap,target=9)", "The builder chooses where the next symbol goes, the painter which of the 2 symbols; the game ends when an overlap appears (like 01010 or 000): the painter wins by reaching length 9 first, the builder by ending it before."},
		{"nim(piles=3;4;5)", "Take any number of tokens from one heap; whoever takes the last token wins."},
		{"vdwlist(k=3,colors=3,list=2,s=12)", "The namer names a number of 1..12, a random list of 2 of the 3 colours is drawn, and the colourer colours the number from that list; the namer wins when 3 numbers in arithmetic progression get one colour, the colourer when all 12 are coloured without one."},
		{"nim(piles=3;4;5,misere=true)", "Take any number of tokens from one heap; whoever takes the last token loses (misère play)."},
		{"nimk(piles=3;4;5;6,k=2)", "Moore's Nim: take tokens from at least one and at most 2 heaps at once; whoever takes the last token wins."},
		{"wythoff(piles=5;8,a=2)", "Take any number of tokens from one heap, or from both heaps amounts differing by less than 2; whoever takes the last token wins."},
		{"wythoff(piles=7;9,view=queen)", "Move the queen west, south or south-west any distance; whoever moves it into the corner wins."},
		{"nim2d(n=5)", "Colour 1 to 3 empty cells of the 5×5 palette: a diagonal cell alone, or neighbouring off-diagonal cells of one row or column; whoever colours the last cell wins."},
		{"ap(k=4,set=1;2;3;4;5;6;7)", "Take numbers of the set of 7 in turn; the first to own all 4 numbers of an arithmetic progression (like 3, 7, 11, 15) wins."},
		{"buildingnim(heaps=3,tokens=10,placement=free)", "Taking turns, the players place 10 tokens one at a time on 3 heaps (on any heap); then, turns still alternating, they play Nim on the heaps they built: take any number of tokens from one heap, and whoever takes the last token wins."},
	} {
		g, err := games.Load(c.game, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		if got := game.RulesOf(g); got != c.want {
			t.Errorf("%s: rules %q; want %q", c.game, got, c.want)
		}
	}
	for _, name := range []string{"grundy(heap=15)", "greedynim(piles=3;4;5)"} {
		g, err := games.Load(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.RulesOf(g); got == "" || got != g.Type().Rules {
			t.Errorf("%s: rules %q; want its type's %q", name, got, g.Type().Rules)
		}
	}
}
