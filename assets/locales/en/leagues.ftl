# Leagues between communities: answers to /league and the league's table.

league-format-round-robin = round robin
league-format-double-round-robin = double round robin
league-format-knockout = knockout
league-format-tables = four-army tables

league-created = The league “{ $name }” has been created: { $game }, { $format }, { $move_time } per move. Communities, this one included, enter it with `/{ cmd-league-name } { cmd-league-join-name } { cmd-league-join-opt-code-name }:{ $code }` until it starts { $start }.
league-joined = This community is entered in “{ $name }” and plays in this channel; the league starts { $start }.
league-lobby-empty = No public league is taking entries right now.
league-lobby-head = { $count ->
    [one] One public league is taking entries:
   *[other] { $count } public leagues are taking entries:
}
league-lobby-line = • “{ $name }”: { $game }, { $format }, { $move_time } per move, { $entered ->
    [one] one community entered
   *[other] { $entered } communities entered
}, starts { $start }. Code: { $code }
league-lobby-more = …and { $count ->
    [one] one more league
   *[other] { $count } more leagues
}.
league-leave-confirm = “{ $name }” has started: leaving forfeits every game this community has not finished, and the table will show it. To leave, run the command again with `{ cmd-league-leave-opt-forfeit-name }:{ cmd-choice-yes-forfeit-every-game-not-finished }`.
league-left-before-start = This community is no longer entered in “{ $name }”.
league-left-forfeiting = This community has left “{ $name }” and forfeited every game it had not finished.
league-removed = Community number { $entry } is no longer entered in “{ $name }”.
league-closed = “{ $name }” takes no more entries; it starts at its start time.
league-started-now = “{ $name }” has started: the first round’s games are on.
league-cancelled-now = “{ $name }” is cancelled: its games stop without a result.

league-table-no-entrants = No community has entered “{ $name }” yet.
league-table-entrants = { $count ->
    [one] One community has entered “{ $name }”:
   *[other] { $count } communities have entered “{ $name }”, in order of entry:
}
league-table-entrant = { $number }. { $community }
league-table-head = { $status ->
    [finished] The final table of “{ $name }”:
    [cancelled] The table of “{ $name }”, cancelled before its end:
   *[other] The table of “{ $name }”:
}
league-points = { $halves ->
    [1] ½ point
    [2] 1 point
   *[other] { $points } points
}
league-table-row = { $place }. { $community }: { $points }, { $won } won, { $drawn } drawn, { $lost } lost.
league-table-forfeit-wins = It won { $count ->
    [one] one game
   *[other] { $count } games
} by forfeit.
league-table-below-by = { $rule ->
    [sonneborn-berger] Placed lower on Sonneborn-Berger ({ $score }).
    [games-won] Placed lower on games won.
    [head-to-head] Placed lower on their games against each other.
   *[entry-order] Level on every tie-break, placed by order of entry.
}
league-table-left = It left the league and forfeited { $forfeited ->
    [one] one game
   *[other] { $forfeited } games
}.
league-table-byes = It sat out { $byes ->
    [one] one round
   *[other] { $byes } rounds
}.

# What the bot posts in each entered channel: the schedule, each side's round and thread,
# the table after each round, the end, a cancel.

league-community-numbered = Community { $number }
league-started = “{ $league }” has started with { $communities ->
    [one] one community
   *[other] { $communities } communities
}. Each game is played in a thread of its own in this channel.
league-later-rounds-drawn = Later rounds are drawn from the results as the league goes on.
league-schedule-round = Round { $round }: { $games }
league-schedule-resting = (sitting out: { $communities })
league-round-started = “{ $league }”, round { $round }{ $leg ->
    [game] {" "}(game { $number })
    [deciding] {" "}(deciding game)
   *[only] {""}
}: this community plays { $opponents }. The game is in this thread.
league-thread-name = { $league } – round { $round }{ $leg ->
    [game] {" "}(game { $number })
    [deciding] {" "}(deciding game)
   *[only] {""}
} – { $opponents }
league-round-over = Round { $round } of “{ $league }” is over. The table:
league-finished-champion = “{ $league }” is over, and { $champion } is the champion! The final table:
league-finished = “{ $league }” is over. The final table:
league-rating-changes = Ratings before the league and now:
league-rating-change = { $community }: { $before } → { $after }
league-cancelled = “{ $league }” was cancelled by its creator. Its games still being played are stopped without a result.
league-cancelled-before-start = “{ $league }” was cancelled by its creator before it started.
league-cancelled-too-few = “{ $league }” was cancelled: it needed at least { $needed } communities, and { $got ->
    [0] none entered
    [one] only one entered
   *[other] only { $got } entered
}.
league-rows-left-out = { $count ->
    [one] One more line is left out to keep this message short.
   *[other] { $count } more lines are left out to keep this message short.
}
league-game-stopped = This game was stopped because its league was cancelled. It has no result.
