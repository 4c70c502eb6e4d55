-- PostgreSQL's copy of ../0017_vote_stats.sql: each reviewed community
-- decision's engine choice, and the servers of older games' sides. See the
-- SQLite file for why.
CREATE TABLE reviewed_decisions (
    game_id   BIGINT  NOT NULL,
    ply       BIGINT  NOT NULL,
    preferred TEXT COLLATE "C" NOT NULL,
    forced    BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, ply),
    FOREIGN KEY (game_id, ply) REFERENCES ballots (game_id, ply)
);

CREATE INDEX game_sides_by_server ON game_sides (server) WHERE server IS NOT NULL;

UPDATE game_sides
SET server = (
    SELECT known.server FROM (
        SELECT channel, server FROM game_sides WHERE server IS NOT NULL
        UNION ALL SELECT channel, server FROM community_challenges WHERE server IS NOT NULL
    ) known
    WHERE known.channel = game_sides.channel
    LIMIT 1
)
WHERE server IS NULL;
