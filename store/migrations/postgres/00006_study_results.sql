-- What studies computed once and keep (timings, exact tables): each a JSON
-- document under a key, so that a rerun reads it instead of computing it
-- again ('kombi report sources'), PostgreSQL.

-- +goose Up
CREATE TABLE IF NOT EXISTS study_results (
    -- what the result is, with every setting that changes it
    -- ("sources/wythoff/timings?max-n=671088640")
    name       TEXT             NOT NULL PRIMARY KEY,
    -- the result, JSON (gzip and base64 behind 'gz:' above a mebibyte)
    data       TEXT             NOT NULL,
    -- the seconds it took to compute, and where
    seconds    DOUBLE PRECISION NOT NULL DEFAULT 0,
    machine    TEXT             NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ      NOT NULL
);

-- +goose Down
DROP TABLE IF EXISTS study_results;
