-- The games Kombi stored and the sweeps they belong to (SQLite).
-- Written so that applying it twice is harmless: two processes may migrate a
-- new database file at the same moment.

-- +goose Up
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- the record exactly as 'kombi replay' accepts it (JSON text, byte for byte)
    record      TEXT    NOT NULL,
    -- sha256 (hex) of the record with insignificant whitespace removed
    record_hash TEXT    NOT NULL,
    -- the game's family name (nim, thue, ...) and its canonical game string
    game_name   TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    -- the uint64 seed stored as a signed 64-bit integer with the same bits
    seed        INTEGER NOT NULL,
    -- the bot strings, first mover first, as a JSON array
    players     TEXT    NOT NULL,
    -- the winner's index, NULL for a draw or an unfinished game
    winner      INTEGER,
    length      INTEGER NOT NULL,
    aborted     INTEGER NOT NULL CHECK (aborted IN (0, 1)),
    -- UTC, RFC 3339 with microseconds: 2006-01-02T15:04:05.000000Z
    created_at  TEXT    NOT NULL,
    source      TEXT    NOT NULL CHECK (source IN ('play', 'arena', 'sweep', 'serve', 'import')),
    sweep       TEXT,
    cell        TEXT,
    CHECK ((sweep IS NULL) = (cell IS NULL))
);
-- A game of a sweep is stored once: (sweep, cell, seed) is its key.
CREATE UNIQUE INDEX IF NOT EXISTS games_sweep_cell_seed ON games (sweep, cell, seed) WHERE sweep IS NOT NULL;
-- Outside sweeps the same record is stored once (importing a file twice adds nothing).
CREATE UNIQUE INDEX IF NOT EXISTS games_unswept_record ON games (record_hash) WHERE sweep IS NULL;
CREATE INDEX IF NOT EXISTS games_record_hash ON games (record_hash);
CREATE INDEX IF NOT EXISTS games_game_name ON games (game_name, id);
CREATE INDEX IF NOT EXISTS games_game ON games (game, id);

CREATE TABLE IF NOT EXISTS sweeps (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT    NOT NULL UNIQUE,
    -- the sweep file (TOML or JSON) as it was run
    spec        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    games_total INTEGER NOT NULL CHECK (games_total >= 0)
);

-- +goose Down
DROP TABLE IF EXISTS sweeps;
DROP TABLE IF EXISTS games;
