package vdwlist

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/kombi/kombi/study"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// BenchOptions configure a bench (the flags of `kombi bench vdwlist`).
type BenchOptions struct {
	// K, Colors and List give the games; the exact solver and plain
	// expectimax both solve s = K .. MaxPlain.
	K, Colors, List, MaxPlain int
	// S, Depth and Positions: Star2, Star1 and plain expectiminimax search
	// Positions random positions of the game of length S to Depth moves,
	// chosen with Seed.
	S, Depth, Positions int
	Seed                uint64
	// From and MaxS: the exact solver alone solves s = From .. MaxS (none
	// when MaxS < From), each with a fresh table of MemBytes (0:
	// DefaultMemBytes), reporting positions searched and stored, CPU
	// time and memory.
	From, MaxS int
	MemBytes   int64
}

// MaxBenchPositions bounds BenchOptions.Positions.
const MaxBenchPositions = 100000

// BenchResult is what a bench measured (the JSON of `kombi bench vdwlist`).
type BenchResult struct {
	Series    []BenchSeries `json:"series"`
	Solve     []BenchSolve  `json:"solve"`
	Game      string        `json:"search_game"`
	Depth     int           `json:"search_depth"`
	Positions int           `json:"search_positions"`
	Search    []BenchSearch `json:"search"`
}

// BenchSolve compares the solver and plain expectimax on one game.
type BenchSolve struct {
	Game          string  `json:"game"`
	P1Win         string  `json:"p1_win"`
	SolverSeconds float64 `json:"solver_seconds"`
	SolverNodes   int64   `json:"solver_nodes"`
	PlainSeconds  float64 `json:"plain_seconds"`
	PlainStates   int     `json:"plain_positions"`
	Ratio         float64 `json:"time_ratio"`
}

// BenchSeries is one game length solved by the exact solver alone, from a
// fresh table: positions reached (nodes: table hits and positions decided
// at once included), searched (not found in the table) and stored, the
// CPU and wall-clock seconds, the table's size and the process's peak
// resident memory so far.
type BenchSeries struct {
	Game       string  `json:"game"`
	P1Win      string  `json:"p1_win"`
	Nodes      int64   `json:"nodes"`
	Searched   int64   `json:"searched_positions"`
	Stored     int     `json:"stored_positions"`
	CPUSeconds float64 `json:"cpu_seconds"`
	Seconds    float64 `json:"seconds"`
	TableBytes int64   `json:"table_bytes"`
	PeakRSS    int64   `json:"peak_rss_bytes"`
	Workers    int     `json:"workers"`
}

// BenchSearch is one chance pruning's total over the search positions.
type BenchSearch struct {
	Pruning string  `json:"pruning"`
	Nodes   int64   `json:"nodes"`
	Seconds float64 `json:"seconds"`
}

// Check reports the first option out of range (a study.SettingError, or
// the game's error).
func (o *BenchOptions) Check() error {
	if _, err := vdwlist.New(o.K, o.Colors, o.List, max(o.S, o.MaxPlain)); err != nil {
		return err
	}
	if o.Depth < 1 || o.Depth > 3*vdwlist.MaxS || o.Positions < 1 || o.Positions > MaxBenchPositions {
		return study.Settingf("{search depth} %d {search positions} %d: want 1 ≤ depth ≤ %d and 1 ≤ positions ≤ %d", o.Depth, o.Positions, 3*vdwlist.MaxS, MaxBenchPositions)
	}
	if o.MaxS >= o.From && (o.From < 1 || o.MaxS > vdwlist.MaxS) || o.MemBytes < 0 {
		return study.Settingf("{first game length} %d {last game length} %d {memory bound} %d: want 1 ≤ first ≤ last ≤ %d (or last < first: none) and a memory bound ≥ 0", o.From, o.MaxS, o.MemBytes, vdwlist.MaxS)
	}
	if m := maxMemoS(o.Colors+1, o.K); o.MaxPlain > m {
		return study.Settingf("{largest plain game length} %d: plain expectimax keeps every position, up to about %d^s of them; want at most %d here", o.MaxPlain, o.Colors+1, m)
	}
	return nil
}

// Run times the exact solver against plain expectimax (PlainValue) for s =
// K .. MaxPlain, back to back, checking that they agree; then searches
// random positions with Star2, Star1 and no chance pruning, checking that
// the root values agree, and totals the positions visited and the times.
// Interrupted, it returns what it measured so far with the error.
func (o *BenchOptions) Run(ctx context.Context, progress func(solve.Progress)) (*BenchResult, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	res := &BenchResult{Depth: o.Depth, Positions: o.Positions, Series: []BenchSeries{}, Solve: []BenchSolve{}, Search: []BenchSearch{}}
	series := max(0, o.MaxS-o.From+1)
	start, total := time.Now(), int64(series+max(0, o.MaxPlain-o.K+1)+3)
	report := func(done int64, what string) {
		if progress != nil {
			progress(solve.Progress{Done: done, Total: total, Message: what, Elapsed: time.Since(start)})
		}
	}
	for n := o.From; n <= o.MaxS; n++ {
		g, _ := vdwlist.New(o.K, o.Colors, o.List, n)
		report(int64(n-o.From), g.String())
		cpu0, _ := solve.Usage()
		t0 := time.Now()
		sv := NewSolver(g, o.MemBytes)
		v, err := sv.Value(ctx, g.NewInitialState().(*vdwlist.State))
		if err != nil {
			return res, fmt.Errorf("%s: %w", g, err)
		}
		cpu1, rss := solve.Usage()
		res.Series = append(res.Series, BenchSeries{Game: g.String(), P1Win: Fraction(v), Nodes: sv.Nodes(), Searched: sv.Searched(), Stored: sv.Stored(),
			CPUSeconds: (cpu1 - cpu0).Seconds(), Seconds: time.Since(t0).Seconds(), TableBytes: sv.Bytes(), PeakRSS: rss, Workers: sv.workers})
	}
	for n := o.K; n <= o.MaxPlain; n++ {
		g, _ := vdwlist.New(o.K, o.Colors, o.List, n)
		report(int64(series+n-o.K), g.String())
		st := g.NewInitialState().(*vdwlist.State)
		t0 := time.Now()
		sv := NewSolver(g, 256<<20)
		v, err := sv.Value(ctx, st)
		if err != nil {
			return res, fmt.Errorf("%s: %w", g, err)
		}
		ts := time.Since(t0)
		t0 = time.Now()
		pv, states, err := PlainValue(ctx, st)
		if err != nil {
			return res, fmt.Errorf("%s: plain expectimax: %w", g, err)
		}
		tp := time.Since(t0)
		if pv.Cmp(v) != 0 {
			return nil, fmt.Errorf("%s: solver %s but plain expectimax %s", g, Fraction(v), Fraction(pv))
		}
		res.Solve = append(res.Solve, BenchSolve{Game: g.String(), P1Win: Fraction(v), SolverSeconds: ts.Seconds(), SolverNodes: sv.Nodes(),
			PlainSeconds: tp.Seconds(), PlainStates: states, Ratio: tp.Seconds() / ts.Seconds()})
	}
	g, _ := vdwlist.New(o.K, o.Colors, o.List, o.S)
	res.Game = g.String()
	rng := rand.New(rand.NewPCG(o.Seed, 0x62656e6368))
	var roots []game.State
	for tries := 0; len(roots) < o.Positions; tries++ {
		if tries > 1000*o.Positions {
			return nil, fmt.Errorf("%s: found only %d positions with player 1 to move", g, len(roots))
		}
		st := g.NewInitialState()
		steps := rng.IntN(max(1, o.S/2)) * 3
		for i := 0; i < steps && !st.IsTerminal(); i++ {
			moves := st.LegalMoves(nil)
			_ = st.Apply(moves[rng.IntN(len(moves))])
		}
		if !st.IsTerminal() && st.Player() == 0 {
			roots = append(roots, st)
		}
	}
	var values []float64
	for k, pr := range []bot.ChancePruning{bot.Star2, bot.Star1, bot.NoChancePruning} {
		report(total-3+int64(k), "search with "+pr.String())
		row := BenchSearch{Pruning: pr.String()}
		for i, st := range roots {
			b := bot.NewStar(bot.StarOptions{Depth: o.Depth, Pruning: pr})
			t0 := time.Now()
			_, v, _, err := b.Search(ctx, st, o.Depth)
			if err != nil {
				return res, fmt.Errorf("search: %w", err)
			}
			row.Seconds += time.Since(t0).Seconds()
			row.Nodes += b.Nodes()
			if pr == bot.Star2 {
				values = append(values, v)
			} else if d := v - values[i]; d > 1e-9 || d < -1e-9 {
				return nil, fmt.Errorf("position %d: %s value %v but star2 %v", i, pr, v, values[i])
			}
		}
		res.Search = append(res.Search, row)
	}
	return res, nil
}

// Tables returns the comparison of the solver with plain expectimax (a row
// per game) and the search totals (a row per chance pruning, with the
// positions visited as a share of plain expectiminimax's).
func (r *BenchResult) Tables() []game.Table {
	var tables []game.Table
	if len(r.Series) > 0 {
		ser := game.Table{Title: "Exact solver alone, a fresh table per game",
			Columns: []string{"game", "P1 wins", "positions reached", "searched", "stored", "searched/stored", "CPU s", "wall s", "table MiB", "peak RSS MiB", "workers"}}
		for _, x := range r.Series {
			ser.Rows = append(ser.Rows, []string{x.Game, x.P1Win, strconv.FormatInt(x.Nodes, 10), strconv.FormatInt(x.Searched, 10), strconv.Itoa(x.Stored),
				fmt.Sprintf("%.3f", float64(x.Searched)/float64(max(x.Stored, 1))), fmt.Sprintf("%.2f", x.CPUSeconds), fmt.Sprintf("%.2f", x.Seconds),
				strconv.FormatInt(x.TableBytes>>20, 10), strconv.FormatInt(x.PeakRSS>>20, 10), strconv.Itoa(x.Workers)})
		}
		ser.Notes = []string{"Positions reached count table hits and positions decided at once; searched, those not in the table (their moves tried); the peak RSS is the process's so far."}
		tables = append(tables, ser)
	}
	solveGrid := game.Table{Title: "Exact solver against plain expectimax (exact fractions, memo by position), back to back",
		Columns: []string{"game", "P1 wins", "solver s", "plain s", "plain pos.", "ratio"}}
	for _, x := range r.Solve {
		solveGrid.Rows = append(solveGrid.Rows, []string{x.Game, x.P1Win, fmt.Sprintf("%.4f", x.SolverSeconds), fmt.Sprintf("%.4f", x.PlainSeconds), strconv.Itoa(x.PlainStates), fmt.Sprintf("%.1f", x.Ratio)})
	}
	search := game.Table{Title: fmt.Sprintf("Search to depth %d from %d random positions of %s (same values)", r.Depth, r.Positions, r.Game),
		Columns: []string{"pruning", "positions", "seconds", "nodes vs none"}}
	if len(r.Search) < 3 {
		search.Notes = []string{"Stopped before every pruning searched every position."}
	}
	for _, x := range r.Search {
		share := "-"
		if len(r.Search) == 3 {
			share = fmt.Sprintf("%.1f%%", 100*float64(x.Nodes)/float64(max(r.Search[2].Nodes, 1)))
		}
		search.Rows = append(search.Rows, []string{x.Pruning, strconv.FormatInt(x.Nodes, 10), fmt.Sprintf("%.3f", x.Seconds), share})
	}
	return append(tables, solveGrid, search)
}

// maxMemoPositions bounds the memo of plain expectimax and of the exact
// duels, which keep every position they reach (a few hundred bytes each).
const maxMemoPositions = 1 << 22

// maxMemoS returns the largest game length s with base^s ≤
// maxMemoPositions (at least k, and vdwlist.MaxS when base is 1).
func maxMemoS(base, k int) int {
	s, n := 0, 1
	for base > 1 && n <= maxMemoPositions/base && s < vdwlist.MaxS {
		n *= base
		s++
	}
	if base <= 1 {
		s = vdwlist.MaxS
	}
	return max(s, k)
}

// LevelOptions give the game of a levels report:
// vdwlist(k=K,colors=Colors,list=List,s=S).
type LevelOptions struct{ K, Colors, List, S int }

// LevelReport measures the computer levels against the perfect player,
// exactly (the JSON of `kombi report vdwlist`).
type LevelReport struct {
	Game       string     `json:"game"`
	P1Win      string     `json:"p1_win"`
	P1WinFloat float64    `json:"p1_win_float"`
	Levels     []LevelRow `json:"levels"`
}

// LevelRow is one level's exact results: player 1's winning probability
// when the level plays player 1 against the perfect player, and when it
// plays player 2; the shortfall and the excess are what the level gives
// away against the game's value.
type LevelRow struct {
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

// Check reports a game the exact solver cannot play.
func (o *LevelOptions) Check() error {
	if _, err := vdwlist.New(o.K, o.Colors, o.List, o.S); err != nil {
		return err
	}
	if m := maxMemoS(vdwlist.Binom(o.Colors, o.List), o.K); o.S > m {
		return study.Settingf("{game length} %d: the exact duels keep every position the levels reach, up to about C(%d,%d)^s of them; want at most %d here", o.S, o.Colors, o.List, m)
	}
	return nil
}

// Run computes the LevelReport: every list is averaged (DuelValue), nothing
// is sampled. Keep s small: the perfect player solves the game exactly.
// Interrupted, it returns the levels done with the error.
func (o *LevelOptions) Run(ctx context.Context, progress func(solve.Progress)) (*LevelReport, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	g, _ := vdwlist.New(o.K, o.Colors, o.List, o.S)
	st := g.NewInitialState().(*vdwlist.State)
	sv := NewSolver(g, 512<<20)
	rep := &LevelReport{Game: g.String(), Levels: []LevelRow{}}
	v, err := sv.Value(ctx, st)
	if err != nil {
		return rep, fmt.Errorf("%s: %w", g, err)
	}
	vf, _ := v.Float64()
	rep.P1Win, rep.P1WinFloat = Fraction(v), vf
	perfect := PerfectPolicy(sv)
	start := time.Now()
	for i, lv := range vdwlist.Levels {
		if progress != nil {
			progress(solve.Progress{Done: int64(i), Total: int64(len(vdwlist.Levels)), Message: lv.Name, Elapsed: time.Since(start)})
		}
		t0 := time.Now()
		asP1, n1, err := DuelValue(ctx, st, SearchPolicy(lv.Depth), perfect)
		if err != nil {
			return rep, fmt.Errorf("%s as P1: %w", lv.Name, err)
		}
		asP2, n2, err := DuelValue(ctx, st, perfect, SearchPolicy(lv.Depth))
		if err != nil {
			return rep, fmt.Errorf("%s as P2: %w", lv.Name, err)
		}
		f1, _ := asP1.Float64()
		f2, _ := asP2.Float64()
		rep.Levels = append(rep.Levels, LevelRow{Level: lv.Name, Depth: lv.Depth, AsP1: Fraction(asP1), AsP1Float: f1,
			AsP2: Fraction(asP2), AsP2Float: f2, Positions: n1 + n2, Seconds: time.Since(t0).Seconds(), ShortfallP: vf - f1, ExcessP: f2 - vf})
	}
	return rep, nil
}

// Tables returns one row per level: its depth, P1's winning probability
// with the level as P1 and the shortfall, with the level as P2 and the
// excess.
func (r *LevelReport) Tables() []game.Table {
	gr := game.Table{Title: fmt.Sprintf("%s: computer levels against the perfect player (P1 wins with %s ≈ %.4f under optimal play; exact, every list averaged)", r.Game, r.P1Win, r.P1WinFloat),
		Columns: []string{"level", "depth", "level as P1: P1 wins", "shortfall", "level as P2: P1 wins", "excess"}}
	f := func(x float64) string { return fmt.Sprintf("%.4f", x) }
	for _, x := range r.Levels {
		gr.Rows = append(gr.Rows, []string{x.Level, strconv.Itoa(x.Depth), f(x.AsP1Float), f(x.ShortfallP), f(x.AsP2Float), f(x.ExcessP)})
	}
	return []game.Table{gr}
}

// Settings sets the defaults and returns the settings of the benchmark.
func (o *BenchOptions) Settings() []study.Setting {
	*o = BenchOptions{K: 3, Colors: 3, List: 2, MaxPlain: 9, S: 20, Depth: 9, Positions: 20, Seed: 1, From: 10, MaxS: 13}
	return append(gameSettings(&o.K, &o.Colors, &o.List),
		study.Setting{Name: "first game length", Doc: "first s solved by the exact solver alone", Value: study.Int(&o.From)},
		study.Setting{Name: "last game length", Doc: "last s solved by the exact solver alone (below the first: none)", Value: study.Int(&o.MaxS)},
		study.Setting{Name: "memory bound", Doc: "bytes for the exact solver's table (0: its default)", Value: study.Int64(&o.MemBytes)},
		study.Setting{Name: "largest plain game length", Doc: "largest s solved by both the solver and plain expectimax", Value: study.Int(&o.MaxPlain)},
		study.Setting{Name: "game length", Doc: "game length of the search positions", Value: study.Int(&o.S)},
		study.Setting{Name: "search depth", Doc: "search depth in moves (a round is 3)", Value: study.Int(&o.Depth)},
		study.Setting{Name: "search positions", Doc: "number of random search positions", Value: study.Int(&o.Positions)},
		study.Setting{Name: "seed", Doc: "seed of the random positions", Value: study.Uint64(&o.Seed)})
}

// Settings sets the defaults and returns the settings of the report.
func (o *LevelOptions) Settings() []study.Setting {
	*o = LevelOptions{K: 3, Colors: 3, List: 2, S: 10}
	return append(gameSettings(&o.K, &o.Colors, &o.List), study.Setting{Name: "game length", Doc: "game length", Value: study.Int(&o.S)})
}

// gameSettings are the settings of one game: k, the colours, the list size.
func gameSettings(k, colors, list *int) []study.Setting {
	return []study.Setting{
		{Name: "progression length", Doc: "progression length", Value: study.Int(k)},
		{Name: "numbers of colours", Doc: "number of colours", Value: study.Int(colors)},
		{Name: "list sizes", Doc: "list size", Value: study.Int(list)},
	}
}
