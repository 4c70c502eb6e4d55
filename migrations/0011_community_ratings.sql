-- Communities' Glicko-2 ratings, one per server and game, moved when a
-- game between communities of different servers ends; and each side's
-- rating before and after that game, for its history and announcements.

CREATE TABLE community_ratings (
    server     TEXT    NOT NULL,     -- the platform's server: the community
    kind       TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (server, kind)
) WITHOUT ROWID;

CREATE INDEX community_ratings_board ON community_ratings (kind, rating DESC);

-- Set only for the sides of a rated game, in the transaction that ends it.
ALTER TABLE game_sides ADD COLUMN rating_before REAL;
ALTER TABLE game_sides ADD COLUMN rating_after REAL;
