package nim

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/bits"
	"sort"
	"strconv"
	"time"

	"github.com/kombi/kombi/solve"
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
	// Method names how the values were computed, Seconds how long it took.
	Method  string
	Seconds float64
}

// MaxGrundyValues bounds the values GrundyValues computes at once.
const MaxGrundyValues = 1 << 26

// GrundyValues computes G(0..count−1) by the sparse-space method. progress,
// when not nil, receives now and then the number of values done. When ctx
// is done it returns the table of the values done so far with ctx's error.
func GrundyValues(ctx context.Context, count int, progress func(solve.Progress)) (*GrundyTable, error) {
	if count < 0 || count > MaxGrundyValues {
		return nil, fmt.Errorf("grundy values: count %d: want 0 to %d", count, MaxGrundyValues)
	}
	start := time.Now()
	report := func(done int) {
		if progress != nil {
			progress(solve.Progress{Done: int64(done), Total: int64(count), Elapsed: time.Since(start)})
		}
	}
	t := &GrundyTable{Values: make([]uint16, count), Method: "sparse-space method"}
	defer func() { t.Seconds = time.Since(start).Seconds() }()
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
				t.Values = t.Values[:n]
				t.setRare(rarePos, rareVal)
				return t, err
			}
			if n&0xffff == 0 {
				report(n)
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
	t.setRare(rarePos, rareVal)
	report(count)
	return t, nil
}

func (t *GrundyTable) setRare(pos []int, val []uint16) {
	t.Rare = make([][2]int, len(pos))
	for i, r := range pos {
		t.Rare[i] = [2]int{r, int(val[i])}
	}
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

// NaiveGrundyTable is GrundyValues by the plain mex (NaiveGrundyValues),
// for comparison. When ctx is done it returns the values done so far with
// ctx's error.
func NaiveGrundyTable(ctx context.Context, count int) (*GrundyTable, error) {
	if count < 0 || count > MaxGrundyValues {
		return nil, fmt.Errorf("grundy values: count %d: want 0 to %d", count, MaxGrundyValues)
	}
	start := time.Now()
	t := &GrundyTable{Values: make([]uint16, count), Rare: [][2]int{}, Method: "plain mex"}
	defer func() { t.Seconds = time.Since(start).Seconds() }()
	seen := make([]int, count+2)
	var err error
	for n := range count {
		if n&0xff == 0 {
			if err = ctx.Err(); err != nil {
				t.Values = t.Values[:n]
				break
			}
		}
		for a := 1; 2*a < n; a++ {
			if v := t.Values[a] ^ t.Values[n-a]; int(v) < len(seen) {
				seen[v] = n
			}
		}
		m := 0
		for n >= 3 && seen[m] == n {
			m++
		}
		t.Values[n] = uint16(m)
		t.Scanned += int64(max(0, (n-1)/2))
		if n >= 1 && IsRare(m) {
			t.Rare = append(t.Rare, [2]int{n, m})
		}
		if m > t.Max {
			t.Max, t.MaxAt = m, n
		}
	}
	return t, err
}

// NaiveGrundyValues computes G(0..count−1) by the plain mex over every
// split, in O(count²) time; it is the reference for GrundyValues. A count
// below 1 gives none.
func NaiveGrundyValues(count int) []int {
	count = max(count, 0)
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

// WriteJSON writes the table as `kombi table grundy --json` prints it,
// {"count","values","rare","max_value","max_at","seconds"}, streaming the
// values (without them when summary is set).
func (t *GrundyTable) WriteJSON(w io.Writer, summary bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, `{"count":%d,"values":[`, len(t.Values))
	if !summary {
		for n, v := range t.Values {
			if n > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString(strconv.Itoa(int(v)))
		}
	}
	bw.WriteString(`],"rare":[`)
	for i, r := range t.Rare {
		if i > 0 {
			bw.WriteByte(',')
		}
		fmt.Fprintf(bw, "[%d,%d]", r[0], r[1])
	}
	fmt.Fprintf(bw, `],"max_value":%d,"max_at":%d,"seconds":%.3f}`+"\n", t.Max, t.MaxAt, t.Seconds)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("grundy table: %w", err)
	}
	return nil
}

// CheckGrundyTable reports whether GrundyValues computes count values and,
// when listed is set, ValueRows lists them.
func CheckGrundyTable(count int, listed bool) error {
	if count < 1 || count > MaxGrundyValues {
		return fmt.Errorf("count %d: want 1 to %d", count, MaxGrundyValues)
	}
	if listed && count > MaxGrundyRows {
		return fmt.Errorf("count %d: a table lists at most %d values; leave the list out or write JSON", count, MaxGrundyRows)
	}
	return nil
}

// GrundyValuesPerRow is how many values one row of ValueRows holds.
const GrundyValuesPerRow = 20

// MaxGrundyRows bounds the values ValueRows lays out as table rows.
const MaxGrundyRows = 1 << 22

// ValueColumns are the columns of ValueRows: n, then +0 to +19.
func ValueColumns() []string {
	cols := []string{"n"}
	for i := range GrundyValuesPerRow {
		cols = append(cols, "+"+strconv.Itoa(i))
	}
	return cols
}

// ValueRows lays the values out as rows of a table, GrundyValuesPerRow
// values a row after the first n of the row; at most MaxGrundyRows values.
func (t *GrundyTable) ValueRows() ([][]string, error) {
	if len(t.Values) > MaxGrundyRows {
		return nil, fmt.Errorf("grundy table: %d values are more than the %d a table lists; print them as JSON or leave them out", len(t.Values), MaxGrundyRows)
	}
	rows := make([][]string, 0, (len(t.Values)+GrundyValuesPerRow-1)/GrundyValuesPerRow)
	for n := 0; n < len(t.Values); n += GrundyValuesPerRow {
		row := []string{strconv.Itoa(n)}
		for _, v := range t.Values[n:min(n+GrundyValuesPerRow, len(t.Values))] {
			row = append(row, strconv.Itoa(int(v)))
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// RareRows lists the rare values as rows (n, G(n)).
func (t *GrundyTable) RareRows() [][]string {
	rows := make([][]string, len(t.Rare))
	for i, r := range t.Rare {
		rows[i] = []string{strconv.Itoa(r[0]), strconv.Itoa(r[1])}
	}
	return rows
}

// GrundyTableOf computes G(0..count−1) by the sparse-space method, or by
// the plain mex when naive is set (see GrundyValues and NaiveGrundyTable).
func GrundyTableOf(ctx context.Context, count int, naive bool, progress func(solve.Progress)) (*GrundyTable, error) {
	if naive {
		return NaiveGrundyTable(ctx, count)
	}
	return GrundyValues(ctx, count, progress)
}

// ValuesTitle is the title of the table of ValueRows.
func (t *GrundyTable) ValuesTitle() string {
	return fmt.Sprintf("Grundy's game: G(n) for n = 0..%d (%s, %.3f s).", len(t.Values)-1, t.Method, t.Seconds)
}

// RareTitle is the title of the table of RareRows.
func (t *GrundyTable) RareTitle() string {
	return fmt.Sprintf("Rare values (bits above the lowest of even parity) at %d heaps n ≥ 1:", len(t.Rare))
}

// Summary says what the largest value is and where it first occurs, and
// how the values were computed.
func (t *GrundyTable) Summary() string {
	return fmt.Sprintf("Largest value: %d, first at n = %d (G(0..%d) by the %s in %.3f s).", t.Max, t.MaxAt, len(t.Values)-1, t.Method, t.Seconds)
}
