# Counts that several areas use. Each is the number with the noun that
# agrees with it.
count-votes = { $count ->
    [one] { $count } vote
   *[other] { $count } votes
}
count-legal-moves = { $count ->
    [one] { $count } legal move
   *[other] { $count } legal moves
}
