-- The settings of a 'kombi serve' match that are not in its record
-- (computer-vs-computer pause and pace, the control token's hash), as a
-- JSON object (PostgreSQL). Applying it twice is harmless.

-- +goose Up
ALTER TABLE matches ADD COLUMN IF NOT EXISTS settings TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE matches DROP COLUMN IF EXISTS settings;
