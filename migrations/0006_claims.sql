-- Leases on scheduled work, so that several bot processes sharing one
-- database each do a piece of work once (issue #18): a ballot's close, a
-- match timer, a server's daily post, a channel's outbox delivery. A row
-- says which process holds the work until when; a process that dies stops
-- renewing, and once `expires_at` passes any other process may take it.
-- Written for both SQLite and PostgreSQL (BIGINT is SQLite's INTEGER).
CREATE TABLE claims (
    kind TEXT NOT NULL,
    claim_key TEXT NOT NULL,
    owner TEXT NOT NULL,
    -- Wall-clock milliseconds since the Unix epoch: leases are shared
    -- between processes, so they cannot use any one process's clock.
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (kind, claim_key)
);
