package vdwlist

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/kombi/kombi/games/vdwlist"
)

// TestMidKeysRoundTrip writes random cell strings of stored positions as
// mid keys and reads them back: every string one key, each key its string;
// longer strings and cells no stored position has get none.
func TestMidKeysRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 18))
	for nc, wantSpan := range map[int]int{1: 39, 2: 24, 3: 18} {
		m := newMidCoder(nc)
		if m.span != wantSpan {
			t.Fatalf("%d colours: mid keys to %d cells, want %d", nc, m.span, wantSpan)
		}
		full := uint64(1)<<nc - 1
		seen := map[uint64]wideKey{}
		for range 20000 {
			span := 1 + rng.IntN(m.span)
			var p wideKey
			for i := range span {
				switch cell := rng.IntN(3); {
				case cell == 0 && i > 0 && i < span-1: // irrelevant (not at the ends)
				case cell == 1: // coloured
					p[1+rng.IntN(nc)] |= 1 << i
				default: // uncoloured, threats of some colours but not all
					p[0] |= 1 << i
					t := rng.Uint64N(full)
					for c := range nc {
						p[1+c] |= t >> c & 1 << i
					}
				}
			}
			code, ok := m.code(&p, span)
			if !ok {
				t.Fatalf("%d colours: %v (span %d) has no mid key", nc, p, span)
			}
			if back := m.planes(code); back != p {
				t.Fatalf("%d colours: %v became %d and then %v", nc, p, code, back)
			}
			if keySpan(&p) != span {
				t.Fatalf("%d colours: %v spans %d, keySpan says %d", nc, p, span, keySpan(&p))
			}
			if old, ok := seen[code]; ok && old != p {
				t.Fatalf("%d colours: %v and %v share the key %d", nc, old, p, code)
			}
			seen[code] = p
		}
		var long wideKey
		long[0] = 1 | 1<<m.span
		if _, ok := m.code(&long, m.span+1); ok {
			t.Fatalf("%d colours: a mid key for %d cells", nc, m.span+1)
		}
		var won wideKey
		won[0] = 1
		for c := range nc {
			won[1+c] = 1 // a number every colour completes: never stored
		}
		if _, ok := m.code(&won, 1); ok {
			t.Fatalf("%d colours: a mid key for a won position", nc)
		}
	}
	if m := newMidCoder(4); m.span != 0 {
		t.Fatalf("4 colours (no threat keys): mid keys to %d cells", m.span)
	}
}

// TestMidKeysInTableFiles solves positions of s = 18 whose keys span 17
// and 18 numbers (mid keys), saves the table, loads it into a new solver
// and checks the mid keys come back as mid keys with the same values.
func TestMidKeysInTableFiles(t *testing.T) {
	g, _ := vdwlist.New(3, 3, 2, 18)
	sv := NewSolver(g, 64<<20)
	sv.SetWorkers(1)
	rng := rand.New(rand.NewPCG(17, 17))
	var states []*vdwlist.State
	for len(states) < 20 {
		s := g.NewInitialState().(*vdwlist.State)
		// the two ends and a few more coloured, 8 numbers left to name
		for s.Phase() != vdwlist.PhaseOver && bits.OnesCount64(s.Colored()) < 10 {
			moves := s.LegalMoves(nil)
			_ = s.Apply(moves[rng.IntN(len(moves))])
		}
		if s.Phase() == vdwlist.PhaseName {
			states = append(states, s)
		}
	}
	want := make([]string, len(states))
	for i, s := range states {
		v, err := sv.Value(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = v.RatString()
	}
	if sv.midTT.Len() == 0 {
		t.Fatal("no mid keys stored: the test does not reach spans of 17 and 18")
	}
	var buf bytes.Buffer
	if err := sv.SaveTable(&buf); err != nil {
		t.Fatal(err)
	}
	sv2 := NewSolver(g, 64<<20)
	sv2.SetWorkers(1)
	if err := sv2.LoadTable(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatal(err)
	}
	if sv2.midTT.Len() != sv.midTT.Len() || sv2.Stored() != sv.Stored() {
		t.Fatalf("loaded %d mid keys of %d stored, saved %d of %d", sv2.midTT.Len(), sv2.Stored(), sv.midTT.Len(), sv.Stored())
	}
	for i, s := range states {
		v, err := sv2.Value(context.Background(), s)
		if err != nil || v.RatString() != want[i] {
			t.Fatalf("%s: %v %v after loading, %s before", s.Position(), v, err, want[i])
		}
	}
}

// TestThreatKeys compares the keys narrowThreatKey and midThreatKey make
// with the keys made from planes (canonicalPlanes) on random positions of s = 12 to 22
// reached by play, each examined as the search examines it: the same key
// wherever they make one, and they make short and mid keys for most
// positions.
func TestThreatKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	var made [3]int // short, mid, wide
	all := 0
	for range 20000 {
		g, err := vdwlist.New(3, 3, 2, 12+rng.IntN(11))
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewInitialState().(*vdwlist.State)
		for steps := rng.IntN(3 * g.S()); steps > 0 && s.Phase() != vdwlist.PhaseOver; steps-- {
			moves := s.LegalMoves(nil)
			_ = s.Apply(moves[rng.IntN(len(moves))])
		}
		if s.Phase() != vdwlist.PhaseName {
			continue
		}
		sv := NewSolver(g, 1<<20)
		sr := sv.newSearcher(context.Background(), s, 0, false, false)
		var ex examined
		sr.examine(g.Full(), &sr.root, 0, 0, &ex)
		if ex.outcome != searchOn || ex.relevant == 0 {
			continue
		}
		all++
		want := sr.canonicalPlanes(&ex)
		unc, a, b, c, span, ok := sr.threatCells(&ex)
		if !ok {
			continue
		}
		var got posKey
		if span <= threatWidth {
			got = posKey{narrow: narrowThreatKey(unc, a, b, c, span)}
		} else if got, ok = sr.midThreatKey(unc, a, b, c, span); !ok {
			continue
		}
		if got != want {
			t.Fatalf("%s: %+v, from the planes %+v", s.Position(), got, want)
		}
		switch {
		case got.isWide:
			made[2]++
		case got.isMid:
			made[1]++
		default:
			made[0]++
		}
	}
	if made[0]+made[1] < all/2 || made[0] < 1000 || made[1] < 200 {
		t.Fatalf("short, mid and wide keys for %v of %d positions", made, all)
	}
}

// BenchmarkKeys makes the keys of random positions of s = 14 and s = 18
// (where a third of the keys are mid keys) the search's way (canonical)
// and from planes alone (canonicalPlanes).
func BenchmarkKeys(b *testing.B) {
	for _, size := range []int{14, 18} {
		g, err := vdwlist.New(3, 3, 2, size)
		if err != nil {
			b.Fatal(err)
		}
		sv := NewSolver(g, 1<<20)
		rng := rand.New(rand.NewPCG(uint64(size), 5))
		var srs []*searcher
		var exs []*examined
		for len(srs) < 256 {
			s := g.NewInitialState().(*vdwlist.State)
			for steps := rng.IntN(3 * size); steps > 0 && s.Phase() != vdwlist.PhaseOver; steps-- {
				moves := s.LegalMoves(nil)
				_ = s.Apply(moves[rng.IntN(len(moves))])
			}
			if s.Phase() != vdwlist.PhaseName {
				continue
			}
			sr := sv.newSearcher(context.Background(), s, 0, false, false)
			ex := new(examined)
			sr.examine(g.Full(), &sr.root, 0, 0, ex)
			if ex.outcome == searchOn && ex.relevant != 0 {
				srs, exs = append(srs, sr), append(exs, ex)
			}
		}
		for _, way := range []struct {
			name string
			key  func(*searcher, *examined) posKey
		}{{"canonical", func(sr *searcher, ex *examined) (k posKey) { sr.canonical(ex, &k); return k }}, {"planes", (*searcher).canonicalPlanes}} {
			b.Run(fmt.Sprintf("s=%d/%s", size, way.name), func(b *testing.B) {
				var sink uint64
				for i := 0; b.Loop(); i++ {
					k := way.key(srs[i&255], exs[i&255])
					sink += k.narrow
				}
				if sink == 1 {
					b.Log(sink)
				}
			})
		}
	}
}

// TestLookAgreesWithExamine: the quick look at a child (from its parent's
// prepared sets) finds what examining the child in full finds of its key and
// outcome — the relevant numbers, the candidates, the threats of each colour
// and the outcome — for every number and colour but those that complete a
// progression, in random positions with one to three colours; and the
// lists it fills then are the full examine's.
func TestLookAgreesWithExamine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	looked := 0
	for range 3000 {
		nc := 1 + rng.IntN(3)
		l := 1 + rng.IntN(nc)
		g, err := vdwlist.New(3, nc, l, 9+rng.IntN(12))
		if err != nil {
			t.Fatal(err)
		}
		s := randomStates(g, rng, 1)
		if len(s) < 2 || s[1].Phase() != vdwlist.PhaseName {
			continue
		}
		sr := NewSolver(g, 1<<20).newSearcher(context.Background(), s[1], 0, false, false)
		var ex examined
		sr.examine(g.Full(), &sr.root, 0, 0, &ex)
		var p childPrep
		if ex.outcome != searchOn || !sr.prepare(&ex, &p) {
			continue
		}
		ex.prep = &p
		for m := ex.cand; m != 0; m &= m - 1 {
			n := bits.TrailingZeros64(m) + 1
			forced := sr.forcedAt(n)
			for col := range nc {
				if forced&(1<<col) != 0 {
					continue
				}
				sr.colour(n, col)
				var quick, full examined
				p.look(sr, &ex, n, col, &quick)
				sr.examine(ex.cand&^(1<<(n-1)), &ex, n, col, &full)
				if quick.relevant != full.relevant || quick.cand != full.cand || quick.nm != full.nm || quick.threats != full.threats || quick.outcome != full.outcome {
					t.Fatalf("%s, %d coloured %d: the look finds relevant %b, threats %v, outcome %d; examine %b, %v, %d",
						s[1].Position(), n, col, quick.relevant, quick.threats[:nc], quick.outcome, full.relevant, full.threats[:nc], full.outcome)
				}
				sr.lists(&ex, n, col, &quick)
				if fmt.Sprint(quick.live, quick.liveCols) != fmt.Sprint(full.live, full.liveCols) {
					t.Fatalf("%s, %d coloured %d: lists %v %v, examine %v %v", s[1].Position(), n, col, quick.live, quick.liveCols, full.live, full.liveCols)
				}
				sr.uncolour(n, col)
				looked++
			}
		}
	}
	if looked < 5000 {
		t.Fatalf("only %d children looked at", looked)
	}
}
