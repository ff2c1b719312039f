package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
)

// storeTimeout bounds one save of a match.
const storeTimeout = 10 * time.Second

// snapshot is what a change of a match stores, at revision rev: the match
// as the store keeps it, and as clients see it once it is stored.
type snapshot struct {
	rev   uint64
	match *StoredMatch
	view  *matchView
	solo  bool // a finished solo match: its score goes to the high scores
	key   string
}

// changed records a change of m: it draws pending chance moves and plays
// a person's move that is no choice (match.Live.PlayForced: a list of one
// colour), bumps the revision and returns what to store. The caller holds
// m.mu and, once it has released it, calls settle with the snapshot.
func (s *Server) changed(m *liveMatch) snapshot {
	if _, err := m.live.PlayForced(); err != nil {
		m.live.Stop(err.Error())
	}
	m.rev++
	m.updated = time.Now().UTC()
	rec := m.live.Record() // an unfinished one as it stands, to resume
	set, _ := json.Marshal(settings{Paused: m.paused, DelayMS: m.delay.Milliseconds(), ControlHash: m.control, DrawNote: m.drawNote, Claimed: m.claimedList()})
	sm := &StoredMatch{ID: m.id, Mode: m.mode, Record: *rec, TokenHashes: m.tokens, Settings: set,
		Finished: m.live.Over(), Created: m.created, Updated: m.updated}
	snap := snapshot{rev: m.rev, match: sm, view: s.matchJSON(m)}
	if !sm.Finished {
		sm.ToMove = snap.view.ToMove
	}
	if sm.Finished && m.mode == ModeSolo && !rec.Aborted {
		snap.solo, snap.key = true, highScoreKey(m.live.Game())
	}
	return snap
}

// settle stores a change (a snapshot from changed, taken under m.mu and
// passed here after releasing it); then clients see it — GET answers and
// the watchers' events show only stored states — and the computer is
// woken. It returns the store's error: the match is then dropped from
// memory, so that what the server shows is what the store has, and the
// caller answers that the change was not stored.
func (s *Server) settle(m *liveMatch, snap snapshot) error {
	if err := s.persist(m, snap); err != nil {
		s.opt.Logger.Error("store match", "id", m.id, "err", err)
		s.forget(m)
		return err
	}
	m.mu.Lock()
	if snap.rev > m.shownRev {
		m.shown, m.shownRev = snap.view, snap.rev
		m.publish("state", snap.view)
	}
	m.mu.Unlock()
	s.wake(m)
	return nil
}

// notStored answers a change that was not stored: 409 when another server
// changed the match (it is reloaded from the store), else 503.
func notStored(w http.ResponseWriter, err error, what string) {
	if errors.Is(err, ErrConflict) {
		writeError(w, http.StatusConflict, "%s was not stored: another server changed this match meanwhile; it is reloaded, look again and retry", what)
		return
	}
	writeError(w, http.StatusServiceUnavailable, "%s was not stored (%v); the match is as it was, try again", what, err)
}

// persist writes a snapshot unless a newer one of the same match was
// written already — through the writer, with the games archive and the
// high score once the match is finished. Saves of one match are
// serialised; no match lock is held while the store works.
func (s *Server) persist(m *liveMatch, snap snapshot) error {
	m.saveMu.Lock()
	defer m.saveMu.Unlock()
	if snap.rev <= m.saved {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), storeTimeout)
	defer cancel()
	w := Write{Match: snap.match, Expect: m.stored, Archive: snap.match.Finished && !m.archived}
	if w.Archive && snap.solo {
		w.ScoreKey, w.Score = snap.key, snap.match.Record.Length
	}
	if err := s.writer.write(ctx, &w); err != nil {
		return fmt.Errorf("store match %s: %w", m.id, err)
	}
	m.saved, m.stored = snap.rev, m.stored+1
	m.archived = snap.match.Finished // an undo reopens it: its next end is stored again
	if w.ScoreKey != "" {
		m.mu.Lock()
		m.highScore = w.Best
		m.mu.Unlock()
		snap.view.HighScore = &w.Best
	}
	return nil
}

// highScoreKey names the high-score table of a solo game: its game string
// without the parameters drawn from the seed (the Thue start symbol).
func highScoreKey(g game.Game) string {
	spec, err := game.ParseSpec(g.String())
	if err != nil {
		return g.String()
	}
	random := map[string]bool{}
	for _, p := range g.Type().Params {
		random[p.Name] = p.Random
	}
	var parts []string
	for _, a := range spec.Args {
		if !random[a.Key] {
			parts = append(parts, a.Key+"="+a.Value)
		}
	}
	return spec.Name + "(" + strings.Join(parts, ",") + ")"
}
