# El problema del día: su publicación y su solución, y los intentos privados.
puzzle-difficulty = { $difficulty ->
    [easy] fácil
    [medium] media
    [hard] difícil
   *[expert] experta
}
puzzle-heading = **{ $game } · dificultad { puzzle-difficulty } · { $steps ->
    [one] 1 movimiento que encontrar
   *[other] { $steps } movimientos que encontrar
}**
puzzle-task = { $theme ->
    [win] Turno de { seat-subject }: encuentra cómo ganar.
    [material] Turno de { seat-subject }: encuentra cómo ganar material.
    [defence] Turno de { seat-subject }: encuentra el único movimiento que aguanta; cualquier otro te deja claramente peor.
   *[odds] Turno de { seat-subject }: encuentra el movimiento con mejores probabilidades. Deciden los dados, así que se juzga en promedio sobre todas las tiradas.
}
puzzle-post-title = **Problema del día, { $date }**
puzzle-post-vote = Vota con los botones numerados de abajo por el movimiento que harías; la solución se publica { $closes }. «Resolver por tu cuenta» te deja intentarlo en privado para tu puntuación de problemas; después ya no puedes votarlo.
puzzle-button-alone = Resolver por tu cuenta
puzzle-reveal-title = **La solución del problema del { $date }: { $answer }**
puzzle-line = La línea: { $line }.
puzzle-why-solved = Por qué: la tabla resuelta muestra que { seat-subject } ganan en { $plies ->
    [one] 1 medio movimiento
   *[other] { $plies } medios movimientos
} con el mejor juego, y cualquier otro movimiento deja escapar la victoria.
puzzle-why-search = Por qué: buscando { $plies } medios movimientos de profundidad, es mejor que cualquier otro movimiento por al menos { $margin } puntos.
puzzle-why-odds = Por qué: buscando { $plies } medios movimientos de profundidad y promediando los dados, sus probabilidades superan a las de cualquier otro movimiento por al menos { $margin } puntos.
puzzle-reveal-share = { $found } de { $voters ->
    [one] 1 votante
   *[other] { $voters } votantes
} { $found ->
    [one] la encontró
   *[other] la encontraron
} ({ $percent } %).
puzzle-reveal-nobody = Nadie votó.
puzzle-reveal-done = La votación está cerrada; se está publicando la solución.
puzzle-solve-reply = La respuesta: { $reply }.
puzzle-solve-ask = Encuentra el movimiento { $step } de { $steps }: pulsa su botón o usa /{ cmd-puzzle-name } { cmd-puzzle-answer-name }.
puzzle-solve-done-solved = Resolviste este problema.
puzzle-solve-done-failed = No resolviste este problema.
puzzle-line-hidden = La línea correcta queda oculta mientras la votación de este servidor sobre el problema sigue abierta; la publicación de la solución la muestra cuando cierre la votación, { $closes }.
puzzle-answer-right = ¡Correcto!
puzzle-answer-solved = ¡Correcto! Resolviste el problema.
puzzle-answer-wrong = { $tried } no es la solución.
puzzle-answer-not-a-move = Eso no es un movimiento en esta posición. Responde con { $moves }.
puzzle-answer-stale = Esa respuesta era para un movimiento anterior de este problema; así está ahora.
puzzle-rating-change = Tu puntuación de problemas: { $before } → { $after }.
puzzle-streak = { $count ->
    [one] Llevas 1 problema resuelto seguido.
   *[other] Llevas { $count } problemas resueltos seguidos.
}
puzzle-streak-lost = Tu racha vuelve a empezar desde cero.
puzzle-vote-counted = Votaste por { $mv }; la solución se publica { $closes }.
puzzle-vote-changed = Cambiaste tu voto de { $from } a { $mv }; la solución se publica { $closes }.
puzzle-vote-unchanged = Ya habías votado por { $mv }; la solución se publica { $closes }.
puzzle-ranking-title = **Clasificación de problemas del servidor**
puzzle-ranking-empty = Aquí nadie ha intentado aún un problema.
puzzle-ranking-line = { $place }. { $member }: { $rating } ({ $solved ->
    [one] 1 resuelto
   *[other] { $solved } resueltos
}, { $streak ->
    [one] 1 seguido
   *[other] { $streak } seguidos
})
puzzle-ranking-you = Tu puntuación de problemas es { $rating }: { $solved ->
    [one] 1 problema resuelto
   *[other] { $solved } problemas resueltos
}, { $failed ->
    [one] 1 fallado
   *[other] { $failed } fallados
}, { $streak ->
    [one] 1 seguido ahora
   *[other] { $streak } seguidos ahora
}, { $best } como máximo.
puzzle-ranking-you-none = Aún no has intentado ningún problema: /{ cmd-puzzle-name } { cmd-puzzle-today-name } te muestra uno.
puzzle-daily-every-game = cada juego por turnos
puzzle-daily-done = Cada día a las { $time } ({ $zone }), con el Gamer del Día, se publica un problema en { $channel } ({ $game }); su votación queda abierta { $hours ->
    [one] 1 hora
   *[other] { $hours } horas
}.
puzzle-off-done = El problema del día está desactivado. Se conservan las puntuaciones y los problemas pasados.
puzzle-off-was-off = El problema del día no estaba activado.
puzzle-stops-with-daily = El problema del día se publica con él, así que también se detiene; /{ cmd-gotd-name } { cmd-gotd-setup-name } reactiva los dos.
