## Duelos entre miembros (y contra el motor): lo que el bot publica en el
## canal, en el idioma del servidor.

match-seat-player = { $player } ({ seat })
match-seat-engine = el motor ({ seat })
match-the-engine = el motor
match-versus = { $first } contra { $rest }
match-started = Empieza un duelo { $rated ->
    [rated] puntuable
   *[friendly] amistoso
} de { $game }: { $players }.
match-started-level = El motor juega en el nivel { $level }.
match-started-turn = Hay { $turn } para cada decisión.
match-since = Desde entonces: { $list }.
match-reply-engine = el motor jugó { $move }
match-reply-dice = los dados dieron { $roll }
match-turn = Movimiento { $move }: le toca decidir a { $seat }, que tiene { $legal ->
    [one] { $legal } movimiento legal
   *[other] { $legal } movimientos legales
}.
match-turn-choose = Elige abajo o con `/{ cmd-move-name }`; el tiempo se acaba { $deadline }.
match-reminder = Recordatorio: { $seat } todavía tiene que decidir; ya pasó la mitad del tiempo.
match-over = Fin del duelo: { $reason }.
match-over-score = Fin del duelo: { $reason }. Resultado final: { $score }.
match-rating-change = { $player }: puntuación { $before } → { $after }
match-menu-play = Haz un movimiento
match-menu-pick-piece = Elige una pieza y luego su movimiento

## Desafíos.

challenge-posted = { $challenger } desafía a { $invited } a un duelo puntuable de { $game } ({ $turn } por decisión). El desafío caduca { $lapses }.
challenge-accept = Aceptar
challenge-decline = Rechazar
challenge-declined = { $player } rechazó el desafío.
challenge-accepted = Desafío aceptado: el duelo { $game } está en marcha. El tablero va en camino.
challenge-accepted-thread = Desafío aceptado: el duelo { $game } está en marcha en { $thread }. El tablero va en camino.
match-thread-name = { $game }: { $players }

## Respuestas a los jugadores, en su propio idioma.

challenge-waiting = Aceptaste; falta la respuesta de { $players }.
match-bots-cannot-play = Los bots no pueden jugar duelos; usa `/{ cmd-play-name }` para jugar contra mí.
match-engine-started = Empezó el duelo { $game } contra mí: el tablero va en camino.
match-engine-started-thread = Empezó el duelo { $game } contra mí en { $thread }: el tablero va en camino.
match-you-played = Jugaste { $move }.
match-you-resigned = Te rendiste en el duelo { $game }.
match-in-thread = Tu duelo se juega en su propio hilo, { $thread }: usa `/{ $command }` allí.
match-menu-stale = Ese menú ya no está activo; usa `/{ cmd-move-name }`.
match-piece-stuck = { $piece } no tiene movimientos legales ahora; elige otra pieza.
match-piece-moves = Movimientos de { $piece }:
match-status = Duelo { $game } ({ $kind }, { $rated ->
    [rated] puntuable
   *[friendly] amistoso
}): { $seats }; { $played ->
    [one] va { $played } decisión
   *[other] van { $played } decisiones
}.
match-status-seat-rating = { $player } { $before } → { $after }
match-status-waiting = Decide { $player } ({ $legal ->
    [one] { $legal } movimiento legal
   *[other] { $legal } movimientos legales
}); el tiempo se acaba { $deadline }.
match-status-over = Terminado: { $reason }.
match-history-player = { $number }. { $move } ({ $player })
match-threads-on = A partir de ahora, cada duelo nuevo creado aquí tiene su propio hilo.
match-threads-off = A partir de ahora, los duelos nuevos creados aquí se juegan en este canal.

## /leaderboard y /profile.

leaderboard-title = Clasificación de { $game }
leaderboard-empty = Nadie ha jugado todavía un duelo puntuable de este juego.
leaderboard-line = { $rank }. { $player } — { $record }
rating-record = { $rating } ± { $deviation } ({ $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}, { $wins ->
    [one] { $wins } victoria
   *[other] { $wins } victorias
})
rating-record-winning = { $rating } ± { $deviation } ({ $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}, { $wins ->
    [one] { $wins } victoria
   *[other] { $wins } victorias
}, { $run ->
    [one] { $run } victoria seguida
   *[other] { $run } victorias seguidas
})
rating-record-losing = { $rating } ± { $deviation } ({ $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}, { $wins ->
    [one] { $wins } victoria
   *[other] { $wins } victorias
}, { $run ->
    [one] { $run } derrota seguida
   *[other] { $run } derrotas seguidas
})
profile-title = Duelos de { $player }
profile-empty = Todavía no hay duelos puntuables.
profile-streaks = Mejor racha: { $best ->
    [one] { $best } victoria
   *[other] { $best } victorias
}; { $draws ->
    [one] { $draws } partida en tablas
   *[other] { $draws } partidas en tablas
} y { $losses ->
    [one] { $losses } derrota
   *[other] { $losses } derrotas
}.

## `holotable match` en una terminal.

match-cli-intro = Duelo { $game }. Escribe un movimiento, «list» para ver todos los movimientos legales, «resign» para rendirte o «quit» para salir.
match-cli-your-move = { $player }, te toca:
match-cli-played = { $player } jugó { $move }.
match-cli-stopped = Detenido; el duelo { $game } queda sin terminar en { $db }. Continúalo con: holotable match --resume { $game }
match-cli-output-closed = Se cerró la salida, así que el duelo { $game } queda sin terminar en { $db }. Continúalo con: holotable match --resume { $game }
match-cli-database-full = No queda espacio en el disco o en la base de datos, así que el duelo { $game } queda sin terminar en { $db }. Libera espacio y luego continúalo con: holotable match --resume { $game }
match-cli-database-read-only = La base de datos es de solo lectura, así que el duelo { $game } queda sin terminar en { $db }. Cuando se pueda escribir en ella, continúalo con: holotable match --resume { $game }
match-cli-database-damaged = { $data ->
    [postgres] Los datos de la base de datos están dañados
   *[other] El archivo de la base de datos está dañado
}, así que el duelo { $game } queda sin terminar en { $db }. { $data ->
    [postgres] Restaura la base de datos
   *[other] Restaura el archivo
} desde una copia de seguridad (docs/operations.md, «Backups») y luego continúa con: holotable match --resume { $game }
match-cli-database-denied = El rol con el que se conecta holotable no tiene los permisos que necesita en la base de datos, así que el duelo { $game } queda sin terminar en { $db }. Pide al propietario de la base de datos que se los conceda y luego continúalo con: holotable match --resume { $game }
match-cli-database-gone = No se pudo conectar con la base de datos, así que el duelo { $game } queda sin terminar en { $db }. Cuando la base de datos esté disponible de nuevo, continúalo con: holotable match --resume { $game }
match-cli-taken-over = Mientras no había conexión con la base de datos, otro proceso de holotable se hizo cargo del duelo { $game }, así que este comando se detuvo aquí. Cuando ese proceso termine, continúa el duelo con: holotable match --resume { $game }
match-cli-is-community = La partida { $game } es de la comunidad, no un duelo; continúala con: holotable play --resume { $game }
match-cli-over = El duelo { $game } terminó; no queda nada por jugar.
match-cli-board = tablero: { $path }
match-cli-replay = Repetición guardada en { $path }
match-cli-player = jugador { $number }
match-cli-wrong-players = --players nombra { $named ->
    [one] { $named } jugador
   *[other] { $named } jugadores
}; este duelo necesita { $needed }.
