-- PostgreSQL's copy of ../0023_request_backlogs.sql: requests a bot
-- process has received and not yet worked through. See the SQLite file for
-- what each column means.
CREATE TABLE request_backlogs (
    process        TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    oldest_sent_at BIGINT NOT NULL,
    moved_at       BIGINT NOT NULL,
    seen_at        BIGINT NOT NULL
);
