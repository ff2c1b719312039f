package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/solve"
)

func TestRegistryErrors(t *testing.T) {
	bots := &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	if err := bot.RegisterGeneric(bots, nil); err == nil {
		t.Fatal("registering the generic bots twice succeeded")
	}
	// A factory that refuses the game is the bot string's fault too; one
	// that returns neither a bot nor an error is a bug, not a usage error.
	refuse := func(game.Game, game.Params, bot.Env) (bot.Bot, error) {
		return nil, errors.New("plays only the Thue game")
	}
	nothing := func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return nil, nil }
	random := func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return bot.NewRandom(1), nil }
	mem := []game.ParamSpec{{Name: "mem", Kind: game.Int, Default: "64", MemUnit: 1 << 20}}
	for _, f := range []*bot.Factory{{Name: "picky", New: refuse}, {Name: "broken", New: nothing}, {Name: "big", Params: mem, New: random}} {
		if err := bots.Register(f); err != nil {
			t.Fatal(err)
		}
	}
	g, _ := nim.New([]int{3}, false)
	tests := []struct{ in, wantErr string }{
		{"grandmaster", `unknown bot "grandmaster" for nim; bots for nim: alphabeta, big, broken, human, perfect, picky, random`},
		{"alphabeta(depth=0)", "bad value \"0\" for depth"},
		{"alphabeta(deep=3)", `unknown key "deep"; allowed keys: depth, time`},
		{"random(", "missing closing parenthesis"},
		{"picky", "bot picky: plays only the Thue game"},
		{"big", "bot big: mem=64 is more memory than a computer player may use here (1 MiB)"},
	}
	for _, tt := range tests {
		if _, err := bots.New(tt.in, g, bot.Env{MaxMem: 1 << 20}); err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, new(*game.InputError)) {
			t.Errorf("New(%q) error = %v, want a usage error (*game.InputError) saying %q", tt.in, err, tt.wantErr)
		}
	}
	if _, err := bots.New("broken", g, bot.Env{}); err == nil || !strings.Contains(err.Error(), "returned no bot and no error") || errors.As(err, new(*game.InputError)) {
		t.Errorf("a factory that builds nothing: %v; want a plain error (a bug)", err)
	}
}

func TestRandomIsReproducible(t *testing.T) {
	g, _ := nim.New([]int{10, 10, 10}, false)
	s := g.NewInitialState()
	a, b, c := bot.NewRandom(1), bot.NewRandom(1), bot.NewRandom(2)
	same, differ := true, false
	for range 20 {
		ma, _ := a.Act(context.Background(), s)
		mb, _ := b.Act(context.Background(), s)
		mc, _ := c.Act(context.Background(), s)
		same = same && ma == mb
		differ = differ || ma != mc
	}
	if !same || !differ {
		t.Fatalf("same seed must repeat (%t), another seed must differ (%t)", same, differ)
	}
}

// TestAlphaBetaFindsWins checks that a deep enough search plays a winning
// move in every won Nim position with few tokens.
func TestAlphaBetaFindsWins(t *testing.T) {
	ctx := context.Background()
	// One solver per rule: keys identify positions within one game only.
	solvers := map[bool]*solve.Minimax{false: solve.NewMinimax(0), true: solve.NewMinimax(0)}
	for a := 0; a <= 3; a++ {
		for b := 0; b <= 3; b++ {
			for c := 0; c <= 3; c++ {
				for _, misere := range []bool{false, true} {
					sv := solvers[misere]
					g, _ := nim.New([]int{a, b, c}, misere)
					s := g.NewInitialState()
					if s.IsTerminal() {
						continue
					}
					res, _ := sv.Solve(ctx, s)
					if res.Outcome != solve.Win {
						continue
					}
					m, err := bot.NewAlphaBeta(10, 0).Act(ctx, s)
					if err != nil {
						t.Fatal(err)
					}
					after := s.Clone()
					_ = after.Apply(m)
					if after.IsTerminal() {
						if game.Winner(after) != 0 {
							t.Fatalf("heaps %d,%d,%d misère %t: alphabeta took the last token and lost", a, b, c, misere)
						}
						continue
					}
					if r, _ := sv.Solve(ctx, after); r.Outcome != solve.Loss {
						t.Fatalf("heaps %d,%d,%d misère %t: alphabeta played %s, not a winning move", a, b, c, misere, s.MoveString(m))
					}
				}
			}
		}
	}
}

// TestAlphaBetaAnswersAtDeadline checks that a search cut short by its
// context's deadline still answers with a legal move instead of an error.
func TestAlphaBetaAnswersAtDeadline(t *testing.T) {
	g, _ := nim.New([]int{30, 31, 29, 28}, false)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	ab := bot.NewAlphaBeta(100, 0)
	m, err := ab.Act(ctx, g.NewInitialState())
	if err != nil {
		t.Fatalf("a deadline must end the search with its best move, got %v", err)
	}
	if err := g.NewInitialState().Apply(m); err != nil {
		t.Fatal(err)
	}
	if ab.Nodes() == 0 {
		t.Fatal("the search did not run")
	}
}

func TestHumanPromptsAgain(t *testing.T) {
	g, _ := nim.New([]int{2, 2}, false)
	var out strings.Builder
	h := bot.NewHuman(bot.NewLineReader(strings.NewReader("\n3:1\nhint\n2:2\n")), &out, g.Type())
	m, err := h.Act(context.Background(), g.NewInitialState())
	if err != nil {
		t.Fatal(err)
	}
	if m != nim.Move(1, 2) {
		t.Fatalf("got move %d", m)
	}
	for _, want := range []string{"P1 (first), your move", "there is no heap 3", "no hints"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	_, err = h.Act(context.Background(), g.NewInitialState())
	if err != bot.ErrInputEnded {
		t.Fatalf("end of input: got %v", err)
	}
}
