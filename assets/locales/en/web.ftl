## The web pages: a game's page and overlay, a community's page, the
## leaderboards and the lobby.

web-site-name = holotable
web-home-intro = Watch the games Discord communities play by vote, see how communities rank, and find a community to challenge.
web-home-link = Go to the front page.
web-not-found-title = Nothing here
web-not-found = There is no page at this address. Check the link; a channel may also have turned off its games' pages.
web-failed = This page cannot be read right now. Try again in a few seconds.
web-live = This page updates by itself.
web-overlay-link = Overlay for streaming
web-by-community = the community
web-by-engine = holotable's engine
web-by-chance = the dice
web-stopped = A server manager stopped the game before its end.
web-paused = The game is paused until a server manager resumes it.
web-thinking = The engine is choosing its move.
web-deciding = { $side } decides move { $number }.
web-votes-open-in = Voting opens in { $countdown }.
web-closes-in = Voting closes in { $countdown }.
web-votes = { $count ->
    [one] 1 vote
   *[other] { $count } votes
}
web-no-votes-yet = Nobody has voted yet.
web-tally-between = The votes stay hidden until the ballot closes, as in both communities' channels.
web-tally-hidden = The votes stay hidden until the ballot closes, as in the channel.
web-rating-change = rating { $before } → { $after }
web-decided = by { $by }
web-decided-votes = by { $by }, { $count ->
    [one] 1 vote
   *[other] { $count } votes
}
web-sides = Sides
web-moves = Moves
web-no-moves = No move has been played yet.
web-board-alt = { $count ->
    [0] The board at the start of the game
    [one] The board after 1 move
   *[other] The board after { $count } moves
}
web-review = Review
web-rating-now = rating { $rating }
web-replay = Replay
web-leaderboards = Leaderboards
web-lobby = Lobby
web-lobby-intro = Communities waiting for an opponent. To accept, a server manager types the code in their channel.
web-lobby-empty = No community is waiting for an opponent right now.
web-code = Code
web-game = Game
web-community = Community
web-rating = Rating
web-games = Games
web-ratings = Ratings
web-unnamed-community = A community that keeps its name private
web-no-ratings = No community has a rating in this game yet.
web-community-intro = { $community }'s games and ratings.
web-record = { $wins ->
    [one] 1 win
   *[other] { $wins } wins
}, { $draws ->
    [one] 1 draw
   *[other] { $draws } draws
}, { $losses ->
    [one] 1 loss
   *[other] { $losses } losses
}
web-public-games = Public games
web-no-public-games = This community has no public games.
web-listed-live = in play, { $count ->
    [one] 1 move so far
   *[other] { $count } moves so far
}
web-listed-over = over after { $count ->
    [one] 1 move
   *[other] { $count } moves
}
web-expires-in = expires in { $wait }
watch-button = Watch live
page-visibility = This channel's game pages are { $visibility ->
    [public] public: listed on the community's page
    [off] off: its games have no page
   *[unlisted] unlisted: only people with a game's link can see its page
}.
page-visibility-set = From now on, this channel's game pages are { $visibility ->
    [public] public: listed on the community's page
    [off] off: its games have no page
   *[unlisted] unlisted: only people with a game's link can see its page
}.
page-address = This channel's game page: { $url }
