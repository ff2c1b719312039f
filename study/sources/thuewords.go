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
func lettersOf(s string) []byte { return symbolsOf(s, 'a') }

// digitsOf reads a word of digits as symbols 0, 1, 2, ...
func digitsOf(s string) []byte { return symbolsOf(s, '0') }

// symbolsOf reads a word as symbols 0, 1, 2, ..., the character first
// being symbol 0.
func symbolsOf(s string, first byte) []byte {
	w := make([]byte, len(s))
	for i := range s {
		w[i] = s[i] - first
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
		digits := digitsOf(w)
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

// The words §1.2 prints, as printed: the Morse blocks u₀..u₃ and v₀..v₃,
// the fixed points t and t̄ (their first 20 symbols), the word over {0, 1}
// (32 symbols) and t read off the parity of the binary ones for n ≤ 12.
var (
	thue12U      = [4]string{"a", "ab", "abba", "abbabaab"}
	thue12V      = [4]string{"b", "ba", "baab", "baababba"}
	thue12T      = "abbabaabbaababbabaab"
	thue12TBar   = "baababbaabbabaababba"
	thue12Binary = "01101001100101101001011001101001"
	thue12Parity = "abbabaabbaaba"
)

// buildThueMorse recomputes §1.2: the Morse blocks by the morphism
// μ(a) = ab, μ(b) = ba, their laws, the fixed points, the word over
// {0, 1}, the parity of the binary ones for n ≤ 12, and that the word has
// no overlap (the game's engine).
func buildThueMorse(_ context.Context, _ *lab, it *item) error {
	it.source = []string{"μ(a) = ab, μ(b) = ba; uₙ = μⁿ(a), vₙ = μⁿ(b): u₀ = a, u₁ = ab, u₂ = abba, u₃ = abbabaab, v₀ = b, v₁ = ba, v₂ = baab, v₃ = baababba; uₙ₊₁ = uₙvₙ, vₙ₊₁ = vₙuₙ, uₙ = v̄ₙ; u₂ₙ and v₂ₙ are palindromes and u₂ₙ₊₁ is v₂ₙ₊₁ reversed. The fixed points t = abbabaabbaababbabaab... and t̄ = baababbaabbabaababba...; over {0, 1}: `01101001100101101001011001101001...`; tₙ = a where the number of ones in n's binary is even, b where odd: for n ≤ 12, t = abbabaabbaaba. \"An infinite word over two letters with no overlap.\""}
	mu := map[byte]string{'a': "ab", 'b': "ba"}
	u, v := []string{"a"}, []string{"b"}
	for n := 1; n <= 8; n++ {
		u, v = append(u, morph(mu, u[n-1])), append(v, morph(mu, v[n-1]))
	}
	bar := func(w string) string { return strings.NewReplacer("a", "b", "b", "a").Replace(w) }
	rev := func(w string) string { b := []byte(w); slices.Reverse(b); return string(b) }
	t := game.Table{Title: "The Morse blocks by the morphism, against the text", Columns: []string{"n", "uₙ", "printed", "vₙ", "printed"}}
	var slips []string
	for n := range 4 {
		t.Rows = append(t.Rows, []string{fmt.Sprint(n), u[n], thue12U[n], v[n], thue12V[n]})
		if u[n] != thue12U[n] || v[n] != thue12V[n] {
			slips = append(slips, fmt.Sprintf("u%d, v%d printed %s, %s; the morphism gives %s, %s", n, n, thue12U[n], thue12V[n], u[n], v[n]))
		}
	}
	laws := true
	for n := 0; n < 8; n++ {
		laws = laws && u[n+1] == u[n]+v[n] && v[n+1] == v[n]+u[n] && u[n] == bar(v[n])
		if n%2 == 0 {
			laws = laws && u[n] == rev(u[n]) && v[n] == rev(v[n])
		} else {
			laws = laws && u[n] == rev(v[n])
		}
	}
	tm := u[8] // 256 symbols of t
	parity := make([]byte, 13)
	rows := game.Table{Title: "tₙ from the parity of the ones in n's binary, n ≤ 12", Columns: []string{"n", "binary", "ones", "tₙ"}}
	for n := range 13 {
		ones := strings.Count(fmt.Sprintf("%b", n), "1")
		parity[n] = "ab"[ones%2]
		rows.Rows = append(rows.Rows, []string{fmt.Sprint(n), fmt.Sprintf("%b", n), fmt.Sprint(ones), string(parity[n])})
	}
	binary := strings.NewReplacer("a", "0", "b", "1").Replace(tm[:len(thue12Binary)])
	_, overlap := thesis.RepetitionIn(lettersOf(tm), true)
	_, square := thesis.RepetitionIn(lettersOf(tm), false)
	it.tables = []game.Table{t, rows}
	it.text = []string{fmt.Sprintf("the blocks grown by the morphism μ from a and from b; t is u₈'s 256 symbols, searched by the game's engine for overlaps and squares (overlap: %s; square: %s).", yesNo(overlap), yesNo(square))}
	check := func(ok bool, yes, no string) {
		if ok {
			it.diffs = append(it.diffs, diff{"agrees", yes})
		} else {
			it.diffs = append(it.diffs, diff{"differs", no})
		}
	}
	check(len(slips) == 0, "the Morse blocks u₀..u₃ and v₀..v₃ are as printed.", strings.Join(slips, "; ")+".")
	check(laws, "uₙ₊₁ = uₙvₙ, vₙ₊₁ = vₙuₙ, uₙ = v̄ₙ, the even blocks palindromes and u₂ₙ₊₁ the reverse of v₂ₙ₊₁, for n < 8.", "a law of the Morse blocks fails for some n < 8.")
	check(strings.HasPrefix(tm, thue12T) && strings.HasPrefix(bar(tm), thue12TBar) && morph(mu, tm[:128]) == tm,
		"t and t̄ begin as printed, and μ(t) = t (its first 256 symbols).", "t or t̄ does not begin as printed.")
	check(binary == thue12Binary, "over {0, 1} the word begins `01101001100101101001011001101001`, as printed.", "over {0, 1} the word begins "+binary+", not as printed.")
	check(string(parity) == thue12Parity && strings.HasPrefix(tm, string(parity)), "the parity of the binary ones gives t = abbabaabbaaba for n ≤ 12, t's first 13 symbols.", "the parity of the binary ones gives "+string(parity)+".")
	sq, _ := squareText(tm)
	check(!overlap, "t has no overlap in its first 256 symbols; squares it has, as an overlap-free word may: the first the engine finds is "+sq+".", "t holds an overlap.")
	it.commands = []string{only(it.id)}
	return nil
}

// What §2.2 prints, as printed: the word and half size of its example of
// comparesFitInSequence and the number it computes; the word of its
// example of findOverlap, the longest halves it says are compared there
// and the last two it compares; maxSeqSize of findOverlap as the text
// words it (one more than the length of the word: n + 1).
var (
	thue22SquareWord  = "01201020"
	thue22Size        = 2
	thue22Fit         = 5 // "(8 + 1) − (2 * 2) = 5"
	thue22OverlapWord = "0120121"
	thue22Longest     = 4
	thue22Last        = [2]string{"0120", "0121"}
	thue22Shared      = "0"
	thue22MaxInWords  = func(n int) int { return n + 1 }
)

// digitString writes symbols 0, 1, 2, ... as digits.
func digitString(w []byte) string {
	b := make([]byte, len(w))
	for i, c := range w {
		b[i] = '0' + c
	}
	return string(b)
}

// longestOverlapHalves is the half size (xux) of the longest overlap the
// game's engine finds in a word of n symbols: the overlap of period p
// over p distinct symbols, 0..p−1 twice and 0, padded with symbols of its
// own, for the largest p whose overlap fits (0: none fits).
func longestOverlapHalves(n int) int {
	best := 0
	for p := 1; 2*p+1 <= n; p++ {
		w := make([]byte, 0, n)
		for range 2 {
			for c := range p {
				w = append(w, byte(c))
			}
		}
		w = append(w, 0)
		for len(w) < n {
			w = append(w, byte(len(w)+p)) // symbols after the period's, each once
		}
		if rep, ok := thesis.RepetitionIn(w, true); ok && rep.Period == p {
			best = p + 1
		}
	}
	return best
}

// buildSearchArithmetic recomputes §2.2's arithmetic of the repetition
// search: comparesFitInSequence for S = 01201020 and halves of 2, the
// overlap search on S = 0120121 to its last comparison, and findOverlap's
// maxSeqSize as the text words it, as its listing computes it and as the
// game's engine has it.
func buildSearchArithmetic(_ context.Context, _ *lab, it *item) error {
	it.source = []string{"\"comparesFitInSequence is the number of comparisons that fit in our sequence. For example, when our sequence is S = 01201020 and the length of the subsequence making up the square is 2, comparesFitInSequence is (8 + 1) − (2 * 2) = 5, since these comparisons are possible: 01201020, 01201020, 01201020, 01201020, 01201020\" (the five copies of S differ in the colours of the compared halves, which this copy of the thesis does not keep). Listing 2.2: `comparesFitInSequence = (sequence.size() + 1) - (subSeqSize*2)`; Listing 2.1: `maxSeqSize = sequence.size()/2`, \"the length of the longest subsequence that fits in the sequence if we put one of the same length after it\", and `minSeqSize = 1`.",
		"For findOverlap (Listing 2.3: `maxSeqSize = (sequence.size()/2)+1`, `minSeqSize = 3`): \"maxSeqSize is assigned a number one greater than the length of the sequence, since we look for an overlap, so the subsequences will share one symbol. So for the sequence S = 0120121 the longest compared subsequence has length 4, since in the last iteration of the loop we compare the subsequences 0120 and 0121, which share the symbol 0. minSeqSize is 3, since that is the condition for an overlap.\" Listing 2.4 makes one comparison more per pass: `(sequence.size() + 2) - (subSeqSize*2)`."}
	sq := digitsOf(thue22SquareWord)
	n := len(sq)
	fit := thesis.ComparesFit(n, thue22Size, false)
	var pass []thesis.Comparison
	for _, c := range thesis.SearchFrom(sq, false, thue22Size) {
		if c.Size == thue22Size {
			pass = append(pass, c)
		}
	}
	t1 := game.Table{Title: fmt.Sprintf("Listing 2.2 on S = %s with halves of %d: comparesFitInSequence = (%d + 1) − (2 · %d) = %d (positions counted from 0)", thue22SquareWord, thue22Size, n, thue22Size, fit),
		Columns: []string{"i", "S, the halves in brackets", "left half", "right half", "equal"}}
	half := func(w []byte, from, size int) string {
		return fmt.Sprintf("%s (from %d)", digitString(w[from:from+size]), from)
	}
	for i, c := range pass {
		s := thue22SquareWord
		marked := s[:c.Left] + "[" + s[c.Left:c.Right] + "][" + s[c.Right:c.Right+c.Size] + "]" + s[c.Right+c.Size:]
		t1.Rows = append(t1.Rows, []string{fmt.Sprint(i), "`" + marked + "`", half(sq, c.Left, c.Size), half(sq, c.Right, c.Size), map[bool]string{true: "**yes**", false: "no"}[c.Equal]})
	}
	ov := digitsOf(thue22OverlapWord)
	m := len(ov)
	comps := thesis.SearchFrom(ov, true, thesis.ListedFirst(true))
	t2 := game.Table{Title: fmt.Sprintf("Listing 2.3 on S = %s as printed: passes from minSeqSize = %d to maxSeqSize = %d/2 + 1 = %d (positions counted from 0)", thue22OverlapWord, thesis.ListedFirst(true), m, thesis.ListedLast(m, true)),
		Columns: []string{"pass (half size)", "comparesFitInSequence", "comparison", "left half", "right half", "shared symbol", "equal"}}
	count := map[int]int{}
	for _, c := range comps {
		count[c.Size]++
		t2.Rows = append(t2.Rows, []string{fmt.Sprint(c.Size), fmt.Sprintf("(%d + 2) − (2 · %d) = %d", m, c.Size, thesis.ComparesFit(m, c.Size, true)), fmt.Sprint(count[c.Size]),
			half(ov, c.Left, c.Size), half(ov, c.Right, c.Size), fmt.Sprintf("%c at %d", thue22OverlapWord[c.Right], c.Right), map[bool]string{true: "**yes**", false: "no"}[c.Equal]})
	}
	t3 := game.Table{Title: "findOverlap's maxSeqSize by the length n of the word: the text's words, Listing 2.3, and the longest halves an overlap of n symbols has (the game's engine)",
		Columns: []string{"n", "the text: n + 1", "Listing 2.3: n/2 + 1", "the engine: longest halves", "Listing 2.3's last pass: comparisons"}}
	for k := 3; k <= 10; k++ {
		last := thesis.ListedLast(k, true)
		cmp := fmt.Sprint(max(0, thesis.ComparesFit(k, last, true)))
		if last < thesis.ListedFirst(true) {
			cmp = fmt.Sprintf("no pass (%d < minSeqSize = %d)", last, thesis.ListedFirst(true))
		}
		t3.Rows = append(t3.Rows, []string{fmt.Sprint(k), fmt.Sprint(thue22MaxInWords(k)), fmt.Sprint(last), fmt.Sprint(longestOverlapHalves(k)), cmp})
	}
	it.tables = []game.Table{t1, t2, t3}
	_, square := thesis.RepetitionIn(sq, false)
	_, overlap := thesis.RepetitionIn(ov, true)
	it.text = []string{fmt.Sprintf("the thesis' search as its listings print it (overlaps from halves of %d), comparison by comparison, and the game's engine on the same words (squares in %s: %s; overlaps in %s: %s).",
		thesis.ListedFirst(true), thue22SquareWord, someNone(square), thue22OverlapWord, someNone(overlap))}
	check := func(ok bool, kind, yes, no string) {
		if ok {
			it.diffs = append(it.diffs, diff{"agrees", yes})
		} else {
			it.diffs = append(it.diffs, diff{kind, no})
		}
	}
	equal := slices.ContainsFunc(pass, func(c thesis.Comparison) bool { return c.Equal })
	check(fit == thue22Fit && len(pass) == fit && !equal, "differs",
		fmt.Sprintf("comparesFitInSequence = (%d + 1) − (2 · %d) = %d: Listing 2.2's loop compares %d pairs of halves of %d in %s, none equal; the game's engine finds %s square in %s.", n, thue22Size, fit, len(pass), thue22Size, thue22SquareWord, map[bool]string{true: "a", false: "no"}[square], thue22SquareWord),
		fmt.Sprintf("the text computes %d comparisons; Listing 2.2's formula gives (%d + 1) − (2 · %d) = %d and its loop makes %d (equal halves among them: %s).", thue22Fit, n, thue22Size, fit, len(pass), yesNo(equal)))
	if len(comps) == 0 {
		return fmt.Errorf("findOverlap makes no comparison on %s", thue22OverlapWord)
	}
	last := comps[len(comps)-1]
	gotLast := [2]string{digitString(ov[last.Left : last.Left+last.Size]), digitString(ov[last.Right : last.Right+last.Size])}
	shared := string(thue22OverlapWord[last.Right])
	check(last.Size == thue22Longest && gotLast == thue22Last && shared == thue22Shared && !last.Equal && !overlap, "differs",
		fmt.Sprintf("findOverlap on %s compares halves of %s: %d comparisons, the last %s (from %d) against %s (from %d), which share the %s at position %d, as the text says; none is equal, and the engine finds no overlap in %s either.",
			thue22OverlapWord, passSizes(comps), len(comps), gotLast[0], last.Left, gotLast[1], last.Right, shared, last.Right, thue22OverlapWord),
		fmt.Sprintf("the text says the longest halves compared in %s have %d symbols and the last comparison is %s against %s (sharing %s); Listing 2.3 compares halves of %s, the last %s against %s (sharing %s), equal: %s; the engine finds an overlap: %s.",
			thue22OverlapWord, thue22Longest, thue22Last[0], thue22Last[1], thue22Shared, passSizes(comps), gotLast[0], gotLast[1], shared, yesNo(last.Equal), yesNo(overlap)))
	words, listed, engine := thue22MaxInWords(m), thesis.ListedLast(m, true), longestOverlapHalves(m)
	if words != listed {
		it.diffs = append(it.diffs, diff{"error in the text", fmt.Sprintf("the text words maxSeqSize as one more than the length of the word, %d + 1 = %d for %s; Listing 2.3 computes one more than half of it, %d/2 + 1 = %d (integer division), and the text's own example uses that: halves of %d. The game's engine agrees with the listing: the longest overlap in %d symbols has period %d (2 · %d + 1 = %d symbols), its halves xux of %d symbols sharing one; halves of %d would need %d symbols.",
			m, words, thue22OverlapWord, m, listed, thue22Longest, m, engine-1, engine-1, 2*engine-1, engine, words, 2*words-1)})
	}
	check(listed == engine, "differs", fmt.Sprintf("maxSeqSize = %d/2 + 1 = %d is the longest halves an overlap of %d symbols has (the engine's answer too).", m, listed, m),
		fmt.Sprintf("Listing 2.3's maxSeqSize for %d symbols is %d; the longest halves an overlap of %d symbols has are %d (the engine).", m, listed, m, engine))
	it.diffs = append(it.diffs, diff{"note", "for a word of even length Listing 2.3's n/2 + 1 is one more than the longest halves that fit (8 symbols: 5, where 4 fit); its last pass then makes (8 + 2) − (2 · 5) = 0 comparisons: a pass for nothing, which neither misses an overlap nor finds a false one."})
	aaa := []byte{0, 0, 0}
	_, engineAAA := thesis.RepetitionIn(aaa, true)
	if first := thesis.ListedFirst(true); len(thesis.SearchFrom(aaa, true, first)) == 0 && engineAAA {
		it.diffs = append(it.diffs, diff{"rule", fmt.Sprintf("minSeqSize = %d, \"the condition for an overlap\": the shortest overlap, aaa (x = a and u empty in the thesis' own xuxux), has halves of 2, so Listing 2.3 misses it: on 000 it makes no pass at all (maxSeqSize = 3/2 + 1 = 2 < %d), where the engine finds the overlap 000. Kombi's search starts at halves of 2 (Figure 2.2).", first, first)})
	}
	it.commands = []string{only(it.id)}
	return nil
}

// someNone says whether there is one: "some" or "none".
func someNone(found bool) string {
	if found {
		return "some"
	}
	return "none"
}

// passSizes lists the half sizes of a search's passes: "3, then 4".
func passSizes(comps []thesis.Comparison) string {
	var sizes []string
	for _, c := range comps {
		if s := fmt.Sprint(c.Size); !slices.Contains(sizes, s) {
			sizes = append(sizes, s)
		}
	}
	return strings.Join(sizes, ", then ")
}
