-- PostgreSQL's copy of ../0010_community_sides.sql: the channels that play
-- a community game's seats, one side per member, the codes that invite
-- another community, and the communities' names. See the
-- SQLite file for what each column means.

CREATE TABLE game_sides (
    game_id   BIGINT  NOT NULL REFERENCES games (id),
    channel   TEXT COLLATE "C" NOT NULL,
    server    TEXT COLLATE "C",
    seats     TEXT    NOT NULL,
    live      BOOLEAN NOT NULL DEFAULT TRUE,
    PRIMARY KEY (game_id, channel)
);

CREATE UNIQUE INDEX game_sides_one_live_per_channel ON game_sides (channel) WHERE live;

INSERT INTO game_sides (game_id, channel, server, seats, live)
    SELECT id, channel, NULL, community_seats, status IN ('active', 'paused')
    FROM games WHERE mode = 'community';

CREATE TABLE side_voters (
    game_id BIGINT  NOT NULL REFERENCES games (id),
    voter   TEXT COLLATE "C" NOT NULL,
    channel TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (game_id, voter)
);

CREATE TABLE community_challenges (
    code          TEXT COLLATE "C" PRIMARY KEY,
    channel       TEXT COLLATE "C" NOT NULL,
    server        TEXT COLLATE "C",
    kind          TEXT COLLATE "C" NOT NULL,
    rules         TEXT    NOT NULL,
    seats         TEXT    NOT NULL,
    vote_ms       BIGINT  NOT NULL,
    ballot_format TEXT COLLATE "C" NOT NULL CHECK (ballot_format IN ('auto', 'poll', 'menus')),
    public        BOOLEAN NOT NULL,
    created_by    TEXT COLLATE "C" NOT NULL,
    created_at    BIGINT  NOT NULL,
    expires_at    BIGINT  NOT NULL,
    status        TEXT COLLATE "C" NOT NULL CHECK (status IN ('open', 'accepted', 'withdrawn')),
    game_id       BIGINT REFERENCES games (id)
);

CREATE INDEX community_challenges_lobby ON community_challenges (kind, expires_at)
    WHERE status = 'open' AND public;

CREATE TABLE communities (
    server     TEXT COLLATE "C" PRIMARY KEY,
    name       TEXT    NOT NULL,
    shown      BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at BIGINT  NOT NULL
);
