package nim2d

import (
	"sync/atomic"
	"time"
)

// journal hands the shapes the workers compute to the log in the order the
// table received them. A worker takes the next place in the journal's ring
// before it adds a shape to the table, and fills the place after; one
// writer empties the ring in the order of its places into chunks of the
// log. A shape is added only once its options' values are in the table, so
// its place comes after theirs, and every beginning of the log — what a
// crash or a damaged chunk leaves of it — holds with each shape the shapes
// its value was computed from. (When each worker wrote its own chunks, a
// crash could lose a worker's last shapes while another worker's chunk
// kept a shape computed from them: the resumed search, finding that shape,
// never asked for them again, and the table ended without them.)
type journal struct {
	log      *shapeLog
	ring     []uint64
	reserved atomic.Int64 // places taken
	written  atomic.Int64 // places emptied by the writer
	failed   atomic.Bool  // the writer stopped on an error: err
	err      error
	last     chan struct{} // closed once no worker takes a place any more
	finished chan struct{} // closed when the writer has ended
}

// journalRing is the number of places in the ring (8 MiB): a worker that
// gets this far ahead of the writer waits.
const journalRing = 1 << 20

// journalChunk is how many entries the writer gathers before it writes a
// chunk; it writes what it has at least every journalEvery.
const (
	journalChunk = 1 << 16
	journalEvery = time.Second
)

// skipped fills a place whose shape was not added (another worker had
// added it, or the table refused it). No entry is skipped: an entry's
// value bits hold value+1 ≥ 1.
const skipped = 1

// newJournal starts the writer of a journal into log.
func newJournal(log *shapeLog) *journal {
	j := &journal{log: log, ring: make([]uint64, journalRing), last: make(chan struct{}), finished: make(chan struct{})}
	go j.write()
	return j
}

// take returns the next place, once the ring has room for it, or the
// writer's error.
func (j *journal) take() (int64, error) {
	i := j.reserved.Add(1) - 1
	for {
		if j.failed.Load() {
			return 0, j.err
		}
		if i-j.written.Load() < journalRing {
			return i, nil
		}
		time.Sleep(50 * time.Microsecond)
	}
}

// fill puts the entry e (or skipped) in place i.
func (j *journal) fill(i int64, e uint64) {
	atomic.StoreUint64(&j.ring[i&(journalRing-1)], e)
}

// close waits until the writer has written every place taken; the workers
// must have filled every place they took. It returns the writer's error.
func (j *journal) close() error {
	close(j.last)
	<-j.finished
	return j.err
}

// write empties the ring in order into the log until close.
func (j *journal) write() {
	defer close(j.finished)
	var buf []uint64
	pos := int64(0)
	since := time.Now()
	ending := false
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		end := j.reserved.Load()
		for pos < end {
			slot := &j.ring[pos&(journalRing-1)]
			e := atomic.LoadUint64(slot)
			if e == 0 {
				break // taken, not yet filled
			}
			atomic.StoreUint64(slot, 0)
			if e != skipped {
				buf = append(buf, e)
			}
			pos++
		}
		j.written.Store(pos)
		if len(buf) >= journalChunk || len(buf) > 0 && (ending || time.Since(since) >= journalEvery) {
			if err := j.log.append(buf); err != nil {
				j.err = err
				j.failed.Store(true)
				return
			}
			buf, since = buf[:0], time.Now()
		}
		if ending && pos == j.reserved.Load() {
			return
		}
		// Wait for more, also when a place is taken and not yet filled (its
		// worker is adding the shape to the table): the ring holds about half
		// a second of shapes, so the writer need not spin on the cores the
		// workers use.
		select {
		case <-j.last:
			ending = true
		case <-tick.C:
		}
	}
}
