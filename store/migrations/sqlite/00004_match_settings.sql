-- The settings of a 'kombi serve' match that are not in its record
-- (computer-vs-computer pause and pace, the control token's hash), as a
-- JSON object (SQLite). A second process migrating at the same moment
-- retries and then finds the version applied.

-- +goose Up
ALTER TABLE matches ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE matches DROP COLUMN settings;
