-- Community against community: a community game's seats played by the
-- communities of several channels (in one server or several), the codes
-- that invite another community, and the communities' names.

-- The channels that play a community game, each for some of its seats.
-- Every community game has at least its starting channel here, so "the
-- live game of a channel" means one thing whichever side it plays.
CREATE TABLE game_sides (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    channel   TEXT    NOT NULL,
    server    TEXT,                      -- the platform's server: the community, for ratings and names
    seats     TEXT    NOT NULL,          -- JSON array of the seats this channel votes for
    live      INTEGER NOT NULL DEFAULT 1,  -- cleared when the game ends, for the index below
    PRIMARY KEY (game_id, channel)
) WITHOUT ROWID;

-- At most one live community game per channel, whichever side it plays.
CREATE UNIQUE INDEX game_sides_one_live_per_channel ON game_sides (channel) WHERE live;

INSERT INTO game_sides (game_id, channel, server, seats, live)
    SELECT id, channel, NULL, community_seats, CASE WHEN status IN ('active', 'paused') THEN 1 ELSE 0 END
    FROM games WHERE mode = 'community';

-- Which side each member voted for in a shared game: a member votes for
-- one side only, and the primary key makes that hold across processes.
CREATE TABLE side_voters (
    game_id INTEGER NOT NULL REFERENCES games (id),
    voter   TEXT    NOT NULL,
    channel TEXT    NOT NULL,
    PRIMARY KEY (game_id, voter)
) WITHOUT ROWID;

-- An invitation from one channel's community to another's, by code.
CREATE TABLE community_challenges (
    code          TEXT    PRIMARY KEY,       -- short, random, typed by the accepting manager
    channel       TEXT    NOT NULL,
    server        TEXT,
    kind          TEXT    NOT NULL,
    rules         TEXT    NOT NULL,          -- JSON object of rule options
    seats         TEXT    NOT NULL,          -- JSON array: the challenger's seats; the accepter gets the rest
    vote_ms       INTEGER NOT NULL,
    ballot_format TEXT    NOT NULL CHECK (ballot_format IN ('auto', 'poll', 'menus')),
    public        INTEGER NOT NULL,
    created_by    TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'withdrawn')),
    game_id       INTEGER REFERENCES games (id)  -- the game, once accepted
) WITHOUT ROWID;

CREATE INDEX community_challenges_lobby ON community_challenges (kind, expires_at)
    WHERE status = 'open' AND public;

-- A community's name as other servers see it. `shown` is set once a
-- manager of the server has challenged publicly or accepted a challenge:
-- before that, no other server learns the name.
CREATE TABLE communities (
    server     TEXT    PRIMARY KEY,
    name       TEXT    NOT NULL,
    shown      INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;
