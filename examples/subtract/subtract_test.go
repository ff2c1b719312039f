package subtract_test

import (
	"testing"

	"github.com/kombi/kombi/examples/subtract"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
)

// TestConformance runs the suite every Kombi game passes (package
// game/gametest) on a few of the game's variants: the default, an empty
// heap (over before it begins), one token a move, a wider choice.
func TestConformance(t *testing.T) {
	var games game.Registry
	if err := subtract.Register(&games); err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"subtract", "subtract(heap=0)", "subtract(heap=5,take=1)", "subtract(heap=200,take=40)"} {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, &games, spec, gametest.Options{})
		})
	}
}
