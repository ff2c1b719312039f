package sources

// catalogue lists the five sources and their items, not yet computed.
func catalogue() []*section {
	return []*section{thueSection(), wythoffSection(), nim2dSection(), apSection(), vdwlistSection()}
}

// newDocument returns the document with its sections, not yet computed.
func newDocument(quick bool) *document {
	d := &document{title: "The five sources, recomputed", secs: catalogue(), glossary: glossary()}
	d.intro = []string{"Kombi's games come from five documents: a Polish master's thesis on the Thue game, a Serbian master's thesis on Nim and Wythoff's game, a Greek university assignment on two-dimensional Nim, a Polish student project on the Szemerédi game and a Polish project plan for a list-colouring game. Their authors worked out their tables and figures by hand or with programs of their own (the Thue thesis' games ran for about a day). This document recomputes every table and figure of each, numbered as the source numbers it, with Kombi's numbers beside the source's own; every difference is marked ⚠️ and explained (a print error, a different tie rule, a faster machine, floating point), every agreement ✅, and each item ends with the command that reproduces it alone.",
		"Each item opens with *The source*: what the source shows or claims, restated in English by Kombi (the sources are in Polish, Serbian and Greek). It is a paraphrase unless marked *translated*; words in quotation marks are the source's own, translated, and code is as printed. In brackets after *The source* stands where the source has it: its section, figure or table, and the pages where the source's table of contents gives them (the Thue thesis; the Serbian thesis for some chapters).",
		"Words of the theory and of Kombi that a reader may not know (P-position, Grundy value, mex, seed, sweep, expectiminimax...) are explained in plain words in the [glossary](#" + glossaryAnchor + "), the first entry of the contents.",
		"`kombi report sources --out DIR` writes it again; every game and timing is kept in the database, so running it again only reads and redraws."}
	d.htmlIntro = []string{"The same document as [Markdown](README.md) (GitHub's); under each figure, links to it at full size (PNG) and as SVG."}
	if quick {
		d.intro = append(d.intro, "**This is a quick run** (`--quick`): fewer and shorter games and smaller tables than the sources used; run `kombi report sources` for the full document.")
		d.htmlIntro = append(d.htmlIntro, "With `kombi serve`, [write the full document in the browser](write.html).")
	}
	return d
}

// term is a word of the glossary: its anchor (glossary-KEY), the word as
// the document writes it, and what it means in plain words (Markdown).
type term struct {
	key, word, text string
}

// glossaryAnchor is the anchor of the glossary and, with a term's key, of
// the term ("#glossary-mex").
const glossaryAnchor = "glossary"

// glossary explains, for students, the words of the theory and of Kombi
// that the document uses without saying what they mean.
func glossary() []term {
	return []term{
		{"p-position", "P-position, N-position", "a position is a **P-position** (the *previous* player, who just moved, wins) when the player to move loses if the other plays well: a losing position. It is an **N-position** (the *next* player wins) when the player to move can win: a winning position. Every move from a P-position leads to an N-position; from an N-position some move leads to a P-position, and playing it is how one wins."},
		{"xor", "binary sum without carry (XOR, ⊕, nim-sum)", "write the numbers in binary and add each column without carrying: a column with an odd number of 1s gives 1, an even number 0. 3 ⊕ 4 = 011 ⊕ 100 = 111 = 7; 5 ⊕ 5 = 0. Bouton's theorem: a Nim position is a P-position exactly when the XOR of its heaps is 0."},
		{"mex", "mex", "the *minimum excluded* number of a set: the smallest natural number (0, 1, 2, ...) not in it. mex{0, 1, 3} = 2, mex{1, 2} = 0, mex{} = 0."},
		{"grundy", "Grundy value (Sprague–Grundy)", "the number the Sprague–Grundy theorem gives every position of an *impartial* game (both players have the same moves; whoever cannot move loses): the mex of the Grundy values of the positions one move away, so a position with no move has 0. A position is a P-position exactly when its Grundy value is 0. A position made of independent parts (several heaps, separate regions of a 2D Nim palette) has the XOR of its parts' Grundy values: every such game is Nim in disguise, a heap of n tokens having the value n."},
		{"perfect", "perfect player, exact value", "the *perfect* player searches the whole game and always plays a move that is best against best replies; the *exact value* is what the game is worth when both sides play so: win or loss, a length (the Thue game), or a probability (the list-colouring game, whose lists are drawn at random)."},
		{"expectiminimax", "expectiminimax", "minimax for games with chance: at a player's turn take the move best for that player (the largest or smallest value), at a chance move (a colour list drawn at random) take the average of what follows, each outcome weighted by its probability."},
		{"star-minimax", "*-minimax pruning (Ballard's)", "a way to search less in expectiminimax, as alpha-beta does in minimax (Ballard, 1983): values lie between known bounds (a probability between 0 and 1), so once the chance outcomes searched so far fix the average beyond what the choice above can use, the rest are not searched. The answer is the same as without it."},
		{"seed", "seed", "the number that starts a random number generator. The same seed gives the same random choices (ties broken at random, lists drawn, numbers of the Szemerédi set), so a game of a seed can be played again exactly; seeds 1..5 means five games, one of each seed."},
		{"sweep", "sweep", "a batch of games that Kombi plays and keeps in its database: every pair of strategies named, on every game named, with every seed given. The document reads its tables and figures off the stored games; a sweep's name (such as `sources-thue-b0-p1-to1000`: builder level 0, painter level 1, games stopped at 1,000 symbols) is what `kombi sweep results NAME` shows."},
		{"move", "move (the Thue game's tables)", "the Thue thesis counts a game's *moves* as the length of its word when it ends, the first symbol included: \"the game lasted 5 moves\" is the word 01212 (Figure 2.3). Each move after the first symbol is two *turns*: the builder chooses a gap, then the painter a symbol; a game of 5 moves is 4 turns of each, 8 in all. Tables 3.1–3.3 and the claims of Section 3.1 count moves so; Figure 2.4 and `kombi play` (\"wins after 8 moves (length 5)\") count turns."},
		{"nesting", "nesting level (the Thue thesis' recursive strategies)", "how many moves ahead the thesis' recursive builder or painter simulates before it chooses; level 0 is the greedy strategy, which looks at the next move only. Each level multiplies the work, so decisions slow down sharply with the level."},
		{"solver-work", "the solver's work: positions, searched, stored, seconds, CPU s, peak RSS MiB", "how much the exact solver of the list-colouring game computed, not part of the answer. *positions*: the positions it reached; *searched*: those it had not seen before, whose moves it tried; *stored*: the results it kept in its table to reuse; *seconds* and *CPU s*: the time on the clock and the processor time of all its threads; *peak RSS MiB*: the most memory the program held so far, in mebibytes."},
	}
}
