# Gamer of the Day: the curated lists (assets/gotd/*.json hold their ids).
# A character is named when nobody played; every post ends with one of
# Trooper ST-3V3's fun facts, in his voice.

gotd-character-padme-amidala-name = Padmé Amidala
gotd-character-padme-amidala-from = Star Wars: The Clone Wars
gotd-character-padme-amidala-blurb = Senator, queen, and the calmest voice at any holotable: she reads the board like a Senate floor.

gotd-character-chewbacca-name = Chewbacca
gotd-character-chewbacca-from = Star Wars: A New Hope
gotd-character-chewbacca-blurb = Famously gracious in defeat. Famously. Let the Wookiee win.

gotd-character-r2-d2-name = R2-D2
gotd-character-r2-d2-from = Star Wars: A New Hope
gotd-character-r2-d2-blurb = Has computed every opening on the Falcon's holotable and still beeps rudely at C-3PO's moves.

gotd-character-c-3po-name = C-3PO
gotd-character-c-3po-from = Star Wars: A New Hope
gotd-character-c-3po-blurb = Fluent in over six million forms of communication, including the polite concession of a lost game.

gotd-character-han-solo-name = Han Solo
gotd-character-han-solo-from = Star Wars: A New Hope
gotd-character-han-solo-blurb = Never tell him the odds of a comeback. He'll try it anyway, and sometimes it works.

gotd-character-leia-organa-name = Leia Organa
gotd-character-leia-organa-from = Star Wars: The Empire Strikes Back
gotd-character-leia-organa-blurb = Plans three moves ahead on the board and five in the Rebellion.

gotd-character-luke-skywalker-name = Luke Skywalker
gotd-character-luke-skywalker-from = Star Wars: Return of the Jedi
gotd-character-luke-skywalker-blurb = Learned patience on Dagobah; mostly uses it waiting for his opponent to move.

gotd-character-obi-wan-kenobi-name = Obi-Wan Kenobi
gotd-character-obi-wan-kenobi-from = Star Wars: Revenge of the Sith
gotd-character-obi-wan-kenobi-blurb = Holds the high ground on every board, and he will remind you of it.

gotd-character-ahsoka-tano-name = Ahsoka Tano
gotd-character-ahsoka-tano-from = Star Wars: The Clone Wars
gotd-character-ahsoka-tano-blurb = Plays fast, plays bold, and is always two captures ahead of where you think.

gotd-character-anakin-skywalker-name = Anakin Skywalker
gotd-character-anakin-skywalker-from = Star Wars: The Clone Wars
gotd-character-anakin-skywalker-blurb = Brilliant openings, reckless middle games. Nobody can say the endings are boring.

gotd-character-captain-rex-name = Captain Rex
gotd-character-captain-rex-from = Star Wars: The Clone Wars
gotd-character-captain-rex-blurb = Treats every ballot like a briefing: clear objective, no wasted moves.

gotd-character-hera-syndulla-name = Hera Syndulla
gotd-character-hera-syndulla-from = Star Wars Rebels
gotd-character-hera-syndulla-blurb = Pilots the Ghost and the holotable with the same steady hands.

gotd-character-kanan-jarrus-name = Kanan Jarrus
gotd-character-kanan-jarrus-from = Star Wars Rebels
gotd-character-kanan-jarrus-blurb = Proved you can see the whole board without looking at it.

gotd-character-ezra-bridger-name = Ezra Bridger
gotd-character-ezra-bridger-from = Star Wars Rebels
gotd-character-ezra-bridger-blurb = Started out stealing pieces off the table. Now he wins them fair and square.

gotd-character-sabine-wren-name = Sabine Wren
gotd-character-sabine-wren-from = Star Wars Rebels
gotd-character-sabine-wren-blurb = Paints her pieces before every game. Insists it is a strategy.

gotd-character-zeb-orrelios-name = Zeb Orrelios
gotd-character-zeb-orrelios-from = Star Wars Rebels
gotd-character-zeb-orrelios-blurb = Lasan's finest, and surprisingly gentle with the little hologram monsters.

gotd-character-chopper-name = Chopper
gotd-character-chopper-from = Star Wars Rebels
gotd-character-chopper-blurb = Has been accused of nudging the board with a manipulator arm. Has never been caught.

gotd-character-omega-name = Omega
gotd-character-omega-from = Star Wars: The Bad Batch
gotd-character-omega-blurb = Beat Tech at a game of dejarik once, and the whole Marauder heard about it.

gotd-character-hunter-name = Hunter
gotd-character-hunter-from = Star Wars: The Bad Batch
gotd-character-hunter-blurb = Banned from poker, sabacc and gin. Holochess, for now, is still allowed.

gotd-character-tech-name = Tech
gotd-character-tech-from = Star Wars: The Bad Batch
gotd-character-tech-blurb = Counts every possible move out loud. Every single one.

gotd-character-wrecker-name = Wrecker
gotd-character-wrecker-from = Star Wars: The Bad Batch
gotd-character-wrecker-blurb = Has never flipped a holotable. Holograms are hard to flip.

gotd-character-echo-name = Echo
gotd-character-echo-from = Star Wars: The Bad Batch
gotd-character-echo-blurb = Learned his game in the 501st, where the stakes were ration bars.

gotd-character-cassian-andor-name = Cassian Andor
gotd-character-cassian-andor-from = Andor
gotd-character-cassian-andor-blurb = Patient, quiet and always one move from a plan nobody saw coming.

gotd-character-jyn-erso-name = Jyn Erso
gotd-character-jyn-erso-from = Rogue One
gotd-character-jyn-erso-blurb = Takes the risky capture every time. Rebellions are built on hope.

gotd-character-k-2so-name = K-2SO
gotd-character-k-2so-from = Rogue One
gotd-character-k-2so-blurb = Will tell you your chance of winning. You will not enjoy hearing it.

gotd-character-chirrut-imwe-name = Chirrut Îmwe
gotd-character-chirrut-imwe-from = Rogue One
gotd-character-chirrut-imwe-blurb = One with the Force, and the Force is with his pieces.

gotd-character-din-djarin-name = Din Djarin
gotd-character-din-djarin-from = The Mandalorian
gotd-character-din-djarin-blurb = Says little at the table. This is the way.

gotd-character-grogu-name = Grogu
gotd-character-grogu-from = The Mandalorian
gotd-character-grogu-blurb = Eats the captured pieces if nobody is watching. Fifty years old and still learning.

gotd-character-bo-katan-kryze-name = Bo-Katan Kryze
gotd-character-bo-katan-kryze-from = The Mandalorian
gotd-character-bo-katan-kryze-blurb = Plays to reclaim the centre of the board, and usually does.

gotd-character-cara-dune-name = Cara Dune
gotd-character-cara-dune-from = The Mandalorian
gotd-character-cara-dune-blurb = Marshal of Nevarro, and very firm about the house rules.

gotd-character-lando-calrissian-name = Lando Calrissian
gotd-character-lando-calrissian-from = Star Wars: The Empire Strikes Back
gotd-character-lando-calrissian-blurb = Bets the Falcon on a single game. Has, on occasion, lost the Falcon.

gotd-character-qi-ra-name = Qi'ra
gotd-character-qi-ra-from = Solo: A Star Wars Story
gotd-character-qi-ra-blurb = Smiles at the start of the game and at the end. Only one of those smiles is friendly.

gotd-character-rey-name = Rey
gotd-character-rey-from = Star Wars: The Force Awakens
gotd-character-rey-blurb = A scavenger's eye for the one useful piece in a pile of junk.

gotd-character-finn-name = Finn
gotd-character-finn-from = Star Wars: The Force Awakens
gotd-character-finn-blurb = Changed sides once, and it was the best move he ever made.

gotd-character-poe-dameron-name = Poe Dameron
gotd-character-poe-dameron-from = Star Wars: The Force Awakens
gotd-character-poe-dameron-blurb = Opens aggressively, apologises later, wins often enough to get away with it.

gotd-character-bb-8-name = BB-8
gotd-character-bb-8-from = Star Wars: The Force Awakens
gotd-character-bb-8-blurb = Rolls around the holotable cheering for whoever is losing.

gotd-character-rose-tico-name = Rose Tico
gotd-character-rose-tico-from = Star Wars: The Last Jedi
gotd-character-rose-tico-blurb = Saves the pieces she loves rather than capturing the ones she hates.

gotd-character-kuiil-name = Kuiil
gotd-character-kuiil-from = The Mandalorian
gotd-character-kuiil-blurb = Has spoken. The game is over, and it was a good one.

gotd-character-cad-bane-name = Cad Bane
gotd-character-cad-bane-from = Star Wars: The Clone Wars
gotd-character-cad-bane-blurb = Charges a fee for every capture. Nobody has ever paid it willingly.

gotd-character-plo-koon-name = Plo Koon
gotd-character-plo-koon-from = Star Wars: The Clone Wars
gotd-character-plo-koon-blurb = Kind to his pieces and kinder to his opponents. Still wins.

gotd-character-kit-fisto-name = Kit Fisto
gotd-character-kit-fisto-from = Star Wars: The Clone Wars
gotd-character-kit-fisto-blurb = Smiles through every move, winning or losing. Mostly winning.

gotd-character-doctor-aphra-name = Doctor Aphra
gotd-character-doctor-aphra-from = Star Wars comics
gotd-character-doctor-aphra-blurb = Swears her archaeological finds include the original dejarik pieces. Probably not.

gotd-fact-monster-names = Every monster on a dejarik board has a name, and I have learned all of them. I still call the little green one "buddy" though.
gotd-fact-holotables-are-old = Holotables are older than the Republic. Some of the monsters on them are older than the holotables. Do not ask me how that works.
gotd-fact-wookiee-rule = The first rule of the holotable: let the Wookiee win. The second rule: see the first rule.
gotd-fact-no-peeking = My helmet has a targeting display. It does not help with holochess. I checked.
gotd-fact-space-checkers-core = In Space Checkers the core is the only square with no ray of its own. I think that makes it lonely.
gotd-fact-orbits = Space Checkers has two orbits and twelve rays. I have counted them many times during long watch shifts.
gotd-fact-boosting = A Space Checkers piece can boost up to three times in one move. I have only seen it once, and I cheered so loud my sergeant heard.
gotd-fact-dice-combat = In dice dejarik even a Houjix can win a fight if the dice are kind. I am a lot like a Houjix.
gotd-fact-ngok-defence = The Ng'ok has the best defence on the board. I respect that. My armour has never stopped anything.
gotd-fact-kintan-strider = The Kintan Strider moves three squares in dice dejarik. That is farther than I walk in an average patrol.
gotd-fact-grimtaash = Grimtaash the Molator hits the hardest and defends the worst. I know a few officers like that.
gotd-fact-djambi-necromobile = In Djambi there is a piece that moves dead pieces around. I do not play Djambi after dark.
gotd-fact-djambi-labyrinth = The centre of the Djambi board is called the Labyrinth. Only a Chief may stand there, which is why I would never be allowed.
gotd-fact-djambi-four-armies = Djambi has four armies on one board. That is three more armies than I have ever been trusted with.
gotd-fact-machiavelli = Djambi is called Machiavelli's chess. I looked up Machiavelli. I do not think we would have been friends.
gotd-fact-holochess-28 = The holochess variant has 28 squares and four kinds of creature. No dice, so when I lose it really is my fault.
gotd-fact-community-white = When you vote, you play as white. I play as black. It is nice to finally be on a side nobody complains about.
gotd-fact-ballot-ties = When a ballot ties, I break it with my own ranking of the moves. I try to be fair. I am usually fair.
gotd-fact-vote-early = Votes cast before the poll closes count. Votes cast after do not. That is the same rule as the mess hall.
gotd-fact-extensions = If nobody votes, I wait a little longer. I am very good at waiting. Standing still is most of my job.
gotd-fact-engine-levels = My engine has several levels. On the hardest one I am a lot smarter than I am in person.
gotd-fact-replays = Every game is recorded move by move, dice included, so a replay is always the same game. I wish my shifts worked like that.
gotd-fact-falcon-table = The most famous holotable in the galaxy is on a freighter. I have applied to guard it. I have not heard back.
gotd-fact-hologram-flicker = Hologram monsters flicker when the power dips. They are not scared. I asked.
gotd-fact-first-move = In most of our games the first move matters a lot. In my career, the first move was the only one I made.
gotd-fact-captures = A capture in Space Checkers only happens on a diagonal exit. It took me four patrols to understand that sentence.
gotd-fact-three-points = A perfect Space Checkers finish scores three points. My best finish in target practice also scored three points. Out of a hundred.
gotd-fact-patience = The secret of holochess is patience. The secret of being a stormtrooper is also patience. I am very good at one of them.
gotd-fact-kessel-run = Someone told me you can finish a game of dejarik in under twelve parsecs. I do not think that is how parsecs work.
gotd-fact-droid-opponents = Some droids refuse to play against Wookiees. Those droids have all their arms.
gotd-fact-cantina = There is a holotable in every cantina worth visiting. There is a stormtrooper in none of them, for some reason.
gotd-fact-monster-feelings = The hologram monsters do not feel pain when captured. I made sure before I started playing.
gotd-fact-board-rings = Round boards have rings, not rows. I walked in circles for an hour to understand that properly.
gotd-fact-daily-gamer = Every day I name a Gamer of the Day. Nobody has ever named me, but I am still hopeful.
gotd-fact-lucky-dice = There are no lucky dice in dice dejarik. I have tried every set in the armoury to be sure.
gotd-fact-undo = There is no undo on a holotable. There is also no undo on a missed shot. I would know.
gotd-fact-audience = Watching a close game is nearly as fun as playing one. Nearly. I mostly watch.
gotd-fact-helmet-off = I once played without my helmet. I lost anyway, but I could see the board much better.
gotd-fact-ranking-moves = Before every ballot I rank the moves from best to worst. Sometimes the community picks my worst one and wins anyway. I love that.
gotd-fact-good-game = Always say good game after a match, even to the engine. Especially to the engine. It remembers.
