# Why a game ended: a clause that "Game over: …" and "Match over: …" wrap,
# so no capital letter and no full stop. $seat, $winner and $loser are the
# rules' seat names (see `seat` in common.ftl); $player is a person's name.
end-all-captured = { $winner } captured all of { $loser }'s creatures
end-no-capture-last-creature = { seat-subject } made three turns without a capture with one creature left
end-no-capture-sudden-death = { seat-subject } made three turns without a capture in sudden death
end-no-legal-move = { seat-subject } has no legal move
end-no-monsters-left = { seat-subject } has no monsters left
end-duel-won = { seat-subject } won the duel to the death
end-undecidable-duel = neither last monster can ever win the duel
end-decision-limit = the { $limit }-decision limit was reached
end-move-limit = the { $limit }-move limit was reached
end-inner-row = { seat-subject } has all its pieces in a row on the inner orbit
end-half-pieces-lost = { seat-subject } has lost half of its pieces
end-every-rival-eliminated = { seat-subject } eliminated every rival
end-quiet-turns = { $turns } turns without a death: a draw between the sides still in play
end-every-side-encircled = one move walled in the Leaders of every side still in play: a draw
end-resigned = { $player } resigned
end-out-of-time = { $player } ran out of time
# A game between communities: $seat names the side that community played.
end-community-resigned = the community playing { seat } resigned
end-community-out-of-time = the community playing { seat } ran out of time
