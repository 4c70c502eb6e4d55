count-votes = { $count ->
    [one] { $count } voto
   *[other] { $count } votos
}
count-legal-moves = { $count ->
    [one] { $count } movimiento legal
   *[other] { $count } movimientos legales
}
