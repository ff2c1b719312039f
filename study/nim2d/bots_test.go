package nim2d_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/match"
)

func newBot(t testing.TB, spec string, g game.Game, seed uint64, out io.Writer) bot.Bot {
	t.Helper()
	_, bots := registries(t)
	b, err := bots.New(spec, g, bot.Env{Seed: seed, Output: out})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// position plays the moves (cell lists) from the start of g.
func position(t testing.TB, g *nim2d.Game, moves ...string) *nim2d.State {
	t.Helper()
	s := g.NewInitialState()
	for _, mv := range moves {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	return s.(*nim2d.State)
}

func act(t testing.TB, b bot.Bot, s *nim2d.State) string {
	t.Helper()
	m, err := b.Act(context.Background(), s.Clone())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Clone().Apply(m); err != nil {
		t.Fatalf("illegal move %s: %v", s.MoveString(m), err)
	}
	return s.MoveString(m)
}

func TestCopycat(t *testing.T) {
	g5 := load(t, "nim2d(n=5,first=p1)")
	g4 := load(t, "nim2d(n=4,first=p1)")
	cc := func(g game.Game, seed uint64) bot.Bot { return newBot(t, "copycat(switch=false)", g, seed, nil) }
	tests := []struct {
		name  string
		g     *nim2d.Game
		moves []string
		want  func(string) bool
		what  string
	}{
		{"row to column", g5, []string{"2,3"}, eq("6,11"), "the mirror of {⟨1,2⟩,⟨1,3⟩} is {⟨2,1⟩,⟨3,1⟩}"},
		{"column to row", g5, []string{"10,15,20"}, eq("22,23,24"), "mirror of a column"},
		{"single cell", g5, []string{"9"}, eq("17"), "mirror of ⟨2,4⟩ is ⟨4,2⟩"},
		{"diagonal", g5, []string{"1"}, eq("25"), "⟨1,1⟩ answered by ⟨5,5⟩"},
		{"diagonal 2", g5, []string{"7"}, eq("19"), "⟨2,2⟩ answered by ⟨4,4⟩"},
		{"centre", g5, []string{"13"}, oneOf("1", "7", "19", "25"), "the centre's mirror is itself: a random empty diagonal cell"},
		{"mirror taken, diagonal", g5, []string{"25", "2", "1"}, oneOf("7", "13", "19"), "⟨5,5⟩ is taken: a random empty diagonal cell"},
		{"diagonal full", g4, []string{"1", "6", "11", "2", "16"}, eq("3"), "the diagonal is full: the first empty cell"},
		{"mirror blocked", g5, []string{"1", "6", "24", "2,3"}, within("4", 2), "{6,11} is blocked (6 used): firstfit with at most 2 cells from cell 4"},
		{"moves first", g5, nil, eq("1"), "nothing to copy: firstfit (cell 1 is diagonal, alone)"},
	}
	for _, tt := range tests {
		for seed := range uint64(20) {
			s := position(t, tt.g, tt.moves...)
			got := act(t, cc(tt.g, seed), s)
			if !tt.want(got) {
				t.Errorf("%s (%s), seed %d: copycat played %s", tt.name, tt.what, seed, got)
				break
			}
		}
	}
}

func eq(want string) func(string) bool { return func(s string) bool { return s == want } }

func oneOf(ws ...string) func(string) bool {
	return func(s string) bool {
		for _, w := range ws {
			if s == w {
				return true
			}
		}
		return false
	}
}

// within accepts a move that holds cell first and at most max cells.
func within(first string, max int) func(string) bool {
	return func(s string) bool {
		cells := strings.Split(s, ",")
		has := false
		for _, c := range cells {
			has = has || c == first
		}
		return has && len(cells) <= max
	}
}

// TestRandomAndFirstFit checks the two strategies' moves: always legal,
// firstfit always through the first empty cell, and over many seeds every
// shape of move appears (rows and columns, 1 to 3 cells).
func TestRandomAndFirstFit(t *testing.T) {
	g := load(t, "nim2d(n=5,first=p1)")
	s := position(t, g, "1", "3")
	seenFF, seenR := map[string]bool{}, map[string]bool{}
	for seed := range uint64(300) {
		ff := act(t, newBot(t, "firstfit(switch=false)", g, seed, nil), s)
		if !within("2", 3)(ff) {
			t.Fatalf("firstfit played %s, not through cell 2", ff)
		}
		seenFF[ff] = true
		seenR[act(t, newBot(t, "random(switch=false)", g, seed, nil), s)] = true
	}
	// From cell 2, with 1 and 3 used: its row offers 2 alone; its column
	// offers 2 alone too, since cell 7 below it is diagonal.
	if len(seenFF) != 1 || !seenFF["2"] {
		t.Errorf("firstfit from cell 2 played %v, want only 2", seenFF)
	}
	// From cell 4 and others the random strategy reaches rows and columns of every length.
	for _, want := range []string{"4,5", "4,9", "4,9,14", "2", "13", "21,22,23"} {
		if !seenR[want] {
			t.Errorf("random never played %s in 300 seeds", want)
		}
	}
	// firstfit from the first empty cell 2 on the empty board: cells 2 / 2,3 / 2,3,4 by row, 2 alone by column.
	s = position(t, g)
	seen := map[string]bool{}
	for seed := range uint64(100) {
		seen[act(t, newBot(t, "firstfit(switch=false)", g, seed, nil), s)] = true
	}
	if !seen["1"] || len(seen) != 1 {
		t.Errorf("firstfit on the empty board must take cell 1 (diagonal, alone): %v", seen)
	}
}

// TestSwitch: a strategy bot with switch=true plays a winning move in a
// won position it can prove; with switch=false it plays its strategy.
func TestSwitch(t *testing.T) {
	g := load(t, "nim2d(n=5,first=p1)")
	// Empty cells: 1 (diagonal), 4 5 (a domino): value 1 ⊕ 2 = 3; winning moves {4} or {5}.
	s, err := g.ParsePosition(".xx../xxxxx/xxxxx/xxxxx/xxxxx")
	if err != nil {
		t.Fatal(err)
	}
	ns := s.(*nim2d.State)
	for seed := range uint64(10) {
		if got := act(t, newBot(t, "firstfit", g, seed, nil), ns); got != "4" && got != "5" {
			t.Fatalf("firstfit(switch=true) played %s in a won position", got)
		}
		if got := act(t, newBot(t, "firstfit(switch=false)", g, seed, nil), ns); got != "1" {
			t.Fatalf("firstfit(switch=false) played %s, not the first empty cell 1", got)
		}
	}
}

// TestPerfectWinsFromWonPositions: on random won positions of the 5×5
// palette the perfect bot's move leaves a lost position (brute force).
func TestPerfectWinsFromWonPositions(t *testing.T) {
	g := load(t, "nim2d(n=5,first=p1)")
	b := g.Board()
	bg := &bruteGrundy{moves: family(5), memo: map[nim2d.Cells]int{}}
	perfect := newBot(t, "perfect", g, 1, nil)
	checked := 0
	for seed := uint64(0); checked < 100; seed++ {
		// A position reached by random play, with 6 to 15 empty cells.
		s := g.NewInitialState().(*nim2d.State)
		rnd := newBot(t, "random(switch=false)", g, seed, nil)
		for !s.IsTerminal() && s.Empty().Len() > 6+int(seed%10) {
			m, _ := rnd.Act(context.Background(), s)
			_ = s.Apply(m)
		}
		if s.IsTerminal() || bg.value(s.Empty()) == 0 {
			continue
		}
		m, err := perfect.Act(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		set, _ := b.MoveSet(m)
		if bg.value(minus(s.Empty(), set)) != 0 {
			t.Fatalf("%s: perfect played %s, which does not win", s.Palette(), s.MoveString(m))
		}
		checked++
	}
}

// TestPerfectBeatsStrategies: perfect play wins every game from the
// winning seat (first for odd N, second for even N) against each strategy.
func TestPerfectBeatsStrategies(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{3, 4, 5, 6, 9, 10} {
		first := "p1"
		if n%2 == 0 {
			first = "p2"
		}
		g := load(t, fmt.Sprintf("nim2d(n=%d,first=%s)", n, first))
		opps := []string{"random(switch=false)", "firstfit(switch=false)", "copycat(switch=false)"}
		if n <= 6 {
			opps = append(opps, "random", "copycat")
		}
		for _, opp := range opps {
			for seed := range uint64(3) {
				seats := [2]match.Seat{{Name: "perfect", Bot: newBot(t, "perfect", g, match.BotSeed(seed, 0), nil)},
					{Name: opp, Bot: newBot(t, opp, g, match.BotSeed(seed, 1), nil)}}
				start := time.Now()
				rec, err := match.Play(ctx, g, seats, match.Options{Seed: seed})
				t.Logf("%s %s seed %d: %v", g, opp, seed, time.Since(start))
				if err != nil || rec.Aborted {
					t.Fatal(err, rec.Reason)
				}
				if rec.Winner == nil || *rec.Winner != 0 {
					t.Errorf("%s seed %d: perfect lost to %s", g, seed, opp)
				}
			}
		}
	}
}

// TestBudgetFallback: with a tiny budget the perfect bot still plays a
// legal move in a position it cannot solve, and says so.
func TestBudgetFallback(t *testing.T) {
	g := load(t, "nim2d(n=10,first=p1)")
	s := position(t, g, "2", "34")
	var out bytes.Buffer
	b := newBot(t, "perfect(budget=10)", g, 1, &out)
	act(t, b, s)
	if !strings.Contains(out.String(), "beyond the solver’s budget") {
		t.Fatalf("no note about the budget: %q", out.String())
	}
	// The mirror answer is found without any budget: after 2 the mirror is 11.
	s = position(t, g, "2")
	out.Reset()
	if got := act(t, b, s); got != "11" {
		t.Fatalf("perfect answered 2 with %s, not the mirror 11", got)
	}
}

var timing = regexp.MustCompile(`time \d+\.\d+ s`)

// TestGoldenMatches keeps full transcripts of games between the bots.
func TestGoldenMatches(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		p1, p2 string
		seed   uint64
		file   string
	}{
		{"nim2d(n=5,p1=R)", "copycat", "perfect", 3, "match-n5-copycat-perfect.txt"},
		{"nim2d(n=4,p1=G)", "perfect", "random(switch=false)", 4, "match-n4-perfect-random.txt"},
		{"nim2d(n=6,p1=R,first=p2)", "firstfit", "copycat", 5, "match-n6-firstfit-copycat.txt"},
	} {
		games, _ := registries(t)
		g, err := games.Load(tc.spec, tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		seats := [2]match.Seat{{Name: tc.p1, Bot: newBot(t, tc.p1, g, match.BotSeed(tc.seed, 0), &out)},
			{Name: tc.p2, Bot: newBot(t, tc.p2, g, match.BotSeed(tc.seed, 1), &out)}}
		rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: tc.seed, Transcript: &out})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.Replay(games, rec); err != nil {
			t.Fatal(err)
		}
		got := timing.ReplaceAllString(out.String(), "time 0.000 s")
		path := filepath.Join("testdata", tc.file)
		if *updateGolden {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -run TestGoldenMatches -update-matches)", err)
		}
		if string(want) != got {
			t.Errorf("%s differs from the golden transcript %s (run with -update-matches after a deliberate change):\n%s", tc.spec, path, got)
		}
	}
}

var updateGolden = flag.Bool("update-matches", false, "rewrite the golden match transcripts")
