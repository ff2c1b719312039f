package sweep_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/store/storetest"
	"github.com/kombi/kombi/sweep"
)

// Nil registries, a nil store and a nil spec are errors that name them,
// not a nil pointer's panic, and not usage errors (the program's bug).
func TestNilArguments(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	spec, err := sweep.ParseSpec("t.toml", []byte("name = 't'\ngames = ['nim(piles=1;2)']\npairs = [['random', 'random']]\nseeds = '1..2'\n"))
	if err != nil {
		t.Fatal(err)
	}
	cells := []sweep.Cell{{ID: "c", Game: "nim(piles=1;2)", Players: [2]string{"random", "random"}, Seeds: []uint64{1}}}
	calls := []struct {
		name string
		call func() error
		want string
	}{
		{"Arena(nil games)", func() error {
			_, err := sweep.Arena(ctx, nil, bots, "nim", [2]string{"random", "random"}, sweep.ArenaOptions{Games: 1})
			return err
		}, "arena: no game registry (a nil *game.Registry"},
		{"Arena(nil bots)", func() error {
			_, err := sweep.Arena(ctx, games, nil, "nim", [2]string{"random", "random"}, sweep.ArenaOptions{Games: 1})
			return err
		}, "arena: no bot registry (a nil *bot.Registry"},
		{"Run(nil games)", func() error { _, err := sweep.Run(ctx, nil, bots, cells, sweep.Options{}); return err }, "sweep: no game registry"},
		{"Validate(nil bots)", func() error { return spec.Validate(games, nil) }, "no bot registry"},
		{"RunStored(nil store)", func() error {
			_, err := sweep.RunStored(ctx, nil, games, bots, spec, sweep.StoredOptions{})
			return err
		}, "sweep t: no database (a nil *store.Store"},
		{"RunStored(nil spec)", func() error {
			_, err := sweep.RunStored(ctx, openStore(t, storetest.SQLitePath(t)), games, bots, nil, sweep.StoredOptions{})
			return err
		}, "sweep: no spec (a nil *sweep.Spec"},
		{"LoadResults(nil store)", func() error { _, _, err := sweep.LoadResults(ctx, nil, "t"); return err }, "nil *store.Store"},
	}
	for _, c := range calls {
		if err := c.call(); err == nil || !strings.Contains(err.Error(), c.want) || errors.As(err, new(*game.InputError)) {
			t.Errorf("%s: %v; want a plain error saying %q", c.name, err, c.want)
		}
	}
}
