package nim2d_test

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/solve"
	studynim2d "github.com/kombi/kombi/study/nim2d"
)

// family lists every legal move of an N×N palette as a set of cells, built
// straight from the rules (independently of the package's move generator):
// every set of 1 to 3 cells that is one cell, or off-diagonal cells
// consecutive in one row or one column.
func family(n int) []nim2d.Cells {
	var out []nim2d.Cells
	size := n * n
	diag := func(i int) bool { return i/n == i%n }
	line := func(cells []int) bool {
		for _, i := range cells {
			if diag(i) {
				return false
			}
		}
		row, col := true, true
		for k := 1; k < len(cells); k++ {
			row = row && cells[k]/n == cells[0]/n && cells[k]%n == cells[k-1]%n+1
			col = col && cells[k]%n == cells[0]%n && cells[k]/n == cells[k-1]/n+1
		}
		return row || col
	}
	set := func(cells ...int) nim2d.Cells {
		var c nim2d.Cells
		for _, i := range cells {
			c = c.With(i)
		}
		return c
	}
	for a := range size {
		out = append(out, set(a))
		for b := a + 1; b < size; b++ {
			if line([]int{a, b}) {
				out = append(out, set(a, b))
			}
			for c := b + 1; c < size; c++ {
				if line([]int{a, b, c}) {
					out = append(out, set(a, b, c))
				}
			}
		}
	}
	return out
}

func subset(a, b nim2d.Cells) bool { return a[0]&^b[0] == 0 && a[1]&^b[1] == 0 }

func minus(a, b nim2d.Cells) nim2d.Cells { return nim2d.Cells{a[0] &^ b[0], a[1] &^ b[1]} }

// bruteGrundy is the plain Grundy value of a whole position by exhaustive
// search with memo, with no decomposition and no symmetry.
type bruteGrundy struct {
	moves []nim2d.Cells
	memo  map[nim2d.Cells]int
}

func (bg *bruteGrundy) value(empty nim2d.Cells) int {
	if v, ok := bg.memo[empty]; ok {
		return v
	}
	var seen uint64
	for _, m := range bg.moves {
		if subset(m, empty) {
			seen |= 1 << bg.value(minus(empty, m))
		}
	}
	v := bits.TrailingZeros64(^seen)
	bg.memo[empty] = v
	return v
}

// checkPosition compares the analysis of a position with the brute force:
// the Grundy value, the outcome, and the exact set of winning moves.
func checkPosition(t *testing.T, b nim2d.Board, empty nim2d.Cells, bg *bruteGrundy, e *studynim2d.Engine) {
	t.Helper()
	want := bg.value(empty)
	var wins []nim2d.Cells
	for _, m := range bg.moves {
		if subset(m, empty) && bg.value(minus(empty, m)) == 0 {
			wins = append(wins, m)
		}
	}
	a := studynim2d.AnalyseCells(b, empty, studynim2d.AnalyseOptions{Engine: e})
	if !a.GrundyKnown || a.Grundy != want || !a.Complete {
		t.Fatalf("N=%d empty %v: analysis Grundy %d (known %t, complete %t), brute force %d", b.N, empty.List(), a.Grundy, a.GrundyKnown, a.Complete, want)
	}
	if (want == 0) != (a.Outcome == solve.Loss) || (want != 0) != (a.Outcome == solve.Win) {
		t.Fatalf("N=%d empty %v: outcome %v with Grundy %d", b.N, empty.List(), a.Outcome, want)
	}
	var got []nim2d.Cells
	for _, m := range a.Winning {
		set, ok := b.MoveSet(m)
		if !ok {
			t.Fatalf("winning move %d does not fit the board", m)
		}
		got = append(got, set)
	}
	key := func(c nim2d.Cells) [2]uint64 { return c }
	cmp := func(x, y nim2d.Cells) int {
		kx, ky := key(x), key(y)
		if kx[1] != ky[1] {
			return int(int64(kx[1]>>1) - int64(ky[1]>>1))
		}
		switch {
		case kx[0] < ky[0]:
			return -1
		case kx[0] > ky[0]:
			return 1
		}
		return 0
	}
	slices.SortFunc(got, cmp)
	slices.SortFunc(wins, cmp)
	if !slices.Equal(got, wins) {
		t.Fatalf("N=%d empty %v: winning moves %v, brute force %v", b.N, empty.List(), got, wins)
	}
}

// TestMovesMatchRules compares the move generator with the family of cell
// sets built from the rules, on every position of boards up to 3×3 and on
// random positions of larger boards.
func TestMovesMatchRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 10; n++ {
		b := nim2d.Board{N: n}
		fam := family(n)
		check := func(empty nim2d.Cells) {
			var want []nim2d.Cells
			for _, m := range fam {
				if subset(m, empty) {
					want = append(want, m)
				}
			}
			moves := b.LegalMoves(empty, nil)
			if len(moves) != len(want) {
				t.Fatalf("N=%d empty %v: %d moves, the rules give %d", n, empty.List(), len(moves), len(want))
			}
			seen := map[nim2d.Cells]bool{}
			for _, m := range moves {
				set, _ := b.MoveSet(m)
				seen[set] = true
			}
			for _, m := range want {
				if !seen[m] {
					t.Fatalf("N=%d empty %v: move %v missing", n, empty.List(), m.List())
				}
			}
		}
		if n <= 3 {
			for mask := range uint64(1) << (n * n) {
				check(nim2d.Cells{mask, 0})
			}
			continue
		}
		for range 200 {
			var empty nim2d.Cells
			for i := range n * n {
				if rng.IntN(3) > 0 {
					empty = empty.With(i)
				}
			}
			check(empty)
		}
	}
}

// TestGrundyAgainstBruteForce checks the decomposition solver against the
// plain brute force on every position of the 1×1 to 4×4 palettes.
func TestGrundyAgainstBruteForce(t *testing.T) {
	e := studynim2d.NewEngine(nil)
	for n := 1; n <= 4; n++ {
		b := nim2d.Board{N: n}
		bg := &bruteGrundy{moves: family(n), memo: map[nim2d.Cells]int{}}
		for mask := uint64(1); mask < 1<<(n*n); mask++ {
			checkPosition(t, b, nim2d.Cells{mask, 0}, bg, e)
		}
	}
}

// TestGrundyAgainstBruteForce5x5 does the same on random positions of the
// 5×5 palette with up to 16 empty cells.
func TestGrundyAgainstBruteForce5x5(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	b := nim2d.Board{N: 5}
	bg := &bruteGrundy{moves: family(5), memo: map[nim2d.Cells]int{}}
	e := studynim2d.NewEngine(nil)
	for range 400 {
		k := 1 + rng.IntN(16)
		var empty nim2d.Cells
		for _, i := range rng.Perm(25)[:k] {
			empty = empty.With(i)
		}
		checkPosition(t, b, empty, bg, e)
		if len(bg.memo) > 1<<21 {
			bg.memo = map[nim2d.Cells]int{}
		}
	}
}

// TestOutcomeAgainstMinimax checks outcomes and winning moves against the
// generic memoised minimax of package solve on whole games: every position
// of the 3×3 palette, random positions of 4×4 and 5×5.
func TestOutcomeAgainstMinimax(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 7))
	for _, n := range []int{3, 4, 5} {
		g, _ := nim2d.New(n, "R", "p1")
		sv := solve.NewMinimax(0)
		positions := 0
		for positions < 300 {
			var empty nim2d.Cells
			if n == 3 {
				empty = nim2d.Cells{uint64(positions + 1), 0}
				if positions+1 >= 1<<9 {
					break
				}
			} else {
				for _, i := range rng.Perm(n * n)[:1+rng.IntN(min(n*n, 14))] {
					empty = empty.With(i)
				}
			}
			positions++
			s := g.NewInitialState().(*nim2d.State)
			// Fill the used cells with the bare rules: a position from the start.
			for i := range n * n {
				if !empty.Has(i) {
					_ = s.Apply(nim2d.MoveOf(i, 1, false))
				}
			}
			res, err := sv.Solve(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			a := studynim2d.Analyse(s, studynim2d.AnalyseOptions{})
			if (res.Outcome == solve.Win) != (a.Outcome == solve.Win) {
				t.Fatalf("N=%d %s: minimax %v, analysis %v", n, s.Palette(), res.Outcome, a.Outcome)
			}
			if a.Outcome == solve.Win && !slices.Equal(res.Best, a.Winning) {
				t.Fatalf("N=%d %s: minimax wins %v, analysis %v", n, s.Palette(), res.Best, a.Winning)
			}
		}
	}
}
