//! Holochess against an independent reference: a deliberately naive
//! generator written straight from the seed's sentences (directions
//! "forward", "back", "side", squares as strings, the board a map),
//! compared with the table-driven rules on random positions; plus random
//! playouts, perft counts from the data file, and junk for the parsers.

use crate::support::perft_data;
use crate::support::terminal;

use holotable::games::holochess::{DARK, Holochess, LIGHT, Rules};
use holotable::games::{Decider, Game, SeatResult};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

mod reference {
    //! Slow and obvious on purpose. A square is "O7", "M12" or "C3"; a
    //! creature is (side 'l' or 'd', type 'B', 'P', 'G' or 'S').
    use std::collections::{BTreeSet, HashMap};

    pub type Board = HashMap<String, (char, char)>;

    /// A move: a placement ("B", square) as (type, "", to, None), or an
    /// action as ("", from, to, captured square).
    pub type RefMove = (String, String, String, Option<String>);

    #[derive(Clone, Debug)]
    pub struct State {
        pub board: Board,
        pub ply: u16,
        pub counters: [u8; 2],
        pub first: char,
        pub sudden_death: u16,
    }

    fn square(ring: char, n: i32) -> String {
        let size = if ring == 'C' { 4 } else { 12 };
        format!("{ring}{}", (n - 1).rem_euclid(size) + 1)
    }

    fn parts(sq: &str) -> (char, i32) {
        (sq.as_bytes()[0] as char, sq[1..].parse().expect("a number"))
    }

    /// "left/right on the same ring (outer and middle wrap at 12, the
    /// centre at 4)".
    fn side(sq: &str, by: i32) -> String {
        let (ring, n) = parts(sq);
        square(ring, n + by)
    }

    /// "forward = one square inward on the same bearing"; the centre has none.
    /// A middle square belongs to centre square ceil(k / 3).
    fn forward(sq: &str) -> Option<String> {
        match parts(sq) {
            ('O', k) => Some(square('M', k)),
            ('M', k) => Some(square('C', (k + 2) / 3)),
            _ => None,
        }
    }

    /// "back = one square outward on the same bearing"; in the centre "any
    /// of the three joined middle squares"; from the outer ring, none.
    fn back(sq: &str) -> Vec<String> {
        match parts(sq) {
            ('M', k) => vec![square('O', k)],
            ('C', j) => (3 * j - 2..=3 * j).map(|k| square('M', k)).collect(),
            _ => Vec::new(),
        }
    }

    fn orthogonal(sq: &str) -> Vec<String> {
        let mut all = vec![side(sq, -1), side(sq, 1)];
        all.extend(forward(sq));
        all.extend(back(sq));
        all
    }

    fn brute_targets(sq: &str) -> Vec<String> {
        let mut all = orthogonal(sq);
        match parts(sq) {
            ('O', k) => {
                // Diagonal-forward, then the warps: back and diagonal-back
                // leave the board and come in on the opposite side.
                all.extend([square('M', k - 1), square('M', k + 1)]);
                all.extend([square('O', k + 6), square('O', k + 5), square('O', k + 7)]);
            }
            ('M', k) => all.extend([square('O', k - 1), square('O', k + 1)]),
            (_, j) => all.extend([square('M', 3 * j - 3), square('M', 3 * j + 1)]),
        }
        all
    }

    /// "forward 1 + side 2, or back 1 + side 2".
    fn predator_targets(sq: &str) -> Vec<String> {
        let mut starts: Vec<String> = forward(sq).into_iter().collect();
        starts.extend(back(sq));
        starts
            .iter()
            .flat_map(|s| [side(s, -2), side(s, 2)])
            .collect()
    }

    impl State {
        pub fn seat_letter(index: usize) -> char {
            if index == 0 { 'l' } else { 'd' }
        }

        fn other(side: char) -> char {
            if side == 'l' { 'd' } else { 'l' }
        }

        pub fn to_move(&self) -> char {
            let second = State::other(self.first);
            let even = self.ply.is_multiple_of(2);
            if (self.ply < 8) == even {
                second
            } else {
                self.first
            }
        }

        fn count(&self, side: char) -> usize {
            self.board.values().filter(|(s, _)| *s == side).count()
        }

        fn counting(&self, side: char) -> bool {
            self.ply >= 8 && (self.count(side) == 1 || self.ply - 8 >= self.sudden_death)
        }

        fn empty(&self, sq: &str) -> bool {
            !self.board.contains_key(sq)
        }

        fn holds(&self, sq: &str, side: char) -> bool {
            self.board.get(sq).is_some_and(|(s, _)| *s == side)
        }

        /// The loser, if the game is over.
        pub fn loser(&self) -> Option<char> {
            if self.ply < 8 {
                return None;
            }
            for side in ['l', 'd'] {
                if self.count(side) == 0 {
                    return Some(side);
                }
            }
            for (i, &counter) in self.counters.iter().enumerate() {
                if counter >= 3 {
                    return Some(State::seat_letter(i));
                }
            }
            let mover = self.to_move();
            self.raw_moves(mover).is_empty().then_some(mover)
        }

        pub fn moves(&self) -> BTreeSet<RefMove> {
            if self.loser().is_some() {
                return BTreeSet::new();
            }
            self.raw_moves(self.to_move())
        }

        fn raw_moves(&self, me: char) -> BTreeSet<RefMove> {
            let mut found = BTreeSet::new();
            let enemy = State::other(me);
            if self.ply < 8 {
                let home: Vec<String> = if me == 'l' {
                    (10..=15).map(|k| square('O', k)).collect()
                } else {
                    (4..=9).map(|k| square('O', k)).collect()
                };
                for kind in ['B', 'P', 'G', 'S'] {
                    if self.board.values().any(|&c| c == (me, kind)) {
                        continue;
                    }
                    for sq in home.iter().filter(|sq| self.empty(sq)) {
                        found.insert((kind.to_string(), String::new(), sq.clone(), None));
                    }
                }
                return found;
            }
            for (from, &(owner, kind)) in &self.board {
                if owner != me {
                    continue;
                }
                let mut add = |to: String, capture: Option<String>| {
                    found.insert((String::new(), from.clone(), to, capture));
                };
                match kind {
                    'B' | 'P' => {
                        let targets = if kind == 'B' {
                            brute_targets(from)
                        } else {
                            predator_targets(from)
                        };
                        for to in targets {
                            if self.empty(&to) {
                                add(to, None);
                            } else if self.holds(&to, enemy) {
                                add(to.clone(), Some(to));
                            }
                        }
                    }
                    'G' => {
                        let mut one: Vec<String> = forward(from).into_iter().collect();
                        one.extend(back(from));
                        for to in one.into_iter().filter(|to| self.empty(to)) {
                            add(to, None);
                        }
                        for dir in [-1, 1] {
                            let (mid, to) = (side(from, dir), side(from, 2 * dir));
                            if !self.empty(&mid) {
                                continue;
                            }
                            if self.empty(&to) {
                                add(to, None);
                            } else if self.holds(&to, enemy) {
                                add(to.clone(), Some(to));
                            }
                        }
                    }
                    _ => {
                        for to in scout_moves(self, from) {
                            for target in orthogonal(&to) {
                                if self.holds(&target, enemy) {
                                    add(target.clone(), Some(target));
                                }
                            }
                            add(to, None);
                        }
                        for target in orthogonal(from) {
                            if !self.holds(&target, enemy) {
                                continue;
                            }
                            add(target.clone(), Some(target.clone()));
                            if self.count(enemy) == 1 {
                                // "Ends when every opponent creature is removed."
                                continue;
                            }
                            let mut after = self.clone();
                            after.board.remove(&target);
                            let me_here = after.board.remove(from).expect("the scout");
                            after.board.insert(target.clone(), me_here);
                            for to in scout_moves(&after, &target) {
                                add(to, Some(target.clone()));
                            }
                        }
                    }
                }
            }
            found
        }

        pub fn play(&mut self, mv: &RefMove) {
            let me = self.to_move();
            let (kind, from, to, capture) = mv;
            if from.is_empty() {
                let kind = kind.chars().next().expect("a type");
                self.board.insert(to.clone(), (me, kind));
            } else {
                let counts = self.counting(me);
                if let Some(sq) = capture {
                    self.board.remove(sq);
                }
                let creature = self.board.remove(from).expect("a creature moves");
                self.board.insert(to.clone(), creature);
                let index = if me == 'l' { 0 } else { 1 };
                if capture.is_some() {
                    self.counters[index] = 0;
                } else if counts {
                    self.counters[index] += 1;
                }
            }
            self.ply += 1;
        }
    }

    /// "exactly two squares in a straight orthogonal line ... blocked by
    /// any creature on the way, not onto an ally": along the ring either
    /// way, or two steps forward, or two steps back.
    fn scout_moves(state: &State, from: &str) -> Vec<String> {
        let empty = |sq: &str| state.empty(sq);
        let mut lines: Vec<(String, String)> = [-1, 1]
            .into_iter()
            .map(|d| (side(from, d), side(from, 2 * d)))
            .collect();
        if let Some(one) = forward(from)
            && let Some(two) = forward(&one)
        {
            lines.push((one, two));
        }
        for one in back(from) {
            for two in back(&one) {
                lines.push((one.clone(), two));
            }
        }
        lines
            .into_iter()
            .filter(|(one, two)| empty(one) && empty(two))
            .map(|(_, two)| two)
            .collect()
    }
}

use reference::{RefMove, State};

fn state_of(game: &Holochess) -> State {
    let mut board = HashMap::new();
    let position = game.position();
    let pieces = position.split_whitespace().next().unwrap();
    let (light, dark) = pieces.split_once('/').unwrap();
    for (side, list) in [('l', light), ('d', dark)] {
        for item in list.split(',').filter(|i| *i != "-" && !i.is_empty()) {
            let kind = item.chars().next().unwrap();
            board.insert(item[1..].to_string(), (side, kind));
        }
    }
    State {
        board,
        ply: game.ply(),
        counters: [game.counter(LIGHT), game.counter(DARK)],
        first: if game.rules().first.seat() == LIGHT {
            'l'
        } else {
            'd'
        },
        sudden_death: game.rules().sudden_death,
    }
}

fn our_moves(game: &Holochess) -> BTreeSet<RefMove> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(as_reference).collect()
}

fn reference_agrees(game: &Holochess) -> Result<(), TestCaseError> {
    let state = state_of(game);
    let loser = state.loser();
    let ours = game.outcome().map(|o| {
        if o.results[LIGHT] == SeatResult::Loss {
            'l'
        } else {
            'd'
        }
    });
    prop_assert_eq!(ours, loser, "outcome of {}", game.position());
    prop_assert_eq!(
        game.to_decide().is_some(),
        loser.is_none(),
        "to decide in {}",
        game.position()
    );
    prop_assert_eq!(
        our_moves(game),
        state.moves(),
        "moves of {}",
        game.position()
    );
    Ok(())
}

/// A random position: the placement phase with the right number of
/// creatures on the home halves, or the movement phase with any creatures
/// anywhere and counters where they can run.
fn any_position() -> impl Strategy<Value = Holochess> {
    let squares: Vec<usize> = (0..28).collect();
    let homes: Vec<Vec<usize>> = vec![vec![9, 10, 11, 0, 1, 2], vec![3, 4, 5, 6, 7, 8]];
    (
        Just(squares).prop_shuffle(),
        Just(homes[0].clone()).prop_shuffle(),
        Just(homes[1].clone()).prop_shuffle(),
        Just(vec![0usize, 1, 2, 3]).prop_shuffle(),
        Just(vec![0usize, 1, 2, 3]).prop_shuffle(),
        0u16..60,
        0usize..=4,
        0usize..=4,
        0u8..=2,
        0u8..=2,
        any::<bool>(),
        1u16..40,
    )
        .prop_filter_map(
            "both sides empty",
            |(
                order,
                light_home,
                dark_home,
                light_kinds,
                dark_kinds,
                ply,
                nl,
                nd,
                cl,
                cd,
                dark_first,
                sudden,
            )| {
                let rules = Rules {
                    first: if dark_first {
                        holotable::games::holochess::First::Dark
                    } else {
                        holotable::games::holochess::First::Light
                    },
                    sudden_death: sudden,
                };
                let name = |i: usize| {
                    holotable::games::holochess::Square::from_index(i)
                        .unwrap()
                        .to_string()
                };
                let first_is_light = !dark_first;
                let (light_squares, dark_squares, counts): (Vec<usize>, Vec<usize>, [usize; 2]) =
                    if ply < 8 {
                        let first = (ply / 2) as usize;
                        let second = ply.div_ceil(2) as usize;
                        let counts = if first_is_light {
                            [first, second]
                        } else {
                            [second, first]
                        };
                        (light_home, dark_home, counts)
                    } else {
                        (order[..nl].to_vec(), order[nl..nl + nd].to_vec(), [nl, nd])
                    };
                if ply >= 8 && nl + nd == 0 {
                    return None;
                }
                let letters = ['B', 'P', 'G', 'S'];
                let list = |squares: &[usize], kinds: &[usize], n: usize| {
                    let items: Vec<String> = (0..n)
                        .map(|i| format!("{}{}", letters[kinds[i]], name(squares[i])))
                        .collect();
                    if items.is_empty() {
                        "-".to_string()
                    } else {
                        items.join(",")
                    }
                };
                let light = list(&light_squares, &light_kinds, counts[0]);
                let dark = list(&dark_squares, &dark_kinds, counts[1]);
                let counting = |n: usize| ply >= 8 && (n == 1 || ply - 8 >= sudden);
                let cl = if counting(counts[0]) { cl } else { 0 };
                let cd = if counting(counts[1]) { cd } else { 0 };
                // Find the side letter the rules expect by asking both.
                ["l", "d"].into_iter().find_map(|side| {
                    let text = format!("{light}/{dark} {side} {ply} {cl},{cd}");
                    Holochess::from_position(&rules, &text).ok()
                })
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn generator_agrees_with_the_reference(game in any_position()) {
        reference_agrees(&game)?;
    }

    #[test]
    fn random_playouts_keep_every_invariant(
        start in any_position(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 300),
    ) {
        let mut game = start;
        let mut moves = Vec::new();
        for choice in &choices {
            reference_agrees(&game)?;
            let text = game.position();
            prop_assert_eq!(&Holochess::from_position(game.rules(), &text).unwrap(), &game, "round trip of {}", text);
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                prop_assert!(game.outcome().is_some());
                break;
            }
            let mv = *choice.get(&moves);
            let notation = game.move_notation(mv);
            prop_assert_eq!(game.parse_move(&notation), Ok(mv), "notation {}", notation);
            let mut reference = state_of(&game);
            let expected = as_reference(mv);
            reference.play(&expected);
            prop_assert!(game.play(mv).is_ok());
            prop_assert_eq!(game.occupied_by(LIGHT).0 & game.occupied_by(DARK).0, 0, "overlap after {}", notation);
            let after = state_of(&game);
            prop_assert_eq!(&after.board, &reference.board, "board after {}", notation);
            prop_assert_eq!(after.counters, reference.counters, "counters after {}", notation);
        }
    }

    #[test]
    fn parsers_never_panic_on_junk(text in ".{0,40}", moves in "[BPGSOMCbpgsomcx@0-9,/ -]{0,20}") {
        let _ = Holochess::from_position(&Rules::default(), &text);
        let game = Holochess::from_position(&Rules::default(), "BO1,PO2,GO11,SO12/BO6,PO7,GO5,SO8 l 8 0,0").unwrap();
        let _ = game.parse_move(&moves);
        let _ = game.clone().play_notation(&text);
        let _ = game.clone().play_notation(&moves);
    }
}

/// Our move in the reference's terms.
fn as_reference(mv: holotable::games::holochess::Move) -> RefMove {
    use holotable::games::holochess::Move;
    match mv {
        Move::Place { creature, to } => (
            creature.letter().to_string(),
            String::new(),
            to.to_string(),
            None,
        ),
        Move::Act { from, to, capture } => (
            String::new(),
            from.to_string(),
            to.to_string(),
            capture.map(|c| c.to_string()),
        ),
    }
}

#[test]
fn every_game_ends_within_the_sudden_death_bound() {
    // Random games from the start: sudden death after 120 movement plies,
    // then every six plies bring a capture or a loss, and there are at
    // most seven captures to make.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let mut moves = Vec::new();
    for _ in 0..200 {
        let mut game = Holochess::new_game(&Rules::default(), &mut rng);
        while let Some(Decider::Seat(_)) = game.to_decide() {
            game.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            game.play_unchecked(mv);
            assert!(game.ply() <= 8 + 120 + 8 * 6, "{}", game.position());
        }
        assert!(game.outcome().is_some());
    }
}

fn perft_cases() -> Vec<(Holochess, Vec<(u32, u64)>)> {
    perft_data::perft_cases(include_str!("../data/holochess.perft"))
}

#[test]
fn perft_counts_match_the_data_file() {
    perft_data::assert_perft_counts::<Holochess>(include_str!("../data/holochess.perft"));
}

fn reference_perft(state: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = state.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play(mv);
            reference_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_data_agrees_with_the_reference_to_depth_three() {
    for (game, counts) in perft_cases() {
        for (depth, expected) in counts.into_iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(
                reference_perft(&state_of(&game), depth),
                expected,
                "reference perft {depth} of {}",
                game.position()
            );
        }
    }
}

/// A holochess game opens with placements, and the community votes them as
/// it votes its moves. A simulated crowd plays a whole game through the
/// real service and database; the engine (dark) places first, so the first
/// ballot is the community's first placement.
#[test]
fn a_community_game_votes_placements_and_moves_to_the_end() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = terminal::holotable()
        .args([
            "play",
            "holochess",
            "--voters",
            "20",
            "--level",
            "easy",
            "--seed",
            "3",
            "--size",
            "256",
        ])
        .args([
            "--db",
            &format!("sqlite://{}?mode=rwc", dir.path().join("play.db").display()),
        ])
        .args(["--out", &dir.path().join("out").display().to_string()])
        .output()
        .expect("the binary runs");
    let said = terminal::text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("Ballot for move 2: 24 legal moves"), "{said}");
    let placed = said
        .lines()
        .filter(|l| l.starts_with("The community played") && l.contains('@'))
        .count();
    assert_eq!(placed, 4, "four placements voted: {said}");
    assert!(said.contains("Game over:"), "{said}");
}
