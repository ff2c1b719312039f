// Package thue implements the Online Thue game of Grytczuk, Szafruga and
// Zmarz as programmed in Rękawek's thesis "Gra Thuego" (Gdańsk 2016): a
// builder chooses where a symbol goes, a painter chooses the symbol, and the
// game ends at the first square (or overlap). The package holds the rules,
// the thesis' greedy and recursive "nesting" strategies (a fast engine) and
// a length-valued alpha-beta search. The exact solver, the perfect player,
// the benchmark against the port of the thesis' listings (study/thue/port)
// and the thesis' programs (study/thue/thesis) are in package study/thue.
package thue

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

// MaxAlphabet is the largest alphabet a game string accepts.
const MaxAlphabet = 32

// Roles of the two players.
const (
	Builder game.Player = 0
	Painter game.Player = 1
)

var thueParams = []game.ParamSpec{
	{Name: "alphabet", Kind: game.Int, Default: "3", HasMin: true, Min: 2, HasMax: true, Max: MaxAlphabet, Doc: "how many symbols the word is written with: k symbols, 0 to k−1 (setPower in the thesis)"},
	{Name: "rule", Kind: game.Enum, Default: "square", Choices: []string{"square", "overlap"}, Doc: "what ends the game: a square is a block twice in a row, as 01·01; an overlap a block twice and its first symbol once more, as 01·01·0 (gameType in the thesis)"},
	{Name: "start", Kind: game.Int, Random: true, HasMin: true, Min: 0, HasMax: true, Max: MaxAlphabet - 1, Doc: "the one-symbol starting word; drawn from the seed when absent"},
	{Name: "target", Kind: game.Int, Default: "0", HasMin: true, Min: 0, HasMax: true, Max: 1 << 20, Doc: "the painter wins on reaching this length (0: no limit, the builder wins every finished game)"},
}

// NewType returns the type of the Thue game, for a registry.
func NewType() *game.Type {
	return describe(&game.Type{
		Name:   "thue",
		Doc:    "the Online Thue game: the builder picks a position, the painter a symbol; a square (overlap) ends it",
		Roles:  [2]string{"builder", "painter"},
		Params: thueParams,
		New: func(p game.Params) (game.Game, error) {
			k := p.Int("alphabet")
			start := 0
			if p.Has("start") {
				start = p.Int("start")
			} else {
				start = int(p.Seed() % uint64(k))
			}
			rule := Square
			if p.String("rule") == "overlap" {
				rule = Overlap
			}
			return New(k, rule, start, p.Int("target"))
		},
	})
}

// Game is the Thue game with a fixed alphabet, rule and starting symbol.
type Game struct {
	typ    *game.Type
	k      int
	rule   Rule
	start  int
	target int
}

// New returns the game over k symbols with the given rule, starting from
// the word of one symbol, start (0 to k−1); target > 0 lets the painter
// win on reaching that length.
func New(k int, rule Rule, start, target int) (*Game, error) {
	if k < 2 || k > MaxAlphabet {
		return nil, fmt.Errorf("alphabet %d: allowed 2 to %d", k, MaxAlphabet)
	}
	if rule != Square && rule != Overlap {
		return nil, fmt.Errorf("rule %d: want thue.Square or thue.Overlap", rule)
	}
	if start < 0 || start >= k {
		return nil, fmt.Errorf("start symbol %d is not in the alphabet 0..%d", start, k-1)
	}
	if target < 0 || target == 1 {
		return nil, fmt.Errorf("target %d: want 0 (no limit) or a length of at least 2", target)
	}
	return &Game{typ: NewType(), k: k, rule: rule, start: start, target: target}, nil
}

// Type describes the Thue game.
func (g *Game) Type() *game.Type { return g.typ }

// Alphabet returns k, the number of symbols.
func (g *Game) Alphabet() int { return g.k }

// Rule returns the repetition that ends the game.
func (g *Game) Rule() Rule { return g.rule }

// Rules says the rules of this game: its repetition and its target
// (game.Ruler).
func (g *Game) Rules() string {
	goal := "the builder wants it soon, the painter late"
	if g.target > 0 {
		goal = fmt.Sprintf("the painter wins by reaching length %d first, the builder by ending it before", g.target)
	}
	return fmt.Sprintf("The builder chooses where the next symbol goes, the painter which of the %d symbols; the game ends when %s: %s.", g.k, g.ends(), goal)
}

// SoloRules says the rules of the solo mode, where one person plays both
// roles and wants the word long.
func (g *Game) SoloRules() string {
	return fmt.Sprintf("You play both roles: choose where the next symbol goes, then which of the %d symbols; the game ends when %s: make the word as long as you can.", g.k, g.ends())
}

// ends says the repetition that ends the game.
func (g *Game) ends() string {
	if g.rule == Overlap {
		return "an overlap appears (like 01010 or 000)"
	}
	return "a square appears (a block followed at once by itself, like 0101)"
}

// Target returns the length at which the painter wins (0: none).
func (g *Game) Target() int { return g.target }

// String is the canonical game string, with the starting symbol.
func (g *Game) String() string {
	s := fmt.Sprintf("thue(alphabet=%d,rule=%s,start=%d", g.k, g.rule, g.start)
	if g.target > 0 {
		s += fmt.Sprintf(",target=%d", g.target)
	}
	return s + ")"
}

// NewInitialState returns the one-symbol word with the builder to move.
func (g *Game) NewInitialState() game.State {
	return g.NewState([]byte{byte(g.start)})
}

// NewState returns the position with the given word and the builder to
// move. The word must use symbols below k; a word that already holds a
// repetition is a finished game.
func (g *Game) NewState(word []byte) *State {
	s := &State{typ: g.typ, k: g.k, rule: g.rule, target: g.target, word: append([]byte(nil), word...), pos: -1}
	if r, ok := FindRepetition(s.word, g.rule); ok {
		s.over, s.rep = true, r
	}
	return s
}

// MaxPositionLength bounds the words ParsePosition reads.
const MaxPositionLength = 10000

// ParsePosition reads a position as State.Position writes it: a word such
// as "0121" or "0 1 2 1" (symbols separated by spaces, commas, dots or ';',
// as alphabets of more than 10 symbols need) with the builder to move, or a
// word followed by "@" and the gap the builder chose ("0121@2") with the
// painter to move.
func (g *Game) ParsePosition(text string) (game.State, error) {
	wordText, gapText, hasGap := strings.Cut(text, "@")
	if len(wordText) > 4*MaxPositionLength {
		return nil, fmt.Errorf("position: %d characters; positions hold at most %d symbols", len(text), MaxPositionLength)
	}
	w, err := ParseWord(wordText, g.k)
	if err != nil {
		return nil, err
	}
	if len(w) == 0 {
		return nil, fmt.Errorf("position %q: the word is empty; want symbols 0..%d, e.g. 0121, or 0121@2 for the painter to move with gap 2 chosen", game.Clip(text), g.k-1)
	}
	if len(w) > MaxPositionLength {
		return nil, fmt.Errorf("position: a word of %d symbols; positions hold at most %d", len(w), MaxPositionLength)
	}
	s := g.NewState(w)
	if hasGap {
		gap, err := strconv.Atoi(strings.TrimSpace(gapText))
		switch {
		case err != nil || gap < 0 || gap > len(w):
			return nil, fmt.Errorf("position %q: the gap after @ is %q; want a gap from 0 to %d", game.Clip(text), gapText, len(w))
		case s.IsTerminal():
			return nil, fmt.Errorf("position %q: the word %s ends the game, so no gap can be chosen", game.Clip(text), WordString(w, g.k))
		}
		s.pos = gap
	}
	return s, nil
}

// Position writes the position as ParsePosition reads it: the word (see
// WordString; a one-symbol word over more than 10 symbols gets a trailing
// dot, "11.", so that it does not read as two symbols), then "@" and the
// chosen gap while the painter is to move.
func (s *State) Position() string {
	w := WordString(s.word, s.k)
	if s.k > 10 && len(s.word) == 1 {
		w += "."
	}
	if s.pos >= 0 {
		w += "@" + strconv.Itoa(s.pos)
	}
	return w
}

// ParseWord reads a word over k symbols: digits without separators ("0121")
// or numbers separated by spaces, commas, dots or ';'.
func ParseWord(text string, k int) ([]byte, error) {
	t := strings.TrimSpace(text)
	var fields []string
	if strings.ContainsAny(t, " ,;.") {
		fields = strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '.' })
	} else {
		for _, r := range t {
			fields = append(fields, string(r))
		}
	}
	w := make([]byte, 0, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n >= k {
			return nil, fmt.Errorf("word %q: symbol %d is %q; want a symbol from 0 to %d", game.Clip(text), i+1, f, k-1)
		}
		w = append(w, byte(n))
	}
	return w, nil
}

// WordString writes a word: digits for alphabets of up to 10 symbols
// ("01210"), else numbers separated by dots ("0.11.2").
func WordString(w []byte, k int) string {
	var b strings.Builder
	for i, c := range w {
		if k > 10 && i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.Itoa(int(c)))
	}
	return b.String()
}

// State is a position of the Thue game: the word and, when the painter is to
// move, the position the builder chose. It implements game.Undoer,
// game.Hasher, game.Canonicalizer, game.Scorer, game.Annotator,
// game.Explainer, game.Viewer, game.Positioner and game.WidthDrawer.
type State struct {
	typ    *game.Type
	k      int
	rule   Rule
	target int
	word   []byte
	pos    int // the builder's chosen position while the painter is to move, else -1
	over   bool
	rep    Repetition
	hist   []int // positions of the inserted symbols, for Undo
}

// Word returns the current word (do not modify).
func (s *State) Word() []byte { return s.word }

// Alphabet returns the number of symbols.
func (s *State) Alphabet() int { return s.k }

// Rule returns the repetition that ends the game.
func (s *State) Rule() Rule { return s.rule }

// Gap returns the gap (insertion position) chosen by the builder while the
// painter is to move, and -1 while the builder is to move.
func (s *State) Gap() int { return s.pos }

// Repetition returns the repetition that ended the game, if it did.
func (s *State) Repetition() (Repetition, bool) { return s.rep, s.over }

// Target returns the length at which the painter wins (0: none).
func (s *State) Target() int { return s.target }

func (s *State) reachedTarget() bool { return s.target > 0 && len(s.word) >= s.target }

// IsTerminal reports whether the word holds a repetition or reached the target.
func (s *State) IsTerminal() bool { return s.over || s.reachedTarget() }

// Player returns the builder, the painter or game.Terminal.
func (s *State) Player() game.Player {
	switch {
	case s.IsTerminal():
		return game.Terminal
	case s.pos < 0:
		return Builder
	default:
		return Painter
	}
}

// LegalMoves appends the positions 0..n for the builder, the symbols 0..k-1
// for the painter (a symbol that makes a repetition is legal: it ends the game).
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	switch s.Player() {
	case Builder:
		for i := 0; i <= len(s.word); i++ {
			buf = append(buf, game.Move(i))
		}
	case Painter:
		for c := 0; c < s.k; c++ {
			buf = append(buf, game.Move(c))
		}
	}
	return buf
}

func (s *State) check(m game.Move) error {
	switch s.Player() {
	case Builder:
		if m > game.Move(len(s.word)) {
			return fmt.Errorf("position %d is out of range: positions (the gaps of the word) are 0 to %d", m, len(s.word))
		}
	case Painter:
		if m >= game.Move(s.k) {
			return fmt.Errorf("symbol %d is not in the alphabet 0..%d", m, s.k-1)
		}
	default:
		return fmt.Errorf("the game is over")
	}
	return nil
}

// Apply plays m after checking it.
func (s *State) Apply(m game.Move) error {
	if err := s.check(m); err != nil {
		return err
	}
	s.ApplyUnchecked(m)
	return nil
}

// ApplyUnchecked plays a legal move: the builder's position, or the
// painter's symbol, which is inserted and checked for a new repetition
// (only repetitions through it can be new).
func (s *State) ApplyUnchecked(m game.Move) {
	if s.pos < 0 {
		s.pos = int(m)
		return
	}
	i := s.pos
	s.word = append(s.word, 0)
	copy(s.word[i+1:], s.word[i:])
	s.word[i] = byte(m)
	s.hist = append(s.hist, i)
	s.pos = -1
	if r, ok := RepetitionThrough(s.word, s.rule, i); ok {
		s.over, s.rep = true, r
	}
}

// Undo takes back m, the last move applied.
func (s *State) Undo(m game.Move) {
	if s.pos >= 0 || len(s.hist) == 0 && !s.over {
		s.pos = -1
		return
	}
	i := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	copy(s.word[i:], s.word[i+1:])
	s.word = s.word[:len(s.word)-1]
	s.pos = i
	s.over, s.rep = false, Repetition{}
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.word = append([]byte(nil), s.word...)
	c.hist = append([]int(nil), s.hist...)
	return &c
}

// Returns: the builder wins when a repetition appears, the painter when the
// word reaches the target length.
func (s *State) Returns() []float64 {
	switch {
	case s.over:
		return []float64{1, -1}
	case s.reachedTarget():
		return []float64{-1, 1}
	}
	return []float64{0, 0}
}

// Score is the length of the word: the thesis' game length.
func (s *State) Score() int { return len(s.word) }

// PainterPoints is the painter's score in a two-player match: one point for
// every inserted symbol that made no repetition.
func (s *State) PainterPoints() int {
	n := len(s.word) - 1
	if s.over {
		n--
	}
	return n
}

// RecordFields adds the final "word" to a record.
func (s *State) RecordFields() map[string]any {
	return map[string]any{"word": WordString(s.word, s.k)}
}

// Key identifies the word, the chosen position and the end of the game.
func (s *State) Key() uint64 {
	h := game.HashMix(uint64(len(s.word)), uint64(s.pos+1))
	if s.over {
		h = game.HashMix(h, 1)
	}
	for _, c := range s.word {
		h = game.HashMix(h, uint64(c))
	}
	return h
}

// MoveString writes a position or a symbol as a number.
func (s *State) MoveString(m game.Move) string { return strconv.FormatUint(uint64(m), 10) }

// ParseMove reads a position (builder) or a symbol (painter).
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	n, err := strconv.Atoi(t)
	switch s.Player() {
	case Builder:
		if err != nil {
			return 0, fmt.Errorf("%q: want a position (a gap of the word: 0 before the first symbol, %d after the last), a whole number from 0 to %d", game.Clip(text), len(s.word), len(s.word))
		}
		if n < 0 || n > len(s.word) {
			return 0, fmt.Errorf("position %d is out of range: positions (the gaps of the word) are 0 to %d", n, len(s.word))
		}
	case Painter:
		if err != nil {
			return 0, fmt.Errorf("%q: want a symbol, a whole number from 0 to %d", game.Clip(text), s.k-1)
		}
		if n < 0 || n >= s.k {
			return 0, fmt.Errorf("symbol %d is not in the alphabet 0..%d", n, s.k-1)
		}
	default:
		return 0, fmt.Errorf("the game is over")
	}
	return game.Move(n), nil
}

// MoveHelp explains the notation for the player to move.
func (s *State) MoveHelp() string {
	if s.Player() == Painter {
		return fmt.Sprintf("Type the symbol (0 to %d) to insert at position %d. A symbol that makes a %s ends the game.", s.k-1, s.pos, s.rule)
	}
	return fmt.Sprintf("Type the position (0 to %d) where the painter must insert a symbol: 0 is before the first symbol, %d after the last.", len(s.word), len(s.word))
}

// Hint shows the builder the positions with the fewest fitting symbols, the
// painter the symbols that fit.
func (s *State) Hint() string {
	var f Fitter
	fit := f.FitAll(s.word, s.k, s.rule, nil)
	if s.Player() == Painter {
		return fmt.Sprintf("Symbols that make no %s at position %d: %s", s.rule, s.pos, symbolList(fit[s.pos], s.k))
	}
	best, at := s.k+1, []string{}
	for i, set := range fit {
		c := popcount(set)
		if c < best {
			best, at = c, at[:0]
		}
		if c == best {
			at = append(at, strconv.Itoa(i))
		}
	}
	return fmt.Sprintf("Positions where the fewest symbols (%d) fit: %s", best, strings.Join(at, " "))
}

func symbolList(set uint32, k int) string {
	var out []string
	for c := 0; c < k; c++ {
		if set&(1<<c) != 0 {
			out = append(out, strconv.Itoa(c))
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}

func popcount(x uint32) int { return bits.OnesCount32(x) }

// String shows the word over a ruler of insertion positions, in rows that
// fit game.DefaultWidth columns, and whose turn it is (StringWidth).
func (s *State) String() string { return s.StringWidth(game.DefaultWidth) }

// StringWidth shows the word over a ruler of its gaps (the insertion
// positions), wrapped into rows of at most width columns (game.WidthDrawer;
// at least one symbol a row), and whose turn it is. Each gap's number stands
// once, under the gap; the gap the builder chose is marked ^ in the word's
// line, above its number. Short words keep a space either side of each
// symbol; from 10 symbols on, the gaps' numbers are wider and a symbol
// stands alone between two of them.
func (s *State) StringWidth(width int) string {
	n := len(s.word)
	gw, sw := len(strconv.Itoa(n)), len(strconv.Itoa(s.k-1)) // a gap's number, a symbol
	pad := 0
	if gw == 1 {
		pad = 1
	}
	const pos, word = "position ", "word     "
	step := gw + sw + 2*pad // one gap and the symbol after it
	per := max(1, (width-len(pos)-gw)/step)
	var b strings.Builder
	for from := 0; from < n; from += per {
		to := min(n, from+per) // symbols from..to-1 after gaps from..to-1, and gap n on the last row
		var p, w strings.Builder
		p.WriteString(pos)
		w.WriteString(word)
		for i := from; i <= to; i++ {
			if i == to && to < n {
				break // the next row begins with this gap
			}
			fmt.Fprintf(&p, "%-*d", gw, i)
			mark := strings.Repeat(" ", gw)
			if i == s.pos { // above its number: its middle digit where it has three
				at := min((gw-1)/2, len(strconv.Itoa(i))-1)
				mark = strings.Repeat(" ", at) + "^" + strings.Repeat(" ", gw-at-1)
			}
			w.WriteString(mark)
			if i < to {
				fmt.Fprintf(&w, "%*s%*d%*s", pad, "", sw, s.word[i], pad, "")
				p.WriteString(strings.Repeat(" ", sw+2*pad))
			}
		}
		b.WriteString(strings.TrimRight(w.String(), " "))
		b.WriteByte('\n')
		b.WriteString(strings.TrimRight(p.String(), " "))
		b.WriteByte('\n')
	}
	var status string
	switch {
	case s.over, s.reachedTarget():
		what := "holds " + article(s.rule)
		if !s.over {
			what = "reached the target without " + article(s.rule)
		}
		if status = fmt.Sprintf("length %d: %s %s", n, WordString(s.word, s.k), what); len(status) > width {
			status = fmt.Sprintf("length %d: the word %s", n, what)
		}
	case s.pos >= 0:
		status = fmt.Sprintf("length %d; the builder chose position %d: P2 (painter) to choose a symbol 0..%d", n, s.pos, s.k-1)
	default:
		status = fmt.Sprintf("length %d; P1 (builder) to choose a position 0..%d", n, n)
	}
	b.WriteString(game.Wrap(status, width))
	return b.String()
}

// EndReason shows the repetition that ended the game (RepetitionText),
// the length and the painter's points.
func (s *State) EndReason() string {
	if !s.over {
		if s.reachedTarget() {
			return fmt.Sprintf("The painter reached length %d without %s: the painter wins.", len(s.word), s.rule.Article())
		}
		return ""
	}
	return fmt.Sprintf("%s\nThe game lasted %d symbols: the painter scored %s.", s.RepetitionText(), len(s.word), game.Plural(s.PainterPoints(), "point"))
}

// RepetitionText shows the repetition that ended the game: its positions,
// its symbols and its two halves side by side (the thesis' Figure 2.3); ""
// before the end.
func (s *State) RepetitionText() string {
	if !s.over {
		return ""
	}
	r := s.rep
	a, b := r.Halves()
	half := func(h [2]int) string {
		var parts []string
		for i := h[0]; i < h[1]; i++ {
			parts = append(parts, fmt.Sprintf("%d:{%d}", i, s.word[i]))
		}
		return strings.Join(parts, " ")
	}
	what := "Square"
	shared := ""
	if s.rule == Overlap {
		what = "Overlap"
		shared = fmt.Sprintf("; the halves share position%s %s", plural(b[0] < a[1]-1), rangeText(b[0], a[1]-1))
	}
	return fmt.Sprintf("%s found at positions %s (period %d) of %s:\n  %s  <->  %s%s",
		what, rangeText(r.Start, r.Start+r.Length-1), r.Period, WordString(s.word, s.k), half(a), half(b), shared)
}

func article(r Rule) string { return r.Article() }

func rangeText(a, b int) string {
	if a == b {
		return strconv.Itoa(a)
	}
	return fmt.Sprintf("%d-%d", a, b)
}

func plural(p bool) string {
	if p {
		return "s"
	}
	return ""
}
