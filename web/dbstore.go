package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
)

// dbStore keeps the server's matches and high scores in the database of
// games (SQLite or PostgreSQL), and its finished games with those of play
// and arena.
type dbStore struct{ st *store.Store }

// NewDBStore is a Store on the database st: matches survive a restart of
// the server, and several servers may share one PostgreSQL database. It
// is also a GameArchive: finished games go to the database's games.
// Closing st is the caller's business.
func NewDBStore(st *store.Store) Store { return &dbStore{st: st} }

var _ GameArchive = (*dbStore)(nil)

// SaveMatch inserts or replaces the match with m.ID.
func (d *dbStore) SaveMatch(ctx context.Context, m *StoredMatch) error {
	rec, err := json.Marshal(&m.Record)
	if err != nil {
		return fmt.Errorf("match %s: record: %w", m.ID, err)
	}
	return d.st.SaveMatch(ctx, store.Match{ID: m.ID, Mode: m.Mode, Record: rec, TokenHashes: m.TokenHashes,
		Settings: m.Settings, Finished: m.Finished, Created: m.Created, Updated: m.Updated})
}

// Match returns the stored match with this id, or nil when there is none.
func (d *dbStore) Match(ctx context.Context, id string) (*StoredMatch, error) {
	if len(id) > store.MaxMatchID {
		return nil, nil
	}
	m, err := d.st.Match(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return fromStore(*m)
}

// fromStore turns a stored row into a StoredMatch.
func fromStore(m store.Match) (*StoredMatch, error) {
	sm := &StoredMatch{ID: m.ID, Mode: m.Mode, TokenHashes: m.TokenHashes, Settings: m.Settings, Finished: m.Finished,
		Created: m.Created, Updated: m.Updated}
	if err := json.Unmarshal(m.Record, &sm.Record); err != nil {
		return nil, fmt.Errorf("stored match %s: record: %w", m.ID, err)
	}
	return sm, nil
}

// Matches lists stored matches, newest first.
func (d *dbStore) Matches(ctx context.Context, unfinished bool, gameName string, limit int) ([]StoredMatch, error) {
	ms, err := d.st.Matches(ctx, store.MatchFilter{Unfinished: unfinished, GameName: gameName, Limit: max(limit, 0)})
	if err != nil {
		return nil, err
	}
	out := make([]StoredMatch, 0, len(ms))
	for _, m := range ms {
		sm, err := fromStore(m)
		if err != nil {
			return nil, err
		}
		out = append(out, *sm)
	}
	return out, nil
}

// HighScore raises the high score under key to score when higher and
// returns the best score stored, in one statement (servers sharing the
// database never lose a score).
func (d *dbStore) HighScore(ctx context.Context, key string, score int) (int, error) {
	best, err := d.st.HighScore(ctx, key, int64(score))
	return int(best), err
}

// AddFinishedGame stores a finished match's record with the games of play
// and arena, from source (store.SourceServe). A record stored already is
// not stored again.
func (d *dbStore) AddFinishedGame(ctx context.Context, rec *game.Record, source string) error {
	_, _, err := d.st.AddGame(ctx, store.NewGame{Record: rec, Source: source})
	return err
}
