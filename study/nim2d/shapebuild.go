package nim2d

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// ShapeTableOptions are the settings of BuildShapeTable (`kombi table
// nim2d-shapes`).
type ShapeTableOptions struct {
	// N is the palette side: the table holds every component of its
	// triangles, and so of every smaller palette.
	N int
	// File is the shape file; empty: ShapeFileName(N) in DataDir.
	File string
	// MemMiB bounds the table's memory in MiB (0: what the palette needs,
	// AutoShapeMemMiB).
	MemMiB int64
	// Workers is the number of parallel workers (0: one per core).
	Workers int
	// For tests: stop as if interrupted after this many new shapes, and
	// bound the memory in bytes rather than MiB.
	stopAfter, memBytes int64
}

// AutoShapeMemMiB returns the memory bound of a table computation for the
// N×N palette when none is given: room for its shapes at half load, 8 bytes
// a slot (4 GiB for 9×9), at least 64 MiB.
func AutoShapeMemMiB(n int) int64 {
	count, _ := shapeCount(n)
	mib := int64(64)
	for mib<<20 < 16*count {
		mib *= 2
	}
	return mib
}

// Check validates the settings (a study.SettingError).
func (o *ShapeTableOptions) Check() error {
	switch {
	case o.N == 10:
		return study.Settingf("{palette side} 10: the table holds shapes of at most 8×8 cells (palettes up to 9×9); the 10×10 triangle's %s", estimate10)
	case o.N < 2 || o.N > MaxTableN:
		return study.Settingf("{palette side} %d: want 2 to %d", o.N, MaxTableN)
	case o.MemMiB < 0 || o.MemMiB > 1<<20:
		return study.Settingf("{memory bound} %d: want 0 (as needed: %d MiB for {palette side} %d) to %d MiB", o.MemMiB, AutoShapeMemMiB(o.N), o.N, 1<<20)
	case o.Workers < 0 || o.Workers > 256:
		return study.Settingf("{workers} %d: want 0 (one per core) to 256", o.Workers)
	}
	return nil
}

// estimate10 says what the 10×10 triangle would cost: the shape count's
// ratio from side to side (16.6, 31.5, 58.9, 110.5 from 5 to 9) grows
// about 1.88× a side, and a shape's time about 1.56× (2.4, 3.8, 5.9 µs of
// CPU from 7 to 9).
const estimate10 = "45 cells would give about 5.6·10^10 shapes (207 times the 9×9's), some 6 days of one core at 9 µs a shape, and 0.6 to 1.1 TB of table (a shape spanning 9×9 cells, as the 10×10 palette's do, needs more than 64 bits): beyond one machine's memory"

// shapeCount returns the number of shapes (4 cells or more, up to
// symmetry) of the N×N palette's triangle, the table's size, and whether
// it is measured rather than estimated (0: unknown).
func shapeCount(n int) (int64, bool) {
	switch n {
	case 4:
		return 8, true
	case 5:
		return 79, true
	case 6:
		return 1311, true
	case 7:
		return 41335, true
	case 8:
		return 2432598, true
	case 9:
		return 268698697, true
	}
	return 0, false
}

// ShapeTableResult is the outcome of BuildShapeTable.
type ShapeTableResult struct {
	N     int    `json:"n"`
	Cells int    `json:"cells"`
	File  string `json:"file"`
	// Complete: the table holds every shape and the file is sealed.
	Complete bool `json:"complete"`
	// Grundy is the triangle's Grundy value, when complete.
	Grundy *int `json:"grundy"`
	// Shapes is the number of shapes stored; Resumed of those read back
	// from the file; Computed of those computed in this run; Duplicates of
	// those that two workers computed at once.
	Shapes     int64 `json:"shapes"`
	Resumed    int64 `json:"resumed"`
	Computed   int64 `json:"computed"`
	Duplicates int64 `json:"duplicates"`
	// DroppedBytes is the torn tail of the file cut off (from a crash).
	DroppedBytes int64 `json:"dropped_bytes"`
	// Seconds is this run's time; TotalSeconds and CoreSeconds the wall
	// and core time of all runs on the file (core: wall × workers, more
	// than the CPU time where the workers shared their cores).
	Seconds      float64 `json:"seconds"`
	TotalSeconds float64 `json:"total_seconds"`
	CoreSeconds  float64 `json:"core_seconds"`
	Workers      int     `json:"workers"`
	MemoryBytes  int64   `json:"memory_bytes"`
	Note         string  `json:"note,omitempty"`
}

// Tables lays the result out for people.
func (r *ShapeTableResult) Tables() []game.Table {
	g := "not yet computed"
	if r.Grundy != nil {
		g = strconv.Itoa(*r.Grundy)
	}
	t := game.Table{Title: fmt.Sprintf("2D Nim: the shapes of the %d×%d palette's triangle (%d cells)", r.N, r.N, r.Cells),
		Columns: []string{"what", "value"},
		Rows: [][]string{{"file", r.File}, {"complete", strconv.FormatBool(r.Complete)}, {"triangle Grundy value", g},
			{"shapes stored", strconv.FormatInt(r.Shapes, 10)}, {"read back from the file", strconv.FormatInt(r.Resumed, 10)},
			{"computed in this run", strconv.FormatInt(r.Computed, 10)}, {"computed twice (parallel workers)", strconv.FormatInt(r.Duplicates, 10)},
			{"torn tail dropped (bytes)", strconv.FormatInt(r.DroppedBytes, 10)}, {"workers", strconv.Itoa(r.Workers)},
			{"this run (s)", fmt.Sprintf("%.1f", r.Seconds)}, {"all runs, wall (s)", fmt.Sprintf("%.1f", r.TotalSeconds)},
			{"all runs, core (s)", fmt.Sprintf("%.1f", r.CoreSeconds)}, {"table memory (MiB)", strconv.FormatInt(r.MemoryBytes>>20, 10)}}}
	if r.Note != "" {
		t.Notes = []string{r.Note}
	}
	return []game.Table{t}
}

// BuildShapeTable computes the Grundy value of every component shape of
// the N×N palette's triangles — every connected set of cells of the upper
// triangle, up to rotation and reflection, of 4 cells or more — in
// parallel, appending each value to the shape file as it is found. An
// interrupted run (the context, a crash, the memory bound) keeps what it
// saved: a later run reads the file back and continues. When every shape
// is known the file is sealed for reading (OpenShapeBook); a run on a
// sealed file only reports it.
//
// The computation is a depth-first search from the triangle: a shape's
// value is the mex of its options' values, an option's value the XOR of
// its components' values; each worker visits the missing options in its
// own order, so that the workers mostly compute different shapes.
func BuildShapeTable(ctx context.Context, o ShapeTableOptions, progress func(solve.Progress)) (*ShapeTableResult, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	start := time.Now()
	path := o.File
	if path == "" {
		dir, err := DataDir()
		if err != nil {
			return nil, err
		}
		path = filepath.Join(dir, ShapeFileName(o.N))
	}
	workers := o.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	root := bitTriangle(o.N)
	res := &ShapeTableResult{N: o.N, Cells: bits.OnesCount64(root), File: path, Workers: workers}
	expect, exact := shapeCount(o.N)
	mem := o.MemMiB << 20
	if mem == 0 {
		mem = AutoShapeMemMiB(o.N) << 20
	}
	if o.memBytes > 0 {
		mem = o.memBytes
	}
	t := newShapeTable(mem, expect)
	t.mu.RLock()
	log, st, err := openShapeLog(path, o.N, func(entries []uint64) error {
		for _, e := range entries {
			if _, err := t.put(e&codeMask, int(e>>codeBits)-1); err != nil {
				return err
			}
			t.pause()
		}
		return nil
	})
	t.mu.RUnlock()
	if err != nil {
		return nil, err
	}
	if st.sealed != nil {
		h := st.sealed
		res.Complete, res.Grundy, res.Shapes = true, &h.triangle, h.count
		res.TotalSeconds, res.CoreSeconds = time.Duration(h.wall).Seconds(), time.Duration(h.core).Seconds()
		res.Note = "the table was already complete"
		return res, nil
	}
	log.workers, log.start = workers, start
	res.Resumed, res.DroppedBytes = st.loaded, st.dropped
	b := &builder{ctx: ctx, t: t, log: log, root: bitCanonical(root), started: start, stopAfter: o.stopAfter}
	b.total, b.exact = expect, exact

	var runErr error
	if res.Cells <= 3 {
		v := res.Cells
		res.Grundy = &v
	} else {
		runErr = b.run(workers, progress)
	}
	res.Computed, res.Duplicates = b.computed.Load(), b.dups.Load()
	res.Shapes, res.MemoryBytes = t.len(), t.bytes()
	wall, core := log.spent()
	if err := log.close(); err != nil && runErr == nil {
		runErr = err
	}
	res.Seconds = time.Duration(wall - log.wall).Seconds()
	res.TotalSeconds, res.CoreSeconds = time.Duration(wall).Seconds(), time.Duration(core).Seconds()
	if runErr != nil {
		res.Note = fmt.Sprintf("stopped: %d shapes saved in %s; run the same command again to continue", res.Shapes, path)
		if errors.Is(runErr, ErrShapeMemory) {
			res.Note += " with a larger memory bound"
		}
		if solve.Stopped(runErr) {
			return res, fmt.Errorf("nim2d shape table: %w", runErr)
		}
		return res, fmt.Errorf("nim2d shape table: %w (%s)", runErr, res.Note)
	}
	if res.Grundy == nil {
		t.mu.RLock()
		v, ok := t.get(b.root)
		t.mu.RUnlock()
		if !ok {
			return res, errors.New("nim2d shape table: the search ended without the triangle's value")
		}
		res.Grundy = &v
	}
	if exact && res.Shapes != expect {
		// The table is complete only with every shape: a log that lost
		// shapes others rest on (one written before the journal kept the
		// order) is not sealed short of them.
		return res, fmt.Errorf("nim2d shape table: the search ended with %d shapes of the %d the %d×%d palette has; the log %s lacks shapes that others in it were computed from: delete it and run the command again", res.Shapes, expect, o.N, o.N, path)
	}
	err = sealShapeFile(path, fileHeader{n: o.N, wall: wall, core: core, triangle: *res.Grundy}, t.sorted())
	t.free()
	if err != nil {
		return res, fmt.Errorf("nim2d shape table: %w", err)
	}
	res.Complete = true
	return res, nil
}

// builder is one run of the table computation.
type builder struct {
	ctx       context.Context
	t         *shapeTable
	log       *shapeLog
	j         *journal // the order in which the log receives the shapes
	root      uint64
	started   time.Time
	total     int64 // expected shapes (0: unknown)
	exact     bool  // total is measured, not estimated
	stopAfter int64
	computed  atomic.Int64
	dups      atomic.Int64
	done      atomic.Bool // the root's value is known: everything is
	stop      atomic.Bool
	errOnce   sync.Once
	err       error
}

// errRootDone ends a worker's search once another worker has the root.
var errRootDone = errors.New("done")

func (b *builder) fail(err error) {
	b.errOnce.Do(func() { b.err = err })
	b.stop.Store(true)
}

// run searches from the root with the workers until the root's value is
// known or something stops them, reporting progress every second.
func (b *builder) run(workers int, progress func(solve.Progress)) error {
	b.t.mu.RLock()
	_, known := b.t.get(b.root)
	b.t.mu.RUnlock()
	if known {
		return nil
	}
	report := func() {
		if progress == nil {
			return
		}
		n := b.t.len()
		el := time.Since(b.started)
		rate := float64(b.computed.Load()) / max(el.Seconds(), 1e-3)
		p := solve.Progress{Done: n, Total: max(b.total, n), Nodes: b.computed.Load(), Elapsed: el,
			Message: fmt.Sprintf("%d shapes stored, %.0f/s", n, rate)}
		if !b.exact {
			p.Total = 0
			if b.total > 0 {
				p.Message += fmt.Sprintf(", %.0f%% of about %.3g", 100*float64(n)/float64(b.total), float64(b.total))
			}
		}
		progress(p)
	}
	b.j = newJournal(b.log)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{b: b, rng: uint64(i)*0x9e3779b97f4a7c15 + 1}
			b.t.mu.RLock()
			_, err := w.grundy(0, b.root)
			b.t.mu.RUnlock()
			if err == nil {
				b.done.Store(true)
			} else if !errors.Is(err, errRootDone) {
				b.fail(err)
			}
		}()
	}
	finished := make(chan struct{})
	go func() {
		wg.Wait()
		if err := b.j.close(); err != nil {
			b.fail(err)
		}
		close(finished)
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			report()
			return b.err
		case <-tick.C:
			report()
		}
	}
}

// worker is one goroutine of the search, with its own stack of frames.
type worker struct {
	b      *builder
	rng    uint64
	calls  int64
	frames [64]frame
}

// frame holds one shape's options while its value is computed: for each
// option the XOR of its small components (3 cells or fewer, worth their
// number of cells) and the codes of its larger ones.
type frame struct {
	small   []uint8
	ends    []int32
	codes   []uint64
	vals    []int16
	missing []uint64
}

// next draws from the worker's random sequence (splitmix64).
func (w *worker) next() uint64 {
	w.rng += 0x9e3779b97f4a7c15
	z := w.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// grundy computes the value of the shape whose code is s (a code is the
// shape), stores it and returns it. The caller holds the table's lock for
// reading.
func (w *worker) grundy(depth int, s uint64) (int, error) {
	b := w.b
	w.calls++
	if b.stop.Load() {
		return 0, errRootDone
	}
	if b.done.Load() {
		return 0, errRootDone
	}
	if w.calls&1023 == 0 {
		if err := b.ctx.Err(); err != nil {
			return 0, err
		}
	}
	b.t.pause()
	f := &w.frames[depth]
	f.missing = f.missing[:0]
	f.small, f.ends, f.codes = optionsOf(s, f.small[:0], f.ends[:0], f.codes[:0])
	f.vals = slices.Grow(f.vals[:0], len(f.codes))[:len(f.codes)]
	// Every option's slot asked for at once: the gets' misses overlap.
	b.t.prefetch(f.codes)
	for i, c := range f.codes {
		if v, ok := b.t.get(c); ok {
			f.vals[i] = int16(v)
		} else {
			f.vals[i] = -1
			f.missing = append(f.missing, c)
		}
	}
	if len(f.missing) > 0 {
		slices.Sort(f.missing)
		f.missing = slices.Compact(f.missing)
		off := int(w.next() % uint64(len(f.missing)))
		for k := range f.missing {
			c := f.missing[(k+off)%len(f.missing)]
			if _, ok := b.t.get(c); ok {
				continue
			}
			if _, err := w.grundy(depth+1, c); err != nil {
				return 0, err
			}
		}
		for i, c := range f.codes {
			if f.vals[i] < 0 {
				v, ok := b.t.get(c)
				if !ok {
					return 0, fmt.Errorf("shape %#x: value lost", c)
				}
				f.vals[i] = int16(v)
			}
		}
	}
	var seen [4]uint64
	from := int32(0)
	for k, end := range f.ends {
		x := int(f.small[k])
		for _, v := range f.vals[from:end] {
			x ^= int(v)
		}
		from = end
		seen[x>>6&3] |= 1 << (x & 63)
	}
	g := 0
	for seen[g>>6]>>(g&63)&1 == 1 {
		g++
	}
	// The journal's place is taken before the shape is in the table, where
	// other workers may use it: the shapes computed from it get later places.
	place, err := b.j.take()
	if err != nil {
		return 0, err
	}
	added, err := b.t.put(s, g)
	if added {
		b.j.fill(place, s|uint64(g+1)<<codeBits)
		if n := b.computed.Add(1); n == b.stopAfter {
			// A test's stop holds every worker at once: had the others
			// waited for this error to reach the top, one could have finished
			// the table on a loaded machine (the stopped run then had nothing
			// left to resume).
			b.fail(context.Canceled)
			err = cmp.Or(err, context.Canceled)
		}
	} else {
		b.j.fill(place, skipped)
		b.dups.Add(1)
	}
	if err != nil {
		return 0, err
	}
	if s == b.root {
		b.done.Store(true)
	}
	return g, nil
}

// optionsOf appends the options of the shape s (bit code) for its Grundy
// value: for each move, the XOR of the values of its components of three
// cells or fewer (a path of k ≤ 3 cells is worth k) to small, the canonical
// codes of its larger components to codes, and where that option's codes
// end to ends.
func optionsOf(s uint64, small []uint8, ends []int32, codes []uint64) ([]uint8, []int32, []uint64) {
	bitMoves(s, func(m uint64) {
		c := s &^ m
		x := uint8(0)
		if bitStaysWhole(m, c) {
			if k := bits.OnesCount64(c); k <= 3 {
				x = uint8(k)
			} else {
				codes = append(codes, bitCanonical(c))
			}
			c = 0
		}
		for c != 0 {
			comp := bitFill(c&-c, c)
			c &^= comp
			if k := bits.OnesCount64(comp); k <= 3 {
				x ^= uint8(k)
			} else {
				codes = append(codes, bitCanonical(comp))
			}
		}
		small = append(small, x)
		ends = append(ends, int32(len(codes)))
	})
	return small, ends, codes
}
