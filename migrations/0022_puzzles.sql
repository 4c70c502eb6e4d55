-- The daily puzzle (issue #46). Puzzles themselves are shipped data
-- (assets/puzzles/, checked by the games crate), known here by their id;
-- these tables hold who was shown which, who voted for what and who
-- solved what.

-- A server's daily puzzle: posted with the Gamer of the Day, at its time,
-- in `channel`; the community's vote stays open `hours` after the post.
-- `game` NULL rotates through the games by date.
CREATE TABLE puzzle_settings (
    server        TEXT    PRIMARY KEY,
    channel       TEXT    NOT NULL,
    game          TEXT,
    hours         INTEGER NOT NULL,
    configured_at INTEGER NOT NULL
) WITHOUT ROWID;

-- One round per server and local date: inserting it is the claim, in the
-- same transaction as its outbox row. A puzzle is not shown twice in a
-- server until every puzzle of its game has been (`cycle` counts rounds
-- of every puzzle of a game, as the curated lists of 0004 do).
CREATE TABLE puzzle_rounds (
    server      TEXT    NOT NULL,
    local_date  TEXT    NOT NULL,
    channel     TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    cycle       INTEGER NOT NULL,
    puzzle      TEXT    NOT NULL,
    opened_at   INTEGER NOT NULL,
    closes_at   INTEGER NOT NULL,
    revealed_at INTEGER,
    post        TEXT,             -- the platform's reference of the post, once posted
    PRIMARY KEY (server, local_date),
    UNIQUE (server, game, cycle, puzzle)
) WITHOUT ROWID;

CREATE INDEX puzzle_rounds_unrevealed ON puzzle_rounds (closes_at) WHERE revealed_at IS NULL;

-- One vote per member per round; a member may change it while it is open.
CREATE TABLE puzzle_votes (
    server     TEXT    NOT NULL,
    local_date TEXT    NOT NULL,
    voter      TEXT    NOT NULL,
    move       TEXT    NOT NULL,
    voted_at   INTEGER NOT NULL,
    PRIMARY KEY (server, local_date, voter)
) WITHOUT ROWID;

-- A member's private try at a puzzle: one per member and puzzle, rated
-- once. `step` is the next answer wanted while open.
CREATE TABLE puzzle_attempts (
    member     TEXT    NOT NULL,
    puzzle     TEXT    NOT NULL,
    server     TEXT    NOT NULL,  -- where it was started ('' in a DM)
    step       INTEGER NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('open', 'solved', 'failed')),
    wrong_move TEXT,
    started_at INTEGER NOT NULL,
    ended_at   INTEGER,
    PRIMARY KEY (member, puzzle)
) WITHOUT ROWID;

CREATE INDEX puzzle_attempts_open ON puzzle_attempts (member, started_at) WHERE status = 'open';

-- Glicko-2 puzzle ratings of members and of puzzles, rated against each
-- other as lichess does; a puzzle without a row has its difficulty's.
CREATE TABLE puzzle_players (
    member      TEXT    PRIMARY KEY,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    solved      INTEGER NOT NULL,
    failed      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,  -- puzzles solved in a row
    best_streak INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE puzzle_ratings (
    puzzle     TEXT    PRIMARY KEY,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    plays      INTEGER NOT NULL
) WITHOUT ROWID;

-- Who tried puzzles in which server, for the server's ranking.
CREATE TABLE puzzle_server_members (
    server TEXT NOT NULL,
    member TEXT NOT NULL,
    PRIMARY KEY (server, member)
) WITHOUT ROWID;
