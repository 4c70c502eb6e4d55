-- Suggestions: a member argues for a move on an open ballot, with a
-- reason, and other members back it. One suggestion per move per ballot
-- (a second member backs the first instead); one backing per member.
-- They belong to their ballot and close with it.

CREATE TABLE suggestions (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL,
    ply        INTEGER NOT NULL,
    move       TEXT    NOT NULL,
    author     TEXT    NOT NULL,
    reason     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    FOREIGN KEY (game_id, ply) REFERENCES ballots (game_id, ply),
    UNIQUE (game_id, ply, move)
);

CREATE TABLE suggestion_backers (
    suggestion_id INTEGER NOT NULL REFERENCES suggestions (id),
    member        TEXT    NOT NULL,
    backed_at     INTEGER NOT NULL,
    PRIMARY KEY (suggestion_id, member)
);
