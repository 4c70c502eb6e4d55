# Slash commands: names, descriptions, options and choices, read by
# src/discord/localise.rs. Names: lower case, no spaces, at most 32
# characters; descriptions and choices: at most 100 (tests check).

# /community
cmd-community-name = comunidad
cmd-community-description = Partidas comunitarias: el canal vota cada movimiento.
cmd-community-start-name = iniciar
cmd-community-start-description = Inicia una partida comunitaria en este canal (permiso Gestionar servidor).
cmd-community-start-opt-game-name = juego
cmd-community-start-opt-game-description = El juego de la partida
cmd-community-start-opt-vote-name = duración
cmd-community-start-opt-vote-description = Cuánto dura cada votación, p. ej. 30m, 2h o 1d
cmd-community-start-opt-level-name = nivel
cmd-community-start-opt-level-description = La fuerza del motor
cmd-community-start-opt-side-name = bando
cmd-community-start-opt-side-description = El bando de la comunidad (por defecto: blancas)
cmd-community-start-opt-ballot-name = formato
cmd-community-start-opt-ballot-description = Cómo se muestra la votación de cada movimiento (por defecto: auto)
cmd-community-start-opt-discuss-name = debate
cmd-community-start-opt-discuss-description = Tiempo para sugerir movimientos antes de abrir cada votación, como 10m (por defecto: ninguno)
cmd-community-start-opt-tally-name = recuento
cmd-community-start-opt-tally-description = Si los miembros ven los votos antes del cierre (por defecto: visible)
cmd-community-status-name = estado
cmd-community-status-description = Muestra la partida de este canal y los votos de la votación en curso.
cmd-community-history-name = historial
cmd-community-history-description = Los movimientos de la partida de este canal hasta ahora, con una repetición.
cmd-community-review-name = análisis
cmd-community-review-description = Mi análisis de una partida terminada de este canal, que solo ves tú.
cmd-community-review-opt-game-name = partida
cmd-community-review-opt-game-description = El número de la partida (la última terminada si lo dejas vacío)
cmd-community-stop-name = detener
cmd-community-stop-description = Detiene definitivamente la partida de este canal (permiso Gestionar servidor).
cmd-community-resume-name = reanudar
cmd-community-resume-description = Reanuda la partida en pausa de este canal (permiso Gestionar servidor).
cmd-community-role-name = rol
cmd-community-role-description = Permite a un rol iniciar y detener partidas en este canal (permiso Gestionar servidor).
cmd-community-role-opt-role-name = rol
cmd-community-role-opt-role-description = El rol; si se omite, solo quien tenga el permiso Gestionar servidor
cmd-community-challenge-name = desafiar
cmd-community-challenge-description = Desafía a otra comunidad a una partida en este canal (permiso Gestionar servidor).
cmd-community-challenge-opt-game-name = juego
cmd-community-challenge-opt-game-description = El juego de la partida
cmd-community-challenge-opt-side-name = bando
cmd-community-challenge-opt-side-description = El bando de este canal (por defecto: blancas)
cmd-community-challenge-opt-vote-name = duración
cmd-community-challenge-opt-vote-description = Cuánto dura cada votación, p. ej. 30m, 2h o 1d
cmd-community-challenge-opt-ballot-name = formato
cmd-community-challenge-opt-ballot-description = Cómo se muestra la votación de cada movimiento (por defecto: auto)
cmd-community-challenge-opt-public-name = público
cmd-community-challenge-opt-public-description = Publicar el desafío en la sala de todos los servidores (por defecto: solo un código para compartir)
cmd-community-challenge-opt-communities-name = comunidades
cmd-community-challenge-opt-communities-description = Solo Djambi de cuatro ejércitos: cuántas comunidades juegan, de 2 a 4 (por defecto 2)
cmd-community-challenge-opt-discuss-name = debate
cmd-community-challenge-opt-discuss-description = Tiempo para sugerir movimientos antes de abrir cada votación, como 10m (por defecto: ninguno)
cmd-community-challenge-opt-tally-name = recuento
cmd-community-challenge-opt-tally-description = Si los miembros ven los votos antes del cierre (por defecto: visible)
cmd-community-challenge-cancel-name = retirar-desafío
cmd-community-challenge-cancel-description = Retira los desafíos abiertos de este canal, o uno de ellos (permiso Gestionar servidor).
cmd-community-challenge-cancel-opt-code-name = código
cmd-community-challenge-cancel-opt-code-description = El código de un desafío; si se omite, se retiran todos
cmd-community-accept-name = aceptar
cmd-community-accept-description = Acepta el desafío de otra comunidad: la partida se juega en este canal (permiso Gestionar servidor).
cmd-community-accept-opt-code-name = código
cmd-community-accept-opt-code-description = El código del desafío, como ABCD-EFGH
cmd-community-lobby-name = sala
cmd-community-lobby-description = Desafíos públicos de todos los servidores; acepta uno para este canal.
cmd-community-lobby-opt-game-name = juego
cmd-community-lobby-opt-game-description = Solo los desafíos de este juego
cmd-community-resign-name = rendirse
cmd-community-resign-description = Este canal se rinde en su partida contra otra comunidad (permiso Gestionar servidor).
cmd-community-leaderboard-name = clasificación
cmd-community-leaderboard-description = Las comunidades con mejor puntuación en un juego, de todos los servidores.
cmd-community-leaderboard-opt-game-name = juego
cmd-community-leaderboard-opt-game-description = El juego
cmd-community-stats-name = estadísticas
cmd-community-stats-description = Lo que hicieron los votos de un miembro en las partidas comunitarias de este servidor, solo para ti.
cmd-community-stats-opt-member-name = miembro
cmd-community-stats-opt-member-description = El miembro (tú si lo dejas vacío)
cmd-community-voters-name = votantes
cmd-community-voters-description = Los miembros cuyos votos más hicieron en las partidas comunitarias de este servidor.
cmd-community-voters-opt-period-name = periodo
cmd-community-voters-opt-period-description = El periodo (por defecto: este mes)

# /vote
cmd-vote-name = votar
cmd-vote-description = Vota por el próximo movimiento de la comunidad.
cmd-vote-opt-move-name = movimiento
cmd-vote-opt-move-description = Un movimiento como A1-B1, o el número de una opción del tablero

# /gotd
cmd-gotd-name = gamer-del-día
cmd-gotd-description = Gamer del Día: una publicación diaria que nombra al mejor jugador del servidor.
cmd-gotd-setup-name = configurar
cmd-gotd-setup-description = Publica el Gamer del Día todos los días (permiso Gestionar servidor).
cmd-gotd-setup-opt-channel-name = canal
cmd-gotd-setup-opt-channel-description = Dónde publicar
cmd-gotd-setup-opt-time-name = hora
cmd-gotd-setup-opt-time-description = Hora local de la publicación, HH:MM (24 horas), p. ej. 09:00
cmd-gotd-setup-opt-timezone-name = zona-horaria
cmd-gotd-setup-opt-timezone-description = Tu zona horaria, p. ej. Europe/Madrid
cmd-gotd-setup-opt-mentions-name = mencionar
cmd-gotd-setup-opt-mentions-description = Mencionar al Gamer del Día (si no, se le nombra sin notificarle)
cmd-gotd-off-name = desactivar
cmd-gotd-off-description = Detiene la publicación diaria (permiso Gestionar servidor).
cmd-gotd-preview-name = vista-previa
cmd-gotd-preview-description = Muestra la publicación de hoy solo a ti, sin publicarla.
cmd-gotd-now-name = ahora
cmd-gotd-now-description = Publica ya el Gamer del Día de hoy, si aún no ha salido (permiso Gestionar servidor).
# /puzzle
cmd-puzzle-name = problema
cmd-puzzle-description = El problema del día: resuélvelo, mira la clasificación o configúralo.
cmd-puzzle-today-name = hoy
cmd-puzzle-today-description = Resuelve el problema de hoy, solo tú lo ves (uno de tu nivel si no hay).
cmd-puzzle-random-name = al-azar
cmd-puzzle-random-description = Resuelve un problema de tu nivel que no hayas intentado, solo tú lo ves.
cmd-puzzle-random-opt-game-name = juego
cmd-puzzle-random-opt-game-description = Solo problemas de este juego
cmd-puzzle-answer-name = responder
cmd-puzzle-answer-description = Responde tu problema con un movimiento en la notación del juego.
cmd-puzzle-answer-opt-move-name = movimiento
cmd-puzzle-answer-opt-move-description = Tu movimiento, p. ej. A3-B4
cmd-puzzle-ranking-name = clasificación
cmd-puzzle-ranking-description = Quienes mejor resuelven problemas en el servidor, y tu puntuación y racha.
cmd-puzzle-daily-name = diario
cmd-puzzle-daily-description = Publica un problema cada día con el Gamer del Día (permiso Gestionar servidor).
cmd-puzzle-daily-opt-channel-name = canal
cmd-puzzle-daily-opt-channel-description = Dónde publicar
cmd-puzzle-daily-opt-hours-name = horas
cmd-puzzle-daily-opt-hours-description = Horas que la votación queda abierta (de 1 a 23; 12 si no se indica)
cmd-puzzle-daily-opt-game-name = juego
cmd-puzzle-daily-opt-game-description = Solo problemas de este juego (si no se indica, los juegos se turnan)
cmd-puzzle-off-name = desactivar
cmd-puzzle-off-description = Detiene el problema del día (permiso Gestionar servidor).
cmd-puzzle-reveal-name = solución
cmd-puzzle-reveal-description = Cierra ya la votación del problema de hoy y publica la solución (permiso Gestionar servidor).

# /challenge
cmd-challenge-name = desafiar
cmd-challenge-description = Desafía a otros miembros a un duelo.
cmd-challenge-opt-opponent-name = rival
cmd-challenge-opt-opponent-description = A quién desafías
cmd-challenge-opt-game-name = juego
cmd-challenge-opt-game-description = El juego del duelo
cmd-challenge-opt-turn-name = plazo
cmd-challenge-opt-turn-description = Tiempo para cada decisión, p. ej. 10m, 2h o 1d (por defecto: 1d)
cmd-challenge-opt-opponent2-name = rival2
cmd-challenge-opt-opponent2-description = Un segundo rival, en juegos de más de dos jugadores
cmd-challenge-opt-opponent3-name = rival3
cmd-challenge-opt-opponent3-description = Un tercer rival, en juegos para cuatro jugadores

# /play
cmd-play-name = jugar
cmd-play-description = Juega un duelo contra mí.
cmd-play-opt-game-name = juego
cmd-play-opt-game-description = El juego del duelo
cmd-play-opt-level-name = nivel
cmd-play-opt-level-description = Mi nivel de juego
cmd-play-opt-turn-name = plazo
cmd-play-opt-turn-description = Tiempo para cada una de tus decisiones, p. ej. 10m, 2h o 1d (por defecto: 1d)

# /move
cmd-move-name = mover
cmd-move-description = Haz un movimiento en tu duelo de este canal.
cmd-move-opt-move-name = movimiento
cmd-move-opt-move-description = Un movimiento como A1-B1

# /resign
cmd-resign-name = rendirse
cmd-resign-description = Ríndete en tu duelo de este canal.

# /match
cmd-match-name = duelo
cmd-match-description = Tu duelo en este canal.
cmd-match-status-name = estado
cmd-match-status-description = Tu duelo actual (o el último) aquí: jugadores, a quién le toca decidir y tiempo restante.
cmd-match-history-name = historial
cmd-match-history-description = Los movimientos de tu duelo actual (o el último) aquí, con una repetición.
cmd-match-threads-name = hilos
cmd-match-threads-description = Da a cada duelo creado en este canal un hilo propio (permiso Gestionar servidor).
cmd-match-threads-opt-switch-name = modo
cmd-match-threads-opt-switch-description = activado: un hilo por duelo; desactivado: los duelos se juegan en este canal

# /leaderboard and /profile
cmd-leaderboard-name = clasificación
cmd-leaderboard-description = Los jugadores con mejor puntuación de un juego.
cmd-leaderboard-opt-game-name = juego
cmd-leaderboard-opt-game-description = El juego
cmd-profile-name = perfil
cmd-profile-description = Las puntuaciones y el historial de un jugador.
cmd-profile-opt-user-name = usuario
cmd-profile-opt-user-description = De quién es el perfil (por defecto: el tuyo)


# /community notify-role, reminder, notify
cmd-community-notify-role-name = rol-aviso
cmd-community-notify-role-description = Elige el rol al que avisan las votaciones de este canal (permiso Gestionar servidor).
cmd-community-notify-role-opt-role-name = rol
cmd-community-notify-role-opt-role-description = El rol al que se unen los miembros para recibir avisos; si se omite, no se avisa a nadie
cmd-community-reminder-name = recordatorio
cmd-community-reminder-description = Cuándo envían las votaciones de este canal su único recordatorio (permiso Gestionar servidor).
cmd-community-reminder-opt-voters-name = votantes
cmd-community-reminder-opt-voters-description = Recordar si han votado menos miembros que estos; 0: sin recordatorio
cmd-community-reminder-opt-at-name = momento
cmd-community-reminder-opt-at-description = En qué punto del tiempo de la votación, en porcentaje (de 10 a 95)
cmd-community-reminder-opt-quiet-name = silencio
cmd-community-reminder-opt-quiet-description = Horas locales sin recordatorios, como 22-7; «ninguna» para recordar a cualquier hora
cmd-community-reminder-opt-zone-name = zona
cmd-community-reminder-opt-zone-description = La zona horaria de las horas de silencio (por defecto, la del Gamer del Día o UTC)
cmd-community-notify-name = avisos
cmd-community-notify-description = Recibe avisos, o deja de recibirlos, cuando se abre una votación en este canal.
cmd-community-notify-opt-switch-name = modo
cmd-community-notify-opt-switch-description = activado: recibir avisos de las votaciones de aquí; desactivado: dejar de recibirlos


# /suggest
cmd-suggest-name = sugerir
cmd-suggest-description = Sugiere un movimiento para la votación de la comunidad, con tu razón.
cmd-suggest-opt-move-name = movimiento
cmd-suggest-opt-move-description = Un movimiento como A1-B1, o el número de una opción del tablero
cmd-suggest-opt-why-name = razón
cmd-suggest-opt-why-description = Por qué la comunidad debería jugarlo (hasta 200 caracteres)

# Choices, one message wherever the choice is offered. Game names stay as
# they are. A command named in a choice is its message, so it reads as the
# member's client shows it.
cmd-choice-space-checkers = Damas espaciales
cmd-choice-dejarik = Dejarik
cmd-choice-holochess = Holochess
cmd-choice-djambi = Djambi
cmd-choice-djambi-4-players-the-channel-plays-red = Djambi (4 jugadores: el canal juega con Rojo)
cmd-choice-djambi-2-players-the-channel-plays-red-and-blue = Djambi (2 jugadores: el canal juega con Rojo y Azul)
cmd-choice-random = aleatorio
cmd-choice-this-month = este mes
cmd-choice-this-season-calendar-quarter = esta temporada (trimestre natural)
cmd-choice-all-time = desde siempre
cmd-choice-greedy = impulsivo
cmd-choice-easy = fácil
cmd-choice-normal = normal
cmd-choice-hard = difícil
cmd-choice-max = máximo
cmd-choice-adaptive = adaptativo
cmd-choice-white-moves-first = blancas (mueven primero)
cmd-choice-black-the-engine-opens = negras (abre el motor)
cmd-choice-alternate-swaps-each-new-game-here = alternar (cambia con cada partida nueva de este canal)
cmd-choice-black-the-other-community-opens = negras (abre la otra comunidad)
cmd-choice-auto-a-poll-when-every-move-fits-else-menus = auto (una encuesta si caben todos los movimientos; si no, menús)
cmd-choice-poll-the-numbered-options-others-by-vote = encuesta (las opciones numeradas; las demás, con /{ cmd-vote-name })
cmd-choice-menus = menús
cmd-choice-live = visible
cmd-choice-hidden = oculto
cmd-choice-on = activado
cmd-choice-off = desactivado

# /settings
cmd-settings-name = ajustes
cmd-settings-description = Ajustes de este servidor (permiso Gestionar servidor).
cmd-settings-language-name = idioma
cmd-settings-language-description = El idioma de las publicaciones del bot en este servidor (permiso Gestionar servidor).
cmd-settings-language-opt-language-name = idioma
cmd-settings-language-opt-language-description = El idioma; déjalo vacío para ver el actual
cmd-settings-voters-name = votantes
cmd-settings-voters-description = Quién puede votar en las partidas comunitarias de este servidor (permiso Gestionar servidor).
cmd-settings-voters-opt-min-account-age-name = antigüedad-mínima-de-cuenta
cmd-settings-voters-opt-min-account-age-description = La antigüedad que debe tener una cuenta para votar, como 7d o 12h; 0 para cualquier antigüedad
cmd-settings-voters-opt-min-time-in-server-name = tiempo-mínimo-en-servidor
cmd-settings-voters-opt-min-time-in-server-description = Cuánto debe llevar un miembro en el servidor para votar, como 1d; 0 para no exigir mínimo
cmd-settings-voters-opt-role-name = rol
cmd-settings-voters-opt-role-description = El rol necesario para votar; @everyone para no exigir ninguno
cmd-choice-english = English (inglés)
cmd-choice-espa-ol-spanish = Español
cmd-choice-japanese = 日本語 (japonés)
cmd-choice-two = dos
cmd-choice-three-four-army-djambi = tres (Djambi de cuatro ejércitos)
cmd-choice-four-four-army-djambi = cuatro (Djambi de cuatro ejércitos)
cmd-community-page-name = página
cmd-community-page-description = Muestra la página de la partida de este canal, o elige quién puede ver las páginas de sus partidas.
cmd-community-page-opt-visibility-name = visibilidad
cmd-community-page-opt-visibility-description = Quién puede ver las páginas de las partidas de este canal (Gestionar servidor)
cmd-choice-unlisted-only-with-the-link = oculta (solo con el enlace)
cmd-choice-public-listed-on-the-community-s-page = pública (en la página de la comunidad)
cmd-choice-off-no-page = desactivada (sin página)

# /league
cmd-league-name = liga
cmd-league-description = Ligas entre comunidades: temporadas de partidas comunitarias.
cmd-league-create-name = crear
cmd-league-create-description = Crea una liga con un código de inscripción para las comunidades (permiso Gestionar servidor).
cmd-league-create-opt-name-name = nombre
cmd-league-create-opt-name-description = El nombre de la liga
cmd-league-create-opt-game-name = juego
cmd-league-create-opt-game-description = El juego de la liga
cmd-league-create-opt-format-name = formato
cmd-league-create-opt-format-description = Cómo se emparejan las comunidades
cmd-league-create-opt-move-time-name = tiempo-por-movimiento
cmd-league-create-opt-move-time-description = Cuánto dura la votación de cada movimiento, de 1h a 3d, p. ej. 12h
cmd-league-create-opt-starts-in-name = empieza-dentro-de
cmd-league-create-opt-starts-in-description = Cuánto falta para la primera ronda, p. ej. 2d (30 días como máximo)
cmd-league-create-opt-pairs-name = partidas
cmd-league-create-opt-pairs-description = Partidas que juega cada emparejamiento (por defecto: una)
cmd-league-create-opt-public-name = pública
cmd-league-create-opt-public-description = Mostrar la liga a todos los servidores en /{ cmd-league-name } { cmd-league-lobby-name } (por defecto: no)
cmd-league-create-opt-ballot-name = formato-de-votación
cmd-league-create-opt-ballot-description = Cómo se muestra la votación de cada movimiento (por defecto: auto)
cmd-league-create-opt-discuss-name = debate
cmd-league-create-opt-discuss-description = Tiempo para sugerir movimientos antes de abrir cada votación, como 10m (por defecto: ninguno)
cmd-league-create-opt-tally-name = recuento
cmd-league-create-opt-tally-description = Si los miembros ven los votos antes del cierre (por defecto: visible)
cmd-league-join-name = inscribirse
cmd-league-join-description = Inscribe a esta comunidad en una liga; jugará en este canal (permiso Gestionar servidor).
cmd-league-join-opt-code-name = código
cmd-league-join-opt-code-description = El código de inscripción de la liga, p. ej. ABCD-EFGH
cmd-league-lobby-name = sala
cmd-league-lobby-description = Ligas públicas que aún admiten inscripciones.
cmd-league-lobby-opt-game-name = juego
cmd-league-lobby-opt-game-description = Solo las ligas de este juego
cmd-league-standings-name = clasificación
cmd-league-standings-description = La clasificación de una liga: por puntos y, a igualdad de puntos, por los desempates.
cmd-league-standings-opt-league-name = liga
cmd-league-standings-opt-league-description = El código de la liga (por defecto: la liga de esta comunidad)
cmd-league-leave-name = retirarse
cmd-league-leave-description = Retira a esta comunidad de una liga; si ya empezó, pierde sus partidas (Gestionar servidor).
cmd-league-leave-opt-league-name = liga
cmd-league-leave-opt-league-description = El código de la liga (por defecto: la liga de esta comunidad)
cmd-league-leave-opt-forfeit-name = confirmar
cmd-league-leave-opt-forfeit-description = Necesario tras el inicio: confirma que se dan por perdidas las partidas sin terminar
cmd-league-remove-name = quitar
cmd-league-remove-description = Quita una comunidad de tu liga antes de que empiece (quien creó la liga).
cmd-league-remove-opt-entry-name = número
cmd-league-remove-opt-entry-description = El número de la comunidad en /{ cmd-league-name } { cmd-league-standings-name }
cmd-league-remove-opt-league-name = liga
cmd-league-remove-opt-league-description = El código de la liga (por defecto: la liga de esta comunidad)
cmd-league-close-name = cerrar
cmd-league-close-description = Cierra las inscripciones de tu liga; empezará a la hora prevista (quien creó la liga).
cmd-league-close-opt-league-name = liga
cmd-league-close-opt-league-description = El código de la liga (por defecto: la liga de esta comunidad)
cmd-league-start-name = empezar
cmd-league-start-description = Empieza tu liga ya, sin esperar a su hora de inicio (quien creó la liga).
cmd-league-start-opt-league-name = liga
cmd-league-start-opt-league-description = El código de la liga (por defecto: la liga de esta comunidad)
cmd-league-cancel-name = anular
cmd-league-cancel-description = Anula tu liga: sus partidas se detienen sin resultado (quien creó la liga).
cmd-league-cancel-opt-league-name = liga
cmd-league-cancel-opt-league-description = El código de la liga (por defecto: la liga de esta comunidad)
cmd-choice-round-robin-every-community-meets-every-other-once = todos contra todos (cada comunidad juega una vez contra todas las demás)
cmd-choice-double-round-robin-twice-colours-swapped = todos contra todos a doble vuelta (en la segunda vuelta se cambian los colores)
cmd-choice-knockout-a-bracket-seeded-by-rating = eliminación (cuadro con cabezas de serie según la puntuación)
cmd-choice-four-army-tables-four-player-djambi = mesas de cuatro ejércitos (Djambi de cuatro jugadores)
cmd-choice-one-game = una partida
cmd-choice-two-games-at-once-colours-swapped = dos partidas a la vez, una con cada color
cmd-choice-yes-forfeit-every-game-not-finished = sí, dar por perdidas las partidas sin terminar
