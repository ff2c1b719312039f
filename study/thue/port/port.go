// Package port is a straight Go port of the Java listings of Rękawek's
// thesis "Gra Thuego" (Gdańsk 2016): the repetition search of Listings
// 2.1–2.4, the greedy painter and builder of Listings 2.5–2.6 and the
// recursive ("nesting") painter and builder of Listings 2.7–2.9. It keeps
// their data structures (lists of integers rebuilt and rescanned for every
// candidate symbol) and their order of evaluation, so it is slow; it is the
// oracle that the fast engine of package thue is tested against, and the
// baseline of `kombi bench thue`.
//
// Two deliberate differences from the listings: findOverlap starts at the
// smallest overlap (aaa, subsequences of size 2; the thesis starts at size 3
// and so misses aaa), and a recursive painter chooses only among the symbols
// that fit (the listing's getRandomFromScoreList is not shown; see
// FindRightColorPredicting).
package port

import "math/rand/v2"

// Subsequence is the left part of a repetition found in a sequence: Seq
// starts at Index and has Size symbols.
type Subsequence struct {
	Seq   []int
	Index int
	Size  int
}

func listsAreEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FindSquare is Listing 2.1: squares by increasing half size.
func FindSquare(sequence []int) *Subsequence {
	maxSeqSize := len(sequence) / 2
	minSeqSize := 1
	for subSeqSize := minSeqSize; subSeqSize <= maxSeqSize; subSeqSize++ {
		if sq := compareSubSeq(subSeqSize, sequence); sq != nil {
			return sq
		}
	}
	return nil
}

// compareSubSeq is Listing 2.2.
func compareSubSeq(subSeqSize int, sequence []int) *Subsequence {
	left, right := make([]int, 0, subSeqSize), make([]int, 0, subSeqSize) // the listing's lists, sized once
	comparesFitInSequence := (len(sequence) + 1) - subSeqSize*2
	for i := 0; i < comparesFitInSequence; i++ {
		for j := 0; j < subSeqSize; j++ {
			left = append(left, sequence[i+j])
			right = append(right, sequence[i+j+subSeqSize])
		}
		if listsAreEqual(left, right) {
			return &Subsequence{Seq: left, Index: i, Size: subSeqSize}
		}
		left = left[:0]
		right = right[:0]
	}
	return nil
}

// FindOverlap is Listing 2.3, starting at subsequences of size 2 (the
// overlap aaa) instead of the listing's 3.
func FindOverlap(sequence []int) *Subsequence {
	maxSeqSize := len(sequence)/2 + 1
	minSeqSize := 2
	for subSeqSize := minSeqSize; subSeqSize <= maxSeqSize; subSeqSize++ {
		if r := compareSubSeqOverlap(subSeqSize, sequence); r != nil {
			return r
		}
	}
	return nil
}

// compareSubSeqOverlap is Listing 2.4.
func compareSubSeqOverlap(subSeqSize int, sequence []int) *Subsequence {
	left, right := make([]int, 0, subSeqSize), make([]int, 0, subSeqSize) // the listing's lists, sized once
	comparesFitInSequence := (len(sequence) + 2) - subSeqSize*2
	for i := 0; i < comparesFitInSequence; i++ {
		for j := 0; j < subSeqSize; j++ {
			left = append(left, sequence[i+j])
			right = append(right, sequence[i+j+subSeqSize-1])
		}
		if listsAreEqual(left, right) {
			return &Subsequence{Seq: left, Index: i, Size: subSeqSize}
		}
		left = left[:0]
		right = right[:0]
	}
	return nil
}

// Player holds the settings of the thesis' program that its strategies
// read: the game type, the alphabet size (setPower), the nesting levels, and
// the tie-breaking (randomization).
type Player struct {
	Overlap             bool
	Power               int
	PainterNestingLevel int
	BuilderNestingLevel int
	// Rand breaks ties between equally scored options when not nil
	// (randomization = true); nil picks the first.
	Rand *rand.Rand
}

func (p *Player) pickProperFind(sequence []int) *Subsequence {
	if p.Overlap {
		return FindOverlap(sequence)
	}
	return FindSquare(sequence)
}

func add(sequence []int, index, symbol int) []int {
	sequence = append(sequence, 0)
	copy(sequence[index+1:], sequence[index:])
	sequence[index] = symbol
	return sequence
}

func remove(sequence []int, index int) []int {
	copy(sequence[index:], sequence[index+1:])
	return sequence[:len(sequence)-1]
}

// GetFitableSymbolList returns the symbols that can be inserted at index
// without a repetition: each is inserted and the whole sequence searched.
func (p *Player) GetFitableSymbolList(sequence []int, index int) []int {
	var out []int
	for symbol := 0; symbol < p.Power; symbol++ {
		sequence = add(sequence, index, symbol)
		if p.pickProperFind(sequence) == nil {
			out = append(out, symbol)
		}
		sequence = remove(sequence, index)
	}
	return out
}

// FindRightColorGreedy is Listing 2.5: the first symbol that makes no
// repetition, or -1.
func (p *Player) FindRightColorGreedy(sequence []int, index int) int {
	for symbol := 0; symbol < p.Power; symbol++ {
		sequence = add(sequence, index, symbol)
		if p.pickProperFind(sequence) == nil {
			remove(sequence, index) // restores the caller's elements, as the listing does
			return symbol
		}
		sequence = remove(sequence, index)
	}
	return -1
}

// FindRightIndexGreedy is Listing 2.6: the last position with the fewest
// fitting symbols.
func (p *Player) FindRightIndexGreedy(sequence []int) int {
	winner := -1
	smallestSymbolSize := p.Power
	for i := 0; i < len(sequence)+1; i++ {
		symbols := p.GetFitableSymbolList(sequence, i)
		if len(symbols) <= smallestSymbolSize {
			smallestSymbolSize = len(symbols)
			winner = i
		}
	}
	return winner
}

// FindRightColorPredicting is Listing 2.7: every fitting symbol is inserted
// and scored by simulation; the best scored one is returned. The listing's
// getRandomFromScoreList is not shown: here it picks among the fitting
// symbols (the first or, with Rand, a random one of the best), and returns
// -1 when none fits.
func (p *Player) FindRightColorPredicting(sequence []int, index int) int {
	scoreList := make([]int64, p.Power)
	symbolList := p.GetFitableSymbolList(sequence, index)
	for _, symbol := range symbolList {
		sequence = add(sequence, index, symbol)
		p.simulation(sequence, symbol, scoreList, p.PainterNestingLevel)
		sequence = remove(sequence, index)
	}
	if len(symbolList) == 0 {
		return -1
	}
	best := []int{symbolList[0]}
	for _, s := range symbolList[1:] {
		switch {
		case scoreList[s] > scoreList[best[0]]:
			best = append(best[:0], s)
		case scoreList[s] == scoreList[best[0]]:
			best = append(best, s)
		}
	}
	return p.pick(best)
}

func (p *Player) pick(best []int) int {
	if p.Rand == nil || len(best) == 1 {
		return best[0]
	}
	return best[p.Rand.IntN(len(best))]
}

// simulation is Listing 2.8.
func (p *Player) simulation(sequence []int, indexInScoreList int, scoreList []int64, invokes int) {
	invokes--
	for j := 0; j < len(sequence)+1; j++ {
		symbolList := p.GetFitableSymbolList(sequence, j)
		scoreList[indexInScoreList] += int64(len(symbolList))
		for _, symbol := range symbolList {
			sequence = add(sequence, j, symbol)
			if invokes > 0 {
				p.simulation(sequence, indexInScoreList, scoreList, invokes)
			}
			sequence = remove(sequence, j)
		}
	}
}

// FindRightIndex is Listing 2.9: every position is scored by inserting each
// fitting symbol and simulating; the lowest scored position is returned
// (the first or, with Rand, a random one of the lowest).
func (p *Player) FindRightIndex(sequence []int) int {
	scoreList := make([]int64, len(sequence)+1)
	for i := 0; i < len(sequence)+1; i++ {
		symbols := p.GetFitableSymbolList(sequence, i)
		for _, symbol := range symbols {
			sequence = add(sequence, i, symbol)
			p.simulation(sequence, i, scoreList, p.BuilderNestingLevel)
			sequence = remove(sequence, i)
		}
	}
	best := []int{0}
	for i := 1; i < len(scoreList); i++ {
		switch {
		case scoreList[i] < scoreList[best[0]]:
			best = append(best[:0], i)
		case scoreList[i] == scoreList[best[0]]:
			best = append(best, i)
		}
	}
	return p.pick(best)
}

// ChooseIndex is the builder's decision as the thesis' program makes it:
// greedy at nesting level 0, recursive above.
func (p *Player) ChooseIndex(sequence []int) int {
	if p.BuilderNestingLevel == 0 {
		return p.FindRightIndexGreedy(sequence)
	}
	return p.FindRightIndex(sequence)
}

// ChooseSymbol is the painter's decision: greedy at nesting level 0,
// recursive above; 0 when no symbol fits (any symbol ends the game).
func (p *Player) ChooseSymbol(sequence []int, index int) int {
	var s int
	if p.PainterNestingLevel == 0 {
		s = p.FindRightColorGreedy(sequence, index)
	} else {
		s = p.FindRightColorPredicting(sequence, index)
	}
	return max(s, 0)
}

// PlayGame plays one game between a builder and a painter from the word
// "start" and returns the final sequence, stopping at maxLength symbols
// (0: no limit).
func PlayGame(builder, painter *Player, start, maxLength int) []int {
	seq := []int{start}
	for maxLength == 0 || len(seq) < maxLength {
		i := builder.ChooseIndex(seq)
		s := painter.ChooseSymbol(seq, i)
		seq = add(seq, i, s)
		if builder.pickProperFind(seq) != nil {
			break
		}
	}
	return seq
}
