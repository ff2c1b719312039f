package all_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
)

func kit(t testing.TB) *all.Kit {
	t.Helper()
	k, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// conformance lists, for every registered game, the game strings the
// conformance suite (gametest) plays, with its options: small parameters,
// and the corners of each game (empty heaps, one-cell palettes, huge
// alphabets, analysis positions).
var conformance = map[string][]struct {
	specs []string
	opt   gametest.Options
}{
	"nim":         {{[]string{"nim", "nim(piles=3;4;5,misere=true)", "nim(piles=1;0;7;2)", "nim(piles=0)"}, gametest.Options{Playouts: 20}}},
	"nimk":        {{[]string{"nimk", "nimk(piles=1;2;3;4;5,k=3)", "nimk(piles=7,k=1)", "nimk(piles=0;3;0;2,k=4)"}, gametest.Options{Playouts: 12}}},
	"greedynim":   {{[]string{"greedynim", "greedynim(piles=4;4;4;1)", "greedynim(piles=0;9)"}, gametest.Options{Playouts: 12}}},
	"buildingnim": {{[]string{"buildingnim", "buildingnim(heaps=1,tokens=1)", "buildingnim(heaps=4,tokens=3)", "buildingnim(heaps=2,tokens=9)", "buildingnim(heaps=3,tokens=7,placement=free)", "buildingnim(heaps=1,tokens=2,placement=free)"}, gametest.Options{Playouts: 12}}},
	"grundy":      {{[]string{"grundy", "grundy(heap=3)", "grundy(heap=40)", "grundy(heap=90)"}, gametest.Options{Playouts: 12}}},
	"wythoff":     {{[]string{"wythoff", "wythoff(a=2,piles=9;4)", "wythoff(a=3,piles=12;12,view=queen)", "wythoff(piles=0;6)", "wythoff(a=1000,piles=15;20)", "wythoff(a=2,piles=33;5,view=queen)"}, gametest.Options{Playouts: 15}}},
	"nim2d": {
		{[]string{"nim2d(n=1)", "nim2d(n=7,first=coin)"}, gametest.Options{Playouts: 5, MovesChecked: 12}},
		{[]string{"nim2d(n=2)", "nim2d(n=3)", "nim2d(n=4,p1=G)", "nim2d"}, gametest.Options{Playouts: 20, MovesChecked: 12}},
		{[]string{"nim2d(n=6,first=p2)"}, gametest.Options{Playouts: 8, MovesChecked: 12}},
		{[]string{"nim2d(n=10)"}, gametest.Options{Playouts: 3, MovesChecked: 12}},
	},
	"vdwlist": {
		{[]string{"vdwlist", "vdwlist(k=3,colors=2,list=1,s=9)", "vdwlist(k=3,colors=3,list=3,s=10)", "vdwlist(k=1,colors=1,list=1,s=1)", "vdwlist(k=5,colors=2,list=2,s=4)"}, gametest.Options{Playouts: 15}},
		// The long games (30 to 64 numbers): fewer playouts and moves checked in depth.
		{[]string{"vdwlist(k=4,colors=4,list=2,s=30,seed=7)", "vdwlist(k=2,colors=8,list=3,s=64)", "vdwlist(k=3,colors=2,list=2,s=64)"}, gametest.Options{Playouts: 6, MovesChecked: 12}},
	},
	"ap": {
		{[]string{"ap", "ap(x=10,k=3)", "ap(x=40,k=4)", "ap(x=5,k=5)", "ap(x=12,k=10)", "ap(k=3,set=1;2;3;4;5;6;7;8;9)"}, gametest.Options{Playouts: 15, Seed: 3}},
		{[]string{"ap(x=120,k=3)"}, gametest.Options{Playouts: 6, Seed: 3, MovesChecked: 12}},
	},
	"thue": {{[]string{"thue", "thue(alphabet=4)", "thue(alphabet=5,rule=overlap)", "thue(alphabet=2,rule=overlap)", "thue(alphabet=6,target=12)", "thue(alphabet=12,start=11)"}, gametest.Options{Playouts: 15}}},
}

// TestConformance runs the conformance suite on every registered game; a
// game the table above does not name fails, so that no game is left out.
func TestConformance(t *testing.T) {
	reg := kit(t).Games
	for _, name := range reg.Names() {
		if len(conformance[name]) == 0 {
			t.Errorf("%s: no game strings for the conformance suite; add some to the table", name)
		}
		for _, c := range conformance[name] {
			for _, spec := range c.specs {
				t.Run(spec, func(t *testing.T) { gametest.Conformance(t, reg, spec, c.opt) })
			}
		}
	}
	for name := range conformance {
		if _, ok := reg.Lookup(name); !ok {
			t.Errorf("the table names %s, which is not registered", name)
		}
	}
}

// small is a small game of every registered game, for the bots.
var small = map[string]string{
	"nim": "nim(piles=2;3)", "nimk": "nimk(piles=2;3;1,k=2)", "greedynim": "greedynim(piles=2;3;3)",
	"buildingnim": "buildingnim(heaps=2,tokens=4)", "grundy": "grundy(heap=9)", "wythoff": "wythoff(piles=3;5)",
	"nim2d": "nim2d(n=3,first=p1)", "vdwlist": "vdwlist(k=3,colors=2,list=1,s=6)", "ap": "ap(x=10,k=3)", "thue": "thue(alphabet=3)",
}

// TestEveryBotPlaysOnce plays one game of every registered game for every
// bot that plays it (a person aside), the bot in both seats, each move
// within a time bound, and checks that the game ends with legal moves.
func TestEveryBotPlaysOnce(t *testing.T) {
	k := kit(t)
	for _, name := range k.Games.Names() {
		spec, ok := small[name]
		if !ok {
			t.Errorf("%s: no small game for the bots; add one to the table", name)
			continue
		}
		g, err := k.Games.Load(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range k.Bots.For(name) {
			t.Run(spec+"/"+f.Name, func(t *testing.T) {
				var seats [2]bot.Bot
				for p := range seats {
					b, err := k.Bots.New(f.Name, g, bot.Env{Seed: uint64(p + 1)})
					if err != nil {
						t.Fatal(err)
					}
					if _, human := b.(bot.Interactive); human {
						t.Skip("a person's seat")
					}
					seats[p] = b
				}
				playOnce(t, g, seats)
			})
		}
	}
}

// playOnce plays g between the seats, chance drawn from a seeded source,
// at most 500 moves of at most 20 s each.
func playOnce(t *testing.T, g game.Game, seats [2]bot.Bot) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	s := g.NewInitialState()
	for n := 0; !s.IsTerminal(); n++ {
		if n == 500 {
			t.Fatalf("%s: not over after %d moves", g, n)
		}
		var m game.Move
		if p := s.Player(); p == game.Chance {
			outs := s.(game.Chancer).ChanceOutcomes()
			x := rng.Float64()
			m = outs[len(outs)-1].Move
			for _, o := range outs {
				if x -= o.Probability(); x < 0 {
					m = o.Move
					break
				}
			}
		} else {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			var err error
			m, err = seats[p].Act(ctx, s.Clone())
			cancel()
			if err != nil {
				t.Fatalf("%s move %d: %v", g, n+1, err)
			}
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("%s move %d: %s refused: %v", g, n+1, s.MoveString(m), err)
		}
	}
}

// TestCapabilities compares with testdata/capabilities.txt which optional
// interfaces every game implements (its start position's, its game's, its
// own solver's): run with -update after a deliberate change.
func TestCapabilities(t *testing.T) {
	k := kit(t)
	var b strings.Builder
	fmt.Fprintf(&b, "# Optional interfaces of each registered game: of its states (game, bot), of the game, and of its own\n# solver (solve.Solvers, assembled by games/all). Regenerate with: go test ./games/all -run TestCapabilities -update\n")
	for _, name := range k.Games.Names() {
		g, err := k.Games.Load(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n%s\n  state:  %s\n  game:   %s\n  solver: %s\n", name,
			strings.Join(stateCapabilities(g.NewInitialState()), " "), strings.Join(gameCapabilities(g), " "),
			strings.Join(solverCapabilities(k.Solvers(), g), " "))
	}
	gametest.Golden(t, "testdata/capabilities.txt", b.String())
}

func stateCapabilities(s game.State) []string {
	var out []string
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"Undoer", is[game.Undoer](s)}, {"Chancer", is[game.Chancer](s)}, {"ChanceDrawer", is[game.ChanceDrawer](s)},
		{"Hasher", is[game.Hasher](s)}, {"Canonicalizer", is[game.Canonicalizer](s)}, {"Decomposer", is[game.Decomposer](s)},
		{"Scorer", is[game.Scorer](s)}, {"Annotator", is[game.Annotator](s)}, {"Explainer", is[game.Explainer](s)}, {"MoveNoter", is[game.MoveNoter](s)},
		{"Viewer", is[game.Viewer](s)}, {"Positioner", is[game.Positioner](s)}, {"MoveIndexer", is[game.MoveIndexer](s)},
		{"Colorizer", is[game.Colorizer](s)}, {"WidthDrawer", is[game.WidthDrawer](s)}, {"bot.Hinter", is[bot.Hinter](s)}, {"bot.MoveHelper", is[bot.MoveHelper](s)},
		{"bot.Evaluator", is[bot.Evaluator](s)}, {"bot.MoveOrderer", is[bot.MoveOrderer](s)}, {"bot.Forcer", is[bot.Forcer](s)},
	} {
		if c.ok {
			out = append(out, c.name)
		}
	}
	return out
}

func gameCapabilities(g game.Game) []string {
	var out []string
	if is[game.PositionParser](g) {
		out = append(out, "PositionParser")
	}
	if is[game.Setter](g) {
		out = append(out, "Setter")
	}
	if is[game.HowToMover](g) {
		out = append(out, "HowToMover")
	}
	if is[game.Ruler](g) {
		out = append(out, "Ruler")
	}
	if is[game.DrawNoter](g) {
		out = append(out, "DrawNoter")
	}
	if t := g.Type(); t.Impartial {
		out = append(out, "impartial")
	} else if t.Chance {
		out = append(out, "chance")
	}
	return out
}

func solverCapabilities(solvers *solve.Solvers, g game.Game) []string {
	sv, ok := solvers.Lookup(g.Type().Name)
	if !ok {
		return []string{"(none: solve.Generic)"}
	}
	out := []string{"Solver"}
	for _, c := range []struct {
		name string
		ok   bool
	}{{"Analyzer", is[solve.Analyzer](sv)}, {"Hinter", is[solve.Hinter](sv)}, {"distribute.Distributor", is[distribute.Distributor](sv)}} {
		if c.ok {
			out = append(out, c.name)
		}
	}
	return slices.Clip(out)
}

// is reports whether v implements I.
func is[I any](v any) bool {
	_, ok := v.(I)
	return ok
}

// Solve and Analyze refuse options out of range, saying which, for every
// solver (a negative bound was taken as none, or as a cut-short search).
func TestSolveChecksOptions(t *testing.T) {
	k := kit(t)
	for _, spec := range []string{"nim(piles=3;4;5)", "thue(alphabet=3,rule=overlap)", "vdwlist(k=3,colors=3,list=2,s=6)"} {
		g, err := k.Games.Load(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			opt  solve.Options
			want string
		}{
			{solve.Options{MaxLength: -4}, "MaxLength (--max-length) -4: want"},
			{solve.Options{MemBytes: -1}, "MemBytes (--mem) -1: want"},
			{solve.Options{Nodes: -5}, "Nodes (--nodes) -5: want"},
			{solve.Options{Workers: -2}, "Workers (--workers) -2: want"},
		} {
			if r, err := k.Solvers().Solve(context.Background(), g, g.NewInitialState(), c.opt); err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, new(*game.InputError)) {
				t.Errorf("%s: Solve with %+v = %v, %v; want an *InputError saying %q", spec, c.opt, r, err, c.want)
			}
			if _, err := k.Solvers().Analyze(context.Background(), g, g.NewInitialState(), c.opt); err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, new(*game.InputError)) {
				t.Errorf("%s: Analyze with %+v: %v; want an *InputError saying %q", spec, c.opt, err, c.want)
			}
		}
	}
}
