package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
)

// The list-colouring van der Waerden game's analyses: `kombi table vdwlist`
// (exact winning probabilities by game length) and `kombi bench vdwlist`
// (the solver against plain expectimax, *-minimax against plain
// expectiminimax).

type vdwRow struct {
	S          int     `json:"s"`
	P1Win      string  `json:"p1_win"`
	P1WinFloat float64 `json:"p1_win_float"`
	Nodes      int64   `json:"nodes"`
	Stored     int     `json:"stored_positions"`
	Seconds    float64 `json:"seconds"`
}

type vdwSeries struct {
	Colors  int      `json:"colors"`
	List    int      `json:"list"`
	Rows    []vdwRow `json:"rows"`
	MaxS    int      `json:"max_s"`
	Stopped string   `json:"stopped"`
	Seconds float64  `json:"seconds"`
}

type vdwTable struct {
	K             int         `json:"k"`
	BudgetSeconds float64     `json:"budget_seconds"`
	MemBytes      int64       `json:"mem_bytes"`
	Series        []vdwSeries `json:"series"`
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (a *app) vdwlistTableCmd() *cobra.Command {
	var (
		k, from, maxS int
		colors, lists []int
		budget        time.Duration
		mem           int64
		asJSON        bool
	)
	c := &cobra.Command{
		Use:   "vdwlist",
		Short: "Exact winning probabilities of the list-colouring van der Waerden game by game length s",
		Long: "For each number of colours c (--colors) and list size l (--list, default 1..c), solve\n" +
			"vdwlist(k=K,colors=c,list=l,s=S) exactly for S = --from, --from+1, ... with one solver table\n" +
			"per series, until the series has used --time or S reaches --max-s. Prints the probability that\n" +
			"player 1 wins under optimal play as a fraction and a decimal, with the positions searched.",
		Example: "  kombi table vdwlist --k 3 --colors 2,3 --time 1m\n" +
			"  kombi table vdwlist --colors 3 --list 2 --max-s 12 --json",
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if k < 1 || k > vdwlist.MaxS {
				return usagef("table vdwlist: --k %d: want 1 to %d", k, vdwlist.MaxS)
			}
			if from < 1 || maxS > vdwlist.MaxS || from > maxS {
				return usagef("table vdwlist: --from %d --max-s %d: want 1 ≤ from ≤ max-s ≤ %d", from, maxS, vdwlist.MaxS)
			}
			if budget <= 0 {
				return usagef("table vdwlist: --time %s: want a positive duration such as 1m", budget)
			}
			if len(colors) == 0 {
				return usagef("table vdwlist: --colors: want at least one number of colours")
			}
			for _, col := range colors {
				if col < 1 || col > vdwlist.MaxColors {
					return usagef("table vdwlist: --colors %d: want 1 to %d", col, vdwlist.MaxColors)
				}
				for _, l := range lists {
					if l < 1 || l > col {
						return usagef("table vdwlist: --list %d with %d colours: want 1 to %d", l, col, col)
					}
				}
			}
			table := vdwTable{K: k, BudgetSeconds: budget.Seconds(), MemBytes: mem}
			for _, col := range colors {
				ls := lists
				if len(ls) == 0 {
					for l := 1; l <= col; l++ {
						ls = append(ls, l)
					}
				}
				for _, l := range ls {
					ser, err := a.vdwSeries(c.Context(), k, col, l, from, maxS, budget, mem)
					if err != nil {
						return err
					}
					table.Series = append(table.Series, ser)
					if !asJSON {
						printVDWSeries(a.stdout, k, ser, budget)
					}
				}
			}
			if asJSON {
				return writeJSON(a.stdout, table)
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&k, "k", 3, "progression length")
	fl.IntSliceVar(&colors, "colors", []int{2, 3}, "numbers of colours c, e.g. 2,3")
	fl.IntSliceVar(&lists, "list", nil, "list sizes l (default: every l from 1 to c)")
	fl.IntVar(&from, "from", 1, "first game length s")
	fl.IntVar(&maxS, "max-s", vdwlist.MaxS, "last game length s")
	fl.DurationVar(&budget, "time", time.Minute, "time budget of each (c, l) series")
	fl.Int64Var(&mem, "mem", 1<<30, "memory bound of each series' solver table in bytes")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}

func (a *app) vdwSeries(ctx context.Context, k, c, l, from, maxS int, budget time.Duration, mem int64) (vdwSeries, error) {
	ser := vdwSeries{Colors: c, List: l}
	start := time.Now()
	sctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	first, err := vdwlist.New(k, c, l, from)
	if err != nil {
		return ser, usageError{err}
	}
	sv := vdwlist.NewSolver(first, mem)
	live := isTerminal(a.stderr)
	for s := from; s <= maxS; s++ {
		if m := vdwlist.MaxRounds(c, l); s > m {
			ser.Stopped = fmt.Sprintf("s=%d is beyond the solver's 64-bit fractions (C(%d,%d)^(s+1) ≤ 2^60 allows s ≤ %d)", s, c, l, m)
			break
		}
		g, _ := vdwlist.New(k, c, l, s)
		if err := sv.SetGame(g); err != nil {
			return ser, err
		}
		t0, n0 := time.Now(), sv.Nodes()
		v, err := sv.Value(sctx, g.NewInitialState().(*vdwlist.State))
		if err != nil {
			if ctx.Err() != nil {
				return ser, ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) {
				ser.Stopped = fmt.Sprintf("s=%d not finished within the time budget of %s", s, budget)
				break
			}
			return ser, fmt.Errorf("table vdwlist: %s: %w", g, err)
		}
		f, _ := v.Float64()
		ser.Rows = append(ser.Rows, vdwRow{S: s, P1Win: vdwlist.Fraction(v), P1WinFloat: f, Nodes: sv.Nodes() - n0, Stored: sv.Stored(), Seconds: time.Since(t0).Seconds()})
		ser.MaxS = s
		if live {
			fmt.Fprintf(a.stderr, "\rk=%d colors=%d list=%d: s=%d solved (%s)   ", k, c, l, s, time.Since(start).Round(time.Millisecond))
		}
	}
	if live {
		fmt.Fprint(a.stderr, "\r\033[K")
	}
	if ser.Stopped == "" {
		ser.Stopped = fmt.Sprintf("reached --max-s %d", maxS)
	}
	ser.Seconds = time.Since(start).Seconds()
	return ser, nil
}

func printVDWSeries(w io.Writer, k int, ser vdwSeries, budget time.Duration) {
	fmt.Fprintf(w, "k=%d, colors=%d, list=%d: probability that P1 wins under optimal play (time budget %s)\n\n", k, ser.Colors, ser.List, budget)
	fmt.Fprintf(w, "| %3s | %-26s | %8s | %12s | %8s |\n", "s", "P1 wins", "≈", "positions", "seconds")
	fmt.Fprintf(w, "|----:|:---------------------------|---------:|-------------:|---------:|\n")
	for _, r := range ser.Rows {
		fmt.Fprintf(w, "| %3d | %-26s | %8.6f | %12d | %8.2f |\n", r.S, r.P1Win, r.P1WinFloat, r.Nodes, r.Seconds)
	}
	if ser.MaxS > 0 {
		fmt.Fprintf(w, "\nSolved s ≤ %d in %.1f s; %s.\n\n", ser.MaxS, ser.Seconds, ser.Stopped)
	} else {
		fmt.Fprintf(w, "\nNothing solved: %s.\n\n", ser.Stopped)
	}
}

type vdwBenchSolve struct {
	Game          string  `json:"game"`
	P1Win         string  `json:"p1_win"`
	SolverSeconds float64 `json:"solver_seconds"`
	SolverNodes   int64   `json:"solver_nodes"`
	PlainSeconds  float64 `json:"plain_seconds"`
	PlainStates   int     `json:"plain_positions"`
	Ratio         float64 `json:"time_ratio"`
}

type vdwBenchSearch struct {
	Pruning string  `json:"pruning"`
	Nodes   int64   `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

type vdwBench struct {
	Solve     []vdwBenchSolve  `json:"solve"`
	Game      string           `json:"search_game"`
	Depth     int              `json:"search_depth"`
	Positions int              `json:"search_positions"`
	Search    []vdwBenchSearch `json:"search"`
}

func (a *app) vdwlistBenchCmd() *cobra.Command {
	var (
		k, colors, list, s, depth, positions, maxPlain int
		seed                                           uint64
		asJSON                                         bool
	)
	c := &cobra.Command{
		Use:   "vdwlist",
		Short: "Time the exact solver against plain expectimax, and *-minimax against plain expectiminimax",
		Long: "Part 1 solves vdwlist(k,colors,list,s) for s = k .. --max-plain with the solver and with plain\n" +
			"expectimax (exact fractions, memoised by position, no symmetry or pruning), back to back, and\n" +
			"prints both times and their ratio. Part 2 searches --positions random positions of\n" +
			"vdwlist(k,colors,list,--s) to --depth with Star2, Star1 and no chance pruning (the same root\n" +
			"values), and prints the positions visited and the time of each.",
		Example: "  kombi bench vdwlist --colors 3 --list 2 --max-plain 9 --s 20 --depth 9",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if _, err := vdwlist.New(k, colors, list, max(s, maxPlain)); err != nil {
				return usageError{err}
			}
			if depth < 1 || positions < 1 {
				return usagef("bench vdwlist: want --depth ≥ 1 and --positions ≥ 1")
			}
			res := vdwBench{Depth: depth, Positions: positions}
			ctx := c.Context()
			for n := k; n <= maxPlain; n++ {
				g, _ := vdwlist.New(k, colors, list, n)
				st := g.NewInitialState().(*vdwlist.State)
				t0 := time.Now()
				sv := vdwlist.NewSolver(g, 256<<20)
				v, err := sv.Value(ctx, st)
				if err != nil {
					return err
				}
				ts := time.Since(t0)
				t0 = time.Now()
				pv, states, err := vdwlist.PlainValue(ctx, st)
				if err != nil {
					return err
				}
				tp := time.Since(t0)
				if pv.Cmp(v) != 0 {
					return fmt.Errorf("bench: %s: solver %s but plain expectimax %s", g, v.RatString(), pv.RatString())
				}
				res.Solve = append(res.Solve, vdwBenchSolve{Game: g.String(), P1Win: vdwlist.Fraction(v), SolverSeconds: ts.Seconds(), SolverNodes: sv.Nodes(),
					PlainSeconds: tp.Seconds(), PlainStates: states, Ratio: tp.Seconds() / ts.Seconds()})
			}
			g, _ := vdwlist.New(k, colors, list, s)
			res.Game = g.String()
			rng := rand.New(rand.NewPCG(seed, 0x62656e6368))
			var roots []game.State
			for len(roots) < positions {
				st := g.NewInitialState()
				steps := rng.IntN(max(1, s/2)) * 3
				for i := 0; i < steps && !st.IsTerminal(); i++ {
					moves := st.LegalMoves(nil)
					_ = st.Apply(moves[rng.IntN(len(moves))])
				}
				if !st.IsTerminal() && st.Player() == 0 {
					roots = append(roots, st)
				}
			}
			var values []float64
			for _, pr := range []bot.ChancePruning{bot.Star2, bot.Star1, bot.NoChancePruning} {
				row := vdwBenchSearch{Pruning: pr.String()}
				for i, st := range roots {
					b := bot.NewStar(bot.StarOptions{Depth: depth, Pruning: pr})
					t0 := time.Now()
					_, v, _, err := b.Search(ctx, st, depth)
					if err != nil {
						return err
					}
					row.Seconds += time.Since(t0).Seconds()
					row.Nodes += b.Nodes()
					if pr == bot.Star2 {
						values = append(values, v)
					} else if d := v - values[i]; d > 1e-9 || d < -1e-9 {
						return fmt.Errorf("bench: position %d: %s value %v but star2 %v", i, pr, v, values[i])
					}
				}
				res.Search = append(res.Search, row)
			}
			if asJSON {
				return writeJSON(a.stdout, res)
			}
			fmt.Fprintf(a.stdout, "Exact solver against plain expectimax (exact fractions, memo by position), back to back:\n\n")
			fmt.Fprintf(a.stdout, "| %-34s | %-16s | %10s | %10s | %10s | %8s |\n", "game", "P1 wins", "solver s", "plain s", "plain pos.", "ratio")
			fmt.Fprintf(a.stdout, "|:-----------------------------------|:-----------------|-----------:|-----------:|-----------:|---------:|\n")
			for _, r := range res.Solve {
				fmt.Fprintf(a.stdout, "| %-34s | %-16s | %10.4f | %10.4f | %10d | %8.1f |\n", r.Game, r.P1Win, r.SolverSeconds, r.PlainSeconds, r.PlainStates, r.Ratio)
			}
			fmt.Fprintf(a.stdout, "\nSearch to depth %d from %d random positions of %s (same values):\n\n", depth, positions, res.Game)
			fmt.Fprintf(a.stdout, "| %-8s | %12s | %9s | %16s |\n", "pruning", "positions", "seconds", "nodes vs none")
			fmt.Fprintf(a.stdout, "|:---------|-------------:|----------:|-----------------:|\n")
			none := res.Search[len(res.Search)-1].Nodes
			for _, r := range res.Search {
				fmt.Fprintf(a.stdout, "| %-8s | %12d | %9.3f | %15.1f%% |\n", r.Pruning, r.Nodes, r.Seconds, 100*float64(r.Nodes)/float64(none))
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&k, "k", 3, "progression length")
	fl.IntVar(&colors, "colors", 3, "number of colours")
	fl.IntVar(&list, "list", 2, "list size")
	fl.IntVar(&maxPlain, "max-plain", 9, "largest s solved by both the solver and plain expectimax")
	fl.IntVar(&s, "s", 20, "game length of the search positions")
	fl.IntVar(&depth, "depth", 9, "search depth in moves (a round is 3)")
	fl.IntVar(&positions, "positions", 20, "number of random search positions")
	fl.Uint64Var(&seed, "seed", 1, "seed of the random positions")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}

type vdwLevelRow struct {
	Level      string  `json:"level"`
	Depth      int     `json:"depth"`
	AsP1       string  `json:"as_p1"`
	AsP1Float  float64 `json:"as_p1_float"`
	AsP2       string  `json:"as_p2"`
	AsP2Float  float64 `json:"as_p2_float"`
	Positions  int     `json:"positions"`
	Seconds    float64 `json:"seconds"`
	ShortfallP float64 `json:"p1_shortfall"`
	ExcessP    float64 `json:"p2_excess"`
}

type vdwLevelReport struct {
	Game       string        `json:"game"`
	P1Win      string        `json:"p1_win"`
	P1WinFloat float64       `json:"p1_win_float"`
	Levels     []vdwLevelRow `json:"levels"`
}

func (a *app) vdwlistReportCmd() *cobra.Command {
	var (
		k, colors, list, s int
		asJSON             bool
	)
	c := &cobra.Command{
		Use:   "vdwlist",
		Short: "The computer levels of the list-colouring van der Waerden game against the perfect player, exactly",
		Long: "For each level (easy, normal, hard: search depth 3, 6, 9 moves, without time limits) compute the\n" +
			"exact probability that P1 wins when the level plays P1 against the perfect player, and when it\n" +
			"plays P2 against the perfect player: every list is averaged, nothing is sampled. Under optimal\n" +
			"play by both P1 wins with the game's value; the shortfall (as P1) and the excess (as P2) are\n" +
			"what the level gives away. Keep s small: the perfect player solves the game exactly.",
		Example: "  kombi report vdwlist --colors 3 --list 2 --s 10",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			g, err := vdwlist.New(k, colors, list, s)
			if err != nil {
				return usageError{err}
			}
			if m := vdwlist.MaxRounds(colors, list); s > m {
				return usagef("report vdwlist: --s %d is beyond the exact solver (at most %d here)", s, m)
			}
			ctx := c.Context()
			st := g.NewInitialState().(*vdwlist.State)
			sv := vdwlist.NewSolver(g, 512<<20)
			v, err := sv.Value(ctx, st)
			if err != nil {
				return fmt.Errorf("report vdwlist: %w", err)
			}
			vf, _ := v.Float64()
			rep := vdwLevelReport{Game: g.String(), P1Win: vdwlist.Fraction(v), P1WinFloat: vf}
			perfect := vdwlist.PerfectPolicy(sv)
			for _, lv := range vdwlist.Levels {
				t0 := time.Now()
				asP1, n1, err := vdwlist.DuelValue(ctx, st, vdwlist.SearchPolicy(lv.Depth), perfect)
				if err != nil {
					return fmt.Errorf("report vdwlist: %w", err)
				}
				asP2, n2, err := vdwlist.DuelValue(ctx, st, perfect, vdwlist.SearchPolicy(lv.Depth))
				if err != nil {
					return fmt.Errorf("report vdwlist: %w", err)
				}
				f1, _ := asP1.Float64()
				f2, _ := asP2.Float64()
				rep.Levels = append(rep.Levels, vdwLevelRow{Level: lv.Name, Depth: lv.Depth, AsP1: vdwlist.Fraction(asP1), AsP1Float: f1,
					AsP2: vdwlist.Fraction(asP2), AsP2Float: f2, Positions: n1 + n2, Seconds: time.Since(t0).Seconds(), ShortfallP: vf - f1, ExcessP: f2 - vf})
			}
			if asJSON {
				return writeJSON(a.stdout, rep)
			}
			fmt.Fprintf(a.stdout, "# Computer levels against the perfect player, exactly\n\n")
			fmt.Fprintf(a.stdout, "%s: under optimal play by both P1 wins with probability %s ≈ %.4f.\n", rep.Game, rep.P1Win, rep.P1WinFloat)
			fmt.Fprintf(a.stdout, "Exact expectations over every list (no sampling); the levels search without time limits.\n\n")
			fmt.Fprintf(a.stdout, "| level  | depth | level as P1: P1 wins | shortfall | level as P2: P1 wins | excess |\n")
			fmt.Fprintf(a.stdout, "|:-------|------:|---------------------:|----------:|---------------------:|-------:|\n")
			for _, r := range rep.Levels {
				fmt.Fprintf(a.stdout, "| %-6s | %5d | %20.4f | %9.4f | %20.4f | %6.4f |\n", r.Level, r.Depth, r.AsP1Float, r.ShortfallP, r.AsP2Float, r.ExcessP)
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&k, "k", 3, "progression length")
	fl.IntVar(&colors, "colors", 3, "number of colours")
	fl.IntVar(&list, "list", 2, "list size")
	fl.IntVar(&s, "s", 10, "game length")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}
