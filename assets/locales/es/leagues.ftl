# Ligas entre comunidades: respuestas a /liga y la clasificación de la liga.

league-format-round-robin = todos contra todos
league-format-double-round-robin = todos contra todos a doble vuelta
league-format-knockout = eliminación
league-format-tables = mesas de cuatro ejércitos

league-created = Se ha creado la liga «{ $name }»: { $game }, { $format }, { $move_time } por movimiento. Las comunidades, incluida esta, pueden inscribirse con `/{ cmd-league-name } { cmd-league-join-name } { cmd-league-join-opt-code-name }:{ $code }` hasta que empiece ({ $start }).
league-joined = Esta comunidad está inscrita en «{ $name }» y jugará en este canal; la liga empieza { $start }.
league-lobby-empty = Ahora mismo ninguna liga pública admite inscripciones.
league-lobby-head = { $count ->
    [one] Una liga pública admite inscripciones:
   *[other] { $count } ligas públicas admiten inscripciones:
}
league-lobby-line = • «{ $name }»: { $game }, { $format }, { $move_time } por movimiento, { $entered ->
    [one] una comunidad inscrita
   *[other] { $entered } comunidades inscritas
}, empieza { $start }. Código: { $code }
league-lobby-more = …y { $count ->
    [one] una liga más
   *[other] { $count } ligas más
}.
league-leave-confirm = «{ $name }» ya ha empezado: si esta comunidad se retira, se le darán por perdidas todas las partidas que no haya terminado, y la clasificación lo reflejará. Para retirarla, vuelve a usar el comando con `{ cmd-league-leave-opt-forfeit-name }:{ cmd-choice-yes-forfeit-every-game-not-finished }`.
league-left-before-start = Esta comunidad ya no está inscrita en «{ $name }».
league-left-forfeiting = Esta comunidad se ha retirado de «{ $name }» y se le han dado por perdidas todas las partidas que no había terminado.
league-removed = La comunidad número { $entry } ya no está inscrita en «{ $name }».
league-closed = «{ $name }» ya no admite inscripciones; empezará a la hora prevista.
league-started-now = «{ $name }» ha empezado: las partidas de la primera ronda ya están en juego.
league-cancelled-now = «{ $name }» se ha anulado: sus partidas se detienen sin resultado.

league-table-no-entrants = Todavía no hay ninguna comunidad inscrita en «{ $name }».
league-table-entrants = { $count ->
    [one] Hay una comunidad inscrita en «{ $name }»:
   *[other] Hay { $count } comunidades inscritas en «{ $name }», por orden de inscripción:
}
league-table-entrant = { $number }. { $community }
league-table-head = { $status ->
    [finished] Clasificación final de «{ $name }»:
    [cancelled] Clasificación de «{ $name }» (liga anulada antes de terminar):
   *[other] Clasificación de «{ $name }»:
}
league-points = { $halves ->
    [1] ½ punto
    [2] 1 punto
   *[other] { $points } puntos
}
league-table-row = { $place }. { $community }: { $points } ({ $won ->
    [one] { $won } ganada
   *[other] { $won } ganadas
}, { $drawn } en tablas, { $lost ->
    [one] { $lost } perdida
   *[other] { $lost } perdidas
}).
league-table-forfeit-wins = Además, se le { $count ->
    [one] dio por ganada una partida
   *[other] dieron por ganadas { $count } partidas
}.
league-table-below-by = { $rule ->
    [sonneborn-berger] Queda detrás en el desempate por Sonneborn-Berger ({ $score }).
    [games-won] Queda detrás en el desempate por partidas ganadas.
    [head-to-head] Queda detrás en el desempate por los resultados entre las comunidades igualadas.
   *[entry-order] Ningún desempate deshace la igualdad; queda detrás por haberse inscrito más tarde.
}
league-table-left = Se retiró de la liga y se le { $forfeited ->
    [one] dio por perdida una partida
   *[other] dieron por perdidas { $forfeited } partidas
}.
league-table-byes = Descansó { $byes ->
    [one] una ronda
   *[other] { $byes } rondas
}.

# Lo que el bot publica en cada canal inscrito: el calendario, la ronda de cada bando y su hilo,
# la clasificación tras cada ronda, el final, una anulación.

league-community-numbered = Comunidad { $number }
league-started = «{ $league }» ha empezado con { $communities ->
    [one] una comunidad
   *[other] { $communities } comunidades
}. Cada partida se juega en su propio hilo de este canal.
league-later-rounds-drawn = Los emparejamientos de las rondas siguientes se decidirán según los resultados, a medida que avance la liga.
league-schedule-round = Ronda { $round }: { $games }
league-schedule-resting = (descanso: { $communities })
league-round-started = «{ $league }», ronda { $round }{ $leg ->
    [game] {" "}(partida { $number })
    [deciding] {" "}(partida de desempate)
   *[only] {""}
}: esta comunidad se enfrenta a { $opponents }. La partida se juega en este hilo.
league-thread-name = { $league } – ronda { $round }{ $leg ->
    [game] {" "}(partida { $number })
    [deciding] {" "}(desempate)
   *[only] {""}
} – { $opponents }
league-round-over = Ha terminado la ronda { $round } de «{ $league }». Así queda la clasificación:
league-finished-champion = «{ $league }» ha terminado. ¡{ $champion } ha ganado la liga! Clasificación final:
league-finished = «{ $league }» ha terminado. Clasificación final:
league-rating-changes = Puntuaciones antes de la liga y ahora:
league-rating-change = { $community }: { $before } → { $after }
league-cancelled = Quien creó «{ $league }» la ha anulado. Las partidas que seguían en juego se han detenido sin resultado.
league-cancelled-before-start = Quien creó «{ $league }» la ha anulado antes de que empezara.
league-cancelled-too-few = «{ $league }» se ha anulado: necesitaba al menos { $needed } comunidades y { $got ->
    [0] no se inscribió ninguna
    [one] solo se inscribió una
   *[other] solo se inscribieron { $got }
}.
league-rows-left-out = { $count ->
    [one] Se omite la línea restante para no alargar demasiado el mensaje.
   *[other] Se omiten las { $count } líneas restantes para no alargar demasiado el mensaje.
}
league-game-stopped = Esta partida se ha detenido sin resultado porque se ha anulado su liga.
