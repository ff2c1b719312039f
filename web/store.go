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

// StoredMatch is a match as the server persists it after every move.
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
	Created  time.Time       `json:"created"`
	Updated  time.Time       `json:"updated"`
}

// Store persists matches and high scores. store.Store implements it on
// SQLite or PostgreSQL; MemoryStore keeps them in memory.
type Store interface {
	// SaveMatch inserts or replaces the match with m.ID.
	SaveMatch(ctx context.Context, m *StoredMatch) error
	// Match returns the match with this id, or nil when none is stored.
	Match(ctx context.Context, id string) (*StoredMatch, error)
	// Matches lists stored matches, newest first: the unfinished ones
	// only, or those of one game family (game "" = all), at most limit.
	Matches(ctx context.Context, unfinished bool, gameName string, limit int) ([]StoredMatch, error)
	// HighScore raises the high score under key to score when higher and
	// returns the best score stored.
	HighScore(ctx context.Context, key string, score int) (int, error)
}

// GameArchive is a Store that also keeps finished games with the records
// of play and arena (the store's games table).
type GameArchive interface {
	AddFinishedGame(ctx context.Context, rec *game.Record, source string) error
}

// MemoryStore is a Store in memory, for tests and `kombi serve --db ”`.
// The zero value is ready to use.
type MemoryStore struct {
	mu     sync.Mutex
	byID   map[string]StoredMatch
	scores map[string]int
}

// SaveMatch stores a copy of m.
func (s *MemoryStore) SaveMatch(_ context.Context, m *StoredMatch) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byID == nil {
		s.byID = map[string]StoredMatch{}
	}
	c := *m
	c.Record.Moves = append([]game.RecordMove(nil), m.Record.Moves...)
	s.byID[m.ID] = c
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

// Matches lists the stored matches, newest first.
func (s *MemoryStore) Matches(_ context.Context, unfinished bool, gameName string, limit int) ([]StoredMatch, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []StoredMatch
	for _, m := range s.byID {
		if unfinished && m.Finished {
			continue
		}
		if gameName != "" {
			spec, err := game.ParseSpec(m.Record.Game)
			if err != nil || spec.Name != gameName {
				continue
			}
		}
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Created.After(out[j].Created) })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// HighScore keeps the best score per key.
func (s *MemoryStore) HighScore(_ context.Context, key string, score int) (int, error) {
	if key == "" {
		return 0, errors.New("high score: empty key")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.scores == nil {
		s.scores = map[string]int{}
	}
	if score > s.scores[key] {
		s.scores[key] = score
	}
	return s.scores[key], nil
}
