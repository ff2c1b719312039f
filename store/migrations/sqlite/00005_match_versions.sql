-- Each change of a served match is a compare-and-swap on its version, so
-- that servers sharing a database never give one match two histories; and
-- the columns a listing of matches shows, so that it reads no records
-- (SQLite). A second process migrating at the same moment retries and
-- then finds the version applied.

-- +goose Up
ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN seed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN players TEXT NOT NULL DEFAULT '[]';
ALTER TABLE matches ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN winner INTEGER;
ALTER TABLE matches ADD COLUMN reason TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE matches DROP COLUMN reason;
ALTER TABLE matches DROP COLUMN winner;
ALTER TABLE matches DROP COLUMN moves;
ALTER TABLE matches DROP COLUMN players;
ALTER TABLE matches DROP COLUMN seed;
ALTER TABLE matches DROP COLUMN game;
ALTER TABLE matches DROP COLUMN version;
