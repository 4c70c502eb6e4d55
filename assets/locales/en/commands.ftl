# Slash commands: names, descriptions, options and choices, read by
# src/discord/localise.rs. Names: lower case, no spaces, at most 32
# characters; descriptions and choices: at most 100 (tests check).
# The English texts must equal the code's attributes (a test checks):
# change both together, and then the translations.

# /community
cmd-community-name = community
cmd-community-description = Community games: the channel votes on every move.
cmd-community-start-name = start
cmd-community-start-description = Start a community game in this channel (server managers).
cmd-community-start-opt-game-name = game
cmd-community-start-opt-game-description = The game to play
cmd-community-start-opt-vote-name = vote
cmd-community-start-opt-vote-description = How long each vote lasts, like 30m, 2h or 1d
cmd-community-start-opt-level-name = level
cmd-community-start-opt-level-description = The engine's strength
cmd-community-start-opt-side-name = side
cmd-community-start-opt-side-description = The community's side (default: white)
cmd-community-start-opt-ballot-name = ballot
cmd-community-start-opt-ballot-description = How each move's ballot is shown (default: auto)
cmd-community-start-opt-discuss-name = discuss
cmd-community-start-opt-discuss-description = Time to suggest moves before each vote opens, like 10m (default: none)
cmd-community-start-opt-tally-name = tally
cmd-community-start-opt-tally-description = Whether members see the votes before the close (default: live)
cmd-community-status-name = status
cmd-community-status-description = Show this channel's game and the current ballot's votes.
cmd-community-history-name = history
cmd-community-history-description = The moves of this channel's game so far, with a replay.
cmd-community-review-name = review
cmd-community-review-description = My review of a finished game of this channel, shown only to you.
cmd-community-review-opt-game-name = game
cmd-community-review-opt-game-description = The game's number (the latest finished one if left out)
cmd-community-stop-name = stop
cmd-community-stop-description = Stop this channel's game for good (server managers).
cmd-community-resume-name = resume
cmd-community-resume-description = Resume this channel's paused game (server managers).
cmd-community-role-name = role
cmd-community-role-description = Let a role start and stop games in this channel (Manage Server).
cmd-community-role-opt-role-name = role
cmd-community-role-opt-role-description = The role; leave out to allow server managers only
cmd-community-challenge-name = challenge
cmd-community-challenge-description = Challenge another community to a game in this channel (server managers).
cmd-community-challenge-opt-game-name = game
cmd-community-challenge-opt-game-description = The game to play
cmd-community-challenge-opt-side-name = side
cmd-community-challenge-opt-side-description = This channel's side (default: white)
cmd-community-challenge-opt-vote-name = vote
cmd-community-challenge-opt-vote-description = How long each vote lasts, like 30m, 2h or 1d
cmd-community-challenge-opt-ballot-name = ballot
cmd-community-challenge-opt-ballot-description = How each move's ballot is shown (default: auto)
cmd-community-challenge-opt-public-name = public
cmd-community-challenge-opt-public-description = List it in the lobby for every server (default: only a code to share)
cmd-community-challenge-opt-communities-name = communities
cmd-community-challenge-opt-communities-description = Four-army Djambi only: how many communities play, 2 to 4 (default 2)
cmd-community-challenge-opt-discuss-name = discuss
cmd-community-challenge-opt-discuss-description = Time to suggest moves before each vote opens, like 10m (default: none)
cmd-community-challenge-opt-tally-name = tally
cmd-community-challenge-opt-tally-description = Whether members see the votes before the close (default: live)
cmd-community-challenge-cancel-name = challenge-cancel
cmd-community-challenge-cancel-description = Withdraw this channel's open challenges, or one of them (server managers).
cmd-community-challenge-cancel-opt-code-name = code
cmd-community-challenge-cancel-opt-code-description = The code of one challenge; leave out to withdraw them all
cmd-community-accept-name = accept
cmd-community-accept-description = Accept another community's challenge: its game starts in this channel (server managers).
cmd-community-accept-opt-code-name = code
cmd-community-accept-opt-code-description = The challenge's code, like ABCD-EFGH
cmd-community-lobby-name = lobby
cmd-community-lobby-description = Public challenges from every server; accept one for this channel.
cmd-community-lobby-opt-game-name = game
cmd-community-lobby-opt-game-description = Only challenges of this game
cmd-community-resign-name = resign
cmd-community-resign-description = Resign this channel's game against another community (server managers).
cmd-community-leaderboard-name = leaderboard
cmd-community-leaderboard-description = The best rated communities of a game, across servers.
cmd-community-leaderboard-opt-game-name = game
cmd-community-leaderboard-opt-game-description = The game
cmd-community-stats-name = stats
cmd-community-stats-description = What a member's votes did in this server's community games, shown only to you.
cmd-community-stats-opt-member-name = member
cmd-community-stats-opt-member-description = The member (you if left out)
cmd-community-voters-name = voters
cmd-community-voters-description = The members whose votes did most in this server's community games.
cmd-community-voters-opt-period-name = period
cmd-community-voters-opt-period-description = The period (default: this month)

# /vote
cmd-vote-name = vote
cmd-vote-description = Vote for the community's next move.
cmd-vote-opt-move-name = move
cmd-vote-opt-move-description = A move like A1-B1, or an option number from the board

# /gotd
cmd-gotd-name = gotd
cmd-gotd-description = Gamer of the Day: a daily post naming the server's best player.
cmd-gotd-setup-name = setup
cmd-gotd-setup-description = Post the Gamer of the Day every day (server managers).
cmd-gotd-setup-opt-channel-name = channel
cmd-gotd-setup-opt-channel-description = Where to post
cmd-gotd-setup-opt-time-name = time
cmd-gotd-setup-opt-time-description = Local time of the post, HH:MM (24-hour), e.g. 09:00
cmd-gotd-setup-opt-timezone-name = timezone
cmd-gotd-setup-opt-timezone-description = Your time zone, e.g. Europe/London
cmd-gotd-setup-opt-mentions-name = mentions
cmd-gotd-setup-opt-mentions-description = Ping the Gamer of the Day (off: named without a ping)
cmd-gotd-off-name = off
cmd-gotd-off-description = Stop the daily post (server managers).
cmd-gotd-preview-name = preview
cmd-gotd-preview-description = Show today's post, only to you, without posting it.
cmd-gotd-now-name = now
cmd-gotd-now-description = Post today's Gamer of the Day now, if it has not gone out (server managers).
# /puzzle
cmd-puzzle-name = puzzle
cmd-puzzle-description = The daily puzzle: solve it, see the ranking, or set it up.
cmd-puzzle-today-name = today
cmd-puzzle-today-description = Solve today's puzzle, only you see it (one at your level if there is none).
cmd-puzzle-random-name = random
cmd-puzzle-random-description = Solve a puzzle at your level that you have not tried, only you see it.
cmd-puzzle-random-opt-game-name = game
cmd-puzzle-random-opt-game-description = Only this game's puzzles
cmd-puzzle-answer-name = answer
cmd-puzzle-answer-description = Answer your puzzle with a move in the game's notation.
cmd-puzzle-answer-opt-move-name = move
cmd-puzzle-answer-opt-move-description = Your move, e.g. A3-B4
cmd-puzzle-ranking-name = ranking
cmd-puzzle-ranking-description = The server's best puzzle solvers, and your own rating and streak.
cmd-puzzle-daily-name = daily
cmd-puzzle-daily-description = Post a puzzle every day with the Gamer of the Day (server managers).
cmd-puzzle-daily-opt-channel-name = channel
cmd-puzzle-daily-opt-channel-description = Where to post
cmd-puzzle-daily-opt-hours-name = hours
cmd-puzzle-daily-opt-hours-description = Hours the vote stays open (1 to 23, 12 if not given)
cmd-puzzle-daily-opt-game-name = game
cmd-puzzle-daily-opt-game-description = Only this game's puzzles (the games take turns if not given)
cmd-puzzle-off-name = off
cmd-puzzle-off-description = Stop the daily puzzle (server managers).
cmd-puzzle-reveal-name = reveal
cmd-puzzle-reveal-description = Close today's puzzle vote now and reveal the answer (server managers).

# /challenge
cmd-challenge-name = challenge
cmd-challenge-description = Challenge other members to a match.
cmd-challenge-opt-opponent-name = opponent
cmd-challenge-opt-opponent-description = Who you challenge
cmd-challenge-opt-game-name = game
cmd-challenge-opt-game-description = The game to play
cmd-challenge-opt-turn-name = turn
cmd-challenge-opt-turn-description = Time for each decision, like 10m, 2h or 1d (default 1d)
cmd-challenge-opt-opponent2-name = opponent2
cmd-challenge-opt-opponent2-description = A second opponent, in games for more players
cmd-challenge-opt-opponent3-name = opponent3
cmd-challenge-opt-opponent3-description = A third opponent, in games for four players

# /play
cmd-play-name = play
cmd-play-description = Play a match against me.
cmd-play-opt-game-name = game
cmd-play-opt-game-description = The game to play
cmd-play-opt-level-name = level
cmd-play-opt-level-description = My strength
cmd-play-opt-turn-name = turn
cmd-play-opt-turn-description = Time for each of your decisions, like 10m, 2h or 1d (default 1d)

# /move
cmd-move-name = move
cmd-move-description = Play a move in your match in this channel.
cmd-move-opt-move-name = move
cmd-move-opt-move-description = A move like A1-B1

# /resign
cmd-resign-name = resign
cmd-resign-description = Resign your match in this channel.

# /match
cmd-match-name = match
cmd-match-description = Your match in this channel.
cmd-match-status-name = status
cmd-match-status-description = Your current (or latest) match here: seats, whose decision, time left.
cmd-match-history-name = history
cmd-match-history-description = The moves of your current (or latest) match here, with a replay.
cmd-match-threads-name = threads
cmd-match-threads-description = Give every match made in this channel a thread of its own (Manage Server).
cmd-match-threads-opt-switch-name = switch
cmd-match-threads-opt-switch-description = on: a thread per match; off: matches play in this channel

# /leaderboard and /profile
cmd-leaderboard-name = leaderboard
cmd-leaderboard-description = The best rated players of a game.
cmd-leaderboard-opt-game-name = game
cmd-leaderboard-opt-game-description = The game
cmd-profile-name = profile
cmd-profile-description = A player's ratings and records.
cmd-profile-opt-user-name = user
cmd-profile-opt-user-description = Whose profile (default: yours)


# /community notify-role, reminder, notify
cmd-community-notify-role-name = notify-role
cmd-community-notify-role-description = Choose the role this channel's ballots call (server managers).
cmd-community-notify-role-opt-role-name = role
cmd-community-notify-role-opt-role-description = The role members join to be called; leave out to call nobody
cmd-community-reminder-name = reminder
cmd-community-reminder-description = Set when this channel's ballots send their one reminder (server managers).
cmd-community-reminder-opt-voters-name = voters
cmd-community-reminder-opt-voters-description = Remind while fewer members than this have voted; 0: no reminder
cmd-community-reminder-opt-at-name = at
cmd-community-reminder-opt-at-description = How far into a ballot's time, in percent (10 to 95)
cmd-community-reminder-opt-quiet-name = quiet
cmd-community-reminder-opt-quiet-description = Local hours without reminders, like 22-7; none to remind at any hour
cmd-community-reminder-opt-zone-name = zone
cmd-community-reminder-opt-zone-description = The time zone of the quiet hours (default: the Gamer of the Day's, else UTC)
cmd-community-notify-name = notify
cmd-community-notify-description = Get called when a ballot opens in this channel, or stop.
cmd-community-notify-opt-switch-name = switch
cmd-community-notify-opt-switch-description = on: get called when a ballot opens here; off: stop


# /suggest
cmd-suggest-name = suggest
cmd-suggest-description = Suggest a move for the community's vote, with your reason.
cmd-suggest-opt-move-name = move
cmd-suggest-opt-move-description = A move like A1-B1, or an option number from the board
cmd-suggest-opt-why-name = why
cmd-suggest-opt-why-description = Why the community should play it (up to 200 characters)

# Choices, one message wherever the choice is offered. Game names stay as
# they are. A command named in a choice is its message, so it reads as the
# member's client shows it.
cmd-choice-space-checkers = Space Checkers
cmd-choice-dejarik = Dejarik
cmd-choice-holochess = Holochess
cmd-choice-djambi = Djambi
cmd-choice-djambi-4-players-the-channel-plays-red = Djambi (4 players: the channel plays Red)
cmd-choice-djambi-2-players-the-channel-plays-red-and-blue = Djambi (2 players: the channel plays Red and Blue)
cmd-choice-random = random
cmd-choice-this-month = this month
cmd-choice-this-season-calendar-quarter = this season (calendar quarter)
cmd-choice-all-time = all time
cmd-choice-greedy = greedy
cmd-choice-easy = easy
cmd-choice-normal = normal
cmd-choice-hard = hard
cmd-choice-max = max
cmd-choice-adaptive = adaptive
cmd-choice-white-moves-first = white (moves first)
cmd-choice-black-the-engine-opens = black (the engine opens)
cmd-choice-alternate-swaps-each-new-game-here = alternate (swaps each new game here)
cmd-choice-black-the-other-community-opens = black (the other community opens)
cmd-choice-auto-a-poll-when-every-move-fits-else-menus = auto (a poll when every move fits, else menus)
cmd-choice-poll-the-numbered-options-others-by-vote = poll (the numbered options; others by /{ cmd-vote-name })
cmd-choice-menus = menus
cmd-choice-live = live
cmd-choice-hidden = hidden
cmd-choice-on = on
cmd-choice-off = off

# /settings
cmd-settings-name = settings
cmd-settings-description = Settings of this server (server managers).
cmd-settings-language-name = language
cmd-settings-language-description = The language of the bot's posts in this server (server managers).
cmd-settings-language-opt-language-name = language
cmd-settings-language-opt-language-description = The language; leave out to see the current one
cmd-settings-voters-name = voters
cmd-settings-voters-description = Who may vote in this server's community games (server managers).
cmd-settings-voters-opt-min-account-age-name = min-account-age
cmd-settings-voters-opt-min-account-age-description = How old an account must be to vote, like 7d or 12h; 0 for any age
cmd-settings-voters-opt-min-time-in-server-name = min-time-in-server
cmd-settings-voters-opt-min-time-in-server-description = How long a member must have been in the server to vote, like 1d; 0 for no minimum
cmd-settings-voters-opt-role-name = role
cmd-settings-voters-opt-role-description = The role needed to vote; @everyone for none
cmd-choice-english = English
cmd-choice-espa-ol-spanish = Español (Spanish)
cmd-choice-japanese = 日本語 (Japanese)
cmd-choice-two = two
cmd-choice-three-four-army-djambi = three (four-army Djambi)
cmd-choice-four-four-army-djambi = four (four-army Djambi)
cmd-community-page-name = page
cmd-community-page-description = Show this channel's game page, or choose who may see its games' pages.
cmd-community-page-opt-visibility-name = visibility
cmd-community-page-opt-visibility-description = Who may see this channel's game pages (server managers)
cmd-choice-unlisted-only-with-the-link = unlisted (only with the link)
cmd-choice-public-listed-on-the-community-s-page = public (listed on the community's page)
cmd-choice-off-no-page = off (no page)

# /league
cmd-league-name = league
cmd-league-description = Leagues between communities: seasons of community games.
cmd-league-create-name = create
cmd-league-create-description = Create a league for communities to enter with its code (server managers).
cmd-league-create-opt-name-name = name
cmd-league-create-opt-name-description = The league's name
cmd-league-create-opt-game-name = game
cmd-league-create-opt-game-description = The game to play
cmd-league-create-opt-format-name = format
cmd-league-create-opt-format-description = How the communities are paired
cmd-league-create-opt-move-time-name = move-time
cmd-league-create-opt-move-time-description = How long each move's vote lasts, from 1h to 3d, like 12h
cmd-league-create-opt-starts-in-name = starts-in
cmd-league-create-opt-starts-in-description = How long until the first round, like 2d (at most 30 days)
cmd-league-create-opt-pairs-name = pairs
cmd-league-create-opt-pairs-description = Games each pairing plays (default: one)
cmd-league-create-opt-public-name = public
cmd-league-create-opt-public-description = List the league in /league lobby for every server (default: no)
cmd-league-create-opt-ballot-name = ballot
cmd-league-create-opt-ballot-description = How each move's ballot is shown (default: auto)
cmd-league-create-opt-discuss-name = discuss
cmd-league-create-opt-discuss-description = Time to suggest moves before each vote opens, like 10m (default: none)
cmd-league-create-opt-tally-name = tally
cmd-league-create-opt-tally-description = Whether members see the votes before the close (default: live)
cmd-league-join-name = join
cmd-league-join-description = Enter this community in a league, playing in this channel (server managers).
cmd-league-join-opt-code-name = code
cmd-league-join-opt-code-description = The league's entry code, like ABCD-EFGH
cmd-league-lobby-name = lobby
cmd-league-lobby-description = Public leagues still taking entries.
cmd-league-lobby-opt-game-name = game
cmd-league-lobby-opt-game-description = Only leagues of this game
cmd-league-standings-name = standings
cmd-league-standings-description = A league's table, ranked by points, then tie-breaks.
cmd-league-standings-opt-league-name = league
cmd-league-standings-opt-league-description = The league's code (default: this community's league)
cmd-league-leave-name = leave
cmd-league-leave-description = Take this community out of a league; after the start it forfeits its games (server managers).
cmd-league-leave-opt-league-name = league
cmd-league-leave-opt-league-description = The league's code (default: this community's league)
cmd-league-leave-opt-forfeit-name = forfeit
cmd-league-leave-opt-forfeit-description = Needed to leave after the start: this community forfeits its unfinished games
cmd-league-remove-name = remove
cmd-league-remove-description = Take a community out of your league before it starts (the league's creator).
cmd-league-remove-opt-entry-name = entry
cmd-league-remove-opt-entry-description = The community's number in /league standings
cmd-league-remove-opt-league-name = league
cmd-league-remove-opt-league-description = The league's code (default: this community's league)
cmd-league-close-name = close
cmd-league-close-description = Close your league to new entries; it still starts at its start time (the league's creator).
cmd-league-close-opt-league-name = league
cmd-league-close-opt-league-description = The league's code (default: this community's league)
cmd-league-start-name = start
cmd-league-start-description = Start your league now instead of at its start time (the league's creator).
cmd-league-start-opt-league-name = league
cmd-league-start-opt-league-description = The league's code (default: this community's league)
cmd-league-cancel-name = cancel
cmd-league-cancel-description = Cancel your league: its games stop without a result (the league's creator).
cmd-league-cancel-opt-league-name = league
cmd-league-cancel-opt-league-description = The league's code (default: this community's league)
cmd-choice-round-robin-every-community-meets-every-other-once = round robin (every community meets every other once)
cmd-choice-double-round-robin-twice-colours-swapped = double round robin (twice, colours swapped)
cmd-choice-knockout-a-bracket-seeded-by-rating = knockout (a bracket seeded by rating)
cmd-choice-four-army-tables-four-player-djambi = four-army tables (four-player Djambi)
cmd-choice-one-game = one game
cmd-choice-two-games-at-once-colours-swapped = two games at once, colours swapped
cmd-choice-yes-forfeit-every-game-not-finished = yes, forfeit every game not finished
