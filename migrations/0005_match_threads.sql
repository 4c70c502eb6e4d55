-- Whether matches made in a channel each get a thread of their own there.
-- A setting per channel, like the starter role: one server may want
-- threads in a busy channel and not in a quiet one. Only the platform
-- adapter reads it; the match itself just lives in whatever channel (or
-- thread) it is started in.
ALTER TABLE channel_settings ADD COLUMN match_threads INTEGER NOT NULL DEFAULT 0;
