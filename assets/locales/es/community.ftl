## Partidas de la comunidad: lo que el bot publica en el canal.

game-strength = nivel { $level }
game-strength-adaptive = más o menos tan fuerte como la comunidad: nivel { $level }
game-strength-adaptive-first = nivel { $level } para empezar; después de cada partida me ajusto a cómo juega la comunidad
game-started-engine-rest = el resto
game-started = ¡Empieza una nueva partida de { $game }! La comunidad juega con { $seats }; yo juego con { $engine } ({ $strength }). { $format ->
    [poll] Cada movimiento tiene una encuesta con las opciones numeradas; `/{ cmd-vote-name }` sirve para cualquier movimiento legal, esté o no en la encuesta.
    [menus] Cada movimiento tiene menús para elegir; `/{ cmd-vote-name }` sirve para cualquier movimiento legal.
   *[auto] Cada movimiento tiene su votación: una encuesta cuando todos los movimientos legales caben en ella y, si no, menús para elegir; `/{ cmd-vote-name }` sirve para cualquier movimiento legal.
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
}). Los votos quedaron empatados y desempaté a favor del movimiento que valoro más.
game-paused = La partida está en pausa: { $reason ->
    [nobody-voted] nadie votó
   *[other] { $reason }
}. Quien tenga el permiso Gestionar servidor puede reanudarla.
game-resumed = ¡La partida continúa!
game-over = Fin de la partida: { $reason }.
game-over-score = Fin de la partida: { $reason }. Resultado final: { $score }.
game-stopped = { $by } detuvo la partida.
replies-engine = Respondo con { $list }.
replies-dice = Los dados dieron { $roll }.
replies-dice-then = Los dados dieron { $roll }; luego, { $list }.
reply-dice = los dados dieron { $roll }

## Los mensajes del tablero y de la votación.

board-options = Opciones: { $options }
voting-closes = La votación cierra { $closes }.
# El aviso de una votación al rol que eligió su canal, y su único recordatorio.
ballot-call = { $role }, hay una nueva votación abierta.
ballot-reminder = { $role }, el movimiento { $move } aún necesita votos: { $voters ->
    [0] todavía no ha votado nadie
    [one] solo ha votado { $voters } miembro
   *[other] solo han votado { $voters } miembros
}.
poll-question = Movimiento { $move }: ¿qué jugamos?
poll-how-all = Vota en la encuesta o con `/{ cmd-vote-name }`.
poll-how-featured = Vota en la encuesta por una opción numerada, o con `/{ cmd-vote-name }` por { $legal ->
    [one] el único movimiento legal
   *[other] cualquiera de los { $legal } movimientos legales
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
menu-tally-none = **Movimiento { $move }**: elige un movimiento abajo o usa `/{ cmd-vote-name }`. Aún no hay votos.
menu-tally = **Movimiento { $move }**: elige un movimiento abajo o usa `/{ cmd-vote-name }`. { $total ->
    [one] { $total } voto
   *[other] { $total } votos
} hasta ahora: { $leaders }.

## Respuestas a quienes empiezan, votan y consultan.

start-done = Partida { $game } iniciada: el tablero y la primera votación ya están en camino.
start-already-yours = Iniciaste la partida { $game } en este canal { $when } y ya está en marcha: su tablero y su votación están en el canal. Para empezar otra, detenla primero.
status-game = Partida { $game } ({ $kind }): { game-status }, { $played ->
    [one] { $played } movimiento jugado
   *[other] { $played } movimientos jugados
}, nivel { $level }, cada votación dura { $vote }.
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
resume-done = La partida { $game } continúa: ya está en camino una nueva votación.
role-set = Ahora los miembros con el rol { $role } pueden iniciar y detener partidas aquí.
role-cleared = Ahora solo quien tenga el permiso Gestionar servidor puede iniciar y detener partidas aquí.
vote-cast = Votaste por { $move }.
vote-cast-option = Votaste por { $move } (opción { $option }).
vote-changed = Ahora votas por { $move } en lugar de por { $old }.
vote-changed-option = Ahora votas por { $move } (opción { $option }) en lugar de por { $old }.
menu-stale = Ese menú ya no está activo; usa `/{ cmd-vote-name }`.
menu-piece-stuck = { $piece } no tiene movimientos legales ahora; elige otra pieza.
menu-piece-moves = Movimientos de { $piece }:
duration-unreadable = No entiendo la duración «{ $text }»; escríbela como 90s, 10m, 2h o 1d.

## /settings language

language-current-chosen = Idioma del bot en este servidor: { $language }, elegido con `/{ cmd-settings-name } { cmd-settings-language-name }`.
language-current-discord = Idioma del bot en este servidor: { $language }, el del servidor en Discord. Quien tenga el permiso Gestionar servidor puede elegir otro con `/{ cmd-settings-name } { cmd-settings-language-name }`.
language-chosen = Hecho: a partir de ahora, el idioma del bot en este servidor es { $language }.

## Partidas entre comunidades: lo que se dice en el canal de cada bando.

shared-game-started = ¡Empieza una nueva partida de { $game } contra { $opponents }! Este canal juega con { $seats } y vota solo sus propios movimientos; { $others ->
    [one] el otro bando vota en su propio canal.
   *[other] cada uno de los otros bandos vota en su propio canal.
} { $format ->
    [poll] Cada uno de nuestros movimientos tiene una encuesta con las opciones numeradas; `/{ cmd-vote-name }` sirve para cualquier movimiento legal, esté o no en la encuesta.
    [menus] Cada uno de nuestros movimientos tiene menús para elegir; `/{ cmd-vote-name }` sirve para cualquier movimiento legal.
   *[auto] Cada uno de nuestros movimientos tiene una votación: una encuesta cuando caben todos los movimientos legales y, si no, menús para elegir; `/{ cmd-vote-name }` sirve para cualquier movimiento legal.
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
}). Los votos quedaron empatados y desempaté a favor del movimiento que valoro más.
other-side-extended = { $side } aún no tiene ningún voto, así que su votación se prolonga.
status-other-side = El movimiento { $move } lo decide la comunidad que juega con { $side }, en su propio canal; su votación cierra { $closes }.
side-left = { $side } { $why ->
    [resigned] se rindió
   *[out-of-time] se quedó sin tiempo
}: su ejército queda fuera, como si hubiera caído su Líder.
side-left-game-goes-on = La partida sigue sin ese ejército.
side-left-vote-again = El tablero cambió, así que la votación en curso empieza de nuevo.

## Desafíos entre comunidades: lo que lee quien los gestiona, y el aviso
## al canal de un desafío público.

versus-challenge-open = Desafío **{ $code }**: { $game }; este canal juega con { $seats } y cada votación dura { $vote }. Caduca { $expires }.
versus-challenge-how = En el canal que vaya a jugar, de este servidor o de otro, lo acepta quien tenga allí el permiso Gestionar servidor, con `/{ cmd-community-name } { cmd-community-accept-name } { cmd-community-accept-opt-code-name }:{ $code }`.
versus-challenge-private = Solo tú ves este código: envíaselo a esa persona.
versus-challenge-public = En cualquier servidor, quien tenga el permiso Gestionar servidor también lo encuentra en `/{ cmd-community-name } { cmd-community-lobby-name }`.
versus-challenge-posted = { $by } desafió a todos los servidores a una partida de { $game }: este canal juega con { $seats } y cada votación dura { $vote }. Desde otro canal, quien tenga el permiso Gestionar servidor puede aceptarlo en `/{ cmd-community-name } { cmd-community-lobby-name }` o con el código **{ $code }**; caduca { $expires }.
versus-withdraw-button = Retirar
versus-withdrawn = { $count ->
    [one] Retiraste el desafío { $codes }.
   *[other] Retiraste los desafíos { $codes }.
}
versus-accepted = Desafío aceptado: la partida { $game } empieza en este canal, y he avisado a los canales de las demás comunidades. El tablero y la primera votación ya están en camino.
versus-joined = Este canal ya tiene su sitio en la mesa y jugará con { $seats }. La partida empieza cuando { $waiting ->
    [one] una comunidad más acepte
   *[other] { $waiting } comunidades más acepten
} el desafío; caduca { $expires }.
versus-lobby-head = Desafíos públicos abiertos (elige uno abajo para que este canal lo acepte):
versus-lobby-line = **{ $community }**: { $game }; juegan con { $seats } y cada votación dura { $vote }; caduca { $expires }.
versus-lobby-rated = { $community } (puntuación { $rating })
versus-lobby-unrated = { $community } (sin puntuación)
versus-lobby-table = Mesa para { $communities } comunidades; { $waiting ->
    [one] falta una más
   *[other] faltan { $waiting } más
}.
versus-lobby-option = { $community }: { $game }
versus-lobby-option-detail = Juegan con { $seats }; cada votación dura { $vote }.
versus-lobby-pick = Acepta un desafío para este canal
versus-lobby-empty = Ahora no hay ningún desafío público abierto. Quien tenga el permiso Gestionar servidor puede abrir uno con la opción `{ cmd-community-challenge-opt-public-name }` de `/{ cmd-community-name } { cmd-community-challenge-name }`.
versus-lobby-nothing-picked = Elige un desafío en el menú, o acepta uno por su código con `/{ cmd-community-name } { cmd-community-accept-name }`.
versus-unnamed-server = Un servidor
versus-resign-confirm = ¿Quieres que este canal se rinda en la partida { $game }? Se avisará en todos los canales de la partida. Ganan los demás bandos, salvo en una mesa de Djambi de cuatro ejércitos donde aún juega otra comunidad: allí solo queda fuera el ejército de este canal y la partida sigue. Esta pregunta caduca { $until }.
versus-resign-button = Rendirse
versus-keep-button = Seguir jugando
versus-resigned = Este canal se ha rendido en la partida { $game }.
versus-resign-kept = Este canal no se ha rendido: la partida sigue.
versus-resign-expired = Esta pregunta ha caducado y este canal no se ha rendido. Para rendirte, vuelve a usar `/{ cmd-community-name } { cmd-community-resign-name }`.
versus-resign-stale = La partida { $game } ya ha terminado, así que este canal no se ha rendido. Para rendirte en la partida actual de este canal, vuelve a usar `/{ cmd-community-name } { cmd-community-resign-name }`.
versus-not-yours = Solo quien usó el comando puede responder a esta pregunta.

## Puntuaciones de las comunidades: el final de una partida entre ellas, /community history y /community leaderboard.

community-ratings = Nuevas puntuaciones de las comunidades: { $list }.
community-rating = { $side }, { $rating } ({ $change })
community-unrated = Esta partida no puntúa: varios de sus bandos son del mismo servidor, y una comunidad no gana puntuación jugando contra sí misma.
history-sides = Bandos: { $sides }.
history-side-rated = { $side }, puntuación { $before } → { $after }
community-leaderboard-title = { $game }: clasificación de comunidades
community-leaderboard-empty = Ninguna comunidad ha jugado todavía una partida puntuable de este juego.
community-leaderboard-line = { $rank }. { $community } — { $record }
community-leaderboard-hidden = una comunidad que aún no ha mostrado su nombre

## Avisar a los miembros: el rol al que avisan las votaciones de un canal, y su recordatorio.

notify-role-set = Las votaciones de este canal ahora avisan a { $role } al abrirse. Los miembros se unen o salen con los botones de esas publicaciones o con `/{ cmd-community-name } { cmd-community-notify-name }`.
notify-role-cleared = Las votaciones de este canal ya no avisan a nadie.
notify-reminder = Cuando haya pasado el { $percent } % del tiempo de una votación y hayan votado menos de { $below ->
    [one] { $below } miembro
   *[other] { $below } miembros
}, se lo recuerdo una vez a { $role }.
notify-reminder-off = Las votaciones de este canal no envían recordatorios.
notify-quiet = No sale ningún recordatorio de { $start } a { $end } ({ $zone }).
notify-role-everyone = No puedo avisar a @everyone; elige un rol al que se unan los miembros. No se cambió nada.
notify-role-managed = { $role } pertenece a una integración, así que no puedo dárselo a los miembros; elige otro rol. No se cambió nada.
notify-role-privileged = { $role } concede permisos, y cualquier miembro podría obtenerlo pidiendo que le avisen; elige un rol que no conceda ninguno. No se cambió nada.
notify-role-no-permission = No puedo dar { $role } a los miembros: necesito el permiso Gestionar roles. No se cambió nada.
notify-role-above-me = No puedo dar { $role } a los miembros: está por encima de mi rol más alto. Sube mi rol por encima de él en los ajustes de roles del servidor y vuelve a intentarlo. No se cambió nada.
notify-role-not-mentionable = No puedo avisar a { $role }: nadie puede mencionarlo y no tengo el permiso para mencionar todos los roles. Permite que cualquiera lo mencione o dame ese permiso. No se cambió nada.
notify-role-unchecked = No pude leer los roles de este servidor para comprobar que puedo dar { $role }. No se cambió nada; vuelve a intentarlo en un momento.
notify-joined = Ahora tienes { $role }: te aviso cuando se abra una votación en este canal.
notify-left = Ya no tienes { $role }: no te aviso cuando se abra una votación en este canal.
notify-failed = No pude cambiar tu rol { $role }: el servidor ya no me deja darlo. Quien tenga el permiso Gestionar servidor puede revisar mis permisos.
notify-button-join = Avísame
notify-button-leave = No me avises más

## Lo que hicieron los votos de los miembros: /community stats y /community voters.

community-stats-none = { $member } aún no ha votado en ninguna votación de las partidas comunitarias de este servidor.
community-stats-heading = Lo que hicieron los votos de { $member } en las partidas comunitarias de este servidor:
community-stats-ballots = Votó en { $ballots ->
    [one] { $ballots } votación
   *[other] { $ballots } votaciones
}; la comunidad jugó su voto en { $became } de ellas.
community-stats-engine = { $judged ->
    [0] Ninguna de esas votaciones tiene todavía una cifra de mis análisis: analizo cada partida al terminar, y no la tienen las decisiones con un único movimiento posible ni las partidas analizadas antes de que se guardaran estas cifras.
   *[other] Mis análisis valoraron una elección en { $judged ->
        [one] { $judged } de esas votaciones
       *[other] { $judged } de esas votaciones
    }, y su voto fue el movimiento que consideré mejor en { $matched }.
}
community-stats-streak = { $streak ->
    [0] Racha actual: ninguna, porque no votó en la última votación de este servidor.
    [one] Racha actual: votó en la última votación de este servidor.
   *[other] Racha actual: votó en cada una de las últimas { $streak } votaciones de este servidor.
}
community-stats-suggestions = { $suggested ->
    [0] Sugerencias: ninguna todavía.
    [one] Sugerencias: { $suggested } movimiento, y la comunidad { $adopted ->
        [0] no lo jugó
       *[other] lo jugó
    }.
   *[other] Sugerencias: { $suggested } movimientos, y la comunidad jugó { $adopted } de ellos.
}
community-voters-heading = { $period ->
    [month] Quienes votaron este mes (desde el { $since })
    [season] Quienes votaron esta temporada (el trimestre natural, desde el { $since })
   *[all] Quienes votaron desde siempre
} en las partidas comunitarias de este servidor, por votaciones en las que votaron, luego por votos que jugó la comunidad y luego por votos que fueron el movimiento que consideré mejor:
community-voters-empty = { $period ->
    [month] Nadie ha votado este mes (desde el { $since }) en las partidas comunitarias de este servidor.
    [season] Nadie ha votado esta temporada (el trimestre natural, desde el { $since }) en las partidas comunitarias de este servidor.
   *[all] Nadie ha votado todavía en las partidas comunitarias de este servidor.
}
community-voters-line = { $rank }. { $member }: { $ballots ->
    [one] { $ballots } votación
   *[other] { $ballots } votaciones
}, { $became ->
    [one] { $became } voto jugado por la comunidad
   *[other] { $became } votos jugados por la comunidad
}, { $judged ->
    [0] ninguno analizado todavía
   *[other] { $matched } de { $judged } con el movimiento que consideré mejor
}
community-voters-engine-note = Solo cuentan frente a mi mejor movimiento las votaciones que valoraron mis análisis al terminar cada partida: no las de partidas aún en juego, las de un único movimiento posible ni las de partidas analizadas antes de que se guardaran estas cifras.

## Sugerencias: un miembro defiende un movimiento y otros lo apoyan.

suggestion-posted = { $member } sugiere **{ $move }**: «{ $reason }»
suggestion-back = { $backers ->
    [0] Apoyar
    [one] Apoyar · { $backers } apoyo
   *[other] Apoyar · { $backers } apoyos
}
suggestion-item = **{ $move }** de { $member } ({ $backers ->
    [0] aún sin apoyos
    [one] { $backers } apoyo
   *[other] { $backers } apoyos
})
suggestions-line = Sugerencias: { $list }.
suggestions-more = { $count ->
    [one] { $count } más
   *[other] { $count } más
}

# A discussion before each ballot's votes
discussion-opened = Primero, a debatir: sugiere un movimiento con `/{ cmd-suggest-name }` y apoya las sugerencias con las que estés de acuerdo.
votes-open-at = La votación abre { $opens }.
voting-opened = Terminó el debate del movimiento { $move }: ya puedes votar.

# A tally hidden until the close
menu-tally-hidden = **Movimiento { $move }**: elige un movimiento abajo o usa `/{ cmd-vote-name }`. Los votos quedan ocultos hasta el cierre; { $total ->
    [one] ha votado { $total } miembro
   *[other] han votado { $total } miembros
}: { $members }.
voters-more = { $count } más
discussion-place = { $game }: a debatir
status-discussion = Su debate sigue hasta que abra la votación, { $opens }: hasta entonces, sugiere movimientos con `/{ cmd-suggest-name }`.
notify-join-unsafe = Ya no doy { $role }: desde que se eligió, recibió permisos o se eliminó, y cualquier miembro puede tomar un rol de aviso. Quien tenga el permiso Gestionar servidor puede elegir otro con `/{ cmd-community-name } { cmd-community-notify-role-name }`.
notify-join-unchecked = No pude leer los roles de este servidor para comprobar que { $role } sigue siendo seguro, así que no te lo di; inténtalo de nuevo en un momento.
