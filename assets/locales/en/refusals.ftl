## Why a request was refused: each says what is wrong and what would be
## accepted.

refusal-no-game = There is no game in this channel.
refusal-channel-busy = This channel already has a game (game { $game }); stop it first.
refusal-not-allowed = Only server managers can { $action ->
    [start-game] start a game
    [stop-game] stop a game
    [resume-game] resume a game
    [choose-starters] choose who starts games
    [choose-match-threads] choose where matches are played
    [choose-language] choose the server's language
    [set-up-daily] set up the Gamer of the Day
    [turn-off-daily] turn off the Gamer of the Day
    [post-daily] post the Gamer of the Day
   *[other] do that
}.
refusal-ballot-closed = Voting on that ballot has closed.
refusal-ballot-moved-on = Voting on the ballot you saw closed before your vote arrived; the ballot for move { $move } is open now, so look at its board and vote again.
refusal-not-voting = The game is { game-status }, so there is nothing to vote on.
refusal-unreadable-vote = I cannot read “{ $text }”: { $expected }, or an option number.
refusal-illegal-vote = { $text } is not a legal move now.
refusal-illegal-vote-suggest = { $text } is not a legal move now; did you mean { $suggestions }?
refusal-no-such-option = There is no option { $text }; options are numbered 1 to { $count }.
refusal-not-paused = The game is not paused.
refusal-vote-length = The vote must last from { $min } to { $max }.
refusal-bad-option = { $detail }
refusal-no-daily-post = The Gamer of the Day is not set up in this server; a server manager can set it up.
refusal-no-match = You have no match in this channel.
refusal-no-challenge = There is no challenge { $id }.
refusal-not-invited = Only the challenged players can answer this challenge.
refusal-challenge-closed = This challenge has { $status ->
    [accepted] been accepted
    [declined] been declined
    [expired] expired
   *[answered] been answered already
}.
refusal-not-a-player = You are not playing in this match.
refusal-not-your-turn = It is not your decision: { $waiting } is to decide.
refusal-match-over = The match is over.
refusal-match-moved = The match moved on while you chose; look at the board and choose again.
refusal-player-busy = { $player } already has a match in this channel; finish it first.
refusal-unreadable-move = I cannot read “{ $text }”: { $expected }.
