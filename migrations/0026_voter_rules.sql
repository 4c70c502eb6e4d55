-- Who may vote in a server's community games (docs/leagues.md, "Who may
-- vote"): the thresholds its managers set, and how many votes each rule
-- refused, per channel. A server without a row keeps the defaults, which
-- refuse nobody. A refusal is one upsert of its count: a refused vote
-- writes nothing else.
CREATE TABLE voter_rules (
    server                TEXT    PRIMARY KEY,
    min_account_age_ms    INTEGER NOT NULL CHECK (min_account_age_ms >= 0),
    min_time_in_server_ms INTEGER NOT NULL CHECK (min_time_in_server_ms >= 0),
    required_role         TEXT,             -- the platform's role id; NULL for none
    set_by                TEXT    NOT NULL,
    set_at                INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE vote_refusals (
    server  TEXT    NOT NULL,
    channel TEXT    NOT NULL,
    rule    TEXT    NOT NULL CHECK (rule IN ('account-age', 'time-in-server', 'role')),
    count   INTEGER NOT NULL,
    PRIMARY KEY (server, channel, rule)
) WITHOUT ROWID;
