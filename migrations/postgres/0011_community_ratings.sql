-- PostgreSQL's copy of ../0011_community_ratings.sql: communities' ratings
-- per server and game, and each side's rating before and after a rated
-- game. See the SQLite file for what each column means.

CREATE TABLE community_ratings (
    server     TEXT COLLATE "C" NOT NULL,
    kind       TEXT COLLATE "C" NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT  NOT NULL,
    wins       BIGINT  NOT NULL,
    draws      BIGINT  NOT NULL,
    losses     BIGINT  NOT NULL,
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (server, kind)
);

CREATE INDEX community_ratings_board ON community_ratings (kind, rating DESC);

ALTER TABLE game_sides ADD COLUMN rating_before DOUBLE PRECISION;
ALTER TABLE game_sides ADD COLUMN rating_after DOUBLE PRECISION;
