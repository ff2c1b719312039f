package bot_test

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/games/nim"
)

// A nil *Registry is an empty one that stays empty; New with a nil game
// names it, instead of a nil pointer's panic.
func TestNilRegistryAndGame(t *testing.T) {
	var r *bot.Registry
	if _, ok := r.Lookup("random", "nim"); ok || len(r.For("nim")) != 0 {
		t.Error("a nil registry looked up a bot")
	}
	g, _ := nim.New([]int{3}, false)
	_, err := r.New("random", g, bot.Env{})
	_, cerr := r.Canonical("random", g)
	for _, err := range []error{err, cerr, bot.RegisterGeneric(r, nil)} {
		if err == nil || !strings.Contains(err.Error(), "no bot registry (a nil *bot.Registry") {
			t.Errorf("nil registry: %v; want an error naming the nil *bot.Registry", err)
		}
	}
	bots := &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := bots.New("random", nil, bot.Env{}); err == nil || !strings.Contains(err.Error(), `bot "random": no game to play (a nil game.Game)`) {
		t.Errorf("New with a nil game: %v", err)
	}
}

// Register says which part a factory lacks (it said "needs a name and a
// constructor" of a factory with a name).
func TestRegisterSaysWhatIsMissing(t *testing.T) {
	var r bot.Registry
	for _, tt := range []struct {
		f    *bot.Factory
		want string
	}{
		{nil, "register bot: no factory given"},
		{&bot.Factory{}, "register bot: a factory needs a name"},
		{&bot.Factory{Name: "x"}, "register bot x: a factory needs a constructor (Factory.New)"},
	} {
		if err := r.Register(tt.f); err == nil || err.Error() != tt.want {
			t.Errorf("%+v: %v; want %q", tt.f, err, tt.want)
		}
	}
}
