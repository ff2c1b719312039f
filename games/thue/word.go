package thue

// Rule is the kind of repetition that ends the game.
type Rule uint8

const (
	// Square ends the game at the first factor uu (u non-empty).
	Square Rule = iota
	// Overlap ends the game at the first factor of length 2p+1 with period
	// p (xuxux with x non-empty), e.g. aaa or abaabaa.
	Overlap
)

// String returns "square" or "overlap".
func (r Rule) String() string {
	if r == Overlap {
		return "overlap"
	}
	return "square"
}

// Article writes the rule's repetition with its article: "a square", "an
// overlap".
func (r Rule) Article() string {
	if r == Overlap {
		return "an overlap"
	}
	return "a square"
}

// minRun is the number of consecutive equalities w[t] == w[t+p] that make a
// repetition of period p: p for a square, p+1 for an overlap.
func (r Rule) minRun(p int) int {
	if r == Overlap {
		return p + 1
	}
	return p
}

// Repetition is one square or overlap found in a word: the factor
// w[Start:Start+Length] has period Period.
type Repetition struct {
	Start, Length, Period int
}

// Halves returns the two halves of the repetition as [start, end) ranges:
// for a square uu the two copies of u, for an overlap xuxux the two copies
// of xux, which share the central x.
func (r Repetition) Halves() (a, b [2]int) {
	h := r.Length - r.Period
	return [2]int{r.Start, r.Start + h}, [2]int{r.Start + r.Period, r.Start + r.Length}
}

// FindRepetition returns a repetition of word under rule, the shortest one
// and among those the leftmost (the one the thesis' findSquare reports), and
// whether there is one. It takes O(n³) time in the worst case; games use the
// incremental checks of Fits and FitAll instead.
func FindRepetition(word []byte, rule Rule) (Repetition, bool) {
	n := len(word)
	for p := 1; ; p++ {
		length := rule.minRun(p) + p
		if length > n {
			return Repetition{}, false
		}
		for s := 0; s+length <= n; s++ {
			ok := true
			for t := s; t < s+length-p; t++ {
				if word[t] != word[t+p] {
					ok = false
					break
				}
			}
			if ok {
				return Repetition{Start: s, Length: length, Period: p}, true
			}
		}
	}
}

// RepetitionThrough returns the shortest, then leftmost, repetition of word
// that contains position i, and whether there is one.
func RepetitionThrough(word []byte, rule Rule, i int) (Repetition, bool) {
	n := len(word)
	for p := 1; ; p++ {
		length := rule.minRun(p) + p
		if length > n {
			return Repetition{}, false
		}
		for s := max(0, i-length+1); s <= i && s+length <= n; s++ {
			ok := true
			for t := s; t < s+length-p; t++ {
				if word[t] != word[t+p] {
					ok = false
					break
				}
			}
			if ok {
				return Repetition{Start: s, Length: length, Period: p}, true
			}
		}
	}
}

// Fitter computes, for a repetition-free word, which symbols can be inserted
// at each position without creating a repetition. It keeps its buffers
// between calls; the zero value is ready to use. It is not safe for
// concurrent use.
//
// Only repetitions through the inserted symbol can be new. Inserting c at
// position i of w gives w' = w[:i] c w[i:]; a repetition of period p through
// c is a run of equalities w'[t] = w'[t+p] of length minRun(p) that covers
// t = i-p or t = i, the only two equalities that involve c. Left of i-p the
// equalities are those of w with period p, between i-p and i those of w with
// period p-1, right of i again period p (shifted by one). So for each period
// the run lengths of equalities in w at periods p and p-1 decide, for every
// position at once, the (at most two) symbols that are forbidden: w[i-p]
// and w[i+p-1]. All positions cost O(n²) together, with no rescanning of the
// word per symbol.
type Fitter struct {
	// left[t]: equalities w[t'] == w[t'+p] for t' = t, t-1, ... (run ending at t);
	// right[t]: the run starting at t. prevL/prevR hold period p-1.
	left, right, prevL, prevR []int32
}

func (f *Fitter) grow(n int) {
	if cap(f.left) < n+1 {
		f.left = make([]int32, n+1)
		f.right = make([]int32, n+1)
		f.prevL = make([]int32, n+1)
		f.prevR = make([]int32, n+1)
	}
	f.left, f.right, f.prevL, f.prevR = f.left[:n+1], f.right[:n+1], f.prevL[:n+1], f.prevR[:n+1]
}

// runs fills left and right with the run lengths of equalities at period p
// for t in [0, n-p); entries from n-p on are 0.
func runs(w []byte, p int, left, right []int32) {
	n := len(w)
	m := n - p
	if m < 0 {
		m = 0
	}
	var run int32
	for t := 0; t < m; t++ {
		if w[t] == w[t+p] {
			run++
		} else {
			run = 0
		}
		left[t] = run
	}
	for t := m; t <= n; t++ {
		left[t] = 0
		right[t] = 0
	}
	run = 0
	for t := m - 1; t >= 0; t-- {
		if w[t] == w[t+p] {
			run++
		} else {
			run = 0
		}
		right[t] = run
	}
}

// FitAll writes into fit[i], for every position i in 0..len(w), the bit set
// of symbols (bit c for symbol c < k) that can be inserted at i without
// creating a repetition, and returns fit (grown as needed). w must be free of
// repetitions.
func (f *Fitter) FitAll(w []byte, k int, rule Rule, fit []uint32) []uint32 {
	n := len(w)
	full := uint32(1)<<k - 1
	if cap(fit) < n+1 {
		fit = make([]uint32, n+1)
	}
	fit = fit[:n+1]
	forb := fit // forbidden sets first, complemented at the end
	for i := range forb {
		forb[i] = 0
	}
	f.grow(n)
	// Period 0: the "middle" runs of period 1 are empty.
	for t := 0; t <= n; t++ {
		f.prevL[t], f.prevR[t] = 0, 0
	}
	if rule == Square {
		f.squareForbidden(w, forb)
		for i := range fit {
			fit[i] = full &^ forb[i]
		}
		return fit
	}
	extra := 1
	for p := 1; 2*p+extra <= n+1; p++ {
		runs(w, p, f.left, f.right)
		need := int32(p + extra)
		mid := int32(p - 1)
		for i := 0; i <= n; i++ {
			if forb[i] == full {
				continue
			}
			hasX, hasY := i >= p, i+p-1 <= n-1
			var x, y byte
			var m1, m2, a, c int32
			if hasX {
				x = w[i-p]
				if i-p-1 >= 0 {
					a = f.left[i-p-1]
				}
				if p > 1 {
					m1 = min(f.prevR[i-p+1], mid)
				}
			}
			if hasY {
				y = w[i+p-1]
				c = f.right[i]
				if p > 1 && i >= 1 {
					m2 = min(f.prevL[i-1], mid)
				}
			}
			if hasX {
				run := a + 1 + m1
				if m1 == mid && hasY && y == x {
					run += 1 + c
				}
				if run >= need {
					forb[i] |= 1 << x
				}
			}
			if hasY {
				run := m2 + 1 + c
				if hasX && m2 == mid && y == x {
					run += 1 + a
				}
				if run >= need {
					forb[i] |= 1 << y
				}
			}
		}
		f.left, f.prevL = f.prevL, f.left
		f.right, f.prevR = f.prevR, f.right
	}
	for i := range fit {
		fit[i] = full &^ forb[i]
	}
	return fit
}

// squareForbidden is FitAll's loop for squares, where the runs simplify:
// with t = i-p, the symbol w[t] is forbidden at i when the run of period-p
// equalities ending at t-1 plus the run of period-(p-1) equalities starting
// at t+1 reach p-1 (a longer middle run needs no cap: it already reaches
// p-1); symmetrically w[i+p-1] is forbidden when the period-(p-1) run
// ending at i-1 plus the period-p run starting at i reach p-1.
func (f *Fitter) squareForbidden(w []byte, forb []uint32) {
	n := len(w)
	// Arrays shifted by one: L[t+1] is the run ending at t, L[0] = 0;
	// R[t] the run starting at t (0 from n-p on).
	L, R, pL, pR := f.left, f.right, f.prevL, f.prevR
	for t := 0; t <= n; t++ {
		pL[t], pR[t] = 0, 0
	}
	for p := 1; 2*p <= n+1; p++ {
		m := n - p
		need := int32(p - 1)
		// Forward: L, and the x side (i = t+p, symbol w[t], the middle
		// run of period p-1 starting at t+1).
		var run int32
		L[0] = 0
		for t := 0; t < m; t++ {
			if L[t]+pR[t+1] >= need {
				forb[t+p] |= 1 << w[t]
			}
			if w[t] == w[t+p] {
				run++
			} else {
				run = 0
			}
			L[t+1] = run
		}
		if L[m]+pR[m+1] >= need { // t = m: i = n
			forb[n] |= 1 << w[m]
		}
		for t := m; t < n; t++ {
			L[t+1] = 0
		}
		// Backward: R, and the y side (i, symbol w[i+p-1], the middle run
		// of period p-1 ending at i-1).
		for t := m; t <= n; t++ {
			R[t] = 0
		}
		if pL[m] >= need { // i = m: R[m] = 0
			forb[m] |= 1 << w[m+p-1]
		}
		run = 0
		for i := m - 1; i >= 0; i-- {
			if w[i] == w[i+p] {
				run++
			} else {
				run = 0
			}
			R[i] = run
			if pL[i]+run >= need {
				forb[i] |= 1 << w[i+p-1]
			}
		}
		L, pL = pL, L
		R, pR = pR, R
	}
	f.left, f.right, f.prevL, f.prevR = L, R, pL, pR
}

// Fits reports whether inserting c at position i (0 to len(w)) of the
// repetition-free word w keeps it free of repetitions. It checks only the
// repetitions through the new symbol, in O(n²) time without building the
// new word; it does not check its arguments (a hot path of the solvers).
func Fits(w []byte, rule Rule, i int, c byte) bool {
	n := len(w) + 1
	at := func(t int) byte {
		switch {
		case t < i:
			return w[t]
		case t == i:
			return c
		default:
			return w[t-1]
		}
	}
	for p := 1; ; p++ {
		length := rule.minRun(p) + p
		if length > n {
			return true
		}
		for s := max(0, i-length+1); s <= i && s+length <= n; s++ {
			ok := true
			for t := s; t < s+length-p; t++ {
				if at(t) != at(t+p) {
					ok = false
					break
				}
			}
			if ok {
				return false
			}
		}
	}
}

// UsedSymbols returns the set of the symbols that occur in w (bit c for the
// symbol c).
func UsedSymbols(w []byte) uint32 {
	var u uint32
	for _, c := range w {
		u |= 1 << c
	}
	return u
}
