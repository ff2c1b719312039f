package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/sweep"
)

// SweepTable is a sweep's results: per cell its games, wins, draws, games
// stopped, lengths and decision-time quantiles per seat.
func SweepTable(res *sweep.Results) *Table {
	t := &Table{Title: "sweep " + res.Name, Columns: []string{"game", "P1", "P2", "games", "P1 wins", "P2 wins", "draws", "stopped",
		"length mean", "min", "max", "P1 s p50", "p90", "max", "P2 s p50", "p90", "max"}}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
	for _, cl := range res.Cells {
		t.Rows = append(t.Rows, []string{cl.Game, cl.P1, cl.P2, fmt.Sprint(cl.Games), fmt.Sprint(cl.Wins[0]), fmt.Sprint(cl.Wins[1]),
			fmt.Sprint(cl.Draws), fmt.Sprint(cl.Stopped), fmt.Sprintf("%.2f", cl.Length.Mean), fmt.Sprint(cl.Length.Min), fmt.Sprint(cl.Length.Max),
			f(cl.Seconds[0].P50), f(cl.Seconds[0].P90), f(cl.Seconds[0].Max), f(cl.Seconds[1].P50), f(cl.Seconds[1].P90), f(cl.Seconds[1].Max)})
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

// SaveSweepPlot draws one kind of plot of a sweep's records (SweepPlot)
// into file (.png, .svg or .pdf; logY: a logarithmic y axis) and says what
// it wrote.
func SaveSweepPlot(reg *game.Registry, res *sweep.Results, recs []*game.Record, kind, file string, logY bool) (string, error) {
	lp, err := SweepPlot(reg, kind, res, recs)
	if err != nil {
		return "", err
	}
	lp.LogY = logY
	if err := lp.Save(file); err != nil {
		return "", err
	}
	return fmt.Sprintf("Wrote %s (%d series from %d games)\n", file, len(lp.Series), len(recs)), nil
}

// SweepPlot draws one kind of plot of a sweep's records: decision-times
// (mean seconds per decision against the length before it, per role and
// bot, as the thesis' Figures 3.1-3.6), positions (a histogram of the
// numbers P1 chose, Figure 3.8) or lengths (a histogram per cell). An
// unknown kind, or one that does not fit, is a *game.InputError.
func SweepPlot(reg *game.Registry, kind string, res *sweep.Results, recs []*game.Record) (*LinePlot, error) {
	role := func(r *game.Record, p game.Player) string {
		if g, err := reg.Load(r.Game, r.Seed); err == nil {
			return g.Type().Role(p)
		}
		return game.SeatName(p)
	}
	switch kind {
	case "decision-times":
		series, err := DecisionTimes(reg, recs, []game.Player{0, 1}, func(r *game.Record, p game.Player) string {
			return role(r, p) + " " + r.Players[p]
		})
		if err != nil {
			return nil, err
		}
		var keep []Series
		for _, s := range MeanByName(series) {
			if !strings.HasSuffix(s.Name, " human") {
				keep = append(keep, s)
			}
		}
		return &LinePlot{Title: "Mean seconds per decision: " + res.Name, XLabel: "length before the decision", YLabel: "seconds", Series: keep}, nil
	case "positions":
		byBot := map[string][]int{}
		var order []string
		for _, r := range recs {
			name := role(r, 0) + " " + r.Players[0]
			if _, ok := byBot[name]; !ok {
				order = append(order, name)
			}
			for _, m := range r.Moves {
				if n, err := strconv.Atoi(m.Move); err == nil && m.Player == 0 {
					byBot[name] = append(byBot[name], n)
				}
			}
		}
		lp := &LinePlot{Title: "Positions chosen by P1: " + res.Name, XLabel: "position", YLabel: "times chosen"}
		for _, name := range order {
			if len(byBot[name]) > 0 {
				lp.Series = append(lp.Series, Histogram(name, byBot[name]))
			}
		}
		if len(lp.Series) == 0 {
			return nil, &game.InputError{Err: fmt.Errorf("--kind positions: P1's moves in sweep %s are not positions (numbers)", res.Name)}
		}
		return lp, nil
	case "lengths":
		byCell := map[string][]int{}
		for _, r := range recs {
			id := sweep.CellOf(r)
			byCell[id] = append(byCell[id], r.Length)
		}
		lp := &LinePlot{Title: "Game lengths: " + res.Name, XLabel: "length", YLabel: "games"}
		for _, cl := range res.Cells {
			if ls := byCell[cl.ID]; len(ls) > 0 {
				lp.Series = append(lp.Series, Histogram(cl.P1+" vs "+cl.P2+" "+cl.Game, ls))
			}
		}
		return lp, nil
	}
	return nil, &game.InputError{Err: fmt.Errorf("--kind %q: want decision-times, positions or lengths", kind)}
}
