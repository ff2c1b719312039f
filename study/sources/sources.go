// Package sources recomputes the five source documents Kombi's games come
// from — the Polish thesis on the Thue game, the Serbian thesis on Nim and
// Wythoff's game, the Greek 2D Nim assignment, the Polish Szemerédi game
// project and the list-colouring game plan — in one document (`kombi report
// sources`): for every table and figure of a source, numbered as the source
// numbers it, Kombi's recomputation beside the source's own numbers, every
// difference marked and explained, and the command that reproduces the item
// alone.
//
// What it computes is kept in the database: the games as sweeps (each game
// stored as it ends) and the timings and exact tables as study results, so
// that a run again only reads and redraws, and a run stopped by Ctrl-C
// loses only what was being computed. The document is GitHub Markdown
// (README.md) with its figures as PNG and SVG, and the same as HTML
// (index.html, sources.css) for `kombi serve`, which shows the data
// directory's sources folder at /sources/.
package sources

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/study"
	"github.com/kombi/kombi/sweep"
)

// Folder is the folder of the data directory that holds the document by
// default, and that `kombi serve` shows at /sources/.
const Folder = "sources"

// Register adds `kombi report sources` to studies: it plays games with
// the games' and bots' registries and runs the studies' other commands
// (the 2D Nim endgames, the list-colouring levels) through studies.
func Register(studies *study.Registry, games *game.Registry, bots *bot.Registry) {
	studies.AddCommand(study.Command{Group: "report", Name: "sources", Format: "text",
		Short: "Every table and figure of the five source documents recomputed beside the sources' own numbers: DIR/README.md (GitHub) and index.html with PNG and SVG figures",
		New: func() (study.Options, study.Run) {
			o := &Options{games: games, bots: bots, studies: studies}
			return o, func(ctx context.Context, progress func(solve.Progress)) (game.Tabler, error) {
				return o.Run(ctx, progress)
			}
		}})
}

// Options are the settings of `kombi report sources`.
type Options struct {
	// Out is the document's folder ("": Folder in the data directory).
	Out string
	// Quick plays fewer and shorter games and times smaller tables: the
	// whole document in a fraction of the time (for tests).
	Quick bool
	// Only names the items (or sources) to compute and write, separated by
	// commas: "thue/table-3.2", "wythoff" ("": all).
	Only string
	// Workers plays that many games at once (0: one per core).
	Workers int
	// url is the database (UseDatabase; "": the default file).
	url string

	games   *game.Registry
	bots    *bot.Registry
	studies *study.Registry
}

// Settings sets the defaults and returns the settings.
func (o *Options) Settings() []study.Setting {
	o.Out, o.Quick, o.Only, o.Workers = "", false, "", 0
	return []study.Setting{
		{Name: "output directory", Doc: "folder of the document: README.md, index.html, the figures (default: " + Folder + " in the data directory, which kombi serve shows at /sources/)", Value: study.String(&o.Out)},
		{Name: "quick run", Doc: "fewer and shorter games, smaller tables: the whole document in seconds (about 2 s on a 2-core machine)", Value: study.Bool(&o.Quick)},
		{Name: "items", Doc: "only these items or sources, separated by commas (e.g. thue/table-3.2,wythoff); needs --out", Value: study.String(&o.Only)},
		{Name: "workers", Doc: "games played at once (0: one per core)", Value: study.Int(&o.Workers)},
	}
}

// UseDatabase sets the database that keeps the games and timings.
func (o *Options) UseDatabase(url string) { o.url = url }

// Check validates the settings (study.SettingErrors).
func (o *Options) Check() error {
	if sweep.CheckWorkers(o.Workers) != nil {
		return study.Settingf("{workers} %d: want 1 to %d, or 0 for one per CPU", o.Workers, sweep.MaxWorkers)
	}
	if o.Only == "" {
		return nil
	}
	if o.Out == "" {
		return study.Settingf("{items} needs {output directory}: the full document's folder would be left with the items alone")
	}
	_, err := o.selected(catalogue())
	return err
}

// selected returns the ids of the items Only names (nil: all).
func (o *Options) selected(cat []*section) (map[string]bool, error) {
	if o.Only == "" {
		return nil, nil
	}
	var ids []string
	for _, s := range cat {
		ids = append(ids, s.id)
		for _, it := range s.items {
			ids = append(ids, it.id)
		}
	}
	sel := map[string]bool{}
	for _, name := range strings.Split(o.Only, ",") {
		name = strings.TrimSpace(name)
		if !slices.Contains(ids, name) {
			return nil, study.Settingf("{items}: no item or source %q; the sources are thue, wythoff, nim2d, ap and vdwlist, the items as the document names them (e.g. thue/table-3.2, wythoff/figure-5)", name)
		}
		for _, s := range cat {
			for _, it := range s.items {
				if it.id == name || s.id == name {
					sel[it.id] = true
				}
			}
		}
	}
	return sel, nil
}

// ItemSummary is one item of a run: what `kombi report sources --json`
// lists.
type ItemSummary struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// Differences counts its differences from the source (not its
	// agreements and notes).
	Differences int    `json:"differences"`
	Figure      string `json:"figure,omitempty"`
	// Tables are its tables as the document shows them, every cell a
	// string (exact values with all their digits), and Compared what the
	// document marks against the source.
	Tables   []game.Table `json:"tables,omitempty"`
	Compared []Mark       `json:"compared,omitempty"`
	// Error says why it was not computed.
	Error string `json:"error,omitempty"`
}

// Mark is a difference from the source, a note or an agreement, as the
// document marks it: its kind ("agrees", "note", "print error", "floating
// point", ...) and its text (Markdown).
type Mark struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Result is what a run did: where the document is, its items, and what
// was computed now or read from the database.
type Result struct {
	Out          string        `json:"out"`
	Document     string        `json:"document"`
	Items        []ItemSummary `json:"items"`
	Figures      int           `json:"figures"`
	GamesPlayed  int           `json:"games_played_now"`
	GamesRead    int           `json:"games_read"`
	ResultsMade  int           `json:"results_computed_now"`
	ResultsRead  int           `json:"results_read"`
	Seconds      float64       `json:"seconds"`
	Quick        bool          `json:"quick"`
	Database     string        `json:"database"`
	Interrupted  bool          `json:"interrupted"`
	missingItems int
}

// Tables lists the items and what was done.
func (r *Result) Tables() []game.Table {
	t := game.Table{Title: "kombi report sources: " + r.Document, Columns: []string{"item", "computed", "differences marked", "figure"}}
	for _, it := range r.Items {
		status := "yes"
		if it.Error != "" {
			status = "no: " + it.Error
		}
		fig := ""
		if it.Figure != "" {
			fig = it.Figure + ".png, .svg"
		}
		t.Rows = append(t.Rows, []string{it.ID, status, fmt.Sprint(it.Differences), fig})
	}
	t.Notes = append(t.Notes, fmt.Sprintf("Wrote %s and index.html (kombi serve shows the data directory's copy at /sources/) with %d figures, in %s.", r.Document, r.Figures, game.Seconds(r.Seconds)),
		fmt.Sprintf("Games: %d played now, %d read from %s; timings and tables: %d computed now, %d read.", r.GamesPlayed, r.GamesRead, r.Database, r.ResultsMade, r.ResultsRead))
	if r.Interrupted || r.missingItems > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("%d items were not computed; what was computed is stored: run the command again to go on.", r.missingItems))
	}
	return []game.Table{t}
}

// Run computes the document's items (or those Only names), reading what
// the database holds, and writes the document. Interrupted, it writes the
// items computed so far, marks the others, and returns with the error.
func (o *Options) Run(ctx context.Context, progress func(solve.Progress)) (*Result, error) {
	start := time.Now()
	if err := o.Check(); err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" {
		dir, err := game.DataDir()
		if err != nil {
			return nil, err
		}
		out = filepath.Join(dir, Folder)
	}
	url, err := store.URLFromEnv(o.url)
	if err != nil {
		return nil, err
	}
	st, err := store.Open(context.WithoutCancel(ctx), url)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	l := &lab{st: st, games: o.games, bots: o.bots, studies: o.studies, quick: o.Quick, workers: o.Workers, progress: progress, start: start}
	doc, sel := newDocument(o.Quick), map[string]bool(nil)
	if sel, err = o.selected(doc.secs); err != nil {
		return nil, err
	}
	res := &Result{Out: out, Document: filepath.Join(out, "README.md"), Quick: o.Quick, Database: st.Location()}
	var builds []*item
	for _, s := range doc.secs {
		kept := s.items[:0]
		for _, it := range s.items {
			if sel == nil || sel[it.id] {
				kept = append(kept, it)
				builds = append(builds, it)
			}
		}
		s.items = kept
	}
	doc.secs = slices.DeleteFunc(doc.secs, func(s *section) bool { return len(s.items) == 0 })
	efforts := make([]float64, 0, len(builds)+1)
	for _, it := range builds {
		efforts = append(efforts, effortOf(it.id, o.Quick))
	}
	l.plan(append(efforts, effortOf("drawing", o.Quick)))
	shortOf := map[*item]string{}
	for _, s := range doc.secs {
		for _, it := range s.items {
			shortOf[it] = s.short
		}
	}
	stopBeat := l.heartbeat()
	defer stopBeat()
	var runErr error
	stoppedAt := int64(0)
	for i, it := range builds {
		l.begin(i, fmt.Sprintf("%s, %s (item %d of %d)", shortOf[it], it.label, i+1, len(builds)))
		if runErr == nil && ctx.Err() != nil { // (an item that computes without ctx does not see it stopped)
			runErr, stoppedAt = ctx.Err(), l.percent()
		}
		if runErr != nil {
			it.err = errors.New("the run was stopped before it")
			continue
		}
		if err := it.build(ctx, l, it); err != nil {
			it.err = err
			if ctx.Err() != nil {
				runErr, stoppedAt = ctx.Err(), l.percent()
				it.err = errors.New("the run was stopped while it was computed")
			}
		}
		it.build = nil
	}
	l.begin(len(builds), "drawing the figures and writing the document")
	if !o.Quick && slices.ContainsFunc(builds, func(it *item) bool { return it.err != nil }) {
		// (A quick document links to the page already.)
		doc.htmlIntro = append(doc.htmlIntro, "Some items were not computed (marked below). With `kombi serve`, [write the document again in the browser](write.html): what was computed is kept, and only the rest is computed.")
	}
	doc.closing = append(doc.closing, closing(l, o.Quick, time.Since(start))...)
	res.Figures, err = doc.write(out)
	for _, it := range builds {
		s := ItemSummary{ID: it.id, Label: it.label, Differences: it.differs(), Tables: it.tables}
		for _, d := range it.diffs {
			s.Compared = append(s.Compared, Mark{Kind: d.kind, Text: d.text})
		}
		if it.figure != nil {
			s.Figure = it.figure.name
		}
		if it.err != nil {
			s.Error = it.err.Error()
			res.missingItems++
		}
		res.Items = append(res.Items, s)
	}
	res.GamesPlayed, res.GamesRead, res.ResultsMade, res.ResultsRead = l.gamesPlayed, l.gamesRead, l.resultsMade, l.resultsRead
	res.Seconds, res.Interrupted = time.Since(start).Seconds(), runErr != nil
	stopBeat()
	if runErr != nil && progress != nil {
		// The last word of a stopped run: what it kept, at how far it got.
		progress(solve.Progress{Done: stoppedAt, Total: 100, Message: res.kept(len(builds)), Elapsed: time.Since(start)})
	}
	if err != nil {
		return res, err
	}
	return res, runErr
}

// kept says in words what a run stopped before its end kept, of its
// items' number: the items computed and written in the document, the
// games and results computed and stored.
func (r *Result) kept(items int) string {
	var made []string
	if r.GamesPlayed > 0 {
		made = append(made, game.Plural(r.GamesPlayed, "game")+" played")
	}
	if r.ResultsMade > 0 {
		made = append(made, game.Plural(r.ResultsMade, "result")+" (timings, tables) computed")
	}
	db := "; no game played or result computed by then"
	if len(made) > 0 {
		db = ", and the " + strings.Join(made, " and ") + " by then, in the database"
	}
	return fmt.Sprintf("kept: %d of %d items computed and written in the document (the other %d marked not computed)%s", items-r.missingItems, items, r.missingItems, db)
}

// fullRunEffort are the items that take long in a full run, with about
// the seconds each took on a 2-core machine (the games they play first,
// the timings they make), and the drawing of the figures ("drawing"); every
// other item takes about a second. They weigh the steps of the progress,
// so that its percentage follows the time (counted in items, a run sat at
// 16 % for half its time).
var fullRunEffort = map[string]float64{
	"thue/section-3.1": 150, // the games of chapter 3's pairs, played first here
	"thue/figure-3.3":  15,  // the level-2 builder's games
	"wythoff/figure-5": 90,  // the timings of Table 4 and Figures 5–9
	"wythoff/table-5":  5,
	"vdwlist/levels":   6,
	"vdwlist/values":   4,
	"drawing":          3,
}

// effortOf is an item's effort in seconds (see fullRunEffort); in a quick
// run every step weighs the same.
func effortOf(id string, quick bool) float64 {
	if e, ok := fullRunEffort[id]; ok && !quick {
		return e
	}
	return 1
}

// closing says how the document was made.
func closing(l *lab, quick bool, took time.Duration) []string {
	mode := "`kombi report sources`"
	if quick {
		mode = "`kombi report sources --quick` (a quick run: fewer and shorter games, smaller tables; the full run plays and times what the sources did)"
	}
	return []string{"---",
		fmt.Sprintf("Made by %s on %s in %s: %d games played now and %d read from the database, %d timings and tables computed now and %d read. Everything computed is kept in the database, so running it again only reads and redraws.",
			mode, l.machine(), game.Seconds(took.Seconds()), l.gamesPlayed, l.gamesRead, l.resultsMade, l.resultsRead)}
}
