## Why a request was refused: each says what is wrong and what would be
## accepted.

refusal-no-game = There is no game in this channel.
refusal-game-not-over = That game has not ended yet; its review comes when it is over.
refusal-no-finished-game = No game in this channel has ended yet; a review comes when one does.
refusal-not-played-here = Game { $game } was not played in this channel; give the number of one of this channel's games, or leave `{ cmd-community-review-opt-game-name }` out for the latest.
refusal-channel-busy = This channel already has a game (game { $game }); stop it first.
refusal-not-allowed = Only server managers can { $action ->
    [start-game] start a game
    [stop-game] stop a game
    [resume-game] resume a game
    [choose-starters] choose who starts games
    [choose-match-threads] choose where matches are played
    [choose-call-role] choose who ballots call
    [choose-page-visibility] choose who may see this channel's game pages
    [choose-language] choose the server's language
    [set-up-daily] set up the Gamer of the Day
    [turn-off-daily] turn off the Gamer of the Day
    [post-daily] post the Gamer of the Day
    [set-up-puzzles] set up the daily puzzle
    [turn-off-puzzles] turn off the daily puzzle
    [reveal-puzzle] reveal the daily puzzle
    [challenge-community] challenge another community
    [accept-challenge] accept a challenge for this channel
    [withdraw-challenge] withdraw a challenge
    [resign-game] resign a game for this channel
    [create-league] create a league
    [join-league] enter this community in a league
    [leave-league] take this community out of a league
    [choose-voter-rules] see or choose who may vote in this server's games
    [see-vote-refusals] see the votes the voter rules refused
   *[other] do that
}.
refusal-ballot-closed = Voting on that ballot has closed.
refusal-vote-superseded = You voted for { $standing } after sending this vote, so your vote stays { $standing }.
refusal-ballot-moved-on = Voting on the ballot you saw closed before your vote arrived; the ballot for move { $move } is open now, so look at its board and vote again.
refusal-not-voting = The game is { game-status }, so there is nothing to vote on.
# How each game's moves are written, offered when a text is not one. The
# notation itself is the same in every language.
move-form = { $game ->
    [space-checkers] a move like A1-B1, A3-B6 or C-A7 (squares A1 to A12, B1 to B12, and C)
    [holochess] a placement like B@O3, a move like GO1-O3, an attack like PM3xO1, or a Scout's run like SO1-O3xM3 (squares O1 to O12, M1 to M12 and C1 to C4; creatures B, P, G and S)
    [dejarik] a move like Kl:A3-B4 or Gh:B1-B3 via C, an attack like Kl:A3xB4, pass, roll 7v5, push B5 or duel 20v11
   *[djambi] a move like MC7-C5x@F4, AB9-E5x>C3, RA8-D4xD3 or DB8-D6@A5, or pass
}
refusal-unreadable-vote = I cannot read “{ $text }” as a { $title } move. Write { move-form }, or an option number.
refusal-illegal-vote = { $text } is not a legal move now.
refusal-illegal-vote-suggest = { $text } is not a legal move now; did you mean { $suggestions }?
refusal-no-such-option = There is no option { $text }; { $count ->
    [one] the only option is 1.
   *[other] options are numbered 1 to { $count }.
}
refusal-not-paused = The game is not paused.
refusal-vote-length = The vote must last from { $min } to { $max }.
refusal-unknown-level = There is no level “{ $level }”; choose { $levels }.
refusal-bad-rules = These rules cannot set up a game ({ $detail }).
refusal-opponent-count = { $title } needs { $count ->
    [one] { $count } opponent
   *[other] { $count } opponents
}.
refusal-players-not-distinct = Every player must be a different person, and not you.
refusal-turn-length = A turn must last from { $min } to { $max }.
refusal-bad-post-time = “{ $text }” is not a time; write it as HH:MM on a 24-hour clock, such as 09:30 or 18:00.
refusal-unknown-time-zone = “{ $zone }” is not a time zone I know; pick an IANA name from the list, such as Europe/London or America/New_York.
refusal-no-daily-post = The Gamer of the Day is not set up in this server; a server manager can set it up.
refusal-puzzle-needs-daily = The daily puzzle goes out with the Gamer of the Day, which is not set up in this server; set it up first with /{ cmd-gotd-name } { cmd-gotd-setup-name }.
refusal-puzzle-hours = The puzzle's vote must stay open from 1 to { $max } hours, not { $hours }.
refusal-puzzle-choice = { $count ->
    [one] The only option is 1.
   *[other] Options are numbered 1 to { $count }.
}
refusal-no-open-puzzle = There is no puzzle vote open in this server.
refusal-puzzle-tried-alone = You have already tried this puzzle alone, so your vote would not show what the community finds; the vote is for those who have not.
refusal-no-puzzle-left = There is no puzzle left that you have not tried.
refusal-no-puzzle-try = You have no puzzle to answer; /{ cmd-puzzle-name } { cmd-puzzle-today-name } shows one.
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
refusal-engine-deciding = It is not your decision: the engine is deciding.
refusal-match-over = The match is over.
refusal-match-moved = The match moved on while you chose; look at the board and choose again.
refusal-player-busy = { $player } already has a match in this channel; finish it first.
refusal-unreadable-move = I cannot read “{ $text }” as a { $title } move. Write { move-form }.
refusal-unknown-code = There is no challenge with the code “{ $code }”; check it with the channel that sent it.
refusal-code-closed = That challenge has { $status ->
    [accepted] already been accepted by another channel
    [withdrawn] been withdrawn
   *[expired] expired; ask for a new code
}.
refusal-own-challenge = This channel sent that challenge; another channel, in this server or another, has to accept it.
refusal-challenger-busy = The channel that sent this challenge has started another game since; ask it for a new challenge when that game ends.
refusal-no-open-challenge = This channel has no open challenge to withdraw.
refusal-other-side-voting = It is not this channel's turn: the community playing { $side } is voting in its own channel.
refusal-voted-other-side = You already voted for { $side } in this game, in another channel; each member plays for one side only.
refusal-shared-game-stop = Another community plays this game too, so it cannot be stopped here; a server manager can resign it for this channel with `/{ cmd-community-name } { cmd-community-resign-name }`.
refusal-not-shared = Only a game against another community can be resigned; stop this one with `/{ cmd-community-name } { cmd-community-stop-name }`.
refusal-side-out = This channel's side is already out of the game; the others play on, and this channel sees every move to the end.
refusal-table-size = { $most ->
    [2] This game is for two communities
   *[other] This game takes two to { $most } communities
}; the engine plays the seats nobody takes.
refusal-already-seated = This channel has already accepted that challenge; the game starts when the other communities accept it too.

refusal-bad-quiet-hours = “{ $text }” is not quiet hours; write them as from-to in local hours, such as 22-7 or 22:00-07:00, or off for none.
refusal-no-call-role = This channel's ballots call no role yet; a server manager can choose one with `/{ cmd-community-name } { cmd-community-notify-role-name }`.
refusal-remind-below = The number of voters below which a reminder goes out can be at most { $most }; 0 turns reminders off.
refusal-remind-at = A reminder goes out between { $earliest }% and { $latest }% of a ballot's time.
refusal-call-role-starts = The role that starts games here cannot also be the role ballots call: members join that role themselves, so anyone could start games. Choose another role.
refusal-no-reason = Say why the community should play your move, in a sentence or two.
refusal-reason-too-long = Your reason has { $length } characters; keep it to { $most }.
refusal-suggested-already = { $move } is suggested already; back that suggestion with its button instead.
refusal-too-many-suggestions = You have made { $most } suggestions on this ballot, the most one member can; back another member's instead.
refusal-no-suggestion = There is no such suggestion.
refusal-own-suggestion = That is your own suggestion; other members back it.
refusal-backed-already = You back that suggestion already.
refusal-you-suggested = You suggested { $move } on this ballot already; other members back it with its button.
refusal-discussion-runs = Voting on this move opens in { $wait }; until then, suggest a move with `/{ cmd-suggest-name }` or back one.
refusal-discuss-length = A discussion lasts at most { $max }.
refusal-hidden-tally-poll = A poll shows its votes to everyone, so a hidden tally needs menus: choose menus or auto for the ballot.

refusal-league-name = A league's name needs 1 to { $most } characters.
refusal-league-move-time = A league's time per move must be between one hour and three days.
refusal-league-start-time = A league must start in the future, no more than { $days } days from now.
refusal-league-format-for-game = This game cannot be played in that format: round robins and knockouts need a game for two sides.
refusal-league-tables-for-game = Four-army tables are played in four-army Djambi only; for this game choose a round robin or a knockout.
refusal-league-tables-one-game = At four-army tables each round is one game; two games per pairing are only for round robins and knockouts.
refusal-league-unknown-code = No league has the code { $code }.
refusal-league-unknown = There is no such league.
refusal-league-entries-closed = This league takes no more entries.
refusal-league-full = This league is full: it has { $most } communities, the most a league takes.
refusal-league-already-entered = This community is already in the league.
refusal-league-not-entered = This community is not in the league.
refusal-league-channel-unusable = A league is played in a text channel (not a thread) where I can post messages with images and polls, read its history and open threads; run this in such a channel.
refusal-league-not-creator = Only the member who created this league can do that.
refusal-league-started = The league has started, so its communities are fixed.
refusal-league-over = The league is over.
refusal-league-other-not-entered = That community is not in the league.
refusal-league-already-started = The league has already started.
refusal-league-too-few = The league needs at least { $needed } communities; it has { $got }.
refusal-league-none-here = This community is in no league that is open or under way; name one by its code.
refusal-league-which = This community plays in several leagues; name one by its code: { $codes }.
