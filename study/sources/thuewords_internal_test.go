package sources

import (
	"context"
	"strings"
	"testing"
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
		"5 + 6 + 7 = 18", "| the word printed in §1.3: abacbabcabacbcacbabcabacbabcbacbcabacbabcbac... | 44 | NO |"} {
		if !strings.Contains(all, want) {
			t.Errorf("Section 1.3 lacks %q:\n%s", want, all)
		}
	}
}
