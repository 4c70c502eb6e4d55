count-votes = { $count ->
    [one] { $count } voto
   *[other] { $count } votos
}
duration = { $unit ->
    [day] { $count ->
        [one] { $count } día
       *[other] { $count } días
    }
    [hour] { $count ->
        [one] { $count } hora
       *[other] { $count } horas
    }
    [minute] { $count ->
        [one] { $count } minuto
       *[other] { $count } minutos
    }
   *[second] { $count ->
        [one] { $count } segundo
       *[other] { $count } segundos
    }
}
list-and-pair = { $first } y { $second }
list-or-pair = { $first } o { $second }
list-then = { $first }, luego { $rest }
list-more = { $first }, { $rest }
seat = { $seat ->
    [white] blancas
    [black] negras
    [light] claras
    [dark] oscuras
    [red] Rojo
    [blue] Azul
    [green] Verde
    [yellow] Amarillo
   *[other] { $seat }
}
game-status = { $status ->
    [active] en curso
    [paused] en pausa
    [finished] terminada
   *[stopped] detenida
}
decided-by = { $by ->
    [engine] el motor
    [chance] los dados
    [community] la comunidad
   *[other] { $by }
}
apology = Lo siento, algo falló de mi lado. La partida está a salvo; inténtalo de nuevo en un minuto.
