package thesis

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
)

// What the thesis' chapters 2 and 3 show about games and words, computed
// by the game's engine: the gaps the builder chose (Figures 3.7 and 3.8),
// the repetition search step by step (Figures 2.1 and 2.2) and the
// recursive painter's scores (Figure 2.5).

// GapChoice is one builder decision of a Thue game.
type GapChoice struct {
	// Move is the decision's index in the record's moves.
	Move int `json:"move"`
	// Length is the word length before it, Gap the position chosen.
	Length int `json:"length"`
	Gap    int `json:"gap"`
	// Fits is the number of symbols that fit at the chosen gap (the
	// painter's replies that make no repetition); MinFits the least over
	// all gaps.
	Fits    int `json:"fits"`
	MinFits int `json:"min_fits"`
}

// Gaps replays a Thue game's record and returns its builder decisions;
// ok is false for a record of another game.
func Gaps(games *game.Registry, rec *game.Record) (choices []GapChoice, ok bool, err error) {
	g, err := games.Load(rec.Game, rec.Seed)
	if err != nil {
		return nil, false, fmt.Errorf("record of %s: %w", rec.Game, err)
	}
	s, ok := g.NewInitialState().(*thue.State)
	if !ok {
		return nil, false, nil
	}
	var fitter thue.Fitter
	var fit []uint32
	for i, m := range rec.Moves {
		mv, err := s.ParseMove(m.Move)
		if err != nil {
			return choices, true, fmt.Errorf("record of %s, move %d: %w", rec.Game, i+1, err)
		}
		if s.Player() == game.Player(0) {
			fit = fitter.FitAll(s.Word(), s.Alphabet(), s.Rule(), fit)
			least := s.Alphabet()
			for _, f := range fit {
				least = min(least, bits.OnesCount32(f))
			}
			gap := int(mv)
			if gap >= len(fit) {
				return choices, true, fmt.Errorf("record of %s, move %d: position %d of a word of %d symbols", rec.Game, i+1, gap, len(s.Word()))
			}
			choices = append(choices, GapChoice{Move: i, Length: len(s.Word()), Gap: gap, Fits: bits.OnesCount32(fit[gap]), MinFits: least})
		}
		if err := s.Apply(mv); err != nil {
			return choices, true, fmt.Errorf("record of %s, move %d: %w", rec.Game, i+1, err)
		}
		if s.IsTerminal() {
			break
		}
	}
	return choices, true, nil
}

// FirstNarrow returns, of a game's builder decisions, the word length at
// the first gap chosen with at most two symbols that fit and at the first
// with at most one (the thesis' Figure 3.7: where the greedy builder
// leaves its "iterative tactic"); 0 when there is none.
func FirstNarrow(choices []GapChoice) (two, one int) {
	for _, c := range choices {
		if two == 0 && c.Fits <= 2 {
			two = c.Length
		}
		if one == 0 && c.Fits <= 1 {
			one = c.Length
		}
	}
	return two, one
}

// Comparison is one comparison of the thesis' repetition search (Listings
// 2.1–2.4): in the pass over halves of Size symbols, the halves starting
// at Left and Right, and whether they are equal.
type Comparison struct {
	Size, Left, Right int
	Equal             bool
}

// Search runs the thesis' search for a square (Listings 2.1 and 2.2) or an
// overlap (2.3 and 2.4, from halves of 2 symbols: the listing's 3 misses
// aaa) in word and returns its comparisons, the last one the repetition
// found when there is one.
func Search(word []byte, overlap bool) []Comparison {
	first := 1
	if overlap {
		first = 2
	}
	return SearchFrom(word, overlap, first)
}

// ListedFirst is the half size the thesis' listings start their search
// at (minSeqSize): 1 for squares (Listing 2.1), 3 for overlaps (Listing
// 2.3, which so misses the overlap aaa, of halves of 2).
func ListedFirst(overlap bool) int {
	if overlap {
		return 3
	}
	return 1
}

// ListedLast is the half size the thesis' listings end their search at
// (maxSeqSize) in a word of n symbols: n/2 for squares (Listing 2.1),
// n/2 + 1 for overlaps (Listing 2.3), in integer division.
func ListedLast(n int, overlap bool) int {
	if overlap {
		return n/2 + 1
	}
	return n / 2
}

// ComparesFit is the number of comparisons the thesis' pass over halves
// of size symbols makes in a word of n symbols (comparesFitInSequence):
// (n + 1) − 2·size for squares (Listing 2.2), (n + 2) − 2·size for
// overlaps (Listing 2.4), whose halves share a symbol.
func ComparesFit(n, size int, overlap bool) int {
	if overlap {
		return n + 2 - 2*size
	}
	return n + 1 - 2*size
}

// SearchFrom runs the thesis' search as Search does, its passes from
// halves of first symbols (ListedFirst: as the listings print it) to
// ListedLast.
func SearchFrom(word []byte, overlap bool, first int) []Comparison {
	n := len(word)
	lo, hi, shift := first, ListedLast(n, overlap), 0
	if overlap {
		shift = 1
	}
	var out []Comparison
	for size := lo; size <= hi; size++ {
		for i := range max(0, ComparesFit(n, size, overlap)) {
			c := Comparison{Size: size, Left: i, Right: i + size - shift, Equal: true}
			for j := range size {
				if word[i+j] != word[c.Right+j] {
					c.Equal = false
					break
				}
			}
			out = append(out, c)
			if c.Equal {
				return out
			}
		}
	}
	return out
}

// RepetitionIn returns the repetition the game's engine finds in word
// (squares, or overlaps when overlap): the shortest, then leftmost.
func RepetitionIn(word []byte, overlap bool) (thue.Repetition, bool) {
	rule := thue.Square
	if overlap {
		rule = thue.Overlap
	}
	return thue.FindRepetition(word, rule)
}

// PainterScores returns the thesis' recursive painter's score of each of
// k symbols at gap i of word (Listing 2.7, squares) for the nesting
// level; -1 marks a symbol that makes a square there.
func PainterScores(word []byte, k, i, level int) []int64 {
	return thue.NewEngine(k, thue.Square).PainterScores(word, i, level, nil)
}

// Letters writes a word over a, b, c, ... as the thesis' figures do.
func Letters(word []byte) string {
	var b strings.Builder
	for _, c := range word {
		b.WriteByte('a' + c)
	}
	return b.String()
}
