package thesis

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/study"
	studythue "github.com/kombi/kombi/study/thue"
	"github.com/kombi/kombi/sweep"
)

// BenchTables describe one `kombi bench thue` result: the engine's
// decision times by word length, and the port of the thesis' listings on
// the same positions.
func BenchTables(r *studythue.BenchResult) []game.Table {
	cf := r.Config
	end := "ended with a square"
	if !r.Finished {
		end = "stopped at the length cap"
	}
	const width = 25
	type agg struct {
		n          int
		sum, worst float64
	}
	buckets := map[[2]int]*agg{}
	var keys [][2]int
	for _, m := range r.Moves {
		role := 0
		if m.Role == "painter" {
			role = 1
		}
		b := [2]int{(m.Length - 1) / width, role}
		if buckets[b] == nil {
			buckets[b] = &agg{}
			keys = append(keys, b)
		}
		buckets[b].n++
		buckets[b].sum += m.Seconds
		buckets[b].worst = max(buckets[b].worst, m.Seconds)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	t := &game.Table{
		Title:   fmt.Sprintf("%s: alphabet %d, builder level %d, painter level %d (thesis: %s)", cf.Name, cf.K, cf.BuilderLevel, cf.PainterLevel, cf.Thesis),
		Columns: []string{"word length", "role", "decisions", "mean s/decision", "max s"},
		Notes:   []string{fmt.Sprintf("Engine: game of length %d (%s) in %.3f s: %d decisions, %.0f decisions/s", r.GameLength, end, r.Seconds, r.Decisions, r.PerSecond)},
	}
	for _, k := range keys {
		b := buckets[k]
		t.Rows = append(t.Rows, []string{fmt.Sprintf("%d-%d", k[0]*width+1, k[0]*width+width), []string{"builder", "painter"}[k[1]],
			strconv.Itoa(b.n), fmt.Sprintf("%.6f", b.sum/float64(b.n)), fmt.Sprintf("%.6f", b.worst)})
	}
	if len(r.Samples) == 0 {
		return []game.Table{*t}
	}
	pt := &game.Table{
		Title:   fmt.Sprintf("Port of the thesis' listings on the same positions as %s (same decisions checked)", cf.Name),
		Columns: []string{"length", "role", "engine s", "port s", "speed-up"},
		Notes:   []string{fmt.Sprintf("Speed-up over the port on these positions (total port time / total engine time): %.0fx", r.Ratio)},
	}
	for _, s := range r.Samples {
		pt.Rows = append(pt.Rows, []string{strconv.Itoa(s.Length), s.Role, fmt.Sprintf("%.6f", s.FastSeconds), fmt.Sprintf("%.4f", s.PortSeconds), fmt.Sprintf("%.0fx", s.Ratio)})
	}
	return []game.Table{*t, *pt}
}

// Table31Cells is the grid of `kombi report thue-table31`: squares over 3
// and 4 symbols, every nesting level up to maxLevel (0 to 3) for each role,
// from every starting symbol (seed = start), ties first.
func Table31Cells(maxLevel int) ([]sweep.Cell, error) {
	if maxLevel < 0 || maxLevel > 3 {
		return nil, study.Settingf("{highest nesting level} %d: want 0 to 3", maxLevel)
	}
	thesis := func(k, b, p int) string {
		switch {
		case k == 3:
			return "5"
		case b == 0 && p == 0:
			return "7"
		case b >= 1 && p >= 1:
			return "7"
		case b >= 1 && p == 0:
			return "10 (as printed; the text says 10 for the greedy builder)"
		}
		return "-"
	}
	var cells []sweep.Cell
	for k := 3; k <= 4; k++ {
		for p := 0; p <= maxLevel; p++ {
			for b := 0; b <= maxLevel; b++ {
				cell := sweep.Cell{
					ID:      fmt.Sprintf("%d|%d|%d", k, b, p),
					Labels:  map[string]string{"k": strconv.Itoa(k), "b": strconv.Itoa(b), "p": strconv.Itoa(p), "thesis": thesis(k, b, p)},
					Players: [2]string{NestingBot(b, false), NestingBot(p, false)},
					Game:    fmt.Sprintf("thue(alphabet=%d,rule=square,target=100)", k),
				}
				for s := range k {
					cell.Seeds = append(cell.Seeds, uint64(s)) // start = seed mod k
				}
				cells = append(cells, cell)
			}
		}
	}
	return cells, nil
}

// Table31 is the thesis' Table 3.1 recomputed from the results of
// Table31Cells, beside the thesis' numbers (one table).
func Table31(sums []sweep.Summary) []game.Table {
	t := &game.Table{
		Title:   "Table 3.1: game length (final word length) by setPower and nesting levels; squares, every starting symbol, ties first",
		Columns: []string{"setPower", "painterNestingLevel", "builderNestingLevel", "game length (starts 0..k-1)", "thesis"},
	}
	for _, s := range sums {
		var lens []string
		for _, l := range s.Lengths {
			lens = append(lens, strconv.Itoa(l))
		}
		t.Rows = append(t.Rows, []string{s.Label("k"), s.Label("p"), s.Label("b"), strings.Join(lens, " "), s.Label("thesis")})
	}
	return []game.Table{*t}
}

// TimedSeats returns, of the seats asked for, those whose decision times
// the thesis' plots show: computer players of a Thue game. ok is false for
// a record of another game; humans lists the seats left out because a
// person played them (their times are thinking, not computing).
func TimedSeats(rec *game.Record, seats []game.Player) (timed, humans []game.Player, ok bool) {
	spec, err := game.ParseSpec(rec.Game)
	if err != nil || spec.Name != "thue" {
		return nil, nil, false
	}
	for _, p := range seats {
		if int(p) < len(rec.Players) && isHumanBot(rec.Players[p]) {
			humans = append(humans, p)
		} else {
			timed = append(timed, p)
		}
	}
	return timed, humans, true
}

// isHumanBot reports whether a record's player string names a person: the
// bot string "human", or a match seat "NAME (human)".
func isHumanBot(name string) bool {
	return name == "human" || name == "you" || strings.HasSuffix(name, "(human)")
}

// BenchOptions configure Bench.
type BenchOptions struct {
	// Names are the configurations to run (none: all).
	Names []string
	Seed  uint64
	// MaxLength stops each game at this word length (0: the
	// configuration's own, up to thue.MaxPositionLength).
	MaxLength  int
	PortBudget time.Duration
	// Log receives a line as each configuration starts.
	Log io.Writer
}

// Bench runs `kombi bench thue`: studythue.Bench for each configuration. It
// returns the results and their tables; interrupted, those finished with
// the error.
func Bench(ctx context.Context, opt BenchOptions) ([]*studythue.BenchResult, []game.Table, error) {
	cfgs, err := studythue.BenchConfigs(opt.Names)
	if err != nil {
		return nil, nil, usagef("bench thue: %w", err)
	}
	if opt.MaxLength < 0 || opt.MaxLength > thue.MaxPositionLength {
		return nil, nil, study.Settingf("{length bound} %d: want 0 (the configuration's) to %d", opt.MaxLength, thue.MaxPositionLength)
	}
	results := []*studythue.BenchResult{}
	var tables []game.Table
	for _, cf := range cfgs {
		limit := cmp.Or(opt.MaxLength, cf.MaxLength)
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "bench %s (up to length %d)...\n", cf.Name, limit)
		}
		r, err := studythue.Bench(ctx, cf, opt.Seed, limit, opt.PortBudget)
		if err != nil {
			return results, tables, fmt.Errorf("bench thue: %w", err)
		}
		results, tables = append(results, r), append(tables, BenchTables(r)...)
	}
	return results, tables, nil
}
