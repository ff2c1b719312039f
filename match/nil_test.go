package match_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/match"
)

// Nil registries, games and records are errors that name them, not a nil
// pointer's panic.
func TestNilArguments(t *testing.T) {
	games, bots := registries(t)
	g, _ := games.Load("nim", 1)
	seats := [2]match.Seat{{"random", bot.NewRandom(1)}, {"random", bot.NewRandom(2)}}
	calls := []struct {
		name string
		call func() error
		want string
	}{
		{"NewSeats(nil bots)", func() error {
			_, err := match.NewSeats(nil, g, [2]string{"random", "random"}, 1, bot.Env{})
			return err
		}, "match: NewSeats: no bot registry (a nil *bot.Registry"},
		{"NewSeats(nil game)", func() error {
			_, err := match.NewSeats(bots, nil, [2]string{"random", "random"}, 1, bot.Env{})
			return err
		}, "match: NewSeats: no game (a nil game.Game)"},
		{"Play(nil game)", func() error { _, err := match.Play(context.Background(), nil, seats, match.Options{}); return err }, "match: no game (a nil game.Game)"},
		{"Play(nil context)", func() error {
			var none context.Context
			_, err := match.Play(none, g, seats, match.Options{})
			return err
		}, "match: no context (a nil context.Context"},
		{"Start(nil game)", func() error { _, err := match.Start(nil, seats, match.Options{}); return err }, "match: no game (a nil game.Game)"},
		{"CheckRecord(nil record)", func() error { _, err := match.CheckRecord(games, nil); return err }, "nil *game.Record"},
		{"CheckRecord(nil registry)", func() error {
			rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: 1})
			if err != nil {
				return err
			}
			_, err = match.CheckRecord(nil, rec)
			return err
		}, "nil *game.Registry"},
	}
	for _, c := range calls {
		if err := c.call(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error saying %q", c.name, err, c.want)
		}
	}
}
