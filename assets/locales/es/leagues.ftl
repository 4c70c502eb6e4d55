## Ligas: lo que el bot publica en cada canal inscrito.

league-community-numbered = Comunidad { $number }
league-started = La liga { $league } ha empezado con { $communities ->
    [one] { $communities } comunidad
   *[other] { $communities } comunidades
}. Cada partida se juega aquí en su propio hilo.
league-later-rounds-drawn = Las rondas siguientes se emparejan según los resultados a medida que avanza la liga.
league-schedule-round = Ronda { $round }: { $games }
league-schedule-resting = (descansa: { $communities })
league-round-started = { $league }, ronda { $round }{ $leg ->
    [game] {" "}(partida { $number })
    [deciding] {" "}(partida de desempate)
   *[only] {""}
}: jugáis contra { $opponents }. La partida se juega en este hilo.
league-thread-name = { $league } – ronda { $round }{ $leg ->
    [game] {" "}(partida { $number })
    [deciding] {" "}(desempate)
   *[only] {""}
} – { $opponents }
league-round-over = { $league }: la ronda { $round } ha terminado. La clasificación:
league-table-line = { $place }. { $community }: { $points } { $amount ->
    [one] punto
   *[other] puntos
} en { $played ->
    [one] { $played } partida
   *[other] { $played } partidas
}
league-table-left = (dejó la liga)
league-finished-champion = La liga { $league } ha terminado. ¡{ $champion } es la campeona! La clasificación final:
league-finished = La liga { $league } ha terminado. La clasificación final:
league-rating-changes = Puntuaciones antes de la liga y ahora:
league-rating-change = { $community }: { $before } → { $after }
league-cancelled = Quien creó la liga { $league } la ha cancelado. Las partidas que seguían en juego se han detenido, sin resultado.
league-cancelled-too-few = La liga { $league } se ha cancelado: necesitaba al menos { $needed } comunidades y { $got ->
    [0] no se inscribió ninguna
    [one] solo se inscribió una
   *[other] solo se inscribieron { $got }
}.
league-rows-left-out = { $count ->
    [one] Se omite una línea más para que este mensaje no sea demasiado largo.
   *[other] Se omiten { $count } líneas más para que este mensaje no sea demasiado largo.
}
league-game-stopped = La partida se ha detenido porque su liga se canceló. No tiene resultado.
