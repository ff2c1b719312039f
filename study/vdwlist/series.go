package vdwlist

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/kombi/kombi/study"

	"github.com/kombi/kombi/games/vdwlist"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// TableOptions configure a ValueTable: the exact values of
// vdwlist(k=K,colors=c,list=l,s=S) for S = From, From+1, ..., vdwlist.MaxS and each
// c of Colors and l of Lists (every l from 1 to c when Lists is empty).
type TableOptions struct {
	K          int
	Colors     []int
	Lists      []int
	From, MaxS int
	// Budget is the time of each (c, l) series; MemBytes bounds each
	// series' solver table (0: a quarter of the machine's memory).
	Budget   time.Duration
	MemBytes int64
	// Checkpoint, when not empty, is a directory where each series keeps
	// its solver's table (a file per k, c and l, see SaveTable): saved
	// every CheckpointEvery (0: 10 minutes) during a search, after each
	// game length and when the series stops, and loaded when the series
	// starts, so that an interrupted run continues where it stopped.
	Checkpoint      string
	CheckpointEvery time.Duration
}

// TablePath returns the file in the directory dir that keeps the table of
// the series k, c, l.
func TablePath(dir string, k, c, l int) string {
	return filepath.Join(dir, fmt.Sprintf("vdwlist-k%d-c%d-l%d.table", k, c, l))
}

// Check reports the first option out of range (a study.SettingError).
func (o *TableOptions) Check() error {
	switch {
	case o.K < 1 || o.K > vdwlist.MaxS:
		return study.Settingf("{progression length} %d: want 1 to %d", o.K, vdwlist.MaxS)
	case o.From < 1 || o.MaxS > vdwlist.MaxS || o.From > o.MaxS:
		return study.Settingf("{first game length} %d {last game length} %d: want 1 ≤ first ≤ last ≤ %d", o.From, o.MaxS, vdwlist.MaxS)
	case o.Budget <= 0:
		return study.Settingf("{time budget} %s: want a positive duration such as 1m", o.Budget)
	case o.MemBytes < 0:
		return study.Settingf("{memory bound} %d: want a positive number of bytes", o.MemBytes)
	case len(o.Colors) == 0:
		return study.Settingf("{numbers of colours}: want at least one number of colours")
	case len(o.Colors) > vdwlist.MaxColors || len(o.Lists) > vdwlist.MaxColors:
		return study.Settingf("{numbers of colours} %v {list sizes} %v: want at most %d of each", o.Colors, o.Lists, vdwlist.MaxColors)
	}
	for _, c := range o.Colors {
		if c < 1 || c > vdwlist.MaxColors {
			return study.Settingf("{numbers of colours} %d: want 1 to %d", c, vdwlist.MaxColors)
		}
		for _, l := range o.Lists {
			if l < 1 || l > c {
				return study.Settingf("{list sizes} %d with %d colours: want 1 to %d", l, c, c)
			}
		}
	}
	return nil
}

// ValueTable is the result of TableOptions.Run (the JSON of `kombi table
// vdwlist`).
type ValueTable struct {
	K             int     `json:"k"`
	BudgetSeconds float64 `json:"budget_seconds"`
	MemBytes      int64   `json:"mem_bytes"`
	// Workers is the number of goroutines each search used (one per core).
	Workers int      `json:"workers"`
	Series  []Series `json:"series"`
	budget  time.Duration
}

// Series is one (c, l) series of a ValueTable: a row per game length
// solved, and why it stopped.
type Series struct {
	Colors  int         `json:"colors"`
	List    int         `json:"list"`
	Rows    []SeriesRow `json:"rows"`
	MaxS    int         `json:"max_s"`
	Stopped string      `json:"stopped"`
	Seconds float64     `json:"seconds"`
}

// SeriesRow is the exact value of one game length s.
type SeriesRow struct {
	S int `json:"s"`
	// P1Win is player 1's exact winning probability "p/q"; P1WinFloat
	// the nearest float64 (Decimal writes enough digits).
	P1Win      string  `json:"p1_win"`
	P1WinFloat float64 `json:"p1_win_float"`
	Nodes      int64   `json:"nodes"`
	Stored     int     `json:"stored_positions"`
	Seconds    float64 `json:"seconds"`
	// Searched counts the positions searched (not found in the table);
	// CPUSeconds is the process's CPU time for this length, PeakRSS its
	// peak resident memory so far.
	Searched   int64   `json:"searched_positions"`
	CPUSeconds float64 `json:"cpu_seconds"`
	PeakRSS    int64   `json:"peak_rss_bytes"`
	// Loaded counts the entries loaded from a checkpoint before this
	// series' first length (0: none).
	Loaded int `json:"loaded_positions,omitempty"`
}

// Run solves the series one after the other, with one solver table per
// series, reporting the rows done to progress (when not nil). Interrupted
// (the context), it returns the table with the rows done so far, the
// stopped series last (saying what is proven for its next length), and the
// context's error.
func (o *TableOptions) Run(ctx context.Context, progress func(solve.Progress)) (*ValueTable, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	t := &ValueTable{K: o.K, BudgetSeconds: o.Budget.Seconds(), MemBytes: o.MemBytes, Workers: runtime.GOMAXPROCS(0), budget: o.Budget, Series: []Series{}}
	for _, c := range o.Colors {
		lists := o.Lists
		if len(lists) == 0 {
			for l := 1; l <= c; l++ {
				lists = append(lists, l)
			}
		}
		for _, l := range lists {
			ser, err := o.series(ctx, c, l, progress)
			t.Series = append(t.Series, ser)
			if err != nil {
				return t, err
			}
		}
	}
	return t, nil
}

func (o *TableOptions) series(ctx context.Context, c, l int, progress func(solve.Progress)) (ser Series, err error) {
	ser = Series{Colors: c, List: l, Rows: []SeriesRow{}}
	start := time.Now()
	defer func() { ser.Seconds = time.Since(start).Seconds() }()
	sctx, cancel := context.WithTimeout(ctx, o.Budget)
	defer cancel()
	first, err := vdwlist.New(o.K, c, l, o.From)
	if err != nil {
		return ser, err
	}
	// The solver made for the longest game: its tables' shares of the
	// memory suit the longest (see makeTables).
	last, err := vdwlist.New(o.K, c, l, o.MaxS)
	if err != nil {
		return ser, err
	}
	sv := NewSolver(last, o.MemBytes)
	if err := sv.SetGame(first); err != nil {
		return ser, err
	}
	loaded := 0
	if o.Checkpoint != "" {
		if err := os.MkdirAll(o.Checkpoint, 0o755); err != nil {
			return ser, fmt.Errorf("checkpoint: %w", err)
		}
		path := TablePath(o.Checkpoint, o.K, c, l)
		sv.SetCheckpointed()
		if _, err := sv.LoadTableFile(path); err != nil {
			return ser, err
		}
		loaded = sv.Stored()
		stop := solve.SaveEvery(o.CheckpointEvery, func() error { return sv.SaveTableFile(path) })
		defer func() {
			if serr := stop(); err == nil && serr != nil {
				err = serr
			}
		}()
	}
	total := int64(o.MaxS - o.From + 1)
	for s := o.From; s <= o.MaxS; s++ {
		g, _ := vdwlist.New(o.K, c, l, s)
		if err := sv.SetGame(g); err != nil {
			return ser, err
		}
		if progress != nil {
			what, done := fmt.Sprintf("k=%d colors=%d list=%d s=%d", o.K, c, l, s), int64(s-o.From)
			report := func(p solve.Progress) {
				p.Done, p.Total, p.Message, p.Elapsed = done, total, what, time.Since(start)
				progress(p)
			}
			report(solve.Progress{Nodes: sv.Nodes()})
			sv.SetProgress(report)
		}
		t0, n0, searched0 := time.Now(), sv.Nodes(), sv.Searched()
		cpu0, _ := solve.Usage()
		st := g.NewInitialState().(*vdwlist.State)
		v, err := sv.Value(sctx, st)
		if err != nil && len(ser.Rows) > 0 { // the game one shorter is a lower bound
			if prev, _ := new(big.Rat).SetString(ser.Rows[len(ser.Rows)-1].P1Win); v == nil || prev.Cmp(v) > 0 {
				v = prev
			}
		}
		switch {
		case err == nil:
		case ctx.Err() != nil:
			ser.Stopped = fmt.Sprintf("interrupted at s=%d%s", s, proven(ctx, g, st, v))
			return ser, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			ser.Stopped = fmt.Sprintf("s=%d not finished within the time budget of %s%s", s, o.Budget, proven(ctx, g, st, v))
			return ser, nil
		default:
			return ser, fmt.Errorf("%s: %w", g, err)
		}
		f, _ := v.Float64()
		cpu1, rss := solve.Usage()
		ser.Rows = append(ser.Rows, SeriesRow{S: s, P1Win: Fraction(v), P1WinFloat: f, Nodes: sv.Nodes() - n0, Stored: sv.Stored(), Seconds: time.Since(t0).Seconds(),
			Searched: sv.Searched() - searched0, CPUSeconds: (cpu1 - cpu0).Seconds(), PeakRSS: rss, Loaded: loaded})
		loaded = 0
		ser.MaxS = s
		if o.Checkpoint != "" && s < o.MaxS {
			if err := sv.SaveTableFile(TablePath(o.Checkpoint, o.K, c, l)); err != nil {
				return ser, err
			}
		}
	}
	ser.Stopped = fmt.Sprintf("reached the last game length %d", o.MaxS)
	return ser, nil
}

// proven says what a search of s cut short proved: its lower bound lo (or
// the value of the game one shorter) and the random colouring's upper bound.
func proven(ctx context.Context, g *vdwlist.Game, s *vdwlist.State, lo *big.Rat) string {
	if lo == nil {
		return ""
	}
	hi, ok := randomBound(ctx, g, s, randomTime)
	if !ok {
		hi = big.NewRat(1, 1)
	}
	return fmt.Sprintf(" (proven so far: P1 wins with probability %s to %s)", Fraction(lo), Fraction(hi))
}

// Tables returns a table per series: s, the exact value, the value in
// decimals (see Decimal), positions searched and seconds.
func (t *ValueTable) Tables() []game.Table {
	var out []game.Table
	for _, ser := range t.Series {
		gr := game.Table{Title: fmt.Sprintf("k=%d, colors=%d, list=%d: probability that P1 wins under optimal play (time budget %s, %d workers)", t.K, ser.Colors, ser.List, t.budget, t.Workers),
			Columns: []string{"s", "P1 wins", "≈", "positions", "searched", "stored", "seconds", "CPU s", "peak RSS MiB"}}
		for _, r := range ser.Rows {
			v, _ := new(big.Rat).SetString(r.P1Win)
			gr.Rows = append(gr.Rows, []string{strconv.Itoa(r.S), game.ValueText(r.P1Win), Decimal(v), strconv.FormatInt(r.Nodes, 10), strconv.FormatInt(r.Searched, 10),
				strconv.Itoa(r.Stored), fmt.Sprintf("%.2f", r.Seconds), fmt.Sprintf("%.2f", r.CPUSeconds), strconv.FormatInt(r.PeakRSS>>20, 10)})
		}
		if ser.MaxS == 0 {
			gr.Notes = []string{fmt.Sprintf("Nothing solved: %s.", ser.Stopped)}
		} else {
			gr.Notes = []string{fmt.Sprintf("Solved s ≤ %d in %s; %s.", ser.MaxS, game.Seconds(ser.Seconds), ser.Stopped)}
		}
		gr.Notes = append(gr.Notes, "positions: reached at this length; searched: those not found in the table, whose moves were tried; stored: the table's entries after this length, the shorter lengths' included (a position's key holds its live progressions, not s, so they serve again); seconds and CPU s: this length's; peak RSS: the process's so far.")
		if len(ser.Rows) > 0 && ser.Rows[0].Loaded > 0 {
			gr.Notes = append(gr.Notes, fmt.Sprintf("Continued from a checkpoint of %d positions (positions and times are this run's).", ser.Rows[0].Loaded))
		}
		out = append(out, gr)
	}
	return out
}

// Settings sets the defaults and returns the settings of the table.
func (o *TableOptions) Settings() []study.Setting {
	*o = TableOptions{K: 3, Colors: []int{2, 3}, From: 1, MaxS: vdwlist.MaxS, Budget: time.Minute, MemBytes: 1 << 30}
	return []study.Setting{
		{Name: "progression length", Doc: "progression length", Value: study.Int(&o.K)},
		{Name: "numbers of colours", Doc: "numbers of colours c (a `list` such as 2,3)", Value: study.Ints(&o.Colors)},
		{Name: "list sizes", Doc: "list sizes l (a `list` such as 1,2; default: every l from 1 to c)", Value: study.Ints(&o.Lists)},
		{Name: "first game length", Doc: "first game length s", Value: study.Int(&o.From)},
		{Name: "last game length", Doc: "last game length s", Value: study.Int(&o.MaxS)},
		{Name: "time budget", Doc: "time budget of each (c, l) series", Value: study.Duration(&o.Budget)},
		{Name: "memory bound", Doc: "memory bound of each series' solver table in bytes", Value: study.Int64(&o.MemBytes)},
		{Name: "checkpoint", Doc: "directory where each series keeps its table (saved every 10 minutes and after each s; a rerun continues from it)", Value: study.String(&o.Checkpoint)},
	}
}
