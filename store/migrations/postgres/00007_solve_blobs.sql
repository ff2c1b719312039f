-- What distributed work stores besides answers (PostgreSQL): blobs of a
-- game's solvers, such as the table entries a worker's leaf solver proved
-- (shared with the other workers) or the shape values of a shard of a
-- table computed by workers. Applying it twice is harmless.

-- +goose Up
CREATE TABLE IF NOT EXISTS solve_blobs (
    id         BIGSERIAL   PRIMARY KEY,
    -- the game string they belong to, and what they hold ("proofs", ...)
    game       TEXT        NOT NULL,
    kind       TEXT        NOT NULL,
    -- unique within game and kind when not empty (a shard's name)
    name       TEXT        NOT NULL DEFAULT '',
    data       BYTEA       NOT NULL,
    worker     TEXT        NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS solve_blobs_by_kind ON solve_blobs (game, kind, id);
CREATE UNIQUE INDEX IF NOT EXISTS solve_blobs_by_name ON solve_blobs (game, kind, name) WHERE name <> '';

-- +goose Down
DROP TABLE IF EXISTS solve_blobs;
