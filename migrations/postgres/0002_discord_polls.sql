-- PostgreSQL's copy of ../0002_discord_polls.sql: where a vote came from,
-- and the messages that present a ballot.

ALTER TABLE votes ADD COLUMN source TEXT COLLATE "C" NOT NULL DEFAULT 'direct' CHECK (source IN ('direct', 'poll'));

CREATE TABLE ballot_posts (
    reference  TEXT COLLATE "C" PRIMARY KEY,
    game_id    BIGINT  NOT NULL,
    ply        BIGINT  NOT NULL,
    style      TEXT COLLATE "C" NOT NULL CHECK (style IN ('poll', 'menu')),
    posted_at  BIGINT  NOT NULL,
    finished   BOOLEAN NOT NULL DEFAULT FALSE,  -- the poll was ended, or the menu taken down
    FOREIGN KEY (game_id, ply) REFERENCES ballots (game_id, ply)
);

CREATE INDEX ballot_posts_by_ballot ON ballot_posts (game_id, ply);
