-- Each change of a served match is a compare-and-swap on its version, so
-- that servers sharing a database never give one match two histories; and
-- the columns a listing of matches shows, so that it reads no records
-- (PostgreSQL). Applying it twice is harmless.

-- +goose Up
ALTER TABLE matches ADD COLUMN IF NOT EXISTS version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS game TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN IF NOT EXISTS seed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS players TEXT NOT NULL DEFAULT '[]';
ALTER TABLE matches ADD COLUMN IF NOT EXISTS moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS winner INTEGER;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS reason TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE matches DROP COLUMN IF EXISTS reason;
ALTER TABLE matches DROP COLUMN IF EXISTS winner;
ALTER TABLE matches DROP COLUMN IF EXISTS moves;
ALTER TABLE matches DROP COLUMN IF EXISTS players;
ALTER TABLE matches DROP COLUMN IF EXISTS seed;
ALTER TABLE matches DROP COLUMN IF EXISTS game;
ALTER TABLE matches DROP COLUMN IF EXISTS version;
