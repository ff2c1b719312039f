package sources

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/study/thue/thesis"
)

// The Thue thesis' chapter 1: the words it writes out by hand, recomputed.

// thue13Printed is the "infinite square-free word" of the thesis' §1.3 as
// it prints it (a quote: its first 44 symbols, then "...").
const thue13Printed = "abacbabcabacbcacbabcabacbabcbacbcabacbabcbac"

// lettersOf reads a word over a, b, c, ... as symbols 0, 1, 2, ...
func lettersOf(s string) []byte {
	w := make([]byte, len(s))
	for i := range s {
		w[i] = s[i] - 'a'
	}
	return w
}

// squareFree reports whether the word has no square (the game's engine).
func squareFree(w []byte) bool {
	_, found := thesis.RepetitionIn(w, false)
	return !found
}

// squareFreeWords lists every square-free word over k letters up to
// maxLen symbols, shortest first, then in alphabetical order (a word's
// prefixes are square-free when it is, so they grow one symbol at a time).
func squareFreeWords(k, maxLen int) []string {
	var out []string
	level := [][]byte{nil}
	for n := 1; n <= maxLen && len(level) > 0; n++ {
		var next [][]byte
		for _, w := range level {
			for c := range byte(k) {
				v := append(slices.Clone(w), c)
				if squareFree(v) {
					next = append(next, v)
					out = append(out, thesis.Letters(v))
				}
			}
		}
		level = next
	}
	return out
}

// thueRule applies Thue's substitution of §1.3 once: a → abac, b → babc,
// c → bcac after an a, acbc after a b (the letter before it in w).
func thueRule(w string) string {
	var b strings.Builder
	for i := range len(w) {
		switch {
		case w[i] == 'a':
			b.WriteString("abac")
		case w[i] == 'b':
			b.WriteString("babc")
		case i > 0 && w[i-1] == 'a':
			b.WriteString("bcac")
		default:
			b.WriteString("acbc")
		}
	}
	return b.String()
}

// thue1912 is the morphism of 1912 as §1.3 gives it.
var thue1912 = map[byte]string{'a': "abcab", 'b': "acabcb", 'c': "acbcacb"}

// morph applies a morphism once.
func morph(m map[byte]string, w string) string {
	var b strings.Builder
	for i := range len(w) {
		b.WriteString(m[w[i]])
	}
	return b.String()
}

// squareText says where a word's first square is (the shortest, then the
// leftmost, as the game's engine finds it), positions counted from 0.
func squareText(w string) (string, bool) {
	rep, found := thesis.RepetitionIn(lettersOf(w), false)
	if !found {
		return "none", false
	}
	return fmt.Sprintf("(%s)² at positions %d–%d (period %d)", w[rep.Start:rep.Start+rep.Period], rep.Start, rep.Start+rep.Length-1, rep.Period), true
}

// buildSquareFree recomputes §1.3: the binary square-free words, the word
// Thue's rule makes, the printed word (which holds a square) and the 1912
// morphism.
func buildSquareFree(_ context.Context, _ *lab, it *item) error {
	it.source = []string{"\"The only square-free words over the alphabet A = {a, b} are a, b, ab, ba, aba, bab.\" Thue's algorithm over {a, b, c}: replace every a by abac, every b by babc, and every c by bcac when an a precedes it or by acbc when a b does; \"starting from the letter a we get an infinite word that contains no squares\", printed as `abacbabcabacbcacbabcabacbabcbacbcabacbabcbac...` In 1912 Thue's morphism a → abcab, b → acabcb, c → acbcacb: \"the summed length of the strings is 18\"; Carpi (1983) proved that a square-free morphism on three letters has length at least 18."}
	binary := squareFreeWords(2, 8)
	t := game.Table{Title: "Section 1.3's words checked for squares (positions counted from 0)", Columns: []string{"word", "symbols", "square-free", "first square"}}
	row := func(what, w string) bool {
		sq, found := squareText(w)
		t.Rows = append(t.Rows, []string{what, fmt.Sprint(len(w)), yesNo(!found), sq})
		return !found
	}
	printedFree := row("the word printed in §1.3: `"+thue13Printed+"...`", thue13Printed)
	rule := "a"
	for range 4 {
		rule = thueRule(rule)
	}
	ruleFree := row(fmt.Sprintf("Thue's rule as §1.3 states it, 4 times from a (its first 44 symbols: `%s`)", rule[:len(thue13Printed)]), rule)
	img := "a"
	for range 3 {
		img = morph(thue1912, img)
	}
	morphFree := row("the 1912 morphism 3 times from a", img)
	it.tables = []game.Table{t}
	lengths := []int{len(thue1912['a']), len(thue1912['b']), len(thue1912['c'])}
	total := lengths[0] + lengths[1] + lengths[2]
	it.text = []string{fmt.Sprintf("every word over {a, b} grown one letter at a time while it stays square-free: %s, none longer (the game's engine looks for a square after each letter). The words of three letters checked by the same engine:", strings.Join(binary, ", "))}
	if slices.Equal(binary, []string{"a", "b", "ab", "ba", "aba", "bab"}) {
		it.diffs = append(it.diffs, diff{"agrees", "the square-free words over {a, b} are exactly a, b, ab, ba, aba and bab."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", "the square-free words over {a, b} are " + strings.Join(binary, ", ") + "."})
	}
	if !printedFree {
		sq, _ := squareText(thue13Printed)
		first := 0
		for first < len(thue13Printed) && thue13Printed[first] == rule[first] {
			first++
		}
		text := fmt.Sprintf("the word printed as square-free holds the square %s of its %d symbols", sq, len(thue13Printed))
		if ruleFree && first < len(thue13Printed) {
			text += fmt.Sprintf(". Thue's rule as the text states it gives a word without squares (its first %d symbols checked); the printed word follows it for its first %d symbols and departs at position %d (printed %c, the rule gives %c): a slip in copying the word, not in the rule", len(rule), first, first, thue13Printed[first], rule[first])
		}
		it.diffs = append(it.diffs, diff{"error in the text", text + "."})
	} else {
		it.diffs = append(it.diffs, diff{"agrees", "the printed word has no square."})
	}
	if !ruleFree {
		it.diffs = append(it.diffs, diff{"differs", "Thue's rule as the text states it makes a square within its first " + fmt.Sprint(len(rule)) + " symbols."})
	}
	if total == 18 && morphFree {
		it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("the morphism's strings have %d + %d + %d = %d symbols, and its images of a (%d symbols after 3 steps) are square-free.", lengths[0], lengths[1], lengths[2], total, len(img))})
	} else {
		it.diffs = append(it.diffs, diff{"differs", fmt.Sprintf("the morphism's strings have %d symbols in all; its image of a after 3 steps square-free: %s.", total, yesNo(morphFree))})
	}
	it.diffs = append(it.diffs, diff{"not recomputed", "Carpi's lower bound of 18 is a proof about every morphism, not a computation of the thesis."})
	it.commands = []string{only(it.id)}
	return nil
}

// thue14Printed are the words §1.4 prints for S = 0212 after the painter
// puts 0, 1 or 2 at position 1 (its S⁰, S¹ and S²), as printed.
var thue14Printed = [3]string{"0021", "01212", "02212"}

// buildForcedSquare recomputes §1.4's example: over {0, 1, 2}, in S = 0212
// the builder choosing position 1 forces a square, whatever symbol the
// painter puts there; and the claim that a good builder ends every game of
// 3 symbols by length 5, against the game's exact value.
func buildForcedSquare(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"A = {0, 1, 2} and S = 0212: Bob choosing position i = 1 forces Alice to make a square, since every symbol of A put at position i = 1 makes one, printed as \"S⁰ = 0021, S¹ = 01212, S² = 02212\" (each square underlined). \"If Bob chooses a good strategy, the game on 3 symbols ends on a word of length ≤ 5, whatever strategy Alice chooses.\""}
	const s, at = "0212", 1
	t := game.Table{Title: "S = 0212 with each symbol put at position 1 (positions counted from 0)", Columns: []string{"symbol", "word", "square (the game's engine)", "printed"}}
	forced := true
	var slips []string
	for c := range 3 {
		w := s[:at] + string(rune('0'+c)) + s[at:]
		digits := make([]byte, len(w))
		for i := range w {
			digits[i] = w[i] - '0'
		}
		sq := "none"
		rep, found := thesis.RepetitionIn(digits, false)
		if found {
			sq = fmt.Sprintf("(%s)² at positions %d–%d", w[rep.Start:rep.Start+rep.Period], rep.Start, rep.Start+rep.Length-1)
		}
		forced = forced && found
		t.Rows = append(t.Rows, []string{fmt.Sprint(c), w, sq, thue14Printed[c]})
		if thue14Printed[c] != w {
			slips = append(slips, fmt.Sprintf("S with %d put at position %d is printed %s: it is %s, the last symbol of 0212 left out", c, at, thue14Printed[c], w))
		}
	}
	it.tables = []game.Table{t}
	if forced {
		it.diffs = append(it.diffs, diff{"agrees", "every symbol put at position 1 of 0212 makes a square: the builder's choice forces one."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", "a symbol put at position 1 of 0212 makes no square: the choice forces none."})
	}
	for _, sl := range slips {
		it.diffs = append(it.diffs, diff{"print error", sl + "."})
	}
	if l != nil {
		_, _, r, err := l.solveStart(ctx, "thue(alphabet=3,rule=square,start=0)")
		if err != nil {
			return err
		}
		if r.Complete && r.Value != nil {
			it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("the game of 3 symbols has the value %v (Kombi's exact solver): a best builder forces a square by length %v against every painter, and no builder sooner.", r.Value, r.Value)})
		}
	}
	it.commands = []string{only(it.id), "kombi solve 'thue(alphabet=3,rule=square,start=0)'"}
	return nil
}
