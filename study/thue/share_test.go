package thue

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/solve/distribute"
)

func distributedGame(t *testing.T, k int, rule thue.Rule) Distributed {
	t.Helper()
	g, err := thue.New(k, rule, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return Distributed{g}
}

// TestSiblingsShareTheirTable: two siblings solving subproblems at once
// give the answers of a solver of their own, and a third sibling finds
// what they proved without searching.
func TestSiblingsShareTheirTable(t *testing.T) {
	d := distributedGame(t, 4, thue.Square)
	opt := distribute.LeafOptions{MemBytes: 1 << 24, Threads: 1}
	first := d.NewLeafSolver(opt)
	sh, ok := first.(distribute.Sharer)
	if !ok {
		t.Fatal("the Thue leaf solver shares no table")
	}
	positions := []string{"0102@2", "0120@1", "0121@3", "012@0"}
	want := map[string]distribute.Bounds{}
	for _, p := range positions {
		b, _, err := d.NewLeafSolver(opt).SolveLeaf(context.Background(), p, 7)
		if err != nil {
			t.Fatal(err)
		}
		want[p] = b
	}
	var wg sync.WaitGroup
	for i, ls := range []distribute.LeafSolver{first, sh.Sibling()} {
		wg.Go(func() {
			for j, p := range positions {
				if j%2 != i {
					continue
				}
				if b, _, err := ls.SolveLeaf(context.Background(), p, 7); err != nil || b != want[p] {
					t.Errorf("%s: %v %v, want %v", p, b, err, want[p])
				}
			}
		})
	}
	wg.Wait()
	third := sh.Sibling()
	for _, p := range positions {
		b, nodes, err := third.SolveLeaf(context.Background(), p, 7)
		if err != nil || b != want[p] || nodes > 2 {
			t.Errorf("third sibling, %s: %v after %d positions, %v; want %v at once", p, b, nodes, err, want[p])
		}
	}
	kn := first.(distribute.Knower)
	for _, p := range positions {
		got, ok := kn.Known(p)
		if !ok {
			t.Errorf("Known(%s): nothing, after solving it", p)
			continue
		}
		if got.Lo > want[p].Hi || got.Hi < want[p].Lo {
			t.Errorf("Known(%s) = %v against %v solved", p, got, want[p])
		}
		if yes, known := got.AtMost(7); known && yes != mustAtMost(want[p], 7) {
			t.Errorf("Known(%s) = %v decides length 7 otherwise than %v", p, got, want[p])
		}
	}
}

func mustAtMost(b distribute.Bounds, t int64) bool { yes, _ := b.AtMost(t); return yes }

// TestProofsTravel: what one leaf solver proves at the length asked
// travels to another (ExportProofs, ImportProofs), which then answers the
// same question with the same bounds at once; damaged proofs are refused.
func TestProofsTravel(t *testing.T) {
	d := distributedGame(t, 5, thue.Square)
	opt := distribute.LeafOptions{MemBytes: 1 << 26, Threads: 1}
	a := d.NewLeafSolver(opt).(distribute.Exchanger)
	const pos, T = "01023@3", 13
	want, nodes, err := a.SolveLeaf(context.Background(), pos, T)
	if err != nil {
		t.Fatal(err)
	}
	data := a.ExportProofs()
	if len(data) == 0 {
		t.Fatal("nothing exported")
	}
	if again := a.ExportProofs(); len(again) != 0 {
		t.Errorf("a second export without new searches holds %d bytes", len(again))
	}
	b := d.NewLeafSolver(opt).(distribute.Exchanger)
	if err := b.ImportProofs(data, T); err != nil {
		t.Fatal(err)
	}
	got, n2, err := b.SolveLeaf(context.Background(), pos, T)
	if err != nil || got != want || n2*10 > nodes {
		t.Fatalf("after import: %v in %d positions (%v); want %v, searched in %d before", got, n2, err, want, nodes)
	}
	for _, bad := range [][]byte{[]byte("kthue1x"), data[:len(data)-1], append([]byte("xthue1"), data[6:]...)} {
		if err := b.ImportProofs(bad, T); !errors.Is(err, errProofs) {
			t.Errorf("bad proofs of %d bytes: %v", len(bad), err)
		}
	}
	// Proofs of another game are refused or harmless: a key of length 0.
	zero := append([]byte(proofMagic), make([]byte, proofBytes)...)
	if err := b.ImportProofs(zero, T); !errors.Is(err, errProofs) {
		t.Errorf("an entry of length 0: %v", err)
	}
}
