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
// the server, and finished games go to the database's games beside those
// of play and arena. Closing st is the caller's business.
func NewDBStore(st *store.Store) Store { return &dbStore{st: st} }

// Write applies the writes in one transaction (store.WriteMatches).
func (d *dbStore) Write(ctx context.Context, ws []Write) error {
	mws := make([]store.MatchWrite, len(ws))
	for i, w := range ws {
		m := w.Match
		rec, err := json.Marshal(&m.Record)
		if err != nil {
			return fmt.Errorf("match %s: record: %w", m.ID, err)
		}
		r := &m.Record
		sum := &store.MatchSummary{Game: r.Game, Seed: r.Seed, Players: r.Players, Moves: len(r.Moves), Winner: r.Winner, Reason: r.Reason}
		if m.ToMove != nil {
			p := int(*m.ToMove)
			sum.ToMove = &p
		}
		mws[i] = store.MatchWrite{Match: store.Match{ID: m.ID, Mode: m.Mode, Record: rec, TokenHashes: m.TokenHashes,
			Settings: m.Settings, Finished: m.Finished, Created: m.Created, Updated: m.Updated, Summary: sum},
			Expect: w.Expect, ScoreKey: w.ScoreKey, Score: int64(w.Score)}
		if w.Archive {
			mws[i].Game = &store.NewGame{Record: &m.Record, Source: store.SourceServe}
		}
	}
	best, err := d.st.WriteMatches(ctx, mws)
	if errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("%w: %w", ErrConflict, err)
	}
	if err != nil {
		return err
	}
	for i := range ws {
		ws[i].Best = int(best[i])
	}
	return nil
}

// Writers is how many writers the server may run at once: one for SQLite
// (one connection writes, batching the moves that arrive together), a few
// for PostgreSQL.
func (d *dbStore) Writers() int {
	if d.st.Dialect() == store.DialectPostgres {
		return 4
	}
	return 1
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
		Created: m.Created, Updated: m.Updated, Version: m.Version}
	if err := json.Unmarshal(m.Record, &sm.Record); err != nil {
		return nil, fmt.Errorf("stored match %s: record: %w", m.ID, err)
	}
	return sm, nil
}

// List returns summaries of the stored matches, newest first.
func (d *dbStore) List(ctx context.Context, f ListFilter) ([]Summary, error) {
	ms, err := d.st.MatchSummaries(ctx, store.MatchFilter{GameName: f.Game, Limit: max(f.Limit, 0), Before: f.Before,
		Finished: f.State == StateFinished, Unfinished: f.State == StateUnfinished})
	if err != nil {
		return nil, err
	}
	out := make([]Summary, len(ms))
	for i, m := range ms {
		out[i] = Summary{ID: m.ID, Mode: m.Mode, Game: m.Game, GameName: m.GameName, Seed: m.Seed, Players: m.Players, Moves: m.Moves,
			Finished: m.Finished, Winner: m.Winner, Reason: m.Reason, Created: m.Created, Updated: m.Updated}
		if m.ToMove != nil {
			p := game.Player(*m.ToMove)
			out[i].ToMove = &p
		}
	}
	return out, nil
}

// Matches returns the stored unfinished matches, newest first. A row whose
// record does not read is left out: the others come with an
// *UnreadableError naming it.
func (d *dbStore) Matches(ctx context.Context) ([]StoredMatch, error) {
	ms, err := d.st.Matches(ctx, store.MatchFilter{Unfinished: true})
	if err != nil {
		return nil, err
	}
	out := make([]StoredMatch, 0, len(ms))
	var bad *UnreadableError
	for _, m := range ms {
		sm, err := fromStore(m)
		if err != nil {
			if bad == nil {
				bad = &UnreadableError{Err: err}
			}
			bad.IDs = append(bad.IDs, m.ID)
			continue
		}
		out = append(out, *sm)
	}
	if bad != nil {
		return out, bad
	}
	return out, nil
}

// UnreadableError names stored matches whose rows do not read (the others
// were read): the first one's error and every id.
type UnreadableError struct {
	IDs []string
	Err error
}

// Error says how many matches do not read and why the first does not.
func (e *UnreadableError) Error() string {
	return fmt.Sprintf("%d stored match(es) do not read and are left out (%s ...): %v", len(e.IDs), e.IDs[0], e.Err)
}

// Unwrap returns the first row's error.
func (e *UnreadableError) Unwrap() error { return e.Err }
