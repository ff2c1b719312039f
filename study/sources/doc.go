package sources

import (
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report/chart"
)

// The document: sections of items, written as GitHub Markdown (README.md)
// and as HTML for `kombi serve` (index.html with sources.css and frames.js:
// no inline style or script, for its Content-Security-Policy).

// section is one source: what it is, and its items.
type section struct {
	// id prefixes its items' ids ("thue"); short names the source in a few
	// words ("Thue thesis"), for the progress.
	id, short string
	// title is the source's title in English, original the title as
	// written; author, year, and what it is (a thesis, an assignment...).
	title, original, author, year, what string
	// intro says what Kombi does with it (paragraphs).
	intro []string
	items []*item
}

// add appends the item id (its id in the section: "table-3.2") with its
// label, title and build, and returns it (to say where the source has it).
func (s *section) add(id, label, title string, build func(ctx context.Context, l *lab, it *item) error) *item {
	it := &item{id: s.id + "/" + id, label: label, title: title, build: build}
	s.items = append(s.items, it)
	return it
}

// item is one table, figure or passage of a source, recomputed.
type item struct {
	// id is what --only names ("thue/table-3.2"); label how the source
	// numbers it ("Table 3.2", "Figure 5") or names it; title its caption.
	id, label, title string
	// source says what the source shows or claims (paragraphs), in
	// English: a paraphrase, its quotation marks around the original's
	// words translated; where is where the original has it (its section,
	// and the pages its table of contents gives).
	source []string
	where  string
	// text is Kombi's recomputation in words (paragraphs), tables and
	// code (a transcript) beside it, figure a figure.
	text   []string
	tables []game.Table
	code   string
	figure *figure
	// diffs are the differences from the source, each explained, and the
	// agreements.
	diffs []diff
	// commands reproduce the item: `kombi report sources --only ID` first.
	commands []string
	// err says why the item was not computed (interrupted, failed).
	err error
	// build computes the item's content with the lab (nil once built).
	build func(ctx context.Context, l *lab, it *item) error
}

// figure is an item's figure: its files' base name, the chart, and the
// caption under it.
type figure struct {
	name    string
	chart   chart.Chart
	caption string
}

// diff is a difference from the source, or an agreement.
type diff struct {
	// kind names it: "print error", "tie rule", "faster machine",
	// "floating point", "rule", "chance", "agrees", ...
	kind string
	text string
}

// agrees reports whether the diff is an agreement.
func (d diff) agrees() bool { return d.kind == "agrees" }

// note reports whether the diff is a note on how Kombi computed the item
// (not a difference of the results).
func (d diff) note() bool {
	return slices.Contains([]string{"note", "quick run", "not recomputed", "drawn differently", "not settled"}, d.kind)
}

// mark writes the diff's mark and label: ✅ an agreement, ℹ️ a note, ⚠️ a
// difference.
func (d diff) mark() string {
	switch {
	case d.agrees():
		return "✅ **Agrees:**"
	case d.kind == "note":
		return "ℹ️ **Note:**"
	case d.note():
		return "ℹ️ **Note (" + d.kind + "):**"
	}
	if d.kind == "differs" {
		return "⚠️ **Difference:**"
	}
	return "⚠️ **Difference (" + d.kind + "):**"
}

// differs counts an item's differences (not its agreements and notes).
func (it *item) differs() int {
	n := 0
	for _, d := range it.diffs {
		if !d.agrees() && !d.note() {
			n++
		}
	}
	return n
}

// anchor is an item's or section's anchor in the document.
func anchor(id string) string {
	return strings.NewReplacer("/", "-", ".", "-").Replace(id)
}

// glossaryTitle heads the glossary.
const glossaryTitle = "Words used: a glossary"

// document is the whole: a title, paragraphs, the sections.
type document struct {
	title string
	intro []string
	// htmlIntro follows intro in the HTML page only (what kombi serve
	// offers there).
	htmlIntro []string
	secs      []*section
	// glossary explains the words a student may not know (after the
	// contents, each term at its own anchor).
	glossary []term
	// closing paragraphs after the sections (how it was made).
	closing []string
}

// cell escapes a table cell for Markdown.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// markdownTable writes a table as GitHub Markdown.
func markdownTable(b *strings.Builder, t game.Table) {
	if t.Title != "" {
		fmt.Fprintf(b, "**%s**\n\n", t.Title)
	}
	if len(t.Columns) > 0 {
		b.WriteString("|")
		for _, c := range t.Columns {
			b.WriteString(" " + cell(c) + " |")
		}
		b.WriteString("\n|")
		for range t.Columns {
			b.WriteString(" --- |")
		}
		b.WriteString("\n")
		for _, r := range t.Rows {
			b.WriteString("|")
			for i := range t.Columns {
				v := ""
				if i < len(r) {
					v = r[i]
				}
				b.WriteString(" " + cell(v) + " |")
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	for _, n := range t.Notes {
		if strings.TrimSpace(n) != "" {
			b.WriteString(n + "\n\n")
		}
	}
}

// markdown writes the document as GitHub Markdown.
func (d *document) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", d.title)
	for _, p := range d.intro {
		b.WriteString(p + "\n\n")
	}
	b.WriteString("**Contents**\n\n")
	if len(d.glossary) > 0 {
		fmt.Fprintf(&b, "- [%s](#%s)\n", glossaryTitle, glossaryAnchor)
	}
	for _, s := range d.secs {
		fmt.Fprintf(&b, "- [%s](#%s)\n", s.title, anchor(s.id))
		for _, it := range s.items {
			fmt.Fprintf(&b, "  - [%s: %s](#%s)\n", it.label, it.title, anchor(it.id))
		}
	}
	b.WriteString("\n")
	if len(d.glossary) > 0 {
		fmt.Fprintf(&b, "<a id=\"%s\"></a>\n\n## %s\n\n", glossaryAnchor, glossaryTitle)
		for _, t := range d.glossary {
			fmt.Fprintf(&b, "- <a id=\"%s-%s\"></a>**%s**: %s\n", glossaryAnchor, t.key, strings.ReplaceAll(t.word, "*", `\*`), t.text)
		}
		b.WriteString("\n")
	}
	for _, s := range d.secs {
		fmt.Fprintf(&b, "<a id=\"%s\"></a>\n\n## %s\n\n", anchor(s.id), s.title)
		fmt.Fprintf(&b, "*%s* — %s, %s. %s\n\n", s.original, s.author, s.year, s.what)
		for _, p := range s.intro {
			b.WriteString(p + "\n\n")
		}
		for _, it := range s.items {
			it.markdown(&b)
		}
	}
	for _, p := range d.closing {
		b.WriteString(p + "\n\n")
	}
	return b.String()
}

// sourceHead heads an item's source block: where the original has it,
// and whether the block quotes it (translated) or paraphrases it.
func (it *item) sourceHead() string {
	kind := "paraphrased"
	if !slices.ContainsFunc(it.source, func(p string) bool { return !quotation.MatchString(p) }) {
		kind = "translated"
	}
	if it.where == "" {
		return "**The source** (" + kind + "): "
	}
	return "**The source** (" + it.where + "; " + kind + "): "
}

// quotation is a paragraph that is one quotation and nothing else.
var quotation = regexp.MustCompile(`^"[^"]*"\.?$`)

func (it *item) markdown(b *strings.Builder) {
	fmt.Fprintf(b, "<a id=\"%s\"></a>\n\n### %s: %s\n\n", anchor(it.id), it.label, it.title)
	for i, p := range it.source {
		if i == 0 {
			p = it.sourceHead() + p
		}
		b.WriteString("> " + p + "\n>\n")
	}
	if len(it.source) > 0 {
		b.WriteString("\n")
	}
	if it.err != nil {
		fmt.Fprintf(b, "**Not computed:** %s. Run the command again: what was computed is kept in the database.\n\n", it.err)
	}
	for i, p := range it.text {
		if i == 0 {
			p = "**Kombi:** " + p
		}
		b.WriteString(p + "\n\n")
	}
	for _, t := range it.tables {
		markdownTable(b, t)
	}
	if it.code != "" {
		b.WriteString("```text\n" + strings.TrimRight(it.code, "\n") + "\n```\n\n")
	}
	if f := it.figure; f != nil {
		fmt.Fprintf(b, "![%s](%s.png)\n\n", cell(it.label+" recomputed by Kombi: "+f.caption), f.name)
		fmt.Fprintf(b, "*%s (Kombi's recomputation).* %s ([PNG at full size](%s.png), [SVG](%s.svg))\n\n", it.label, f.caption, f.name, f.name)
	}
	if len(it.diffs) > 0 {
		b.WriteString("**Compared with the source:**\n\n")
		for _, d := range it.diffs {
			fmt.Fprintf(b, "- %s %s\n", d.mark(), d.text)
		}
		b.WriteString("\n")
	}
	if len(it.commands) > 0 {
		b.WriteString("Reproduce it alone:")
		for i, c := range it.commands {
			sep := " "
			if i > 0 {
				sep = "; "
			}
			fmt.Fprintf(b, "%s`%s`", sep, c)
		}
		b.WriteString("\n\n")
	}
}

var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	bold     = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	italic   = regexp.MustCompile(`\*([^*]+)\*`)
	link     = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
	// subscript: a single letter, an underscore and a number or a letter
	// is a subscript in the sources' plain text (A_n, B_3, R_p, a_i), set
	// as one in the HTML as the browser's pages set it (web/static/html.js)
	subscript = regexp.MustCompile(`\b([A-Za-z])_([0-9]+|[a-z])\b`)
	// power: a number to a power (10^7, 2^j, 3^26), set as a superscript
	power = regexp.MustCompile(`(\d)\^([0-9]+|[a-z])\b`)
	// grouped: a number written in groups of three digits (1 310 720, as
	// the sources write them), kept on one line
	grouped = regexp.MustCompile(`\b\d{1,3}(?: \d{3})+\b`)
)

// prose escapes prose for HTML with the browser's typography (as
// web/static/html.js sets the app's words): an apostrophe between two
// letters becomes ’ ("Wythoff’s"); code is escaped with html.EscapeString
// alone. The Markdown version keeps the plain apostrophe.
func prose(s string) string {
	r := []rune(s)
	for i := 1; i+1 < len(r); i++ {
		if r[i] == '\'' && unicode.IsLetter(r[i-1]) && unicode.IsLetter(r[i+1]) {
			r[i] = '’'
		}
	}
	return html.EscapeString(string(r))
}

// inline writes the Markdown of a paragraph (code spans, bold, italics,
// links to anchors and files) as HTML; everything else is escaped.
func inline(s string) string {
	var out strings.Builder
	parts := codeSpan.Split(s, -1)
	codes := codeSpan.FindAllStringSubmatch(s, -1)
	for i, p := range parts {
		// ✅ is an emoji that fonts without colour emoji (a Linux
		// desktop's, headless Chromium's) draw as a box: the page says ✔.
		t := strings.ReplaceAll(prose(p), "✅", "✔")
		t = bold.ReplaceAllString(t, "<strong>$1</strong>")
		t = italic.ReplaceAllString(t, "<em>$1</em>")
		t = subscript.ReplaceAllString(t, "$1<sub>$2</sub>")
		t = power.ReplaceAllString(t, "$1<sup>$2</sup>")
		t = grouped.ReplaceAllStringFunc(t, func(n string) string { return strings.ReplaceAll(n, " ", "\u00a0") })
		t = link.ReplaceAllStringFunc(t, func(m string) string {
			sm := link.FindStringSubmatch(m)
			href := sm[2]
			if strings.Contains(href, ":") && !strings.HasPrefix(href, "https:") {
				return sm[1]
			}
			return `<a href="` + href + `">` + sm[1] + `</a>`
		})
		out.WriteString(t)
		if i < len(codes) {
			out.WriteString("<code>" + html.EscapeString(codes[i][1]) + "</code>")
		}
	}
	return out.String()
}

// saysNo reports whether a table's cell is a verdict against the source:
// "NO" or a bold "**no**" (the thesis' row is wrong, the thesis' code is
// not exact). The HTML marks its row (a colour beside the word).
func saysNo(cell string) bool {
	return cell == "NO" || strings.HasPrefix(cell, "**no**")
}

// Cells of a table on a phone: one of more than longCell characters (of
// words) is given a width it wraps in (class "long"), one of more than
// longerCell a wider one ("longer"), so that a table too wide for the
// screen scrolls at a readable width instead of being squeezed to a word
// a line, while a table of short cells fits the screen, its headers
// wrapped (the style sheet's phone rules).
const longCell, longerCell = 40, 120

// longToken is the most characters of a cell without a space that a
// table sets as its other cells: a longer one ("token": the 31-digit pairs
// of Table 5) is set smaller on a phone, so that the verdict next to it
// stays on the screen, and may break anywhere on paper, so that the table
// fits the page.
const longToken = 14

// isToken reports whether a cell is one long word (longToken).
func isToken(v string) bool {
	return utf8.RuneCountInString(v) > longToken && !strings.ContainsAny(v, " \u00a0")
}

// cellClass is the class of a table's cell: its verdict, its length, and
// whether its column holds a long word (token: the column is set alike).
func cellClass(v string, token bool) string {
	var class []string
	switch n := utf8.RuneCountInString(v); {
	case saysNo(v):
		class = append(class, "no")
	case n > longerCell:
		class = append(class, "longer")
	case n > longCell:
		class = append(class, "long")
	}
	if token {
		class = append(class, "token")
	}
	return strings.Join(class, " ")
}

// htmlTable writes a table of the item labelled label ("Figure 2.1") as
// HTML.
func htmlTable(b *strings.Builder, t game.Table, label string) {
	// A table wider than the page scrolls in its frame: the frame takes the keyboard's focus (the arrows scroll it),
	// named by the item and the table (two items' tables may have the same title); frames.js keeps that for the
	// frames that scroll on the screen they are read on (data-scroll). The frame's wrapper lets a table too wide
	// for the text's column take more of a wide screen (the style sheet's table-wrap).
	name := t.Title
	if name == "" {
		name = "table"
	}
	fmt.Fprintf(b, "<div class=\"table-wrap\"><div class=\"table\" data-scroll tabindex=\"0\" role=\"region\" aria-label=\"%s\"><table>\n", prose(label+": "+name))
	if t.Title != "" {
		fmt.Fprintf(b, "<caption>%s</caption>\n", inline(t.Title))
	}
	b.WriteString("<thead><tr>")
	for _, c := range t.Columns {
		fmt.Fprintf(b, "<th>%s</th>", inline(c))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	tokens := make([]bool, len(t.Columns))
	for _, r := range t.Rows {
		for i, v := range r[:min(len(r), len(tokens))] {
			tokens[i] = tokens[i] || isToken(v)
		}
	}
	for _, r := range t.Rows {
		if slices.ContainsFunc(r, saysNo) {
			b.WriteString(`<tr class="wrong">`)
		} else {
			b.WriteString("<tr>")
		}
		for i := range t.Columns {
			v := ""
			if i < len(r) {
				v = r[i]
			}
			if class := cellClass(v, tokens[i]); class != "" {
				fmt.Fprintf(b, "<td class=\"%s\">%s</td>", class, inline(v))
			} else {
				fmt.Fprintf(b, "<td>%s</td>", inline(v))
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></div></div>\n")
	for _, n := range t.Notes {
		if strings.TrimSpace(n) != "" {
			fmt.Fprintf(b, "<p class=\"note\">%s</p>\n", inline(n))
		}
	}
}

// html writes the document as one HTML page that links sources.css and
// frames.js.
func (d *document) html() string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<link rel=\"stylesheet\" href=\"sources.css\">\n<script src=\"frames.js\" defer></script>\n<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n</head>\n<body>\n<main>\n", prose(d.title))
	fmt.Fprintf(&b, "<p class=\"back\"><a href=\"/\">← Kombi</a></p>\n<h1>%s</h1>\n", prose(d.title))
	for _, p := range append(slices.Clip(d.intro), d.htmlIntro...) {
		fmt.Fprintf(&b, "<p>%s</p>\n", inline(p))
	}
	b.WriteString("<nav aria-label=\"Contents\"><ul>\n")
	if len(d.glossary) > 0 {
		fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a></li>\n", glossaryAnchor, prose(glossaryTitle))
	}
	for _, s := range d.secs {
		fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a><ul>", anchor(s.id), prose(s.title))
		for _, it := range s.items {
			fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a></li>", anchor(it.id), prose(it.label+": "+it.title))
		}
		b.WriteString("</ul></li>\n")
	}
	b.WriteString("</ul></nav>\n")
	if len(d.glossary) > 0 {
		fmt.Fprintf(&b, "<section id=\"%s\">\n<h2>%s</h2>\n<dl class=\"glossary\">\n", glossaryAnchor, prose(glossaryTitle))
		for _, t := range d.glossary {
			fmt.Fprintf(&b, "<dt id=\"%s-%s\">%s</dt><dd>%s</dd>\n", glossaryAnchor, t.key, prose(t.word), inline(t.text))
		}
		b.WriteString("</dl>\n</section>\n")
	}
	for _, s := range d.secs {
		fmt.Fprintf(&b, "<section id=\"%s\">\n<h2>%s</h2>\n<p class=\"source\"><em>%s</em> — %s, %s. %s</p>\n",
			anchor(s.id), prose(s.title), prose(s.original), prose(s.author), prose(s.year), inline(s.what))
		for _, p := range s.intro {
			fmt.Fprintf(&b, "<p>%s</p>\n", inline(p))
		}
		for _, it := range s.items {
			it.html(&b)
		}
		b.WriteString("</section>\n")
	}
	for _, p := range d.closing {
		fmt.Fprintf(&b, "<p>%s</p>\n", inline(p))
	}
	b.WriteString("</main>\n</body>\n</html>\n")
	return b.String()
}

func (it *item) html(b *strings.Builder) {
	fmt.Fprintf(b, "<article id=\"%s\">\n<h3>%s: %s</h3>\n", anchor(it.id), prose(it.label), prose(it.title))
	if len(it.source) > 0 {
		b.WriteString("<blockquote>")
		for i, p := range it.source {
			if i == 0 {
				p = it.sourceHead() + p
			}
			fmt.Fprintf(b, "<p>%s</p>", inline(p))
		}
		b.WriteString("</blockquote>\n")
	}
	if it.err != nil {
		fmt.Fprintf(b, "<p class=\"missing\"><strong>Not computed:</strong> %s. Run the command again: what was computed is kept in the database.</p>\n", prose(it.err.Error()))
	}
	for i, p := range it.text {
		if i == 0 {
			p = "**Kombi:** " + p
		}
		fmt.Fprintf(b, "<p>%s</p>\n", inline(p))
	}
	for _, t := range it.tables {
		htmlTable(b, t, it.label)
	}
	if it.code != "" {
		// Output wider than the page scrolls in its frame, which takes the keyboard's focus as a table's does.
		fmt.Fprintf(b, "<pre data-scroll tabindex=\"0\" role=\"region\" aria-label=\"%s\">%s</pre>\n", prose(it.label+": Kombi's output"), html.EscapeString(strings.TrimRight(it.code, "\n")))
	}
	if f := it.figure; f != nil {
		fmt.Fprintf(b, "<figure><img src=\"%s.png\" alt=\"%s\"><figcaption><strong>%s (Kombi’s recomputation).</strong> %s (<a href=\"%s.png\">PNG at full size</a>, <a href=\"%s.svg\">SVG</a>)</figcaption></figure>\n",
			f.name, prose(it.label+" recomputed by Kombi: "+f.caption), prose(it.label), inline(f.caption), f.name, f.name)
	}
	if len(it.diffs) > 0 {
		b.WriteString("<p><strong>Compared with the source:</strong></p>\n<ul class=\"diffs\">\n")
		for _, d := range it.diffs {
			class := "differs"
			if d.agrees() {
				class = "agrees"
			} else if d.note() {
				class = "note"
			}
			fmt.Fprintf(b, "<li class=\"%s\">%s %s</li>\n", class, inline(d.mark()), inline(d.text))
		}
		b.WriteString("</ul>\n")
	}
	if len(it.commands) > 0 {
		b.WriteString("<p class=\"commands\">Reproduce it alone:</p>\n<ul class=\"commands\">\n")
		for _, c := range it.commands {
			fmt.Fprintf(b, "<li><code>%s</code></li>\n", html.EscapeString(c))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</article>\n")
}

// framesJS is the HTML page's one script (frames.js, not inline: the
// page's Content-Security-Policy allows scripts of its own server's only;
// a classic script, which a page opened from the disk runs too). The
// frames that scroll sideways (data-scroll: a wide table, Kombi's output)
// are written as stops of the keyboard's and regions named by their items,
// which a page without scripts keeps; on the screen, only a frame that
// scrolls there stays one, rechecked as its size changes (the keyboard
// audit, finding 23: 46 stops and landmarks where one frame scrolled).
const framesJS = `(() => {
  const frames = [...document.querySelectorAll('[data-scroll]')];
  const mark = () => {
    for (const f of frames) {
      if (f.dataset.label === undefined) f.dataset.label = f.getAttribute('aria-label') || '';
      if (f.scrollWidth > f.clientWidth + 1) {
        f.tabIndex = 0;
        f.setAttribute('role', 'region');
        f.setAttribute('aria-label', f.dataset.label);
      } else if (f !== document.activeElement) {
        f.removeAttribute('tabindex');
        f.removeAttribute('role');
        f.removeAttribute('aria-label');
      }
    }
  };
  mark();
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(mark);
    for (const f of frames) {
      watch.observe(f);
      if (f.firstElementChild) watch.observe(f.firstElementChild);
    }
  }
  addEventListener('resize', mark);
})();
`

// css is the HTML page's style sheet.
const css = `body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f; background: #fafaf7; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 4rem; }
h1 { font-size: 1.8rem; } h2 { margin-top: 3rem; border-bottom: 2px solid #ddd; } h3 { margin-top: 2.2rem; }
blockquote { margin: 1rem 0; padding: .25rem 1rem; border-left: 4px solid #c9c2a8; background: #f2efe4; }
.table-wrap { display: flex; margin: 0 calc(50% - 50vw + 1.25rem); }
.table-wrap::before, .table-wrap::after { content: ""; flex: 0 1 max(0px, (100vw - 62.5rem) / 2); }
.table { flex: 1 0 auto; width: min-content; max-width: 100%; overflow-x: auto;
  background: linear-gradient(to right, #fafaf7 40%, #fafaf700) left / 2.5rem 100% no-repeat local, linear-gradient(to left, #fafaf7 40%, #fafaf700) right / 2.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, #0000004d, #0000) left / 1rem 100% no-repeat scroll, radial-gradient(farthest-side at 100% 50%, #0000004d, #0000) right / 1rem 100% no-repeat scroll; }
@media (max-width: 40rem) { .table td.long { min-width: 9rem; } .table td.longer { min-width: 15rem; } .table td.token { font-size: .8rem; } }
tr.wrong td { background: #fbe6e3; } td.no { font-weight: 700; color: #9c1c12; }
table { border-collapse: collapse; margin: .75rem 0; font-size: .92rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
.table caption { position: sticky; left: 0; max-width: min(57.5rem, calc(100vw - 2.5rem)); overflow-wrap: anywhere; }
th, td { border: 1px solid #d6d6d0; padding: .25rem .5rem; text-align: left; vertical-align: top; } th { background: #efefe9; }
figure { margin: 1rem 0; } figure img { box-sizing: border-box; max-width: 100%; height: auto; border: 1px solid #e2e2dc; background: #fff; }
figcaption { font-size: .95rem; color: #444; margin-top: .35rem; }
pre { overflow-x: auto; background: #f1f1ec; padding: .75rem; font-size: .85rem; }
code { font-size: .9em; } p code, li code { overflow-wrap: anywhere; } .note { font-size: .92rem; color: #444; }
ul.diffs { padding-left: 1.2rem; } li.differs { color: #7a3b00; } li.agrees { color: #1f5d2a; }
.commands { font-size: .92rem; } p.commands { margin-bottom: .2rem; } ul.commands { margin-top: 0; padding-left: 1.2rem; overflow-wrap: anywhere; } .missing { color: #a00; } .back { margin: 0; } .back a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; padding: 0 .5rem; margin-left: -.5rem; }
dl.glossary dt { font-weight: 600; margin-top: .6rem; } dl.glossary dd { margin: .1rem 0 0 1.2rem; }
nav ul { padding-left: 1.2rem; } nav > ul > li { margin: .3rem 0; font-weight: 600; } nav ul ul { font-weight: 400; font-size: .92rem; }
@media (max-width: 40rem) { nav a { display: inline-flex; align-items: center; min-height: 44px; } }
:root { color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  body { color: #e9e7e2; background: #14161b; } a { color: #8ab4f8; } a:visited { color: #c9a7f5; }
  h2 { border-bottom-color: #3b3f48; } blockquote { border-left-color: #6b6346; background: #201f1a; }
  th, td { border-color: #3b3f48; } th { background: #23262d; } figure img { border-color: #3b3f48; }
  figcaption, .note { color: #b9b5ac; } pre { background: #1d2027; }
  li.differs { color: #f2a765; } li.agrees { color: #7fd49a; } .missing { color: #ff8f85; }
  tr.wrong td { background: #3e2220; } td.no { color: #ffb3a8; }
  .table { background-image: linear-gradient(to right, #14161b 40%, #14161b00), linear-gradient(to left, #14161b 40%, #14161b00),
    radial-gradient(farthest-side at 0 50%, #ffffff59, #fff0), radial-gradient(farthest-side at 100% 50%, #ffffff59, #fff0); }
}
@media print {
  body { font-size: 10pt; color: #000; background: #fff; } main { max-width: none; padding: 0; } a { color: inherit; }
  nav, .back { display: none; } h2, h3 { break-after: avoid; } figure, blockquote, tr { break-inside: avoid; }
  .table-wrap { display: block; margin: 0; } .table-wrap::before, .table-wrap::after { display: none; }
  .table { width: auto; max-width: none; overflow: visible; background: none; }
  table { width: 100%; font-size: 6.5pt; } .table caption { position: static; max-width: none; font-size: 8pt; }
  th, td { padding: .1rem .2rem; overflow-wrap: break-word; border-color: #999; } th { background: #eee; } td.token { overflow-wrap: anywhere; }
  .table td.long, .table td.longer { min-width: 0; }
  tr.wrong td { background: #fbe6e3; print-color-adjust: exact; -webkit-print-color-adjust: exact; } td.no { color: #9c1c12; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; overflow: visible; font-size: 7pt; background: none; border: 1px solid #ccc; }
  figure img { max-width: 100%; } blockquote { background: none; } figcaption, .note, li.differs, li.agrees { color: #000; }
}
`

// write writes the document into dir: README.md, index.html, sources.css,
// frames.js
// and every figure as PNG and SVG. It returns the number of figures
// written; a figure that fails is an error naming it.
func (d *document) write(dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("output directory: %w", err)
	}
	var figs []*item
	for _, s := range d.secs {
		for _, it := range s.items {
			if it.figure != nil {
				figs = append(figs, it)
			}
		}
	}
	// The figures are drawn on every core: drawing is most of a run again.
	errs := make([]error, len(figs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.NumCPU(), len(figs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if _, err := chart.SaveAll(figs[i].figure.chart, dir, figs[i].figure.name); err != nil {
					errs[i] = fmt.Errorf("%s: %w", figs[i].label, err)
				}
			}
		}()
	}
	for i := range figs {
		next <- i
	}
	close(next)
	wg.Wait()
	figures := len(figs)
	if err := errors.Join(errs...); err != nil {
		return figures, err
	}
	for name, text := range map[string]string{"README.md": d.markdown(), "index.html": d.html(), "sources.css": css, "frames.js": framesJS} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return figures, fmt.Errorf("write the document: %w", err)
		}
	}
	return figures, nil
}
