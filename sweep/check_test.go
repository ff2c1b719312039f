package sweep_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/sweep"
)

// A sweep file that lists one game or one pair twice is refused before
// anything is stored: its cells would share their games, and the run
// would count twice the games it stores once.
func TestDuplicateGamesAndPairsRefused(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	one := [][]string{{"perfect", "random"}}
	for _, tt := range []struct {
		name  string
		games []string
		pairs [][]string
		alt   bool
		want  string // "" when the spec is fine
	}{
		{"same string", []string{"nim(piles=1;2)", "nim(piles=3;4)", "nim(piles=1;2)"}, one, false, `"games" lists one game twice: entry 1 "nim(piles=1;2)" and entry 3`},
		{"a default spelt out", []string{"nim(piles=3;4;5)", "nim( piles = 3;4;5 , misere=false)"}, one, false, `entry 1 "nim(piles=3;4;5)" and entry 2 "nim( piles = 3;4;5 , misere=false)" are both the game nim(piles=3;4;5,misere=false)`},
		{"misère is another game", []string{"nim(piles=3;4;5)", "nim(piles=3;4;5,misere=true)"}, one, false, ""},
		{"a start drawn per seed", []string{"thue(alphabet=3)", "thue(alphabet=3,start=1)"}, [][]string{{"greedy", "greedy"}}, false, ""},
		{"same pair", []string{"nim(piles=1;2)"}, [][]string{{"perfect", "random"}, {"random", "random"}, {"perfect", "random"}}, false, `"pairs" lists one pair twice: entry 1 ["perfect", "random"] and entry 3 ["perfect", "random"]`},
		{"a bot's default spelt out", []string{"nim(piles=1;2)"}, [][]string{{"alphabeta", "random"}, {"alphabeta(depth=08)", "random"}}, false, `entry 1 ["alphabeta", "random"] and entry 2 ["alphabeta(depth=08)", "random"] are the same bots`},
		{"both ways, alternating", []string{"nim(piles=1;2)"}, [][]string{{"perfect", "random"}, {"random", "perfect"}}, true, "alternate = true plays each pair both ways"},
		{"both ways", []string{"nim(piles=1;2)"}, [][]string{{"perfect", "random"}, {"random", "perfect"}}, false, ""},
		{"a bad bot", []string{"nim(piles=1;2)"}, [][]string{{"perfect", "nosuchbot"}}, false, `unknown bot "nosuchbot"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			spec := &sweep.Spec{Name: "dup", Games: tt.games, Pairs: tt.pairs, Seeds: "1..2", Alternate: tt.alt}
			err := spec.Validate(games, bots)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, new(*game.InputError)) {
				t.Fatalf("Validate: %v; want a usage error with %q", err, tt.want)
			}
			st := openStore(t, storetest.SQLitePath(t))
			res, err := sweep.RunStored(context.Background(), st, games, bots, spec, sweep.StoredOptions{Workers: 1})
			if err == nil || !strings.Contains(err.Error(), tt.want) || res.Done != 0 {
				t.Fatalf("RunStored: %+v, %v; want the same error", res, err)
			}
			if _, err := st.Sweep(context.Background(), "dup"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("the refused sweep was stored: %v", err)
			}
		})
	}
}
