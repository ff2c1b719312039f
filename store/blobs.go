package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// MaxSolveBlob bounds the data of one SolveBlob.
const MaxSolveBlob = 64 << 20

// SolveBlob is data that distributed work stores for a game's solvers
// besides answers: the table entries a worker's leaf solver proved, for
// the other workers (Kind "proofs"), or the result of one shard of a table
// computed by workers (a Name per shard).
type SolveBlob struct {
	// ID orders the blobs of a game and kind as they were stored.
	ID int64 `json:"id"`
	// Game is the game string they belong to; Kind says what they hold.
	Game string `json:"game"`
	Kind string `json:"kind"`
	// Name, when not empty, is unique within Game and Kind: storing a
	// second blob of the same name keeps the first.
	Name    string    `json:"name"`
	Data    []byte    `json:"data"`
	Worker  string    `json:"worker"`
	Created time.Time `json:"created_at"`
}

// PutSolveBlob stores a blob. A named blob that is stored already is kept
// as it is (stored reports false); an unnamed one is always added.
func (s *Store) PutSolveBlob(ctx context.Context, b SolveBlob) (stored bool, err error) {
	if s == nil {
		return false, errNil("PutSolveBlob")
	}
	switch {
	case b.Game == "" || b.Kind == "":
		return false, errors.New("store: solve blob: no game or no kind")
	case len(b.Game) > MaxSolveGame || len(b.Kind) > MaxSolveGame || len(b.Name) > MaxSolvePosition:
		return false, fmt.Errorf("store: solve blob: game, kind or name too long (%d, %d, %d bytes)", len(b.Game), len(b.Kind), len(b.Name))
	case len(b.Data) > MaxSolveBlob:
		return false, fmt.Errorf("store: solve blob %s %s %s: %d bytes, at most %d allowed", b.Game, b.Kind, b.Name, len(b.Data), MaxSolveBlob)
	}
	if len(b.Worker) > maxSolveWorkerBytes {
		b.Worker = b.Worker[:maxSolveWorkerBytes]
	}
	if b.Data == nil {
		b.Data = []byte{}
	}
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO solve_blobs (game, kind, name, data, worker, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
		b.Game, b.Kind, b.Name, b.Data, b.Worker, s.timeArg(time.Now()))
	if err != nil {
		return false, fmt.Errorf("store: solve blob %s %s %s: %w", b.Game, b.Kind, b.Name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: solve blob %s %s %s: %w", b.Game, b.Kind, b.Name, err)
	}
	return n > 0, nil
}

// SolveBlobs returns the blobs of a game and kind stored after the blob
// afterID (0: from the first) by a worker other than notFrom ("": any), in
// the order of their IDs, at most limit of them (at least 1) and at most
// about 256 MiB of data in all. (IDs are taken when a blob is stored and
// the stores commit in any order: a blob of a lower ID may appear after one
// of a higher; readers that must see every blob read them by name.)
func (s *Store) SolveBlobs(ctx context.Context, game, kind string, afterID int64, limit int, notFrom string) ([]SolveBlob, error) {
	if s == nil {
		return nil, errNil("SolveBlobs")
	}
	limit = max(limit, 1)
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, game, kind, name, data, worker, created_at FROM solve_blobs
		WHERE game = ? AND kind = ? AND id > ? AND (? = '' OR worker <> ?) ORDER BY id LIMIT ?`), game, kind, afterID, notFrom, notFrom, limit)
	if err != nil {
		return nil, fmt.Errorf("store: solve blobs %s %s: %w", game, kind, err)
	}
	defer rows.Close()
	var out []SolveBlob
	size := 0
	for rows.Next() && size < 256<<20 {
		var b SolveBlob
		if err := rows.Scan(&b.ID, &b.Game, &b.Kind, &b.Name, &b.Data, &b.Worker, timeScan{&b.Created}); err != nil {
			return nil, fmt.Errorf("store: solve blobs %s %s: %w", game, kind, err)
		}
		size += len(b.Data)
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: solve blobs %s %s: %w", game, kind, err)
	}
	return out, nil
}

// SolveBlobNames returns the names of the named blobs of a game and kind,
// sorted.
func (s *Store) SolveBlobNames(ctx context.Context, game, kind string) ([]string, error) {
	if s == nil {
		return nil, errNil("SolveBlobNames")
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT name FROM solve_blobs WHERE game = ? AND kind = ? AND name <> '' ORDER BY name`), game, kind)
	if err != nil {
		return nil, fmt.Errorf("store: solve blob names %s %s: %w", game, kind, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("store: solve blob names %s %s: %w", game, kind, err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: solve blob names %s %s: %w", game, kind, err)
	}
	return out, nil
}

// SolveBlobsByName returns the named blobs of a game and kind that are
// stored among names (at most MaxSolvePositions names), by name.
func (s *Store) SolveBlobsByName(ctx context.Context, game, kind string, names []string) (map[string]SolveBlob, error) {
	if s == nil {
		return nil, errNil("SolveBlobsByName")
	}
	if len(names) > MaxSolvePositions {
		return nil, fmt.Errorf("store: solve blobs: %d names asked, at most %d allowed", len(names), MaxSolvePositions)
	}
	out := map[string]SolveBlob{}
	if len(names) == 0 {
		return out, nil
	}
	args := []any{game, kind}
	for _, n := range names {
		args = append(args, n)
	}
	marks := strings.Repeat("?, ", len(names)-1) + "?"
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, game, kind, name, data, worker, created_at FROM solve_blobs
		WHERE game = ? AND kind = ? AND name IN (`+marks+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: solve blobs %s %s: %w", game, kind, err)
	}
	defer rows.Close()
	for rows.Next() {
		var b SolveBlob
		if err := rows.Scan(&b.ID, &b.Game, &b.Kind, &b.Name, &b.Data, &b.Worker, timeScan{&b.Created}); err != nil {
			return nil, fmt.Errorf("store: solve blobs %s %s: %w", game, kind, err)
		}
		out[b.Name] = b
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: solve blobs %s %s: %w", game, kind, err)
	}
	return out, nil
}

// SolveBlobByName returns the named blob of a game and kind.
func (s *Store) SolveBlobByName(ctx context.Context, game, kind, name string) (SolveBlob, bool, error) {
	if s == nil {
		return SolveBlob{}, false, errNil("SolveBlobByName")
	}
	var b SolveBlob
	err := s.db.QueryRowContext(ctx, s.q(`SELECT id, game, kind, name, data, worker, created_at FROM solve_blobs
		WHERE game = ? AND kind = ? AND name = ?`), game, kind, name).Scan(&b.ID, &b.Game, &b.Kind, &b.Name, &b.Data, &b.Worker, timeScan{&b.Created})
	if errors.Is(err, sql.ErrNoRows) {
		return b, false, nil
	}
	if err != nil {
		return b, false, fmt.Errorf("store: solve blob %s %s %s: %w", game, kind, name, err)
	}
	return b, true, nil
}
