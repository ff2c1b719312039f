package thue_test

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/games/thue"
)

// TestWordsForAFirstReader: what the New game dialog and the first page
// say of the Thue game (its parameters, its opponents, its cards) is in
// plain words first; the thesis' names (setPower, gameType, its
// strategies) come after them in parentheses, for a researcher. A
// student's audit read "(the thesis' setPower)", "(the thesis' gameType)",
// "the thesis' recursive strategy, one level deep" and "The painter scores a
// point for each symbol that made none".
func TestWordsForAFirstReader(t *testing.T) {
	typ := thue.NewType()
	plainFirst := func(what, text string) {
		t.Helper()
		before, _, _ := strings.Cut(text, "(")
		for _, jargon := range []string{"thesis", "setPower", "gameType", "nesting", "recursive", "exact solver"} {
			if strings.Contains(before, jargon) {
				t.Errorf("%s begins with the thesis' words (%q before any plain word in parentheses): %q", what, jargon, text)
			}
		}
	}
	for _, p := range typ.Params {
		plainFirst("parameter "+p.Name, p.Doc)
	}
	for _, o := range typ.Opponents {
		plainFirst("opponent "+o.Title, o.Doc)
	}
	docs := map[string]string{}
	for _, p := range typ.Params {
		docs[p.Name] = p.Doc
	}
	for _, want := range []string{"a square is a block twice in a row, as 01·01", "an overlap a block twice and its first symbol once more, as 01·01·0"} {
		if !strings.Contains(docs["rule"], want) {
			t.Errorf("the rule's words %q do not say what they are: want %q", docs["rule"], want)
		}
	}
	for _, v := range typ.Variants {
		if strings.Contains(v.Rules, "made none") {
			t.Errorf("the card %q says %q", v.Title, v.Rules)
		}
		if v.Game == "thue(alphabet=3)" {
			for _, want := range []string{"the builder chooses where the next one goes, the painter which", "square (a block twice in a row, like 0101)", "a point for every symbol that makes no square"} {
				if !strings.Contains(v.Rules, want) {
					t.Errorf("the card %q says %q: want %q", v.Title, v.Rules, want)
				}
			}
		}
	}
}
