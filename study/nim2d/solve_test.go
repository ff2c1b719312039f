package nim2d_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/solve"
	studynim2d "github.com/kombi/kombi/study/nim2d"
)

// diagonalMoves lists the diagonal cells of an N×N palette as move texts.
func diagonalMoves(n int) []string {
	var out []string
	for k := range n {
		out = append(out, strconv.Itoa(k*n+k+1))
	}
	return out
}

// TestSolveEmptyNine: the empty 9×9 palette is decided at once by the
// mirror argument (the triangles cancel, the diagonal's 9 cells are worth
// 1): the outcome, the value and the 9 diagonal winning moves come without
// enumerating the off-diagonal moves, which would take hours. Before, the
// solve insisted on every move and ran into its 30 s limit.
func TestSolveEmptyNine(t *testing.T) {
	g, _ := nim2d.New(9, "R", "p1")
	start := time.Now()
	r, err := solvers(t).Solve(context.Background(), g, g.NewInitialState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("took %s", took)
	}
	if r.Outcome != solve.Win || r.Value != 1 || r.Complete || !slices.Equal(r.BestMoves, diagonalMoves(9)) || r.Extra["note"] == nil {
		t.Fatalf("result %+v", r)
	}
	if !strings.Contains(r.Text, "Winning moves (9): {1} {11} {21} {31} {41} {51} {61} {71} {81}") || !strings.Contains(r.Text, "give --time to decide more") {
		t.Fatalf("text:\n%s", r.Text)
	}
	// With a deadline the solve decides moves until then, and says it
	// stopped with the partial result.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	r, err = solvers(t).Solve(ctx, g, g.NewInitialState(), solve.Options{})
	if !errors.Is(err, context.DeadlineExceeded) || r == nil || r.Outcome != solve.Win || r.Complete || len(r.BestMoves) < 9 {
		t.Fatalf("with a deadline: %+v, %v", r, err)
	}
	// An even palette is lost: complete at once.
	g10, _ := nim2d.New(10, "R", "p1")
	r, err = solvers(t).Solve(context.Background(), g10, g10.NewInitialState(), solve.Options{})
	if err != nil || r.Outcome != solve.Loss || r.Value != 0 || !r.Complete || len(r.BestMoves) != 0 {
		t.Fatalf("empty 10×10: %+v %v", r, err)
	}
}

// TestSolveInterrupted: a solve stopped by the context (Ctrl-C) or the node
// budget returns what it has with the error that stopped it.
func TestSolveInterrupted(t *testing.T) {
	g, _ := nim2d.New(9, "R", "p1")
	// The lower triangle used: the upper one, 36 cells, is out of reach.
	rows := make([]string, 9)
	for r := range 9 {
		row := []byte(strings.Repeat(".", 9))
		for c := range r {
			row[c] = 'G'
		}
		rows[r] = string(row)
	}
	s, err := g.ParsePosition(strings.Join(rows, "/"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	r, err := solvers(t).Solve(ctx, g, s, solve.Options{})
	if !errors.Is(err, context.Canceled) || r == nil || r.Complete || r.Outcome != solve.Unknown || r.Value != nil || r.Nodes == 0 ||
		!strings.Contains(r.Extra["note"].(string), "components of 36 cells not solved") {
		t.Fatalf("cancelled: %+v, %v", r, err)
	}
	r, err = solvers(t).Solve(context.Background(), g, s, solve.Options{Nodes: 10000})
	if !errors.Is(err, solve.ErrBudget) || !solve.Stopped(err) || r == nil || r.Complete || r.Outcome != solve.Unknown {
		t.Fatalf("node budget: %+v, %v", r, err)
	}
}

// TestAnalyzeAgainstBruteForce checks every move's value from the one
// decomposition against the plain brute force: the Grundy value after the
// move, and a win for the mover exactly when it is 0; and the outcome of the
// solve against the analysis.
func TestAnalyzeAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{2, 3, 4, 5} {
		g, _ := nim2d.New(n, "G", "p2")
		bg := &bruteGrundy{moves: family(n), memo: map[nim2d.Cells]int{}}
		for range 60 {
			var empty nim2d.Cells
			for _, i := range rng.Perm(n * n)[:1+rng.IntN(min(n*n, 13))] {
				empty = empty.With(i)
			}
			s := g.NewInitialState().(*nim2d.State)
			for i := range n * n {
				if !empty.Has(i) {
					_ = s.Apply(nim2d.MoveOf(i, 1, false))
				}
			}
			an, err := solvers(t).Analyze(ctx, g, s, solve.Options{})
			if err != nil || !an.Complete || len(an.Moves) != len(s.LegalMoves(nil)) {
				t.Fatalf("N=%d %s: %+v %v", n, s.Palette(), an, err)
			}
			var wins []string
			for _, mv := range an.Moves {
				set, _ := nim2d.Board{N: n}.MoveSet(mv.M)
				want := bg.value(minus(empty, set))
				if mv.Value != want || (mv.Outcome == solve.Win) != (want == 0) || mv.Outcome == solve.Unknown {
					t.Fatalf("N=%d %s move %s: %v %v, brute force %d", n, s.Palette(), mv.Move, mv.Outcome, mv.Value, want)
				}
				if want == 0 {
					wins = append(wins, mv.Move)
				}
			}
			r, err := solvers(t).Solve(ctx, g, s, solve.Options{})
			if err != nil || !r.Complete || r.Value != bg.value(empty) || !slices.Equal(r.BestMoves, wins) {
				t.Fatalf("N=%d %s: solve %+v %v, analysis wins %v", n, s.Palette(), r, err, wins)
			}
		}
	}
}

// TestAnalyzeInTime: moves whose value is out of reach are unknown when
// the time is up, the others are decided.
func TestAnalyzeInTime(t *testing.T) {
	g, _ := nim2d.New(9, "R", "p1")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	an, err := solvers(t).Analyze(ctx, g, g.NewInitialState(), solve.Options{})
	if err != nil || an.Complete {
		t.Fatalf("%+v %v", an, err)
	}
	var wins []string
	for _, mv := range an.Moves {
		switch mv.Outcome {
		case solve.Win:
			wins = append(wins, mv.Move)
		case solve.Unknown:
			if mv.Value != nil {
				t.Fatalf("unknown move %s with value %v", mv.Move, mv.Value)
			}
		}
	}
	if !slices.Equal(wins, diagonalMoves(9)) {
		t.Fatalf("winning moves %v", wins)
	}
}

// TestAnalyzeMirrorLoss: after a diagonal move on the empty 9×9 palette the
// two triangles mirror each other (Grundy value 0): every move loses for its
// mover, which the analysis says when the moves' own values are out of
// reach (it said "not decided" while How it works proved the 0); on small
// palettes the same rule agrees with the brute force.
func TestAnalyzeMirrorLoss(t *testing.T) {
	g, _ := nim2d.New(9, "R", "p1")
	s := g.NewInitialState().(*nim2d.State)
	if err := s.Apply(nim2d.MoveOf(0, 1, false)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	an, err := solvers(t).Analyze(ctx, g, s, solve.Options{})
	if err != nil || !an.Complete || len(an.Moves) != len(s.LegalMoves(nil)) {
		t.Fatalf("%d moves, complete %v, %v", len(an.Moves), an.Complete, err)
	}
	unvalued := 0
	for _, mv := range an.Moves {
		if mv.Outcome != solve.Loss {
			t.Fatalf("move %s: %v, want a loss for its mover", mv.Move, mv.Outcome)
		}
		if mv.Value == nil {
			unvalued++
		} else if mv.Value == 0 {
			t.Fatalf("move %s leaves value 0 in a position of value 0", mv.Move)
		}
	}
	if unvalued == 0 {
		t.Fatal("every move was valued in 200 ms: the test no longer reaches the rule")
	}
	// Random symmetric positions of small palettes (each empty cell's mirror
	// empty, an even number of empty diagonal cells), each move's value cut
	// off by a node budget of 1: every move loses, as the brute force says.
	rng := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{4, 5} {
		g, _ := nim2d.New(n, "G", "p2")
		bg := &bruteGrundy{moves: family(n), memo: map[nim2d.Cells]int{}}
		for range 30 {
			var empty nim2d.Cells
			for _, i := range rng.Perm(n * n)[:8] {
				empty = empty.With(i).With(i%n*n + i/n)
			}
			diag := 0
			for k := range n {
				if empty.Has(k*n + k) {
					diag++
				}
			}
			if diag%2 == 1 { // make the empty diagonal cells even: toggle the first
				if empty.Has(0) {
					empty = empty.Without(0)
				} else {
					empty = empty.With(0)
				}
			}
			if v := bg.value(empty); v != 0 {
				t.Fatalf("N=%d: a symmetric position %v of value %d", n, empty, v)
			}
			s := g.NewInitialState().(*nim2d.State)
			for i := range n * n {
				if !empty.Has(i) {
					_ = s.Apply(nim2d.MoveOf(i, 1, false))
				}
			}
			an, err := solvers(t).Analyze(context.Background(), g, s, solve.Options{Nodes: 1})
			if err != nil || !an.Complete {
				t.Fatalf("N=%d %s: complete %v, %v", n, s.Palette(), an.Complete, err)
			}
			for _, mv := range an.Moves {
				set, _ := nim2d.Board{N: n}.MoveSet(mv.M)
				if want := bg.value(minus(empty, set)); want == 0 || mv.Outcome != solve.Loss {
					t.Fatalf("N=%d %s move %s: %v, brute force leaves %d", n, s.Palette(), mv.Move, mv.Outcome, want)
				}
			}
		}
	}
}

// TestEndgamesInterrupted: the endgame report stopped by the context keeps
// the classes done; a bad setting is refused before any work.
func TestEndgamesInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var steps int
	rep, err := studynim2d.Endgames(ctx, studynim2d.EndgameOptions{MaxEmpty: 4, SearchUpTo: 5, MemMiB: 16}, func(p solve.Progress) {
		if steps++; p.Done == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || rep == nil || len(rep.Classes) != 1+1+2 || len(rep.EmptyBoards) != 0 {
		t.Fatalf("%v: %+v", err, rep)
	}
	if tables := rep.Tables(); len(tables) != 1+5+1 || len(tables[3].Rows) != 2 || len(tables[4].Rows) != 0 {
		t.Fatalf("tables %+v", tables)
	}
	if _, err := studynim2d.Endgames(context.Background(), studynim2d.EndgameOptions{MaxEmpty: 9, MemMiB: 1}, nil); err == nil || !strings.Contains(err.Error(), "most empty cells 9") {
		t.Fatalf("max-empty 9: %v", err)
	}
}

// The explanation names the part that cancels each part: its mirror image
// in the diagonal where that is a part too (the copycat's pairs), else the
// next of the same shape; an odd one out keeps its value.
func TestExplainNamesPartners(t *testing.T) {
	g, _ := nim2d.New(5, "R", "p2")
	for _, c := range []struct {
		pos  string
		want []string
	}{
		{"G..../...../GG.RR/...../.....:R", []string{
			"Part A: cells 2 3 4 5 8 9 10 (7 cells): the same shape as part C, turned: the two cancel.",
			"Part B: cell 6 alone: value 1; a single cell like part D: the two cancel.",
			"Part D: cell 20 alone: value 1; a single cell like part B: the two cancel.",
			"Grundy value: 0 (each pair of equal parts cancels, as x ⊕ x = 0).",
		}},
		{"..R../...../R..../...../.....:G", []string{
			"Part A: cell 2 alone: value 1; the mirror image of part C in the diagonal: the two cancel.",
			"Part B: cells 4 5 8 9 10 14 15 20 (8 cells): the mirror image of part D in the diagonal: the two cancel.",
			"Grundy value: 1 (each pair of equal parts cancels, as x ⊕ x = 0).",
		}},
		{".G.G./G.G.G/.G.G./G.G.G/.GGG.:R", []string{
			"Part A: cell 3 alone: value 1; the mirror image of part D in the diagonal: the two cancel.",
			"Part E: cell 15 alone: value 1.\n",
			"Part G: cell 21 alone: value 1; the mirror image of part B in the diagonal: the two cancel.",
			"Grundy value: 1 ⊕ 1 = 0 (each pair of equal parts cancels, as x ⊕ x = 0).",
		}},
	} {
		st, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*nim2d.State)
		text := studynim2d.Analyse(s, studynim2d.AnalyseOptions{}).Explain(s)
		for _, want := range c.want {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the explanation\n%s\nlacks %q", c.pos, text, want)
			}
		}
	}
}

// The explanation names a part by its usual name (the tables' short T4 is
// for those who know it).
func TestExplainNamesShapes(t *testing.T) {
	g, _ := nim2d.New(4, "R", "p2")
	st, err := g.ParsePosition("GRR./..../..../....:R")
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*nim2d.State)
	text := studynim2d.Analyse(s, studynim2d.AnalyseOptions{}).Explain(s)
	for _, want := range []string{"Part A: cells 4 7 8 12 (T-tetromino, 4 cells): value 2.", "Part B: cells 5 9 10 13 14 15 (6 cells): value 0."} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation\n%s\nlacks %q", text, want)
		}
	}
}
