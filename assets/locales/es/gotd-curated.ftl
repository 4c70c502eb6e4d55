# Gamer del Día: las listas seleccionadas (sus ids están en assets/gotd/*.json).
# Los personajes llevan el nombre y el título con que se los conoce en español;
# los datos curiosos hablan con la voz del soldado ST-3V3.

gotd-character-padme-amidala-name = Padmé Amidala
gotd-character-padme-amidala-from = Star Wars: The Clone Wars
gotd-character-padme-amidala-blurb = Senadora, reina y la voz más serena de cualquier mesa holográfica: lee el tablero como si fuera el hemiciclo del Senado.

gotd-character-chewbacca-name = Chewbacca
gotd-character-chewbacca-from = Star Wars: Una nueva esperanza
gotd-character-chewbacca-blurb = Famoso por su elegancia en la derrota. Famosísimo. Deja ganar al wookie.

gotd-character-r2-d2-name = R2-D2
gotd-character-r2-d2-from = Star Wars: Una nueva esperanza
gotd-character-r2-d2-blurb = Ha calculado todas las aperturas en la mesa holográfica del Halcón y aun así le pita con malos modos a cada movimiento de C-3PO.

gotd-character-c-3po-name = C-3PO
gotd-character-c-3po-from = Star Wars: Una nueva esperanza
gotd-character-c-3po-blurb = Domina más de seis millones de formas de comunicación, entre ellas la de reconocer con cortesía una partida perdida.

gotd-character-han-solo-name = Han Solo
gotd-character-han-solo-from = Star Wars: Una nueva esperanza
gotd-character-han-solo-blurb = Nunca le digas las probabilidades de remontar. Lo intentará de todos modos, y a veces le sale bien.

gotd-character-leia-organa-name = Leia Organa
gotd-character-leia-organa-from = Star Wars: El Imperio contraataca
gotd-character-leia-organa-blurb = Planea tres movimientos por adelantado en el tablero y cinco en la Rebelión.

gotd-character-luke-skywalker-name = Luke Skywalker
gotd-character-luke-skywalker-from = Star Wars: El retorno del Jedi
gotd-character-luke-skywalker-blurb = Aprendió a tener paciencia en Dagobah; casi siempre la usa esperando a que su rival mueva.

gotd-character-obi-wan-kenobi-name = Obi-Wan Kenobi
gotd-character-obi-wan-kenobi-from = Star Wars: La venganza de los Sith
gotd-character-obi-wan-kenobi-blurb = Se queda con la posición elevada en cada tablero, y no dejará de recordártelo.

gotd-character-ahsoka-tano-name = Ahsoka Tano
gotd-character-ahsoka-tano-from = Star Wars: The Clone Wars
gotd-character-ahsoka-tano-blurb = Juega rápido, juega con audacia y siempre va dos capturas por delante de lo que uno cree.

gotd-character-anakin-skywalker-name = Anakin Skywalker
gotd-character-anakin-skywalker-from = Star Wars: The Clone Wars
gotd-character-anakin-skywalker-blurb = Aperturas brillantes, medios juegos temerarios. Nadie puede decir que sus finales sean aburridos.

gotd-character-captain-rex-name = Capitán Rex
gotd-character-captain-rex-from = Star Wars: The Clone Wars
gotd-character-captain-rex-blurb = Trata cada votación como una sesión informativa: objetivo claro y ningún movimiento desperdiciado.

gotd-character-hera-syndulla-name = Hera Syndulla
gotd-character-hera-syndulla-from = Star Wars Rebels
gotd-character-hera-syndulla-blurb = Pilota la Ghost y la mesa holográfica con el mismo pulso firme.

gotd-character-kanan-jarrus-name = Kanan Jarrus
gotd-character-kanan-jarrus-from = Star Wars Rebels
gotd-character-kanan-jarrus-blurb = Demostró que se puede ver todo el tablero sin mirarlo.

gotd-character-ezra-bridger-name = Ezra Bridger
gotd-character-ezra-bridger-from = Star Wars Rebels
gotd-character-ezra-bridger-blurb = Empezó robando piezas de la mesa. Ahora las gana limpiamente.

gotd-character-sabine-wren-name = Sabine Wren
gotd-character-sabine-wren-from = Star Wars Rebels
gotd-character-sabine-wren-blurb = Pinta sus piezas antes de cada partida. Insiste en que es una estrategia.

gotd-character-zeb-orrelios-name = Zeb Orrelios
gotd-character-zeb-orrelios-from = Star Wars Rebels
gotd-character-zeb-orrelios-blurb = Lo mejor de Lasan, y sorprendentemente delicado con los pequeños monstruos holográficos.

gotd-character-chopper-name = Chopper
gotd-character-chopper-from = Star Wars Rebels
gotd-character-chopper-blurb = Lo han acusado de mover el tablero con un brazo manipulador. Nunca lo han atrapado.

gotd-character-omega-name = Omega
gotd-character-omega-from = Star Wars: The Bad Batch
gotd-character-omega-blurb = Una vez le ganó a Tech una partida de dejarik, y toda la Marauder se enteró.

gotd-character-hunter-name = Hunter
gotd-character-hunter-from = Star Wars: The Bad Batch
gotd-character-hunter-blurb = Le prohibieron jugar al póquer, al sabacc y al gin. Al holochess, de momento, todavía lo dejan jugar.

gotd-character-tech-name = Tech
gotd-character-tech-from = Star Wars: The Bad Batch
gotd-character-tech-blurb = Cuenta en voz alta todos los movimientos posibles. Todos y cada uno.

gotd-character-wrecker-name = Wrecker
gotd-character-wrecker-from = Star Wars: The Bad Batch
gotd-character-wrecker-blurb = Nunca ha volcado una mesa holográfica. Los hologramas son difíciles de volcar.

gotd-character-echo-name = Echo
gotd-character-echo-from = Star Wars: The Bad Batch
gotd-character-echo-blurb = Aprendió a jugar en la Legión 501, donde se apostaban barritas de ración.

gotd-character-cassian-andor-name = Cassian Andor
gotd-character-cassian-andor-from = Andor
gotd-character-cassian-andor-blurb = Paciente, callado y siempre a un movimiento de un plan que nadie vio venir.

gotd-character-jyn-erso-name = Jyn Erso
gotd-character-jyn-erso-from = Rogue One
gotd-character-jyn-erso-blurb = Siempre se arriesga con la captura peligrosa. Las rebeliones se construyen con esperanza.

gotd-character-k-2so-name = K-2SO
gotd-character-k-2so-from = Rogue One
gotd-character-k-2so-blurb = Te dirá cuáles son tus probabilidades de ganar. No te gustará oírlo.

gotd-character-chirrut-imwe-name = Chirrut Îmwe
gotd-character-chirrut-imwe-from = Rogue One
gotd-character-chirrut-imwe-blurb = Es uno con la Fuerza, y la Fuerza está con sus piezas.

gotd-character-din-djarin-name = Din Djarin
gotd-character-din-djarin-from = The Mandalorian
gotd-character-din-djarin-blurb = Habla poco en la mesa. Este es el camino.

gotd-character-grogu-name = Grogu
gotd-character-grogu-from = The Mandalorian
gotd-character-grogu-blurb = Se come las piezas capturadas si nadie lo está mirando. Cincuenta años y sigue aprendiendo.

gotd-character-bo-katan-kryze-name = Bo-Katan Kryze
gotd-character-bo-katan-kryze-from = The Mandalorian
gotd-character-bo-katan-kryze-blurb = Juega para reconquistar el centro del tablero, y casi siempre lo consigue.

gotd-character-cara-dune-name = Cara Dune
gotd-character-cara-dune-from = The Mandalorian
gotd-character-cara-dune-blurb = Mariscal de Nevarro, y muy estricta con las reglas de la casa.

gotd-character-lando-calrissian-name = Lando Calrissian
gotd-character-lando-calrissian-from = Star Wars: El Imperio contraataca
gotd-character-lando-calrissian-blurb = Apuesta el Halcón en una sola partida. Alguna vez ha perdido el Halcón.

gotd-character-qi-ra-name = Qi'ra
gotd-character-qi-ra-from = Solo: Una historia de Star Wars
gotd-character-qi-ra-blurb = Sonríe al empezar la partida y al terminarla. Solo una de esas sonrisas es amistosa.

gotd-character-rey-name = Rey
gotd-character-rey-from = Star Wars: El despertar de la Fuerza
gotd-character-rey-blurb = Tiene ojo de chatarrera para dar con la única pieza útil en un montón de basura.

gotd-character-finn-name = Finn
gotd-character-finn-from = Star Wars: El despertar de la Fuerza
gotd-character-finn-blurb = Cambió de bando una vez, y fue el mejor movimiento de su vida.

gotd-character-poe-dameron-name = Poe Dameron
gotd-character-poe-dameron-from = Star Wars: El despertar de la Fuerza
gotd-character-poe-dameron-blurb = Abre de forma agresiva, pide perdón después y gana lo bastante a menudo como para salirse con la suya.

gotd-character-bb-8-name = BB-8
gotd-character-bb-8-from = Star Wars: El despertar de la Fuerza
gotd-character-bb-8-blurb = Rueda alrededor de la mesa holográfica animando a quien vaya perdiendo.

gotd-character-rose-tico-name = Rose Tico
gotd-character-rose-tico-from = Star Wars: Los últimos Jedi
gotd-character-rose-tico-blurb = Salva las piezas que ama en lugar de capturar las que odia.

gotd-character-kuiil-name = Kuiil
gotd-character-kuiil-from = The Mandalorian
gotd-character-kuiil-blurb = He dicho. La partida terminó, y fue una buena partida.

gotd-character-cad-bane-name = Cad Bane
gotd-character-cad-bane-from = Star Wars: The Clone Wars
gotd-character-cad-bane-blurb = Cobra una tarifa por cada captura. Nadie la ha pagado nunca de buena gana.

gotd-character-plo-koon-name = Plo Koon
gotd-character-plo-koon-from = Star Wars: The Clone Wars
gotd-character-plo-koon-blurb = Amable con sus piezas y más aún con sus rivales. Y aun así gana.

gotd-character-kit-fisto-name = Kit Fisto
gotd-character-kit-fisto-from = Star Wars: The Clone Wars
gotd-character-kit-fisto-blurb = Sonríe en cada movimiento, gane o pierda. Casi siempre gana.

gotd-character-doctor-aphra-name = Doctora Aphra
gotd-character-doctor-aphra-from = los cómics de Star Wars
gotd-character-doctor-aphra-blurb = Jura que entre sus hallazgos arqueológicos están las piezas originales del dejarik. Seguramente no.

gotd-fact-monster-names = Cada monstruo del tablero de dejarik tiene nombre, y me los he aprendido todos. Aun así, al verdecito pequeño le sigo diciendo «amigo».
gotd-fact-holotables-are-old = Las mesas holográficas son más antiguas que la República. Algunos de sus monstruos son más antiguos que las propias mesas. No me preguntes cómo funciona eso.
gotd-fact-wookiee-rule = La primera regla de la mesa holográfica: deja ganar al wookie. La segunda regla: repasa la primera.
gotd-fact-no-peeking = Mi casco tiene una pantalla de puntería. En el holochess no sirve de nada. Lo comprobé.
gotd-fact-space-checkers-core = En las damas espaciales, el núcleo es la única casilla que no tiene un rayo propio. Creo que por eso se siente solo.
gotd-fact-orbits = Las damas espaciales tienen dos órbitas y doce rayos. Los he contado muchas veces durante largas guardias.
gotd-fact-boosting = Una pieza de las damas espaciales puede impulsarse hasta tres veces en un mismo movimiento. Solo lo he visto una vez, y lo celebré tan fuerte que me oyó mi sargento.
gotd-fact-dice-combat = En el dejarik con dados, hasta un Houjix puede ganar un combate si los dados son generosos. Yo me parezco mucho a un Houjix.
gotd-fact-ngok-defence = El Ng'ok tiene la mejor defensa del tablero. Lo respeto. Mi armadura nunca ha detenido nada.
gotd-fact-kintan-strider = En el dejarik con dados, el Kintan Strider avanza tres casillas. Es más de lo que camino yo en una patrulla normal.
gotd-fact-grimtaash = Grimtaash el Molator es el que pega más fuerte y el que peor se defiende. Conozco a unos cuantos oficiales así.
gotd-fact-djambi-necromobile = En Djambi hay una pieza que va moviendo las piezas muertas de un lado a otro. Yo no juego a Djambi de noche.
gotd-fact-djambi-labyrinth = La casilla central del tablero de Djambi se llama el Laberinto. Solo un Líder puede quedarse en ella, así que a mí nunca me dejarían.
gotd-fact-djambi-four-armies = Djambi tiene cuatro ejércitos en un solo tablero. Son tres ejércitos más de los que me han confiado en toda mi carrera.
gotd-fact-machiavelli = A Djambi lo llaman el ajedrez de Maquiavelo. Busqué quién era Maquiavelo. No creo que hubiéramos sido amigos.
gotd-fact-holochess-28 = La variante Holochess tiene 28 casillas y cuatro tipos de criatura. No hay dados, así que cuando pierdo es culpa mía de verdad.
gotd-fact-community-white = Cuando la comunidad vota, juega con blancas. Yo juego con negras. Por fin estoy en un bando del que nadie se queja.
gotd-fact-ballot-ties = Cuando los votos quedan empatados, desempato con mi propia clasificación de los movimientos. Intento ser justo. Casi siempre lo soy.
gotd-fact-vote-early = Los votos emitidos antes de que cierre la encuesta cuentan. Los de después, no. Es la misma regla que en el comedor.
gotd-fact-extensions = Si nadie vota, espero un poco más. Se me da muy bien esperar. Quedarme quieto es casi todo mi trabajo.
gotd-fact-engine-levels = Mi motor tiene varios niveles. En el más difícil soy mucho más listo que en persona.
gotd-fact-replays = Cada partida queda registrada movimiento a movimiento, dados incluidos, así que una repetición siempre es la misma partida. Ojalá mis turnos de guardia funcionaran así.
gotd-fact-falcon-table = La mesa holográfica más famosa de la galaxia está en un carguero. He pedido que me destinen a custodiarla. Todavía no me han respondido.
gotd-fact-hologram-flicker = Los monstruos holográficos parpadean cuando baja la energía. No es que tengan miedo. Se lo pregunté.
gotd-fact-first-move = En la mayoría de nuestros juegos, el primer movimiento importa mucho. En mi carrera, el primer movimiento fue el único que hice.
gotd-fact-captures = En las damas espaciales solo se captura al salir en diagonal. Tardé cuatro patrullas en entender esa frase.
gotd-fact-three-points = Un final perfecto en las damas espaciales da tres puntos. Mi mejor resultado en prácticas de tiro también fue de tres puntos. De cien.
gotd-fact-patience = El secreto del holochess es la paciencia. El secreto de ser soldado de asalto también es la paciencia. Una de las dos se me da muy bien.
gotd-fact-kessel-run = Alguien me dijo que se puede terminar una partida de dejarik en menos de doce pársecs. No creo que los pársecs funcionen así.
gotd-fact-droid-opponents = Algunos droides se niegan a jugar contra wookies. Esos droides conservan los dos brazos.
gotd-fact-cantina = En toda cantina que valga la pena hay una mesa holográfica. En ninguna hay un soldado de asalto, no sé por qué.
gotd-fact-monster-feelings = Los monstruos holográficos no sienten dolor cuando los capturan. Me aseguré antes de empezar a jugar.
gotd-fact-board-rings = Los tableros redondos tienen anillos, no filas. Estuve una hora caminando en círculos para entenderlo bien.
gotd-fact-daily-gamer = Cada día nombro a un Gamer del Día. Nadie me ha nombrado nunca a mí, pero no pierdo la esperanza.
gotd-fact-lucky-dice = En el dejarik con dados no existen los dados de la suerte. Probé todos los dados de la armería para asegurarme.
gotd-fact-undo = En una mesa holográfica no se puede deshacer un movimiento. Tampoco se puede deshacer un disparo fallido. Lo sé por experiencia.
gotd-fact-audience = Ver una partida reñida es casi tan divertido como jugarla. Casi. Yo sobre todo miro.
gotd-fact-helmet-off = Una vez jugué sin casco. Perdí igual, pero veía el tablero muchísimo mejor.
gotd-fact-ranking-moves = Antes de cada votación ordeno los movimientos del mejor al peor. A veces la comunidad elige el peor y gana igual. Me encanta.
gotd-fact-good-game = Di siempre «buena partida» al terminar, incluso al motor. Sobre todo al motor. Se acuerda.
