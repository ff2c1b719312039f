package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// watcher is one client of a match's event stream. Frames are encoded
// once per event and shared by every watcher; a watcher keeps only the
// latest state (and the latest thinking after it), so one that cannot keep
// up skips states it would have overwritten anyway and is never waited
// for; one whose writes stall is dropped at its write deadline.
type watcher struct {
	mu       sync.Mutex
	state    []byte // the latest state not yet sent
	thinking []byte // the latest thinking not yet sent (after state)
	notify   chan struct{}
	once     sync.Once
	gone     chan struct{}
}

func newWatcher() *watcher {
	return &watcher{notify: make(chan struct{}, 1), gone: make(chan struct{})}
}

// drop ends the watcher's stream.
func (w *watcher) drop() { w.once.Do(func() { close(w.gone) }) }

// offer keeps a frame to send: a state replaces the state and thinking
// waiting, a thinking replaces the thinking.
func (w *watcher) offer(name string, f []byte) {
	w.mu.Lock()
	if name == "state" {
		w.state, w.thinking = f, nil
	} else {
		w.thinking = f
	}
	w.mu.Unlock()
	select {
	case w.notify <- struct{}{}:
	default:
	}
}

// take returns the frames waiting, in order, and clears them.
func (w *watcher) take() [][]byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out [][]byte
	for _, f := range [][]byte{w.state, w.thinking} {
		if f != nil {
			out = append(out, f)
		}
	}
	w.state, w.thinking = nil, nil
	return out
}

// frame encodes one Server-Sent Event.
func frame(name string, data any) ([]byte, error) {
	b, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("event %s: %w", name, err)
	}
	return fmt.Appendf(nil, "event: %s\ndata: %s\n\n", name, b), nil
}

// publish sends an event to every watcher, encoded once. The caller holds
// m.mu.
func (m *liveMatch) publish(name string, data any) {
	if len(m.watchers) == 0 {
		return
	}
	f, err := frame(name, data)
	if err != nil {
		return
	}
	for w := range m.watchers {
		w.offer(name, f)
	}
}

// current is the match as clients see it now: its latest stored state,
// with the search in progress. The caller holds m.mu.
func (m *liveMatch) current() *matchView {
	v := *m.shown
	v.Thinking = nil
	if m.thinking != nil && m.shownRev == m.rev {
		t := *m.thinking
		t.Elapsed = time.Since(t.Since).Seconds()
		v.Thinking = &t
	}
	return &v
}

// getEvents streams Server-Sent Events: "state" (the match, at once and
// after every change) and "thinking" (a computer's search in progress). A
// HEAD request gets the stream's headers and ends.
func (s *Server) getEvents(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	if r.Method == http.MethodHead { // the stream's headers, and no stream: a HEAD answer ends there
		h := w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
		return
	}
	rc := http.NewResponseController(w)
	wt := newWatcher()
	m.mu.Lock()
	first, err := frame("state", m.current())
	if err == nil && !m.gone {
		m.watchers[wt] = struct{}{}
	}
	m.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "the match does not encode")
		return
	}
	defer func() {
		m.mu.Lock()
		delete(m.watchers, wt)
		m.mu.Unlock()
	}()
	_ = rc.SetReadDeadline(time.Time{}) // the stream outlives the server's timeouts; each event has its own
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send(first) {
		return
	}
	keep := time.NewTicker(20 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		case <-wt.gone:
			return
		case <-wt.notify:
			for _, f := range wt.take() {
				if !send(f) {
					return
				}
			}
		case <-keep.C:
			if !send([]byte(": keep-alive\n\n")) {
				return
			}
		}
	}
}
