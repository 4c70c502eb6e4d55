# The daily puzzle: its post and reveal, and a member's private tries.
puzzle-difficulty = { $difficulty ->
    [easy] easy
    [medium] medium
    [hard] hard
   *[expert] expert
}
# "Space Checkers · medium · 2 moves to find"
puzzle-heading = **{ $game } · { puzzle-difficulty } · { $steps ->
    [one] 1 move to find
   *[other] { $steps } moves to find
}**
# Opens with the side; the code capitalises the first letter.
puzzle-task = { $theme ->
    [win] { seat-subject } to move and win.
    [material] { seat-subject } to move and win material.
    [defence] { seat-subject } to move: find the one move that holds; every other move leaves { seat-subject } clearly worse off.
   *[odds] { seat-subject } to move: find the move with the best odds. The dice decide, so it is judged on average over every roll.
}
puzzle-post-title = **Puzzle of the day, { $date }**
puzzle-post-vote = Vote for the move you would play with the numbered buttons below; the answer is revealed { $closes }. “Solve it alone” lets you try it privately for your puzzle rating; after that you can no longer vote on it.
puzzle-button-alone = Solve it alone
puzzle-reveal-title = **The answer to the puzzle of { $date }: { $answer }**
puzzle-line = The line: { $line }.
puzzle-why-solved = Why: the solved table shows that { seat-subject } wins in { $plies ->
    [one] 1 ply
   *[other] { $plies } plies
} with best play, and every other move lets the win go.
puzzle-why-search = Why: in a search { $plies } plies deep, it scores at least { $margin } points more than any other move.
puzzle-why-odds = Why: in a search { $plies } plies deep that averages over the dice, it scores at least { $margin } points more than any other move.
puzzle-reveal-share = { $found } of { $voters ->
    [one] 1 voter
   *[other] { $voters } voters
} found it ({ $percent }%).
puzzle-reveal-nobody = Nobody voted.
puzzle-reveal-done = The vote is closed; the answer is being posted.
puzzle-solve-reply = The reply: { $reply }.
puzzle-solve-ask = Find move { $step } of { $steps }: press its button or use /{ cmd-puzzle-name } { cmd-puzzle-answer-name }.
puzzle-solve-done-solved = You solved this puzzle.
puzzle-solve-done-failed = You did not solve this puzzle.
puzzle-line-hidden = The right line stays hidden while this server votes on the puzzle; the reveal post shows it when the vote closes, { $closes }.
puzzle-answer-right = Right!
puzzle-answer-solved = Right! You solved the puzzle.
puzzle-answer-wrong = { $tried } is not the answer.
puzzle-answer-not-a-move = That is not a move in this position. Answer with { $moves }.
puzzle-answer-stale = That answer was for an earlier move of this puzzle; here is where it stands.
puzzle-rating-change = Your puzzle rating: { $before } → { $after }.
puzzle-streak = { $count ->
    [one] You have solved 1 puzzle in a row.
   *[other] You have solved { $count } puzzles in a row.
}
puzzle-streak-lost = Your streak starts again from zero.
puzzle-vote-counted = You voted for { $mv }; the answer is revealed { $closes }.
puzzle-vote-changed = You changed your vote from { $from } to { $mv }; the answer is revealed { $closes }.
puzzle-vote-unchanged = You had already voted for { $mv }; the answer is revealed { $closes }.
puzzle-ranking-title = **The server's puzzle ranking**
puzzle-ranking-empty = Nobody here has tried a puzzle yet.
puzzle-ranking-line = { $place }. { $member }: { $rating } ({ $solved ->
    [one] 1 solved
   *[other] { $solved } solved
}, { $streak ->
    [one] 1 in a row
   *[other] { $streak } in a row
})
puzzle-ranking-you = Your puzzle rating is { $rating }: { $solved ->
    [one] 1 puzzle solved
   *[other] { $solved } puzzles solved
}, { $failed ->
    [one] 1 missed
   *[other] { $failed } missed
}, { $streak } in a row now, { $best } at best.
puzzle-ranking-you-none = You have not tried a puzzle yet: /{ cmd-puzzle-name } { cmd-puzzle-today-name } shows one.
puzzle-daily-every-game = every game in turn
puzzle-daily-done = Every day at { $time } ({ $zone }), with the Gamer of the Day, a puzzle goes to { $channel } ({ $game }); its vote stays open for { $hours ->
    [one] 1 hour
   *[other] { $hours } hours
}.
puzzle-off-done = The daily puzzle is off. Ratings and past puzzles are kept.
puzzle-off-was-off = The daily puzzle was not on.
puzzle-stops-with-daily = The daily puzzle goes out with it, so it stops too; /{ cmd-gotd-name } { cmd-gotd-setup-name } brings both back.
