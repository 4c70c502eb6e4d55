-- Every game's web page. Its address holds a token of 128 random bits, so
-- nobody can guess a game's page or count up to it from another's; the
-- games' numbers never appear in a page's address.
-- A channel chooses whether its games' pages are listed on its
-- community's page (`public`), reachable only by their address
-- (`unlisted`, the default: no row or NULL) or not served at all (`off`).

ALTER TABLE games ADD COLUMN page_token TEXT;
UPDATE games SET page_token = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX games_page_token ON games (page_token);

-- A community's page is addressed by a token too, not by its server's
-- id: showing its name to other servers is not publishing that id.
ALTER TABLE communities ADD COLUMN page_token TEXT;
UPDATE communities SET page_token = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX communities_page_token ON communities (page_token);

ALTER TABLE channel_settings ADD COLUMN page_visibility TEXT
    CHECK (page_visibility IN ('unlisted', 'public', 'off'));
