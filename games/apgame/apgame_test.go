package apgame_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/game/gametest"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/sweep"
)

func registries(t testing.TB) (*game.Registry, *bot.Registry) {
	t.Helper()
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	if err := apgame.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	return games, bots
}

func mustSet(t testing.TB, set []int, k int) *apgame.Game {
	t.Helper()
	g, err := apgame.NewWithSet(set, k)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play colours the numbers in turn and fails on a refused move.
func play(t testing.TB, s game.State, numbers ...int) {
	t.Helper()
	for _, v := range numbers {
		if err := s.Apply(game.Move(v)); err != nil {
			t.Fatalf("colour %d: %v", v, err)
		}
	}
}

// bruteProgressions lists the k-term progressions of set by trying every
// start and every difference, independently of the package's enumeration.
func bruteProgressions(set []int, k int) [][]int {
	in := map[int]bool{}
	for _, v := range set {
		in[v] = true
	}
	var out [][]int
	maxV := slices.Max(set)
	for _, a := range set {
		for d := 1; a+(k-1)*d <= maxV; d++ {
			ok := true
			for t := 1; t < k; t++ {
				if !in[a+t*d] {
					ok = false
					break
				}
			}
			if ok {
				p := make([]int, k)
				for t := range p {
					p[t] = a + t*d
				}
				out = append(out, p)
			}
		}
	}
	return out
}

func key(p []int) string {
	b, _ := json.Marshal(p)
	return string(b)
}

func TestProgressionsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		x := 3 + rng.IntN(60)
		k := 3 + rng.IntN(min(8, x-2))
		span := x + rng.IntN(4*x+1)
		perm := rng.Perm(span)
		set := make([]int, x)
		for i := range set {
			set[i] = perm[i] + 1
		}
		want := bruteProgressions(set, k)
		g, err := apgame.NewWithSet(set, k)
		if len(want) == 0 {
			if err == nil || !strings.Contains(err.Error(), "holds no") {
				t.Fatalf("trial %d: set without a %d-term progression: err %v", trial, k, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		got := g.Progressions()
		if len(got) != len(want) {
			t.Fatalf("trial %d (x=%d k=%d): %d progressions, brute force %d", trial, x, k, len(got), len(want))
		}
		seen := map[string]bool{}
		for _, p := range want {
			seen[key(p)] = true
		}
		for _, p := range got {
			if !seen[key(p)] {
				t.Fatalf("trial %d: %v is not a progression of the set", trial, p)
			}
			delete(seen, key(p))
		}
		for _, v := range set {
			n := 0
			for _, p := range want {
				if slices.Contains(p, v) {
					n++
				}
			}
			if g.ProgressionsThrough(v) != n {
				t.Fatalf("trial %d: %d lies in %d progressions, package says %d", trial, v, n, g.ProgressionsThrough(v))
			}
		}
	}
}

func TestSourceExampleRun(t *testing.T) {
	// The project's example: 2,4,6,8,10,12 with k = 3 gives {2,4,6}, {4,6,8}, ...
	// and also the ones of difference 4: {2,6,10}, {4,8,12}.
	g := mustSet(t, []int{2, 4, 6, 8, 10, 12}, 3)
	want := [][]int{{2, 4, 6}, {2, 6, 10}, {4, 6, 8}, {4, 8, 12}, {6, 8, 10}, {8, 10, 12}}
	if got := g.Progressions(); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("progressions %v, want %v", got, want)
	}
}

func TestDrawSet(t *testing.T) {
	for _, c := range []struct{ x, k int }{{3, 3}, {5, 5}, {10, 10}, {12, 10}, {20, 3}, {40, 4}, {100, 4}, {1000, 3}, {1000, 10}} {
		for seed := range uint64(5) {
			set, err := apgame.DrawSet(c.x, c.k, seed)
			if err != nil {
				t.Fatalf("x=%d k=%d: %v", c.x, c.k, err)
			}
			if len(set) != c.x || set[0] < 1 || set[len(set)-1] > 5*c.x {
				t.Fatalf("x=%d: set %v has wrong size or range", c.x, set)
			}
			for i := 1; i < len(set); i++ {
				if set[i] <= set[i-1] {
					t.Fatalf("x=%d: set not strictly increasing at %d", c.x, i)
				}
			}
			if len(bruteProgressions(set, c.k)) == 0 {
				t.Fatalf("x=%d k=%d seed %d: no %d-term progression in %v", c.x, c.k, seed, c.k, set)
			}
			again, _ := apgame.DrawSet(c.x, c.k, seed)
			if !slices.Equal(set, again) {
				t.Fatalf("x=%d k=%d seed %d: two draws differ", c.x, c.k, seed)
			}
		}
		a, _ := apgame.DrawSet(c.x, c.k, 100)
		b, _ := apgame.DrawSet(c.x, c.k, 101)
		if c.x >= 10 && slices.Equal(a, b) {
			t.Fatalf("x=%d: seeds 100 and 101 draw the same set", c.x)
		}
	}
	for _, c := range []struct {
		x, k int
		want string
	}{{3, 4, "choose k ≤ x"}, {9, 10, "cannot hold a 10-term progression"}, {2, 3, "x=2"}, {1001, 3, "x=1001"}, {10, 11, "k=11"}, {10, 2, "k=2"}} {
		if _, err := apgame.DrawSet(c.x, c.k, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DrawSet(%d, %d): error %v, want %q", c.x, c.k, err, c.want)
		}
	}
}

func TestGameStrings(t *testing.T) {
	reg, _ := registries(t)
	g, err := reg.Load("ap(x=30,k=4,seed=7)", 99)
	if err != nil {
		t.Fatal(err)
	}
	if g.String() != "ap(x=30,k=4,seed=7)" {
		t.Fatalf("canonical string %q", g.String())
	}
	h, _ := reg.Load("ap(k=4, x=30, seed=7)", 5)
	if !slices.Equal(g.(*apgame.Game).Set(), h.(*apgame.Game).Set()) {
		t.Fatal("the same seed must draw the same set")
	}
	// Without seed= the set is drawn from the load seed, which the
	// canonical string records.
	a, _ := reg.Load("ap(x=30,k=4)", 12)
	b, _ := reg.Load("ap(x=30,k=4)", 13)
	if a.String() != "ap(x=30,k=4,seed=12)" || b.String() != "ap(x=30,k=4,seed=13)" {
		t.Fatalf("drawn seeds not recorded: %s, %s", a, b)
	}
	if slices.Equal(a.(*apgame.Game).Set(), b.(*apgame.Game).Set()) {
		t.Fatal("load seeds 12 and 13 drew the same set")
	}
	c, _ := reg.Load(a.String(), 77)
	if !slices.Equal(a.(*apgame.Game).Set(), c.(*apgame.Game).Set()) {
		t.Fatal("the canonical string does not reproduce the set")
	}
	d, err := reg.Load("ap(k=3,set=12;2;4;6;8;10)", 1)
	if err != nil || d.String() != "ap(k=3,set=2;4;6;8;10;12)" {
		t.Fatalf("explicit set: %v %v", d, err)
	}
	for _, c := range []struct{ spec, want string }{
		{"ap(x=3,k=4)", "choose k ≤ x"},
		{"ap(x=2)", "bad value \"2\" for x"},
		{"ap(x=1001)", "from 3 to 1000"},
		{"ap(k=11)", "from 3 to 10"},
		{"ap(seed=-1)", "bad value \"-1\" for seed"},
		{"ap(n=5)", "unknown key \"n\""},
		{"ap(k=3,set=1;2;4)", "holds no 3-term arithmetic progression"},
		{"ap(k=3,set=1;2;2;3)", "twice"},
		{"ap(k=3,set=1;2)", "set has 2 numbers"},
		{"ap(x=5,set=1;2;3)", "leave out x= and seed="},
		{"ap(k=3,set=0;1;2)", "bad value"},
	} {
		if _, err := reg.Load(c.spec, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.spec, err, c.want)
		}
	}
}

func TestPlaythroughs(t *testing.T) {
	reg, _ := registries(t)
	gametest.Playthrough(t, reg, "ap(x=12,k=3)", 1, "testdata/ap-x12-k3-seed1.txt")
	gametest.Playthrough(t, reg, "ap(x=16,k=4,seed=5)", 2, "testdata/ap-x16-k4-seed5.txt")
}

// TestBotPlaythroughs pins whole games between the package's bots, so that a
// change of the strategies' choices shows up.
func TestBotPlaythroughs(t *testing.T) {
	reg, bots := registries(t)
	for _, c := range []struct {
		spec   string
		p1, p2 string
		seed   uint64
		file   string
	}{
		{"ap(x=20,k=3)", "extendblock", "strong", 3, "testdata/game-extendblock-strong-x20-k3.txt"},
		{"ap(x=30,k=4)", "strong", "extendblock", 8, "testdata/game-strong-extendblock-x30-k4.txt"},
	} {
		g, err := reg.Load(c.spec, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		var seats [2]match.Seat
		for i, name := range []string{c.p1, c.p2} {
			b, err := bots.New(name, g, bot.Env{Seed: match.BotSeed(c.seed, i)})
			if err != nil {
				t.Fatal(err)
			}
			seats[i] = match.Seat{Name: name, Bot: b}
		}
		var out strings.Builder
		rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: c.seed, Transcript: &out})
		if err != nil || rec.Aborted {
			t.Fatalf("%s: %v %s", c.spec, err, rec.Reason)
		}
		// Timings differ from run to run: leave them out.
		text := regexp.MustCompile(` \| time [0-9.]+ s`).ReplaceAllString(out.String(), "")
		golden(t, text, c.file)
	}
}

// golden compares got with the file at path, or rewrites the file when the
// tests run with -update (the flag of package gametest).
func golden(t *testing.T, got, path string) {
	t.Helper()
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file: %v (run the test with -update to create it)", err)
	}
	if string(want) != got {
		t.Fatalf("%s differs from the game played now (run with -update after a deliberate change):\n%s", path, got)
	}
}

func TestWinDetection(t *testing.T) {
	g := mustSet(t, []int{1, 2, 3, 5, 7, 9, 11}, 3)
	s := g.NewInitialState().(*apgame.State)
	// P1: 1, 5 (threat 9 via 1,5,9 and 3 via 1,3,5); P2 blocks 3, P1 wins with 9.
	play(t, s, 1, 2, 5)
	if got := s.WinningNumbers(0); !slices.Equal(got, []int{3, 9}) {
		t.Fatalf("P1's winning numbers %v, want [3 9]", got)
	}
	play(t, s, 3)
	if s.IsTerminal() {
		t.Fatal("not over yet")
	}
	if got := s.WinningNumbers(1); len(got) != 0 {
		t.Fatalf("P2 (2, 3) has winning numbers %v; 1 is P1's", got)
	}
	play(t, s, 9)
	w, prog := s.Winner()
	if !s.IsTerminal() || w != 0 || !slices.Equal(prog, []int{1, 5, 9}) || game.Winner(s) != 0 {
		t.Fatalf("P1 must own 1 5 9: terminal %v winner %d %v", s.IsTerminal(), w, prog)
	}
	if r := s.Returns(); r[0] != 1 || r[1] != -1 {
		t.Fatalf("returns %v", r)
	}
	if !strings.Contains(s.EndReason(), "owns the progression 1 5 9 (difference 4)") {
		t.Fatalf("end reason %q", s.EndReason())
	}
	// Undo takes the win back.
	s.Undo(9)
	if s.IsTerminal() || s.Player() != 0 {
		t.Fatal("undo of the winning move must reopen the game")
	}
	// Numbers of both colours in the only progression: a draw, no win.
	h := mustSet(t, []int{1, 2, 3}, 3)
	u := h.NewInitialState()
	play(t, u, 1)
	if u.IsTerminal() {
		t.Fatal("over after one move")
	}
	play(t, u, 2)
	if !u.IsTerminal() || game.Winner(u) != -1 {
		t.Fatal("1 2 3 holds both colours: a draw")
	}
}

func TestDrawDetection(t *testing.T) {
	// Progressions 1 2 3, 2 3 4, 1 3 5?  Set 1..5 has 1 2 3, 2 3 4, 3 4 5, 1 3 5.
	g := mustSet(t, []int{1, 2, 3, 4, 5, 100}, 3)
	s := g.NewInitialState().(*apgame.State)
	// P1 takes 3 (in all four); P2 takes 2 (kills 1 2 3, 2 3 4 for P1); P1 4;
	// P2 5 kills 3 4 5, 1 3 5; now P1 can complete nothing and P2 (2, 5)
	// nothing either (every progression holds a 3 of P1): a draw although
	// 1 and 100 are uncoloured.
	play(t, s, 3, 2, 4)
	if s.IsTerminal() {
		t.Fatal("P1 can still complete 3 4 5 and 1 3 5")
	}
	play(t, s, 5)
	if !s.IsTerminal() || game.Winner(s) != -1 || s.Player() != game.Terminal {
		t.Fatalf("must be a draw as soon as neither side can complete a progression:\n%s", s)
	}
	if len(s.LegalMoves(nil)) != 0 || !strings.Contains(s.EndReason(), "Draw") {
		t.Fatal("a drawn game has no moves and says why")
	}
	if s.LiveCount(0) != 0 || s.LiveCount(1) != 0 {
		t.Fatalf("live counts %d %d", s.LiveCount(0), s.LiveCount(1))
	}
	s.Undo(5)
	if s.IsTerminal() || s.LiveCount(0) != 2 {
		t.Fatalf("undo: live %d", s.LiveCount(0))
	}
}

// TestIncrementalCounts plays random games with random take-backs and
// compares the state's incremental bookkeeping with a recount from scratch.
func TestIncrementalCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 40 {
		x := 8 + rng.IntN(40)
		k := 3 + rng.IntN(3)
		g, err := apgame.New(x, k, uint64(trial))
		if err != nil {
			t.Fatal(err)
		}
		progs := g.Progressions()
		s := g.NewInitialState().(*apgame.State)
		var hist []game.Move
		for step := 0; step < 200; step++ {
			if len(hist) > 0 && (s.IsTerminal() || rng.IntN(4) == 0) {
				s.Undo(hist[len(hist)-1])
				hist = hist[:len(hist)-1]
			} else if !s.IsTerminal() {
				moves := s.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				s.ApplyUnchecked(m)
				hist = append(hist, m)
			}
			checkCounts(t, s, progs, k)
		}
	}
}

func checkCounts(t *testing.T, s *apgame.State, progs [][]int, k int) {
	t.Helper()
	won := -1
	for p := range 2 {
		var live []string
		wins := map[int]bool{}
		for _, pr := range progs {
			own, opp := 0, 0
			missing := -1
			for _, v := range pr {
				switch s.Colour(v) {
				case p:
					own++
				case 1 - p:
					opp++
				default:
					missing = v
				}
			}
			if opp == 0 {
				live = append(live, key(pr))
				if own == k {
					won = p
				}
				if own == k-1 {
					wins[missing] = true
				}
			}
		}
		got := s.Completable(p)
		if len(got) != len(live) || s.LiveCount(p) != len(live) {
			t.Fatalf("P%d: %d completable listed, count %d, recount %d", p+1, len(got), s.LiveCount(p), len(live))
		}
		for _, c := range got {
			if !slices.Contains(live, key(c.Numbers)) {
				t.Fatalf("P%d: %v listed but not completable", p+1, c.Numbers)
			}
			n := 0
			for _, v := range c.Numbers {
				if s.Colour(v) == p {
					n++
				}
			}
			if n != c.Held {
				t.Fatalf("P%d: %v holds %d, listed %d", p+1, c.Numbers, n, c.Held)
			}
		}
		var want []int
		for v := range wins {
			if s.Colour(v) < 0 {
				want = append(want, v)
			}
		}
		slices.Sort(want)
		if got := s.WinningNumbers(p); !slices.Equal(got, want) && won < 0 {
			t.Fatalf("P%d: winning numbers %v, recount %v\n%s", p+1, got, want, s)
		}
	}
	if w, _ := s.Winner(); w != won {
		t.Fatalf("winner %d, recount %d", w, won)
	}
}

func TestMoveInput(t *testing.T) {
	g := mustSet(t, []int{3, 5, 7, 9, 20}, 3)
	s := g.NewInitialState()
	play(t, s, 5)
	for _, c := range []struct{ in, parseErr, applyErr string }{
		{in: "abc", parseErr: `"abc" is not a number`},
		{in: "", parseErr: "empty input"},
		{in: "7.5", parseErr: "is not a number"},
		{in: "2", parseErr: "2 is out of range: the set's numbers lie between 3 and 20"},
		{in: "21", parseErr: "out of range"},
		{in: "-4", parseErr: "out of range"},
		{in: "99999999999999999999999", parseErr: "out of range"},
		{in: "8", applyErr: "8 is not in the set"},
		{in: "5", applyErr: "5 is already coloured (by P1, red)"},
		{in: " 7 "},
		{in: "20"},
	} {
		m, err := s.ParseMove(c.in)
		if c.parseErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.parseErr) {
				t.Errorf("ParseMove(%q): %v, want %q", c.in, err, c.parseErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", c.in, err)
		}
		err = s.Clone().Apply(m)
		if c.applyErr == "" && err != nil || c.applyErr != "" && (err == nil || !strings.Contains(err.Error(), c.applyErr)) {
			t.Errorf("Apply(%q): %v, want %q", c.in, err, c.applyErr)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"7", " 20 ", "x", "", "-1", "1e3", "0x10", "+7", "٣", "99999999999999999999"} {
		f.Add(s)
	}
	g, _ := apgame.NewWithSet([]int{3, 5, 7, 9, 20}, 3)
	f.Fuzz(func(t *testing.T, text string) {
		s := g.NewInitialState()
		_ = s.Apply(5)
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		before := s.String()
		if err := s.Apply(m); err != nil {
			if s.String() != before {
				t.Fatalf("refused move %q changed the state", text)
			}
			return
		}
		if !slices.Contains([]int{3, 7, 9, 20}, int(m)) {
			t.Fatalf("%q accepted as %d, which is not an uncoloured number of the set", text, m)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"3 17 / 5", "/", "1/2", "1;2/3", "a/b", "5 5/", "1 2 3/4 5"} {
		f.Add(s)
	}
	g, _ := apgame.NewWithSet([]int{1, 2, 3, 4, 5, 6, 7, 9, 11}, 3)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		st := s.(*apgame.State)
		n0, n1 := len(st.Numbers(0)), len(st.Numbers(1))
		if n0 != n1 && n0 != n1+1 {
			t.Fatalf("%q: accepted %d and %d numbers", text, n0, n1)
		}
		if back, err := g.ParsePosition(st.Position()); err != nil || back.String() != s.String() {
			t.Fatalf("%q: position %q reads back as %v, %v", text, st.Position(), back, err)
		}
		if s.IsTerminal() && !reachable(g, st) {
			t.Fatalf("%q: accepted a finished position that play cannot reach:\n%s", text, s)
		}
	})
}

// reachable reports whether some number of the player who moved last,
// taken back, leaves an open position from which colouring it again gives s.
func reachable(g *apgame.Game, s *apgame.State) bool {
	lists := [2][]int{s.Numbers(0), s.Numbers(1)}
	mover := 1 // the player who moved last
	if len(lists[0]) > len(lists[1]) {
		mover = 0
	}
	for j, m := range lists[mover] {
		rest := slices.Delete(slices.Clone(lists[mover]), j, j+1)
		parts := lists
		parts[mover] = rest
		before, err := g.ParsePosition(strings.Trim(fmt.Sprint(parts[0]), "[]") + "/" + strings.Trim(fmt.Sprint(parts[1]), "[]"))
		if err != nil || before.IsTerminal() {
			continue
		}
		if err := before.Apply(game.Move(m)); err == nil && before.String() == s.String() {
			return true
		}
	}
	return false
}

func TestParsePosition(t *testing.T) {
	g := mustSet(t, []int{1, 2, 3, 5, 7, 9, 11}, 3)
	s, err := g.ParsePosition("1 5 / 2")
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*apgame.State)
	if st.Player() != 1 || !slices.Equal(st.Numbers(0), []int{1, 5}) || !slices.Equal(st.Numbers(1), []int{2}) {
		t.Fatalf("position:\n%s", s)
	}
	// The same position reached by moves has the same key.
	u := g.NewInitialState()
	play(t, u, 5, 2, 1)
	if u.(game.Hasher).Key() != st.Key() {
		t.Fatal("keys differ for the same position")
	}
	for _, c := range []struct{ in, want string }{
		{"1 5", "want P1's numbers / P2's numbers"},
		{"1 / 4", "4 is not in the set"},
		{"1 1 / 2", "listed twice"},
		{"1 5 9 / 2", "P1 has 3 numbers and P2 1"},
		{"1 5 9 / 2 3 7", "P1 owns the progression 1 5 9 but P2 moved last"},
		{"1 2 3 / 7 9 11", "both players own a progression (1 2 3 and 7 9 11)"},
		{"x / 2", `"x" is not a whole number`},
	} {
		if _, err := g.ParsePosition(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q): %v, want %q", c.in, err, c.want)
		}
	}
	// A finished game reads back: P1 won with 9 (or 1 or 5).
	s, err = g.ParsePosition("1 5 9 / 2 3")
	if err != nil {
		t.Fatal(err)
	}
	if w, prog := s.(*apgame.State).Winner(); w != 0 || !slices.Equal(prog, []int{1, 5, 9}) || s.Player() != game.Terminal {
		t.Fatalf("1 5 9 / 2 3: winner %d with %v, player %v", w, prog, s.Player())
	}
	// P1 owns 1 2 3 and 5 7 9: no single move completes both.
	h := mustSet(t, []int{1, 2, 3, 5, 7, 9, 11, 20, 50, 100, 170}, 3)
	if _, err := h.ParsePosition("1 2 3 5 7 9 / 11 20 50 100 170"); err == nil || !strings.Contains(err.Error(), "which no single move completes together") {
		t.Errorf("two progressions without a common number: %v", err)
	}
	// 1 2 3 is the only progression: 1 / 2 and 3 / 2 are drawn, so P1 cannot
	// have played both 1 and 3; 10 / 2 is open, so 1 10 / 2 is a draw.
	d := mustSet(t, []int{1, 2, 3, 10}, 3)
	if _, err := d.ParsePosition("1 3 / 2"); err == nil || !strings.Contains(err.Error(), "already drawn before P1's last number") {
		t.Errorf("a move after the draw: %v", err)
	}
	if s, err := d.ParsePosition("1 10 / 2"); err != nil || !s.IsTerminal() {
		t.Errorf("1 10 / 2: %v, %v", s, err)
	}
	if s, err := d.ParsePosition("1 / 2"); err != nil || !s.IsTerminal() || s.(*apgame.State).Position() != "1 / 2" {
		t.Errorf("1 / 2: %v, %v", s, err)
	}
}

func TestStateTextAndHint(t *testing.T) {
	g := mustSet(t, []int{1, 2, 3, 5, 7, 9, 11}, 3)
	s := g.NewInitialState().(*apgame.State)
	play(t, s, 1, 2, 5)
	text := s.String()
	for _, want := range []string{"to play (4): 3 7 9 11", "P1 red  (2): 1 5", "P2 blue (1): 2", "P2 (blue) to move"} {
		if !strings.Contains(text, want) {
			t.Errorf("state text lacks %q:\n%s", want, text)
		}
	}
	hint := s.Hint()
	for _, want := range []string{"P1 (red) can still complete", "holds 2 of 3: 1 3 5", "needs 3", "P1 wins at once with: 3 9", "P2 (blue, to move) can still complete"} {
		if !strings.Contains(hint, want) {
			t.Errorf("hint lacks %q:\n%s", want, hint)
		}
	}
	if e := s.Evaluate(0); e <= 0 || e >= 1 || s.Evaluate(1) != -e {
		t.Errorf("P1 (1 5, two threats) must be ahead: Evaluate %v, %v", e, s.Evaluate(1))
	}
	var h any = s
	if _, ok := h.(bot.Evaluator); !ok {
		t.Fatal("State must be a bot.Evaluator")
	}
	if _, ok := h.(bot.Hinter); !ok {
		t.Fatal("State must be a bot.Hinter")
	}
	if _, ok := h.(bot.MoveHelper); !ok {
		t.Fatal("State must be a bot.MoveHelper")
	}
}

func TestRecordHoldsTheSet(t *testing.T) {
	reg, bots := registries(t)
	g, _ := reg.Load("ap(x=15,k=3)", 4)
	var seats [2]match.Seat
	for i := range seats {
		b, _ := bots.New("random", g, bot.Env{Seed: uint64(i)})
		seats[i] = match.Seat{Name: "random", Bot: b}
	}
	rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(rec)
	var back struct {
		Set  []int `json:"set"`
		Game string
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Set, g.(*apgame.Game).Set()) {
		t.Fatalf("record set %v, game set %v\n%s", back.Set, g.(*apgame.Game).Set(), data)
	}
	if rec.Winner != nil && !strings.Contains(string(data), `"progression":[`) {
		t.Fatalf("a won game's record names the progression: %s", data)
	}
}

func TestExtendBlockRules(t *testing.T) {
	ctx := context.Background()
	// 4 lies in 2 4 6, 3 4 5, 4 5 6? Set 2..6 and 10: progressions 2 3 4,
	// 2 4 6, 3 4 5, 4 5 6, and 2 6 10: 4 lies in four, the most.
	g := mustSet(t, []int{2, 3, 4, 5, 6, 10}, 3)
	b := apgame.NewExtendBlock(1)
	s := g.NewInitialState()
	if m, _ := b.Act(ctx, s); m != 4 {
		t.Fatalf("first move must be 4 (in the most progressions), got %d", m)
	}
	// Second player's first move: the number in the most progressions it can
	// still complete. After P1 takes 4, only 2 6 10 is free of 4.
	play(t, s, 4)
	if m, _ := b.Act(ctx, s); m != 2 {
		t.Fatalf("second player's first move must be 2 (the smallest of 2 6 10, each in one), got %d", m)
	}
	// Block: P1 (opponent) holds 2 in progression 2 3 4 ... build with a
	// larger set: the bot (P2) holds 1 number in its best, P1 holds 2.
	h := mustSet(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 30, 50, 70}, 3)
	pos, err := h.ParsePosition("1 5 / 30")
	if err != nil {
		t.Fatal(err)
	}
	// P1's best completable progression with 2 numbers, first in order:
	// 1 3 5 (before 1 5 9); so the block is 3.
	seen := map[int]bool{}
	for seed := range uint64(20) {
		m, _ := apgame.NewExtendBlock(seed).Act(ctx, pos)
		seen[int(m)] = true
	}
	if len(seen) != 1 || !seen[3] {
		t.Fatalf("block must colour 3, the only free number of P1's best 1 3 5; got %v", seen)
	}
	// Extend: the bot's best holds as many as the opponent's: P2 holds 30 50
	// (70 free), P1 holds 1 5... P1 best 2 = P2 best 2: extend, i.e. win at 70.
	pos, _ = h.ParsePosition("1 5 8 / 30 50")
	// P1 has 3 numbers, P2 2: P2 to move.
	if m, _ := b.Act(ctx, pos); m != 70 {
		t.Fatalf("with equal bests the bot extends its own (30 50 70), got %d", m)
	}
	// Random choice within the best progression: P1 (to move) holds 8; its
	// completable progressions through 8 hold one number each, the first in
	// order is 2 5 8; P2's best (30 50 70) holds one too: extend with 2 or 5.
	pos, _ = h.ParsePosition("8 / 30")
	seen = map[int]bool{}
	for seed := range uint64(40) {
		m, _ := apgame.NewExtendBlock(seed).Act(ctx, pos)
		seen[int(m)] = true
	}
	if !seen[2] || !seen[5] || len(seen) != 2 {
		t.Fatalf("extend must choose at random between 2 and 5, got %v", seen)
	}
}

func TestStrongBeatsExtendBlock(t *testing.T) {
	// A short, deterministic series; the measurement is
	// `kombi arena 'ap(x=40,k=3)' --p1 strong --p2 extendblock --games 200`.
	// With k = 3 on a dense set the first player wins with accurate play:
	// strong wins every game it starts.
	reg, bots := registries(t)
	var firsts, wins int
	_, err := sweep.Arena(context.Background(), reg, bots, "ap(x=40,k=3)", [2]string{"strong", "extendblock"}, sweep.ArenaOptions{
		Games: 16, Seed: 1, Workers: 1,
		Record: func(i int, r *game.Record) {
			if i%2 == 0 {
				firsts++
				if r.Winner != nil && *r.Winner == 0 {
					wins++
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if firsts != 8 || wins != 8 {
		t.Fatalf("strong won %d of the %d games it started", wins, firsts)
	}
}

func TestView(t *testing.T) {
	g := mustSet(t, []int{1, 2, 3, 5, 7, 9, 11}, 3)
	s := g.NewInitialState().(*apgame.State)
	play(t, s, 1, 2, 5)
	v := s.View()
	if v.Kind != game.KindNumbers || !slices.Equal(v.Colors, []string{"red", "blue"}) || len(v.Numbers) != 7 {
		t.Fatalf("view: %+v", v)
	}
	owners := map[int64]int{}
	for _, n := range v.Numbers {
		owners[n.N] = n.Owner
		if n.Color != n.Owner {
			t.Errorf("number %d: owner %d, colour %d", n.N, n.Owner, n.Color)
		}
	}
	if owners[1] != 0 || owners[5] != 0 || owners[2] != 1 || owners[3] != -1 || v.Status.ToMove != 1 || v.Status.Role != "blue" || v.Status.Over {
		t.Fatalf("owners %v, status %+v", owners, v.Status)
	}
	if s.Position() != "1 5 / 2" {
		t.Errorf("position %q", s.Position())
	}
	play(t, s, 11, 9) // P1 completes 1 5 9
	v = s.View()
	if !v.Status.Over || v.Status.Winner == nil || *v.Status.Winner != 0 || !slices.Equal(v.Status.Highlight, []int64{1, 5, 9}) ||
		!strings.Contains(v.Status.Reason, "owns the progression 1 5 9") {
		t.Fatalf("end status %+v", v.Status)
	}
	// A drawn end highlights nothing and says why.
	d := mustSet(t, []int{1, 2, 3, 10}, 3)
	ds := d.NewInitialState().(*apgame.State)
	play(t, ds, 1, 2)
	if st := ds.View().Status; !st.Over || st.Winner != nil || st.Highlight != nil || !strings.Contains(st.Reason, "Draw") {
		t.Fatalf("draw status %+v", st)
	}
	if ds.Position() != "1 / 2" || d.NewInitialState().(*apgame.State).Position() != "/" {
		t.Errorf("positions %q, %q", ds.Position(), d.NewInitialState().(*apgame.State).Position())
	}
}

func TestMoveParts(t *testing.T) {
	g := mustSet(t, []int{3, 5, 7, 9, 20}, 3)
	s := g.NewInitialState().(*apgame.State)
	play(t, s, 5)
	if p := s.MoveParts(7); !slices.Equal(p, []game.Part{{Kind: game.PartNumber, Value: 7}}) {
		t.Fatalf("parts of 7: %v", p)
	}
	if m, err := s.MoveFromParts([]game.Part{{Kind: game.PartNumber, Value: 20}}); err != nil || m != 20 {
		t.Fatalf("20: %v %v", m, err)
	}
	for _, c := range []struct {
		parts []game.Part
		want  string
	}{
		{[]game.Part{{Kind: game.PartNumber, Value: 5}}, "5 is already coloured"},
		{[]game.Part{{Kind: game.PartNumber, Value: 8}}, "8 is not in the set"},
		{[]game.Part{{Kind: game.PartNumber, Value: -1}}, "-1 is not in the set"},
		{[]game.Part{{Kind: game.PartNumber, Value: 1 << 62}}, "is not in the set"},
		{[]game.Part{{Kind: game.PartColor, Value: 0}}, "a move is one part, the number to colour"},
		{[]game.Part{{Kind: game.PartNumber, Value: 7}, {Kind: game.PartNumber, Value: 9}}, "a move is one part"},
	} {
		if _, err := s.MoveFromParts(c.parts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.parts, err, c.want)
		}
	}
}

// TestViewLines: the view lists the progressions each player can still
// complete as lines, the most advanced first, with the threats marked; a
// large set lists the most advanced game.MaxLines and counts them all.
func TestViewLines(t *testing.T) {
	g := mustSet(t, []int{1, 2, 3, 5, 7, 9, 11}, 3)
	s := g.NewInitialState().(*apgame.State)
	play(t, s, 1, 2, 5) // red 1 5, blue 2: 1 2 3 is blocked for both
	v := s.View()
	var got []string
	for _, l := range v.Lines {
		got = append(got, fmt.Sprintf("%v held %v open %v threat %v", l.Items, l.Held, l.Open, l.Threat))
	}
	want := []string{
		"[1 3 5] held [2 0] open [0] threat true",
		"[1 5 9] held [2 0] open [0] threat true",
		"[3 5 7] held [1 0] open [0] threat false",
		"[5 7 9] held [1 0] open [0] threat false",
		"[3 7 11] held [0 0] open [0 1] threat false",
		"[7 9 11] held [0 0] open [0 1] threat false",
	}
	if !slices.Equal(got, want) {
		t.Errorf("lines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Equal(v.LinesOpen, []int{6, 2}) || s.LiveCount(0) != 6 || s.LiveCount(1) != 2 {
		t.Errorf("lines open %v, live counts %d %d; want [6 2]", v.LinesOpen, s.LiveCount(0), s.LiveCount(1))
	}
	if err := v.Check(s); err != nil {
		t.Error(err)
	}
	// The JSON names of the lines, as the web page reads them.
	data, _ := json.Marshal(v.Lines[0])
	if string(data) != `{"items":[1,3,5],"held":[2,0],"open":[0],"threat":true}` {
		t.Errorf("a line as JSON: %s", data)
	}
	play(t, s, 3, 9) // blue blocks 3, red completes 1 5 9
	v = s.View()
	if v.Lines[0].Held != [2]int{3, 0} || !slices.Equal(v.Lines[0].Items, []int64{1, 5, 9}) || v.Lines[0].Threat || !slices.Equal(v.LinesOpen, []int{3, 1}) {
		t.Errorf("after the win: first line %+v, open %v", v.Lines[0], v.LinesOpen)
	}

	// x = 1000: tens of thousands of progressions, the view lists 256.
	big, err := apgame.New(1000, 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	bs := big.NewInitialState().(*apgame.State)
	n := big.NumProgressions()
	v = bs.View()
	if n <= game.MaxLines || len(v.Lines) != game.MaxLines || !slices.Equal(v.LinesOpen, []int{n, n}) {
		t.Fatalf("%d progressions: %d lines listed, open %v", n, len(v.Lines), v.LinesOpen)
	}
	if first := big.Progression(0); fmt.Sprint(v.Lines[0].Items) != fmt.Sprint(first) {
		t.Errorf("first line %v, want the first progression %v", v.Lines[0].Items, first)
	}
	last := big.Progression(n - 1)
	play(t, bs, last[0], big.Progression(0)[0], last[1]) // red holds two of the last progression: a threat, listed first
	v = bs.View()
	if fmt.Sprint(v.Lines[0].Items) != fmt.Sprint(last) || !v.Lines[0].Threat || len(v.Lines) != game.MaxLines {
		t.Errorf("first line %+v, want the threat %v", v.Lines[0], last)
	}
	if err := v.Check(bs); err != nil {
		t.Error(err)
	}
}
