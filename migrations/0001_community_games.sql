-- Community vote-to-move games: games, their moves, ballots, votes,
-- per-channel settings, and the outbox of messages still to show people.
-- Times are Unix milliseconds (UTC). Channels are platform-neutral strings.

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    rules           TEXT    NOT NULL,  -- JSON object of rule options
    start_position  TEXT    NOT NULL,
    position        TEXT    NOT NULL,  -- current position, kept in step with moves
    ply             INTEGER NOT NULL DEFAULT 0,  -- number of rows in moves
    version         INTEGER NOT NULL DEFAULT 0,  -- bumped by every change: the write guard
    status          TEXT    NOT NULL CHECK (status IN ('active', 'paused', 'finished', 'stopped')),
    seed            INTEGER NOT NULL,  -- drives the engine and chance, recorded for replays
    level           TEXT    NOT NULL,
    vote_ms         INTEGER NOT NULL,
    max_extensions  INTEGER NOT NULL,
    community_seats TEXT    NOT NULL,  -- JSON array of seat numbers the community plays
    started_by      TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    finished_at     INTEGER,
    outcome         TEXT               -- JSON Outcome once finished
);

-- At most one live game per channel; finished and stopped games stay as history.
CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel) WHERE status IN ('active', 'paused');

-- A ballot is named by its game and the ply it decides, so a retried step
-- can never open a second ballot for the same decision.
CREATE TABLE ballots (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    ply           INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    legal         TEXT    NOT NULL,    -- JSON array: every legal move in notation
    ranking       TEXT    NOT NULL,    -- JSON array: moves in the engine's order, best first (may be partial)
    featured      TEXT    NOT NULL,    -- JSON array: the numbered options, at most 10
    opened_at     INTEGER NOT NULL,
    deadline      INTEGER NOT NULL,
    extensions    INTEGER NOT NULL DEFAULT 0,
    status        TEXT    NOT NULL CHECK (status IN ('open', 'closed', 'abandoned')),
    winner        TEXT,
    tally         TEXT,                -- JSON [[move, votes], ...] at the close
    tie_broken    INTEGER NOT NULL DEFAULT 0,
    closed_at     INTEGER,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- The scheduler asks for the earliest open deadline.
CREATE INDEX ballots_open_deadline ON ballots (deadline) WHERE status = 'open';

CREATE TABLE votes (
    game_id   INTEGER NOT NULL,
    ply       INTEGER NOT NULL,
    voter     TEXT    NOT NULL,
    move      TEXT    NOT NULL,        -- canonical notation of a legal move
    cast_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply, voter),
    FOREIGN KEY (game_id, ply) REFERENCES ballots (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL,
    notation   TEXT    NOT NULL,
    decided_by TEXT    NOT NULL CHECK (decided_by IN ('community', 'engine', 'chance')),
    seat       INTEGER,                -- null for chance
    votes      INTEGER,                -- community moves: votes for the winner
    played_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)         -- a decision is recorded once, whoever retries
) WITHOUT ROWID;

CREATE TABLE channel_settings (
    channel        TEXT PRIMARY KEY,
    vote_ms        INTEGER,
    level          TEXT,
    max_extensions INTEGER,
    starter_role   TEXT                -- platform role allowed to start/stop, besides admins
) WITHOUT ROWID;

CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id),
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    payload         TEXT    NOT NULL,  -- JSON Announcement
    created_at      INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error      TEXT,
    delivered_at    INTEGER,
    delivery_ref    TEXT               -- what the platform answered (message ids), for edits
);

CREATE INDEX outbox_pending ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
