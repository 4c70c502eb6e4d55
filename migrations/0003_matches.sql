-- Matches between players (2 to 4 seats) and against the engine, and their
-- Glicko-2 ratings. A match is a row of `games` (mode 'match') so it shares
-- the moves table, the version-guarded transitions, the outbox and the
-- replays with community games; the tables here hold what only matches have.

ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'community' CHECK (mode IN ('community', 'match'));

-- One live community game per channel; matches do not take the channel.
DROP INDEX games_one_live_per_channel;
CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel)
    WHERE status IN ('active', 'paused') AND mode = 'community';

-- An invitation to a match; the match starts when every invited player
-- has accepted, in the transaction that marks the challenge accepted.
CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY,
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    rules           TEXT    NOT NULL,  -- JSON object of rule options
    challenger      TEXT    NOT NULL,  -- player id (the platform's, as text)
    challenger_name TEXT    NOT NULL,
    invited         TEXT    NOT NULL,  -- JSON [[id, name], ...], 1 to 3 players
    accepted        TEXT    NOT NULL DEFAULT '[]',  -- JSON [id, ...] of those who accepted
    turn_ms         INTEGER NOT NULL,
    seed            INTEGER NOT NULL,
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'expired')),
    game_id         INTEGER REFERENCES games (id)  -- the match, once accepted
);

CREATE TABLE matches (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id),
    challenge_id INTEGER UNIQUE REFERENCES challenges (id),  -- null against the engine
    turn_ms      INTEGER NOT NULL,
    rated        INTEGER NOT NULL,
    deadline     INTEGER,             -- when the waiting player forfeits; null while nobody waits
    reminded     INTEGER NOT NULL DEFAULT 0,  -- the half-time reminder for this deadline went out
    next_at      INTEGER,             -- the next timer (reminder, then deadline; or the engine's retry): what the scheduler waits for
    end_reason   TEXT CHECK (end_reason IN ('played', 'resigned', 'forfeit'))
) WITHOUT ROWID;

CREATE INDEX matches_next_at ON matches (next_at) WHERE next_at IS NOT NULL;

CREATE TABLE match_seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    player    TEXT,                  -- null: the engine plays this seat
    name      TEXT    NOT NULL,
    channel   TEXT    NOT NULL,      -- the match's channel, for the index below
    live      INTEGER NOT NULL DEFAULT 1,
    rating_before REAL,              -- rated matches, once finished
    rating_after  REAL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- A player has at most one live match per channel, so `/move` there needs
-- no match number.
CREATE UNIQUE INDEX match_seats_one_live ON match_seats (player, channel)
    WHERE live = 1 AND player IS NOT NULL;
CREATE INDEX match_seats_by_player ON match_seats (player, game_id);

CREATE TABLE ratings (
    player     TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    name       TEXT    NOT NULL,     -- the latest display name, for leaderboards
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    streak     INTEGER NOT NULL,     -- > 0 wins in a row, < 0 losses in a row
    best_streak INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player, kind)
) WITHOUT ROWID;

CREATE INDEX ratings_board ON ratings (kind, rating DESC);

-- A match's moves are decided by a player: widen the moves table's check
-- (SQLite cannot alter a CHECK, so the table is rebuilt; nothing refers to it).
CREATE TABLE moves_new (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL,
    notation   TEXT    NOT NULL,
    decided_by TEXT    NOT NULL CHECK (decided_by IN ('community', 'engine', 'chance', 'player')),
    seat       INTEGER,                -- null for chance
    votes      INTEGER,                -- community moves: votes for the winner
    played_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
INSERT INTO moves_new (game_id, ply, notation, decided_by, seat, votes, played_at)
    SELECT game_id, ply, notation, decided_by, seat, votes, played_at FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
