package web

import (
	"context"
	"errors"
	"sync"
)

// maxBatch bounds the writes committed together.
const maxBatch = 256

// writer is the one way the server's changes reach the store: a bounded
// number of goroutines (one for SQLite: one connection writes) take the
// writes waiting and commit them together in one transaction — group
// commit: the more writes arrive at once, the more share one commit, so
// throughput rises with load instead of writers queueing on the
// database's lock. A batch that fails is retried write by write, so that
// one bad write fails alone.
type writer struct {
	st     Store
	reqs   chan *writeReq
	wg     sync.WaitGroup
	mu     sync.RWMutex // close waits for the sends in progress
	closed bool
}

// errStopping is a write after the server began to stop.
var errStopping = errors.New("the server is stopping")

// writeReq is one write waiting for its commit.
type writeReq struct {
	ctx  context.Context
	w    Write
	done chan error
}

// newWriter starts n writers on st; stop them with close.
func newWriter(st Store, n int) *writer {
	wr := &writer{st: st, reqs: make(chan *writeReq, maxBatch)}
	for range max(n, 1) {
		wr.wg.Add(1)
		go wr.run()
	}
	return wr
}

// write stores w and returns once it is committed (w.Best set), or with
// the store's error, or ctx's.
func (wr *writer) write(ctx context.Context, w *Write) error {
	req := &writeReq{ctx: ctx, w: *w, done: make(chan error, 1)}
	wr.mu.RLock()
	if wr.closed {
		wr.mu.RUnlock()
		return errStopping
	}
	select {
	case wr.reqs <- req:
	case <-ctx.Done():
		wr.mu.RUnlock()
		return ctx.Err()
	}
	wr.mu.RUnlock()
	select {
	case err := <-req.done:
		if err == nil {
			*w = req.w
		}
		return err
	case <-ctx.Done():
		return ctx.Err() // the write may still be committed: the next one of the match supersedes it
	}
}

// run commits batches until the writer is closed.
func (wr *writer) run() {
	defer wr.wg.Done()
	for first := range wr.reqs {
		batch := []*writeReq{first}
	gather:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-wr.reqs:
				if !ok {
					break gather
				}
				batch = append(batch, r)
			default:
				break gather
			}
		}
		wr.commit(batch)
	}
}

// commit writes a batch in one transaction, or write by write when the
// batch fails.
func (wr *writer) commit(batch []*writeReq) {
	ws := make([]Write, len(batch))
	for i, r := range batch {
		ws[i] = r.w
	}
	ctx := batch[0].ctx
	err := wr.st.Write(ctx, ws)
	if err == nil {
		for i, r := range batch {
			r.w = ws[i]
			r.done <- nil
		}
		return
	}
	if len(batch) == 1 {
		batch[0].done <- err
		return
	}
	for _, r := range batch {
		one := []Write{r.w}
		err := wr.st.Write(r.ctx, one)
		r.w = one[0]
		r.done <- err
	}
}

// close stops the writers once the writes given before are committed.
func (wr *writer) close() {
	wr.mu.Lock()
	if !wr.closed {
		wr.closed = true
		close(wr.reqs)
	}
	wr.mu.Unlock()
	wr.wg.Wait()
}
