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

// A sweep file changed under a stored sweep's name is refused, naming the
// keys changed, and the stored sweep is left as it was; a file that only
// adds seeds continues the sweep.
func TestChangedSweepRefused(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
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
