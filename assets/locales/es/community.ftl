## Partidas de la comunidad: lo que el bot publica en el canal.

game-started = ¡Empieza una nueva partida de { $game }! La comunidad juega con { $seats }; yo juego con el resto (nivel { $level }). { $format ->
    [poll] Cada movimiento tiene una encuesta con las opciones numeradas; `/vote` sirve para cualquier movimiento legal, esté o no en la encuesta.
    [menus] Cada movimiento tiene menús para elegir; `/vote` sirve para cualquier movimiento legal.
   *[auto] Cada movimiento tiene su votación: una encuesta cuando todos los movimientos legales caben en ella y, si no, menús para elegir; `/vote` sirve para cualquier movimiento legal.
}
ballot-opened = Votación del movimiento { $move }: { $legal ->
    [one] { $legal } movimiento legal
   *[other] { $legal } movimientos legales
}.
ballot-opened-deciding = Votación del movimiento { $move } ({ $deciding }): { $legal ->
    [one] { $legal } movimiento legal
   *[other] { $legal } movimientos legales
}.
ballot-extended = Nadie ha votado todavía, así que la votación se prolonga.
ballot-extended-until = Ahora la votación cierra { $closes }.
ballot-closed = La comunidad jugó { $winner } ({ $votes } de { $total ->
    [one] { $total } voto
   *[other] { $total } votos
}).
ballot-closed-tie = La comunidad jugó { $winner } ({ $votes } de { $total ->
    [one] { $total } voto
   *[other] { $total } votos
}). Hubo empate; lo desempaté a favor del movimiento que valoro más.
game-paused = La partida está en pausa: { $reason ->
    [nobody-voted] nadie votó
   *[other] { $reason }
}. Un administrador del servidor puede reanudarla.
game-resumed = ¡La partida continúa!
game-over = Fin de la partida: { $reason }.
game-over-score = Fin de la partida: { $reason }. Puntuación final: { $score }.
game-stopped = { $by } detuvo la partida.
replies-engine = Respondo { $list }.
replies-dice = Los dados: { $roll }.
replies-dice-then = Los dados: { $roll }, luego { $list }.
reply-dice = los dados: { $roll }

## Los mensajes del tablero y de la votación.

board-options = Opciones: { $options }
voting-closes = La votación cierra { $closes }.
poll-question = Movimiento { $move }: ¿qué jugamos?
poll-how-all = Vota en la encuesta o con `/vote`.
poll-how-featured = Vota en la encuesta por una opción numerada, o con `/vote` por cualquiera de los { $legal ->
    [one] { $legal } movimiento legal
   *[other] { $legal } movimientos legales
}.
menu-vote-move = Vota por un movimiento
menu-vote-option = Vota por una opción numerada
menu-pick-piece = O elige una pieza y luego su movimiento
menu-pick-destination = Elige adónde va y luego el resto
menu-group = { $name } ({ $count ->
    [one] { $count } movimiento
   *[other] { $count } movimientos
})
menu-closed = **Movimiento { $move }**: la votación ha cerrado.
menu-tally-none = **Movimiento { $move }**: elige un movimiento abajo o usa `/vote`. Aún no hay votos.
menu-tally = **Movimiento { $move }**: elige un movimiento abajo o usa `/vote`. { $total ->
    [one] { $total } voto
   *[other] { $total } votos
} hasta ahora: { $leaders }.

## Respuestas a quienes empiezan, votan y consultan.

start-done = Partida { $game } iniciada: el tablero y la primera votación van en camino.
start-already-yours = Iniciaste la partida { $game } en este canal { $when } y ya está en marcha: su tablero y su votación están en el canal. Para empezar otra, detenla primero.
status-game = Partida { $game } ({ $kind }): { game-status }, { $played ->
    [one] { $played } movimiento
   *[other] { $played } movimientos
} jugados, nivel { $level }, cada votación dura { $vote }.
status-ballot = Votación del movimiento { $move }: { $legal ->
    [one] { $legal } movimiento legal
   *[other] { $legal } movimientos legales
}, { $total ->
    [one] { $total } voto
   *[other] { $total } votos
}; cierra { $closes }.
status-ballot-leaders = Votación del movimiento { $move }: { $legal ->
    [one] { $legal } movimiento legal
   *[other] { $legal } movimientos legales
}, { $total ->
    [one] { $total } voto
   *[other] { $total } votos
} ({ $leaders }); cierra { $closes }.
history-head = Partida { $game } ({ $kind }), { game-status }:
history-votes = { $number }. { $move } ({ $votes ->
    [one] { $votes } voto
   *[other] { $votes } votos
})
history-by = { $number }. { $move } ({ decided-by })
history-none = Todavía no hay movimientos.
stop-done = Partida { $game } detenida.
resume-done = La partida { $game } continúa: una nueva votación va en camino.
role-set = Ahora los miembros con el rol { $role } pueden iniciar y detener partidas aquí.
role-cleared = Ahora solo los administradores del servidor pueden iniciar y detener partidas aquí.
vote-cast = Votaste por { $move }.
vote-cast-option = Votaste por { $move } (opción { $option }).
vote-changed = Ahora tu voto es { $move }, en lugar de { $old }.
vote-changed-option = Ahora tu voto es { $move } (opción { $option }), en lugar de { $old }.
menu-stale = Ese menú ya no es uno de los míos; usa `/vote`.
menu-piece-stuck = { $piece } no tiene movimientos legales ahora; elige otra pieza.
menu-piece-moves = Movimientos de { $piece }:
duration-unreadable = No entiendo la duración «{ $text }»: usa una duración como 90s, 10m, 2h o 1d.

## /settings language

language-current-chosen = En este servidor el bot publica en { $language }, como eligió un administrador.
language-current-discord = En este servidor el bot publica en { $language }, el idioma del servidor en Discord; un administrador puede elegir otro con `/settings language`.
language-chosen = A partir de ahora el bot publica en { $language } en este servidor.

## Partidas entre comunidades: lo que se dice en el canal de cada bando.

shared-game-started = ¡Empieza una nueva partida de { $game } contra { $opponents }! Este canal juega con { $seats } y vota solo sus propios movimientos; el otro bando vota en su propio canal. { $format ->
    [poll] Cada uno de nuestros movimientos tiene una encuesta con las opciones numeradas; `/vote` sirve para cualquier movimiento legal, esté o no en la encuesta.
    [menus] Cada uno de nuestros movimientos tiene menús para elegir; `/vote` sirve para cualquier movimiento legal.
   *[auto] Cada uno de nuestros movimientos tiene una votación: una encuesta cuando caben todos los movimientos legales y, si no, menús para elegir; `/vote` sirve para cualquier movimiento legal.
}
shared-game-engine = Yo juego con los bandos que nadie eligió (nivel { $level }).
side-named = { $community } ({ $seats })
side-unnamed = la comunidad que juega con { $seats }
other-side-voting = El movimiento { $move } lo decide { $side }; vota en su propio canal.
side-played = { $side } jugó { $winner } ({ $votes } de { $total ->
    [one] { $total } voto
   *[other] { $total } votos
}).
side-played-tie = { $side } jugó { $winner } ({ $votes } de { $total ->
    [one] { $total } voto
   *[other] { $total } votos
}). Hubo empate; lo desempaté a favor del movimiento que valoro más.
other-side-extended = Nadie ha votado todavía por { $side }, así que su votación se alarga.
status-other-side = El movimiento { $move } lo decide la comunidad que juega con { $side }, en su propio canal; su votación se cierra { $closes }.

## Valoraciones de las comunidades: el final de una partida entre ellas, /community history y /community leaderboard.

community-ratings = Nuevas valoraciones de las comunidades: { $list }.
community-rating = { $side } { $rating } ({ $change })
community-unrated = Esta partida no puntúa: varios de sus bandos son del mismo servidor, y una comunidad no gana valoración jugando contra sí misma.
history-sides = Bandos: { $sides }.
history-side-rated = { $side }, valoración { $before } → { $after }
community-leaderboard-title = { $game }: clasificación de comunidades
community-leaderboard-empty = Ninguna comunidad ha jugado todavía una partida puntuable de este juego.
community-leaderboard-line = { $rank }. { $community } — { $record }
community-leaderboard-hidden = una comunidad que aún no ha mostrado su nombre
