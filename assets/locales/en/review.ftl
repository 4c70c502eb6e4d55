# The review posted after a community game. $verdict is one of forced,
# best, good, inaccuracy, mistake, blunder.
verdict = { $verdict ->
    [forced] only move
    [best] best
    [good] good
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}
review-nothing = There is nothing to review in this game of { $game }: the community made no decision.
review-heading = My review of the community's decisions as { $seats } in this game of { $game }:
review-accuracy = { $accurate } of { $judged ->
    [one] { $judged } decision was
   *[other] { $judged } decisions were
} the best move or a good one ({ $percent }% accuracy){ $forced ->
    [0] .
    [one] , not counting { $forced } only move.
   *[other] , not counting { $forced } only moves.
}
review-all-forced = Every decision was an only move ({ $forced }), so there was nothing to choose.
review-verdict-count = { $count ->
    [one] { $count } { $verdict ->
        [best] best move
        [good] good move
        [inaccuracy] inaccuracy
        [mistake] mistake
       *[blunder] blunder
    }
   *[other] { $count } { $verdict ->
        [best] best moves
        [good] good moves
        [inaccuracy] inaccuracies
        [mistake] mistakes
       *[blunder] blunders
    }
}
review-verdicts = In all: { $counts }.
review-turning-point = The turning point was move { $move }: the community played { $played }, where I would have played { $preferred }, which { $for_preferred } of { $voters ->
    [one] { $voters } voter
   *[other] { $voters } voters
} chose.
review-no-turning-point = No decision lost as much as a mistake.
review-close-voter = { $member } ({ $matched } of { $voted })
review-closest = Votes closest to my choices: { $members }.
review-decision = { $move }. { $played }: { verdict }{ $same ->
    [yes] {""}
   *[no] {" "}(I preferred { $preferred })
}
review-rest-not-listed = Every decision not listed was the best move, a good one or an only move.
review-turnout = { $voters ->
    [one] { $voters } member
   *[other] { $voters } members
} voted across the community's { $ballots ->
    [one] { $ballots } ballot
   *[other] { $ballots } ballots
}.
review-agreed-item = { $played } for move { $number }, from { $member }
review-agreed = { $count ->
    [one] I agreed with this suggestion:
   *[other] I agreed with these suggestions:
} { $suggestions }.
