package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// MaxSweepName bounds a sweep's name.
const MaxSweepName = 200

// Sweep is a stored sweep: its name, the file it was run from and how many
// games it has in all.
type Sweep struct {
	Name string `json:"name"`
	// Spec is the sweep file (TOML or JSON) as it was run.
	Spec       string    `json:"spec"`
	GamesTotal int64     `json:"games_total"`
	Created    time.Time `json:"created_at"`
}

// PutSweep stores a sweep, or, when one of that name is stored, replaces its
// spec and games total (keeping when it was created).
func (s *Store) PutSweep(ctx context.Context, sw Sweep) error {
	if s == nil {
		return errNil("PutSweep")
	}
	switch {
	case sw.Name == "":
		return errors.New("store: put sweep: the sweep has no name")
	case len(sw.Name) > MaxSweepName:
		return fmt.Errorf("store: put sweep: a name of %d bytes: at most %d allowed", len(sw.Name), MaxSweepName)
	case len(sw.Spec) > MaxRecordBytes:
		return fmt.Errorf("store: put sweep %q: a spec of %d bytes: at most %d allowed", sw.Name, len(sw.Spec), MaxRecordBytes)
	case sw.GamesTotal < 0:
		return fmt.Errorf("store: put sweep %q: games total %d is negative", sw.Name, sw.GamesTotal)
	}
	created := sw.Created
	if created.IsZero() {
		created = time.Now()
	}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO sweeps (name, spec, created_at, games_total) VALUES (?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET spec = excluded.spec, games_total = excluded.games_total`),
		sw.Name, sw.Spec, s.timeArg(created), sw.GamesTotal)
	if err != nil {
		return fmt.Errorf("store: put sweep %q: %w", sw.Name, err)
	}
	return nil
}

const sweepColumns = `name, spec, games_total, created_at`

func scanSweep(sc scanner) (*Sweep, error) {
	var sw Sweep
	if err := sc.Scan(&sw.Name, &sw.Spec, &sw.GamesTotal, timeScan{&sw.Created}); err != nil {
		return nil, err
	}
	return &sw, nil
}

// Sweep returns the stored sweep of that name; a name not stored gives an
// error wrapping ErrNotFound.
func (s *Store) Sweep(ctx context.Context, name string) (*Sweep, error) {
	if s == nil {
		return nil, errNil("Sweep")
	}
	sw, err := scanSweep(s.db.QueryRowContext(ctx, s.q(`SELECT `+sweepColumns+` FROM sweeps WHERE name = ?`), name))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: sweep %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: sweep %q: %w", name, err)
	}
	return sw, nil
}

// Sweeps returns every stored sweep, oldest first.
func (s *Store) Sweeps(ctx context.Context) ([]*Sweep, error) {
	if s == nil {
		return nil, errNil("Sweeps")
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+sweepColumns+` FROM sweeps ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: sweeps: %w", err)
	}
	defer rows.Close()
	var out []*Sweep
	for rows.Next() {
		sw, err := scanSweep(rows)
		if err != nil {
			return nil, fmt.Errorf("store: sweeps: %w", err)
		}
		out = append(out, sw)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: sweeps: %w", err)
	}
	return out, nil
}
