# Por qué terminó una partida: una proposición que envuelven «Fin de la
# partida: …» y similares, sin mayúscula inicial ni punto final. $seat,
# $winner y $loser son los nombres de bando de las reglas (véase `seat` en
# common.ftl); $player es el nombre de una persona. Las blancas, negras,
# claras y oscuras son plurales: sus verbos también.
end-all-captured = { $winner ->
    [light] las claras
   *[dark] las oscuras
} capturaron todas las criaturas de { $loser ->
    [light] las claras
   *[dark] las oscuras
}
end-no-capture-last-creature = { seat-subject } jugaron tres turnos sin capturar con una sola criatura
end-no-capture-sudden-death = { seat-subject } jugaron tres turnos sin capturar en muerte súbita
end-no-legal-move = { seat-subject } no tienen ningún movimiento legal
end-no-monsters-left = a { seat-subject } no les quedan monstruos
end-duel-won = { seat-subject } ganaron el duelo a muerte
end-undecidable-duel = ninguno de los dos últimos monstruos puede ganar el duelo
end-decision-limit = se alcanzó el límite de { $limit } decisiones
end-move-limit = se alcanzó el límite de { $limit } movimientos
end-inner-row = { seat-subject } tienen todas sus piezas en fila en la órbita interior
end-half-pieces-lost = { seat-subject } perdieron la mitad de sus piezas
end-every-rival-eliminated = { seat-subject } { $seat ->
    [red-blue] eliminaron
    [yellow-green] eliminaron
   *[other] eliminó
} a todos sus rivales
end-quiet-turns = { $turns } turnos sin ninguna muerte: tablas entre los bandos que siguen en juego
end-every-side-encircled = un solo movimiento dejó cercados a los Líderes de todos los bandos que seguían en juego: tablas
end-resigned = { $player } se rindió
end-out-of-time = { $player } se quedó sin tiempo
# Una partida entre comunidades: $seat es el bando que jugaba esa comunidad.
end-community-resigned = la comunidad que jugaba con { seat-subject } se rindió
end-community-out-of-time = la comunidad que jugaba con { seat-subject } se quedó sin tiempo
