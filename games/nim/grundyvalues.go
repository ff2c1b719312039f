package nim

import (
	"context"
	"fmt"
	"math/bits"
	"sort"
)

// Grundy's game: a move splits one heap into two non-empty heaps of
// different sizes. The Grundy value of a heap of n tokens is
//
//	G(n) = mex{ G(a) ⊕ G(n−a) : 1 ≤ a < n/2 }.
//
// The plain mex costs O(n) per value. The sparse-space method of Winning
// Ways (ch. 4; Flammenkamp's tables) splits values by the parity of their
// bits above the lowest: a value v is "rare" when popcount(v >> 1) is even
// and "common" otherwise. That parity is linear over XOR, so common ⊕ common
// and rare ⊕ rare are rare, and only a rare and a common heap make a common
// value. Rare heaps are few (1273 below 2²¹; Flammenkamp knows 1287 in
// all), so the common values among the options of n come from O(#rare)
// pairs, exactly. The mex is then the smallest common value c not among
// them, unless some rare value below c is missing too. Rare values come from
// almost every pair of common heaps, so a short search of the pairs meets
// each of them; only when G(n) really is rare does the search run through
// every pair. The search first tries the small heaps of a probe list that
// starts with one heap of each value and moves every heap that meets a
// needed value halfway to the front, so the few useful heaps gather there
// (a few hundred pairs per n instead of thousands); it ends with the plain scan
// of the remaining pairs, so the result is exact whatever the order.

// IsRare reports whether v lies in the sparse ("rare") half of the values.
func IsRare(v int) bool { return bits.OnesCount(uint(v)>>1)%2 == 0 }

// GrundyTable holds G(0..Count−1) of Grundy's game.
type GrundyTable struct {
	Values []uint16
	// Rare lists the heaps n ≥ 1 with a rare value, as (n, G(n)).
	Rare [][2]int
	// Max is the largest value and MaxAt the first heap that has it.
	Max, MaxAt int
	// Scanned counts the pairs examined, a measure of the work done.
	Scanned int64
}

// GrundyValues computes G(0..count−1) by the sparse-space method. progress,
// when not nil, is called now and then with the number of values done. It
// stops with ctx's error when ctx is done.
func GrundyValues(ctx context.Context, count int, progress func(done int)) (*GrundyTable, error) {
	if count < 0 {
		return nil, fmt.Errorf("grundy values: count %d < 0", count)
	}
	t := &GrundyTable{Values: make([]uint16, count)}
	g := t.Values
	const words = 1 << 10 // bitsets over all 2¹⁶ values
	var rareWord [words]uint64
	for v := range words * 64 {
		if IsRare(v) {
			rareWord[v>>6] |= 1 << (v & 63)
		}
	}
	var rarePos []int    // heaps ≥ 1 with a rare value, increasing
	var rareVal []uint16 // their values
	var need [words]uint64
	common := make([]int32, words*64) // common[v] == n: v is an option value of n
	var probe []int32                 // small heaps in probe order (see probeOrder)
	for n := range count {
		if n&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if progress != nil && n&0xffff == 0 {
				progress(n)
			}
		}
		if n < 3 {
			if n > 0 { // G(1) = G(2) = 0 is rare
				rarePos, rareVal = append(rarePos, n), append(rareVal, 0)
			}
			continue
		}
		// Common option values: a rare heap r with a common heap n−r. The
		// loop also meets rare heaps n−r and the unequal-split exception
		// r = n−r; both give rare values, which the search for c ignores.
		stamp := int32(n)
		for i, r := range rarePos { // every r < n
			common[rareVal[i]^g[n-r]] = stamp
		}
		// c: the smallest common value that is not an option value.
		c := 0
		for rareWord[c>>6]&(1<<(c&63)) != 0 || common[c] == stamp {
			c++
		}
		// Rare values below c must all be option values (of two common or
		// two rare heaps), else the smallest missing one is the mex. They
		// almost always are: scan the pairs until each has been seen.
		cnt := 0
		for i := 0; i <= c>>6; i++ {
			m := rareWord[i]
			if i == c>>6 {
				m &= 1<<(c&63) - 1
			}
			need[i] = m
			cnt += bits.OnesCount64(m)
		}
		val := c
		if cnt > 0 {
			half := (n - 1) / 2
			scanned := 0
			// First the pairs whose small heap is in the probe list (every
			// heap up to probeRange, in a self-organising order), then every
			// other pair.
			if len(probe) == 0 && n > 2*probeRange+2 {
				probe = probeOrder(g[:probeRange+1])
			}
			a := 1
			if half > probeRange && len(probe) > 0 {
				a = probeRange + 1 // the probe list holds every heap up to probeRange
				for i, a := range probe {
					v := g[a] ^ g[n-int(a)]
					scanned++
					if need[v>>6]&(1<<(v&63)) != 0 {
						need[v>>6] &^= 1 << (v & 63)
						if i > 0 { // useful heaps move towards the front
							j := i / 2
							probe[i], probe[j] = probe[j], a
						}
						if cnt--; cnt == 0 {
							break
						}
					}
				}
			}
			for ; a <= half && cnt > 0; a++ {
				v := g[a] ^ g[n-a]
				scanned++
				if need[v>>6]&(1<<(v&63)) != 0 {
					need[v>>6] &^= 1 << (v & 63)
					cnt--
				}
			}
			t.Scanned += int64(scanned)
			if cnt > 0 {
				for i := 0; ; i++ {
					if need[i] != 0 {
						val = i*64 + bits.TrailingZeros64(need[i])
						break
					}
				}
			}
			clear(need[:c>>6+1])
		}
		if val >= words*64/2 {
			return nil, fmt.Errorf("grundy values: G(%d) = %d is beyond the %d values this method handles", n, val, words*64/2)
		}
		g[n] = uint16(val)
		if rareWord[val>>6]&(1<<(val&63)) != 0 {
			rarePos, rareVal = append(rarePos, n), append(rareVal, uint16(val))
		}
		if val > t.Max {
			t.Max, t.MaxAt = val, n
		}
	}
	for i, r := range rarePos {
		t.Rare = append(t.Rare, [2]int{r, int(rareVal[i])})
	}
	if progress != nil {
		progress(count)
	}
	return t, nil
}

// probeRange bounds the small heaps of the probe list.
const probeRange = 1 << 14

// probeOrder returns the heaps 1..len(g)−1 ordered by how many earlier
// heaps share their value, then by heap: the first heap of each value,
// then the second of each, and so on.
func probeOrder(g []uint16) []int32 {
	seen := map[uint16]int{}
	rank := make([]int, len(g))
	for a := 1; a < len(g); a++ {
		rank[a] = seen[g[a]]
		seen[g[a]]++
	}
	out := make([]int32, 0, len(g)-1)
	for a := 1; a < len(g); a++ {
		out = append(out, int32(a))
	}
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i]] < rank[out[j]] })
	return out
}

// NaiveGrundyValues computes G(0..count−1) by the plain mex over every
// split, in O(count²) time; it is the reference for GrundyValues.
func NaiveGrundyValues(count int) []int {
	g := make([]int, count)
	seen := make([]int, count+2)
	for n := 3; n < count; n++ {
		for a := 1; 2*a < n; a++ {
			if v := g[a] ^ g[n-a]; v < len(seen) {
				seen[v] = n
			}
		}
		m := 0
		for seen[m] == n {
			m++
		}
		g[n] = m
	}
	return g
}
