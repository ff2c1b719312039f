package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report/chart"
	"github.com/kombi/kombi/sweep"
)

// SweepTable is a sweep's results: per cell its games, wins, draws, games
// stopped, lengths and decision-time quantiles per seat.
func SweepTable(res *sweep.Results) *Table {
	t := &Table{Title: "sweep " + res.Name, Columns: []string{"game", "P1", "P2", "games", "P1 wins", "P2 wins", "draws", "stopped",
		"length mean", "length min", "length max", "P1 s p50", "P1 s p90", "P1 s max", "P2 s p50", "P2 s p90", "P2 s max"}}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
	for _, cl := range res.Cells {
		game := cl.Game
		if l := res.Labels[cl.Game]; l != "" {
			game = l
		}
		row := []string{game, cl.P1, cl.P2, fmt.Sprint(cl.Games), fmt.Sprint(cl.Wins[0]), fmt.Sprint(cl.Wins[1]),
			fmt.Sprint(cl.Draws), fmt.Sprint(cl.Stopped), fmt.Sprintf("%.2f", cl.Length.Mean), fmt.Sprint(cl.Length.Min), fmt.Sprint(cl.Length.Max),
			f(cl.Seconds[0].P50), f(cl.Seconds[0].P90), f(cl.Seconds[0].Max), f(cl.Seconds[1].P50), f(cl.Seconds[1].P90), f(cl.Seconds[1].Max)}
		if cl.Games == 0 {
			// No game played yet (a sweep on the queue): no lengths or times, not zeros that read as measured.
			clear(row[slices.Index(t.Columns, "length mean"):])
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, "stopped: games ended by the length limit (for the Thue game: the painter survived) or the think-time limit")
	return t
}

// SweepStatusTable is where a sweep stands: its games stored and, for a
// sweep on the job queue, its jobs by state.
func SweepStatusTable(s *sweep.Status) *Table {
	t := &Table{Title: "sweep " + s.Name, Columns: []string{"games stored", "games total"},
		Rows: [][]string{{fmt.Sprint(s.GamesDone), fmt.Sprint(s.GamesTotal)}}}
	if s.Queue {
		t.Columns = append(t.Columns, "jobs done", "queued", "running", "failed")
		queued := fmt.Sprint(s.Queued)
		if s.Retrying > 0 {
			queued += fmt.Sprintf(" (%d to retry)", s.Retrying)
		}
		t.Rows[0] = append(t.Rows[0], fmt.Sprint(s.Done), queued, fmt.Sprint(s.Running), fmt.Sprint(s.Failed))
	} else {
		t.Notes = append(t.Notes, "no jobs on the queue: the sweep runs on one machine ('kombi sweep run')")
	}
	if s.LastError != "" {
		t.Notes = append(t.Notes, "last job error: "+s.LastError)
	}
	return t
}

// SweepPlotKinds are the kinds of plot of a sweep (SweepPlot).
var SweepPlotKinds = []string{"decision-times", "positions", "lengths", "narrow-gaps"}

// SaveSweepPlot draws one kind of plot of a sweep's records (SweepPlot)
// into file (.png, .svg or .pdf; logY: a logarithmic y axis) and says what
// it wrote.
func SaveSweepPlot(reg *game.Registry, res *sweep.Results, recs []*game.Record, kind, file string, logY bool) (string, error) {
	c, err := SweepPlot(reg, kind, res, recs)
	if err != nil {
		return "", err
	}
	n := 0
	switch c := c.(type) {
	case *chart.Line:
		c.LogY, n = logY, len(c.Series)
	case *chart.Bars:
		c.LogY, n = logY, len(c.Groups)
	}
	if err := c.Save(file); err != nil {
		return "", err
	}
	return fmt.Sprintf("Wrote %s (%d series from %d games)\n", file, n, len(recs)), nil
}

// SweepPlot draws one kind of plot of a sweep's records: decision-times
// (mean seconds per decision against the length before it, per role and
// bot, as the Thue thesis' Figures 3.1-3.6), positions (a histogram of the
// numbers P1 chose, per P1 bot: Figure 3.8), lengths (a histogram of the
// game lengths per cell) or narrow-gaps (per Thue game, where the builder
// first chose a gap with two symbols left, then one, and the game's
// length: Figure 3.7). An unknown kind, or one that does not fit the
// sweep, is a *game.InputError.
func SweepPlot(reg *game.Registry, kind string, res *sweep.Results, recs []*game.Record) (chart.Chart, error) {
	role := func(r *game.Record, p game.Player) string {
		if g, err := reg.Load(r.Game, r.Seed); err == nil {
			return g.Type().Role(p)
		}
		return game.SeatName(p)
	}
	switch kind {
	case "decision-times":
		counts := map[string]int{}
		series, err := DecisionTimes(reg, recs, []game.Player{0, 1}, func(r *game.Record, p game.Player) string {
			name := role(r, p) + ": " + r.Players[p]
			counts[name]++
			return name
		})
		if err != nil {
			return nil, err
		}
		var keep []Series
		for _, s := range MeanByName(series) {
			if !strings.HasSuffix(s.Name, ": human") {
				s.Name += fmt.Sprintf(" (mean of %d games)", counts[s.Name])
				keep = append(keep, s)
			}
		}
		if len(keep) == 0 {
			return nil, &game.InputError{Err: fmt.Errorf("--kind decision-times: sweep %s has no computer decisions", res.Name)}
		}
		return &chart.Line{Title: "Seconds per decision: " + res.Name, XLabel: "length before the decision", YLabel: "seconds", WholeX: true, Series: keep}, nil
	case "positions":
		byBot := map[string][]int{}
		var order []string
		for _, r := range recs {
			name := role(r, 0) + ": " + r.Players[0]
			if _, ok := byBot[name]; !ok {
				order = append(order, name)
			}
			for _, m := range r.Moves {
				if n, err := strconv.Atoi(m.Move); err == nil && m.Player == 0 {
					byBot[name] = append(byBot[name], n)
				}
			}
		}
		var sets [][]int
		var names []string
		for _, name := range order {
			if len(byBot[name]) > 0 {
				sets, names = append(sets, byBot[name]), append(names, fmt.Sprintf("%s (%d moves)", name, len(byBot[name])))
			}
		}
		if len(sets) == 0 {
			return nil, &game.InputError{Err: fmt.Errorf("--kind positions: P1's moves in sweep %s are not positions (numbers)", res.Name)}
		}
		w := chart.BinWidth(40, sets...)
		return histogram("Positions chosen by P1: "+res.Name, xLabel("position chosen", w), "times chosen", w, names, sets), nil
	case "lengths":
		byCell := map[string][]int{}
		for _, r := range recs {
			id := sweep.CellOf(r)
			byCell[id] = append(byCell[id], r.Length)
		}
		names, sets, how := lengthSeries(res, byCell)
		if len(sets) == 0 {
			return nil, &game.InputError{Err: fmt.Errorf("--kind lengths: sweep %s has no games", res.Name)}
		}
		w := chart.BinWidth(40, sets...)
		return histogram("Game lengths: "+res.Name+how, xLabel("length", w), "games", w, names, sets), nil
	case "narrow-gaps":
		b := &chart.Bars{Title: "First narrow gaps of the builder: " + res.Name, XLabel: "game (seed)", YLabel: "word length", Whole: true}
		two, one, length := chart.BarGroup{Name: "first gap chosen with 2 symbols left"}, chart.BarGroup{Name: "first gap chosen with 1 symbol left"}, chart.BarGroup{Name: "length of the game"}
		for _, r := range recs {
			if len(b.Categories) == 40 || !strings.HasPrefix(r.Game, "thue(") {
				continue
			}
			a, c, err := FirstNarrow(reg, r)
			if err != nil {
				return nil, err
			}
			b.Categories = append(b.Categories, strconv.FormatUint(r.Seed, 10))
			two.Values, one.Values, length.Values = append(two.Values, float64(a)), append(one.Values, float64(c)), append(length.Values, float64(r.Length))
		}
		if len(b.Categories) == 0 {
			return nil, &game.InputError{Err: fmt.Errorf("--kind narrow-gaps: sweep %s has no Thue games", res.Name)}
		}
		b.Groups = []chart.BarGroup{two, one, length}
		return b, nil
	}
	return nil, &game.InputError{Err: fmt.Errorf("--kind %q: want %s", kind, strings.Join(SweepPlotKinds, ", "))}
}

// xLabel names a histogram's axis with its bins.
func xLabel(what string, width int) string {
	if width == 1 {
		return what
	}
	return fmt.Sprintf("%s (bins of %d, each labelled by its first value)", what, width)
}

// histogram is the histogram of sets of whole numbers, one group per set.
func histogram(title, xl, yl string, width int, names []string, sets [][]int) *chart.Bars {
	labels, counts := chart.Histogram(width, sets...)
	b := &chart.Bars{Title: title, XLabel: xl, YLabel: yl, Whole: true, Categories: labels}
	for i, c := range counts {
		b.Groups = append(b.Groups, chart.BarGroup{Name: names[i], Values: c})
	}
	return b
}

// FirstNarrow replays a record and returns the game's measure (the Thue
// word length) when P1 first left P2 at most two replies that do not end
// the game (the Thue builder's first gap where only two symbols fit), and
// when it first left at most one; 0 when it never did.
func FirstNarrow(reg *game.Registry, r *game.Record) (two, one int, err error) {
	g, err := reg.Load(r.Game, r.Seed)
	if err != nil {
		return 0, 0, fmt.Errorf("record of %s: %w", r.Game, err)
	}
	s := g.NewInitialState()
	var buf []game.Move
	for i, m := range r.Moves {
		at := i + 1
		if sc, ok := s.(game.Scorer); ok {
			at = sc.Score()
		}
		mv, err := s.ParseMove(m.Move)
		if err == nil {
			err = s.Apply(mv)
		}
		if err != nil {
			return two, one, fmt.Errorf("record of %s, move %d: %w", r.Game, i+1, err)
		}
		if m.Player != 0 || s.IsTerminal() || s.Player() != 1 {
			continue
		}
		live := 0
		buf = s.LegalMoves(buf[:0])
		for _, reply := range buf {
			c := s.Clone()
			if c.Apply(reply) == nil && !c.IsTerminal() {
				live++
			}
		}
		if two == 0 && live <= 2 {
			two = at
		}
		if one == 0 && live <= 1 {
			one = at
			break
		}
	}
	return two, one, nil
}

// maxLengthSeries is how many series a lengths plot draws at most: beyond
// it the colours repeat and the bars of a length are too thin to tell apart
// (a sweep of 63 cells drew 63).
const maxLengthSeries = 8

// lengthSeries groups a sweep's game lengths (byCell: by cell id) into the
// series of its lengths plot: one per cell with games, or where there are
// more than maxLengthSeries, one per game (its pairs together), else one
// per pair (its games together), else one for all; how says which, for the
// title.
func lengthSeries(res *sweep.Results, byCell map[string][]int) (names []string, sets [][]int, how string) {
	type group struct {
		name string
		ls   []int
	}
	// by groups the cells with games by key, each group named after its first cell.
	by := func(key func(cl *sweep.CellResult) string, name func(cl *sweep.CellResult, n int) string) []group {
		var out []group
		var firsts []*sweep.CellResult
		at := map[string]int{}
		for _, cl := range res.Cells {
			ls := byCell[cl.ID]
			if len(ls) == 0 {
				continue
			}
			i, ok := at[key(cl)]
			if !ok {
				i, at[key(cl)] = len(out), len(out)
				out, firsts = append(out, group{}), append(firsts, cl)
			}
			out[i].ls = append(out[i].ls, ls...)
		}
		for i := range out {
			out[i].name = name(firsts[i], len(out[i].ls))
		}
		return out
	}
	gameOf := func(cl *sweep.CellResult) string {
		if l := res.Labels[cl.Game]; l != "" {
			return l
		}
		return cl.Game
	}
	groups := by(func(cl *sweep.CellResult) string { return cl.ID },
		func(cl *sweep.CellResult, n int) string {
			return fmt.Sprintf("%s vs %s, %s (%s)", cl.P1, cl.P2, gameOf(cl), game.Plural(n, "game"))
		})
	if len(groups) > maxLengthSeries {
		cells := len(groups)
		groups, how = by(gameOf, func(cl *sweep.CellResult, n int) string {
			return fmt.Sprintf("%s, every pair (%s)", gameOf(cl), game.Plural(n, "game"))
		}),
			fmt.Sprintf(" (%d cells: per game, its pairs together)", cells)
		if len(groups) > maxLengthSeries {
			groups, how = by(func(cl *sweep.CellResult) string { return cl.P1 + " vs " + cl.P2 },
				func(cl *sweep.CellResult, n int) string {
					return fmt.Sprintf("%s vs %s, every game (%s)", cl.P1, cl.P2, game.Plural(n, "game"))
				}),
				fmt.Sprintf(" (%d cells: per pair, its games together)", cells)
		}
		if len(groups) > maxLengthSeries {
			all := group{}
			for _, g := range groups {
				all.ls = append(all.ls, g.ls...)
			}
			all.name = fmt.Sprintf("every game (%s)", game.Plural(len(all.ls), "game"))
			groups, how = []group{all}, fmt.Sprintf(" (%d cells together)", cells)
		}
	}
	for _, g := range groups {
		names, sets = append(names, g.name), append(sets, g.ls)
	}
	return names, sets, how
}
