package nim2d

import (
	"fmt"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/solve"
)

// TriangleRecord is the Grundy value of the triangle of the N×N palette (its
// cells above the diagonal) as this program computed it with `kombi table
// nim2d-shapes --n N`: every component shape of the triangle solved, the
// table sealed. The empty palette's value is N mod 2 whatever the triangles
// are worth (they are equal and cancel), but a position after a first move
// off the diagonal needs them.
type TriangleRecord struct {
	N      int   `json:"n"`
	Cells  int   `json:"cells"`
	Grundy int   `json:"grundy"`
	Shapes int64 `json:"shapes"`
	// CoreSeconds is the CPU time of the computation (user time) and
	// Seconds its wall time, on Machine; 0 when too small to matter.
	CoreSeconds float64 `json:"core_seconds"`
	Seconds     float64 `json:"seconds"`
	Machine     string  `json:"machine"`
	// Checked says how the value was checked besides the computation.
	Checked string `json:"checked"`
}

// measuredOn is the machine of the records.
const measuredOn = "2-core AMD EPYC VM shared with other jobs, nice 10"

// TriangleRecords lists the triangles computed, smallest first.
func TriangleRecords() []TriangleRecord {
	const engine = "the same value by the engine of grundy.go (TestShapeTableSmall)"
	return []TriangleRecord{
		{N: 2, Cells: 1, Grundy: 1, Machine: measuredOn, Checked: engine},
		{N: 3, Cells: 3, Grundy: 3, Machine: measuredOn, Checked: engine},
		{N: 4, Cells: 6, Grundy: 0, Shapes: 8, Machine: measuredOn, Checked: engine + "; the shape count by brute force"},
		{N: 5, Cells: 10, Grundy: 4, Shapes: 79, Machine: measuredOn, Checked: engine + "; the shape count by brute force"},
		{N: 6, Cells: 15, Grundy: 13, Shapes: 1311, CoreSeconds: 0.01, Seconds: 0.01, Machine: measuredOn, Checked: engine + "; the shape count by brute force"},
		{N: 7, Cells: 21, Grundy: 1, Shapes: 41335, CoreSeconds: 0.1, Seconds: 0.4, Machine: measuredOn, Checked: engine},
		{N: 8, Cells: 28, Grundy: 4, Shapes: 2432598, CoreSeconds: 9.2, Seconds: 9.2, Machine: measuredOn,
			Checked: "the same value and shape count by the engine of grundy.go (`kombi bench nim2d --up-to 8`, 29 s of CPU); 3000 sampled values equal to the mex of their options (TestShapeBookConsistency)"},
		{N: 9, Cells: 36, Grundy: 12, Shapes: 268698697, CoreSeconds: 1614, Seconds: 1537, Machine: measuredOn,
			Checked: "the triangle and 3000 sampled values equal to the mex of their options in the table, 712 of them (20 cells or fewer) also by the engine of grundy.go (TestShapeBookConsistency); the whole table computed again by two kombi workers in 10,593 shards (kombi solve 'nim2d(n=9)' --distribute: 2,920 s of CPU, 1,583 s wall), the same file byte for byte"},
	}
}

// FrontierRow is one proven value (or a cost not paid) for `kombi report
// frontier`.
type FrontierRow = solve.FrontierRow

// FrontierRows returns the 2D Nim rows of the frontier report: the Grundy
// value of each triangle computed, and what the next one would cost.
func FrontierRows() []FrontierRow {
	var out []FrontierRow
	for _, r := range TriangleRecords() {
		how := "Sprague–Grundy values of every connected sub-shape of the triangle"
		if r.Shapes > 0 {
			how = fmt.Sprintf("Sprague–Grundy values of all %d connected sub-shapes of 4 cells or more (up to symmetry)", r.Shapes)
		}
		mt := "under 0.01 s"
		if r.CoreSeconds > 0 {
			mt = fmt.Sprintf("%s of CPU, %s wall (%s)", game.Seconds(r.CoreSeconds), game.Seconds(r.Seconds), r.Machine)
		}
		out = append(out, FrontierRow{
			What:        fmt.Sprintf("2D Nim: Grundy value of the %d×%d palette's triangle (%s)", r.N, r.N, game.Plural(r.Cells, "cell")),
			Value:       fmt.Sprint(r.Grundy),
			How:         how + "; checked: " + r.Checked,
			Command:     fmt.Sprintf("kombi table nim2d-shapes --n %d", r.N),
			MachineTime: mt,
			Seconds:     r.CoreSeconds,
		})
	}
	last := TriangleRecords()[len(TriangleRecords())-1].N
	for n := last + 1; n <= nim2d.MaxN; n++ {
		out = append(out, FrontierRow{
			What:        fmt.Sprintf("2D Nim: Grundy value of the %d×%d palette's triangle (%d cells)", n, n, n*(n-1)/2),
			Value:       "not computed",
			How:         "not computed: the command stops at 9×9, whose shapes fit 64-bit codes",
			Command:     fmt.Sprintf("kombi table nim2d-shapes --n %d", n),
			MachineTime: "estimated: " + costEstimate(n),
		})
	}
	return out
}

// costEstimate says what the triangle of an N×N palette not computed yet
// would cost.
func costEstimate(n int) string {
	if n == 10 {
		return estimate10
	}
	return "not estimated"
}
