-- PostgreSQL's copy of ../0026_voter_rules.sql: a server's voter rules and
-- the refusals counted per channel and rule. See the SQLite file for why.
CREATE TABLE voter_rules (
    server                TEXT COLLATE "C" PRIMARY KEY,
    min_account_age_ms    BIGINT NOT NULL CHECK (min_account_age_ms >= 0),
    min_time_in_server_ms BIGINT NOT NULL CHECK (min_time_in_server_ms >= 0),
    required_role         TEXT COLLATE "C",
    set_by                TEXT   NOT NULL,
    set_at                BIGINT NOT NULL
);

CREATE TABLE vote_refusals (
    server  TEXT COLLATE "C" NOT NULL,
    channel TEXT COLLATE "C" NOT NULL,
    rule    TEXT COLLATE "C" NOT NULL CHECK (rule IN ('account-age', 'time-in-server', 'role')),
    count   BIGINT NOT NULL,
    PRIMARY KEY (server, channel, rule)
);
