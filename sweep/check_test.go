package sweep_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
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
	games, bots := registries(t)
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
		{"a person", []string{"nim(piles=1;2)"}, [][]string{{"perfect", "human"}}, false, `P2: "human" is a person, and these games are played by computers alone`},
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

// A sweep file changed under a stored sweep's name is refused, naming the
// keys changed, and the stored sweep is left as it was; a file that only
// adds seeds continues the sweep.
func TestChangedSweepRefused(t *testing.T) {
	games, bots := registries(t)
	storetest.EachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		st := openStore(t, url)
		spec := func() *sweep.Spec {
			return &sweep.Spec{Name: "grow", Games: []string{"nim(piles=1;2;3)"}, Pairs: [][]string{{"perfect", "random"}, {"random", "random"}}, Seeds: "1..5"}
		}
		count := func() (total, stored int64) {
			t.Helper()
			sw, err := st.Sweep(ctx, "grow")
			if err != nil {
				t.Fatal(err)
			}
			n, err := st.CountGames(ctx, store.Filter{Sweep: "grow"})
			if err != nil {
				t.Fatal(err)
			}
			return sw.GamesTotal, n
		}
		if _, err := sweep.RunStored(ctx, st, games, bots, spec(), sweep.StoredOptions{Workers: 2}); err != nil {
			t.Fatal(err)
		}
		// More seeds, nothing else changed: the sweep goes on.
		more := spec()
		more.Seeds = "1..8"
		res, err := sweep.RunStored(ctx, st, games, bots, more, sweep.StoredOptions{Workers: 2})
		if err != nil || res.Total != 16 || res.Done != 16 || res.PlayedNow != 6 {
			t.Fatalf("seeds 1..5 grown to 1..8: %+v, %v; want 16 games, 6 played now", res, err)
		}
		if total, stored := count(); total != 16 || stored != 16 {
			t.Fatalf("after growing the seeds: %d stored of %d", stored, total)
		}
		// The default max_moves written out is no change.
		same := spec()
		same.Seeds, same.MaxMoves = "1..8", sweep.DefaultMaxMoves
		if res, err := sweep.RunStored(ctx, st, games, bots, same, sweep.StoredOptions{}); err != nil || res.PlayedNow != 0 {
			t.Fatalf("max_moves = %d written out: %+v, %v", sweep.DefaultMaxMoves, res, err)
		}
		// Labels only name games in the results: new ones run, and the results take them.
		named := spec()
		named.Seeds, named.Labels = "1..8", map[string]string{"nim(piles=1;2;3)": "small Nim"}
		if res, err := sweep.RunStored(ctx, st, games, bots, named, sweep.StoredOptions{}); err != nil || res.PlayedNow != 0 {
			t.Fatalf("labels added: %+v, %v", res, err)
		}
		if res, _, err := sweep.LoadResults(ctx, st, "grow"); err != nil || res.Labels["nim(piles=1;2;3)"] != "small Nim" {
			t.Fatalf("the results after labels were added: %+v, %v", res, err)
		}
		for _, tt := range []struct {
			name   string
			change func(s *sweep.Spec)
			want   []string
		}{
			{"max_moves", func(s *sweep.Spec) { s.MaxMoves = 3 }, []string{"max_moves 10000 → 3"}},
			{"pairs and max_think", func(s *sweep.Spec) { s.Pairs[1] = []string{"random", "perfect"}; s.MaxThink = "2s" },
				[]string{`pairs [["perfect","random"],["random","random"]] → [["perfect","random"],["random","perfect"]]`, `max_think none → "2s"`}},
			{"seeds dropped", func(s *sweep.Spec) { s.Seeds = "3..20" }, []string{`seeds "1..8" → "3..20" (drops 1, 2)`}},
			{"a game respelt", func(s *sweep.Spec) { s.Games = []string{"nim(piles=1;2;3,misere=false)"} }, []string{"games"}},
			{"alternate", func(s *sweep.Spec) { s.Alternate = true }, []string{"alternate false → true"}},
		} {
			changed := spec()
			changed.Seeds = "1..8"
			tt.change(changed)
			res, err := sweep.RunStored(ctx, st, games, bots, changed, sweep.StoredOptions{})
			if err == nil || !errors.Is(err, sweep.ErrChanged) || !errors.As(err, new(*game.InputError)) || res.PlayedNow != 0 {
				t.Fatalf("%s changed: %+v, %v; want a usage error wrapping ErrChanged", tt.name, res, err)
			}
			for _, w := range append(tt.want, `sweep "grow"`, "another name") {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%s changed: %v; want %q in it", tt.name, err, w)
				}
			}
			if total, stored := count(); total != 16 || stored != 16 {
				t.Fatalf("%s changed: %d stored of %d; the stored sweep changed", tt.name, stored, total)
			}
			sw, _ := st.Sweep(ctx, "grow")
			if old, err := sweep.ParseStoredSpec("grow", sw.Spec); err != nil || len(old.Changes(more)) != 0 {
				t.Fatalf("%s changed: the stored spec was replaced: %s (%v)", tt.name, sw.Spec, err)
			}
		}
	})
}

// registries are the games and bots Kombi registers.
func registries(t *testing.T) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	return games, bots
}
