-- Four-army Djambi for three or four communities: a challenge says how
-- many communities it waits for, and the ones that accepted before the
-- table filled wait here. The last to accept starts the game for all.
ALTER TABLE community_challenges ADD COLUMN communities INTEGER NOT NULL DEFAULT 2;

CREATE TABLE community_challenge_guests (
    code      TEXT    NOT NULL REFERENCES community_challenges (code),
    channel   TEXT    NOT NULL,
    server    TEXT,
    seat      INTEGER NOT NULL,          -- the army this community will play
    joined_by TEXT    NOT NULL,
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (code, channel)
) WITHOUT ROWID;

-- An army is taken once per table, whichever process seats the guest.
CREATE UNIQUE INDEX community_challenge_guests_one_per_seat
    ON community_challenge_guests (code, seat);

CREATE INDEX community_challenge_guests_by_channel ON community_challenge_guests (channel);
