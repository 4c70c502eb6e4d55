-- A discussion before each ballot, and a tally kept hidden until the close.
--
-- A game may give each ballot a discussion time: the ballot opens (its
-- suggestions with it) but takes votes only from `votes_open_at`. The post
-- that opens voting is queued once, in the transaction that marks
-- `opening` as 'posted', whichever process reaches it first.
-- `hidden_tally`: members see who voted, not for what, until the close.

ALTER TABLE games ADD COLUMN discuss_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN hidden_tally BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE community_challenges ADD COLUMN discuss_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE community_challenges ADD COLUMN hidden_tally BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE ballots ADD COLUMN votes_open_at INTEGER;
ALTER TABLE ballots ADD COLUMN opening TEXT CHECK (opening IN ('posted'));

-- The scheduler asks for the earliest discussion still to end.
CREATE INDEX ballots_due_opening ON ballots (votes_open_at)
    WHERE status = 'open' AND opening IS NULL AND votes_open_at IS NOT NULL;
