refusal-no-game = No hay ninguna partida en este canal.
refusal-game-not-over = Esa partida todavía no ha terminado; su análisis llegará cuando termine.
refusal-no-finished-game = Todavía no ha terminado ninguna partida en este canal; el análisis llegará cuando termine alguna.
refusal-not-played-here = La partida { $game } no se jugó en este canal; indica el número de una partida de este canal, o deja `{ cmd-community-review-opt-game-name }` vacío para la última.
refusal-channel-busy = Este canal ya tiene una partida (la partida { $game }); detenla primero.
refusal-not-allowed = Solo quien tenga el permiso Gestionar servidor puede { $action ->
    [start-game] iniciar una partida
    [stop-game] detener una partida
    [resume-game] reanudar una partida
    [choose-starters] elegir quién inicia partidas
    [choose-match-threads] elegir dónde se juegan los duelos
    [choose-call-role] elegir a quién avisan las votaciones
    [choose-page-visibility] elegir quién puede ver las páginas de las partidas de este canal
    [choose-language] elegir el idioma del servidor
    [set-up-daily] configurar el Gamer del Día
    [turn-off-daily] desactivar el Gamer del Día
    [post-daily] publicar el Gamer del Día
    [set-up-puzzles] configurar el problema del día
    [turn-off-puzzles] desactivar el problema del día
    [reveal-puzzle] publicar la solución del problema del día
    [challenge-community] desafiar a otra comunidad
    [accept-challenge] aceptar un desafío para este canal
    [withdraw-challenge] retirar un desafío
    [resign-game] rendirse en nombre de este canal
    [create-league] crear una liga
    [join-league] inscribir a esta comunidad en una liga
    [leave-league] retirar a esta comunidad de una liga
    [choose-voter-rules] ver o elegir quién puede votar en las partidas de este servidor
    [see-vote-refusals] ver los votos rechazados por las reglas de voto
   *[other] hacer eso
}.
refusal-ballot-closed = Esa votación ya ha cerrado.
refusal-vote-superseded = Votaste por { $standing } después de enviar este voto, así que se mantiene tu voto por { $standing }.
refusal-ballot-moved-on = La votación que viste cerró antes de que llegara tu voto; ahora está abierta la del movimiento { $move }, así que mira su tablero y vuelve a votar.
refusal-not-voting = La partida está { game-status }, así que no hay nada que votar.
# Cómo se escriben los movimientos de cada juego, para cuando un texto no es
# una. La notación es la misma en todos los idiomas.
move-form = { $game ->
    [space-checkers] un movimiento como A1-B1, A3-B6 o C-A7 (casillas A1 a A12, B1 a B12 y C)
    [holochess] una colocación como B@O3, un movimiento como GO1-O3, un ataque como PM3xO1 o un recorrido del explorador como SO1-O3xM3 (casillas O1 a O12, M1 a M12 y C1 a C4; criaturas B, P, G y S)
    [dejarik] un movimiento como Kl:A3-B4 o Gh:B1-B3 via C, un ataque como Kl:A3xB4, pass, roll 7v5, push B5 o duel 20v11
   *[djambi] un movimiento como MC7-C5x@F4, AB9-E5x>C3, RA8-D4xD3 o DB8-D6@A5, o pass
}
refusal-unreadable-vote = No entiendo «{ $text }» como movimiento de { $title }. Escribe { move-form }, o el número de una opción.
refusal-illegal-vote = { $text } no es un movimiento legal ahora.
refusal-illegal-vote-suggest = { $text } no es un movimiento legal ahora; ¿quisiste decir { $suggestions }?
refusal-no-such-option = No existe la opción { $text }; { $count ->
    [one] solo existe la opción 1.
   *[other] las opciones van del 1 al { $count }.
}
refusal-not-paused = La partida no está en pausa.
refusal-vote-length = La votación debe durar entre { $min } y { $max }.
refusal-unknown-level = No hay ningún nivel «{ $level }»; elige { $levels }.
refusal-bad-rules = Con estas reglas no se puede preparar una partida ({ $detail }).
refusal-opponent-count = { $title } necesita { $count ->
    [one] { $count } rival
   *[other] { $count } rivales
}.
refusal-players-not-distinct = Cada rival debe ser una persona distinta, y ninguno puede ser tú.
refusal-turn-length = El plazo de cada decisión debe estar entre { $min } y { $max }.
refusal-bad-post-time = «{ $text }» no es una hora; escríbela como HH:MM en formato de 24 horas, p. ej. 09:30 o 18:00.
refusal-unknown-time-zone = No conozco la zona horaria «{ $zone }»; elige un nombre IANA de la lista, p. ej. Europe/Madrid o America/Mexico_City.
refusal-no-daily-post = El Gamer del Día no está configurado en este servidor; quien tenga el permiso Gestionar servidor puede configurarlo.
refusal-puzzle-needs-daily = El problema del día se publica con el Gamer del Día, que no está configurado en este servidor; configúralo primero con /{ cmd-gotd-name } { cmd-gotd-setup-name }.
refusal-puzzle-hours = La votación del problema debe quedar abierta de 1 a { $max } horas, no { $hours }.
refusal-puzzle-choice = { $count ->
    [one] La única opción es la 1.
   *[other] Las opciones van de la 1 a la { $count }.
}
refusal-no-open-puzzle = No hay ninguna votación de problema abierta en este servidor.
refusal-puzzle-tried-alone = Ya intentaste este problema por tu cuenta, así que tu voto no mostraría lo que encuentra la comunidad; la votación es para quien aún no lo ha intentado.
refusal-no-puzzle-left = No queda ningún problema que no hayas intentado.
refusal-no-puzzle-try = No tienes ningún problema que responder; /{ cmd-puzzle-name } { cmd-puzzle-today-name } te muestra uno.
refusal-no-match = No tienes ningún duelo en este canal.
refusal-no-challenge = No existe el desafío { $id }.
refusal-not-invited = Solo los jugadores desafiados pueden responder a este desafío.
refusal-challenge-closed = Este desafío { $status ->
    [accepted] ya fue aceptado
    [declined] fue rechazado
    [expired] caducó
   *[answered] ya tiene respuesta
}.
refusal-not-a-player = No juegas en este duelo.
refusal-not-your-turn = No te toca decidir: le toca a { $waiting }.
refusal-engine-deciding = No te toca decidir: está decidiendo el motor.
refusal-match-over = El duelo ha terminado.
refusal-match-moved = El duelo avanzó mientras elegías; mira el tablero y elige de nuevo.
refusal-player-busy = { $player } ya tiene un duelo en este canal; que lo termine primero.
refusal-unreadable-move = No entiendo «{ $text }» como movimiento de { $title }. Escribe { move-form }.
refusal-unknown-code = No hay ningún desafío con el código «{ $code }»; compruébalo con el canal que lo envió.
refusal-code-closed = Ese desafío { $status ->
    [accepted] ya lo aceptó otro canal
    [withdrawn] se retiró
   *[expired] caducó; pide un código nuevo
}.
refusal-own-challenge = Este canal envió ese desafío; tiene que aceptarlo otro canal, de este servidor o de otro.
refusal-challenger-busy = El canal que envió este desafío empezó otra partida después; pídele un desafío nuevo cuando termine.
refusal-no-open-challenge = Este canal no tiene ningún desafío abierto que retirar.
refusal-other-side-voting = No es el turno de este canal: la comunidad que juega con { $side } está votando en su propio canal.
refusal-voted-other-side = Ya votaste por { $side } en esta partida, en otro canal; cada miembro juega por un solo bando.
refusal-shared-game-stop = Otra comunidad juega también esta partida, así que no se puede detener aquí; quien tenga el permiso Gestionar servidor puede rendirse en nombre de este canal con `/{ cmd-community-name } { cmd-community-resign-name }`.
refusal-not-shared = Rendirse solo es posible en una partida contra otra comunidad; esta se detiene con `/{ cmd-community-name } { cmd-community-stop-name }`.
refusal-side-out = El bando de este canal ya está fuera de la partida; los demás siguen jugando, y este canal ve cada movimiento hasta el final.
refusal-table-size = { $most ->
    [2] Esta partida es para dos comunidades
   *[other] En esta partida juegan de dos a { $most } comunidades
}; yo juego con los bandos que nadie elija.
refusal-already-seated = Este canal ya aceptó ese desafío; la partida empieza cuando lo acepten también las demás comunidades.

refusal-bad-quiet-hours = «{ $text }» no son horas de silencio; escríbelas como desde-hasta en horas locales, p. ej. 22-7 o 22:00-07:00, o «ninguna» si no quieres horas de silencio.
refusal-no-call-role = Las votaciones de este canal aún no avisan a ningún rol; quien tenga el permiso Gestionar servidor puede elegir uno con `/{ cmd-community-name } { cmd-community-notify-role-name }`.
refusal-remind-below = El número de votantes por debajo del cual sale un recordatorio puede ser { $most } como mucho; 0 desactiva los recordatorios.
refusal-remind-at = Un recordatorio sale entre el { $earliest } % y el { $latest } % del tiempo de una votación.
refusal-call-role-starts = El rol que inicia partidas aquí no puede ser también el rol al que avisan las votaciones: los miembros se unen a ese rol por su cuenta, así que cualquiera podría iniciar partidas. Elige otro rol.
refusal-no-reason = Di por qué la comunidad debería jugar tu movimiento, en una o dos frases.
refusal-reason-too-long = Tu razón tiene { $length } caracteres; no pases de { $most }.
refusal-suggested-already = { $move } ya está sugerido; apoya esa sugerencia con su botón.
refusal-too-many-suggestions = Ya hiciste { $most } sugerencias en esta votación, el máximo por miembro; apoya la de otro miembro.
refusal-no-suggestion = Esa sugerencia no existe.
refusal-own-suggestion = Esa sugerencia es tuya; la apoyan los demás miembros.
refusal-backed-already = Ya apoyas esa sugerencia.
refusal-you-suggested = Ya sugeriste { $move } en esta votación; los demás miembros lo apoyan con su botón.
refusal-discussion-runs = La votación de este movimiento abre dentro de { $wait }; mientras tanto, sugiere un movimiento con `/{ cmd-suggest-name }` o apoya una sugerencia.
refusal-discuss-length = Un debate dura como máximo { $max }.
refusal-hidden-tally-poll = Una encuesta muestra sus votos a todos, así que un recuento oculto necesita menús: elige menús o auto en formato.

refusal-league-name = El nombre de una liga debe tener de 1 a { $most } caracteres.
refusal-league-move-time = En una liga, el tiempo por movimiento debe estar entre una hora y tres días.
refusal-league-start-time = El inicio de una liga no puede ser en el pasado ni dentro de más de { $days } días.
refusal-league-format-for-game = Este juego no se puede jugar en ese formato: los formatos de todos contra todos y de eliminación necesitan un juego de dos bandos.
refusal-league-tables-for-game = Las mesas de cuatro ejércitos son solo para Djambi de cuatro ejércitos; para este juego elige todos contra todos o eliminación.
refusal-league-tables-one-game = En las mesas de cuatro ejércitos cada ronda es una sola partida; las dos partidas por emparejamiento solo se pueden elegir en todos contra todos o eliminación.
refusal-league-unknown-code = Ninguna liga tiene el código { $code }.
refusal-league-unknown = Esa liga no existe.
refusal-league-entries-closed = Esta liga ya no admite inscripciones.
refusal-league-full = Esta liga ya está completa: tiene { $most } comunidades, el máximo.
refusal-league-already-entered = Esta comunidad ya está en la liga.
refusal-league-not-entered = Esta comunidad no está en la liga.
refusal-league-channel-unusable = Una liga se juega en un canal de texto (no en un hilo) donde yo pueda publicar mensajes con imágenes y encuestas, leer el historial y abrir hilos; usa el comando en un canal así.
refusal-league-not-creator = Solo quien creó esta liga puede hacer eso.
refusal-league-started = La liga ya ha empezado, así que no se pueden cambiar sus comunidades.
refusal-league-over = La liga ha terminado.
refusal-league-other-not-entered = Esa comunidad no está en la liga.
refusal-league-already-started = La liga ya ha empezado.
refusal-league-too-few = La liga necesita al menos { $needed } comunidades y { $got ->
    [0] todavía no tiene ninguna
    [one] solo tiene una
   *[other] solo tiene { $got }
}.
refusal-league-none-here = Esta comunidad no está en ninguna liga en curso ni por empezar; indica la liga con su código.
refusal-league-which = Esta comunidad juega en varias ligas; indica cuál con su código: { $codes }.
