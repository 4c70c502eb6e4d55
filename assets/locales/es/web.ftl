## Las páginas web: la página y la superposición de una partida, la página
## de una comunidad, las clasificaciones y la sala de espera.

web-site-name = holotable
web-home-intro = Mira las partidas que las comunidades de Discord juegan por votación, consulta la clasificación de las comunidades y encuentra una comunidad a la que retar.
web-home-link = Ir a la portada.
web-not-found-title = Aquí no hay nada
web-not-found = No hay ninguna página en esta dirección. Revisa el enlace; también puede que un canal haya desactivado las páginas de sus partidas.
web-failed = Ahora mismo no se puede leer esta página. Vuelve a intentarlo en unos segundos.
web-live = Esta página se actualiza sola.
web-overlay-link = Superposición para retransmitir
web-by-community = la comunidad
web-by-engine = el motor de holotable
web-by-chance = los dados
web-stopped = Alguien con el permiso Gestionar servidor detuvo la partida antes de su final.
web-paused = La partida está en pausa hasta que alguien con el permiso Gestionar servidor la reanude.
web-thinking = El motor está eligiendo su movimiento.
web-deciding = Turno de { $side }: movimiento { $number }.
web-votes-open-in = La votación se abre en { $countdown }.
web-closes-in = La votación se cierra en { $countdown }.
web-votes = { $count ->
    [one] 1 voto
   *[other] { $count } votos
}
web-no-votes-yet = Todavía no ha votado nadie.
web-tally-between = Los votos siguen ocultos hasta que se cierre la votación, igual que en los canales de ambas comunidades.
web-tally-hidden = Los votos siguen ocultos hasta que se cierre la votación, igual que en el canal.
web-rating-change = puntuación { $before } → { $after }
web-decided = por { $by }
web-decided-votes = por { $by }, { $count ->
    [one] 1 voto
   *[other] { $count } votos
}
web-sides = Bandos
web-moves = Movimientos
web-no-moves = Todavía no se ha hecho ningún movimiento.
web-board-alt = { $count ->
    [0] El tablero al comienzo de la partida
    [one] El tablero tras 1 movimiento
   *[other] El tablero tras { $count } movimientos
}
web-review = Análisis
web-rating-now = puntuación { $rating }
web-replay = Repetición
web-leaderboards = Clasificaciones
web-lobby = Sala de espera
web-lobby-intro = Comunidades que esperan rival. Para aceptar, alguien con el permiso Gestionar servidor escribe el código en su canal.
web-lobby-empty = Ahora mismo ninguna comunidad espera rival.
web-code = Código
web-game = Juego
web-community = Comunidad
web-rating = Puntuación
web-games = Partidas
web-ratings = Puntuaciones
web-unnamed-community = Una comunidad que mantiene su nombre en privado
web-no-ratings = Todavía ninguna comunidad tiene puntuación en este juego.
web-community-intro = Partidas y puntuaciones de { $community }.
web-record = { $wins ->
    [one] 1 victoria
   *[other] { $wins } victorias
}, { $draws ->
    [one] 1 partida en tablas
   *[other] { $draws } partidas en tablas
}, { $losses ->
    [one] 1 derrota
   *[other] { $losses } derrotas
}
web-public-games = Partidas públicas
web-no-public-games = Esta comunidad no tiene partidas públicas.
web-listed-live = en juego, { $count ->
    [one] 1 movimiento hasta ahora
   *[other] { $count } movimientos hasta ahora
}
web-listed-over = terminada tras { $count ->
    [one] 1 movimiento
   *[other] { $count } movimientos
}
web-expires-in = caduca en { $wait }
watch-button = Ver en directo
page-visibility = Las páginas de las partidas de este canal están { $visibility ->
    [public] públicas: aparecen en la página de la comunidad
    [off] desactivadas: sus partidas no tienen página
   *[unlisted] ocultas: solo quien tenga el enlace de una partida puede ver su página
}.
page-visibility-set = A partir de ahora, las páginas de las partidas de este canal están { $visibility ->
    [public] públicas: aparecen en la página de la comunidad
    [off] desactivadas: sus partidas no tienen página
   *[unlisted] ocultas: solo quien tenga el enlace de una partida puede ver su página
}.
page-address = La página de la partida de este canal: { $url }
