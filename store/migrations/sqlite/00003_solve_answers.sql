-- What workers proved about the subproblems of distributed solves
-- ('kombi solve GAME --distribute'), SQLite. Applying it twice is harmless.

-- +goose Up
CREATE TABLE IF NOT EXISTS solve_answers (
    -- the game string the answers belong to (the game's solver, not its start)
    game       TEXT    NOT NULL,
    -- the position, in the game's canonical text
    position   TEXT    NOT NULL,
    -- proven bounds of the position's value: lo <= value <= hi
    -- (-2^63 and 2^63-1 when unknown)
    lo         INTEGER NOT NULL,
    hi         INTEGER NOT NULL,
    -- the least threshold a job ran out of time on (0: none): split further
    too_long   INTEGER NOT NULL DEFAULT 0,
    -- the work of every job on the position, added up
    nodes      INTEGER NOT NULL DEFAULT 0,
    seconds    REAL    NOT NULL DEFAULT 0,
    -- the worker that stored the latest answer
    worker     TEXT    NOT NULL DEFAULT '',
    -- UTC, RFC 3339 with microseconds: 2006-01-02T15:04:05.000000Z
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (game, position)
);

-- +goose Down
DROP TABLE IF EXISTS solve_answers;
