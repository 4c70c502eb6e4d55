-- The thread each community game's first post opened to talk it over in:
-- a command typed there is about the channel's game. Only threads the
-- bot opened for this are mapped, so a match's thread, or a thread with a
-- game of its own, keeps its own.

CREATE TABLE discussion_threads (
    thread  TEXT COLLATE "C" PRIMARY KEY,
    channel TEXT COLLATE "C" NOT NULL
);
