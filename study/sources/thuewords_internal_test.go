package sources

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/solve"
)

// marks writes an item's marks and tables as one text.
func marks(it *item) string {
	var b strings.Builder
	for _, d := range it.diffs {
		b.WriteString(d.mark() + " " + d.text + "\n")
	}
	for _, t := range it.tables {
		markdownTable(&b, t)
	}
	b.WriteString(strings.Join(it.text, "\n"))
	return b.String()
}

// Section 1.3's "square-free" word holds a square: the item says where,
// and that Thue's rule as the text states it gives another word, which
// has none (the section was not recomputed).
func TestSquareFreeWords(t *testing.T) {
	it := &item{id: "thue/section-1.3"}
	if err := buildSquareFree(context.Background(), nil, it); err != nil {
		t.Fatal(err)
	}
	all := marks(it)
	for _, want := range []string{"a, b, ab, ba, aba, bab, none longer", "✅ **Agrees:** the square-free words over {a, b} are exactly a, b, ab, ba, aba and bab.",
		"⚠️ **Difference (error in the text):** the word printed as square-free holds the square (bcabacbabcbac)² at positions 18–43 (period 13) of its 44 symbols",
		"follows it for its first 28 symbols and departs at position 28 (printed b, the rule gives a)",
		"5 + 6 + 7 = 18", "| the word printed in §1.3: `abacbabcabacbcacbabcabacbabcbacbcabacbabcbac...` | 44 | NO |"} {
		if !strings.Contains(all, want) {
			t.Errorf("Section 1.3 lacks %q:\n%s", want, all)
		}
	}
}

// The run's progress is a percentage of its work, each step weighted by
// its effort: a step of 150 s done of 154 is 97 %, not 1 step of 3 (the
// bar sat at 16 % for half a full run), and a step's own time moves it on.
func TestProgressWeighted(t *testing.T) {
	var got []int64
	l := &lab{progress: func(p solve.Progress) {
		if p.Total != 100 {
			t.Errorf("total %d, want 100 (percent)", p.Total)
		}
		got = append(got, p.Done)
	}}
	l.plan([]float64{150, 1, 3})
	l.begin(0, "first")
	l.begin(1, "second")
	l.began = time.Now().Add(-time.Hour) // long past its effort: at most 90 % of it
	l.report("later")
	l.begin(2, "drawing")
	if want := []int64{0, 97, 97, 98}; !slices.Equal(got, want) {
		t.Errorf("progress %v, want %v", got, want)
	}
	if effortOf("thue/section-3.1", false) != 150 || effortOf("thue/section-3.1", true) != 1 || effortOf("thue/figure-2.1", false) != 1 {
		t.Error("efforts: a full run's long items weigh their seconds, a quick run's every item 1")
	}
}

// Section 1.4's forced square: every symbol put at position 1 of 0212
// makes a square; the text prints the first word without its last symbol;
// the game of 3 symbols is worth 5, as the text claims of a good builder.
func TestForcedSquare(t *testing.T) {
	it := &item{id: "thue/section-1.4"}
	if err := buildForcedSquare(context.Background(), nil, it); err != nil {
		t.Fatal(err)
	}
	all := marks(it)
	for _, want := range []string{"✅ **Agrees:** every symbol put at position 1 of 0212 makes a square",
		"| 0 | 00212 | (0)² at positions 0–1 | 0021 |", "| 1 | 01212 | (12)² at positions 1–4 | 01212 |", "| 2 | 02212 | (2)² at positions 1–2 | 02212 |",
		"⚠️ **Difference (print error):** S with 0 put at position 1 is printed 0021: it is 00212, the last symbol of 0212 left out."} {
		if !strings.Contains(all, want) {
			t.Errorf("Section 1.4 lacks %q:\n%s", want, all)
		}
	}
	if n := strings.Count(all, "print error"); n != 1 {
		t.Errorf("%d print errors marked, want 1 (S⁰):\n%s", n, all)
	}
}

// Section 1.2's Thue–Morse word: the blocks, the fixed points, the word
// over {0, 1} and the parity table all as printed, and no overlap.
func TestThueMorse(t *testing.T) {
	it := &item{id: "thue/section-1.2"}
	if err := buildThueMorse(context.Background(), nil, it); err != nil {
		t.Fatal(err)
	}
	all := marks(it)
	for _, want := range []string{"✅ **Agrees:** the Morse blocks u₀..u₃ and v₀..v₃ are as printed.", "| 3 | abbabaab | abbabaab | baababba | baababba |",
		"✅ **Agrees:** t and t̄ begin as printed, and μ(t) = t", "✅ **Agrees:** over {0, 1} the word begins `01101001100101101001011001101001`",
		"| 12 | 1100 | 2 | a |", "✅ **Agrees:** the parity of the binary ones gives t = abbabaabbaaba", "✅ **Agrees:** t has no overlap in its first 256 symbols; squares it has"} {
		if !strings.Contains(all, want) {
			t.Errorf("Section 1.2 lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "Difference") {
		t.Errorf("Section 1.2 differs from the text somewhere:\n%s", all)
	}
	// A slip in a printed word is caught.
	saved := thue12U[3]
	thue12U[3] = "abbabaaa"
	defer func() { thue12U[3] = saved }()
	it = &item{id: "thue/section-1.2"}
	if err := buildThueMorse(context.Background(), nil, it); err != nil {
		t.Fatal(err)
	}
	if all := marks(it); !strings.Contains(all, "u3, v3 printed abbabaaa, baababba; the morphism gives abbabaab, baababba") {
		t.Errorf("a wrong block is not caught:\n%s", all)
	}
}

// Section 2.2's arithmetic of the search: comparesFitInSequence = 5 for
// 01201020 and halves of 2, findOverlap on 0120121 ending with 0120
// against 0121, and maxSeqSize: the text's words (n + 1 = 8) against the
// listing and the engine (4), marked; a wrong printed number is caught.
func TestSearchArithmetic(t *testing.T) {
	it := &item{id: "thue/section-2.2"}
	if err := buildSearchArithmetic(context.Background(), nil, it); err != nil {
		t.Fatal(err)
	}
	all := marks(it)
	for _, want := range []string{
		"✅ **Agrees:** comparesFitInSequence = (8 + 1) − (2 · 2) = 5: Listing 2.2's loop compares 5 pairs of halves of 2 in 01201020, none equal; the game's engine finds no square in 01201020.",
		"| 0 | `[01][20]1020` | 01 (from 0) | 20 (from 2) | no |", "| 4 | `0120[10][20]` | 10 (from 4) | 20 (from 6) | no |",
		"✅ **Agrees:** findOverlap on 0120121 compares halves of 3, then 4: 4 comparisons, the last 0120 (from 0) against 0121 (from 3), which share the 0 at position 3, as the text says",
		"| 4 | (7 + 2) − (2 · 4) = 1 | 1 | 0120 (from 0) | 0121 (from 3) | 0 at 3 | no |",
		"⚠️ **Difference (error in the text):** the text words maxSeqSize as one more than the length of the word, 7 + 1 = 8 for 0120121; Listing 2.3 computes one more than half of it, 7/2 + 1 = 4",
		"the longest overlap in 7 symbols has period 3 (2 · 3 + 1 = 7 symbols), its halves xux of 4 symbols sharing one",
		"✅ **Agrees:** maxSeqSize = 7/2 + 1 = 4 is the longest halves an overlap of 7 symbols has",
		"| 7 | 8 | 4 | 4 | 1 |", "| 8 | 9 | 5 | 4 | 0 |", "| 3 | 4 | 2 | 2 | no pass (2 < minSeqSize = 3) |",
		"⚠️ **Difference (rule):** minSeqSize = 3"} {
		if !strings.Contains(all, want) {
			t.Errorf("Section 2.2 lacks %q:\n%s", want, all)
		}
	}
	// A wrong number in the text is caught.
	saved := thue22Fit
	thue22Fit = 6
	defer func() { thue22Fit = saved }()
	it = &item{id: "thue/section-2.2"}
	if err := buildSearchArithmetic(context.Background(), nil, it); err != nil {
		t.Fatal(err)
	}
	if all := marks(it); !strings.Contains(all, "⚠️ **Difference:** the text computes 6 comparisons; Listing 2.2's formula gives (8 + 1) − (2 · 2) = 5 and its loop makes 5") {
		t.Errorf("a wrong comparesFitInSequence is not caught:\n%s", all)
	}
}
