package thue

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
)

// bruteValue is plain minimax without table, symmetry or pruning: the
// final length under optimal play, capped at cap+1 ("longer than cap").
func bruteValue(w []byte, k int, rule Rule, cap int) int {
	n := len(w)
	if n >= cap {
		return cap + 1
	}
	best := cap + 1
	for i := 0; i <= n; i++ {
		worst := 0
		for c := 0; c < k && worst < best; c++ {
			nw := append(append(append([]byte{}, w[:i]...), byte(c)), w[i:]...)
			v := n + 1
			if _, rep := FindRepetition(nw, rule); !rep {
				v = bruteValue(nw, k, rule, cap)
			}
			worst = max(worst, v)
		}
		best = min(best, worst)
	}
	return best
}

func TestSolverAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		k    int
		rule Rule
		cap  int
	}{{2, Square, 6}, {3, Square, 8}, {2, Overlap, 8}, {3, Overlap, 7}, {4, Square, 7}}
	for _, c := range cases {
		for _, workers := range []int{1, 2} {
			sv := NewSolver(c.k, c.rule, SolverOptions{MemBytes: 1 << 20, Workers: workers})
			for trial := 0; trial < 12; trial++ {
				w := randomFree(rng, 1+rng.IntN(4), c.k, c.rule)
				want := bruteValue(w, c.k, c.rule, c.cap)
				res, err := sv.Value(ctx, w, c.cap)
				if err != nil {
					t.Fatal(err)
				}
				got := res.Value
				if !res.Exact {
					got = res.LowerBound
				}
				if got != want {
					t.Fatalf("k=%d %v word %v cap %d workers %d: solver %+v, brute force %d", c.k, c.rule, w, c.cap, workers, res, want)
				}
			}
		}
	}
}

// TestSolveInterrupted: a stopped solve reports the bound proven so far.
func TestSolveInterrupted(t *testing.T) {
	g, _ := New(5, Square, 0, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	an, err := g.Solve(ctx, g.NewInitialState(), game.SolveOptions{MemBytes: 1 << 24})
	if err != nil {
		t.Fatal(err)
	}
	a := an.(*Analysis)
	if !a.Interrupted || a.Value != nil || a.LowerBound == nil || *a.LowerBound < 8 {
		t.Fatalf("interrupted solve: %+v", a)
	}
	if !strings.Contains(a.Text(), "Interrupted. Proven so far: the game lasts at least") {
		t.Fatalf("text: %s", a.Text())
	}
}

// TestSolverTableBound: a tiny table still gives exact answers.
func TestSolverTableBound(t *testing.T) {
	sv := NewSolver(3, Overlap, SolverOptions{MemBytes: 4096, Workers: 2})
	res, err := sv.Value(context.Background(), []byte{0}, 0)
	if err != nil || !res.Exact || res.Value != 12 {
		t.Fatalf("k=3 overlap with a 4 KiB table: %+v %v", res, err)
	}
	if c, _ := sv.TableEntries(); c*24 > 4096 {
		t.Fatalf("table of %d entries exceeds 4 KiB", c)
	}
}

// memoValue is plain minimax memoised on the exact word (no symmetry, no
// ordering, no bounds), capped like bruteValue.
func memoValue(w []byte, k int, rule Rule, cap int, memo map[string]int) int {
	n := len(w)
	if n >= cap {
		return cap + 1
	}
	if v, ok := memo[string(w)]; ok {
		return v
	}
	best := cap + 1
	for i := 0; i <= n; i++ {
		worst := 0
		for c := 0; c < k; c++ {
			nw := append(append(append([]byte{}, w[:i]...), byte(c)), w[i:]...)
			v := n + 1
			if _, rep := FindRepetition(nw, rule); !rep {
				v = memoValue(nw, k, rule, cap, memo)
			}
			worst = max(worst, v)
		}
		best = min(best, worst)
	}
	memo[string(w)] = best
	return best
}

func TestOverlap3ValueByMemoisedMinimax(t *testing.T) {
	if got := memoValue([]byte{0}, 3, Overlap, 13, map[string]int{}); got != 12 {
		t.Fatalf("3 symbols, overlaps: memoised minimax value %d, want 12", got)
	}
}

// TestThesisOpenValues checks the values the thesis could not settle
// against the plain brute force: 4 symbols, squares: 7; 2 symbols,
// overlaps: 5 (and 3 symbols, squares: 5, the thesis' claim). The value 12
// for 3 symbols and overlaps is checked by memoised minimax above.
func TestThesisOpenValues(t *testing.T) {
	for _, c := range []struct {
		k     int
		rule  Rule
		value int
	}{{3, Square, 5}, {4, Square, 7}, {2, Overlap, 5}} {
		if got := bruteValue([]byte{0}, c.k, c.rule, c.value); got != c.value {
			t.Errorf("k=%d %v: brute force value %d, want %d", c.k, c.rule, got, c.value)
		}
		if got := bruteValue([]byte{0}, c.k, c.rule, c.value-1); got != c.value {
			t.Errorf("k=%d %v: the builder must not force an end by %d", c.k, c.rule, c.value-1)
		}
		res, err := NewSolver(c.k, c.rule, SolverOptions{MemBytes: 1 << 20}).Value(context.Background(), []byte{0}, 0)
		if err != nil || res.Value != c.value {
			t.Errorf("k=%d %v: solver %+v %v", c.k, c.rule, res, err)
		}
	}
}

func TestSolverProgress(t *testing.T) {
	var lines []string
	var mu sync.Mutex
	sv := NewSolver(5, Square, SolverOptions{MemBytes: 1 << 22, Progress: func(s string) {
		mu.Lock()
		lines = append(lines, s)
		mu.Unlock()
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	if _, err := sv.Value(ctx, []byte{0}, 0); err == nil {
		t.Fatal("5 symbols must not be solved in 1.5 s")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(lines) == 0 || !strings.Contains(lines[0], "searching length") {
		t.Fatalf("progress lines: %q", lines)
	}
}
