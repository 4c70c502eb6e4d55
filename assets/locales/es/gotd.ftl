# Gamer del Día: la publicación diaria y las respuestas de `/{ cmd-gotd-name }`.

## La publicación.

gotd-post-member = **El Gamer del Día es { $member }**
    Ayer en la mesa holográfica: { $record }.
gotd-post-character = **El Gamer del Día es { $name }, de { $from }**
    { $blurb }
    (Ayer nadie jugó, así que el honor es para la galaxia).
gotd-post-fact-heading = **Dato curioso del soldado ST-3V3:**

## El historial del día anterior.

gotd-record-winning-votes = { $count ->
    [one] { $count } voto ganador
   *[other] { $count } votos ganadores
}
gotd-record-community-wins = { $count ->
    [one] { $count } partida comunitaria ganada
   *[other] { $count } partidas comunitarias ganadas
}
gotd-record-matches-won = { $count ->
    [one] { $count } duelo ganado
   *[other] { $count } duelos ganados
}
gotd-record-rating-gained = +{ $points } de puntuación
gotd-record-rating-lost = −{ $points } de puntuación
gotd-record-separator = {", "}

## Respuestas de /gotd.

gotd-setup-on = El Gamer del Día está activado: todos los días a las { $time } ({ $zone }) en { $channel }.
gotd-setup-pinged = Se mencionará al Gamer del Día, que recibirá una notificación.
gotd-setup-not-pinged = Se nombrará al Gamer del Día sin enviarle ninguna notificación.
gotd-setup-next-now = La publicación de hoy ya está en camino.
gotd-setup-next-at = La próxima publicación sale el <t:{ $unix }:F> (<t:{ $unix }:R>).
gotd-off-done = El Gamer del Día está desactivado. Con `/{ cmd-gotd-name } { cmd-gotd-setup-name }` se vuelve a activar.
gotd-off-was-off = El Gamer del Día no estaba activado en este servidor.
gotd-preview-posted = Vista previa de la publicación del { $date } (ya publicada):
gotd-preview-not-posted = Vista previa de la publicación del { $date } (aún sin publicar):
gotd-now-posted = La publicación del Gamer del Día de hoy ya está en camino a { $channel }.
gotd-now-posted-elsewhere = La publicación del Gamer del Día de hoy ya está en camino a su canal.
gotd-now-already-posted = La publicación de hoy ({ $date }) ya salió; la próxima llega mañana.
