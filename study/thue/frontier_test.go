package thue

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/thue"

	"github.com/kombi/kombi/solve"
)

// TestSolverKnownValues: the values the solver proves do not change with
// its search (ordering, table cutoffs, workers): squares k=2,3,4: 3, 5, 7;
// overlaps k=2: 5, k=3: 12.
func TestSolverKnownValues(t *testing.T) {
	for _, c := range []struct {
		k     int
		rule  thue.Rule
		value int
	}{{2, thue.Square, 3}, {3, thue.Square, 5}, {4, thue.Square, 7}, {2, thue.Overlap, 5}, {3, thue.Overlap, 12}} {
		for _, workers := range []int{1, 2} {
			for _, maxLength := range []int{0, c.value, c.value + 1, c.value + 2, c.value + 3} {
				sv := NewSolver(c.k, c.rule, SolverOptions{MemBytes: 1 << 22, Workers: workers})
				res, err := sv.Value(context.Background(), []byte{0}, -1, maxLength)
				if err != nil || !res.Exact || res.Value != c.value {
					t.Errorf("k=%d %v, %d workers, max length %d: %+v %v, want %d", c.k, c.rule, workers, maxLength, res, err, c.value)
				}
			}
			// One short of the value: the bound is proven, not the value.
			sv := NewSolver(c.k, c.rule, SolverOptions{MemBytes: 1 << 22, Workers: workers})
			res, err := sv.Value(context.Background(), []byte{0}, -1, c.value-1)
			if err != nil || res.Exact || res.LowerBound != c.value {
				t.Errorf("k=%d %v, %d workers, max length %d: %+v %v, want lower bound %d", c.k, c.rule, workers, c.value-1, res, err, c.value)
			}
		}
	}
}

// extremal reports whether w is square-free and every insertion of one of
// the k symbols at every gap makes a square (checked by brute force).
func extremal(w []byte, k int) bool {
	if _, rep := thue.FindRepetition(w, thue.Square); rep {
		return false
	}
	for i := 0; i <= len(w); i++ {
		for c := 0; c < k; c++ {
			nw := append(append(append([]byte{}, w[:i]...), byte(c)), w[i:]...)
			if _, rep := thue.FindRepetition(nw, thue.Square); !rep {
				return false
			}
		}
	}
	return true
}

// TestExtremalWordsSolveAtOnce: the extremal square-free ternary words of
// OEIS A309623 (the shortest, 25 letters, and the two of 63 letters, longer
// than the solver's exact keys for 3 symbols), checked to be extremal here
// by brute force, are valid positions whose value, one more than their
// length, the solver finds at once.
func TestExtremalWordsSolveAtOnce(t *testing.T) {
	g, _ := thue.New(3, thue.Square, 0, 0)
	for _, text := range []string{
		"0120102120121012010212012",
		"010210120210201021202102012102120102101202102010212021020121021",
		"012010212012101202120121020120210120102120121012021201210201202",
	} {
		w, err := thue.ParseWord(text, 3)
		if err != nil {
			t.Fatal(err)
		}
		if !extremal(w, 3) {
			t.Fatalf("%s is not an extremal square-free word", text)
		}
		sv := NewSolver(3, thue.Square, SolverOptions{MemBytes: 1 << 20, Workers: 2})
		res, err := sv.Value(context.Background(), w, -1, 0)
		if err != nil || !res.Exact || res.Value != len(w)+1 || res.Nodes > 1 {
			t.Fatalf("%s: %+v %v, want value %d at once", text, res, err, len(w)+1)
		}
		// Through the kit, as `kombi solve --position` does, with every
		// gap optimal.
		st, err := g.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		r, err := solve.SolveWith(context.Background(), solver{}, g, st, solve.Options{MemBytes: 1 << 20})
		if err != nil || !r.Complete || r.Value != len(w)+1 || len(r.BestMoves) != len(w)+1 {
			t.Fatalf("solve %s: %v %+v", text, err, r)
		}
	}
}

// TestSolverLongWords: words beyond the bit masks (63 symbols) and beyond
// the exact keys take the fallback paths (scalar fitting sets, hashed
// keys) and agree with brute force.
func TestSolverLongWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for _, c := range []struct {
		k    int
		rule thue.Rule
		n    int
	}{{4, thue.Square, 62}, {4, thue.Square, 66}, {3, thue.Overlap, 64}, {5, thue.Square, 35}, {5, thue.Square, 45}} {
		for trial := 0; trial < 2; trial++ {
			// A word with no dead gap, so that the search goes on.
			w := randomLive(rng, c.n, c.k, c.rule)
			if len(w) < c.n {
				t.Fatalf("k=%d %v: no word of %d without a dead gap", c.k, c.rule, c.n)
			}
			cap := len(w) + 2
			want := bruteValue(w, c.k, c.rule, cap)
			t.Logf("k=%d %v word of %d: value %d", c.k, c.rule, len(w), want)
			for _, workers := range []int{1, 2} {
				sv := NewSolver(c.k, c.rule, SolverOptions{MemBytes: 1 << 20, Workers: workers})
				res, err := sv.Value(ctx, w, -1, cap)
				got := res.Value
				if !res.Exact {
					got = res.LowerBound
				}
				if res.Nodes < 2 {
					t.Fatalf("k=%d %v word of %d: %d nodes: nothing searched", c.k, c.rule, len(w), res.Nodes)
				}
				if err != nil || got != want {
					t.Fatalf("k=%d %v word of %d: solver %+v %v, brute force %d", c.k, c.rule, len(w), res, err, want)
				}
			}
		}
	}
}

// randomLive returns a random repetition-free word of length n with no
// dead gap (one where nothing fits), grown one insertion at a time (or a
// shorter one when it gets stuck).
func randomLive(rng *rand.Rand, n, k int, rule thue.Rule) []byte {
	w := []byte{0}
	var f thue.Fitter
	for len(w) < n {
		var opts [][2]int
		for i, set := range f.FitAll(w, k, rule, nil) {
			for c := 0; c < k; c++ {
				if set&(1<<c) != 0 {
					opts = append(opts, [2]int{i, c})
				}
			}
		}
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
		grown := false
		for _, o := range opts {
			nw := slices.Insert(slices.Clone(w), o[0], byte(o[1]))
			if !hasDeadGap(nw, k, rule) {
				w, grown = nw, true
				break
			}
		}
		if !grown {
			break
		}
	}
	return w
}

func hasDeadGap(w []byte, k int, rule thue.Rule) bool {
	var f thue.Fitter
	for _, set := range f.FitAll(w, k, rule, nil) {
		if set == 0 {
			return true
		}
	}
	return false
}

// TestKeysCanonical: the mask keys, the packed keys and the hashed keys
// are equal for words equal up to renaming and reversal and tell apart
// words that are not; selfRev agrees with Canonical.
func TestKeysCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, k := range []int{2, 3, 4, 5, 7} {
		sv := NewSolver(k, thue.Overlap, SolverOptions{MemBytes: 1 << 16, Workers: 1})
		var buf []byte
		keys := func(w []byte) (out [3]nodeKey, hasMask bool) {
			var ms masks
			ms.set(w, k)
			mk, ms1, ok := ms.key()
			out[0] = nodeKey{key: mk, selfRev: ms1}
			pk, ps := sv.key(w, &buf)
			out[1] = nodeKey{key: pk, selfRev: ps}
			hk, hs := sv.hashedKey(w, &buf)
			out[2] = nodeKey{key: hk, selfRev: hs}
			if !ok { // no mask key: stand in the exact packed one
				out[0] = out[1]
			}
			return out, ok
		}
		seen := map[string][3]nodeKey{}
		for trial := 0; trial < 300; trial++ {
			w := randomFree(rng, 1+rng.IntN(min(sv.maxLen, MaxMaskLength)), k, thue.Overlap)
			c, _, _ := thue.Canonical(w, -1, nil)
			c = slices.Clone(c)
			rev := slices.Equal(thue.Renamed(w, false, nil), thue.Renamed(w, true, nil))
			kw, hasMask := keys(w)
			// A renamed, perhaps reversed copy has the same keys.
			perm := rng.Perm(k)
			w2 := make([]byte, len(w))
			for j, x := range w {
				w2[j] = byte(perm[x])
			}
			if rng.IntN(2) == 0 {
				w2 = reversed(w2)
			}
			kw2, _ := keys(w2)
			for j := range kw {
				if j == 0 && !hasMask {
					continue
				}
				if kw[j].key != kw2[j].key || kw[j].selfRev != rev || kw2[j].selfRev != rev {
					t.Fatalf("k=%d %v and %v: keys %d %+v %+v, self-reversed %v", k, w, w2, j, kw[j], kw2[j], rev)
				}
			}
			// Different canonical words, different keys.
			if old, ok := seen[string(c)]; ok && old != kw {
				t.Fatalf("k=%d %v: keys changed", k, w)
			}
			seen[string(c)] = kw
		}
		byKey := map[[2]uint64]string{}
		for c, kw := range seen {
			for j, nk := range kw {
				id := [2]uint64{nk.key[0] ^ uint64(j)<<50, nk.key[1]}
				if other, ok := byKey[id]; ok && other != c {
					t.Fatalf("k=%d: words %v and %v share key %d", k, []byte(c), []byte(other), j)
				}
				byKey[id] = c
			}
		}
	}
}

func reversed(w []byte) []byte {
	r := slices.Clone(w)
	slices.Reverse(r)
	return r
}

// TestFrontierRows: every row names its game, proof and command; the rows
// whose recorded proof took under a second are proven again here and
// agree.
func TestFrontierRows(t *testing.T) {
	rows := Frontier()
	seen := map[string]bool{}
	for _, r := range rows {
		seen[fmt.Sprintf("%s %d", r.Rule, r.Alphabet)] = true
		if r.How == "" || r.Machine == "" || r.Seconds <= 0 || r.Nodes <= 0 || !strings.HasPrefix(r.Command, "kombi solve 'thue(") {
			t.Errorf("incomplete row %+v", r)
		}
		if (r.Value > 0) == (r.LowerBound > 0) {
			t.Errorf("%s: want a value or a lower bound: %+v", r.What, r)
		}
		if r.Value == 0 || r.Seconds > 1 {
			continue
		}
		got, err := r.Recheck(context.Background(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if got.Result != r.Result || got.Nodes <= 0 {
			t.Errorf("%s: recheck %+v", r.What, got)
		}
	}
	for _, want := range []string{"square 2", "square 3", "square 4", "square 5", "overlap 2", "overlap 3", "overlap 4"} {
		if !seen[want] {
			t.Errorf("no frontier row for %ss", want)
		}
	}
}
