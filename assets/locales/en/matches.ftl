## Matches between members (and against the engine): what the bot posts
## in the channel, in the server's language.

# A seat in a match: its player (a mention on Discord) and the side the
# rules give them, or the engine's.
match-seat-player = { $player } ({ seat })
match-seat-engine = the engine ({ seat })
match-the-engine = the engine
# The players of a match: "A vs B", "A vs B vs C".
match-versus = { $first } vs { $rest }
match-started = A { $rated ->
    [rated] rated
   *[friendly] friendly
} match of { $game } begins: { $players }.
match-started-level = The engine plays at level { $level }.
match-started-turn = Each decision has { $turn }.
# What the engine and the dice decided since the last player's decision:
# "Since then: the engine: A7-B7, then the dice: 9v4."
match-since = Since then: { $list }.
match-reply-engine = the engine: { $move }
match-reply-dice = the dice: { $roll }
match-turn = Move { $move }: { $seat } to decide ({ $legal ->
    [one] { $legal } legal move
   *[other] { $legal } legal moves
}).
match-turn-choose = Choose below or with `/{ cmd-move-name }`; time runs out { $deadline }.
match-reminder = Reminder: { $seat } still has to decide; half the time is gone.
match-over = Match over: { $reason }.
match-over-score = Match over: { $reason }. Final score { $score }.
match-rating-change = { $player }: rating { $before } → { $after }
match-menu-play = Play a move
match-menu-pick-piece = Pick a piece, then its move

## Challenges.

challenge-posted = { $challenger } challenges { $invited } to a rated match of { $game } ({ $turn } per decision). The challenge lapses { $lapses }.
challenge-accept = Accept
challenge-decline = Decline
challenge-declined = The challenge was declined by { $player }.
challenge-accepted = Challenge accepted: match { $game } is on. The board is on its way.
challenge-accepted-thread = Challenge accepted: match { $game } is on in { $thread }. The board is on its way.
# A match's thread, named after the game and its players.
match-thread-name = { $game }: { $players }

## Replies to the players, in their own language.

challenge-waiting = You accepted; waiting for { $players }.
match-bots-cannot-play = Bots cannot play matches; use `/{ cmd-play-name }` to play me.
match-engine-started = Match { $game } against me started: the board is on its way.
match-engine-started-thread = Match { $game } against me started in { $thread }: the board is on its way.
match-you-played = You played { $move }.
match-you-resigned = You resigned match { $game }.
match-in-thread = Your match is played in its thread, { $thread }: use `/{ $command }` there.
match-menu-stale = That menu is not one of mine any more; use `/{ cmd-move-name }`.
match-piece-stuck = { $piece } has no legal move now; pick another piece.
match-piece-moves = Moves of { $piece }:
match-status = Match { $game } ({ $kind }, { $rated ->
    [rated] rated
   *[friendly] friendly
}): { $seats }; { $played ->
    [one] { $played } decision
   *[other] { $played } decisions
} played.
match-status-seat-rating = { $player } { $before } → { $after }
match-status-waiting = { $player } to decide ({ $legal ->
    [one] { $legal } legal move
   *[other] { $legal } legal moves
}); time runs out { $deadline }.
match-status-over = Over: { $reason }.
match-history-player = { $number }. { $move } ({ $player })
match-threads-on = Each new match made here gets a thread of its own now.
match-threads-off = New matches made here are played in this channel now.

## /leaderboard and /profile.

leaderboard-title = { $game } leaderboard
leaderboard-empty = Nobody has played a rated match of this game yet.
leaderboard-line = { $rank }. { $player } — { $record }
rating-record = { $rating } ± { $deviation } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
})
rating-record-winning = { $rating } ± { $deviation } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $run ->
    [one] { $run } win in a row
   *[other] { $run } wins in a row
})
rating-record-losing = { $rating } ± { $deviation } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $run ->
    [one] { $run } loss in a row
   *[other] { $run } losses in a row
})
profile-title = { $player }'s matches
profile-empty = No rated matches yet.
profile-streaks = Best streak: { $best ->
    [one] { $best } win
   *[other] { $best } wins
}; { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
} and { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}.

## `holotable match` at a terminal.

match-cli-intro = Match { $game }. Type a move, 'list' for every legal move, 'resign' or 'quit'.
match-cli-your-move = { $player }, your move:
match-cli-played = { $player } played { $move }.
match-cli-stopped = Stopped; match { $game } stays unfinished in { $db }; continue with: holotable match --resume { $game }
match-cli-output-closed = The output was closed, so match { $game } stays unfinished in { $db }; continue with: holotable match --resume { $game }
match-cli-database-full = The disk or the database is full, so match { $game } stays unfinished in { $db }; free up space, then continue with: holotable match --resume { $game }
match-cli-database-read-only = The database is read-only, so match { $game } stays unfinished in { $db }; once it can be written to, continue with: holotable match --resume { $game }
match-cli-database-damaged = { $data ->
    [postgres] The database's data is damaged
   *[other] The database file is damaged
}, so match { $game } stays unfinished in { $db }; restore it from a backup (docs/operations.md, "Backups"), then continue with: holotable match --resume { $game }
match-cli-database-denied = The role holotable connects as lacks rights it needs on the database, so match { $game } stays unfinished in { $db }; ask the database's owner to grant them, then continue with: holotable match --resume { $game }
match-cli-database-gone = The database could not be reached, so match { $game } stays unfinished in { $db }; once it is back, continue with: holotable match --resume { $game }
match-cli-taken-over = While the database was away, another holotable process took over match { $game }, so this command stopped here; when that process ends, continue with: holotable match --resume { $game }
match-cli-is-community = Game { $game } is a community game, not a match; continue it with: holotable play --resume { $game }
match-cli-over = Match { $game } is over; nothing is left to play.
match-cli-board = board: { $path }
match-cli-replay = Replay written to { $path }
match-cli-player = player { $number }
match-cli-wrong-players = --players names { $named ->
    [one] { $named } player
   *[other] { $named } players
}; this match needs { $needed }.
