package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
)

// A nil *Registry is an empty one that stays empty: it lists nothing, and
// Load, Canonical and Register say that there is no registry instead of
// a nil pointer's panic. An empty registry says that no game is registered.
func TestNilRegistry(t *testing.T) {
	var r *game.Registry
	if len(r.Types()) != 0 || len(r.Names()) != 0 {
		t.Errorf("a nil registry lists %v", r.Names())
	}
	if _, ok := r.Lookup("nim"); ok {
		t.Error("a nil registry looked up nim")
	}
	_, err := r.Load("nim", 1)
	_, _, cerr := r.Canonical("nim")
	for _, err := range []error{err, cerr, r.Register(nim.NewType())} {
		if err == nil || !strings.Contains(err.Error(), "no game registry (a nil *game.Registry") || errors.As(err, new(*game.InputError)) {
			t.Errorf("nil registry: %v; want a plain error naming the nil *game.Registry", err)
		}
	}
	var empty game.Registry
	if _, err := empty.Load("nim", 1); err == nil || !strings.Contains(err.Error(), `unknown game "nim": no game is registered`) {
		t.Errorf("empty registry: %v", err)
	}
}

// Replaying with a nil registry, a nil record or a nil game is an error
// that names the nil argument.
func TestReplayNilArguments(t *testing.T) {
	reg := nimRegistry(t)
	rec := finished()
	g, err := reg.Load(rec.Game, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var nilRec *game.Record
	calls := []struct {
		name string
		call func() error
		want string
	}{
		{"Replay(nil registry)", func() error { _, err := game.Replay(nil, &rec); return err }, "nil *game.Registry"},
		{"Replay(nil record)", func() error { _, err := game.Replay(reg, nil); return err }, "nil *game.Record"},
		{"StateAt(nil record)", func() error { _, err := game.StateAt(reg, nil, 0); return err }, "nil *game.Record"},
		{"PlayTo(nil game)", func() error { _, err := game.PlayTo(nil, &rec, 0); return err }, "nil game.Game"},
		{"PlayTo(nil record)", func() error { _, err := game.PlayTo(g, nil, 0); return err }, "nil *game.Record"},
		{"StartOf(nil game)", func() error { _, err := game.StartOf(nil, ""); return err }, "nil game.Game"},
		{"(*Record)(nil).Check", nilRec.Check, "nil *game.Record"},
	}
	for _, c := range calls {
		if err := c.call(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error naming the %s", c.name, err, c.want)
		}
	}
}
