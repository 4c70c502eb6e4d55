refusal-no-game = No hay ninguna partida en este canal.
refusal-channel-busy = Este canal ya tiene una partida (la partida { $game }); detenla primero.
refusal-not-allowed = Solo los administradores del servidor pueden { $action ->
    [start-game] iniciar una partida
    [stop-game] detener una partida
    [resume-game] reanudar una partida
    [choose-starters] elegir quién inicia partidas
    [choose-match-threads] elegir dónde se juegan los duelos
    [choose-language] elegir el idioma del servidor
    [set-up-daily] configurar el Gamer del Día
    [turn-off-daily] desactivar el Gamer del Día
    [post-daily] publicar el Gamer del Día
   *[other] hacer eso
}.
refusal-ballot-closed = La votación de esa papeleta ha cerrado.
refusal-ballot-moved-on = La votación que viste cerró antes de que llegara tu voto; ahora está abierta la del movimiento { $move }, así que mira su tablero y vuelve a votar.
refusal-not-voting = La partida está { game-status }, así que no hay nada que votar.
refusal-unreadable-vote = No entiendo «{ $text }»: { $expected }, o un número de opción.
refusal-illegal-vote = { $text } no es un movimiento legal ahora.
refusal-illegal-vote-suggest = { $text } no es un movimiento legal ahora; ¿quisiste decir { $suggestions }?
refusal-no-such-option = No existe la opción { $text }; las opciones van del 1 al { $count }.
refusal-not-paused = La partida no está en pausa.
refusal-vote-length = La votación debe durar entre { $min } y { $max }.
refusal-bad-option = { $detail }
refusal-no-daily-post = El Gamer del Día no está configurado en este servidor; un administrador puede configurarlo.
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
refusal-match-over = El duelo ha terminado.
refusal-match-moved = El duelo avanzó mientras elegías; mira el tablero y elige de nuevo.
refusal-player-busy = { $player } ya tiene un duelo en este canal; que lo termine primero.
refusal-unreadable-move = No entiendo «{ $text }»: { $expected }.
