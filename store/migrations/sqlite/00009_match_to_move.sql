-- The seat to move in an unfinished match, as its server last stored it, so
-- that a listing says whose move it is in matches no server holds in memory
-- (after a restart): 0 or 1, -1 at a chance draw, NULL when finished or
-- stored before this column.

-- +goose Up
ALTER TABLE matches ADD COLUMN to_move INTEGER;

-- +goose Down
ALTER TABLE matches DROP COLUMN to_move;
