package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
)

// Where a stored game came from.
const (
	SourcePlay   = "play"
	SourceArena  = "arena"
	SourceSweep  = "sweep"
	SourceServe  = "serve"
	SourceImport = "import"
)

var sources = []string{SourcePlay, SourceArena, SourceSweep, SourceServe, SourceImport}

// MaxRecordBytes bounds one record's JSON (and one line of an import);
// records of more than a mebibyte are stored compressed.
const MaxRecordBytes = 64 << 20

// NewGame is a game to store: its record, given either as a Record or as
// its JSON (stored byte for byte), and where it came from.
type NewGame struct {
	// Record is the game; it is stored as its JSON encoding.
	Record *game.Record
	// JSON is the record's JSON, used instead of Record: stored exactly as
	// given (surrounding white space trimmed), after checking that it
	// decodes as a record.
	JSON []byte
	// Source is one of SourcePlay, SourceArena, SourceSweep, SourceServe
	// and SourceImport.
	Source string
	// Sweep and Cell name the sweep and its cell the game belongs to: both
	// or neither.
	Sweep, Cell string
	// CreatedAt is when the game was played; zero means now.
	CreatedAt time.Time
}

// StoredGame is a game as stored.
type StoredGame struct {
	ID int64 `json:"id"`
	// Record is the record's JSON exactly as it was stored.
	Record json.RawMessage `json:"record"`
	// RecordHash is the SHA-256 (hex) of the record without insignificant
	// white space.
	RecordHash string `json:"record_hash"`
	// GameName is the game's family name (nim, thue, ...); Game the
	// canonical game string.
	GameName string    `json:"game_name"`
	Game     string    `json:"game"`
	Seed     uint64    `json:"seed"`
	Players  []string  `json:"players"`
	Winner   *int      `json:"winner"`
	Length   int64     `json:"length"`
	Aborted  bool      `json:"aborted"`
	Created  time.Time `json:"created_at"`
	Source   string    `json:"source"`
	// Sweep and Cell are empty for a game outside sweeps.
	Sweep string `json:"sweep,omitempty"`
	Cell  string `json:"cell,omitempty"`
}

// Decode decodes the stored record.
func (g *StoredGame) Decode() (*game.Record, error) {
	var r game.Record
	if err := json.Unmarshal(g.Record, &r); err != nil {
		return nil, fmt.Errorf("store: game %d: record: %w", g.ID, err)
	}
	return &r, nil
}

// row is a game as the games table holds it.
type row struct {
	record, hash, gameName, game, players, source string
	seed, length                                  int64
	winner                                        sql.NullInt64
	aborted                                       bool
	created                                       time.Time
	sweep, cell                                   sql.NullString
}

// makeRow checks a new game and fills the columns from its record.
func makeRow(g NewGame) (*row, error) {
	if !slices.Contains(sources, g.Source) {
		return nil, game.Inputf("source %q: want one of %s", g.Source, strings.Join(sources, ", "))
	}
	if (g.Sweep == "") != (g.Cell == "") {
		return nil, game.Inputf("sweep %q and cell %q: give both or neither", g.Sweep, g.Cell)
	}
	var raw []byte
	rec := g.Record
	switch {
	case rec != nil && g.JSON != nil:
		return nil, game.Inputf("give the record or its JSON, not both")
	case rec != nil:
		var err error
		if raw, err = json.Marshal(rec); err != nil {
			return nil, fmt.Errorf("record: %w", err)
		}
	case g.JSON != nil:
		raw = bytes.TrimSpace(g.JSON)
		rec = new(game.Record)
		if err := json.Unmarshal(raw, rec); err != nil {
			return nil, fmt.Errorf("not a game record: %w", err)
		}
	default:
		return nil, errors.New("no record given (a nil *game.Record, or a NewGame with neither Record nor JSON)")
	}
	if len(raw) > MaxRecordBytes {
		return nil, fmt.Errorf("record of %d bytes: at most %d allowed", len(raw), MaxRecordBytes)
	}
	if rec.Game == "" {
		return nil, errors.New(`not a game record: no "game"`)
	}
	if err := rec.Check(); err != nil {
		return nil, fmt.Errorf("not a game record: %w", err)
	}
	spec, err := game.ParseSpec(rec.Game)
	if err != nil {
		return nil, fmt.Errorf("not a game record: %w", err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	packed, err := pack(raw)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(compact.Bytes())
	players := rec.Players
	if players == nil {
		players = []string{}
	}
	pj, err := json.Marshal(players)
	if err != nil {
		return nil, fmt.Errorf("players: %w", err)
	}
	r := &row{
		record:   packed,
		hash:     hex.EncodeToString(sum[:]),
		gameName: spec.Name,
		game:     rec.Game,
		players:  string(pj),
		source:   g.Source,
		seed:     int64(rec.Seed),
		length:   int64(rec.Length),
		aborted:  rec.Aborted,
		created:  g.CreatedAt,
	}
	if rec.Winner != nil {
		r.winner = sql.NullInt64{Int64: int64(*rec.Winner), Valid: true}
	}
	if g.Source == SourceImport && g.Sweep == "" {
		g.Sweep, g.Cell = sweepOf(rec)
		if len(g.Sweep) > MaxSweepName {
			return nil, fmt.Errorf("%s %q: a name of %d bytes, at most %d allowed", SweepField, game.Truncate(g.Sweep, 40), len(g.Sweep), MaxSweepName)
		}
	}
	if g.Sweep != "" {
		r.sweep = sql.NullString{String: g.Sweep, Valid: true}
		r.cell = sql.NullString{String: g.Cell, Valid: true}
	}
	if r.created.IsZero() {
		r.created = time.Now()
	}
	return r, nil
}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// insert adds a row unless a unique key already holds it; it returns the id
// of the row added or of the one that was there.
func (s *Store) insert(ctx context.Context, q querier, r *row) (int64, bool, error) {
	var id int64
	err := q.QueryRowContext(ctx, s.q(`INSERT INTO games
		(record, record_hash, game_name, game, seed, players, winner, length, aborted, created_at, source, sweep, cell)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING RETURNING id`),
		r.record, r.hash, r.gameName, r.game, r.seed, r.players, r.winner, r.length, r.aborted,
		s.timeArg(r.created), r.source, r.sweep, r.cell).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	if r.sweep.Valid {
		err = q.QueryRowContext(ctx, s.q(`SELECT id FROM games WHERE sweep = ? AND cell = ? AND seed = ?`),
			r.sweep, r.cell, r.seed).Scan(&id)
	} else {
		err = q.QueryRowContext(ctx, s.q(`SELECT id FROM games WHERE record_hash = ? AND sweep IS NULL`), r.hash).Scan(&id)
	}
	if err != nil {
		return 0, false, fmt.Errorf("the game was not added, and no stored game holds its key: %w", err)
	}
	return id, false, nil
}

// AddRecords stores finished (or aborted) games played outside sweeps,
// from source (SourcePlay, SourceArena, ...), and returns how many were
// added: a game stored already is not added again. "Already" means the same
// record, byte for byte once compacted: a game of the same seed played
// again is another record (its moves' seconds differ), and is stored.
func (s *Store) AddRecords(ctx context.Context, source string, recs ...*game.Record) (added int, err error) {
	if s == nil {
		return 0, errNil("AddRecords")
	}
	for _, r := range recs {
		_, ok, err := s.AddGame(ctx, NewGame{Record: r, Source: source})
		if err != nil {
			return added, err
		}
		if ok {
			added++
		}
	}
	return added, nil
}

// AddGame stores a game and returns its id. When the game is already
// stored (the same sweep, cell and seed; outside sweeps, the same record)
// nothing is added: added is false and id is the stored game's. Options
// the store refuses (an unknown source, a sweep without its cell, a record
// and its JSON both) are a *game.InputError; a record that is not one
// (game.Record.Check) is refused as game.Replay refuses it, with a plain
// error (kombi records import exits 1), and so is no record at all.
func (s *Store) AddGame(ctx context.Context, g NewGame) (id int64, added bool, err error) {
	if s == nil {
		return 0, false, errNil("AddGame")
	}
	r, err := makeRow(g)
	if err != nil {
		return 0, false, fmt.Errorf("store: add game: %w", err)
	}
	id, added, err = s.insert(ctx, s.db, r)
	if err != nil {
		return 0, false, fmt.Errorf("store: add game: %w", err)
	}
	return id, added, nil
}

const gameColumns = `id, record, record_hash, game_name, game, seed, players, winner, length, aborted, created_at, source, sweep, cell`

type scanner interface{ Scan(dest ...any) error }

func scanGame(sc scanner) (*StoredGame, error) {
	var (
		g       StoredGame
		record  string
		seed    int64
		players string
		winner  sql.NullInt64
		sweep   sql.NullString
		cell    sql.NullString
	)
	err := sc.Scan(&g.ID, &record, &g.RecordHash, &g.GameName, &g.Game, &seed, &players, &winner,
		&g.Length, &g.Aborted, timeScan{&g.Created}, &g.Source, &sweep, &cell)
	if err != nil {
		return nil, err
	}
	raw, err := unpack(record)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	g.Record = json.RawMessage(raw)
	g.Seed = uint64(seed)
	if err := json.Unmarshal([]byte(players), &g.Players); err != nil {
		return nil, fmt.Errorf("game %d: players column: %w", g.ID, err)
	}
	if winner.Valid {
		w := int(winner.Int64)
		g.Winner = &w
	}
	g.Sweep, g.Cell = sweep.String, cell.String
	return &g, nil
}

// Game returns the stored game with this id; an id not stored gives an
// error wrapping ErrNotFound.
func (s *Store) Game(ctx context.Context, id int64) (*StoredGame, error) {
	if s == nil {
		return nil, errNil("Game")
	}
	g, err := scanGame(s.db.QueryRowContext(ctx, s.q(`SELECT `+gameColumns+` FROM games WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("no game %d in %s (%w; see 'kombi records list')", id, s.location, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: game %d: %w", id, err)
	}
	return g, nil
}

// GamesPage returns the stored games a filter selects, newest first (at
// most f.Limit), with how many it selects in all.
func (s *Store) GamesPage(ctx context.Context, f Filter) ([]*StoredGame, int64, error) {
	if s == nil {
		return nil, 0, errNil("GamesPage")
	}
	games, err := s.Games(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.CountGames(ctx, f)
	return games, total, err
}

// Filter selects stored games. Its zero value selects all.
type Filter struct {
	// Game is a family name (nim) or, when it holds a '(', a canonical
	// game string (nim(piles=3;4;5,misere=false)), compared byte for byte:
	// another spelling of the game (nim(piles=3;4;5)) matches nothing, so
	// canonicalise it first (game.Registry.Load, then the game's String).
	Game string
	// Sweep is the name of a sweep.
	Sweep string
	// Limit is the most games returned (0: no limit).
	Limit int
	// AfterID and BeforeID, when not 0, keep the games with a greater id,
	// and those with a smaller one.
	AfterID, BeforeID int64
}

// GameFlag is Filter.Game as the value of a command-line flag (Set,
// String and Type: a pflag.Value), read through the game registry: a
// family name (nim) as it is, a game string as the game it loads writes
// itself (game.Registry.Canonical), the way games are stored, so that
// "nim(piles=3;4;5)" finds the games of nim(piles=3;4;5,misere=false). A
// string that does not load is refused with the loader's error, and one
// that leaves a parameter to be drawn per game (thue(alphabet=5) without
// start) since it names no one game.
type GameFlag struct {
	Filter *Filter
	Games  *game.Registry
}

// Set reads the flag's text into Filter.Game.
func (g GameFlag) Set(text string) error {
	text = strings.TrimSpace(text)
	if !strings.Contains(text, "(") {
		if _, ok := g.Games.Lookup(text); !ok && text != "" {
			_, err := g.Games.Load(text, 1) // the loader's words for an unknown game
			return err
		}
		g.Filter.Game = text
		return nil
	}
	canonical, drawn, err := g.Games.Canonical(text)
	if err != nil {
		return err
	}
	if len(drawn) > 0 {
		return fmt.Errorf("%s leaves %s to be drawn per game, so it names no one game: give %s (as in %s), or only the family (%s)",
			text, strings.Join(drawn, " and "), strings.Join(drawn, " and "), canonical, strings.TrimSpace(text[:strings.Index(text, "(")]))
	}
	g.Filter.Game = canonical
	return nil
}

// String is the flag's value.
func (g GameFlag) String() string {
	if g.Filter == nil {
		return ""
	}
	return g.Filter.Game
}

// Type names the flag's kind of value for help texts.
func (g GameFlag) Type() string { return "string" }

// where is the filter's WHERE clause and its arguments.
func (f Filter) where() (string, []any, error) {
	if f.Limit < 0 {
		return "", nil, game.Optionf("Limit", "limit", f.Limit, "want 0 (no limit) or more")
	}
	var conds []string
	var args []any
	add := func(cond string, arg any) {
		conds = append(conds, cond)
		args = append(args, arg)
	}
	switch {
	case strings.Contains(f.Game, "("):
		add("game = ?", f.Game)
	case f.Game != "":
		add("game_name = ?", f.Game)
	}
	if f.Sweep != "" {
		add("sweep = ?", f.Sweep)
	}
	if f.AfterID != 0 {
		add("id > ?", f.AfterID)
	}
	if f.BeforeID != 0 {
		add("id < ?", f.BeforeID)
	}
	if len(conds) == 0 {
		return "", nil, nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

// each calls fn with every game the filter selects, in id order (newest
// first when desc), as the rows arrive.
func (s *Store) each(ctx context.Context, f Filter, desc bool, fn func(*StoredGame) error) error {
	where, args, err := f.where()
	if err != nil {
		return err
	}
	query := `SELECT ` + gameColumns + ` FROM games` + where + ` ORDER BY id`
	if desc {
		query += ` DESC`
	}
	if f.Limit > 0 {
		query += ` LIMIT ?`
		args = append(args, f.Limit)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return err
		}
		if err := fn(g); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Each calls fn with every game the filter selects, oldest first, without
// holding them all in memory; an error from fn stops it and is returned.
func (s *Store) Each(ctx context.Context, f Filter, fn func(*StoredGame) error) error {
	if s == nil {
		return errNil("Each")
	}
	if err := s.each(ctx, f, false, fn); err != nil {
		return fmt.Errorf("store: games: %w", err)
	}
	return nil
}

// Games returns the games the filter selects, newest first. The example
// (example_test.go) adds records played by match.Play to an SQLite file,
// lists them, decodes and replays them.
func (s *Store) Games(ctx context.Context, f Filter) ([]*StoredGame, error) {
	if s == nil {
		return nil, errNil("Games")
	}
	var out []*StoredGame
	err := s.each(ctx, f, true, func(g *StoredGame) error {
		out = append(out, g)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: games: %w", err)
	}
	return out, nil
}

// CountGames counts the games the filter selects (its Limit aside).
func (s *Store) CountGames(ctx context.Context, f Filter) (int64, error) {
	if s == nil {
		return 0, errNil("CountGames")
	}
	f.Limit = 0
	where, args, err := f.where()
	if err != nil {
		return 0, fmt.Errorf("store: count games: %w", err)
	}
	var n int64
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM games`+where), args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count games: %w", err)
	}
	return n, nil
}

// Export writes the records of the games the filter selects to w, oldest
// first, one JSON record per line (JSONL), as Import reads them back.
// It returns the number of records written.
func (s *Store) Export(ctx context.Context, f Filter, w io.Writer) (int, error) {
	if s == nil {
		return 0, errNil("Export")
	}
	n := 0
	var line bytes.Buffer
	err := s.each(ctx, f, false, func(g *StoredGame) error {
		line.Reset()
		if bytes.ContainsAny(g.Record, "\r\n") {
			if err := json.Compact(&line, g.Record); err != nil {
				return fmt.Errorf("game %d: %w", g.ID, err)
			}
		} else {
			line.Write(g.Record)
		}
		if err := withSweep(&line, g.Sweep); err != nil {
			return fmt.Errorf("game %d: %w", g.ID, err)
		}
		line.WriteByte('\n')
		if _, err := w.Write(line.Bytes()); err != nil {
			return fmt.Errorf("write: %w", err)
		}
		n++
		return nil
	})
	if err != nil {
		return n, fmt.Errorf("store: export: %w", err)
	}
	return n, nil
}

// SweepField and CellField are the fields of an exported record that name
// the sweep and the cell its game belongs to: Import stores a record that
// has both as a game of that sweep and cell, so that the sweep, run again
// where the records were imported, does not play them again. A sweep
// writes the cell into its records (sweep.CellField); Export adds the
// sweep's name.
const (
	SweepField = "sweep"
	CellField  = "sweep_cell"
)

// withSweep adds the sweep's name, when there is one, to the compact JSON
// object in line (a record's), unless it names a sweep already.
func withSweep(line *bytes.Buffer, sweep string) error {
	if sweep == "" {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line.Bytes(), &fields); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if _, ok := fields[SweepField]; ok {
		return nil
	}
	name, err := json.Marshal(sweep)
	if err != nil {
		return err
	}
	rest := bytes.TrimPrefix(line.Bytes(), []byte("{"))
	head := append(append([]byte(`{"`+SweepField+`":`), name...), ',')
	if len(bytes.TrimSpace(rest)) > 0 && bytes.TrimSpace(rest)[0] == '}' {
		head = head[:len(head)-1] // an empty object: no comma
	}
	out := append(head, rest...)
	line.Reset()
	line.Write(out)
	return nil
}

// sweepOf returns the sweep and cell a record names (SweepField,
// CellField), when it names both.
func sweepOf(rec *game.Record) (sweep, cell string) {
	sweep, _ = rec.Extra[SweepField].(string)
	cell, _ = rec.Extra[CellField].(string)
	if sweep == "" || cell == "" {
		return "", ""
	}
	return sweep, cell
}

// ImportResult tells what Import did (`kombi records import --json`).
type ImportResult struct {
	// Added records were stored; Skipped ones were stored already.
	Added   int `json:"added"`
	Skipped int `json:"skipped"`
	// TornLast is set when the input ended in an incomplete line (no
	// newline, not valid JSON: a write cut short), which was skipped.
	TornLast bool `json:"torn_last"`
}

// Import stores the records of a JSONL stream (one JSON record per line,
// blank lines ignored) as games from SourceImport. A record already stored
// (by its content, in any game; a sweep's game: by its sweep, cell and
// seed) is skipped. A record that names its sweep and cell (SweepField,
// CellField: Export writes them) is stored as a game of that sweep. A torn last line is reported in
// the result and skipped; any other line that is not a record, longer than
// MaxRecordBytes, or refused by check (when not nil: the caller replays
// the record), is an error naming its line, and then nothing is imported:
// the import is one transaction.
func (s *Store) Import(ctx context.Context, r io.Reader, check func(*game.Record) error) (ImportResult, error) {
	if s == nil {
		return ImportResult{}, errNil("Import")
	}
	var res ImportResult
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return res, fmt.Errorf("store: import: %w", err)
	}
	defer tx.Rollback()
	lr := newLineReader(r, MaxRecordBytes)
	for {
		line, complete, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return ImportResult{}, fmt.Errorf("store: import: line %d: %w", lr.n, err)
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if !complete && !json.Valid(line) {
			res.TornLast = true
			break
		}
		row, err := makeRow(NewGame{JSON: line, Source: SourceImport})
		if err != nil {
			return ImportResult{}, fmt.Errorf("store: import: line %d: %w", lr.n, err)
		}
		if check != nil {
			var rec game.Record
			if err := json.Unmarshal(line, &rec); err != nil {
				return ImportResult{}, fmt.Errorf("store: import: line %d: %w", lr.n, err)
			}
			if err := check(&rec); err != nil {
				return ImportResult{}, fmt.Errorf("store: import: line %d: %w (nothing was imported)", lr.n, err)
			}
		}
		var exists bool
		err = tx.QueryRowContext(ctx, s.q(`SELECT EXISTS (SELECT 1 FROM games WHERE record_hash = ?)`), row.hash).Scan(&exists)
		if err != nil {
			return ImportResult{}, fmt.Errorf("store: import: line %d: %w", lr.n, err)
		}
		added := false
		if !exists {
			if _, added, err = s.insert(ctx, tx, row); err != nil {
				return ImportResult{}, fmt.Errorf("store: import: line %d: %w", lr.n, err)
			}
		}
		if added {
			res.Added++
		} else {
			res.Skipped++
		}
	}
	if err := tx.Commit(); err != nil {
		return ImportResult{}, fmt.Errorf("store: import: %w", err)
	}
	return res, nil
}

// SweepSeedsDone returns, for each cell of the sweep, the seeds of the
// games stored, in increasing order.
func (s *Store) SweepSeedsDone(ctx context.Context, sweep string) (map[string][]uint64, error) {
	if s == nil {
		return nil, errNil("SweepSeedsDone")
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT cell, seed FROM games WHERE sweep = ?`), sweep)
	if err != nil {
		return nil, fmt.Errorf("store: sweep %q: games done: %w", sweep, err)
	}
	defer rows.Close()
	done := map[string][]uint64{}
	for rows.Next() {
		var cell string
		var seed int64
		if err := rows.Scan(&cell, &seed); err != nil {
			return nil, fmt.Errorf("store: sweep %q: games done: %w", sweep, err)
		}
		done[cell] = append(done[cell], uint64(seed))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: sweep %q: games done: %w", sweep, err)
	}
	for _, seeds := range done {
		slices.Sort(seeds)
	}
	return done, nil
}

// DoneKey is the key of a sweep's game in DoneKeys: cell, a zero byte and
// the seed in decimal.
func DoneKey(cell string, seed uint64) string { return fmt.Sprintf("%s\x00%d", cell, seed) }

// DoneKeys returns the DoneKey of every game of the sweep that is stored:
// what a sweep that is run again skips.
func (s *Store) DoneKeys(ctx context.Context, sweep string) (map[string]bool, error) {
	if s == nil {
		return nil, errNil("DoneKeys")
	}
	done, err := s.SweepSeedsDone(ctx, sweep)
	if err != nil {
		return nil, err
	}
	keys := map[string]bool{}
	for cell, seeds := range done {
		for _, seed := range seeds {
			keys[DoneKey(cell, seed)] = true
		}
	}
	return keys, nil
}

// MaxSeedsQuery bounds the seeds one CellSeedsDone call asks about.
const MaxSeedsQuery = 1000

// CellSeedsDone returns which of the seeds of one cell of a sweep have a
// stored game: what a worker playing a batch of a cell's seeds skips,
// without reading the rest of the sweep. At most MaxSeedsQuery seeds.
func (s *Store) CellSeedsDone(ctx context.Context, sweep, cell string, seeds []uint64) (map[uint64]bool, error) {
	if s == nil {
		return nil, errNil("CellSeedsDone")
	}
	if len(seeds) > MaxSeedsQuery {
		return nil, fmt.Errorf("store: sweep %q cell %q: %d seeds asked about, at most %d allowed", sweep, cell, len(seeds), MaxSeedsQuery)
	}
	done := map[uint64]bool{}
	if len(seeds) == 0 {
		return done, nil
	}
	args := []any{sweep, cell}
	for _, seed := range seeds {
		args = append(args, int64(seed))
	}
	marks := strings.Repeat("?, ", len(seeds)-1) + "?"
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seed FROM games WHERE sweep = ? AND cell = ? AND seed IN (`+marks+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("store: sweep %q cell %q: games done: %w", sweep, cell, err)
	}
	defer rows.Close()
	for rows.Next() {
		var seed int64
		if err := rows.Scan(&seed); err != nil {
			return nil, fmt.Errorf("store: sweep %q cell %q: games done: %w", sweep, cell, err)
		}
		done[uint64(seed)] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: sweep %q cell %q: games done: %w", sweep, cell, err)
	}
	return done, nil
}

// ImportFile imports the JSONL file name ("-": stdin) as Import does; a
// file that does not open is a *game.InputError.
func (s *Store) ImportFile(ctx context.Context, name string, stdin io.Reader, check func(*game.Record) error) (ImportResult, error) {
	if s == nil {
		return ImportResult{}, errNil("ImportFile")
	}
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return ImportResult{}, &game.InputError{Err: fmt.Errorf("import: %w", err)} // no such file, not readable: the caller's mistake
		}
		defer f.Close()
		r = f
	}
	res, err := s.Import(ctx, r, check)
	if err != nil {
		return res, fmt.Errorf("%s: %w", name, err)
	}
	return res, nil
}
