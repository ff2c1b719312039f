package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

func (a *app) sweepCmd() *cobra.Command {
	return group("sweep", "Run grids of games into the database, resumably, on one machine or many; tables and plots of the results",
		a.sweepRunCmd(), a.sweepResultsCmd(), a.sweepPlotCmd(), a.sweepStatusCmd())
}

func (a *app) sweepRunCmd() *cobra.Command {
	var (
		workers int
		asJSON  bool
		enqueue bool
	)
	c := &cobra.Command{
		Use:   "run FILE.toml",
		Short: "Play every game of a sweep file not stored yet, committing each game at once (run it again to continue)",
		Example: "  kombi sweep run examples/sweeps/thesis-overall.toml\n" +
			"  kombi sweep run big.toml --db postgres://kombi@db/kombi --enqueue   # then 'kombi worker' on many machines",
		Args: exactArgs(1, "a sweep file"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := sweep.CheckWorkers(workers); err != nil {
				return usageError{err}
			}
			spec, err := sweep.ReadSpec(args[0])
			if err != nil {
				return usageError{err}
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			if enqueue {
				return a.enqueueSweep(c, st, spec, asJSON)
			}
			return a.runSweep(c, st, spec, workers, asJSON)
		},
	}
	c.Flags().IntVar(&workers, "workers", 0, "games at once (0: one per CPU)")
	c.Flags().BoolVar(&asJSON, "json", false, `print {"name","games_total","games_done","games_played_now"}`)
	c.Flags().BoolVar(&enqueue, "enqueue", false, "put the sweep on the job queue of a PostgreSQL --db for 'kombi worker' and return")
	return c
}

func (a *app) runSweep(c *cobra.Command, st *store.Store, spec *sweep.Spec, workers int, asJSON bool) error {
	ctx := c.Context()
	cells, err := spec.Cells()
	if err != nil {
		return usageError{err}
	}
	total := 0
	for _, cl := range cells {
		total += len(cl.Seeds)
	}
	data, err := json.Marshal(spec)
	if err != nil {
		return fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	if err := st.PutSweep(ctx, store.Sweep{Name: spec.Name, Spec: string(data), GamesTotal: int64(total)}); err != nil {
		return err
	}
	done, err := st.DoneKeys(ctx, spec.Name)
	if err != nil {
		return err
	}
	todo := make([]sweep.Cell, 0, len(cells))
	left := map[string]int{}
	for _, cl := range cells {
		seeds := cl.Seeds[:0:0]
		for _, s := range cl.Seeds {
			if !done[store.DoneKey(cl.ID, s)] {
				seeds = append(seeds, s)
			}
		}
		if len(seeds) > 0 {
			cl.Seeds = seeds
			todo = append(todo, cl)
			left[cl.ID] = len(seeds)
		}
	}
	maxThink, _ := spec.MaxThinkDuration()
	bar := report.NewProgress(a.stderr, "sweep "+spec.Name, false)
	before := total
	for _, n := range left {
		before -= n
	}
	var (
		mu      sync.Mutex
		played  int
		saveErr error
	)
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, runErr := sweep.Run(rctx, a.games, a.bots, todo, sweep.Options{Workers: workers, MaxThink: maxThink, MaxLength: spec.MaxLength, NoResults: true,
		Record: func(r *game.Record) {
			cell := sweep.CellOf(r)
			_, _, err := st.AddGame(context.WithoutCancel(ctx), store.NewGame{Record: r, Source: store.SourceSweep, Sweep: spec.Name, Cell: cell})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if saveErr == nil {
					saveErr = err
					cancel()
				}
				return
			}
			played++
			if left[cell]--; left[cell] == 0 && !bar.IsTerminal() {
				fmt.Fprintf(a.stderr, "cell done: %s\n", cell)
			}
			bar.Report(solve.Progress{Done: int64(before + played), Total: int64(total)})
		}})
	bar.Done()
	mu.Lock()
	defer mu.Unlock()
	if saveErr != nil {
		return fmt.Errorf("sweep %s: storing a game: %w (the games stored so far are kept)", spec.Name, saveErr)
	}
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return fmt.Errorf("sweep %s: %w", spec.Name, runErr)
	}
	res := struct {
		Name      string `json:"name"`
		Total     int    `json:"games_total"`
		Done      int    `json:"games_done"`
		PlayedNow int    `json:"games_played_now"`
	}{spec.Name, total, before + played, played}
	if asJSON {
		if err := writeJSON(a.stdout, res); err != nil {
			return err
		}
	} else if _, err := fmt.Fprintf(a.stdout, "sweep %s: %d of %d games stored (%d played now) in %s\n", spec.Name, before+played, total, played, st.Location()); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return interrupted(ctx, runErr)
}

// sweepResults reads a sweep's stored games into its results table.
func (a *app) sweepResults(c *cobra.Command, st *store.Store, name string) (*sweep.Results, []*game.Record, error) {
	sw, err := st.Sweep(c.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, usagef("no sweep %q in %s ('kombi sweep run FILE' makes one)", name, st.Location())
	}
	if err != nil {
		return nil, nil, err
	}
	var cells []sweep.Cell
	if spec, err := sweep.ParseSpec(name, []byte(sw.Spec)); err == nil {
		cells, _ = spec.Cells()
	} else if spec := new(sweep.Spec); json.Unmarshal([]byte(sw.Spec), spec) == nil {
		cells, _ = spec.Cells()
	}
	res := sweep.NewResults(name, cells)
	var recs []*game.Record
	err = st.Each(c.Context(), store.Filter{Sweep: name}, func(g *store.StoredGame) error {
		r, err := g.Decode()
		if err != nil {
			return err
		}
		res.Add(g.Cell, r)
		recs = append(recs, r)
		return nil
	})
	return res.Finish(), recs, err
}

func (a *app) sweepResultsCmd() *cobra.Command {
	var out output
	c := &cobra.Command{
		Use:     "results NAME",
		Short:   "Per cell: games, wins, draws, length mean/min/max, decision-time p50/p90/max per seat",
		Example: "  kombi sweep results thesis-overall --format markdown",
		Args:    exactArgs(1, "the sweep's name"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := out.check(); err != nil {
				return err
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			res, _, err := a.sweepResults(c, st, args[0])
			if err != nil {
				return err
			}
			t := &report.Table{Title: "sweep " + res.Name, Columns: []string{"game", "P1", "P2", "games", "P1 wins", "P2 wins", "draws", "stopped",
				"length mean", "min", "max", "P1 s p50", "p90", "max", "P2 s p50", "p90", "max"}}
			f := func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }
			for _, cl := range res.Cells {
				t.Rows = append(t.Rows, []string{cl.Game, cl.P1, cl.P2, fmt.Sprint(cl.Games), fmt.Sprint(cl.Wins[0]), fmt.Sprint(cl.Wins[1]),
					fmt.Sprint(cl.Draws), fmt.Sprint(cl.Stopped), fmt.Sprintf("%.2f", cl.Length.Mean), fmt.Sprint(cl.Length.Min), fmt.Sprint(cl.Length.Max),
					f(cl.Seconds[0].P50), f(cl.Seconds[0].P90), f(cl.Seconds[0].Max), f(cl.Seconds[1].P50), f(cl.Seconds[1].P90), f(cl.Seconds[1].Max)})
			}
			t.Notes = append(t.Notes, "stopped: games ended by the length limit (for the Thue game: the painter survived) or the think-time limit")
			return a.write(out, res, t)
		},
	}
	out.addFlags(c.Flags())
	return c
}

func (a *app) sweepPlotCmd() *cobra.Command {
	var kind, file string
	var logY bool
	c := &cobra.Command{
		Use:   "plot NAME --kind decision-times|positions|lengths -o FILE.png|.svg",
		Short: "Plot a sweep: decision time against length per strategy, chosen positions, game lengths per cell",
		Example: "  kombi sweep plot thesis-figures --kind decision-times -o times.png --log\n" +
			"  kombi sweep plot thesis-figures --kind positions -o positions.svg",
		Args: exactArgs(1, "the sweep's name"),
		RunE: func(c *cobra.Command, args []string) error {
			if file == "" {
				return usagef("-o FILE.png|.svg|.pdf is required")
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			res, recs, err := a.sweepResults(c, st, args[0])
			if err != nil {
				return err
			}
			lp, err := sweepPlot(a.games, kind, res, recs)
			if err != nil {
				return err
			}
			lp.LogY = logY
			if err := lp.Save(file); err != nil {
				return err
			}
			_, err = fmt.Fprintf(a.stdout, "Wrote %s (%d series from %d games)\n", file, len(lp.Series), len(recs))
			return err
		},
	}
	c.Flags().StringVar(&kind, "kind", "decision-times", "decision-times (the thesis' Figures 3.1-3.6), positions (Figure 3.8) or lengths")
	c.Flags().StringVarP(&file, "out", "o", "", "output file: .png, .svg or .pdf")
	c.Flags().BoolVar(&logY, "log", false, "logarithmic y axis")
	return c
}

// sweepPlot draws one kind of plot of a sweep's records.
func sweepPlot(reg *game.Registry, kind string, res *sweep.Results, recs []*game.Record) (*report.LinePlot, error) {
	role := func(r *game.Record, p game.Player) string {
		if g, err := reg.Load(r.Game, r.Seed); err == nil {
			return g.Type().Role(p)
		}
		return game.SeatName(p)
	}
	switch kind {
	case "decision-times":
		var human []game.Player
		series, err := report.DecisionTimes(reg, recs, []game.Player{0, 1}, func(r *game.Record, p game.Player) string {
			if r.Players[p] == "human" {
				human = append(human, p)
			}
			return role(r, p) + " " + r.Players[p]
		})
		if err != nil {
			return nil, err
		}
		var keep []report.Series
		for _, s := range report.MeanByName(series) {
			if len(s.Name) < 6 || s.Name[len(s.Name)-6:] != " human" {
				keep = append(keep, s)
			}
		}
		return &report.LinePlot{Title: "Mean seconds per decision: " + res.Name, XLabel: "length before the decision", YLabel: "seconds", Series: keep}, nil
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
		lp := &report.LinePlot{Title: "Positions chosen by P1: " + res.Name, XLabel: "position", YLabel: "times chosen"}
		for _, name := range order {
			if len(byBot[name]) > 0 {
				lp.Series = append(lp.Series, report.Histogram(name, byBot[name]))
			}
		}
		if len(lp.Series) == 0 {
			return nil, usagef("--kind positions: P1's moves in sweep %s are not positions (numbers)", res.Name)
		}
		return lp, nil
	case "lengths":
		byCell := map[string][]int{}
		for _, r := range recs {
			id := sweep.CellOf(r)
			byCell[id] = append(byCell[id], r.Length)
		}
		lp := &report.LinePlot{Title: "Game lengths: " + res.Name, XLabel: "length", YLabel: "games"}
		for _, cl := range res.Cells {
			if ls := byCell[cl.ID]; len(ls) > 0 {
				lp.Series = append(lp.Series, report.Histogram(cl.P1+" vs "+cl.P2+" "+cl.Game, ls))
			}
		}
		return lp, nil
	}
	return nil, usagef("--kind %q: want decision-times, positions or lengths", kind)
}
