package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
)

func TestRegistryLoadErrors(t *testing.T) {
	var reg game.Registry
	if err := reg.Register(nim.NewType()); err != nil {
		t.Fatal(err)
	}
	if err := reg.Register(nim.NewType()); err == nil {
		t.Fatal("registering nim twice succeeded")
	}
	tests := []struct{ in, wantErr string }{
		{"chess", `unknown game "chess"; known games: nim`},
		{"nim(heaps=3)", `unknown key "heaps"; allowed keys: piles, misere`},
		{"nim(piles=3,piles=4)", `key "piles" given twice`},
		{"nim(piles=a;b)", `bad value "a;b" for piles`},
		{"nim(misere=yes)", `bad value "yes" for misere: want true or false`},
		{"nim(piles=3;4;5)x", `"x" after the closing parenthesis`},
		{"nim(piles=2000000)", `bad value "2000000" for piles`},
	}
	for _, tt := range tests {
		_, err := reg.Load(tt.in, 1)
		var ie *game.InputError
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &ie) {
			t.Errorf("Load(%q) error = %v (%T), want an *InputError saying %q", tt.in, err, err, tt.wantErr)
		}
	}
	g, err := reg.Load("nim", 1)
	if err != nil || g.String() != "nim(piles=3;4;5,misere=false)" {
		t.Fatalf("Load(nim) = %v, %v", g, err)
	}
}

// TestRegisterSaysWhatIsMissing: a type refused at registration is told
// which part it lacks.
func TestRegisterSaysWhatIsMissing(t *testing.T) {
	var r game.Registry
	for _, tt := range []struct {
		t    *game.Type
		want string
	}{
		{nil, "no type given"},
		{&game.Type{}, "a type needs a name"},
		{&game.Type{Name: "x"}, "register game x: a type needs a constructor (Type.New)"},
	} {
		if err := r.Register(tt.t); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v; want %q", tt.t, err, tt.want)
		}
	}
}
