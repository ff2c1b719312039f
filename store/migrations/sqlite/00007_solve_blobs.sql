-- What distributed work stores besides answers (SQLite): blobs of a
-- game's solvers, such as the table entries a worker's leaf solver proved
-- (shared with the other workers) or the shape values of a shard of a
-- table computed by workers. Applying it twice is harmless.

-- +goose Up
CREATE TABLE IF NOT EXISTS solve_blobs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    -- the game string they belong to, and what they hold ("proofs", ...)
    game       TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    -- unique within game and kind when not empty (a shard's name)
    name       TEXT    NOT NULL DEFAULT '',
    data       BLOB    NOT NULL,
    worker     TEXT    NOT NULL DEFAULT '',
    -- UTC, RFC 3339 with microseconds: 2006-01-02T15:04:05.000000Z
    created_at TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS solve_blobs_by_kind ON solve_blobs (game, kind, id);
CREATE UNIQUE INDEX IF NOT EXISTS solve_blobs_by_name ON solve_blobs (game, kind, name) WHERE name <> '';

-- +goose Down
DROP TABLE IF EXISTS solve_blobs;
