-- What each member's votes did, per server: which move the post-game
-- review judged best at each community decision, kept when the review is
-- recorded (the review itself is computed again on demand, too slowly to
-- read for every member's figures). Games reviewed before this table have
-- no rows here: their ballots count as voted, never as judged.
CREATE TABLE reviewed_decisions (
    game_id   INTEGER NOT NULL,
    ply       INTEGER NOT NULL,
    preferred TEXT    NOT NULL,  -- the engine's choice, in the votes' notation
    forced    INTEGER NOT NULL,  -- the only legal move: no choice to match
    PRIMARY KEY (game_id, ply),
    FOREIGN KEY (game_id, ply) REFERENCES ballots (game_id, ply)
) WITHOUT ROWID;

-- A server's figures start from its sides.
CREATE INDEX game_sides_by_server ON game_sides (server) WHERE server IS NOT NULL;

-- Games against the engine were recorded without their server. A channel
-- belongs to one server for good, so a channel whose server another row
-- names (a game between communities, a challenge) lends it to its older
-- games; the rest stay without one and count for no server.
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
