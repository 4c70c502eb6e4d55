-- Calling members: the role a channel's ballots call, the one reminder a
-- ballot may send when few have voted, and the hours it keeps quiet.
-- A ballot's reminder is settled once (`sent` or `skipped`) in the same
-- transaction that queues it, so it goes out once whichever process
-- reaches it, and never again after a restart.

CREATE TABLE channel_calls (
    channel           TEXT    PRIMARY KEY,
    role              TEXT    NOT NULL,  -- the platform's role id
    remind_below      INTEGER NOT NULL,  -- remind while fewer have voted; 0: never
    remind_at_percent INTEGER NOT NULL CHECK (remind_at_percent BETWEEN 10 AND 95),
    quiet_from        INTEGER CHECK (quiet_from BETWEEN 0 AND 23), -- local hours, no reminder
    quiet_to          INTEGER CHECK (quiet_to BETWEEN 0 AND 23),   -- from `quiet_from` to `quiet_to`
    time_zone         TEXT               -- of the quiet hours; NULL: the server's daily post's, else UTC
);

ALTER TABLE ballots ADD COLUMN remind_at INTEGER;
ALTER TABLE ballots ADD COLUMN reminder TEXT CHECK (reminder IN ('sent', 'skipped'));

-- The scheduler asks for the earliest reminder still to settle.
CREATE INDEX ballots_due_reminder ON ballots (remind_at)
    WHERE status = 'open' AND reminder IS NULL AND remind_at IS NOT NULL;
