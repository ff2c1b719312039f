package nim2d_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim2d"
	"github.com/kombi/kombi/solve"
	studynim2d "github.com/kombi/kombi/study/nim2d"
)

// TestMain keeps the package's tests away from the shape tables of the
// user's data directory: the games that the registry makes read them.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "nim2d-data")
	if err == nil {
		os.Setenv("KOMBI_DATA_DIR", dir)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// openingPositions lists the positions after one first move that is not
// the mirror strategy's (every move for even N, all but the centre for odd
// N), and after such a move and a reply that is not its mirror image: the
// positions where copying does not decide the game.
func openingPositions(g *nim2d.Game, rng *rand.Rand) []*nim2d.State {
	b := g.Board()
	var out []*nim2d.State
	start := g.NewInitialState().(*nim2d.State)
	for _, m1 := range start.LegalMoves(nil) {
		cells, _ := b.MoveCells(m1)
		if b.N%2 == 1 && len(cells) == 1 && b.Mirror(cells[0]) == cells[0] {
			continue
		}
		s1 := start.Clone().(*nim2d.State)
		s1.ApplyUnchecked(m1)
		out = append(out, s1)
		mirror := b.MirrorSet(func() nim2d.Cells { c, _ := b.MoveSet(m1); return c }())
		replies := s1.LegalMoves(nil)
		for range 10 {
			m2 := replies[rng.IntN(len(replies))]
			if set, _ := b.MoveSet(m2); set == mirror {
				continue
			}
			s2 := s1.Clone().(*nim2d.State)
			s2.ApplyUnchecked(m2)
			out = append(out, s2)
			break
		}
	}
	return out
}

// checkPerfect plays the perfect bot with the book from every opening
// position and checks with value (the Grundy value of a palette) that it
// takes a winning move whenever there is one, each decision within a
// second.
func checkPerfect(t *testing.T, n int, book *studynim2d.ShapeBook, value func(empty nim2d.Cells) int) {
	g, err := nim2d.New(n, "R", "p1")
	if err != nil {
		t.Fatal(err)
	}
	b := g.Board()
	won, slowest := 0, time.Duration(0)
	positions := openingPositions(g, rand.New(rand.NewPCG(uint64(n), 7)))
	for i, s := range positions {
		p := studynim2d.NewPlayer(studynim2d.StrategyPerfect, uint64(i), 64<<20, nil)
		p.UseBook(book)
		start := time.Now()
		m, err := p.Act(context.Background(), s)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		slowest = max(slowest, took)
		if took > time.Second {
			t.Errorf("n=%d %s: the decision took %s", n, s.Position(), took)
		}
		if value(s.Empty()) == 0 {
			continue
		}
		won++
		set, ok := b.MoveSet(m)
		if !ok || s.Clone().Apply(m) != nil {
			t.Fatalf("n=%d %s: illegal move %s", n, s.Position(), s.MoveString(m))
		}
		if v := value(nim2d.Cells{s.Empty()[0] &^ set[0], s.Empty()[1] &^ set[1]}); v != 0 {
			t.Fatalf("n=%d %s: won, but perfect played %s, leaving value %d", n, s.Position(), s.MoveString(m), v)
		}
	}
	if won == 0 {
		t.Fatalf("n=%d: no won position among %d", n, len(positions))
	}
	t.Logf("n=%d: %d opening positions, %d won, each won by perfect; slowest decision %s", n, len(positions), won, slowest)
}

// engineValue returns the Grundy value of a palette by the engine,
// reading book when not nil.
func engineValue(t *testing.T, n int, book *studynim2d.ShapeBook) func(nim2d.Cells) int {
	e := studynim2d.NewEngine(studynim2d.NewCache(256 << 20))
	e.UseBook(book)
	b := nim2d.Board{N: n}
	return func(empty nim2d.Cells) int {
		d := studynim2d.Decompose(b, empty)
		x := d.Diagonal & 1
		for _, p := range d.Parts {
			v, err := e.GrundyOf(p.Shape)
			if err != nil {
				t.Fatalf("n=%d: %s: %v", n, p.Shape, err)
			}
			x ^= v
		}
		return x
	}
}

// TestPerfectWithShapeTable: with the 7×7 table (computed here), perfect
// play wins from every won position after an opening that the mirror does
// not decide, as the engine without the table confirms.
func TestPerfectWithShapeTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), studynim2d.ShapeFileName(7))
	if _, err := studynim2d.BuildShapeTable(context.Background(), studynim2d.ShapeTableOptions{N: 7, File: path, MemMiB: 64}, nil); err != nil {
		t.Fatal(err)
	}
	book, err := studynim2d.OpenShapeBook(path)
	if err != nil {
		t.Fatal(err)
	}
	checkPerfect(t, 7, book, engineValue(t, 7, nil))
}

// TestPerfectWithBigShapeTables: the same with the 8×8 and 9×9 tables of
// $KOMBI_TEST_SHAPES (a directory with nim2d-shapes-8.bin and -9.bin made
// by `kombi table nim2d-shapes`), verified with the table; skipped without.
func TestPerfectWithBigShapeTables(t *testing.T) {
	dir := os.Getenv("KOMBI_TEST_SHAPES")
	if dir == "" {
		t.Skip("set KOMBI_TEST_SHAPES to a directory of shape tables to run it")
	}
	for _, n := range []int{8, 9} {
		book, err := studynim2d.OpenShapeBook(filepath.Join(dir, studynim2d.ShapeFileName(n)))
		if err != nil {
			t.Logf("n=%d: %v", n, err)
			continue
		}
		if book.N != n {
			t.Fatalf("book of %d for %d", book.N, n)
		}
		checkPerfect(t, n, book, engineValue(t, n, book))
	}
}

// TestShapeLibrary: the study's solver finds the finished table of the
// data directory once, the smallest side that serves a game, and its
// solves are then complete at once where the search alone is not; a table
// not yet finished is not used.
func TestShapeLibrary(t *testing.T) {
	dir := t.TempDir()
	if _, err := studynim2d.BuildShapeTable(context.Background(), studynim2d.ShapeTableOptions{N: 6, File: filepath.Join(dir, studynim2d.ShapeFileName(6)), MemMiB: 64}, nil); err != nil {
		t.Fatal(err)
	}
	lib := studynim2d.NewShapeLibrary(dir)
	b5, err := lib.Book(5)
	if err != nil || b5 == nil || b5.N != 6 {
		t.Fatalf("book for 5: %+v %v", b5, err)
	}
	if b6, _ := lib.Book(6); b6 != b5 {
		t.Fatal("the 6×6 table opened twice")
	}
	if b7, err := lib.Book(7); b7 != nil || err != nil {
		t.Fatalf("book for 7: %+v %v", b7, err)
	}
	// A palette larger than any table gets the largest: the 6×6 table
	// serves the 10×10 palette's components that fit in it.
	if b10, err := lib.Book(10); err != nil || b10 != b5 {
		t.Fatalf("book for 10: %+v %v", b10, err)
	}
	// An unfinished table is an error, and not used.
	os.WriteFile(filepath.Join(dir, studynim2d.ShapeFileName(8)), []byte("KOMBIN2D"), 0o644)
	if b8, err := studynim2d.NewShapeLibrary(dir).Book(8); b8 != nil || err == nil {
		t.Fatalf("unfinished book for 8: %+v %v", b8, err)
	}

	t.Setenv("KOMBI_DATA_DIR", dir)
	g := load(t, "nim2d(n=6,first=p1)")
	s := position(t, g, "2", "13")
	r, err := solvers(t).Solve(context.Background(), g, s, solve.Options{Nodes: 1})
	if err != nil || !r.Complete {
		t.Fatalf("with the table: %+v %v", r, err)
	}
	// Without a table (a kit whose data directory holds none), the search
	// alone does not finish within one node.
	t.Setenv("KOMBI_DATA_DIR", t.TempDir())
	plain, _ := nim2d.New(6, "R", "p1")
	ps := position(t, plain, "2", "13")
	r2, err := solvers(t).Solve(context.Background(), plain, ps, solve.Options{Nodes: 1})
	if !solve.Stopped(err) || r2.Complete || r2.Outcome != solve.Unknown && r2.Outcome != r.Outcome {
		t.Fatalf("without the table: %+v %v", r2, err)
	}
	var _ game.Game = g
}

// TestSmallerBookServesLargerPalette: on the 10×10 palette, where no table
// holds every component, the 6×6 table's values of the components that fit
// give the same Grundy values as the search alone, in positions reached by
// random play, with less search.
func TestSmallerBookServesLargerPalette(t *testing.T) {
	path := filepath.Join(t.TempDir(), studynim2d.ShapeFileName(6))
	if _, err := studynim2d.BuildShapeTable(context.Background(), studynim2d.ShapeTableOptions{N: 6, File: path, MemMiB: 64}, nil); err != nil {
		t.Fatal(err)
	}
	book, err := studynim2d.OpenShapeBook(path)
	if err != nil {
		t.Fatal(err)
	}
	b := nim2d.Board{N: 10}
	withBook, plain := studynim2d.NewEngine(studynim2d.NewCache(64<<20)), studynim2d.NewEngine(studynim2d.NewCache(64<<20))
	withBook.UseBook(book)
	g, _ := nim2d.New(10, "R", "p1")
	rng := rand.New(rand.NewPCG(10, 6))
	for i := range 12 {
		s := g.NewInitialState().(*nim2d.State)
		for range 24 + i {
			moves := s.LegalMoves(nil)
			s.ApplyUnchecked(moves[rng.IntN(len(moves))])
		}
		for _, p := range studynim2d.Decompose(b, s.Empty()).Parts {
			v, err := withBook.GrundyOf(p.Shape)
			w, err2 := plain.GrundyOf(p.Shape)
			if err != nil || err2 != nil || v != w {
				t.Fatalf("%s: %s: %d (%v) with the 6×6 table, %d (%v) by search", s.Position(), p.Shape, v, err, w, err2)
			}
		}
	}
	if withBook.Work >= plain.Work {
		t.Fatalf("the table saved no search: %d moves examined with it, %d without", withBook.Work, plain.Work)
	}
	t.Logf("moves examined: %d with the 6×6 table, %d without", withBook.Work, plain.Work)
}
