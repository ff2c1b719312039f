package nim_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/nim"
)

func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	if err := nim.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots
}

func TestVariantsPlaythroughs(t *testing.T) {
	reg, _ := registries(t)
	gametest.Playthrough(t, reg, "nimk(piles=3;4;5;6,k=2)", 1, "testdata/nimk-3456-k2-seed1.txt")
	gametest.Playthrough(t, reg, "greedynim(piles=3;5;5)", 2, "testdata/greedynim-355-seed2.txt")
	gametest.Playthrough(t, reg, "buildingnim(heaps=3,tokens=6)", 3, "testdata/buildingnim-3-6-seed3.txt")
	gametest.Playthrough(t, reg, "grundy(heap=12)", 4, "testdata/grundy-12-seed4.txt")
}

func TestRulesOfVariants(t *testing.T) {
	// Index-k Nim: at most k heaps.
	gk, _ := nim.NewK([]int{3, 4, 5}, 2)
	s := gk.NewInitialState()
	for _, tt := range []struct{ in, err string }{
		{"1:1+2:2", ""}, {"3:5", ""}, {"1:1+2:1+3:1", "at most k = 2 heaps"}, {"1:4", "heap 1 has only 3 tokens"},
		{"1:1+1:2", "appears twice"}, {"4:1", "there is no heap 4"}, {"1:0", "at least one token"}, {"", "want HEAP:COUNT"},
		{"zz", `"zz": want HEAP:COUNT pairs joined by '+'`}, {"1:1+zz", `"1:1+zz": "zz" is not HEAP:COUNT`},
		// A joiner with no pair on one side is no move (it was read as 1:1).
		{"1:1+", "no HEAP:COUNT pair on one side"}, {"1:1,", "no HEAP:COUNT pair on one side"}, {"+1:1", "no HEAP:COUNT pair on one side"},
		{"1:1+ +2:1", "no HEAP:COUNT pair on one side"}, {"+", "no HEAP:COUNT pair on one side"},
	} {
		m, err := s.ParseMove(tt.in)
		if tt.err == "" {
			if err != nil || s.MoveString(m) != tt.in {
				t.Errorf("nimk %q: %v, written %q", tt.in, err, s.MoveString(m))
			}
		} else if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("nimk %q: error %v, want %q", tt.in, err, tt.err)
		}
	}
	// Greedy Nim: only a largest heap.
	gg, _ := nim.NewGreedy([]int{3, 5, 5})
	s = gg.NewInitialState()
	m, _ := s.ParseMove("1:1")
	if err := s.Apply(m); err == nil || !strings.Contains(err.Error(), "only from a largest heap") {
		t.Errorf("greedy: taking from a smaller heap: %v", err)
	}
	// Building Nim: empty heaps first, then Nim with the turn continuing.
	gb, _ := nim.NewBuilding(2, 3, nim.EmptyFirst)
	s = gb.NewInitialState()
	for i, step := range []struct{ in, err string }{{"+1", ""}, {"+1", "tokens go on empty heaps first"}, {"+2", ""}, {"1:1", "building phase is on"}, {"+1", ""}, {"+2", "every token is placed"}, {"1:2", ""}, {"2:1", ""}} {
		m, err := s.ParseMove(step.in)
		if err == nil {
			err = s.Apply(m)
		}
		if step.err == "" && err != nil || step.err != "" && (err == nil || !strings.Contains(err.Error(), step.err)) {
			t.Fatalf("building step %d %q: %v, want %q", i, step.in, err, step.err)
		}
	}
	// P1 placed two tokens, P2 one; P2 started Nim and took the last token.
	if !s.IsTerminal() || game.Winner(s) != 0 {
		t.Fatalf("building: P1 took the last token (moves: +1 +2 +1 by P1,P2,P1; 1:2 by P2, 2:1 by P1): winner %d\n%s", game.Winner(s), s)
	}
	// Grundy's game: unequal parts.
	gr, _ := nim.NewGrundy(8)
	s = gr.NewInitialState()
	for _, tt := range []struct{ in, err string }{{"1=5+3", ""}, {"1=3+5", ""}, {"1:3", ""}, {"1:5", ""}, {"1=4+4", "unequal"}, {"1=6+3", "add up to 8"}, {"2=1+1", "no heap 2"}, {"x", "or HEAP:B (split B tokens off heap HEAP)"}, {"1:9", "HEAP:B splits B tokens off heap HEAP"}} {
		m, err := s.ParseMove(tt.in)
		if tt.err == "" {
			if err != nil || s.MoveString(m) != "1=5+3" {
				t.Errorf("grundy %q: %v %q", tt.in, err, s.MoveString(m))
			}
		} else if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("grundy %q: error %v, want %q", tt.in, err, tt.err)
		}
	}
}

func FuzzVariantMoves(f *testing.F) {
	for _, s := range []string{"1:1+2:2", "+1", "1=5+3", "2:", "1=+", "+", "3:3+3:3", "1:99999999999999"} {
		f.Add(s)
	}
	gk, _ := nim.NewK([]int{3, 4, 5}, 2)
	gg, _ := nim.NewGreedy([]int{3, 5, 5})
	gb, _ := nim.NewBuilding(3, 4, nim.EmptyFirst)
	gr, _ := nim.NewGrundy(9)
	games := []game.Game{gk, gg, gb, gr}
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range games {
			s := g.NewInitialState()
			m, err := s.ParseMove(text)
			if err != nil {
				continue
			}
			before := s.String()
			if err := s.Apply(m); err != nil && s.String() != before {
				t.Fatalf("%s: refused move %q changed the state", g, text)
			}
		}
	})
}

func FuzzVariantPositions(f *testing.F) {
	for _, s := range []string{"1;2;3", "nim:1;2;2", "0", "9;9;9;9", "-1", ";", "5,5,5"} {
		f.Add(s)
	}
	gk, _ := nim.NewK([]int{3}, 2)
	gb, _ := nim.NewBuilding(3, 6, nim.EmptyFirst)
	gr, _ := nim.NewGrundy(9)
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range []game.PositionParser{gk, gb, gr} {
			st, err := g.ParsePosition(text)
			if err != nil {
				continue
			}
			_ = st.LegalMoves(nil)
			_ = st.String()
		}
	})
}

// moveIndexer is what the random bot uses on positions too big to list.
type moveIndexer interface {
	MoveCount() int64
	MoveAt(i int64) game.Move
}

// TestMoveAtMatchesLegalMoves checks MoveCount and MoveAt against
// LegalMoves in every position of random games of every game.
func TestMoveAtMatchesLegalMoves(t *testing.T) {
	reg, _ := registries(t)
	for _, spec := range []string{"nim(piles=3;0;5;2)", "nim(piles=2;3,misere=true)", "nimk(piles=1;2;3;4,k=2)", "greedynim(piles=4;4;2;4)",
		"buildingnim(heaps=3,tokens=5)", "buildingnim(heaps=3,tokens=5,placement=free)", "grundy(heap=30)"} {
		g, err := reg.Load(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 5 {
			s := g.NewInitialState()
			for {
				mi, ok := s.(moveIndexer)
				if !ok {
					t.Fatalf("%s: %T has no MoveCount and MoveAt", spec, s)
				}
				moves := s.LegalMoves(nil)
				if mi.MoveCount() != int64(len(moves)) {
					t.Fatalf("%s at\n%s\nMoveCount %d, %d legal moves", spec, s, mi.MoveCount(), len(moves))
				}
				for i, m := range moves {
					if mi.MoveAt(int64(i)) != m {
						t.Fatalf("%s at\n%s\nMoveAt(%d) = %s, LegalMoves has %s", spec, s, i, s.MoveString(mi.MoveAt(int64(i))), s.MoveString(m))
					}
				}
				if s.IsTerminal() {
					break
				}
				_ = s.Apply(moves[rng.IntN(len(moves))])
			}
		}
	}
}

// TestBigRandomGamesAreFast plays random games as `kombi play` does (the
// move by MoveCount and MoveAt, a clone for the bot, the drawing after
// every move) from positions with huge move lists: Grundy's game from
// 100000 tokens and Greedy Nim with 2000 heaps of 10⁶ tokens.
func TestBigRandomGamesAreFast(t *testing.T) {
	if testing.Short() {
		t.Skip("plays long games")
	}
	reg, _ := registries(t)
	heaps := strings.Repeat("1000000;", 1999) + "999999"
	for _, spec := range []string{"grundy(heap=100000)", "greedynim(piles=" + heaps + ")"} {
		g, err := reg.Load(spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		rng := rand.New(rand.NewPCG(1, 2))
		s := g.NewInitialState()
		n, drawn := 0, 0
		for ; !s.IsTerminal() && n < 200_000; n++ {
			mi := s.Clone().(moveIndexer)
			if err := s.Apply(mi.MoveAt(rng.Int64N(mi.MoveCount()))); err != nil {
				t.Fatal(err)
			}
			drawn = max(drawn, len(s.String()))
		}
		if d := time.Since(start); d > 20*time.Second || drawn > 10000 {
			t.Fatalf("%s: %d random moves took %s, drawings up to %d bytes", spec[:20], n, d, drawn)
		}
		t.Logf("%s: %d random moves in %s", spec[:min(len(spec), 20)], n, time.Since(start))
	}
}

// TestGrundyManyHeaps follows a position of thousands of heaps (kept in
// several chunks) through random splits and undos, against a plain slice.
func TestGrundyManyHeaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	model := make([]int, 3000)
	for i := range model {
		model[i] = 1 + rng.IntN(300)
	}
	g, _ := nim.NewGrundy(10)
	st, err := g.ParsePosition(game.JoinInts(model) + " P2")
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*nim.GrundyState)
	type undo struct {
		m    game.Move
		i, j int
	}
	var done []undo
	for step := range 4000 {
		if step%3 == 2 && len(done) > 0 {
			u := done[len(done)-1]
			done = done[:len(done)-1]
			s.Undo(u.m)
			model[u.i] += u.j
			model = append(model[:u.i+1], model[u.i+2:]...)
		} else {
			c := s.Clone()
			m := s.MoveAt(rng.Int64N(s.MoveCount()))
			if err := s.Apply(m); err != nil {
				t.Fatal(err)
			}
			text := c.MoveString(m)
			var i, a, j int
			if _, err := fmt.Sscanf(text, "%d=%d+%d", &i, &a, &j); err != nil || model[i-1] != a+j {
				t.Fatalf("step %d: move %s on heap of %d", step, text, model[i-1])
			}
			if step%100 == 0 && !slices.Equal(c.(*nim.GrundyState).Heaps(), model) {
				t.Fatalf("step %d: the clone changed with the original", step)
			}
			model[i-1] = a
			model = append(model[:i], append([]int{j}, model[i:]...)...)
			done = append(done, undo{m, i - 1, j})
		}
		if step%500 == 0 || step == 3999 {
			if got := s.Heaps(); !slices.Equal(got, model) {
				t.Fatalf("step %d: %d heaps, model %d", step, len(got), len(model))
			}
			var want int64
			for _, h := range model {
				want += int64((h - 1) / 2)
			}
			if s.MoveCount() != want || len(s.LegalMoves(nil)) != int(want) {
				t.Fatalf("step %d: MoveCount %d, want %d", step, s.MoveCount(), want)
			}
		}
	}
	if p := s.Position(); !strings.HasPrefix(p, game.JoinInts(model[:5])) {
		t.Fatalf("position %.40s", p)
	}
}

// TestViewsAndParts checks the data a user interface reads: Building
// Nim's phase and counter, Grundy's split part, Index-k Nim's pairs.
func TestViewsAndParts(t *testing.T) {
	gb, _ := nim.NewBuilding(3, 4, nim.EmptyFirst)
	s := gb.NewInitialState()
	v := s.(game.Viewer).View()
	if v.Kind != game.KindHeaps || v.Status.Phase != "building" || v.Status.Counter == nil || *v.Status.Counter != 4 {
		t.Fatalf("building view %+v", v)
	}
	nimPhase, _ := gb.ParsePosition("nim:1;1;2 P2")
	v = nimPhase.(game.Viewer).View()
	if v.Status.Phase != "nim" || *v.Status.Counter != 0 || v.Status.ToMove != 1 || fmt.Sprint(v.Heaps) != "[1 1 2]" {
		t.Fatalf("nim phase view %+v", v)
	}
	if m, err := game.MoveFromParts(s, []game.Part{{Kind: game.PartHeap, Value: 2}}); err != nil || s.MoveString(m) != "+3" {
		t.Fatalf("placement part: %v %v", s.MoveString(m), err)
	}
	gr, _ := nim.NewGrundy(9)
	s = gr.NewInitialState()
	for _, split := range []int64{2, 7} { // either part names the split
		m, err := game.MoveFromParts(s, []game.Part{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartSplit, Value: split}})
		if err != nil || s.MoveString(m) != "1=7+2" {
			t.Fatalf("split %d: %s %v", split, s.MoveString(m), err)
		}
	}
	if _, err := game.MoveFromParts(s, []game.Part{{Kind: game.PartHeap, Value: 0}, {Kind: game.PartAmount, Value: 2}}); err == nil {
		t.Fatal("Grundy's game took an amount part")
	}
	gk, _ := nim.NewK([]int{3, 4, 5}, 2)
	s = gk.NewInitialState()
	m, _ := s.ParseMove("1:2+3:1")
	parts := s.(game.Viewer).MoveParts(m)
	if game.PartsText(parts) != `[{"kind":"heap","value":0},{"kind":"amount","value":2},{"kind":"heap","value":2},{"kind":"amount","value":1}]` {
		t.Fatalf("nimk parts %v", parts)
	}
	three := append(parts, game.Part{Kind: game.PartHeap, Value: 1}, game.Part{Kind: game.PartAmount, Value: 1})
	if _, err := game.MoveFromParts(s, three); err == nil || !strings.Contains(err.Error(), "k = 2") {
		t.Fatalf("three heaps with k = 2: %v", err)
	}
}

// TestBuildingTooLargeSaysWhatFits: Building Nim too large to search says
// how many tokens its heaps may have, and that many are accepted, one more
// refused, under both placements.
func TestBuildingTooLargeSaysWhatFits(t *testing.T) {
	for _, pl := range []nim.Placement{nim.EmptyFirst, nim.Free} {
		_, err := nim.NewBuilding(64, 10000, pl)
		if err == nil {
			t.Fatalf("%s: 64 heaps and 10000 tokens accepted", pl)
		}
		var most int
		if _, e := fmt.Sscanf(err.Error()[strings.LastIndex(err.Error(), "at most"):], "at most %d tokens", &most); e != nil {
			t.Fatalf("%s: the error %q says no largest count (%v)", pl, err, e)
		}
		if _, err := nim.NewBuilding(64, most, pl); err != nil {
			t.Errorf("%s: %d tokens, the most the error names, refused: %v", pl, most, err)
		}
		if _, err := nim.NewBuilding(64, most+1, pl); err == nil {
			t.Errorf("%s: %d tokens, one more than the error names, accepted", pl, most+1)
		}
	}
}

// Index-k Nim with more legal moves than allowed says so in a short error,
// with a count it knows (the count saturates: it said 4611686018427387903).
func TestIndexKNimTooManyMoves(t *testing.T) {
	piles := make([]int, 1000)
	for i := range piles {
		piles[i] = nim.MaxHeap
	}
	_, err := nim.NewK(piles, 3)
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), "have more than 4·10^18 legal moves") {
		t.Errorf("1,000 heaps of %d with k = 3: %d bytes: %.300v", nim.MaxHeap, len(fmt.Sprint(err)), err)
	}
}

// Building Nim's rules name its heaps, its tokens, its placement rule, the
// turns and who wins (they said only "place tokens, then play Nim").
func TestBuildingNimRules(t *testing.T) {
	for pl, want := range map[nim.Placement]string{
		nim.EmptyFirst: "Taking turns, the players place 10 tokens one at a time on 3 heaps (on an empty heap while there is one, then on any); then, turns still alternating, they play Nim on the heaps they built: take any number of tokens from one heap, and whoever takes the last token wins.",
		nim.Free:       "Taking turns, the players place 10 tokens one at a time on 3 heaps (on any heap); then, turns still alternating, they play Nim on the heaps they built: take any number of tokens from one heap, and whoever takes the last token wins.",
	} {
		g, err := nim.NewBuilding(3, 10, pl)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Rules(); got != want {
			t.Errorf("%s: %q", pl, got)
		}
	}
}

// Building Nim's tokens say that more heaps allow fewer (every game is kept
// small enough to search exactly), with examples that are the bounds: the
// catalogue gave heaps 1 to 64 and tokens 1 to 10000 without a word of it.
func TestBuildingTokensSayTheirBound(t *testing.T) {
	var doc string
	for _, p := range nim.NewBuildingType().Params {
		if p.Name == "tokens" {
			doc = p.Doc
		}
	}
	for _, c := range []struct{ heaps, tokens int }{{3, 415}, {8, 77}, {64, 116}} {
		if !strings.Contains(doc, fmt.Sprintf("%d tokens on %d heaps", c.tokens, c.heaps)) && !strings.Contains(doc, fmt.Sprintf("%d on %d", c.tokens, c.heaps)) {
			t.Errorf("the tokens' doc does not give %d tokens on %d heaps: %q", c.tokens, c.heaps, doc)
		}
		if nim.CheckBuilding(c.heaps, c.tokens, nim.EmptyFirst) != nil || nim.CheckBuilding(c.heaps, c.tokens+1, nim.EmptyFirst) == nil {
			t.Errorf("%d tokens on %d heaps is not the bound", c.tokens, c.heaps)
		}
	}
}
