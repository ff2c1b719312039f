package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// MaxResultKey bounds the key of a StudyResult.
const MaxResultKey = 1000

// StudyResult is what a study computed once and keeps (a timing, an exact
// table): JSON under a key that names it with every setting that changes
// it, so that a rerun reads it instead of computing it again.
type StudyResult struct {
	Key  string          `json:"key"`
	Data json.RawMessage `json:"data"`
	// Seconds is how long it took to compute, Machine where.
	Seconds float64   `json:"seconds"`
	Machine string    `json:"machine"`
	Created time.Time `json:"created_at"`
}

// PutStudyResult stores a result, replacing one stored under its key.
func (s *Store) PutStudyResult(ctx context.Context, r StudyResult) error {
	if s == nil {
		return errNil("PutStudyResult")
	}
	switch {
	case r.Key == "" || len(r.Key) > MaxResultKey:
		return fmt.Errorf("store: study result: a key of %d bytes: want 1 to %d", len(r.Key), MaxResultKey)
	case len(r.Data) > MaxRecordBytes:
		return fmt.Errorf("store: study result %s: %d bytes of data, at most %d allowed", r.Key, len(r.Data), MaxRecordBytes)
	case !json.Valid(r.Data):
		return fmt.Errorf("store: study result %s: the data is not JSON", r.Key)
	case r.Seconds < 0:
		return fmt.Errorf("store: study result %s: negative seconds %g", r.Key, r.Seconds)
	}
	data, err := pack(r.Data)
	if err != nil {
		return fmt.Errorf("store: study result %s: %w", r.Key, err)
	}
	if len(r.Machine) > maxSolveWorkerBytes {
		r.Machine = r.Machine[:maxSolveWorkerBytes]
	}
	created := r.Created
	if created.IsZero() {
		created = time.Now()
	}
	_, err = s.db.ExecContext(ctx, s.q(`INSERT INTO study_results (name, data, seconds, machine, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET data = excluded.data, seconds = excluded.seconds, machine = excluded.machine, created_at = excluded.created_at`),
		r.Key, data, r.Seconds, r.Machine, s.timeArg(created))
	if err != nil {
		return fmt.Errorf("store: study result %s: %w", r.Key, err)
	}
	return nil
}

// StudyResult returns the result stored under key; a key with none gives
// an error wrapping ErrNotFound.
func (s *Store) StudyResult(ctx context.Context, key string) (*StudyResult, error) {
	if s == nil {
		return nil, errNil("StudyResult")
	}
	var r StudyResult
	var data string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT name, data, seconds, machine, created_at FROM study_results WHERE name = ?`), key).
		Scan(&r.Key, &data, &r.Seconds, &r.Machine, timeScan{&r.Created})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: study result %s: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: study result %s: %w", key, err)
	}
	if r.Data, err = unpack(data); err != nil {
		return nil, fmt.Errorf("store: study result %s: %w", key, err)
	}
	return &r, nil
}
