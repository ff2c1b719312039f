package game_test

import (
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
	}
	for _, tt := range tests {
		_, err := reg.Load(tt.in, 1)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("Load(%q) error = %v, want %q", tt.in, err, tt.wantErr)
		}
	}
	g, err := reg.Load("nim", 1)
	if err != nil || g.String() != "nim(piles=3;4;5,misere=false)" {
		t.Fatalf("Load(nim) = %v, %v", g, err)
	}
}
