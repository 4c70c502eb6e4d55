-- Issue 20: how a community game's ballots are shown. 'auto' is the rule
-- from before (a native poll when every legal move fits in one, else
-- menus), 'poll' always posts a poll of the featured options (other moves
-- by /vote), 'menus' never does. Kept on the game, not the channel, so a
-- game keeps the format it was started with. The community's side needs
-- no column: games.community_seats already holds it.
ALTER TABLE games ADD COLUMN ballot_format TEXT NOT NULL DEFAULT 'auto'
    CHECK (ballot_format IN ('auto', 'poll', 'menus'));
