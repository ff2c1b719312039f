package sources

// catalogue lists the five sources and their items, not yet computed.
func catalogue() []*section {
	return []*section{thueSection(), wythoffSection(), nim2dSection(), apSection(), vdwlistSection()}
}

// newDocument returns the document with its sections, not yet computed.
func newDocument(quick bool) *document {
	d := &document{title: "The five sources, recomputed", secs: catalogue()}
	d.intro = []string{"Kombi's games come from five documents: a Polish master's thesis on the Thue game, a Serbian master's thesis on Nim and Wythoff's game, a Greek university assignment on two-dimensional Nim, a Polish student project on the Szemerédi game and a Polish project plan for a list-colouring game. Their authors worked out their tables and figures by hand or with programs of their own (the Thue thesis' games ran for about a day). This document recomputes every table and figure of each, numbered as the source numbers it, with Kombi's numbers beside the source's own; every difference is marked ⚠️ and explained (a print error, a different tie rule, a faster machine, floating point), every agreement ✅, and each item ends with the command that reproduces it alone.",
		"`kombi report sources --out DIR` writes it again; every game and timing is kept in the database, so running it again only reads and redraws."}
	d.htmlIntro = []string{"The same document as [Markdown](README.md) (GitHub's); under each figure, links to it at full size (PNG) and as SVG."}
	if quick {
		d.intro = append(d.intro, "**This is a quick run** (`--quick`): fewer and shorter games and smaller tables than the sources used; run `kombi report sources` for the full document.")
		d.htmlIntro = append(d.htmlIntro, "With `kombi serve`, [write the full document in the browser](write.html).")
	}
	return d
}
