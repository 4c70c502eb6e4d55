//! Djambi against an independent reference: a deliberately naive move
//! generator written straight from the seed's sentences (and the
//! djambi.net differences in docs/rules/djambi.md), compared with the
//! rules module on positions from random playouts; perft counts for both
//! rule sets and both player counts; playouts that must end; fuzzed parsers.

use holotable::games::djambi::{Djambi, LABYRINTH, Move, Rules, Ruleset, Square};
use holotable::games::{AnyGame, Game, GameKind, GameRecord, perft};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

mod reference {
    //! Squares are (row, column) pairs from 1, the board a map; every
    //! rule is checked the slow, obvious way.
    use std::collections::{BTreeSet, HashMap};

    pub type Sq = (i32, i32);
    /// (army index, kind letter, dead)
    pub type Cell = (usize, char, bool);
    /// (from, to, extra, flee)
    pub type RefMove = (Sq, Sq, Option<Sq>, Option<Sq>);

    #[derive(Clone)]
    pub struct Position {
        pub board: HashMap<Sq, Cell>,
        /// Controller of each army's live pieces.
        pub control: [Option<usize>; 4],
        pub mover: usize,
        /// The army whose regular turn is current or was last.
        pub regular: usize,
        pub players: usize,
        pub net: bool,
        pub compulsory: bool,
        pub quiet: u32,
        pub quiet_limit: u32,
    }

    const CENTRE: Sq = (5, 5);
    const LINES: [Sq; 8] = [
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
    ];

    fn on_board((r, c): Sq) -> bool {
        (1..=9).contains(&r) && (1..=9).contains(&c)
    }

    impl Position {
        fn seat(&self, army: usize) -> usize {
            if self.players == 2 { army / 2 } else { army }
        }

        /// A live piece whose controller sits at another seat, or nobody's.
        fn enemy(&self, cell: Cell) -> bool {
            let (army, _, dead) = cell;
            !dead && self.control[army].map(|c| self.seat(c)) != Some(self.seat(self.mover))
        }

        fn commands(&self, army: usize) -> bool {
            self.control[army] == Some(army)
        }

        /// "any free space"; the centre too for a Leader that a Diplomat
        /// moves (a Leader may stop there): a commanding one, or under
        /// djambi.net one that any army controls.
        fn free(&self, board: &HashMap<Sq, Cell>, kind: char, target: Cell) -> Vec<Sq> {
            let controlled =
                self.commands(target.0) || (self.net && self.control[target.0].is_some());
            let leader_may_stop = kind == 'D' && target.1 == 'L' && controlled;
            let mut out = Vec::new();
            for r in 1..=9 {
                for c in 1..=9 {
                    let centre_ok = (r, c) != CENTRE || leader_may_stop;
                    if centre_ok && !board.contains_key(&(r, c)) {
                        out.push((r, c));
                    }
                }
            }
            out
        }

        fn flights(board: &HashMap<Sq, Cell>, reach: i32) -> Vec<Sq> {
            let mut out = Vec::new();
            for (dr, dc) in LINES {
                for n in 1..=reach {
                    let sq = (5 + dr * n, 5 + dc * n);
                    if !on_board(sq) || board.contains_key(&sq) {
                        break;
                    }
                    out.push(sq);
                }
            }
            out
        }

        pub fn moves(&self) -> BTreeSet<RefMove> {
            let mut found = BTreeSet::new();
            for (&from, &(army, kind, dead)) in &self.board {
                if dead || self.control[army] != Some(self.mover) {
                    continue;
                }
                let reach = if kind == 'M' { 2 } else { 8 };
                for (dr, dc) in LINES {
                    for n in 1..=reach {
                        let to = (from.0 + dr * n, from.1 + dc * n);
                        if !on_board(to) {
                            break;
                        }
                        let Some(&target) = self.board.get(&to) else {
                            if to == CENTRE {
                                if kind == 'L' && (army == self.mover || self.net) {
                                    found.insert((from, to, None, None));
                                }
                                continue;
                            }
                            if kind == 'R' {
                                let mut victims = Vec::new();
                                for (vr, vc) in &LINES[..4] {
                                    let v = (to.0 + vr, to.1 + vc);
                                    if let Some(&cell) = self.board.get(&v)
                                        && self.enemy(cell)
                                    {
                                        victims.push(v);
                                    }
                                }
                                if victims.is_empty() || !self.compulsory {
                                    found.insert((from, to, None, None));
                                }
                                for v in victims {
                                    found.insert((from, to, Some(v), None));
                                }
                            } else {
                                found.insert((from, to, None, None));
                            }
                            continue;
                        };
                        self.act(from, to, (army, kind), target, &mut found);
                        break;
                    }
                }
            }
            found
        }

        fn act(
            &self,
            from: Sq,
            to: Sq,
            (army, kind): (usize, char),
            target: Cell,
            found: &mut BTreeSet<RefMove>,
        ) {
            let centre = to == CENTRE;
            let leader = target.1 == 'L';
            let ok = match kind {
                'L' => self.enemy(target) && (!centre || army == self.mover || self.net),
                'M' => self.enemy(target) && (!leader || (self.net && !centre)),
                'A' => self.enemy(target),
                'D' => self.enemy(target) && (!centre || self.net),
                'N' => target.2,
                _ => false,
            };
            if !ok {
                return;
            }
            let mut board = self.board.clone();
            let me = board.remove(&from).unwrap();
            if kind == 'A' {
                board.insert(from, (target.0, target.1, true));
                if centre {
                    for f in Self::flights(&board, 8) {
                        found.insert((from, to, None, Some(f)));
                    }
                } else {
                    found.insert((from, to, None, None));
                }
                return;
            }
            board.insert(to, me);
            for place in self.free(&board, kind, target) {
                if centre && kind != 'L' {
                    let mut after = board.clone();
                    after.insert(place, target);
                    for f in Self::flights(&after, 8) {
                        found.insert((from, to, Some(place), Some(f)));
                    }
                } else {
                    found.insert((from, to, Some(place), None));
                }
            }
        }

        fn seats_in_play(&self) -> BTreeSet<usize> {
            (0..4)
                .filter(|&a| self.commands(a))
                .map(|a| self.seat(a))
                .collect()
        }

        /// Whose live Leader commanding its army stands on the centre;
        /// under djambi.net, whoever controls the live Leader there.
        fn holder(&self) -> Option<usize> {
            match self.board.get(&CENTRE) {
                Some(&(army, 'L', false)) if self.net => self.control[army],
                Some(&(army, 'L', false)) if self.commands(army) => Some(army),
                _ => None,
            }
        }

        pub fn over(&self) -> bool {
            self.seats_in_play().len() <= 1 || self.quiet >= self.quiet_limit
        }

        /// Every decision: the moves, or a pass when there are none.
        pub fn decisions(&self) -> Vec<Option<RefMove>> {
            if self.over() {
                return Vec::new();
            }
            let moves = self.moves();
            if moves.is_empty() {
                vec![None]
            } else {
                moves.into_iter().map(Some).collect()
            }
        }

        /// Plays a decision of a two-player game straight from the rules
        /// page: kills and hand-overs (djambi.net: any killed Leader's army
        /// goes to the killer), Variant 2 encirclement (at most two sides
        /// are ever in play; djambi.net judges the mover too), recovery by
        /// the holder, then the turn.
        pub fn play(&mut self, decision: Option<RefMove>) {
            assert_eq!(self.players, 2, "the reference plays two-player games only");
            let mover = self.mover;
            let was_extra = self.mover != self.regular;
            let mut died = false;
            if let Some((from, to, extra, flee)) = decision {
                let me = self.board.remove(&from).unwrap();
                let target = self.board.insert(to, me);
                let mut victim = None;
                match me.1 {
                    'L' | 'M' => {
                        if let (Some(t), Some(place)) = (target, extra) {
                            self.board.insert(place, (t.0, t.1, true));
                            victim = Some(t);
                        }
                    }
                    'A' => {
                        if let Some(t) = target {
                            self.board.insert(from, (t.0, t.1, true));
                            victim = Some(t);
                        }
                    }
                    'R' => {
                        if let Some(v) = extra {
                            let t = self.board[&v];
                            self.board.insert(v, (t.0, t.1, true));
                            victim = Some(t);
                        }
                    }
                    _ => {
                        if let (Some(t), Some(place)) = (target, extra) {
                            self.board.insert(place, t);
                        }
                    }
                }
                if let Some(f) = flee {
                    let me = self.board.remove(&to).unwrap();
                    self.board.insert(f, me);
                }
                if let Some((army, 'L', _)) = victim
                    && (self.commands(army) || self.net)
                {
                    for c in &mut self.control {
                        if *c == Some(army) {
                            *c = Some(mover);
                        }
                    }
                    self.control[army] = Some(mover);
                }
                died = victim.is_some();
            }
            for army in 0..4 {
                if self.commands(army)
                    && (self.net || self.seat(army) != self.seat(mover))
                    && self.walled_off(army)
                {
                    for c in &mut self.control {
                        if *c == Some(army) {
                            *c = None;
                        }
                    }
                    died = true;
                }
            }
            if let Some(h) = self.holder() {
                for c in &mut self.control {
                    if c.is_none() {
                        *c = Some(h);
                    }
                }
            }
            self.quiet = if died { 0 } else { self.quiet + 1 };
            if self.over() {
                return;
            }
            let after = |me: &Self, army: usize| {
                let mut next = (army + 1) % 4;
                while !me.commands(next) {
                    next = (next + 1) % 4;
                }
                next
            };
            let mut next = after(self, self.regular);
            let holder = self.holder();
            if self.net {
                // One move per player; the holder plays after the other
                // player's turn and then its own, except straight after
                // leaving the centre in its extra turn.
                if was_extra && next == mover && holder != Some(mover) {
                    next = after(self, next);
                }
                match holder {
                    Some(h) if h != mover => self.mover = h,
                    _ => {
                        self.mover = next;
                        self.regular = next;
                    }
                }
            } else {
                match holder {
                    Some(h) if h != mover && h != next => self.mover = h,
                    _ => {
                        self.mover = next;
                        self.regular = next;
                    }
                }
            }
        }

        /// Variant 2: the Leader is off the centre, cannot reach it by
        /// king steps over squares without corpses, and its side has no
        /// live Necromobile. djambi.net steps onto the centre even over a
        /// corpse lying there.
        fn walled_off(&self, army: usize) -> bool {
            let Some((&leader, _)) = self.board.iter().find(|(_, c)| **c == (army, 'L', false))
            else {
                return false;
            };
            if leader == CENTRE {
                return false;
            }
            let necromobile = self
                .board
                .values()
                .any(|&(a, k, dead)| k == 'N' && !dead && self.control[a] == Some(army));
            if necromobile {
                return false;
            }
            let mut seen = BTreeSet::from([leader]);
            let mut stack = vec![leader];
            while let Some((r, c)) = stack.pop() {
                for (dr, dc) in LINES {
                    let n = (r + dr, c + dc);
                    let corpse = self.board.get(&n).is_some_and(|cell| cell.2);
                    if on_board(n) && !corpse && seen.insert(n) {
                        stack.push(n);
                    }
                }
            }
            let beside_centre = LINES
                .iter()
                .any(|(dr, dc)| seen.contains(&(5 + dr, 5 + dc)));
            !(seen.contains(&CENTRE) || (self.net && beside_centre))
        }
    }

    pub fn perft(position: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let decisions = position.decisions();
        if depth == 1 {
            return decisions.len() as u64;
        }
        decisions
            .into_iter()
            .map(|d| {
                let mut child = position.clone();
                child.play(d);
                perft(&child, depth - 1)
            })
            .sum()
    }
}

fn sq(square: Square) -> reference::Sq {
    (i32::from(square.row()), i32::from(square.column()))
}

fn reference_of(game: &Djambi) -> reference::Position {
    use holotable::games::djambi::Army;
    let board = game
        .pieces()
        .map(|(s, p)| (sq(s), (p.army.index(), p.kind.letter(), p.dead)))
        .collect();
    reference::Position {
        board,
        control: Army::ALL.map(|a| game.controller(a).map(Army::index)),
        mover: game.to_move().index(),
        regular: regular_army(game),
        players: usize::from(game.rules().players),
        net: game.rules().ruleset == Ruleset::DjambiNet,
        compulsory: game.rules().reporter_kill()
            == holotable::games::djambi::ReporterKill::Compulsory,
        quiet: u32::from(game.quiet_turns()),
        quiet_limit: u32::from(game.rules().quiet_turns),
    }
}

/// The army whose regular turn it is, read from the position string's
/// turn field (`R+G`: Red's extra turn after Green's).
fn regular_army(game: &Djambi) -> usize {
    let position = game.position();
    let turn = position.split_whitespace().nth(1).unwrap();
    let letter = turn.chars().last().unwrap();
    "RBYG".find(letter).unwrap()
}

fn moves_of(game: &Djambi) -> BTreeSet<reference::RefMove> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let set: BTreeSet<_> = moves
        .iter()
        .filter(|mv| !mv.is_pass())
        .map(|mv| {
            (
                sq(mv.from().unwrap()),
                sq(mv.to().unwrap()),
                mv.extra().map(sq),
                mv.flee().map(sq),
            )
        })
        .collect();
    assert_eq!(
        set.len(),
        moves.len() - usize::from(moves == [Move::PASS]),
        "no move listed twice"
    );
    set
}

fn all_rules() -> [Rules; 4] {
    let net = |players| Rules {
        players,
        ruleset: Ruleset::DjambiNet,
        ..Rules::default()
    };
    [Rules::default(), Rules::two_players(), net(4), net(2)]
}

/// Plays random moves, preferring kills so games reach corpses, captured
/// armies and the Labyrinth quickly; checks every position on the way.
fn random_game(rules: &Rules, seed: u64, plies: usize, mut check: impl FnMut(&Djambi)) -> Djambi {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Djambi::new_game(rules, &mut rng);
    let mut moves = Vec::new();
    for _ in 0..plies {
        check(&game);
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let kills: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| !game.kills(m).is_empty())
            .collect();
        let entries: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| m.to() == Some(LABYRINTH))
            .collect();
        let pool = if !entries.is_empty() && rng.random_bool(0.5) {
            &entries
        } else if !kills.is_empty() && rng.random_bool(0.6) {
            &kills
        } else {
            &moves
        };
        let mv = pool[rng.random_range(0..pool.len())];
        game.play(mv).expect("a generated move is legal");
    }
    game
}

#[test]
fn the_generator_agrees_with_the_reference_on_random_games() {
    use holotable::games::djambi::Army;
    // What the games reached, so the comparison is known to cover the
    // hard cases: taken armies, extra turns, corpses in the Labyrinth.
    let (mut taken, mut extra, mut closed) = (0, 0, 0);
    for (index, rules) in all_rules().iter().enumerate() {
        for seed in 0..6 {
            random_game(rules, seed * 10 + index as u64, 120, |game| {
                if game.to_decide().is_none() {
                    return;
                }
                taken += usize::from(Army::ALL.iter().any(|&a| game.controller(a) != Some(a)));
                extra += usize::from(game.extra_turn());
                closed += usize::from(game.piece(LABYRINTH).is_some_and(|p| p.dead));
                assert_eq!(
                    moves_of(game),
                    reference_of(game).moves(),
                    "{} ({rules:?})",
                    game.position()
                );
            });
        }
    }
    assert!(
        taken > 0 && extra > 0,
        "taken {taken}, extra turns {extra}, closed {closed}"
    );
}

#[test]
fn perft_from_the_start_for_both_rule_sets_and_player_counts() {
    // With four players the rule sets first differ at depth 5; with two
    // they differ at once, djambi.net moving either army in one turn
    // (docs/rules/djambi.md lists these counts and the deeper ones,
    // measured with the CLI).
    let expected: [(Rules, [u64; 3]); 4] = [
        (Rules::default(), [30, 1_205, 49_206]),
        (Rules::two_players(), [30, 890, 36_044]),
        (all_rules()[2].clone(), [30, 1_205, 49_206]),
        (all_rules()[3].clone(), [60, 4_224, 477_278]),
    ];
    for (rules, counts) in expected {
        let game = Djambi::new_game(&rules, &mut rand::rng());
        for (depth, count) in (1..=3).zip(counts) {
            assert_eq!(perft(&game, depth), count, "perft {depth} with {rules:?}");
        }
    }
}

/// The reference's perft: slow, so only to depth 2 from the start and one
/// ply further from each first move's children sampled.
#[test]
fn reference_perft_two_matches() {
    for rules in all_rules() {
        let game = Djambi::new_game(&rules, &mut rand::rng());
        let mut total = 0;
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for &mv in &moves {
            let mut child = game.clone();
            child.play_unchecked(mv);
            total += reference_of(&child).moves().len().max(1) as u64;
        }
        assert_eq!(perft(&game, 2), total, "{rules:?}");
    }
}

/// The two-player rule sets against the reference's own play (turn order,
/// extra turns, hand-overs, encirclement, the end): perft to depth 3 from
/// the start and from random openings, to depth 2 from random middle games.
#[test]
fn two_player_perft_matches_the_reference_that_plays_its_own_games() {
    for rules in [all_rules()[1].clone(), all_rules()[3].clone()] {
        let start = Djambi::new_game(&rules, &mut rand::rng());
        assert_eq!(
            perft(&start, 3),
            reference::perft(&reference_of(&start), 3),
            "start, {rules:?}"
        );
        // Openings of uniformly random moves, to depth 3.
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(900 + seed);
            let mut game = start.clone();
            let mut moves = Vec::new();
            for _ in 0..4 + 2 * seed {
                game.legal_moves(&mut moves);
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
            assert_eq!(
                perft(&game, 3),
                reference::perft(&reference_of(&game), 3),
                "{} ({rules:?})",
                game.position()
            );
        }
        // Kill-heavy middle games, to depth 2: a mass of corpse placements
        // two plies down makes depth 3 too slow for the reference.
        for seed in 0..8 {
            let game = random_game(&rules, 500 + seed, 20 + 10 * seed as usize, |_| {});
            let depth = if game.to_decide().is_some() { 2 } else { 1 };
            assert_eq!(
                perft(&game, depth),
                reference::perft(&reference_of(&game), depth),
                "{} ({rules:?})",
                game.position()
            );
        }
    }
}

#[test]
fn random_games_end_and_replay() {
    for (index, rules) in all_rules().iter().enumerate() {
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed + 100 * index as u64);
            let start = AnyGame::new_game(
                GameKind::Djambi,
                &serde_json::to_value(rules).unwrap(),
                &mut rng,
            )
            .unwrap();
            let mut record = GameRecord::starting_at(&start);
            let mut game = start.clone();
            let mut plies = 0;
            while game.to_decide().is_some() {
                let legal = game.legal_notations();
                let pick = legal[rng.random_range(0..legal.len())].clone();
                record.moves.push(game.play_notation(&pick).unwrap());
                plies += 1;
                assert!(plies < 20_000, "the quiet rule ends every game");
            }
            assert!(game.outcome().is_some());
            let replayed = record.positions().unwrap();
            assert_eq!(replayed.last().unwrap().position(), game.position());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn positions_round_trip_and_moves_notate(seed in any::<u64>(), plies in 0usize..160, which in 0usize..4) {
        let rules = all_rules()[which].clone();
        let game = random_game(&rules, seed, plies, |_| {});
        let back = Djambi::from_position(&rules, &game.position()).unwrap();
        prop_assert_eq!(&back, &game);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for &mv in moves.iter().step_by(7) {
            let text = game.move_notation(mv);
            prop_assert_eq!(game.parse_move(&text), Ok(mv));
            let mut child = game.clone();
            child.play_unchecked(mv);
            let round = Djambi::from_position(&rules, &child.position()).unwrap();
            prop_assert_eq!(round, child);
        }
    }

    #[test]
    fn arbitrary_move_text_never_panics(text in "\\PC{0,24}") {
        let game = Djambi::new_game(&Rules::default(), &mut rand::rng());
        let _ = game.parse_move(&text);
    }

    #[test]
    fn move_like_text_never_panics(text in "[LARDNMa-iA-I1-9xX@>\\-]{0,16}") {
        let mut game = Djambi::new_game(&Rules::default(), &mut rand::rng());
        let _ = game.play_notation(&text);
    }

    #[test]
    fn arbitrary_position_text_never_panics(text in "\\PC{0,120}") {
        let _ = Djambi::from_position(&Rules::default(), &text);
    }

    #[test]
    fn position_like_text_never_panics(text in "([RBYG][LARDNMlardnm]|[1-9]|/){0,40} [RBYG](\\+[RBYG])? [RBYG-]{4} [0-9]{1,3}") {
        if let Ok(game) = Djambi::from_position(&Rules::default(), &text) {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let back = Djambi::from_position(&Rules::default(), &game.position()).unwrap();
            prop_assert_eq!(back, game);
        }
    }
}

/// djambi.net's start, built from the seed's sentence: "Considering each
/// Leader to be facing the center of the board, its Reporter sits to its
/// left and its Assassin to its right"; every other piece where the seed's
/// list puts it.
#[test]
fn djambi_net_start_follows_the_seeds_facing_sentence() {
    use holotable::games::djambi::{Army, Kind, Piece};
    let seed = Djambi::new_game(&Rules::default(), &mut rand::rng());
    let net = Djambi::new_game(&all_rules()[2], &mut rand::rng());
    let mut expected: Vec<(Square, Piece)> = seed
        .pieces()
        .filter(|(_, p)| !matches!(p.kind, Kind::Reporter | Kind::Assassin))
        .collect();
    for army in Army::ALL {
        let leader = seed.leader_square(army).unwrap();
        // Facing the centre along the diagonal (x right, y down on the
        // image); turning left maps (x, y) to (y, -x), so the square
        // beside the Leader along x is on its left when x * y > 0.
        let x = (5 - i32::from(leader.column())).signum();
        let y = (5 - i32::from(leader.row())).signum();
        let beside = |dx: i32, dy: i32| {
            Square::at(
                (i32::from(leader.row()) + dy) as u8,
                (i32::from(leader.column()) + dx) as u8,
            )
            .unwrap()
        };
        let (left, right) = if x * y > 0 {
            (beside(x, 0), beside(0, y))
        } else {
            (beside(0, y), beside(x, 0))
        };
        expected.push((left, Piece::live(Kind::Reporter, army)));
        expected.push((right, Piece::live(Kind::Assassin, army)));
    }
    expected.sort_by_key(|(s, _)| *s);
    assert_eq!(net.pieces().collect::<Vec<_>>(), expected);
    let two = Djambi::new_game(&all_rules()[3], &mut rand::rng());
    assert_eq!(two.pieces().collect::<Vec<_>>(), expected);
}
