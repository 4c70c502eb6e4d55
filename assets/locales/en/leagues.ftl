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
league-cancelled = “{ $name }” is cancelled: its games stop without a result.

league-community-unnamed = Community { $number }
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
league-table-more = …and { $count ->
    [one] one more community
   *[other] { $count } more communities
}.
