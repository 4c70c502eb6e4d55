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
    [red-blue] Rojo y Azul
    [yellow-green] Amarillo y Verde
   *[other] { $seat }
}
# Un bando como sujeto u objeto de la oración: las blancas, con artículo;
# los ejércitos del Djambi son nombres propios, sin él (Rojo, como en
# «Juega Rojo»).
seat-subject = { $seat ->
    [white] las blancas
    [black] las negras
    [light] las claras
    [dark] las oscuras
    [red] Rojo
    [blue] Azul
    [green] Verde
    [yellow] Amarillo
    [red-blue] Rojo y Azul
    [yellow-green] Amarillo y Verde
   *[other] { $seat }
}
# Qué parte del turno decide una votación, en los juegos cuyo turno tiene
# varias decisiones (las dos acciones y los empujes de Dejarik, los
# ejércitos del Djambi a dos).
decision-action = { $number ->
    [1] primera acción del turno de { seat-subject }
   *[2] segunda acción del turno de { seat-subject }
}
decision-push = adónde empujan { seat-subject } al monstruo de { $square }
decision-army-move = movimiento de { seat }{ $extra ->
    [yes] , un turno extra por ocupar el Laberinto
   *[no] {""}
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
apology = Lo siento, algo ha fallado por mi parte. La partida está a salvo; vuelve a intentarlo dentro de un minuto.
# More commands and clicks came at once than I handle together: this one
# was not carried out.
busy = Ahora mismo estoy atendiendo demasiadas peticiones a la vez, así que no he hecho nada con esta. Vuelve a intentarlo dentro de un momento.

# An engine level, by the name the commands' choices give it.
engine-level = { $level ->
    [random] aleatorio
    [greedy] impulsivo
    [easy] fácil
    [normal] normal
    [hard] difícil
    [max] máximo
    [adaptive] adaptativo
   *[other] { $level }
}
