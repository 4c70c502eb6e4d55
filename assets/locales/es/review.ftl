# El análisis que se publica al terminar una partida de comunidad. $verdict
# es forced, best, good, inaccuracy, mistake o blunder.
verdict = { $verdict ->
    [forced] único movimiento
    [best] el mejor
    [good] bueno
    [inaccuracy] imprecisión
    [mistake] error
   *[blunder] error grave
}
review-nothing = No hay nada que analizar en esta partida de { $game }: la comunidad no tomó ninguna decisión.
review-heading = Mi análisis de las decisiones de la comunidad con { $seats } en esta partida de { $game }:
review-accuracy = { $accurate } de { $judged ->
    [one] { $judged } decisión fue
   *[other] { $judged } decisiones fueron
} el mejor movimiento o uno bueno (precisión del { $percent } %){ $forced ->
    [0] .
    [one] , sin contar { $forced } único movimiento posible.
   *[other] , sin contar { $forced } casos de único movimiento posible.
}
review-all-forced = Todas las decisiones tenían un único movimiento posible ({ $forced }), así que no había nada que elegir.
review-verdict-count = { $count ->
    [one] { $count } { $verdict ->
        [best] mejor movimiento
        [good] movimiento bueno
        [inaccuracy] imprecisión
        [mistake] error
       *[blunder] error grave
    }
   *[other] { $count } { $verdict ->
        [best] mejores movimientos
        [good] movimientos buenos
        [inaccuracy] imprecisiones
        [mistake] errores
       *[blunder] errores graves
    }
}
review-verdicts = En total: { $counts }.
review-turning-point = El momento decisivo fue el movimiento { $move }: la comunidad jugó { $played }, donde yo habría jugado { $preferred }, que eligieron { $for_preferred } de { $voters ->
    [one] { $voters } votante
   *[other] { $voters } votantes
}.
review-no-turning-point = Ninguna decisión perdió tanto como un error.
review-close-voter = { $member } ({ $matched } de { $voted })
review-closest = Los votos más cercanos a mis elecciones: { $members }.
review-decision = { $move }. { $played }: { verdict }{ $same ->
    [yes] {""}
   *[no] {" "}(yo prefería { $preferred })
}
review-rest-not-listed = Las decisiones que no aparecen fueron el mejor movimiento, uno bueno o el único posible.
