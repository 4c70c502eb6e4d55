# Counts and words that several areas use. A count is the number with the
# noun that agrees with it. Fluent passes no variables to terms, so each
# message that counts writes its own plural selection.
count-votes = { $count ->
    [one] { $count } vote
   *[other] { $count } votes
}
# A length of time, in its largest whole unit.
duration = { $unit ->
    [day] { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
    [hour] { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
    [minute] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
   *[second] { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }
}
# Lists: "A and B", "A, B and C"; "A or B".
list-and-pair = { $first } and { $second }
list-or-pair = { $first } or { $second }
list-then = { $first }, then { $rest }
list-more = { $first }, { $rest }
# The sides and armies of every game, as the rules name their seats.
seat = { $seat ->
    [white] white
    [black] black
    [light] light
    [dark] dark
    [red] red
    [blue] blue
    [green] green
    [yellow] yellow
    [red-blue] red and blue
    [yellow-green] yellow and green
   *[other] { $seat }
}
# A side as the subject of a sentence. English needs nothing more than
# its name; Spanish adds the article and agreement.
seat-subject = { seat }
# Which part of a turn a ballot decides, in games whose turn holds several
# decisions (Dejarik's two actions and pushes, two-player Djambi's armies).
decision-action = { $number ->
    [1] { seat-subject }'s first action of the turn
   *[2] { seat-subject }'s second action of the turn
}
decision-push = where { seat-subject } pushes the monster on { $square }
decision-army-move = { $extra ->
    [yes] the { seat } army's move, an extra turn for holding the Labyrinth
   *[no] the { seat } army's move
}
game-status = { $status ->
    [active] active
    [paused] paused
    [finished] finished
   *[stopped] stopped
}
decided-by = { $by ->
    [engine] the engine
    [chance] the dice
    [community] the community
   *[other] { $by }
}
apology = Sorry, something went wrong on my side. The game is safe; please try again in a minute.
# More commands and clicks came at once than I handle together: this one
# was not carried out.
busy = I'm handling too many requests at once, so I did nothing with this one. Please try again in a moment.

# An engine level, by the name the commands' choices give it.
engine-level = { $level ->
    [random] random
    [greedy] greedy
    [easy] easy
    [normal] normal
    [hard] hard
    [max] max
    [adaptive] adaptive
   *[other] { $level }
}
