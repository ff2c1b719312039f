package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Bounds of the texts of a SolveAnswer, and of the positions one
// SolveAnswers call asks about.
const (
	MaxSolveGame        = 1000
	MaxSolvePosition    = 1 << 16
	MaxSolvePositions   = 1000
	maxSolveWorkerBytes = 200
)

// SolveAnswer is what is proven about one subproblem of distributed solves
// (`kombi solve --distribute`): bounds on the value of a position of a game.
type SolveAnswer struct {
	// Game is the game string the answer belongs to, Position the
	// position's canonical text.
	Game     string `json:"game"`
	Position string `json:"position"`
	// Lo ≤ value ≤ Hi (math.MinInt64, math.MaxInt64 when unknown).
	Lo int64 `json:"lo"`
	Hi int64 `json:"hi"`
	// TooLong is the least threshold a job ran out of time on (0: none).
	TooLong int64 `json:"too_long"`
	// Nodes and Seconds add up the work of every job on the position.
	Nodes   int64   `json:"nodes"`
	Seconds float64 `json:"seconds"`
	// Worker names the worker that stored the latest answer.
	Worker  string    `json:"worker"`
	Updated time.Time `json:"updated_at"`
}

// PutSolveAnswer stores what a job proved about a position, merged with
// what is stored: the tighter bounds, the least TooLong, the work added
// up. It is one statement, so workers storing at once lose nothing.
func (s *Store) PutSolveAnswer(ctx context.Context, a SolveAnswer) error {
	if s == nil {
		return errNil("PutSolveAnswer")
	}
	switch {
	case a.Game == "" || a.Position == "":
		return errors.New("store: solve answer: no game or no position")
	case len(a.Game) > MaxSolveGame:
		return fmt.Errorf("store: solve answer: a game string of %d bytes: at most %d allowed", len(a.Game), MaxSolveGame)
	case len(a.Position) > MaxSolvePosition:
		return fmt.Errorf("store: solve answer: a position of %d bytes: at most %d allowed", len(a.Position), MaxSolvePosition)
	case a.Lo > a.Hi:
		return fmt.Errorf("store: solve answer %s %s: empty bounds [%d, %d]", a.Game, a.Position, a.Lo, a.Hi)
	case a.TooLong < 0 || a.Nodes < 0 || a.Seconds < 0:
		return fmt.Errorf("store: solve answer %s %s: negative too_long, nodes or seconds", a.Game, a.Position)
	}
	if len(a.Worker) > maxSolveWorkerBytes {
		a.Worker = a.Worker[:maxSolveWorkerBytes]
	}
	greatest, least := "max", "min" // SQLite's of two values
	if s.dialect == DialectPostgres {
		greatest, least = "GREATEST", "LEAST"
	}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO solve_answers (game, position, lo, hi, too_long, nodes, seconds, worker, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game, position) DO UPDATE SET
			lo = `+greatest+`(solve_answers.lo, excluded.lo),
			hi = `+least+`(solve_answers.hi, excluded.hi),
			too_long = CASE WHEN solve_answers.too_long = 0 THEN excluded.too_long
				WHEN excluded.too_long = 0 THEN solve_answers.too_long
				ELSE `+least+`(solve_answers.too_long, excluded.too_long) END,
			nodes = solve_answers.nodes + excluded.nodes,
			seconds = solve_answers.seconds + excluded.seconds,
			worker = excluded.worker,
			updated_at = excluded.updated_at`),
		a.Game, a.Position, a.Lo, a.Hi, a.TooLong, a.Nodes, a.Seconds, a.Worker, s.timeArg(time.Now()))
	if err != nil {
		return fmt.Errorf("store: solve answer %s %s: %w", a.Game, a.Position, err)
	}
	return nil
}

// SolveAnswers returns the stored answers about positions of a game, by
// position. At most MaxSolvePositions positions.
func (s *Store) SolveAnswers(ctx context.Context, game string, positions []string) (map[string]SolveAnswer, error) {
	if s == nil {
		return nil, errNil("SolveAnswers")
	}
	if len(positions) > MaxSolvePositions {
		return nil, fmt.Errorf("store: solve answers: %d positions asked about, at most %d allowed", len(positions), MaxSolvePositions)
	}
	out := map[string]SolveAnswer{}
	if len(positions) == 0 {
		return out, nil
	}
	args := []any{game}
	for _, p := range positions {
		args = append(args, p)
	}
	marks := strings.Repeat("?, ", len(positions)-1) + "?"
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT game, position, lo, hi, too_long, nodes, seconds, worker, updated_at
		FROM solve_answers WHERE game = ? AND position IN (`+marks+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: solve answers %s: %w", game, err)
	}
	defer rows.Close()
	for rows.Next() {
		var a SolveAnswer
		if err := rows.Scan(&a.Game, &a.Position, &a.Lo, &a.Hi, &a.TooLong, &a.Nodes, &a.Seconds, &a.Worker, timeScan{&a.Updated}); err != nil {
			return nil, fmt.Errorf("store: solve answers %s: %w", game, err)
		}
		out[a.Position] = a
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: solve answers %s: %w", game, err)
	}
	return out, nil
}

// CountSolveAnswers counts the positions of a game with a stored answer.
func (s *Store) CountSolveAnswers(ctx context.Context, game string) (int64, error) {
	if s == nil {
		return 0, errNil("CountSolveAnswers")
	}
	var n int64
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT count(*) FROM solve_answers WHERE game = ?`), game).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: solve answers %s: count: %w", game, err)
	}
	return n, nil
}
