-- PostgreSQL's copy of ../0004_gotd.sql: Gamer of the Day (issue #11).

CREATE TABLE channel_servers (
    channel TEXT COLLATE "C" PRIMARY KEY,
    server  TEXT COLLATE "C" NOT NULL
);

CREATE INDEX channel_servers_by_server ON channel_servers (server);

CREATE TABLE gotd_settings (
    server        TEXT COLLATE "C" PRIMARY KEY,
    channel       TEXT COLLATE "C" NOT NULL,
    post_time     TEXT    NOT NULL,
    time_zone     TEXT    NOT NULL,
    mentions      BOOLEAN NOT NULL DEFAULT FALSE,
    configured_at BIGINT  NOT NULL
);

CREATE TABLE gotd_posts (
    server     TEXT COLLATE "C" NOT NULL,
    local_date TEXT COLLATE "C" NOT NULL,
    channel    TEXT COLLATE "C" NOT NULL,
    subject    TEXT COLLATE "C" NOT NULL,
    fact       TEXT COLLATE "C" NOT NULL,
    posted_at  BIGINT  NOT NULL,
    PRIMARY KEY (server, local_date)
);

CREATE TABLE gotd_used (
    server  TEXT COLLATE "C" NOT NULL,
    list    TEXT COLLATE "C" NOT NULL CHECK (list IN ('character', 'fun-fact')),
    cycle   BIGINT  NOT NULL,
    item    TEXT COLLATE "C" NOT NULL,
    used_at BIGINT  NOT NULL,
    PRIMARY KEY (server, list, cycle, item)
);

-- Messages of no game (the daily post): PostgreSQL drops NOT NULL in place.
ALTER TABLE outbox ALTER COLUMN game_id DROP NOT NULL;
