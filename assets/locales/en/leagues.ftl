## Leagues: what the bot posts in each entered channel.

league-community-numbered = Community { $number }
league-started = The league { $league } has started with { $communities ->
    [one] { $communities } community
   *[other] { $communities } communities
}. Each game is played in a thread of its own here.
league-later-rounds-drawn = Later rounds are drawn from the results as the league goes on.
league-schedule-round = Round { $round }: { $games }
league-schedule-resting = (resting: { $communities })
league-round-started = { $league }, round { $round }{ $leg ->
    [game] {" "}(game { $number })
    [deciding] {" "}(deciding game)
   *[only] {""}
}: you play { $opponents }. The game is in this thread.
league-thread-name = { $league } – round { $round }{ $leg ->
    [game] {" "}(game { $number })
    [deciding] {" "}(deciding game)
   *[only] {""}
} – { $opponents }
league-round-over = { $league }: round { $round } is over. The standings:
league-table-line = { $place }. { $community }: { $points } { $amount ->
    [one] point
   *[other] points
} from { $played ->
    [one] { $played } game
   *[other] { $played } games
}
league-table-left = (left the league)
league-finished-champion = { $league } is over. The champion is { $champion }! The final table:
league-finished = { $league } is over. The final table:
league-rating-changes = Ratings before the league and now:
league-rating-change = { $community }: { $before } → { $after }
league-cancelled = The league { $league } was cancelled by its creator. Its games still being played are stopped, without a result.
league-cancelled-too-few = The league { $league } was cancelled: it needed at least { $needed } communities and { $got ->
    [0] none entered
    [one] only one entered
   *[other] only { $got } entered
}.
league-rows-left-out = { $count ->
    [one] One more line is left out to keep this message short.
   *[other] { $count } more lines are left out to keep this message short.
}
league-game-stopped = The game was stopped because its league was cancelled. It has no result.
