-- The language a server's channel posts speak (issue #21). A manager's
-- choice (`chosen`) stands until changed; otherwise the row follows the
-- guild's preferred locale as Discord last sent it with a command.
CREATE TABLE server_languages (
    server     TEXT    PRIMARY KEY,
    language   TEXT    NOT NULL CHECK (language IN ('en', 'es', 'ja')),
    chosen     INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;
