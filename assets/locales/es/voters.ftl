## Quién puede votar en las partidas comunitarias de un servidor: lo que se
## dice a un miembro rechazado, lo que ven y eligen con `/settings voters`
## quienes tienen el permiso Gestionar servidor, y los rechazos contados en
## `/community stats`.

# Un miembro al que rechazan las reglas de voto. Qué regla fue queda para
# quienes gestionan el servidor.
voters-refusal-not-yet = Todavía no puedes votar en las partidas de este servidor. Si crees que deberías poder, pregunta a alguien que tenga el permiso Gestionar servidor.
voters-refusal-bad-threshold = No entiendo la duración «{ $text }». Escribe números enteros con su unidad, como 7d, 12h o 1d 12h (w para semanas, d para días, h para horas, m para minutos), o 0 para no exigir ningún mínimo.
voters-refusal-threshold-too-long = Un mínimo no puede pasar de { $longest }.

voters-current = Quién puede votar en las partidas comunitarias de este servidor:
voters-saved = Guardado. A partir del próximo voto, así queda quién puede votar en las partidas comunitarias de este servidor:
voters-account-age-any = Pueden votar cuentas de cualquier antigüedad.
voters-account-age = Para votar, una cuenta debe tener al menos { $age } de antigüedad.
voters-time-in-server-any = Los miembros pueden votar en cuanto se unen al servidor.
voters-time-in-server = Para votar, un miembro debe llevar al menos { $time } en el servidor.
voters-role-any = No hace falta ningún rol para votar.
voters-role = Solo pueden votar los miembros con el rol { $role }.
voters-league-note = En las partidas de una liga se aplican los mínimos de la liga cuando son más largos.

voters-refusals-none = Las reglas de voto no han rechazado ningún voto en este servidor.
voters-refusals-heading = Votos rechazados por las reglas de voto en este servidor:
voters-refusals-line = { $rule ->
    [account-age] Cuenta demasiado nueva
    [time-in-server] Demasiado poco tiempo en el servidor
   *[role] Sin el rol necesario
}: { $count ->
    [one] { $count } voto
   *[other] { $count } votos
}
