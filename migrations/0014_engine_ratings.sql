-- Each channel's Glicko-2 rating against the engine, one per game: the
-- adaptive level picks the engine level nearest it. Moved in the
-- transaction that ends a game of the channel against the engine. The
-- rating is on the engine's ladder scale (level random = 0), not 1500.

CREATE TABLE engine_ratings (
    channel    TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (channel, kind)
) WITHOUT ROWID;
