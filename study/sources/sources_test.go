package sources_test

import (
	"context"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	"github.com/kombi/kombi/study/sources"
)

// options returns the sources command's options from the registry, as
// the command line builds them, with the settings given.
func options(t *testing.T, db, out string, quick bool, only string) *sources.Options {
	t.Helper()
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range kit.Studies.Commands("report") {
		if c.Name == "sources" {
			o, _ := c.New()
			so := o.(*sources.Options)
			so.Settings()
			so.Out, so.Quick, so.Only = out, quick, only
			so.UseDatabase(db)
			return so
		}
	}
	t.Fatal("no report sources command in the registry")
	return nil
}

// section returns the text of the document from the heading that starts
// with head to the next heading of the same level or above (without the
// anchor line before that heading).
func section(doc, head string) string {
	i := strings.Index(doc, head)
	if i < 0 {
		return ""
	}
	level := len(strings.SplitN(head, " ", 2)[0])
	rest := doc[i+len(head):]
	end := len(rest)
	for l := 1; l <= level; l++ {
		if j := strings.Index(rest, "\n"+strings.Repeat("#", l)+" "); j >= 0 {
			end = min(end, j)
		}
	}
	text := strings.TrimSpace(head + rest[:end])
	if k := strings.LastIndex(text, "\n<a id="); k >= 0 && !strings.Contains(text[k+1:], "\n") {
		text = strings.TrimSpace(text[:k])
	}
	return text
}

var image = regexp.MustCompile(`!\[[^\]]*\]\(([^)]+\.png)\)`)

// TestQuickDocument writes the quick document and checks what a reader
// needs: a section per source, every table and figure of the Thue and
// Serbian theses by its number, at least 14 figures that exist and read
// as images, the differences marked (Table 3.1's findings, the thesis'
// floating point), the command of each item; then that a run again plays
// and computes nothing, and that one item can be written alone.
func TestQuickDocument(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kombi.db")
	out := filepath.Join(dir, "doc")
	res, err := options(t, db, out, true, "").Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Items {
		if it.Error != "" {
			t.Errorf("%s: not computed: %s", it.ID, it.Error)
		}
		// --json holds what was recomputed, not only a summary: the item's tables and its marks.
		if it.ID == "wythoff/table-5" && (len(it.Tables) != 1 || len(it.Tables[0].Rows) != 100 || len(it.Compared) == 0 || it.Compared[0].Kind != "floating point") {
			t.Errorf("Table 5's tables and marks in the result: %d tables, marks %+v", len(it.Tables), it.Compared)
		}
	}
	data, err := os.ReadFile(filepath.Join(out, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, src := range []string{"## The Thue game", "## Nim and Wythoff's game", "## Two-dimensional Nim", "## The Szemerédi game", "## The list-colouring van der Waerden game"} {
		if section(doc, src) == "" {
			t.Errorf("no section %q", src)
		}
	}
	thue, serbian := section(doc, "## The Thue game"), section(doc, "## Nim and Wythoff's game")
	var want []string
	for _, n := range []string{"2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8"} {
		want = append(want, "### Figure "+n+":")
	}
	for _, n := range []string{"3.1", "3.2", "3.3"} {
		want = append(want, "### Table "+n+":")
	}
	for _, w := range want {
		if !strings.Contains(thue, w) {
			t.Errorf("the Thue section has no %q", w)
		}
	}
	for n := 1; n <= 9; n++ {
		if w := "### Figure " + string(rune('0'+n)) + ":"; !strings.Contains(serbian, w) {
			t.Errorf("the Serbian section has no %q", w)
		}
	}
	for n := 1; n <= 5; n++ {
		if w := "### Table " + string(rune('0'+n)) + ":"; !strings.Contains(serbian, w) {
			t.Errorf("the Serbian section has no %q", w)
		}
	}
	figures := image.FindAllStringSubmatch(doc, -1)
	if len(figures) < 14 || res.Figures != len(figures) {
		t.Errorf("%d figures embedded, %d written; want at least 14", len(figures), res.Figures)
	}
	for _, f := range figures {
		file, err := os.Open(filepath.Join(out, f[1]))
		if err != nil {
			t.Errorf("figure %s: %v", f[1], err)
			continue
		}
		img, err := png.Decode(file)
		file.Close()
		if err != nil || img.Bounds().Dx() < 600 {
			t.Errorf("figure %s does not read as a readable PNG: %v", f[1], err)
		}
		if _, err := os.Stat(filepath.Join(out, strings.TrimSuffix(f[1], ".png")+".svg")); err != nil {
			t.Errorf("figure %s has no SVG: %v", f[1], err)
		}
	}
	t31 := section(thue, "### Table 3.1:")
	for _, w := range []string{"| 4 | 0 | 0 | 7 7 7 8 |", "⚠️ **Difference (start symbol):**", "8 from 3", "⚠️ **Difference (contradiction):**", "10 moves for the greedy builder against a recursive painter (painter ≥ 1, builder 0: 10 10 10 10)", "where Kombi finds 7 7 7 7"} {
		if !strings.Contains(t31, w) {
			t.Errorf("Table 3.1 lacks %q:\n%s", w, t31)
		}
	}
	if t33 := section(thue, "### Table 3.3:"); !strings.Contains(t33, "36.93") || !strings.Contains(t33, "107.45") {
		t.Errorf("Table 3.3 does not mark the thesis' means:\n%s", t33)
	}
	// Tables 3.2 and 3.3 in English (hours were "godz."), saying that a row pairs two games, not one.
	for _, head := range []string{"### Table 3.2:", "### Table 3.3:"} {
		if tab := section(thue, head); regexp.MustCompile(`\| [0-9]+ godz\.|min\. [0-9]`).MatchString(tab) || !strings.Contains(tab, "Row i pairs the i-th shortest of the thesis' games with the i-th shortest of Kombi's: the columns of a row are not one game") {
			t.Errorf("%s: units in Polish or no word that a row pairs two games:\n%s", head, tab)
		}
	}
	if t5 := section(serbian, "### Table 5:"); !strings.Contains(t5, "**Difference (floating point):** 57 of the thesis' 100 rows are wrong") ||
		!strings.Contains(t5, "The first wrong row is n = 87 960 930 222 080") {
		t.Errorf("Table 5 does not mark the wrong rows or the first of them:\n%s", t5)
	}
	if f4 := section(serbian, "### Figure 4:"); !strings.Contains(f4, "(4, 9) is not a losing position") {
		t.Errorf("Figure 4 does not mark the text's error:\n%s", f4)
	}
	// Agreements claim what was computed: Table 3.1 played levels 0 to 2, the thesis' claims about any painter
	// are held against the exact values; Figure 4's green squares are not in the text.
	if t31 := section(thue, "### Table 3.1:"); strings.Contains(t31, "whatever the levels") || !strings.Contains(t31, "levels 0 to 2 for each role") ||
		!strings.Contains(t31, "is 5 with 3 symbols and 7 with 4 symbols") {
		t.Errorf("Table 3.1 claims more than it played, or does not cite the exact values:\n%s", t31)
	}
	// The projects' slips and omissions are marked: the Szemerédi example's progressions, its figures' caption in
	// the project's numbers (it gave the set shifted), the list-colouring plan's two rules for a full board, the
	// assignment's "first non-empty cell".
	ap := section(doc, "## The Szemerédi game")
	for head, want := range map[string]string{
		"### § Implementation:": "it leaves out {2, 6, 10}, {4, 8, 12} and {8, 10, 12}",
		"### Figures 1–2:":      "replayed: k = 3, the project's set {0, 4, 5, 9,",
	} {
		if sec := section(ap, head); !strings.Contains(sec, want) {
			t.Errorf("%s lacks %q:\n%s", head, want, sec)
		}
	}
	if f12 := section(ap, "### Figures 1–2:"); strings.Contains(f12, "replayed: ap(k=3,set=1;5;6") {
		t.Errorf("Figures 1–2's caption gives the set shifted, its rows the project's numbers:\n%s", f12)
	}
	if v := section(doc, "### The exact value:"); !strings.Contains(v, "**Difference (contradiction):** the plan says both ways who wins") {
		t.Errorf("the list-colouring plan's contradiction is not marked:\n%s", v)
	}
	if st := section(doc, "### §4.3 (strategies):"); !strings.Contains(st, "(the first non-empty cell)") {
		t.Errorf("the assignment's firstfit slip is not marked:\n%s", st)
	}
	// Every item's source block says where the source has it (its section, its pages where the source's
	// table of contents gives them) and whether it paraphrases or translates; none speaks Kombi's notation
	// (Figure 3.1's said "greedy against nesting(level=1,ties=random)" for the thesis' levels 0 and 1).
	heads := regexp.MustCompile(`(?m)^### .*\n\n(.*)`).FindAllStringSubmatch(doc, -1)
	placed := regexp.MustCompile(`^> \*\*The source\*\* \(.+; (paraphrased|translated)\): `)
	for _, h := range heads {
		if !placed.MatchString(h[1]) {
			t.Errorf("an item's source block does not say where the source has it:\n%.200s", h[0])
		}
	}
	if len(heads) != len(res.Items) || strings.Contains(doc, "**The source:**") {
		t.Errorf("%d items of %d have a source block that says where", len(heads), len(res.Items))
	}
	for head, want := range map[string]string{"### Section 2.2:": "> **The source** (§2.2, Listings 2.1–2.4, pp. 16–20; paraphrased): ",
		"### Table 3.2:": "> **The source** (§3.1, Table 3.2, pp. 32–34; paraphrased): ", "### Figure 3.1:": "setPower = 5, builderNestingLevel = 0, painterNestingLevel = 1.",
		"### Figure 5:": "> **The source** (§4.1, Figure 5, from p. 15; paraphrased): ", "### Lists of one colour:": "; translated): \"If the table of colours"} {
		if sec := section(doc, head); !strings.Contains(sec, want) {
			t.Errorf("%s's source block lacks %q:\n%.600s", head, want, sec)
		}
	}
	if bad := regexp.MustCompile(`(?m)^> .*(nesting\(|greedy against|thue\(|ap\(k=)`).FindAllString(doc, -1); len(bad) > 0 {
		t.Errorf("source blocks in Kombi's notation: %q", bad)
	}
	// "Moves" as the thesis counts them (the word's length), not turns: said in Tables 3.1–3.3 and the
	// glossary, Figure 2.4 counting turns.
	for head, want := range map[string]string{"### Table 3.1:": "the game length in the thesis' moves (the final word's length)",
		"### Table 3.2:": "| thesis: moves (word length) | thesis: duration |", "### Table 3.3:": "Moves are the thesis' [moves](#glossary-move): the length of the word when the game ended",
		"### Figure 2.3:": "`kombi play` counts turns", "### Figure 2.4:": "turn 1: builder"} {
		if sec := section(thue, head); !strings.Contains(sec, want) {
			t.Errorf("%s lacks %q:\n%s", head, want, sec)
		}
	}
	// Figure 2.2's table marks the pass the thesis does not make (its title said it was the thesis' search).
	if f22 := section(thue, "### Figure 2.2:"); strings.Contains(f22, "The thesis' search, comparison by comparison") || strings.Count(f22, "| 2 (Kombi's) |") != 5 ||
		!strings.Contains(f22, "| 4 (thesis' 2nd) | 1 | abaa (from 0) | abaa (from 3) | **yes** |") || !strings.Contains(f22, "in the thesis' iteration 2 at its comparison 1") {
		t.Errorf("Figure 2.2 does not mark Kombi's pass:\n%s", f22)
	}
	// Table 4 shows the thesis' milliseconds as printed, not rounded (179503 read 1.8·10^5).
	if t4 := section(serbian, "### Table 4:"); !strings.Contains(t4, "| 163 840 | 179503 |") || !strings.Contains(t4, "| 655 360 | 2.87691e+06 |") || !strings.Contains(t4, "(230089 ms)") || strings.Contains(t4, "·10^5") {
		t.Errorf("Table 4 rounds the thesis' numbers:\n%s", t4)
	}
	if f4 := section(serbian, "### Figure 4:"); strings.Contains(f4, "are the thesis' green squares") || !strings.Contains(f4, "are (0, 0), (1, 3), (2, 6), (3, 1) and (6, 2)") {
		t.Errorf("Figure 4 says the thesis' green squares agree, which its text does not list:\n%s", f4)
	}
	// Figure 1's command replays the figure's game.
	f1 := section(serbian, "### Figure 1:")
	seed, moves := regexp.MustCompile(`--seed (\d+)`).FindStringSubmatch(f1), regexp.MustCompile(`A wins after (\d+) moves`).FindStringSubmatch(f1)
	if seed == nil || moves == nil {
		t.Errorf("Figure 1 has no command with a seed or no count of moves:\n%s", f1)
	} else {
		s, _ := strconv.ParseUint(seed[1], 10, 64)
		if n := nimGameLength(t, s); strconv.Itoa(n) != moves[1] {
			t.Errorf("Figure 1's game lasts %s moves, its command's (seed %d) %d", moves[1], s, n)
		}
	}
	for _, a := range []string{"1", "2"} {
		slope := map[string]string{"1": "slope β/α = 1.618034", "2": "slope β/α = 2.414214"}[a]
		if f := section(serbian, "### Figure "+map[string]string{"1": "2", "2": "3"}[a]+":"); !strings.Contains(f, slope) {
			t.Errorf("the drawing of a = %s does not give the line's slope %q:\n%s", a, slope, f)
		}
	}
	// The quick run stops Table 3.3's games at 100 symbols, under the
	// thesis' 213: not "longer games".
	if t33 := section(thue, "### Table 3.3:"); strings.Contains(t33, "Kombi's 3 reached") && (!strings.Contains(t33, "Difference (stopped games)") || strings.Contains(t33, "far beyond")) {
		t.Errorf("Table 3.3 calls games stopped under the thesis' longest longer:\n%s", t33)
	}
	// The thesis concludes that the level-1 builder makes shorter games than the greedy one: Section 3.1 and
	// Table 3.3 hold Kombi's games against that conclusion (the full run reverses it, a quick run may leave it
	// open), and a game stopped at the cut-off is not written as a length.
	for _, head := range []string{"### Section 3.1:", "### Table 3.3:"} {
		sec := section(thue, head)
		if !regexp.MustCompile(`Difference \(conclusion reversed\):\*\* the thesis concludes|Agrees:\*\* the level-1 builder makes shorter games|Note \(not settled\):\*\* the thesis concludes`).MatchString(sec) {
			t.Errorf("%s does not compare the builders' means with the thesis' conclusion:\n%s", head, sec)
		}
		if strings.Contains(sec, "stopped unbeaten") != strings.Contains(sec, "cut-off, not ended") {
			t.Errorf("%s shows games stopped at the cut-off without saying that their lengths are not the games':\n%s", head, sec)
		}
	}
	// Words for one of a thing and for none.
	if bad := regexp.MustCompile(`\ball 1 |\b1 (games|moves|cells)\b|\blengths \d+\)|word: word|Difference \(differs\)`).FindAllString(doc, -1); len(bad) > 0 {
		t.Errorf("the document writes %q", bad)
	}
	// A glossary in plain words, linked from the top, its terms from their first uses; the list-colouring
	// values apart from the solver's statistics, which a table of their own explains.
	if !strings.Contains(doc, "explained in plain words in the [glossary](#glossary)") || !strings.Contains(doc, "- [Words used: a glossary](#glossary)") {
		t.Error("the document does not link its glossary from the top")
	}
	for _, key := range []string{"p-position", "xor", "mex", "grundy", "seed", "sweep", "expectiminimax", "star-minimax", "solver-work", "move"} {
		if !strings.Contains(doc, `<a id="glossary-`+key+`"></a>**`) {
			t.Errorf("the glossary has no term %s", key)
		}
	}
	for _, link := range []string{"[Grundy value](#glossary-grundy)", "[mex](#glossary-mex)", "[expectiminimax](#glossary-expectiminimax)", "[sweeps](#glossary-sweep)"} {
		if !strings.Contains(doc, link) {
			t.Errorf("no first use links the glossary: %s", link)
		}
	}
	values := section(doc, "### The exact value:")
	if strings.Contains(values, "| s | P1 wins | ≈ | positions |") || !strings.Contains(values, "| s | P1 wins | ≈ |\n") || !strings.Contains(values, "| lists of | s | positions | searched | stored | seconds | CPU s | peak RSS MiB |") {
		t.Errorf("the list-colouring values mix the solver's statistics into the values:\n%s", values)
	}
	if n := strings.Count(doc, "Reproduce it alone:"); n != len(res.Items) {
		t.Errorf("%d items say how to reproduce them, of %d", n, len(res.Items))
	}
	html, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil || !strings.Contains(string(html), `<link rel="stylesheet" href="sources.css">`) || strings.Contains(string(html), "style=") ||
		strings.Count(string(html), "<script") != 1 || !strings.Contains(string(html), `<script src="frames.js" defer></script>`) {
		t.Errorf("index.html: %v (it must link its style sheet and its script, and hold no inline style or script)", err)
	}
	if js, err := os.ReadFile(filepath.Join(out, "frames.js")); err != nil || !strings.Contains(string(js), "data-scroll") {
		t.Errorf("frames.js: %v (the script that keeps only the frames that scroll as stops of the keyboard's)", err)
	}
	// The page links its Markdown, and each figure its PNG at full size and its SVG.
	if !strings.Contains(string(html), `<a href="README.md">Markdown</a>`) {
		t.Error("index.html does not link the Markdown version")
	}
	for _, f := range figures {
		name := strings.TrimSuffix(f[1], ".png")
		if !strings.Contains(string(html), `<a href="`+name+`.png">PNG at full size</a>, <a href="`+name+`.svg">SVG</a>`) || !strings.Contains(doc, "[PNG at full size]("+name+".png)") {
			t.Errorf("figure %s: no link to its PNG at full size and its SVG", name)
		}
	}

	// A run again reads its games and results and only redraws: the same
	// items, the same text (two sources, to keep the test short: drawing is
	// most of a run again).
	again := filepath.Join(dir, "again")
	res2, err := options(t, db, again, true, "wythoff,thue/table-3.2,vdwlist").Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res2.GamesPlayed != 0 || res2.ResultsMade != 0 || res2.GamesRead == 0 || res2.ResultsRead == 0 {
		t.Errorf("a run again played %d games and computed %d results (read %d, %d)", res2.GamesPlayed, res2.ResultsMade, res2.GamesRead, res2.ResultsRead)
	}
	data2, _ := os.ReadFile(filepath.Join(again, "README.md"))
	for _, head := range []string{"## Nim and Wythoff's game", "### Table 3.2:", "## The list-colouring van der Waerden game"} {
		if a, b := strip(section(string(data2), head)), strip(section(doc, head)); a == "" || a != b {
			al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
			for i := range min(len(al), len(bl)) {
				if al[i] != bl[i] {
					t.Errorf("a run again wrote %q differently, at line %d:\n%s\nfirst:\n%s", head, i+1, al[i], bl[i])
					break
				}
			}
			if len(al) != len(bl) {
				t.Errorf("a run again wrote %q in %d lines, first in %d", head, len(al), len(bl))
			}
		}
	}

	// One item alone, into a folder of its own; its progress says in words what it computes (it named the
	// sweep and the item's id), in percent of the run.
	alone := filepath.Join(dir, "alone")
	var said []string
	r1, err := options(t, db, alone, true, "thue/table-3.1").Run(context.Background(), func(p solve.Progress) {
		if p.Total != 100 {
			t.Errorf("progress %d of %d, want a percentage", p.Done, p.Total)
		}
		said = append(said, p.Message)
	})
	if all := strings.Join(said, "\n"); !strings.Contains(all, "Thue thesis, Table 3.1 (item 1 of 1): games of 9 pairs of strategies: ") || strings.Contains(all, "sweep") || strings.Contains(all, "thue/table-3.1") {
		t.Errorf("the progress of Table 3.1 says:\n%s", all)
	}
	if err != nil || len(r1.Items) != 1 {
		t.Fatalf("one item: %+v, %v", r1, err)
	}
	if d, _ := os.ReadFile(filepath.Join(alone, "README.md")); !strings.Contains(string(d), "### Table 3.1:") || strings.Contains(string(d), "### Table 3.2:") {
		t.Errorf("the document of one item:\n%s", d)
	}
}

// nimGameLength plays Figure 1's game as its command does (kombi play
// 'nim(piles=3;4;5)' --p1 perfect --p2 random --seed seed) and returns its
// number of moves.
func nimGameLength(t *testing.T, seed uint64) int {
	t.Helper()
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	g, err := kit.Games.Load("nim(piles=3;4;5)", seed)
	if err != nil {
		t.Fatal(err)
	}
	seats, err := match.NewSeats(kit.Bots, g, [2]string{"perfect", "random"}, seed, bot.Env{})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return len(rec.Moves)
}

// strip drops the document's last paragraph (how long it took).
func strip(doc string) string {
	if i := strings.LastIndex(doc, "\n---\n"); i >= 0 {
		return doc[:i]
	}
	return doc
}

// TestSettings: bad settings are refused naming the setting in words.
func TestSettings(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		only, out, want string
	}{
		{"nope", "x", "{items}"},
		{"thue/table-3.1", "", "{output directory}"},
		{"thue/table-9.9", "x", "no item or source"},
	} {
		o := options(t, filepath.Join(dir, "k.db"), c.out, true, c.only)
		err := o.Check()
		var se *study.SettingError
		if !errors.As(err, &se) || !errors.As(err, new(*game.InputError)) || !strings.Contains(se.Format(func(s string) string { return "{" + s + "}" }), c.want) {
			t.Errorf("--only %q --out %q: %v, want a setting error about %s", c.only, c.out, err, c.want)
		}
	}
	if err := options(t, filepath.Join(dir, "k.db"), "x", true, "wythoff,thue/figure-3.8").Check(); err != nil {
		t.Errorf("a source and an item: %v", err)
	}
	// The workers in the setting's words (the command line's --workers),
	// not the sweep option's Go field.
	o := options(t, filepath.Join(dir, "k.db"), "", true, "")
	o.Workers = -1
	if err := o.Check(); err == nil || err.Error() != "workers -1: want 1 to 1024, or 0 for one per CPU" {
		t.Errorf("workers -1: %v", err)
	}
}

// TestInterrupted: a run stopped before it starts keeps the document's
// shape, marks what it did not compute, and says it was stopped.
func TestInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := options(t, filepath.Join(dir, "k.db"), filepath.Join(dir, "doc"), true, "thue").Run(ctx, nil)
	if !errors.Is(err, context.Canceled) || !res.Interrupted {
		t.Fatalf("a stopped run: %v, interrupted %v", err, res.Interrupted)
	}
	d, err := os.ReadFile(filepath.Join(dir, "doc", "README.md"))
	if err != nil || !strings.Contains(string(d), "**Not computed:**") || !strings.Contains(string(d), "### Table 3.2:") {
		t.Fatalf("the document of a stopped run: %v\n%s", err, d)
	}
	// Stopped in its second item, its last progress says what it kept, at how far it got (the page that
	// cancels a run shows it).
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	var last solve.Progress
	var atStop int64
	if _, err := options(t, filepath.Join(dir, "k.db"), filepath.Join(dir, "doc-stopped"), true, "thue/section-1.2,thue/section-1.3,thue/section-1.4").Run(ctx2, func(p solve.Progress) {
		if strings.Contains(p.Message, "(item 2 of 3)") && ctx2.Err() == nil {
			atStop = p.Done
			cancel2()
		}
		last = p
	}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a run stopped in its second item: %v", err)
	}
	if want := "kept: 1 of 3 items computed and written in the document (the other 2 marked not computed); no game played or result computed by then"; last.Message != want || last.Done != atStop || last.Total != 100 {
		t.Errorf("the last progress of a stopped run: %d of %d, %q; want %d of 100, %q", last.Done, last.Total, last.Message, atStop, want)
	}
	// Its page (for kombi serve, at /sources/) links the page that writes it again; the Markdown does not.
	for _, quick := range []bool{true, false} {
		out := filepath.Join(dir, fmt.Sprint("doc-", quick))
		if _, err := options(t, filepath.Join(dir, "k.db"), out, quick, "thue").Run(ctx, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("a stopped run (quick %v): %v", quick, err)
		}
		page, err := os.ReadFile(filepath.Join(out, "index.html"))
		md, err2 := os.ReadFile(filepath.Join(out, "README.md"))
		if err != nil || err2 != nil || strings.Count(string(page), `<a href="write.html">`) != 1 || strings.Contains(string(md), "write.html") {
			t.Errorf("a stopped run (quick %v): the page links write.html %d times (want 1), the Markdown %v (%v %v)",
				quick, strings.Count(string(page), `<a href="write.html">`), strings.Contains(string(md), "write.html"), err, err2)
		}
	}
}

// TestNimExamples: the Serbian thesis' worked examples are replayed, not
// only Example 3's first move: its whole game with each position's binary
// sum, the source's garbled tables read against it, Example 2's missing
// table, Example 4's moves, Example 7's sequences and Lemma 5's continued
// fractions.
func TestNimExamples(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "doc")
	if _, err := options(t, filepath.Join(dir, "k.db"), out, true, "wythoff/example-2,wythoff/example-3,wythoff/examples-4-7").Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(out, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for head, wants := range map[string][]string{
		"### Example 2:": {"| 3, 4 | 011 ⊕ 100 | 111 (7) | wins |", "**Difference (missing table):** Example 2's table is not in the text: 011 ⊕ 100 = 111, 7", "(1, 2) is won by taking one token from the heap of two"},
		"### Example 3:": {"| 2 | B | 2 from heap 2 | 0111 (7) | 0011 (3) | 0010 (2) | 0110 (6) | 1:6 |", "| 5 | A | 3 from heap 2 | 0001 (1) | 0000 (0) | 0001 (1) | 0000 (0) |",
			"A takes the last token after 7 moves", "every move of A leaves a binary sum of 0",
			"**Difference (garbled tables):** the four tables the text prints between the moves are of the positions (7, 5, 2), (1, 3, 2), (1, 3, 1) and (1, 0, 1)", "ordinary sum, with carry (7 + 5 + 2 = 14, 1 + 3 + 2 = 6, 1 + 3 + 1 = 5, 1 + 0 + 1 = 2)"},
		"### Examples 4 and 7, Lemma 5:": {"**Agrees:** Example 4: (1, 2) is lost for the player to move; its moves reach exactly (0, 1), (0, 2), (1, 0) and (1, 1)", "| B_n = ⌊(α + 1)n⌋ | 2, 5, 7, 10, 13, 15, 18, 20, 23, 26 |",
			"| 2 | 1.414214 | [1, 2, 2, 2, 2, 2, 2, 2, ...] | yes |", "**Agrees:** Lemma 5"},
	} {
		sec := section(doc, head)
		for _, w := range wants {
			if !strings.Contains(sec, w) {
				t.Errorf("%s lacks %q:\n%s", head, w, sec)
			}
		}
	}
}
