-- The matches of 'kombi serve' (saved after every move, so a restarted
-- server continues them) and the best solo scores (SQLite). Applying it
-- twice is harmless.

-- +goose Up
CREATE TABLE IF NOT EXISTS matches (
    id           TEXT    PRIMARY KEY,
    -- normal or solo (one person against the computer, for a high score)
    mode         TEXT    NOT NULL,
    -- the match so far as a game record (JSON text)
    record       TEXT    NOT NULL,
    -- SHA-256 (hex) of each seat's token; empty for a computer seat
    token_hash_0 TEXT    NOT NULL,
    token_hash_1 TEXT    NOT NULL,
    finished     INTEGER NOT NULL CHECK (finished IN (0, 1)),
    -- the game's family name (nim, thue, ...), to list the matches of one
    game_name    TEXT    NOT NULL,
    -- UTC, RFC 3339 with microseconds: 2006-01-02T15:04:05.000000Z
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_finished ON matches (finished, created_at);
CREATE INDEX IF NOT EXISTS matches_game_name ON matches (game_name, created_at);

CREATE TABLE IF NOT EXISTS high_scores (
    -- the game string without its random parameters
    key        TEXT    PRIMARY KEY,
    score      INTEGER NOT NULL,
    updated_at TEXT    NOT NULL
);

-- +goose Down
DROP TABLE IF EXISTS high_scores;
DROP TABLE IF EXISTS matches;
