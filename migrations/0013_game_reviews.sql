-- A finished community game's review, recorded in the transaction that
-- queues its posts, so it is posted once whoever computes it and however
-- often. Games that ended before reviews existed are marked reviewed here:
-- an upgrade must not flood old channels with reviews of old games.

CREATE TABLE game_reviews (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    reviewed_at INTEGER NOT NULL
);

INSERT INTO game_reviews (game_id, reviewed_at)
SELECT id, COALESCE(finished_at, created_at) FROM games WHERE status = 'finished';
