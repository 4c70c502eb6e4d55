# `holotable play` in a terminal: you are the community.
play-started = Game { $game } — if you stop, continue with: holotable play --resume { $game }
play-resume-paused = Resume with: holotable play --resume { $game }
play-stopped = Stopped; continue with: holotable play --resume { $game }
play-resume-is-match = Game { $game } is a match, not a community game; continue it with: holotable match --resume { $game }
play-database-gone = The database went away, so game { $game } stopped at its last saved step; when the database is back, continue with: holotable play --resume { $game }
play-output-closed = The output was closed, so game { $game } stopped at its last saved step; continue with: holotable play --resume { $game }
play-nothing-left = Game { $game } is { game-status }; nothing is left to vote on.
play-board-written = board: { $path }
play-final-position = final position: { $position }
play-replay-written = Replay written to { $path }
play-vote-prompt = Your vote (option number or move; 'suggest MOVE WHY' to argue for one, 'list' for all moves, 'quit' to stop):
play-more-legal = { $count ->
    [one] (and { $count } more legal move)
   *[other] (and { $count } more legal moves)
}
play-voted = You voted { $move }.
play-crowd = { $cast ->
    [one] { $cast } voter voted
   *[other] { $cast } voters voted
} ({ $changed } changed their vote, { $refused ->
    [one] { $refused } junk vote refused
   *[other] { $refused } junk votes refused
}).
# Any terminal prompt (`play`, `match`).
terminal-not-text = That line is not readable text; please type it again.
play-community-votes = It is { $community }'s turn to vote.
play-crowd-reason = It looks strongest to me.
play-suggested = You suggested { $move }.
play-watch = Watch this game in a browser: { $url }
play-no-page = This game has no web page: its channel turned pages off.
# `holotable puzzle`: a puzzle solved at the terminal.
puzzle-terminal-position = Position: { $position }
puzzle-terminal-ask = Move { $step } of { $steps }: type it, or a candidate's number.
# Another process is playing the game a command was to resume.
terminal-played-elsewhere = { $command ->
    [match] Match
   *[other] Game
} { $game } is being played by another holotable process, so this command did nothing. When that process ends (if it ran on another machine and was killed, wait { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
} first), continue with: holotable { $command } --resume { $game }
# The database cannot be written to until a person acts.
play-database-full = The disk or the database is full, so game { $game } stopped at its last saved step; free up space, then continue with: holotable play --resume { $game }
play-database-read-only = The database is read-only, so game { $game } stopped at its last saved step; once it can be written to, continue with: holotable play --resume { $game }
play-database-damaged = { $data ->
    [postgres] The database's data is damaged
   *[other] The database file is damaged
}, so game { $game } stopped at its last saved step; restore it from a backup (docs/operations.md, "Backups"), then continue with: holotable play --resume { $game }
play-database-denied = The role holotable connects as lacks rights it needs on the database, so game { $game } stopped at its last saved step; ask the database's owner to grant them, then continue with: holotable play --resume { $game }
# The database stopped `play` or `match` before it had a game to continue.
terminal-start-database-full = The disk or the database is full, so no { $command ->
    [match] match
   *[other] game
} was started; free up space, then try again
terminal-start-database-read-only = The database is read-only, so no { $command ->
    [match] match
   *[other] game
} was started; once it can be written to, try again
terminal-start-database-damaged = { $data ->
    [postgres] The database's data is damaged
   *[other] The database file is damaged
}, so no { $command ->
    [match] match
   *[other] game
} was started; restore it from a backup (docs/operations.md, "Backups"), then try again
terminal-start-database-denied = The role holotable connects as lacks rights it needs on the database, so no { $command ->
    [match] match
   *[other] game
} was started; ask the database's owner to grant them, then try again
terminal-start-database-gone = The database could not be reached, so no { $command ->
    [match] match
   *[other] game
} was started; once it is back, try again
# The database stopped `play --resume` or `match --resume` before it held the game.
terminal-resume-database-full = The disk or the database is full, so { $command ->
    [match] match
   *[other] game
} { $game } could not be resumed; free up space, then try again
terminal-resume-database-read-only = The database is read-only, so { $command ->
    [match] match
   *[other] game
} { $game } could not be resumed; once it can be written to, try again
terminal-resume-database-damaged = { $data ->
    [postgres] The database's data is damaged
   *[other] The database file is damaged
}, so { $command ->
    [match] match
   *[other] game
} { $game } could not be resumed; restore it from a backup (docs/operations.md, "Backups"), then try again
terminal-resume-database-denied = The role holotable connects as lacks rights it needs on the database, so { $command ->
    [match] match
   *[other] game
} { $game } could not be resumed; ask the database's owner to grant them, then try again
terminal-resume-database-gone = The database could not be reached, so { $command ->
    [match] match
   *[other] game
} { $game } could not be resumed; once it is back, try again
# While the database was away, another process took over the game `play` held.
play-taken-over = While the database was away, another holotable process took over game { $game }, so this command stopped here; when that process ends, continue with: holotable play --resume { $game }
# A ballot's close kept failing, for no reason a person can mend; the last error follows.
play-close-failed = The ballot for move { $move } could not be closed, so game { $game } stopped at its last saved step; continue with: holotable play --resume { $game }
# A line above, followed by the database driver's own words (in English), set apart so a command to copy ends where the line does.
terminal-stopped-cause = { $said } — { $cause }
