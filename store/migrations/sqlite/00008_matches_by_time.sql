-- The listing of every match, newest first, a page at a time after a match
-- (GET /api/matches, the browser's All matches): an index in its order.
-- Applying it twice is harmless.

-- +goose Up
CREATE INDEX IF NOT EXISTS matches_created ON matches (created_at, id);

-- +goose Down
DROP INDEX IF EXISTS matches_created;
