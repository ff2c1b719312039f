package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/kombi/kombi/game"
)

// drive starts the computer player of m if a computer is to move.
func (s *Server) drive(m *liveMatch) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s.wake(m)
}

// wake starts a search when a computer seat is to move and none runs. The
// caller holds m.mu.
func (s *Server) wake(m *liveMatch) {
	if m.thinking != nil || m.finished() || s.ctx.Err() != nil {
		return
	}
	p := m.state.Player()
	if p != 0 && p != 1 || m.bots[p] == nil {
		return
	}
	if m.paused && m.steps == 0 {
		return
	}
	if m.paused {
		m.steps--
	}
	ctx, cancel := context.WithCancel(s.ctx)
	m.cancel = cancel
	m.thinking = &thinking{Seat: p, Bot: m.rec.Players[p], Since: time.Now(), Limit: s.opt.MaxThink.Seconds(), Queued: true}
	gen, st, b := m.gen, m.state.Clone(), m.bots[p]
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		s.think(ctx, m, gen, st, b)
	}()
}

// think runs one computer decision (waiting for a search slot first) and
// plays it unless the match moved on meanwhile.
func (s *Server) think(ctx context.Context, m *liveMatch, gen uint64, st game.State, b interface {
	Act(context.Context, game.State) (game.Move, error)
}) {
	if !s.acquire(ctx) {
		s.dropThinking(m, gen)
		return
	}
	m.mu.Lock()
	if m.thinking != nil && m.gen == gen {
		m.thinking.Queued = false
		m.thinking.Since = time.Now()
	}
	m.mu.Unlock()
	tctx, cancel := context.WithTimeout(ctx, s.opt.MaxThink)
	done := make(chan struct{})
	go s.tick(tctx, m, gen, done)
	start := time.Now()
	mv, err := b.Act(tctx, st)
	secs := time.Since(start).Seconds()
	close(done)
	timedOut := tctx.Err() == context.DeadlineExceeded
	cancel()
	s.release()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gen != gen || ctx.Err() != nil {
		if m.gen == gen {
			m.thinking = nil
		}
		return // taken back, or the server stops
	}
	m.thinking = nil
	p := m.state.Player()
	who := fmt.Sprintf("%s (%s, %s)", game.SeatName(p), m.g.Type().Role(p), m.rec.Players[p])
	switch {
	case err != nil && timedOut:
		m.abort(fmt.Sprintf("%s took longer than the server's think-time limit of %s", who, s.opt.MaxThink))
	case err != nil:
		m.abort(fmt.Sprintf("%s failed: %v", who, err))
	default:
		if aerr := m.apply(mv, secs); aerr != nil {
			m.abort(fmt.Sprintf("%s chose an illegal move: %v", who, aerr))
		}
	}
	s.afterMove(m)
}

func (s *Server) dropThinking(m *liveMatch, gen uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gen == gen {
		m.thinking = nil
	}
}

// tick sends thinking events while a computer searches.
func (s *Server) tick(ctx context.Context, m *liveMatch, gen uint64, done chan struct{}) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			return
		case <-t.C:
			m.mu.Lock()
			if m.gen == gen && m.thinking != nil {
				th := *m.thinking
				th.Elapsed = time.Since(th.Since).Seconds()
				m.publish(event{"thinking", th})
			}
			m.mu.Unlock()
		}
	}
}

// getEvents streams Server-Sent Events: "state" (the match, at once and
// after every move) and "thinking" (a computer's search in progress).
func (s *Server) getEvents(w http.ResponseWriter, r *http.Request) {
	m := s.match(w, r)
	if m == nil {
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming is not supported by this connection")
		return
	}
	ch := make(chan event, 16)
	m.mu.Lock()
	m.watchers[ch] = struct{}{}
	first := s.matchJSON(m, -1)
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		delete(m.watchers, ch)
		m.mu.Unlock()
	}()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(e event) bool {
		data, err := json.Marshal(e.data)
		if err != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, data); err != nil {
			return false
		}
		fl.Flush()
		return true
	}
	if !send(event{"state", first}) {
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
		case e := <-ch:
			if !send(e) {
				return
			}
		case <-keep.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}
