package thue

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/solve"
)

// FrontierRow is one value or bound of the Thue game (from the one-symbol
// word, builder to move) that Kombi has proven: what it is, the value or
// the bound, how it was proven, the command that reproduces it and the
// machine time that command took.
type FrontierRow struct {
	What     string `json:"what"`
	Alphabet int    `json:"alphabet"`
	Rule     string `json:"rule"`
	// Value is the exact value (the final length under optimal play), 0
	// when only LowerBound is known: the builder cannot force a repetition
	// before that length.
	Value      int    `json:"value,omitempty"`
	LowerBound int    `json:"lower_bound,omitempty"`
	Result     string `json:"result"` // "7", or "≥ 21"
	How        string `json:"how"`
	Command    string `json:"command"`
	// MaxLength and MemBytes are the command's --max-length and --mem
	// (0: none given).
	MaxLength int   `json:"max_length,omitempty"`
	MemBytes  int64 `json:"mem_bytes,omitempty"`
	Nodes     int64 `json:"nodes"`
	// Seconds is the command's wall-clock time on Machine, CPUSeconds
	// the processor time of all its threads.
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds"`
	Machine    string  `json:"machine"`
}

// frontierMachine is where the recorded rows were measured.
const frontierMachine = "2-core shared VM (AMD EPYC, 23 GB), 2 workers, Go 1.26, branch frontier-thue"

const (
	howExact = "exact AND/OR search over the word length (iterative deepening; table keyed by the canonical word " +
		"up to renaming and reversal), every optimal move checked; agrees with plain minimax (tests)"
	howBound = "exact AND/OR search to the bound: every builder move up to that length refuted by a painter reply " +
		"(a proof, not a heuristic); the value itself is open"
)

// frontierRows are the recorded results (see Frontier).
var frontierRows = []FrontierRow{
	exactRow(2, thue.Square, 3, 5, 0.0002),
	exactRow(3, thue.Square, 5, 19, 0.0003),
	exactRow(4, thue.Square, 7, 76, 0.0004),
	// Not forced by 22, with the solver of issue 21, its 8 GiB table full
	// (6.4 GiB of slots, replacing) from about length 21 on, at nice 19
	// beside other work; 9.6 GB peak resident. Not forced by 21 took
	// 2.33·10⁹ nodes and 885 s of CPU with the solver before (--mem 4 GiB),
	// and 5.0·10⁹ nodes, 3,271 s with the one before that.
	onMain(boundRow(5, thue.Square, 22, 8<<30, 13_445_743_863, 2782.6, 4889.0)),
	exactRow(2, thue.Overlap, 5, 23, 0.0003),
	exactRow(3, thue.Overlap, 12, 22_647, 0.004),
	// Not forced by 24: 7 runs of the same command, each continuing from the
	// checkpoint the one before saved (stopped by Ctrl-C between sessions), at
	// nice 19 beside other work, the table at 12.8 GB of slots (6.4 GB in the
	// first runs); nodes, wall and CPU summed over the runs. Not forced by 23
	// took 19.7·10⁹ nodes, 8,283 s CPU (--mem 8 GiB); by 22, 3.78·10⁹, 1,582 s.
	checkpointed(onMain(boundRow(4, thue.Overlap, 24, 13_500_000_000, 95_187_056_966, 23195.4, 39137.4)), "ov4.table", 7),
}

// onMain marks a row measured with the solver on main, after the
// frontier-thue branch was merged.
func onMain(r FrontierRow) FrontierRow {
	r.Machine = "2-core shared VM (AMD EPYC, 23 GB), 2 workers at nice 19, Go 1.26, main"
	return r
}

// checkpointed marks a row proven in several runs of its command with
// --checkpoint file, each continuing where the one before stopped.
func checkpointed(r FrontierRow, file string, runs int) FrontierRow {
	r.Command += " --checkpoint " + file
	r.Machine += fmt.Sprintf(", %d runs continued from the checkpoint, times summed", runs)
	return r
}

func exactRow(k int, rule thue.Rule, value int, nodes int64, seconds float64) FrontierRow {
	return FrontierRow{
		What: fmt.Sprintf("Thue game value, %ss, %d symbols", rule, k), Alphabet: k, Rule: rule.String(),
		Value: value, Result: fmt.Sprint(value), How: howExact,
		Command: fmt.Sprintf("kombi solve 'thue(alphabet=%d,rule=%s,start=0)'", k, rule),
		Nodes:   nodes, Seconds: seconds, CPUSeconds: seconds, Machine: frontierMachine,
	}
}

func boundRow(k int, rule thue.Rule, maxLength int, mem, nodes int64, seconds, cpu float64) FrontierRow {
	return FrontierRow{
		What: fmt.Sprintf("Thue game value, %ss, %d symbols", rule, k), Alphabet: k, Rule: rule.String(),
		LowerBound: maxLength + 1, Result: fmt.Sprintf("≥ %d", maxLength+1),
		How:       fmt.Sprintf("%s: not forced by %d", howBound, maxLength),
		Command:   fmt.Sprintf("kombi solve 'thue(alphabet=%d,rule=%s,start=0)' --max-length %d --mem %d", k, rule, maxLength, mem),
		MaxLength: maxLength, MemBytes: mem, Nodes: nodes, Seconds: seconds, CPUSeconds: cpu, Machine: frontierMachine,
	}
}

// Frontier returns the values and bounds of the Thue game that Kombi has
// proven, squares with 2 to 5 symbols and overlaps with 2 to 4, each with
// the command that reproduces it and the machine time it took (for the
// frontier report). The rows are recorded results; Recheck proves one
// again.
func Frontier() []FrontierRow {
	return append([]FrontierRow(nil), frontierRows...)
}

// Recheck proves the row again as its command does, with the given
// workers (0: one per CPU), and returns it with this machine's nodes and
// wall-clock time (CPUSeconds zero: not measured here, Machine "this
// machine"), or an error when the solver finds something else or ctx ends
// first.
func (r FrontierRow) Recheck(ctx context.Context, workers int) (FrontierRow, error) {
	rule := thue.Square
	if r.Rule == thue.Overlap.String() {
		rule = thue.Overlap
	}
	start := time.Now()
	sv := NewSolver(r.Alphabet, rule, SolverOptions{Workers: workers, MemBytes: r.MemBytes})
	res, err := sv.Value(ctx, []byte{0}, -1, r.MaxLength)
	if err != nil {
		return r, fmt.Errorf("%s: %w", r.What, err)
	}
	switch {
	case r.Value > 0 && (!res.Exact || res.Value != r.Value):
		return r, fmt.Errorf("%s: recorded value %d, the solver now finds %+v", r.What, r.Value, res)
	case r.Value == 0 && (res.Exact || res.LowerBound != r.LowerBound):
		return r, fmt.Errorf("%s: recorded bound %d, the solver now finds %+v", r.What, r.LowerBound, res)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r.Nodes, r.Seconds, r.CPUSeconds = res.Nodes, time.Since(start).Seconds(), 0
	r.Machine = fmt.Sprintf("this machine, %d workers", workers)
	return r, nil
}

// FrontierRows returns the Thue rows of `kombi report frontier`.
func FrontierRows() []solve.FrontierRow {
	var out []solve.FrontierRow
	for _, r := range Frontier() {
		out = append(out, solve.FrontierRow{What: r.What, Value: r.Result, How: r.How, Command: r.Command,
			MachineTime: fmt.Sprintf("%s wall, %s CPU, %s nodes (%s)", game.Seconds(r.Seconds), game.Seconds(r.CPUSeconds), game.Grouped(r.Nodes), r.Machine), Seconds: r.CPUSeconds})
	}
	return out
}
