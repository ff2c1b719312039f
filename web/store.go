package web

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"sync"
	"time"

	"github.com/kombi/kombi/game"
)

// StoredMatch is a match as the server persists it after every change.
type StoredMatch struct {
	ID   string `json:"id"`
	Mode string `json:"mode"`
	// Record is the match so far (aborted and finished ones included).
	Record game.Record `json:"record"`
	// TokenHashes are the SHA-256 hashes of the human seats' tokens.
	TokenHashes [2]string `json:"token_hashes"`
	// Settings are the server's settings beside the record (a JSON object:
	// pause, pace, the control token's hash).
	Settings json.RawMessage `json:"settings,omitempty"`
	Finished bool            `json:"finished"`
	// ToMove is the seat to move in an unfinished match (-1 at a chance
	// draw), as the server saw it when storing it; nil when finished.
	ToMove  *game.Player `json:"to_move,omitempty"`
	Created time.Time    `json:"created"`
	Updated time.Time    `json:"updated"`
	// Version counts the changes stored: a change is based on the version
	// it read (Write.Expect).
	Version int64 `json:"version"`
}

// Summary is what a listing shows of a stored match (no record).
type Summary struct {
	ID       string   `json:"id"`
	Mode     string   `json:"mode"`
	Game     string   `json:"game"`
	GameName string   `json:"-"`
	Seed     uint64   `json:"seed"`
	Players  []string `json:"players"`
	Moves    int      `json:"moves"`
	Finished bool     `json:"finished"`
	Winner   *int     `json:"winner"`
	Reason   string   `json:"reason"`
	// ToMove is the seat to move in an unfinished match as last stored
	// (-1 at a chance draw); nil when finished or not known.
	ToMove  *game.Player `json:"to_move"`
	Created time.Time    `json:"created"`
	Updated time.Time    `json:"updated"`
}

// ErrConflict is the error (wrapped) of a write based on a version of the
// match that is no longer the stored one: another server changed it.
var ErrConflict = errors.New("the match was changed by another server")

// Write is one change of a match to store: the match and, once it is
// finished, its game for the games archive and the solo high score it
// raises. Best is set by Store.Write: the best score under ScoreKey.
type Write struct {
	Match *StoredMatch
	// Expect is the stored version the change is based on (0: a new
	// match); another one fails the write with ErrConflict.
	Expect int64
	// Archive stores the finished match's record with the games of play
	// and arena (once: a game stored already is not stored again).
	Archive bool
	// ScoreKey, when not empty, names the high score that Score raises.
	ScoreKey string
	Score    int
	Best     int
}

// Store persists matches and high scores. store.Store implements it on
// SQLite or PostgreSQL (NewDBStore); MemoryStore keeps them in memory.
type Store interface {
	// Write applies the writes in one transaction: all of them or none.
	// The server gathers the writes that arrive together into one call.
	Write(ctx context.Context, ws []Write) error
	// Match returns the match with this id, or nil when none is stored.
	Match(ctx context.Context, id string) (*StoredMatch, error)
	// Matches returns the stored unfinished matches, newest first.
	Matches(ctx context.Context) ([]StoredMatch, error)
	// List returns what a listing shows of the stored matches the filter
	// keeps, newest first.
	List(ctx context.Context, f ListFilter) ([]Summary, error)
}

// ListFilter chooses the matches a listing shows.
type ListFilter struct {
	// Game keeps one game family (nim, thue, ...); "" keeps all.
	Game string
	// State keeps the finished matches ("finished") or the others
	// ("unfinished"); "" keeps all.
	State string
	// Before keeps the matches listed after the one with this id (the
	// next page of a listing).
	Before string
	// Limit is the most matches returned (0: no limit).
	Limit int
}

// List states.
const (
	StateFinished   = "finished"
	StateUnfinished = "unfinished"
)

// MemoryStore is a Store in memory, for tests and `kombi serve --db ”`.
// The zero value is ready to use.
type MemoryStore struct {
	mu       sync.Mutex
	byID     map[string]StoredMatch
	scores   map[string]int
	archived int
}

// Write stores copies of the matches and raises the high scores.
func (s *MemoryStore) Write(_ context.Context, ws []Write) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byID == nil {
		s.byID, s.scores = map[string]StoredMatch{}, map[string]int{}
	}
	for i := range ws {
		w := &ws[i]
		if w.Match == nil || w.Match.ID == "" {
			return errors.New("memory store: a write without a match")
		}
		c := *w.Match
		if old, ok := s.byID[c.ID]; ok && old.Version != w.Expect || !ok && w.Expect != 0 {
			return ErrConflict
		}
		c.Version = w.Expect + 1
		c.Record.Moves = append([]game.RecordMove(nil), w.Match.Record.Moves...)
		s.byID[c.ID] = c
		if w.Archive {
			s.archived++
		}
		if w.ScoreKey != "" {
			s.scores[w.ScoreKey] = max(s.scores[w.ScoreKey], w.Score)
			w.Best = s.scores[w.ScoreKey]
		}
	}
	return nil
}

// Match returns a copy of the match with this id, or nil.
func (s *MemoryStore) Match(_ context.Context, id string) (*StoredMatch, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.byID[id]
	if !ok {
		return nil, nil
	}
	m.Record.Moves = append([]game.RecordMove(nil), m.Record.Moves...)
	return &m, nil
}

// Matches returns the unfinished matches, newest first.
func (s *MemoryStore) Matches(_ context.Context) ([]StoredMatch, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []StoredMatch
	for _, m := range s.byID {
		if !m.Finished {
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Created.After(out[j].Created) })
	return out, nil
}

// List returns summaries of the matches, newest first.
func (s *MemoryStore) List(_ context.Context, f ListFilter) ([]Summary, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Newest first; the same instant: the larger id first (as the database orders them).
	after := func(a, b *StoredMatch) bool {
		return a.Created.After(b.Created) || a.Created.Equal(b.Created) && a.ID > b.ID
	}
	var before *StoredMatch
	if f.Before != "" {
		m, ok := s.byID[f.Before]
		if !ok {
			return []Summary{}, nil
		}
		before = &m
	}
	var all []StoredMatch
	for _, m := range s.byID {
		spec, err := game.ParseSpec(m.Record.Game)
		switch {
		case f.Game != "" && (err != nil || spec.Name != f.Game),
			f.State == StateFinished && !m.Finished, f.State == StateUnfinished && m.Finished,
			before != nil && !after(before, &m):
			continue
		}
		all = append(all, m)
	}
	sort.Slice(all, func(i, j int) bool { return after(&all[i], &all[j]) })
	if f.Limit > 0 && len(all) > f.Limit {
		all = all[:f.Limit]
	}
	out := make([]Summary, len(all))
	for i, m := range all {
		r := &m.Record
		out[i] = Summary{ID: m.ID, Mode: m.Mode, Game: r.Game, Seed: r.Seed, Players: r.Players, Moves: len(r.Moves),
			Finished: m.Finished, Winner: r.Winner, Reason: r.Reason, ToMove: m.ToMove, Created: m.Created, Updated: m.Updated}
	}
	return out, nil
}
