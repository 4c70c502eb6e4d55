render-side = { $seat ->
    [white] Blancas
    [black] Negras
    [light] Claras
    [dark] Oscuras
    [red] Rojo
    [blue] Azul
    [yellow] Amarillo
    [green] Verde
    [red-blue] Rojo y Azul
   *[yellow-green] Amarillo y Verde
}
caption-to-move = { $seat ->
    [white] Juegan las blancas
    [black] Juegan las negras
    [light] Juegan las claras
    [dark] Juegan las oscuras
    [red] Juega Rojo
    [blue] Juega Azul
    [yellow] Juega Amarillo
   *[green] Juega Verde
}
caption-to-place = { $seat ->
    [light] Colocan las claras
   *[dark] Colocan las oscuras
}
caption-wins = { $seat ->
    [white] Ganan las blancas
    [black] Ganan las negras
    [light] Ganan las claras
    [dark] Ganan las oscuras
    [red] Gana Rojo
    [blue] Gana Azul
    [yellow] Gana Amarillo
    [green] Gana Verde
    [red-blue] Ganan Rojo y Azul
   *[yellow-green] Ganan Amarillo y Verde
}
caption-push = { $seat ->
    [white] Las blancas eligen el empuje
   *[black] Las negras eligen el empuje
}
caption-labyrinth-turn = { $seat ->
    [red] Turno del Laberinto de Rojo
    [blue] Turno del Laberinto de Azul
    [yellow] Turno del Laberinto de Amarillo
   *[green] Turno del Laberinto de Verde
}
caption-move = Movimiento { $move }
caption-placement = Colocación { $placement } de 8
caption-counting = { $side } { $count }/3
caption-game-over = Fin de la partida
caption-wins-score = { caption-wins } { $first }–{ $second }
caption-draw = Tablas
caption-draw-score = Tablas { $first }–{ $second }
caption-dice-roll = Tirada de dados
caption-duel = Duelo a muerte
caption-action = Acción { $action } de 2
key-creature = { $creature ->
    [brute] Bruto
    [predator] Depredador
    [guardian] Guardián
   *[scout] Explorador
}
key-monster = { $name } { $attack }·{ $defence }·{ $movement }
key-armies = Ejércitos
key-pieces = Piezas
key-djambi-piece = { $kind ->
    [leader] Líder
    [assassin] Asesino
    [reporter] Reportero
    [diplomat] Diplomático
    [necromobile] Necromóvil
   *[militant] Militante
}
key-dead = Muerta
alt-status = { $title }. { $status }.
alt-status-separator = { ". " }
alt-last-move = Último movimiento: { $move }.
alt-options = Opciones numeradas: { $options }.
alt-option = { $number }, { $move }
alt-option-separator = { "; " }
alt-left-out = No se enumeran las demás piezas.
alt-discs = { $seat ->
    [white] { $count ->
        [one] Ficha blanca
       *[other] Fichas blancas
    }
   *[black] { $count ->
        [one] Ficha negra
       *[other] Fichas negras
    }
} en { $squares }.
alt-creatures = { $creature ->
    [brute] { $count ->
        [one] Bruto
       *[other] Brutos
    }
    [predator] { $count ->
        [one] Depredador
       *[other] Depredadores
    }
    [guardian] { $count ->
        [one] Guardián
       *[other] Guardianes
    }
   *[scout] { $count ->
        [one] Explorador
       *[other] Exploradores
    }
} { $seat ->
    [light] { $count ->
        [one] claro
       *[other] claros
    }
   *[dark] { $count ->
        [one] oscuro
       *[other] oscuros
    }
} en { $squares }.
alt-monster = { $name } de las { $seat ->
    [white] blancas
   *[black] negras
} en { $squares }.
alt-djambi-pieces = { $kind ->
    [leader] { $count ->
        [one] Líder
       *[other] Líderes
    }
    [assassin] { $count ->
        [one] Asesino
       *[other] Asesinos
    }
    [reporter] { $count ->
        [one] Reportero
       *[other] Reporteros
    }
    [diplomat] { $count ->
        [one] Diplomático
       *[other] Diplomáticos
    }
    [necromobile] { $count ->
        [one] Necromóvil
       *[other] Necromóviles
    }
   *[militant] { $count ->
        [one] Militante
       *[other] Militantes
    }
} de { $army ->
    [red] Rojo
    [blue] Azul
    [yellow] Amarillo
   *[green] Verde
} en { $squares }.
alt-corpses = { $count ->
    [one] Pieza muerta
   *[other] Piezas muertas
} en { $squares }.
alt-replay = Repetición de toda la partida, { $count ->
    [one] { $count } decisión
   *[other] { $count } decisiones
}. El tablero final: { $board }
# El nombre de un juego, en su tablero y en cualquier texto que lo nombre.
game-title = { $game ->
    [space-checkers] Damas espaciales
    [holochess] Holochess
    [dejarik] Dejarik
   *[djambi] Djambi
}
