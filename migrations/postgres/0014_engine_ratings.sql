-- PostgreSQL's copy of ../0014_engine_ratings.sql: each channel's rating
-- against the engine per game. See the SQLite file for what it means.

CREATE TABLE engine_ratings (
    channel    TEXT COLLATE "C" NOT NULL,
    kind       TEXT COLLATE "C" NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT  NOT NULL,
    wins       BIGINT  NOT NULL,
    draws      BIGINT  NOT NULL,
    losses     BIGINT  NOT NULL,
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (channel, kind)
);
