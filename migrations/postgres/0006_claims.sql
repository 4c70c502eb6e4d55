-- PostgreSQL's copy of ../0006_claims.sql (SQLite): leases on scheduled work,
-- so that several bot processes sharing one database each do a piece of
-- work once (issue #18). See the SQLite file for what each column means.
CREATE TABLE claims (
    kind       TEXT COLLATE "C" NOT NULL,
    claim_key  TEXT COLLATE "C" NOT NULL,
    owner      TEXT COLLATE "C" NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (kind, claim_key)
);
