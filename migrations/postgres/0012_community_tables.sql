-- Four-army Djambi for three or four communities: a challenge says how
-- many communities it waits for, and the ones that accepted before the
-- table filled wait here. The last to accept starts the game for all.
ALTER TABLE community_challenges ADD COLUMN communities BIGINT NOT NULL DEFAULT 2;

CREATE TABLE community_challenge_guests (
    code      TEXT COLLATE "C" NOT NULL REFERENCES community_challenges (code),
    channel   TEXT COLLATE "C" NOT NULL,
    server    TEXT COLLATE "C",
    seat      BIGINT  NOT NULL,          -- the army this community will play
    joined_by TEXT    NOT NULL,
    joined_at BIGINT  NOT NULL,
    PRIMARY KEY (code, channel)
);

-- An army is taken once per table, whichever process seats the guest.
CREATE UNIQUE INDEX community_challenge_guests_one_per_seat
    ON community_challenge_guests (code, seat);

CREATE INDEX community_challenge_guests_by_channel ON community_challenge_guests (channel);
