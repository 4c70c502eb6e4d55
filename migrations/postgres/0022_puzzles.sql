-- PostgreSQL's copy of ../0022_puzzles.sql: the daily puzzle's rounds,
-- votes, tries and ratings. See the SQLite file for why.

-- A server's daily puzzle: posted with the Gamer of the Day, at its time,
-- in `channel`; the community's vote stays open `hours` after the post.
-- `game` NULL rotates through the games by date.
CREATE TABLE puzzle_settings (
    server        TEXT COLLATE "C" PRIMARY KEY,
    channel       TEXT    NOT NULL,
    game          TEXT,
    hours         BIGINT NOT NULL,
    configured_at BIGINT NOT NULL
);

-- One round per server and local date: inserting it is the claim, in the
-- same transaction as its outbox row. A puzzle is not shown twice in a
-- server until every puzzle of its game has been (`cycle` counts rounds
-- of every puzzle of a game, as the curated lists of 0004 do).
CREATE TABLE puzzle_rounds (
    server      TEXT    NOT NULL,
    local_date  TEXT    NOT NULL,
    channel     TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    cycle       BIGINT NOT NULL,
    puzzle      TEXT    NOT NULL,
    opened_at   BIGINT NOT NULL,
    closes_at   BIGINT NOT NULL,
    revealed_at BIGINT,
    post        TEXT,             -- the platform's reference of the post, once posted
    PRIMARY KEY (server, local_date),
    UNIQUE (server, game, cycle, puzzle)
);

CREATE INDEX puzzle_rounds_unrevealed ON puzzle_rounds (closes_at) WHERE revealed_at IS NULL;

-- One vote per member per round; a member may change it while it is open.
CREATE TABLE puzzle_votes (
    server     TEXT    NOT NULL,
    local_date TEXT    NOT NULL,
    voter      TEXT    NOT NULL,
    move       TEXT    NOT NULL,
    voted_at   BIGINT NOT NULL,
    PRIMARY KEY (server, local_date, voter)
);

-- A member's private try at a puzzle: one per member and puzzle, rated
-- once. `step` is the next answer wanted while open.
CREATE TABLE puzzle_attempts (
    member     TEXT    NOT NULL,
    puzzle     TEXT    NOT NULL,
    server     TEXT    NOT NULL,  -- where it was started ('' in a DM)
    step       BIGINT NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('open', 'solved', 'failed')),
    wrong_move TEXT,
    started_at BIGINT NOT NULL,
    ended_at   BIGINT,
    PRIMARY KEY (member, puzzle)
);

CREATE INDEX puzzle_attempts_open ON puzzle_attempts (member, started_at) WHERE status = 'open';

-- Glicko-2 puzzle ratings of members and of puzzles, rated against each
-- other as lichess does; a puzzle without a row has its difficulty's.
CREATE TABLE puzzle_players (
    member      TEXT COLLATE "C" PRIMARY KEY,
    rating      DOUBLE PRECISION    NOT NULL,
    deviation   DOUBLE PRECISION    NOT NULL,
    volatility  DOUBLE PRECISION    NOT NULL,
    solved      BIGINT NOT NULL,
    failed      BIGINT NOT NULL,
    streak      BIGINT NOT NULL,  -- puzzles solved in a row
    best_streak BIGINT NOT NULL
);

CREATE TABLE puzzle_ratings (
    puzzle     TEXT COLLATE "C" PRIMARY KEY,
    rating     DOUBLE PRECISION    NOT NULL,
    deviation  DOUBLE PRECISION    NOT NULL,
    volatility DOUBLE PRECISION    NOT NULL,
    plays      BIGINT NOT NULL
);

-- Who tried puzzles in which server, for the server's ranking.
CREATE TABLE puzzle_server_members (
    server TEXT NOT NULL,
    member TEXT NOT NULL,
    PRIMARY KEY (server, member)
);
