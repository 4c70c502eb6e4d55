-- PostgreSQL's copy of ../0007_community_choices.sql (SQLite): how a
-- community game's ballots are shown, kept on the game.
ALTER TABLE games ADD COLUMN ballot_format TEXT COLLATE "C" NOT NULL DEFAULT 'auto'
    CHECK (ballot_format IN ('auto', 'poll', 'menus'));
