package thue

import (
	"context"
	"encoding/binary"
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

// TestWholeTableTravels: a leaf solver made with WholeTable (the
// coordinator's) exports every bound its searches proved, and an importer
// asked a longer length takes every one of them, also those that leave
// that length open, so that its own iterative deepening finds them (an
// ordinary export's such entries are left out).
func TestWholeTableTravels(t *testing.T) {
	d := distributedGame(t, 5, thue.Square)
	const pos, T, longer = "01023@3", 13, 15
	opt := distribute.LeafOptions{MemBytes: 1 << 26, Threads: 1}
	whole := d.NewLeafSolver(distribute.LeafOptions{MemBytes: 1 << 26, Threads: 1, WholeTable: true})
	if _, _, err := whole.SolveLeaf(context.Background(), pos, T); err != nil {
		t.Fatal(err)
	}
	data := whole.(distribute.Exchanger).ExportProofs()
	if len(data) < len(wholeMagic) || string(data[:len(wholeMagic)]) != wholeMagic {
		t.Fatalf("the whole table's export begins %q; want %q", data[:min(len(data), 6)], wholeMagic)
	}
	entries, open := 0, 0 // open: leaving "at most longer?" undecided
	for p := data[len(proofMagic):]; len(p) > 0; p = p[proofBytes:] {
		if lo, hi := int(binary.LittleEndian.Uint16(p[16:])), int(binary.LittleEndian.Uint16(p[18:])); lo <= longer && hi > longer {
			open++
		}
		entries++
	}
	if tableLen := whole.(*leafSolver).sv.tt.Len(); entries != tableLen || open == 0 {
		t.Fatalf("the whole table's export: %d entries (its table %d), %d of them open at %d: want the table, some open", entries, tableLen, open, longer)
	}
	imp := d.NewLeafSolver(opt)
	if err := imp.(distribute.Exchanger).ImportProofs(data, longer); err != nil {
		t.Fatal(err)
	}
	if got := imp.(*leafSolver).sv.tt.Len(); got != entries {
		t.Errorf("imported %d of the whole table's %d entries", got, entries)
	}
	// The same entries as ordinary proofs: those open at longer stay out.
	ordinary := append([]byte(proofMagic), data[len(wholeMagic):]...)
	part := d.NewLeafSolver(opt)
	if err := part.(distribute.Exchanger).ImportProofs(ordinary, longer); err != nil {
		t.Fatal(err)
	}
	if got := part.(*leafSolver).sv.tt.Len(); got != entries-open {
		t.Errorf("ordinary proofs: imported %d entries; want the %d that decide %d", got, entries-open, longer)
	}
	want, fresh, err := d.NewLeafSolver(opt).SolveLeaf(context.Background(), pos, longer)
	if err != nil {
		t.Fatal(err)
	}
	got, after, err := imp.SolveLeaf(context.Background(), pos, longer)
	if err != nil || got != want || after >= fresh {
		t.Fatalf("at %d after the import: %v in %d positions (%v); want %v, in fewer than the %d of a fresh solver", longer, got, after, err, want, fresh)
	}
	t.Logf("%d entries, %d open at %d; at %d: %d positions after the import, %d fresh", entries, open, longer, longer, after, fresh)
}
