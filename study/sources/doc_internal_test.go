package sources

import "testing"

// The HTML document's prose takes the browser's typography; its code and
// the Markdown keep their characters.
func TestProseTypography(t *testing.T) {
	for in, want := range map[string]string{
		"Wythoff's game":                    "Wythoff’s game",
		"Gra Szemerédi'ego":                 "Gra Szemerédi’ego",
		"players' seats":                    "players&#39; seats",
		"'quoted' & <b>":                    "&#39;quoted&#39; &amp; &lt;b&gt;",
		"the assignment's copycat's mirror": "the assignment’s copycat’s mirror",
	} {
		if got := prose(in); got != want {
			t.Errorf("prose(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := inline("Kombi's `kombi solve 'nim(piles=1)'` run's"), "Kombi’s <code>kombi solve &#39;nim(piles=1)&#39;</code> run’s"; got != want {
		t.Errorf("inline = %q, want %q", got, want)
	}
}
