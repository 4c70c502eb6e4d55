# `holotable play` en una terminal: tú eres la comunidad.
play-started = Partida { $game }. Si la detienes, continúala con: holotable play --resume { $game }
play-resume-paused = La partida está en pausa. Reanúdala con: holotable play --resume { $game }
play-stopped = Detenida. Continúa con: holotable play --resume { $game }
play-resume-is-match = La partida { $game } es un duelo, no una partida de la comunidad; continúalo con: holotable match --resume { $game }
play-database-gone = Se perdió la conexión con la base de datos, así que la partida { $game } se detuvo en su último paso guardado; cuando la base de datos vuelva, continúa con: holotable play --resume { $game }
play-output-closed = Se cerró la salida, así que la partida { $game } se detuvo en su último paso guardado; continúa con: holotable play --resume { $game }
play-nothing-left = La partida { $game } está { game-status }; no queda nada por votar.
play-board-written = Tablero: { $path }
play-final-position = Posición final: { $position }
play-replay-written = Repetición guardada en { $path }
play-vote-prompt = Tu voto (un número de opción o un movimiento; «suggest MOVIMIENTO RAZÓN» para sugerir uno, «list» para ver todos los movimientos, «quit» para salir):
play-more-legal = { $count ->
    [one] (y { $count } movimiento legal más)
   *[other] (y { $count } movimientos legales más)
}
play-voted = Votaste por { $move }.
play-crowd = { $cast ->
    [one] Votó { $cast } persona
   *[other] Votaron { $cast } personas
} ({ $changed ->
    [one] { $changed } cambió su voto
   *[other] { $changed } cambiaron su voto
}; { $refused ->
    [one] se rechazó { $refused } voto no válido
   *[other] se rechazaron { $refused } votos no válidos
}).
# Cualquier pregunta en la terminal (`play`, `match`).
terminal-not-text = Esa línea no es texto legible; escríbela de nuevo.
play-community-votes = Le toca votar a { $community }.
play-crowd-reason = Me parece el más fuerte.
play-suggested = Sugeriste { $move }.
play-watch = Mira esta partida en un navegador: { $url }
play-no-page = Esta partida no tiene página web: su canal desactivó las páginas.
# `holotable puzzle`: a puzzle solved at the terminal.
puzzle-terminal-position = Posición: { $position }
puzzle-terminal-ask = Movimiento { $step } de { $steps }: escríbelo, o el número de una opción.
# Another process is playing the game a command was to resume.
terminal-played-elsewhere = Otro proceso de holotable está jugando { $command ->
    [match] el duelo
   *[other] la partida
} { $game }, así que este comando no hizo nada. Cuando ese proceso termine (si se ejecutaba en otra máquina y se cerró a la fuerza, espera primero { $seconds ->
    [one] 1 segundo
   *[other] { $seconds } segundos
}), continúa con: holotable { $command } --resume { $game }
# The database cannot be written to until a person acts.
play-database-full = No queda espacio en el disco o en la base de datos, así que la partida { $game } se detuvo en su último paso guardado; libera espacio y luego continúa con: holotable play --resume { $game }
play-database-read-only = La base de datos es de solo lectura, así que la partida { $game } se detuvo en su último paso guardado; cuando se pueda escribir en ella, continúa con: holotable play --resume { $game }
play-database-damaged = { $data ->
    [postgres] Los datos de la base de datos están dañados
   *[other] El archivo de la base de datos está dañado
}, así que la partida { $game } se detuvo en su último paso guardado; { $data ->
    [postgres] restaura la base de datos
   *[other] restaura el archivo
} desde una copia de seguridad (docs/operations.md, «Backups») y luego continúa con: holotable play --resume { $game }
play-database-denied = El rol con el que se conecta holotable no tiene los permisos que necesita en la base de datos, así que la partida { $game } se detuvo en su último paso guardado; pide al propietario de la base de datos que se los conceda y luego continúa con: holotable play --resume { $game }
# The database stopped `play` or `match` before it had a game to continue.
terminal-start-database-full = No queda espacio en el disco o en la base de datos, así que no se empezó { $command ->
    [match] ningún duelo
   *[other] ninguna partida
}; libera espacio y vuelve a intentarlo
terminal-start-database-read-only = La base de datos es de solo lectura, así que no se empezó { $command ->
    [match] ningún duelo
   *[other] ninguna partida
}; cuando se pueda escribir en ella, vuelve a intentarlo
terminal-start-database-damaged = { $data ->
    [postgres] Los datos de la base de datos están dañados
   *[other] El archivo de la base de datos está dañado
}, así que no se empezó { $command ->
    [match] ningún duelo
   *[other] ninguna partida
}; { $data ->
    [postgres] restaura la base de datos
   *[other] restaura el archivo
} desde una copia de seguridad (docs/operations.md, «Backups») y vuelve a intentarlo
terminal-start-database-denied = El rol con el que se conecta holotable no tiene los permisos que necesita en la base de datos, así que no se empezó { $command ->
    [match] ningún duelo
   *[other] ninguna partida
}; pide al propietario de la base de datos que se los conceda y vuelve a intentarlo
terminal-start-database-gone = No se pudo conectar con la base de datos, así que no se empezó { $command ->
    [match] ningún duelo
   *[other] ninguna partida
}; cuando la base de datos esté disponible de nuevo, vuelve a intentarlo
# The database stopped `play --resume` or `match --resume` before it held the game.
terminal-resume-database-full = No queda espacio en el disco o en la base de datos, así que no se pudo reanudar { $command ->
    [match] el duelo
   *[other] la partida
} { $game }; libera espacio y vuelve a intentarlo
terminal-resume-database-read-only = La base de datos es de solo lectura, así que no se pudo reanudar { $command ->
    [match] el duelo
   *[other] la partida
} { $game }; cuando se pueda escribir en ella, vuelve a intentarlo
terminal-resume-database-damaged = { $data ->
    [postgres] Los datos de la base de datos están dañados
   *[other] El archivo de la base de datos está dañado
}, así que no se pudo reanudar { $command ->
    [match] el duelo
   *[other] la partida
} { $game }; { $data ->
    [postgres] restaura la base de datos
   *[other] restaura el archivo
} desde una copia de seguridad (docs/operations.md, «Backups») y vuelve a intentarlo
terminal-resume-database-denied = El rol con el que se conecta holotable no tiene los permisos que necesita en la base de datos, así que no se pudo reanudar { $command ->
    [match] el duelo
   *[other] la partida
} { $game }; pide al propietario de la base de datos que se los conceda y vuelve a intentarlo
terminal-resume-database-gone = No se pudo conectar con la base de datos, así que no se pudo reanudar { $command ->
    [match] el duelo
   *[other] la partida
} { $game }; cuando la base de datos esté disponible de nuevo, vuelve a intentarlo
# While the database was away, another process took over the game `play` held.
play-taken-over = Mientras no había conexión con la base de datos, otro proceso de holotable se hizo cargo de la partida { $game }, así que este comando se detuvo aquí; cuando ese proceso termine, continúa con: holotable play --resume { $game }
# A ballot's close kept failing, for no reason a person can mend; the last error follows.
play-close-failed = No se pudo cerrar la votación del movimiento { $move }, así que la partida { $game } se detuvo en su último paso guardado; continúa con: holotable play --resume { $game }
# A line above, followed by the database driver's own words (in English), set apart so a command to copy ends where the line does.
terminal-stopped-cause = { $said } — { $cause }
