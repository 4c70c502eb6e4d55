-- Requests a bot process has received and not yet worked through, so that
-- a ballot's close in any process sharing the database waits for votes
-- sent before its deadline and still queued in another (issue #59). A row
-- exists while its process has such requests; it is renewed while the
-- process lives and ignored once `seen_at` is stale, so a process that
-- dies holds no close for long.
-- Milliseconds since the Unix epoch: shared between processes.
CREATE TABLE request_backlogs (
    process TEXT NOT NULL PRIMARY KEY,
    -- When the oldest request still waiting was sent.
    oldest_sent_at BIGINT NOT NULL,
    -- When one of the process's requests last finished: a queue that has
    -- not moved for long is stuck, and a close stops waiting for it.
    moved_at BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);
