# El análisis que se publica al terminar una partida de comunidad. $verdict
# es forced, best, good, inaccuracy, mistake o blunder.
verdict = { $verdict ->
    [forced] único movimiento posible
    [best] el mejor movimiento
    [good] buen movimiento
    [inaccuracy] imprecisión
    [mistake] error
   *[blunder] error grave
}
review-nothing = No hay nada que analizar en esta partida de { $game }: la comunidad no tomó ninguna decisión.
review-heading = Mi análisis de las decisiones que tomó la comunidad, con { $seats }, en esta partida de { $game }:
review-accuracy = { $accurate } de { $judged ->
    [one] { $judged } decisión
   *[other] { $judged } decisiones
} { $accurate ->
    [one] fue
   *[other] fueron
} el mejor movimiento o uno bueno (precisión del { $percent } %){ $forced ->
    [0] .
    [one] , sin contar { $forced } decisión con un único movimiento posible.
   *[other] , sin contar { $forced } decisiones con un único movimiento posible.
}
review-all-forced = Todas las decisiones tenían un único movimiento posible ({ $forced }), así que no había nada que elegir.
review-verdict-count = { $count ->
    [one] { $count } { $verdict ->
        [best] mejor movimiento
        [good] buen movimiento
        [inaccuracy] imprecisión
        [mistake] error
       *[blunder] error grave
    }
   *[other] { $count } { $verdict ->
        [best] mejores movimientos
        [good] buenos movimientos
        [inaccuracy] imprecisiones
        [mistake] errores
       *[blunder] errores graves
    }
}
review-verdicts = En total: { $counts }.
review-turning-point = El momento decisivo fue el movimiento { $move }: la comunidad jugó { $played } y yo habría jugado { $preferred }, { $for_preferred ->
    [0] que no eligió { $voters ->
        [one] el único votante
       *[other] ninguno de los { $voters } votantes
    }
    [one] que eligió { $for_preferred } de { $voters ->
        [one] { $voters } votante
       *[other] { $voters } votantes
    }
   *[other] que eligieron { $for_preferred } de { $voters } votantes
}.
review-no-turning-point = Ninguna decisión fue tan costosa como un error.
review-close-voter = { $member } ({ $matched } de { $voted })
review-closest = Quienes más coincidieron conmigo: { $members }.
review-decision = { $move }. { $played }: { verdict }{ $same ->
    [yes] {""}
   *[no] {" "}(yo habría jugado { $preferred })
}
review-rest-not-listed = Las decisiones que no aparecen fueron el mejor movimiento, uno bueno o el único posible.
review-turnout = { $ballots ->
    [one] En { $ballots } votación de la comunidad
   *[other] En las { $ballots } votaciones de la comunidad
} { $voters ->
    [one] votó { $voters } miembro
   *[other] votaron { $voters } miembros
}.
review-agreed-item = { $played } en el movimiento { $number }, de { $member }
review-agreed = { $count ->
    [one] Coincidí con esta sugerencia:
   *[other] Coincidí con estas sugerencias:
} { $suggestions }.
