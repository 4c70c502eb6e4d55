## Community games: what the bot posts in the channel.

game-strength = level { $level }
game-strength-adaptive = about as strong as you: level { $level }
game-strength-adaptive-first = level { $level } to begin with; after each game I adjust to how you play
game-started-engine-rest = the rest
game-started = A new game of { $game } begins! The community plays { $seats }; I play { $engine } ({ $strength }). { $format ->
    [poll] Each move gets a poll of the numbered options; `/{ cmd-vote-name }` works for any legal move, in the poll or not.
    [menus] Each move gets menus to pick from; `/{ cmd-vote-name }` works for any legal move.
   *[auto] Each move gets a ballot: a poll when every legal move fits in one, otherwise menus to pick from; `/{ cmd-vote-name }` works for any legal move.
}
ballot-opened = Ballot for move { $move }: { $legal ->
    [one] { $legal } legal move
   *[other] { $legal } legal moves
}.
ballot-opened-deciding = Ballot for move { $move } ({ $deciding }): { $legal ->
    [one] { $legal } legal move
   *[other] { $legal } legal moves
}.
ballot-extended = Nobody voted yet, so the vote is extended.
ballot-extended-until = Voting now closes { $closes }.
ballot-closed = The community played { $winner } ({ $votes } of { $total ->
    [one] { $total } vote
   *[other] { $total } votes
}).
ballot-closed-tie = The community played { $winner } ({ $votes } of { $total ->
    [one] { $total } vote
   *[other] { $total } votes
}). It was a tie; I broke it in favour of the move I rank higher.
game-paused = The game is paused: { $reason ->
    [nobody-voted] nobody voted
   *[other] { $reason }
}. A server manager can resume it.
game-resumed = The game resumes!
game-over = Game over: { $reason }.
game-over-score = Game over: { $reason }. Final score { $score }.
game-stopped = The game was stopped by { $by }.
# What the engine and the dice decided since the last ballot: "I reply
# A7-B7, then B1-C1." or "The dice: 9v4, then Kl:A3-B4."
replies-engine = I reply { $list }.
replies-dice = The dice: { $roll }.
replies-dice-then = The dice: { $roll }, then { $list }.
reply-dice = the dice: { $roll }

## The board and ballot messages.

board-options = Options: { $options }
voting-closes = Voting closes { $closes }.
# A ballot's call to the role its channel chose, and its one reminder.
ballot-call = { $role }, a new ballot is open.
ballot-reminder = { $role }, move { $move } still needs votes: { $voters ->
    [0] nobody has voted yet
    [one] only { $voters } member has voted
   *[other] only { $voters } members have voted
}.
poll-question = Move { $move }: which move do we play?
poll-how-all = Vote in the poll, or with `/{ cmd-vote-name }`.
poll-how-featured = Vote in the poll for a numbered option, or with `/{ cmd-vote-name }` for { $legal ->
    [one] the only legal move
   *[other] any of the { $legal } legal moves
}.
menu-vote-move = Vote for a move
menu-vote-option = Vote for a numbered option
menu-pick-piece = Or pick a piece, then its move
menu-pick-destination = Pick where it goes, then the rest
menu-group = { $name } ({ $count ->
    [one] { $count } move
   *[other] { $count } moves
})
menu-closed = **Move { $move }**: voting has closed.
menu-tally-none = **Move { $move }**: pick a move below, or use `/{ cmd-vote-name }`. No votes yet.
menu-tally = **Move { $move }**: pick a move below, or use `/{ cmd-vote-name }`. { $total ->
    [one] { $total } vote
   *[other] { $total } votes
} so far: { $leaders }.

## Replies to the people who start, vote and look.

start-done = Game { $game } started: the board and the first ballot are on their way.
start-already-yours = You started game { $game } in this channel { $when }, and it is already on: its board and ballot are in the channel. To start another, stop it first.
status-game = Game { $game } ({ $kind }): { game-status }, { $played ->
    [one] { $played } move
   *[other] { $played } moves
} played, level { $level }, votes last { $vote }.
status-ballot = Ballot for move { $move }: { $legal ->
    [one] { $legal } legal move
   *[other] { $legal } legal moves
}, { $total ->
    [one] { $total } vote
   *[other] { $total } votes
}; closes { $closes }.
status-ballot-leaders = Ballot for move { $move }: { $legal ->
    [one] { $legal } legal move
   *[other] { $legal } legal moves
}, { $total ->
    [one] { $total } vote
   *[other] { $total } votes
} ({ $leaders }); closes { $closes }.
history-head = Game { $game } ({ $kind }), { game-status }:
history-votes = { $number }. { $move } ({ $votes ->
    [one] { $votes } vote
   *[other] { $votes } votes
})
history-by = { $number }. { $move } ({ decided-by })
history-none = No moves yet.
stop-done = Game { $game } stopped.
resume-done = Game { $game } resumes: a new ballot is on its way.
role-set = Members with the { $role } role can now start and stop games here.
role-cleared = Only server managers can start and stop games here now.
vote-cast = You voted for { $move }.
vote-cast-option = You voted for { $move } (option { $option }).
vote-changed = Your vote is now { $move }, instead of { $old }.
vote-changed-option = Your vote is now { $move } (option { $option }), instead of { $old }.
menu-stale = That menu is not one of mine any more; use `/{ cmd-vote-name }`.
menu-piece-stuck = { $piece } has no legal move now; pick another piece.
menu-piece-moves = Moves of { $piece }:
duration-unreadable = I cannot read the length “{ $text }”: use a duration like 90s, 10m, 2h or 1d.

## /settings language

language-current-chosen = The bot posts in { $language } in this server, as a server manager chose.
language-current-discord = The bot posts in { $language } in this server, the server's language on Discord; a server manager can choose another with `/{ cmd-settings-name } { cmd-settings-language-name }`.
language-chosen = From now on the bot posts in { $language } in this server.

## Games between communities: what each side's channel is told.

shared-game-started = A new game of { $game } begins against { $opponents }! This channel plays { $seats }, and votes only on its own moves; { $others ->
    [one] the other side votes in its own channel.
   *[other] each other side votes in its own channel.
} { $format ->
    [poll] Each of our moves gets a poll of the numbered options; `/{ cmd-vote-name }` works for any legal move, in the poll or not.
    [menus] Each of our moves gets menus to pick from; `/{ cmd-vote-name }` works for any legal move.
   *[auto] Each of our moves gets a ballot: a poll when every legal move fits in one, otherwise menus to pick from; `/{ cmd-vote-name }` works for any legal move.
}
shared-game-engine = I play the seats nobody took (level { $level }).
side-named = { $community } ({ $seats })
side-unnamed = the community playing { $seats }
other-side-voting = Move { $move } is for { $side } to decide; they vote in their own channel.
side-played = { $side } played { $winner } ({ $votes } of { $total ->
    [one] { $total } vote
   *[other] { $total } votes
}).
side-played-tie = { $side } played { $winner } ({ $votes } of { $total ->
    [one] { $total } vote
   *[other] { $total } votes
}). It was a tie; I broke it in favour of the move I rank higher.
other-side-extended = { $side } has no vote yet, so their vote is extended.
status-other-side = Move { $move } is for the community playing { $side } to decide, in its own channel; its voting closes { $closes }.
side-left = { $side } { $why ->
    [resigned] resigned
   *[out-of-time] ran out of time
}: its army is out, as if its Leader had fallen.
side-left-game-goes-on = The game goes on without it.
side-left-vote-again = The board changed, so the vote in progress starts again.

## Challenges between communities: what managers read, and the channel's
## note of a public challenge.

versus-challenge-open = Challenge **{ $code }**: { $game }, this channel playing { $seats }, each vote lasting { $vote }. It expires { $expires }.
versus-challenge-how = A manager of the channel that will play, in this server or another, accepts it there with `/{ cmd-community-name } { cmd-community-accept-name } { cmd-community-accept-opt-code-name }:{ $code }`.
versus-challenge-private = Only you can see this code: send it to that manager.
versus-challenge-public = Every server's managers can also find it in `/{ cmd-community-name } { cmd-community-lobby-name }`.
versus-challenge-posted = { $by } challenged every server to { $game }: this channel plays { $seats }, each vote lasting { $vote }. A manager of another channel can accept it from `/{ cmd-community-name } { cmd-community-lobby-name }`, or with the code **{ $code }**; it expires { $expires }.
versus-withdraw-button = Withdraw
versus-withdrawn = { $count ->
    [one] Challenge { $codes } is withdrawn.
   *[other] Challenges { $codes } are withdrawn.
}
versus-accepted = Challenge accepted: game { $game } begins in this channel, and every other community's channel is told. The board and the first ballot are on their way.
versus-joined = This channel has taken its seat at the table and will play { $seats }. The game starts when { $waiting ->
    [one] one more community accepts
   *[other] { $waiting } more communities accept
} the challenge; it expires { $expires }.
versus-lobby-head = Open public challenges (pick one below to accept it for this channel):
versus-lobby-line = **{ $community }**: { $game }, they play { $seats }, each vote lasting { $vote }; expires { $expires }.
versus-lobby-rated = { $community } (rated { $rating })
versus-lobby-unrated = { $community } (unrated)
versus-lobby-table = A table for { $communities } communities, awaiting { $waiting ->
    [one] one more
   *[other] { $waiting } more
}.
versus-lobby-option = { $community }: { $game }
versus-lobby-option-detail = They play { $seats }; each vote lasts { $vote }.
versus-lobby-pick = Accept a challenge for this channel
versus-lobby-empty = No public challenge is open now. A server manager can open one with the `{ cmd-community-challenge-opt-public-name }` option of `/{ cmd-community-name } { cmd-community-challenge-name }`.
versus-lobby-nothing-picked = Pick a challenge in the menu, or accept one by its code with `/{ cmd-community-name } { cmd-community-accept-name }`.
versus-unnamed-server = A server
versus-resign-confirm = Resign game { $game } for this channel? Every channel of the game is told. The other sides win; at a four-army Djambi table where another community still plays, this channel's army is out instead and the game goes on. This question expires { $until }.
versus-resign-button = Resign
versus-keep-button = Keep playing
versus-resigned = Game { $game } is resigned for this channel.
versus-resign-kept = Not resigned: the game goes on.
versus-resign-expired = This question has expired and nothing was resigned; run `/{ cmd-community-name } { cmd-community-resign-name }` again to resign.
versus-resign-stale = Game { $game } is over, so nothing was resigned; to resign this channel's game now, run `/{ cmd-community-name } { cmd-community-resign-name }` again.
versus-not-yours = Only the member who ran the command can answer this question.

## Communities' ratings: the end of a game between them, /community history and /community leaderboard.

community-ratings = New community ratings: { $list }.
community-rating = { $side } { $rating } ({ $change })
community-unrated = This game is not rated: more than one of its sides belong to one server, and a community gains no rating by playing itself.
history-sides = Sides: { $sides }.
history-side-rated = { $side }, rated { $before } → { $after }
community-leaderboard-title = { $game }: communities' leaderboard
community-leaderboard-empty = No community has played a rated game of this yet.
community-leaderboard-line = { $rank }. { $community } — { $record }
community-leaderboard-hidden = a community that has not shown its name

## Calling members: the role a channel's ballots call, and its reminder.

notify-role-set = Ballots in this channel now call { $role } when they open. Members join or leave it with the buttons on those posts or with `/{ cmd-community-name } { cmd-community-notify-name }`.
notify-role-cleared = Ballots in this channel call nobody now.
notify-reminder = When { $percent }% of a ballot's time has passed and fewer than { $below ->
    [one] { $below } member has
   *[other] { $below } members have
} voted, I remind { $role } once.
notify-reminder-off = Ballots in this channel send no reminder.
notify-quiet = No reminder goes out from { $start } to { $end } ({ $zone }).
notify-role-everyone = I cannot call @everyone; choose a role that members join. Nothing was changed.
notify-role-managed = { $role } belongs to an integration, so I cannot give it to members; choose another role. Nothing was changed.
notify-role-privileged = { $role } grants permissions, and any member could take it by asking to be called; choose a role that grants none. Nothing was changed.
notify-role-no-permission = I cannot give { $role } to members: I need the Manage Roles permission. Nothing was changed.
notify-role-above-me = I cannot give { $role } to members: it sits above my highest role. Move my role above it in the server's role settings, then try again. Nothing was changed.
notify-role-not-mentionable = I cannot call { $role }: nobody may mention it, and I lack the permission to mention all roles. Let anyone mention it, or give me that permission. Nothing was changed.
notify-role-unchecked = I could not read this server's roles to check that I can give { $role }. Nothing was changed; try again in a moment.
notify-joined = You now have { $role }: you are called when a ballot opens in this channel.
notify-left = You no longer have { $role }: you are not called when a ballot opens in this channel.
notify-failed = I could not change your { $role } role: the server no longer lets me give it. A server manager can check my permissions.
notify-button-join = Call me
notify-button-leave = Stop calling me

## What members' votes did: /community stats and /community voters. A
## server's ballots are those of its own channels' sides that decided a move.

community-stats-none = { $member } has not voted in a ballot of this server's community games yet.
community-stats-heading = What { $member }'s votes did in this server's community games:
community-stats-ballots = Voted in { $ballots ->
    [one] { $ballots } ballot
   *[other] { $ballots } ballots
}; the community played their vote in { $became } of them.
community-stats-engine = { $judged ->
    [0] None of those ballots has a figure from my reviews yet: I review a game when it ends, and only moves and games reviewed before these figures were kept have none.
   *[other] My reviews weighed a choice in { $judged ->
        [one] { $judged } of those ballots
       *[other] { $judged } of those ballots
    }, and their vote was the move I judged best in { $matched }.
}
community-stats-streak = { $streak ->
    [0] Current streak: none, as they did not vote in this server's latest ballot.
    [one] Current streak: they voted in this server's latest ballot.
   *[other] Current streak: they voted in each of this server's latest { $streak } ballots.
}
community-stats-suggestions = { $suggested ->
    [0] Suggestions: none yet.
    [one] Suggestions: { $suggested } move, and the community { $adopted ->
        [0] did not play it
       *[other] played it
    }.
   *[other] Suggestions: { $suggested } moves, and the community played { $adopted } of them.
}
community-voters-heading = { $period ->
    [month] This month's voters (since { $since })
    [season] This season's voters (the calendar quarter since { $since })
   *[all] Voters of all time
} in this server's community games, ranked by ballots voted, then by votes the community played, then by votes that were the move I judged best:
community-voters-empty = { $period ->
    [month] Nobody has voted in this server's community games this month (since { $since }).
    [season] Nobody has voted in this server's community games this season (the calendar quarter since { $since }).
   *[all] Nobody has voted in this server's community games yet.
}
community-voters-line = { $rank }. { $member }: { $ballots ->
    [one] { $ballots } ballot
   *[other] { $ballots } ballots
}, { $became } played by the community, { $judged ->
    [0] none reviewed yet
   *[other] { $matched } of { $judged } the move I judged best
}
community-voters-engine-note = Only ballots my post-game reviews weighed count against my best move: not those of games still being played, of only moves, or of games reviewed before these figures were kept.

## Suggestions: a member argues for a move, others back it.

suggestion-posted = { $member } suggests **{ $move }**: “{ $reason }”
suggestion-back = { $backers ->
    [0] Back it
    [one] Back it · { $backers } backer
   *[other] Back it · { $backers } backers
}
suggestion-item = **{ $move }** from { $member } ({ $backers ->
    [0] no backers yet
    [one] { $backers } backer
   *[other] { $backers } backers
})
suggestions-line = Suggested: { $list }.
suggestions-more = { $count ->
    [one] { $count } more
   *[other] { $count } more
}

# A discussion before each ballot's votes
discussion-opened = Talk it over first: suggest a move with `/{ cmd-suggest-name }` and back the suggestions you agree with.
votes-open-at = Voting opens { $opens }.
voting-opened = The discussion of move { $move } is over: vote now.

# A tally hidden until the close
menu-tally-hidden = **Move { $move }**: pick a move below, or use `/{ cmd-vote-name }`. The votes stay hidden until the close; { $total ->
    [one] { $total } member has voted
   *[other] { $total } members have voted
}: { $members }.
voters-more = { $count } more
discussion-place = { $game }: talk it over
status-discussion = Its discussion runs until voting opens { $opens }: suggest moves with `/{ cmd-suggest-name }` until then.
notify-join-unsafe = I no longer give { $role }: since it was chosen it was given permissions or was removed, and any member may take a called role. A server manager can choose another with `/{ cmd-community-name } { cmd-community-notify-role-name }`.
notify-join-unchecked = I could not read this server's roles to check that { $role } is still safe to give, so I did not give it; try again in a moment.
