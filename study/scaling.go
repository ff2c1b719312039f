package study

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// ScalingOptions configure the scaling benchmark (`kombi bench scaling`):
// one game solved from its start by its own solver (Registry.Solvers) with
// each number of workers of Workers, Repeat times each, a fresh table
// every time.
type ScalingOptions struct {
	// Game is the game string; MaxLength bounds the length searched where
	// the game has such a bound (the Thue game; 0: the game's own).
	Game      string
	MaxLength int
	// Workers are the numbers of workers to measure (empty: 1, 2, 4, ...
	// up to GOMAXPROCS, and GOMAXPROCS itself).
	Workers []int
	// MemBytes bounds the solver's tables (0: the solver's default).
	MemBytes int64
	// Repeat is the number of runs per number of workers (the table gives
	// the range).
	Repeat int

	games   *game.Registry
	solvers *solve.Solvers
}

// MaxScalingWorkers bounds ScalingOptions.Workers.
const MaxScalingWorkers = 1024

// DefaultScalingGame is the game the scaling benchmark solves by default
// (with the length bound 18: the figures of issue 21).
const DefaultScalingGame = "thue(alphabet=5,rule=square,start=0)"

// Settings sets the defaults and returns the settings of the benchmark.
func (o *ScalingOptions) Settings() []Setting {
	o.Game, o.MaxLength, o.Workers, o.MemBytes, o.Repeat = DefaultScalingGame, 18, nil, 1<<30, 1
	return []Setting{
		{Name: "game", Doc: "the game string solved from its start", Value: String(&o.Game)},
		{Name: "length bound", Doc: "the length searched to, where the game has one (0: the game's own)", Value: Int(&o.MaxLength)},
		{Name: "workers", Doc: "numbers of workers, comma-separated (default 1,2,4,... up to GOMAXPROCS)", Value: Ints(&o.Workers)},
		{Name: "memory bound", Doc: "bytes for the solver's tables", Value: Int64(&o.MemBytes)},
		{Name: "runs per measurement", Doc: "runs per number of workers (the table gives the range)", Value: Int(&o.Repeat)},
	}
}

// Check reports the first setting out of range.
func (o *ScalingOptions) Check() error {
	switch {
	case o.MaxLength < 0:
		return Settingf("{length bound} %d: want 0 (the game's own) or more", o.MaxLength)
	case o.MemBytes < 0:
		return Settingf("{memory bound} %d: want a positive number of bytes", o.MemBytes)
	case o.Repeat < 1 || o.Repeat > 100:
		return Settingf("{runs per measurement} %d: want 1 to 100", o.Repeat)
	case len(o.Workers) > 64:
		return Settingf("{workers}: want at most 64 numbers of workers")
	}
	for _, w := range o.Workers {
		if w < 1 || w > MaxScalingWorkers {
			return Settingf("{workers} %d: want 1 to %d", w, MaxScalingWorkers)
		}
	}
	if o.games != nil {
		if _, err := o.games.Load(o.Game, 1); err != nil {
			return err
		}
	}
	return nil
}

// workers returns the numbers of workers to measure.
func (o *ScalingOptions) workers() []int {
	if len(o.Workers) > 0 {
		return o.Workers
	}
	var ws []int
	procs := runtime.GOMAXPROCS(0)
	for w := 1; w < procs; w *= 2 {
		ws = append(ws, w)
	}
	return append(ws, procs)
}

// Scaling is what the scaling benchmark measured (its JSON).
type Scaling struct {
	Game      string `json:"game"`
	MaxLength int    `json:"max_length"`
	// CPUs and GOMAXPROCS: the machine's logical CPUs and the Go
	// scheduler's threads (GOMAXPROCS above the CPUs measures the
	// positions of many workers on a small machine; not their time).
	CPUs       int          `json:"cpus"`
	GOMAXPROCS int          `json:"gomaxprocs"`
	Rows       []ScalingRow `json:"rows"`
}

// ScalingRow is one number of workers: the ranges over the runs of the
// positions searched, the wall-clock and CPU seconds, and the positions
// and speed-up against the first row (its medians).
type ScalingRow struct {
	Workers    int     `json:"workers"`
	Runs       int     `json:"runs"`
	Value      string  `json:"value"`
	NodesMin   int64   `json:"nodes_min"`
	NodesMax   int64   `json:"nodes_max"`
	SecondsMin float64 `json:"seconds_min"`
	SecondsMax float64 `json:"seconds_max"`
	CPUSeconds float64 `json:"cpu_seconds"`
	// NodesRatio is the median positions over the first row's; SpeedUp
	// the first row's median seconds over this row's; CPUPerNodeRatio the
	// CPU seconds per position over the first row's (above 1: each
	// position costs more with more workers — shared caches, the clock of
	// all cores busy, locks — apart from the extra positions).
	NodesRatio      float64 `json:"nodes_ratio"`
	SpeedUp         float64 `json:"speed_up"`
	CPUPerNodeRatio float64 `json:"cpu_per_position_ratio"`
	nodes           []int64
	seconds         []float64
}

// Run solves the game once per run and number of workers, in turn.
// Interrupted, it returns the rows measured with the error.
func (o *ScalingOptions) Run(ctx context.Context, progress func(solve.Progress)) (*Scaling, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if o.games == nil {
		return nil, fmt.Errorf("bench scaling: no games")
	}
	g, err := o.games.Load(o.Game, 1)
	if err != nil {
		return nil, err
	}
	res := &Scaling{Game: g.String(), MaxLength: o.MaxLength, CPUs: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0), Rows: []ScalingRow{}}
	ws := o.workers()
	start, total := time.Now(), int64(len(ws)*o.Repeat)
	for i, w := range ws {
		row := ScalingRow{Workers: w}
		for run := range o.Repeat {
			if progress != nil {
				progress(solve.Progress{Done: int64(i*o.Repeat + run), Total: total, Elapsed: time.Since(start),
					Message: fmt.Sprintf("%d workers, run %d of %d", w, run+1, o.Repeat)})
			}
			cpu0, _ := solve.Usage()
			t0 := time.Now()
			r, err := o.solvers.Solve(ctx, g, g.NewInitialState(), solve.Options{MaxLength: o.MaxLength, MemBytes: o.MemBytes, Workers: w})
			if err != nil {
				return res, fmt.Errorf("bench scaling: %s with %d workers: %w", g, w, err)
			}
			secs := time.Since(t0).Seconds()
			cpu1, _ := solve.Usage()
			row.nodes, row.seconds = append(row.nodes, r.Nodes), append(row.seconds, secs)
			row.CPUSeconds += (cpu1 - cpu0).Seconds()
			row.Value = valueText(r)
		}
		row.Runs = len(row.nodes)
		row.NodesMin, row.NodesMax = slices.Min(row.nodes), slices.Max(row.nodes)
		row.SecondsMin, row.SecondsMax = slices.Min(row.seconds), slices.Max(row.seconds)
		row.CPUSeconds /= float64(row.Runs)
		first := &row
		if len(res.Rows) > 0 {
			first = &res.Rows[0]
		}
		row.NodesRatio = float64(median(row.nodes)) / float64(max(median(first.nodes), 1))
		row.SpeedUp = median(first.seconds) / max(median(row.seconds), 1e-9)
		switch {
		case len(res.Rows) == 0:
			row.CPUPerNodeRatio = 1 // the unit
		case first.CPUSeconds > 0 && row.NodesMin > 0:
			row.CPUPerNodeRatio = (row.CPUSeconds / float64(median(row.nodes))) / (first.CPUSeconds / float64(max(median(first.nodes), 1)))
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

// valueText is a result's value, or its bounds.
func valueText(r *solve.Result) string {
	switch {
	case r.Value != nil:
		return fmt.Sprint(r.Value)
	case r.LowerBound != nil && r.UpperBound != nil:
		return fmt.Sprintf("%v..%v", r.LowerBound, r.UpperBound)
	case r.LowerBound != nil:
		return fmt.Sprintf("≥ %v", r.LowerBound)
	}
	return "?"
}

// median returns the middle of xs (the lower middle of an even count).
func median[T int64 | float64](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// Tables returns the measurements as one table.
func (s *Scaling) Tables() []game.Table {
	t := game.Table{Title: fmt.Sprintf("%s, length bound %d, from the start: %d CPUs, GOMAXPROCS %d", s.Game, s.MaxLength, s.CPUs, s.GOMAXPROCS),
		Columns: []string{"workers", "runs", "value", "positions", "vs 1st row", "seconds", "speed-up", "CPU s", "CPU/position vs 1st"}}
	span := func(a, b string) string {
		if a == b {
			return a
		}
		return a + "–" + b
	}
	for _, r := range s.Rows {
		t.Rows = append(t.Rows, []string{strconv.Itoa(r.Workers), strconv.Itoa(r.Runs), r.Value,
			span(strconv.FormatInt(r.NodesMin, 10), strconv.FormatInt(r.NodesMax, 10)), fmt.Sprintf("%.3f", r.NodesRatio),
			span(fmt.Sprintf("%.2f", r.SecondsMin), fmt.Sprintf("%.2f", r.SecondsMax)), fmt.Sprintf("%.2f", r.SpeedUp), fmt.Sprintf("%.2f", r.CPUSeconds), fmt.Sprintf("%.2f", r.CPUPerNodeRatio)})
	}
	if s.GOMAXPROCS > s.CPUs {
		t.Notes = append(t.Notes, fmt.Sprintf("GOMAXPROCS %d exceeds the %d CPUs: the positions of many workers are measured, their times are not speed-ups.", s.GOMAXPROCS, s.CPUs))
	}
	return []game.Table{t}
}

// scalingCommand is `kombi bench scaling` over the registry's games and
// solvers.
func (r *Registry) scalingCommand() Command {
	return Command{Group: "bench", Name: "scaling", Format: "text",
		Short: "Positions and time of a game's parallel solver with 1, 2, 4, ... workers",
		New: func() (Options, Run) {
			o := &ScalingOptions{games: r.Games, solvers: &r.Solvers}
			return o, func(ctx context.Context, p func(solve.Progress)) (game.Tabler, error) { return o.Run(ctx, p) }
		}}
}
