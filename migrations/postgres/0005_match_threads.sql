-- PostgreSQL's copy of ../0005_match_threads.sql.
ALTER TABLE channel_settings ADD COLUMN match_threads BOOLEAN NOT NULL DEFAULT FALSE;
