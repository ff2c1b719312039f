-- The games Kombi stored and the sweeps they belong to (PostgreSQL).
-- Migrations run under goose's advisory lock, so one process applies them.

-- +goose Up
CREATE TABLE IF NOT EXISTS games (
    id          BIGSERIAL PRIMARY KEY,
    -- the record exactly as 'kombi replay' accepts it (JSON text, byte for
    -- byte: text, not jsonb, which would reorder it)
    record      TEXT        NOT NULL,
    -- sha256 (hex) of the record with insignificant whitespace removed
    record_hash TEXT        NOT NULL,
    -- the game's family name (nim, thue, ...) and its canonical game string
    game_name   TEXT        NOT NULL,
    game        TEXT        NOT NULL,
    -- the uint64 seed stored as a signed 64-bit integer with the same bits
    seed        BIGINT      NOT NULL,
    -- the bot strings, first mover first, as a JSON array
    players     TEXT        NOT NULL,
    -- the winner's index, NULL for a draw or an unfinished game
    winner      INTEGER,
    length      BIGINT      NOT NULL,
    aborted     BOOLEAN     NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    source      TEXT        NOT NULL CHECK (source IN ('play', 'arena', 'sweep', 'serve', 'import')),
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
    id          BIGSERIAL   PRIMARY KEY,
    name        TEXT        NOT NULL UNIQUE,
    -- the sweep file (TOML or JSON) as it was run
    spec        TEXT        NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    games_total BIGINT      NOT NULL CHECK (games_total >= 0)
);

-- +goose Down
DROP TABLE IF EXISTS sweeps;
DROP TABLE IF EXISTS games;
