-- Leagues between communities (docs/leagues.md): a season of community
-- games in threads, its entrants, rounds and results. Every promise made
-- across processes is a key or a guarded update here, not a read:
-- a community enters once (the entrants' key), entries stop at 64 and at
-- the start (the guarded `entered` counter), a round starts once (the
-- rounds' key), a result counts once (`finish` set where it is null),
-- a round or deciding games planned before a leave, or a leave planned
-- before a round, are refused (the guarded `epoch` counter), and a step
-- does not clear a wake that came while it ran (the guarded `wakes`).

CREATE TABLE leagues (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    code          TEXT    NOT NULL UNIQUE,   -- entry code, the invitations' alphabet
    kind          TEXT    NOT NULL,          -- GameKind
    rules         TEXT    NOT NULL,          -- JSON, as games.rules
    format        TEXT    NOT NULL CHECK (format IN ('round-robin', 'double-round-robin', 'knockout', 'tables')),
    pairing_games INTEGER NOT NULL CHECK (pairing_games IN (1, 2)),
    move_ms       INTEGER NOT NULL,          -- 1 hour to 3 days
    round_moves   INTEGER NOT NULL,          -- RoundClock::moves
    rounds        INTEGER,                   -- tables only
    ballot_format TEXT    NOT NULL,
    discuss_ms    INTEGER NOT NULL,
    hidden_tally  INTEGER NOT NULL,
    min_account_age_ms    INTEGER NOT NULL DEFAULT 0,
    min_time_in_server_ms INTEGER NOT NULL DEFAULT 0,
    public        INTEGER NOT NULL,          -- listed in the lobby
    seed          INTEGER NOT NULL,          -- games' seeds and deciding games' colours
    server        TEXT    NOT NULL,          -- the creator's community
    channel       TEXT    NOT NULL,          -- and channel
    created_by    TEXT    NOT NULL,
    start_at      INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('entering', 'closed', 'running', 'finished', 'cancelled')),
    entered       INTEGER NOT NULL DEFAULT 0 CHECK (entered BETWEEN 0 AND 64),
    next_at       INTEGER,                   -- the scheduler's next step: start, round, deadline
    wakes         INTEGER NOT NULL DEFAULT 0, -- bumped by each result and leave: a step's next look is guarded by it
    epoch         INTEGER NOT NULL DEFAULT 0, -- bumped by each write planned from the entrants and games: a round, deciding games, a leave
    created_at    INTEGER NOT NULL,
    finished_at   INTEGER
);
CREATE INDEX leagues_due ON leagues (next_at) WHERE status IN ('entering', 'closed', 'running');

CREATE TABLE league_entrants (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    server    TEXT    NOT NULL,              -- the community
    channel   TEXT    NOT NULL,              -- where its threads open
    entrant   INTEGER,                       -- entry number, set at the start
    rating    REAL,                          -- community rating at the start
    joined_by TEXT    NOT NULL,
    joined_at INTEGER NOT NULL,
    left_at   INTEGER,                       -- left after the start: forfeits
    PRIMARY KEY (league_id, server)          -- a community enters once
) WITHOUT ROWID;
CREATE UNIQUE INDEX league_entrants_number ON league_entrants (league_id, entrant);

CREATE TABLE league_rounds (
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    round      INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    deadline   INTEGER NOT NULL,
    sitting_out TEXT,                        -- four-army tables: JSON entrants who sit this round out
    PRIMARY KEY (league_id, round)           -- a round starts once
) WITHOUT ROWID;

-- Every game of the league. A game forfeited before it was created (its
-- community had left) has a finish and no game.
CREATE TABLE league_games (
    league_id INTEGER NOT NULL,
    round     INTEGER NOT NULL,
    board     INTEGER NOT NULL,              -- pairing or table number in the round
    leg       INTEGER NOT NULL,              -- 0, 1 (two games a pairing), 2 (a deciding game)
    game_id   INTEGER UNIQUE REFERENCES games (id),
    entrants  TEXT    NOT NULL,              -- JSON Fixture (the first plays seat 0), or a table's four seats
    finish    TEXT,                          -- JSON Finish, or a table's places and leavers; set once
    ended_at  INTEGER,                       -- when the game ended (a table's places follow from its record)
    PRIMARY KEY (league_id, round, board, leg),
    FOREIGN KEY (league_id, round) REFERENCES league_rounds (league_id, round)
) WITHOUT ROWID;

-- The thread a league game's side plays in, under its community's
-- channel. Until the adapter reports the thread, the side plays under
-- `placeholder`, a channel key no platform has.
CREATE TABLE league_threads (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    channel     TEXT    NOT NULL,            -- the parent
    placeholder TEXT    NOT NULL UNIQUE,
    thread      TEXT,                        -- set once, when the adapter reports it
    PRIMARY KEY (game_id, channel)
) WITHOUT ROWID;
CREATE INDEX league_threads_by_parent ON league_threads (channel);
