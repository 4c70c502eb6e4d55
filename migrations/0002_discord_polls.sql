-- Native polls and ballot posts, for adapters that show a ballot as a
-- platform message (Discord). Platform-neutral: references are strings the
-- adapter chose.

-- Where a vote came from. 'poll' votes mirror a platform's native poll, which
-- is the source of truth for its answers: they are reconciled with the
-- poll's final results at the close. 'direct' votes (commands, menus, the
-- terminal) are never overwritten by a reconciliation.
ALTER TABLE votes ADD COLUMN source TEXT NOT NULL DEFAULT 'direct' CHECK (source IN ('direct', 'poll'));

-- The messages that present a ballot: a native poll or a menu, possibly
-- several over a ballot's life (an extension posts it again).
CREATE TABLE ballot_posts (
    reference  TEXT    PRIMARY KEY,    -- the adapter's id for the message
    game_id    INTEGER NOT NULL,
    ply        INTEGER NOT NULL,
    style      TEXT    NOT NULL CHECK (style IN ('poll', 'menu')),
    posted_at  INTEGER NOT NULL,
    finished   INTEGER NOT NULL DEFAULT 0,  -- the poll was ended, or the menu taken down
    FOREIGN KEY (game_id, ply) REFERENCES ballots (game_id, ply)
) WITHOUT ROWID;

CREATE INDEX ballot_posts_by_ballot ON ballot_posts (game_id, ply);
