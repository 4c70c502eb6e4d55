-- PostgreSQL's copy of ../0013_game_reviews.sql: which finished community
-- games have had their review queued. See the SQLite file for why.

CREATE TABLE game_reviews (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id),
    reviewed_at BIGINT NOT NULL
);

INSERT INTO game_reviews (game_id, reviewed_at)
SELECT id, COALESCE(finished_at, created_at) FROM games WHERE status = 'finished';
