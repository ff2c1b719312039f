package wythoff

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// BenchOptions configure Bench, the reproduction of the thesis' Table 4
// (`kombi bench wythoff`).
type BenchOptions struct {
	// A is the parameter a (the thesis measured a = 2).
	A int64
	// MaxN is the largest n; n runs 10, 20, 40, ... up to it.
	MaxN uint64
	// Repeat is the number of runs per measurement; the best time counts.
	Repeat int
	// Methods names the methods to time, separated by commas.
	Methods string
	// NoBaseline skips the thesis' C++ code, which Bench otherwise compiles
	// and runs (Code 2 with a checksum, Code 1 up to RecursiveMax, Code 3
	// up to ArithmeticMax, Code 2 with vectors when Store).
	NoBaseline   bool
	Store        bool
	RecursiveMax uint64
	// ArithmeticMax bounds the n of the thesis' Code 3, which keeps the p-
	// and q-system representations of 1..n in two maps: about 310 bytes
	// per n (410 MB at n = 1 310 720).
	ArithmeticMax uint64
	// Log hears remarks for people (a missing g++).
	Log io.Writer
	// Progress, when not nil, hears after each n.
	Progress func(solve.Progress)
}

// BenchRow is one n of the benchmark: milliseconds by method, the thesis'
// milliseconds, the C++ baseline's, and the table's checksum.
type BenchRow struct {
	N          uint64             `json:"n"`
	Ms         map[string]float64 `json:"ms"`
	ThesisMs   map[string]float64 `json:"thesis_ms"`
	BaselineMs map[string]float64 `json:"baseline_ms"`
	Checksum   uint64             `json:"checksum"`
	// BaselineExact reports whether the C++ double-precision Code 2 gave
	// the exact checksum.
	BaselineExact *bool `json:"baseline_exact,omitempty"`
	// ArithmeticExact reports whether the A_n read off the C++ Code 3's
	// representations gave the exact checksum (where Code 3 ran).
	ArithmeticExact *bool `json:"baseline_arithmetic_exact,omitempty"`
}

// BenchResult is the benchmark; its JSON form is `kombi bench wythoff --json`.
type BenchResult struct {
	A        uint64     `json:"a"`
	Repeat   int        `json:"repeat"`
	Rows     []BenchRow `json:"rows"`
	Baseline string     `json:"baseline,omitempty"`
	methods  []Method
	store    bool
}

// baseline is the thesis' C++ code compiled here.
type baseline struct {
	path    string
	version string
}

// buildBaseline compiles the thesis' C++ code with g++ -O2 in dir; it
// returns nil (and says so on log) when g++ is absent.
func buildBaseline(dir string, log io.Writer) (*baseline, error) {
	gxx, err := exec.LookPath("g++")
	if err != nil {
		if log != nil {
			fmt.Fprintln(log, "g++ was not found: the C++ baseline (the thesis' Code 1 and 2) is skipped; install g++ to compare.")
		}
		return nil, nil
	}
	src := filepath.Join(dir, "baseline.cpp")
	if err := os.WriteFile(src, []byte(BaselineCPP), 0o644); err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	bin := filepath.Join(dir, "baseline")
	if out, err := exec.Command(gxx, "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("baseline: g++ -O2 failed: %v\n%s", err, out)
	}
	ver, _ := exec.Command(gxx, "--version").Output()
	v, _, _ := strings.Cut(string(ver), "\n")
	return &baseline{path: bin, version: v}, nil
}

// run runs the baseline and returns its build time and checksum.
func (b *baseline) run(ctx context.Context, method string, a, n uint64, mode string) (ms float64, sum uint64, err error) {
	out, err := exec.CommandContext(ctx, b.path, method, fmt.Sprint(a), fmt.Sprint(n), mode).Output()
	if err != nil {
		if ctx.Err() != nil {
			return 0, 0, ctx.Err()
		}
		return 0, 0, fmt.Errorf("baseline %s %d %s: %w", method, n, mode, err)
	}
	for _, f := range strings.Fields(string(out)) {
		k, v, _ := strings.Cut(f, "=")
		switch k {
		case "ms":
			ms, err = strconv.ParseFloat(v, 64)
		case "checksum":
			sum, err = strconv.ParseUint(v, 10, 64)
		}
		if err != nil {
			return 0, 0, fmt.Errorf("baseline output %q: %w", out, err)
		}
	}
	return ms, sum, nil
}

// Bench times the exact table A_0..A_n (checksummed, constant memory) by
// each method for n = 10, 20, 40, ... up to MaxN, beside the thesis' Table
// 4 and, unless NoBaseline, the thesis' C++ code compiled here with g++ -O2 (in
// a temporary directory; skipped with a remark on Log when g++ is absent).
// Bad options are study.SettingErrors. When ctx ends it returns the rows measured
// with ctx's error.
func Bench(ctx context.Context, opt BenchOptions) (*BenchResult, error) {
	sys, err := NewSystem(opt.A)
	if err != nil {
		return nil, study.Settingf("{parameter a}: %v", err)
	}
	if opt.Repeat < 1 {
		return nil, study.Settingf("{runs per measurement}: want at least 1")
	}
	res := &BenchResult{A: sys.A(), Repeat: opt.Repeat, Rows: []BenchRow{}, store: opt.Store}
	for _, name := range strings.Split(opt.Methods, ",") {
		m, err := ParseMethod(strings.TrimSpace(name))
		if err != nil {
			return nil, study.Settingf("{methods}: %v", err)
		}
		res.methods = append(res.methods, m)
	}
	var base *baseline
	if !opt.NoBaseline {
		dir, err := os.MkdirTemp("", "kombi-bench-wythoff-")
		if err != nil {
			return nil, fmt.Errorf("bench wythoff: %w", err)
		}
		defer os.RemoveAll(dir)
		if base, err = buildBaseline(dir, opt.Log); err != nil {
			return nil, fmt.Errorf("bench wythoff: %w", err)
		}
		if base != nil {
			res.Baseline = base.version + " -O2"
		}
	}
	thesis := map[uint64][3]float64{}
	for _, r := range ThesisTable4() {
		thesis[r.N] = r.Ms
	}
	best := func(f func() (float64, error)) (float64, error) {
		t := math.Inf(1)
		for range opt.Repeat {
			t1, err := f()
			if err != nil {
				return 0, err
			}
			t = min(t, t1)
		}
		return t, nil
	}
	start, steps := time.Now(), int64(0)
	for n := uint64(10); n <= opt.MaxN; n *= 2 {
		steps++
	}
	for n := uint64(10); n <= opt.MaxN; n *= 2 {
		row := BenchRow{N: n, Ms: map[string]float64{}, ThesisMs: map[string]float64{}, BaselineMs: map[string]float64{}}
		var sums []uint64
		for _, m := range res.methods {
			var sum uint64
			t, err := best(func() (float64, error) {
				t0 := time.Now()
				var err error
				sum, err = sys.Checksum(ctx, Table{Method: m, Count: n + 1})
				return float64(time.Since(t0).Nanoseconds()) / 1e6, err
			})
			if err != nil {
				return res, fmt.Errorf("bench wythoff: %s n=%d: %w", m, n, err)
			}
			sums = append(sums, sum)
			row.Ms[m.String()] = t
			if r, ok := thesis[n]; ok && !math.IsNaN(r[m]) {
				row.ThesisMs[m.String()] = r[m]
			}
		}
		for _, s := range sums[1:] {
			if s != sums[0] {
				return res, fmt.Errorf("bench wythoff: n=%d: the methods' checksums differ %v (internal error)", n, sums)
			}
		}
		if len(sums) > 0 {
			row.Checksum = sums[0]
		}
		if base != nil {
			if err := base.measure(ctx, &row, sys.A(), n, opt, sums, best); err != nil {
				return res, fmt.Errorf("bench wythoff: %w", err)
			}
		}
		res.Rows = append(res.Rows, row)
		if opt.Progress != nil {
			opt.Progress(solve.Progress{Done: int64(len(res.Rows)), Total: steps, Message: fmt.Sprintf("n = %d", n), Elapsed: time.Since(start)})
		}
	}
	return res, nil
}

// measure runs the C++ baseline for one n. It reports its own build time
// (std::chrono, as the thesis), without the process start.
func (b *baseline) measure(ctx context.Context, row *BenchRow, a, n uint64, opt BenchOptions, sums []uint64, best func(func() (float64, error)) (float64, error)) error {
	var bsum uint64
	t, err := best(func() (float64, error) {
		t, s, err := b.run(ctx, "algebraic", a, n, "checksum")
		bsum = s
		return t, err
	})
	if err != nil {
		return err
	}
	exact := len(sums) == 0 || bsum == sums[0]
	row.BaselineMs["algebraic"], row.BaselineExact = t, &exact
	if opt.Store {
		if row.BaselineMs["algebraic_store"], _, err = b.run(ctx, "algebraic", a, n, "store"); err != nil {
			return err
		}
	}
	if n <= opt.RecursiveMax {
		if row.BaselineMs["recursive"], _, err = b.run(ctx, "recursive", a, n, "store"); err != nil {
			return err
		}
	}
	if n <= opt.ArithmeticMax {
		t, sum, err := b.run(ctx, "arithmetic", a, n, "store")
		if err != nil {
			return err
		}
		exact := len(sums) == 0 || sum == sums[0]
		row.BaselineMs["arithmetic"], row.ArithmeticExact = t, &exact
	}
	return nil
}

// Report is the benchmark as a table (milliseconds), with notes that say
// what each column measures.
func (r *BenchResult) Report() game.Table {
	if r == nil {
		return game.Table{}
	}
	fmtMs := func(x float64, ok bool) string {
		if !ok {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 6, 64)
	}
	rep := game.Table{Title: fmt.Sprintf("Time to build the P-table A_0..A_n, B_0..B_n for a = %d (milliseconds, best of %d)", r.A, r.Repeat),
		Columns: []string{"n"}}
	for _, m := range r.methods {
		rep.Columns = append(rep.Columns, m.String()+" ms", "thesis")
	}
	if r.Baseline != "" {
		rep.Columns = append(rep.Columns, "C++ Code 2 ms", "Code 2 exact")
		if r.store {
			rep.Columns = append(rep.Columns, "C++ Code 2 (vectors) ms")
		}
		rep.Columns = append(rep.Columns, "C++ Code 1 ms", "C++ Code 3 ms")
	}
	anyWrong, wrong3 := false, false
	for _, row := range r.Rows {
		cells := []string{fmt.Sprint(row.N)}
		for _, m := range r.methods {
			t, ok := row.Ms[m.String()]
			th, tok := row.ThesisMs[m.String()]
			cells = append(cells, fmtMs(t, ok), fmtMs(th, tok))
		}
		if r.Baseline != "" {
			t, ok := row.BaselineMs["algebraic"]
			exact := "yes"
			if row.BaselineExact != nil && !*row.BaselineExact {
				exact, anyWrong = "no (rounding)", true
			}
			cells = append(cells, fmtMs(t, ok), exact)
			if r.store {
				t, ok := row.BaselineMs["algebraic_store"]
				cells = append(cells, fmtMs(t, ok))
			}
			t, ok = row.BaselineMs["recursive"]
			cells = append(cells, fmtMs(t, ok))
			t, ok = row.BaselineMs["arithmetic"]
			if ok && row.ArithmeticExact != nil && !*row.ArithmeticExact {
				wrong3 = true
			}
			cells = append(cells, fmtMs(t, ok))
		}
		rep.Rows = append(rep.Rows, cells)
	}
	rep.Notes = []string{"Ours: exact, constant memory, checksummed. Thesis: i7-4510U, gcc 6.3, double precision for the algebraic method."}
	if r.Baseline != "" {
		rep.Notes = append(rep.Notes, "C++: the thesis' code compiled here with "+r.Baseline+"; Code 2 is the algebraic method ⌊nα⌋, ⌊nβ⌋ in double precision, Code 1 the quadratic mex, Code 3 the arithmetic method's p- and q-system representations of 1..n (its class's members, not printed in the thesis, declared as the listing uses them).",
			"Code 2 exact: whether the C++ Code 2 table A_0..A_n has the same checksum as the exact table. "+
				"'no (rounding)' means that for some index up to n the double-precision product nα was rounded across an integer, "+
				"so at least one A_n (and its B_n) in the thesis' table is off by one ('kombi report wythoff-table5' finds the first such index).")
		if anyWrong {
			rep.Notes = append(rep.Notes, "At least one row is 'no': from there on the thesis' floating-point tables are not exact; ours are.")
		}
		if wrong3 {
			rep.Notes = append(rep.Notes, "The A_n read off the C++ Code 3's representations (Property 3) differ from the exact table at some n: the listing as reconstructed here computes some representation wrongly.")
		}
		if len(r.Rows) > 0 {
			last := r.Rows[len(r.Rows)-1]
			if t, ok := last.Ms["algebraic"]; ok {
				rep.Notes = append(rep.Notes, fmt.Sprintf("At n = %d the exact algebraic table took %s ms; the C++ double-precision Code 2 took %s ms (ratio C++/ours %.2f).",
					last.N, fmtMs(t, true), fmtMs(last.BaselineMs["algebraic"], true), last.BaselineMs["algebraic"]/t))
			}
		}
	}
	return rep
}
