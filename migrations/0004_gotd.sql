-- Gamer of the Day: the daily post per server (issue #11).
-- Servers and channels are platform-neutral strings ("discord:<id>");
-- local dates are 'YYYY-MM-DD' in the server's time zone.

-- Which server a channel belongs to, noted by the adapter when a command
-- runs there, so a server's record can be read from its channels' games.
CREATE TABLE channel_servers (
    channel TEXT PRIMARY KEY,
    server  TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX channel_servers_by_server ON channel_servers (server);

CREATE TABLE gotd_settings (
    server        TEXT PRIMARY KEY,
    channel       TEXT    NOT NULL,
    post_time     TEXT    NOT NULL,           -- 'HH:MM', local
    time_zone     TEXT    NOT NULL,           -- IANA name
    mentions      INTEGER NOT NULL DEFAULT 0, -- ping the member of the day
    configured_at INTEGER NOT NULL
) WITHOUT ROWID;

-- One row per server and local date: inserting it is the claim that only
-- one process can win, in the same transaction as the outbox row.
CREATE TABLE gotd_posts (
    server     TEXT    NOT NULL,
    local_date TEXT    NOT NULL,
    channel    TEXT    NOT NULL,
    subject    TEXT    NOT NULL,  -- 'member:<id>' or 'character:<item id>'
    fact       TEXT    NOT NULL,  -- fun fact item id
    posted_at  INTEGER NOT NULL,
    PRIMARY KEY (server, local_date)
) WITHOUT ROWID;

-- Curated items shown per server, by cycle: an item is not shown again
-- until every item of its list has been shown in the current cycle.
CREATE TABLE gotd_used (
    server  TEXT    NOT NULL,
    list    TEXT    NOT NULL CHECK (list IN ('character', 'fun-fact')),
    cycle   INTEGER NOT NULL,
    item    TEXT    NOT NULL,
    used_at INTEGER NOT NULL,
    PRIMARY KEY (server, list, cycle, item)
) WITHOUT ROWID;

-- The outbox now also carries messages that belong to no game (the daily
-- post), so game_id becomes optional. SQLite cannot drop NOT NULL in place:
-- the table is rebuilt with the same columns and indexes.
CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER REFERENCES games (id),
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    payload         TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error      TEXT,
    delivered_at    INTEGER,
    delivery_ref    TEXT
);

INSERT INTO outbox_new (id, game_id, channel, kind, payload, created_at, attempts, next_attempt_at, last_error, delivered_at, delivery_ref)
SELECT id, game_id, channel, kind, payload, created_at, attempts, next_attempt_at, last_error, delivered_at, delivery_ref FROM outbox;

DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
