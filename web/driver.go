package web

import (
	"context"
	"errors"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/match"
)

// botEnv is the environment of the server's bots: no terminal, so a
// person's seat has no bot and their moves come through the API; their
// tables within Options.BotMem; what they note goes to notes.
func (s *Server) botEnv(notes *botNotes) bot.Env {
	return bot.Env{MaxMem: s.opt.BotMem, Output: notes}
}

// wake starts the computer player of m when a computer is to move, none
// is deciding, and the match is not paused (or has a step left).
func (s *Server) wake(m *liveMatch) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.thinking != nil || m.gone || s.ctx.Err() != nil {
		return
	}
	t, ok := m.live.Turn()
	if !ok || t.Seat.Bot == nil {
		return
	}
	if m.paused && m.steps == 0 {
		return
	}
	delay := m.delay
	if m.paused {
		m.steps--
		delay = 0 // a step is taken at once
	}
	if !m.computers() {
		delay = 0 // a person's opponent answers at once
	}
	ctx, cancel := context.WithCancel(s.ctx)
	th := &thinking{Seat: t.Player, Bot: t.Seat.Name, Since: time.Now(), Limit: s.opt.MaxThink.Seconds(), Queued: true}
	m.cancel, m.thinking = cancel, th
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		s.think(ctx, m, t, th, delay)
	}()
}

// think runs one computer decision — after the pace delay and a search
// slot — and commits it unless it was called off (an undo, a pause or a
// new pace while it waited) or the match moved on meanwhile.
func (s *Server) think(ctx context.Context, m *liveMatch, t match.Turn, th *thinking, delay time.Duration) {
	if delay > 0 {
		timer := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			timer.Stop()
			s.dropThinking(m, th)
			return
		case <-timer.C:
		}
	}
	if !acquire(ctx, s.searches) {
		s.dropThinking(m, th)
		return
	}
	m.mu.Lock()
	if m.thinking == th {
		th.Queued = false
		th.Since = time.Now()
	}
	m.mu.Unlock()
	done := make(chan struct{})
	go s.tick(ctx, m, th, done)
	m.notes.take() // nothing older than this decision
	d := match.Decide(ctx, t, s.opt.MaxThink)
	close(done)
	<-s.searches
	if ctx.Err() != nil {
		s.dropThinking(m, th) // called off, or the server stops: the match resumes where it was
		return
	}
	var pe *match.PanicError
	if errors.As(d.Err, &pe) {
		s.opt.Logger.Error("computer player panicked", "id", m.id, "bot", t.Seat.Name, "panic", pe.Value, "stack", string(pe.Stack))
	}
	m.mu.Lock()
	if m.thinking != th || m.gone {
		m.mu.Unlock()
		return
	}
	m.thinking = nil
	if err := m.live.Commit(ctx, d); err != nil {
		m.mu.Unlock()
		return // taken back meanwhile
	}
	m.note = nil
	if text := m.notes.take(); text != "" {
		m.note = &botNote{Move: len(m.live.Record().Moves), Text: text}
	}
	snap := s.changed(m)
	m.mu.Unlock()
	_ = s.settle(m, snap) // a failed save is logged and the match reloaded from the store
}

// callOff stops a decision that has not started searching yet (it waits
// for its pace or a slot), so that a pause or a new pace applies at once.
// The caller holds m.mu.
func (m *liveMatch) callOff() {
	if m.thinking != nil && m.thinking.Queued && m.cancel != nil {
		m.cancel()
		m.thinking = nil
	}
}

// dropThinking clears the search th shown, if it is still the match's.
func (s *Server) dropThinking(m *liveMatch, th *thinking) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.thinking == th {
		m.thinking = nil
	}
}

// tick sends thinking events while the search th runs.
func (s *Server) tick(ctx context.Context, m *liveMatch, th *thinking, done chan struct{}) {
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
			if m.thinking == th {
				v := *th
				v.Elapsed = time.Since(v.Since).Seconds()
				m.publish("thinking", v)
			}
			m.mu.Unlock()
		}
	}
}
