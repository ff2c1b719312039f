package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kombi/kombi/game"
)

// Bounds of a stored match's fields.
const (
	// MaxMatchID bounds a match's id, and MaxMatchMode its mode.
	MaxMatchID   = 200
	MaxMatchMode = 50
	// MaxScoreKey bounds a high score's key.
	MaxScoreKey = 1000
	// MaxMatchSettings bounds a match's settings (JSON).
	MaxMatchSettings = 4096
)

// Match is a match of `kombi serve` as it is stored after every move: an
// unfinished one is continued when the server starts again.
type Match struct {
	ID   string `json:"id"`
	Mode string `json:"mode"`
	// Record is the match so far as a game record's JSON.
	Record json.RawMessage `json:"record"`
	// TokenHashes are the hashes of the seats' tokens ("" for none).
	TokenHashes [2]string `json:"token_hashes"`
	// Settings are the server's settings of the match that are not in its
	// record, as a JSON object (empty: {}).
	Settings json.RawMessage `json:"settings"`
	Finished bool            `json:"finished"`
	// GameName is the game's family name, read from the record by
	// SaveMatch.
	GameName string    `json:"game_name"`
	Created  time.Time `json:"created_at"`
	Updated  time.Time `json:"updated_at"`
	// Version counts the changes stored (read back; see MatchWrite.Expect).
	Version int64 `json:"version"`
	// Summary, when not nil, is what a listing shows of the record, given
	// by a caller that has it at hand; without it SaveMatch reads it from
	// the record.
	Summary *MatchSummary `json:"-"`
}

// MatchSummary is what a listing shows of a stored match, without its
// record.
type MatchSummary struct {
	ID       string   `json:"id"`
	Mode     string   `json:"mode"`
	Game     string   `json:"game"`
	GameName string   `json:"game_name"`
	Seed     uint64   `json:"seed"`
	Players  []string `json:"players"`
	Moves    int      `json:"moves"`
	Finished bool     `json:"finished"`
	Winner   *int     `json:"winner"`
	Reason   string   `json:"reason"`
	// ToMove is the seat to move in an unfinished match as its server
	// last stored it (-1 at a chance draw); nil when finished or unknown
	// (stored before it was kept).
	ToMove  *int      `json:"to_move"`
	Created time.Time `json:"created_at"`
	Updated time.Time `json:"updated_at"`
}

// ErrConflict is the error (wrapped) of a change of a match based on a
// version that is no longer the stored one: another server changed it.
var ErrConflict = errors.New("the match was changed by another server")

// MatchFilter selects stored matches; its zero value selects all.
type MatchFilter struct {
	// Unfinished keeps only the matches not finished; Finished only the
	// finished ones (not both).
	Unfinished, Finished bool
	// Before keeps the matches listed after the match with this id: those
	// created before it (the same instant: a smaller id). A page of a
	// listing starts after the last match of the page before it.
	Before string
	// GameName keeps the matches of one game family (nim, thue, ...).
	GameName string
	// Limit is the most matches returned (0: no limit).
	Limit int
}

// SaveMatch stores the match, or replaces the stored one with its id
// (keeping when that one was created). Created and Updated default to
// now.
func (s *Store) SaveMatch(ctx context.Context, m Match) error {
	if s == nil {
		return errNil("SaveMatch")
	}
	if err := s.saveMatch(ctx, s.db, m, -1); err != nil {
		return fmt.Errorf("store: save match %q: %w", m.ID, err)
	}
	return nil
}

// MatchWrite is one change of a served match: its row and, once it is
// finished, its game for the games table and the high score it may raise.
type MatchWrite struct {
	Match Match
	// Expect is the stored version the change is based on: 0 for a new
	// match (none with its id may be stored), -1 to replace whatever is
	// stored. A stored version that differs fails the write with
	// ErrConflict: a match never gets two histories.
	Expect int64
	// Game, when not nil, is the finished match's game (added once: a
	// game stored already is not added again).
	Game *NewGame
	// ScoreKey, when not empty, names the high score that Score raises.
	ScoreKey string
	Score    int64
}

// WriteMatches applies the writes in one transaction — all of them or
// none — and returns, per write, the best high score under its key (0
// without one). One commit for many writes is how a server batches the
// moves that arrive together (group commit): with SQLite each commit waits
// for the disk, so batching is what lets throughput rise with load.
func (s *Store) WriteMatches(ctx context.Context, ws []MatchWrite) ([]int64, error) {
	if s == nil {
		return nil, errNil("WriteMatches")
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: write matches: %w", err)
	}
	defer tx.Rollback()
	best := make([]int64, len(ws))
	for i, w := range ws {
		if err := s.saveMatch(ctx, tx, w.Match, w.Expect); err != nil {
			return nil, fmt.Errorf("store: save match %q: %w", w.Match.ID, err)
		}
		if w.Game != nil {
			r, err := makeRow(*w.Game)
			if err == nil {
				_, _, err = s.insert(ctx, tx, r)
			}
			if err != nil {
				return nil, fmt.Errorf("store: game of match %q: %w", w.Match.ID, err)
			}
		}
		if w.ScoreKey != "" {
			if best[i], err = s.highScore(ctx, tx, w.ScoreKey, w.Score); err != nil {
				return nil, err
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: write matches: commit: %w", err)
	}
	return best, nil
}

func (s *Store) saveMatch(ctx context.Context, q querier, m Match, expect int64) error {
	switch {
	case m.ID == "":
		return errors.New("the match has no id")
	case len(m.ID) > MaxMatchID:
		return fmt.Errorf("an id of %d bytes: at most %d allowed", len(m.ID), MaxMatchID)
	case len(m.Mode) > MaxMatchMode:
		return fmt.Errorf("a mode of %d bytes: at most %d allowed", len(m.Mode), MaxMatchMode)
	case len(m.Record) > MaxRecordBytes:
		return fmt.Errorf("a record of %d bytes: at most %d allowed", len(m.Record), MaxRecordBytes)
	case len(m.TokenHashes[0]) > MaxMatchID || len(m.TokenHashes[1]) > MaxMatchID:
		return fmt.Errorf("a token hash longer than %d bytes", MaxMatchID)
	case len(m.Settings) > MaxMatchSettings:
		return fmt.Errorf("settings of %d bytes: at most %d allowed", len(m.Settings), MaxMatchSettings)
	}
	settings := "{}"
	if len(bytes.TrimSpace(m.Settings)) > 0 {
		if !json.Valid(m.Settings) {
			return errors.New("the settings are not JSON")
		}
		settings = string(m.Settings)
	}
	raw := bytes.TrimSpace(m.Record)
	sum, err := summaryOf(m, raw)
	if err != nil {
		return err
	}
	spec, err := game.ParseSpec(sum.Game)
	if err != nil {
		return fmt.Errorf("not a game record: %w", err)
	}
	players, err := json.Marshal(sum.Players)
	if err != nil || sum.Players == nil {
		players = []byte("[]")
	}
	now := time.Now()
	if m.Created.IsZero() {
		m.Created = now
	}
	if m.Updated.IsZero() {
		m.Updated = now
	}
	packed, err := pack(raw)
	if err != nil {
		return err
	}
	var toMove *int
	if !m.Finished {
		toMove = sum.ToMove
	}
	args := []any{m.ID, m.Mode, packed, m.TokenHashes[0], m.TokenHashes[1], settings, m.Finished, spec.Name,
		sum.Game, int64(sum.Seed), string(players), sum.Moves, sum.Winner, sum.Reason, toMove, s.timeArg(m.Created), s.timeArg(m.Updated)}
	const insert = `INSERT INTO matches (id, mode, record, token_hash_0, token_hash_1, settings, finished, game_name,
		game, seed, players, moves, winner, reason, to_move, created_at, updated_at, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`
	var res sql.Result
	switch {
	case expect < 0:
		res, err = q.ExecContext(ctx, s.q(insert+` ON CONFLICT (id) DO UPDATE SET mode = excluded.mode, record = excluded.record,
			token_hash_0 = excluded.token_hash_0, token_hash_1 = excluded.token_hash_1, settings = excluded.settings,
			finished = excluded.finished, game_name = excluded.game_name, game = excluded.game, seed = excluded.seed,
			players = excluded.players, moves = excluded.moves, winner = excluded.winner, reason = excluded.reason,
			to_move = excluded.to_move, updated_at = excluded.updated_at, version = matches.version + 1`), args...)
	case expect == 0:
		res, err = q.ExecContext(ctx, s.q(insert+` ON CONFLICT (id) DO NOTHING`), args...)
	default:
		res, err = q.ExecContext(ctx, s.q(`UPDATE matches SET mode = ?, record = ?, token_hash_0 = ?, token_hash_1 = ?,
			settings = ?, finished = ?, game_name = ?, game = ?, seed = ?, players = ?, moves = ?, winner = ?, reason = ?,
			to_move = ?, updated_at = ?, version = version + 1 WHERE id = ? AND version = ?`),
			append(append(args[1:len(args)-2:len(args)-2], s.timeArg(m.Updated)), m.ID, expect)...)
	}
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("%w (it is no longer at version %d)", ErrConflict, expect)
	}
	return nil
}

// summaryOf is what a listing shows of m: its Summary, or what its record
// says.
func summaryOf(m Match, raw []byte) (*MatchSummary, error) {
	if m.Summary != nil {
		return m.Summary, nil
	}
	var head struct {
		Game    string     `json:"game"`
		Seed    uint64     `json:"seed"`
		Players []string   `json:"players"`
		Moves   []struct{} `json:"moves"`
		Winner  *int       `json:"winner"`
		Reason  string     `json:"reason"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("not a game record: %w", err)
	}
	return &MatchSummary{Game: head.Game, Seed: head.Seed, Players: head.Players, Moves: len(head.Moves), Winner: head.Winner, Reason: head.Reason}, nil
}

const matchColumns = `id, mode, record, token_hash_0, token_hash_1, settings, finished, game_name, created_at, updated_at, version`

func scanMatch(sc scanner) (*Match, error) {
	var m Match
	var record, settings string
	err := sc.Scan(&m.ID, &m.Mode, &record, &m.TokenHashes[0], &m.TokenHashes[1], &settings, &m.Finished, &m.GameName,
		timeScan{&m.Created}, timeScan{&m.Updated}, &m.Version)
	if err != nil {
		return nil, err
	}
	raw, err := unpack(record)
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", m.ID, err)
	}
	m.Record = json.RawMessage(raw)
	m.Settings = json.RawMessage(settings)
	return &m, nil
}

// Match returns the stored match with this id; an id not stored gives an
// error wrapping ErrNotFound.
func (s *Store) Match(ctx context.Context, id string) (*Match, error) {
	if s == nil {
		return nil, errNil("Match")
	}
	m, err := scanMatch(s.db.QueryRowContext(ctx, s.q(`SELECT `+matchColumns+` FROM matches WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: match %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: match %q: %w", id, err)
	}
	return m, nil
}

// Matches returns the stored matches the filter selects, newest first.
func (s *Store) Matches(ctx context.Context, f MatchFilter) ([]Match, error) {
	if s == nil {
		return nil, errNil("Matches")
	}
	query, args, err := matchQuery(matchColumns, f)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: matches: %w", err)
	}
	defer rows.Close()
	out := []Match{}
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, fmt.Errorf("store: matches: %w", err)
		}
		out = append(out, *m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: matches: %w", err)
	}
	return out, nil
}

// MatchSummaries returns what a listing shows of the stored matches the
// filter selects, newest first, without reading their records.
func (s *Store) MatchSummaries(ctx context.Context, f MatchFilter) ([]MatchSummary, error) {
	if s == nil {
		return nil, errNil("MatchSummaries")
	}
	query, args, err := matchQuery(`id, mode, game, game_name, seed, players, moves, finished, winner, reason, to_move, created_at, updated_at`, f)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: matches: %w", err)
	}
	defer rows.Close()
	out := []MatchSummary{}
	for rows.Next() {
		var (
			m       MatchSummary
			seed    int64
			players string
			winner  sql.NullInt64
			toMove  sql.NullInt64
		)
		if err := rows.Scan(&m.ID, &m.Mode, &m.Game, &m.GameName, &seed, &players, &m.Moves, &m.Finished, &winner, &m.Reason,
			&toMove, timeScan{&m.Created}, timeScan{&m.Updated}); err != nil {
			return nil, fmt.Errorf("store: matches: %w", err)
		}
		m.Seed = uint64(seed)
		if json.Unmarshal([]byte(players), &m.Players) != nil || len(m.Players) == 0 {
			m.Players = []string{}
		}
		if winner.Valid {
			w := int(winner.Int64)
			m.Winner = &w
		}
		if toMove.Valid && !m.Finished {
			p := int(toMove.Int64)
			m.ToMove = &p
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: matches: %w", err)
	}
	return out, nil
}

// matchQuery is the query of the matches the filter selects, newest
// first, with these columns.
func matchQuery(columns string, f MatchFilter) (string, []any, error) {
	if f.Limit < 0 {
		return "", nil, game.Inputf("store: matches: limit %d: want 0 (no limit) or more", f.Limit)
	}
	if f.Unfinished && f.Finished {
		return "", nil, game.Inputf("store: matches: unfinished and finished at once: ask for one or neither")
	}
	query := `SELECT ` + columns + ` FROM matches WHERE 1 = 1`
	var args []any
	if f.Unfinished || f.Finished {
		query += ` AND finished = ?`
		args = append(args, f.Finished)
	}
	if f.Before != "" {
		query += ` AND (created_at < (SELECT created_at FROM matches WHERE id = ?)
			OR created_at = (SELECT created_at FROM matches WHERE id = ?) AND id < ?)`
		args = append(args, f.Before, f.Before, f.Before)
	}
	if f.GameName != "" {
		query += ` AND game_name = ?`
		args = append(args, f.GameName)
	}
	query += ` ORDER BY created_at DESC, id DESC`
	if f.Limit > 0 {
		query += ` LIMIT ?`
		args = append(args, f.Limit)
	}
	return query, args, nil
}

// HighScore raises the high score stored under key to score when score is
// higher (or none is stored) and returns the best score stored. It is one
// statement, so that servers sharing the database never lose a score.
func (s *Store) HighScore(ctx context.Context, key string, score int64) (int64, error) {
	if s == nil {
		return 0, errNil("HighScore")
	}
	return s.highScore(ctx, s.db, key, score)
}

func (s *Store) highScore(ctx context.Context, q querier, key string, score int64) (int64, error) {
	switch {
	case key == "":
		return 0, errors.New("store: high score: empty key")
	case len(key) > MaxScoreKey:
		return 0, fmt.Errorf("store: high score: a key of %d bytes: at most %d allowed", len(key), MaxScoreKey)
	}
	greatest := "max" // SQLite's max of two values
	if s.dialect == DialectPostgres {
		greatest = "GREATEST"
	}
	var best int64
	err := q.QueryRowContext(ctx, s.q(`INSERT INTO high_scores (key, score, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET
			score = `+greatest+`(high_scores.score, excluded.score),
			updated_at = CASE WHEN excluded.score > high_scores.score THEN excluded.updated_at ELSE high_scores.updated_at END
		RETURNING score`), key, score, s.timeArg(time.Now())).Scan(&best)
	if err != nil {
		return 0, fmt.Errorf("store: high score %q: %w", key, err)
	}
	return best, nil
}

// HighScores returns every stored high score by key.
func (s *Store) HighScores(ctx context.Context) (map[string]int64, error) {
	if s == nil {
		return nil, errNil("HighScores")
	}
	rows, err := s.db.QueryContext(ctx, `SELECT key, score FROM high_scores`)
	if err != nil {
		return nil, fmt.Errorf("store: high scores: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var k string
		var v int64
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("store: high scores: %w", err)
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: high scores: %w", err)
	}
	return out, nil
}
