//! Rule tests on hand-built positions, one power of seed 002 at a time:
//! each piece's moves and kills, the Labyrinth, change of control,
//! encirclement and its variants, turn order, and the notations.

use super::*;
use crate::{Game, PlayError};

/// A position from `(square, piece)` pairs like `("E5", "RL")`, with the
/// turn, control and quiet fields given as in a position string.
pub(super) fn build(rules: &Rules, pieces: &[(&str, &str)], tail: &str) -> Djambi {
    let mut grid = [[None::<&str>; 9]; 9];
    for (square, piece) in pieces {
        let square: Square = square.parse().unwrap();
        grid[usize::from(square.row() - 1)][usize::from(square.column() - 1)] = Some(piece);
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(piece);
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let text = format!("{} {tail}", rows.join("/"));
    Djambi::from_position(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub(super) fn seed(pieces: &[(&str, &str)]) -> Djambi {
    build(&Rules::default(), pieces, "R RBYG 0")
}

pub(super) fn net(pieces: &[(&str, &str)]) -> Djambi {
    let rules = Rules {
        ruleset: Ruleset::DjambiNet,
        ..Rules::default()
    };
    build(&rules, pieces, "R RBYG 0")
}

/// Four Leaders tucked in their corners, so every side is in play.
pub(super) const LEADERS: [(&str, &str); 3] = [("I9", "BL"), ("I1", "YL"), ("A1", "GL")];

pub(super) fn with_leaders<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut all = pieces.to_vec();
    for (square, piece) in LEADERS {
        if !all.iter().any(|(s, _)| *s == square) {
            all.push((square, piece));
        }
    }
    all
}

/// The legal moves of the piece on `from`, in notation, sorted.
pub(super) fn moves_from(game: &Djambi, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut list: Vec<String> = moves
        .into_iter()
        .filter(|mv| mv.from() == Some(from))
        .map(|mv| game.move_notation(mv))
        .collect();
    list.sort();
    list
}

pub(super) fn after(game: &Djambi, mv: &str) -> Djambi {
    let mut game = game.clone();
    game.play_notation(mv)
        .unwrap_or_else(|e| panic!("{mv} in {}: {e}", game.position()));
    game
}

pub(super) fn at(game: &Djambi, square: &str) -> Option<Piece> {
    game.piece(square.parse().unwrap())
}

pub(super) fn free_square_count(game: &Djambi) -> usize {
    Square::all()
        .filter(|&s| s != LABYRINTH && game.piece(s).is_none())
        .count()
}

#[test]
fn the_start_matches_the_seeds_coordinates() {
    let game = Djambi::new_game(&Rules::default(), &mut rand::rng());
    // (row, column, army, kind) straight from the seed's setup lists.
    let listed = [
        (1, 1, Army::Green, Kind::Leader),
        (1, 2, Army::Green, Kind::Assassin),
        (2, 1, Army::Green, Kind::Reporter),
        (3, 3, Army::Green, Kind::Necromobile),
        (1, 9, Army::Yellow, Kind::Leader),
        (1, 8, Army::Yellow, Kind::Assassin),
        (2, 9, Army::Yellow, Kind::Reporter),
        (2, 8, Army::Yellow, Kind::Diplomat),
        (3, 7, Army::Yellow, Kind::Necromobile),
        (7, 3, Army::Red, Kind::Necromobile),
        (8, 1, Army::Red, Kind::Reporter),
        (8, 2, Army::Red, Kind::Diplomat),
        (9, 1, Army::Red, Kind::Leader),
        (9, 2, Army::Red, Kind::Assassin),
        (9, 3, Army::Red, Kind::Militant),
        (7, 7, Army::Blue, Kind::Necromobile),
        (8, 9, Army::Blue, Kind::Reporter),
        (9, 8, Army::Blue, Kind::Assassin),
        (9, 9, Army::Blue, Kind::Leader),
    ];
    for (row, column, army, kind) in listed {
        let square = Square::at(row, column).unwrap();
        assert_eq!(
            game.piece(square),
            Some(Piece::live(kind, army)),
            "{square}"
        );
    }
    assert_eq!(game.pieces().count(), 36);
    assert_eq!(
        game.position(),
        "GLGAGM3YMYAYL/GRGDGM3YMYDYR/GMGMGN3YNYMYM/9/9/9/RMRMRN3BNBMBM/RRRDRM3BMBDBR/RLRARM3BMBABL R RBYG 0"
    );
    assert_eq!(game.to_decide(), Some(Decider::Seat(Seat(0))));
}

#[test]
fn militants_move_at_most_two_squares_and_pass_the_empty_labyrinth() {
    let game = seed(&with_leaders(&[("A9", "RL"), ("D6", "RM")]));
    let moves = moves_from(&game, "D6");
    // Two squares along eight lines, less the Labyrinth itself.
    assert_eq!(moves.len(), 15, "{moves:?}");
    assert!(
        moves.contains(&"MD6-F4".to_string()),
        "through E5: {moves:?}"
    );
    assert!(
        !moves.contains(&"MD6-E5".to_string()),
        "only a Leader stops there"
    );
}

#[test]
fn a_leader_may_stop_in_the_labyrinth_and_a_corpse_blocks_a_line() {
    let game = seed(&with_leaders(&[("A9", "RL"), ("E9", "Bm")]));
    let moves = moves_from(&game, "A9");
    assert!(moves.contains(&"LA9-E5".to_string()));
    assert!(moves.contains(&"LA9-D9".to_string()));
    assert!(
        !moves.contains(&"LA9-F9".to_string()),
        "the corpse on E9 blocks"
    );
    assert!(
        moves.iter().all(|m| !m.contains("-E9")),
        "nobody but a Necromobile lands on a corpse"
    );
}

#[test]
fn a_leader_kills_by_occupying_and_places_the_corpse_on_any_free_square() {
    let game = seed(&with_leaders(&[("A9", "RL"), ("A5", "YM")]));
    let kills: Vec<String> = moves_from(&game, "A9")
        .into_iter()
        .filter(|m| m.starts_with("LA9-A5x"))
        .collect();
    // Every empty square after the move but the Labyrinth, A9 included.
    // A9 comes free as the Leader leaves it.
    assert_eq!(kills.len(), free_square_count(&game) + 1);
    assert!(kills.contains(&"LA9-A5x@A9".to_string()));
    let next = after(&game, "LA9-A5x@C3");
    assert_eq!(at(&next, "A5"), Some(Piece::live(Kind::Leader, Army::Red)));
    assert_eq!(
        at(&next, "C3"),
        Some(Piece::live(Kind::Militant, Army::Yellow).killed())
    );
    assert_eq!(next.quiet_turns(), 0);
}

#[test]
fn a_militant_never_kills_a_leader_under_the_seed() {
    let game = seed(&with_leaders(&[("A9", "RL"), ("G7", "RM")]));
    assert!(moves_from(&game, "G7").iter().all(|m| !m.contains("-I9")));
    let game = net(&with_leaders(&[("A9", "RL"), ("G7", "RM")]));
    assert!(
        moves_from(&game, "G7")
            .iter()
            .any(|m| m.starts_with("MG7-I9x@"))
    );
}

#[test]
fn djambi_net_militants_still_cannot_kill_a_leader_in_the_labyrinth() {
    let game = net(&with_leaders(&[
        ("A9", "RL"),
        ("D6", "RM"),
        ("E5", "BL"),
        ("I9", "Bm"),
    ]));
    // Blue holds the Labyrinth; it is not Red's... it is Red's regular turn.
    assert!(moves_from(&game, "D6").iter().all(|m| !m.contains("-E5")));
}

#[test]
fn the_assassin_leaves_the_corpse_on_its_departure_square() {
    let game = seed(&with_leaders(&[("A9", "RL"), ("B9", "RA"), ("B4", "YD")]));
    let moves = moves_from(&game, "B9");
    assert!(moves.contains(&"AB9-B4x".to_string()));
    assert_eq!(
        moves.iter().filter(|m| m.contains("-B4")).count(),
        1,
        "no choice of square"
    );
    let next = after(&game, "AB9-B4x");
    assert_eq!(
        at(&next, "B4"),
        Some(Piece::live(Kind::Assassin, Army::Red))
    );
    assert_eq!(
        at(&next, "B9"),
        Some(Piece::live(Kind::Diplomat, Army::Yellow).killed())
    );
}

#[test]
fn the_assassin_enters_the_labyrinth_to_kill_its_leader_then_flees() {
    let game = seed(&with_leaders(&[
        ("A9", "RL"),
        ("E8", "RA"),
        ("E5", "BL"),
        ("I9", "Bm"),
    ]));
    let moves = moves_from(&game, "E8");
    let entries: Vec<&String> = moves.iter().filter(|m| m.starts_with("AE8-E5x>")).collect();
    assert!(!entries.is_empty());
    assert!(
        !entries.contains(&&"AE8-E5x>A1".to_string()),
        "A1 holds Green's Leader"
    );
    let next = after(&game, "AE8-E5x>F4");
    assert_eq!(at(&next, "E5"), None, "nobody but a Leader stays");
    assert_eq!(
        at(&next, "F4"),
        Some(Piece::live(Kind::Assassin, Army::Red))
    );
    assert_eq!(
        at(&next, "E8"),
        Some(Piece::live(Kind::Leader, Army::Blue).killed())
    );
    assert_eq!(
        next.controller(Army::Blue),
        Some(Army::Red),
        "Blue's pieces pass to Red"
    );
    assert!(
        moves_from(&game, "E8").iter().all(|m| m != "AE8-E5x"),
        "it must flee"
    );
}

#[test]
fn the_reporter_kills_an_orthogonal_neighbour_after_moving_or_chooses_not_to() {
    let game = seed(&with_leaders(&[
        ("A9", "RL"),
        ("A6", "RR"),
        ("D6", "YM"),
        ("C5", "BM"),
        ("D4", "GD"),
    ]));
    let moves: Vec<String> = moves_from(&game, "A6")
        .into_iter()
        .filter(|m| m.starts_with("RA6-C6"))
        .collect();
    // From C6 the orthogonal neighbours are C5 (Blue), D6 (Yellow), B6, C7.
    assert_eq!(moves, ["RA6-C6", "RA6-C6xC5", "RA6-C6xD6"]);
    let next = after(&game, "RA6-C6xD6");
    assert_eq!(
        at(&next, "D6"),
        Some(Piece::live(Kind::Militant, Army::Yellow).killed())
    );
    assert_eq!(
        at(&next, "C6"),
        Some(Piece::live(Kind::Reporter, Army::Red))
    );
}

#[test]
fn djambi_net_reporters_must_kill_when_they_can() {
    let game = net(&with_leaders(&[
        ("A9", "RL"),
        ("A6", "RR"),
        ("D6", "YM"),
        ("C5", "BM"),
    ]));
    let moves: Vec<String> = moves_from(&game, "A6")
        .into_iter()
        .filter(|m| m.starts_with("RA6-C6"))
        .collect();
    assert_eq!(moves, ["RA6-C6xC5", "RA6-C6xD6"]);
    assert!(
        moves_from(&game, "A6").contains(&"RA6-A5".to_string()),
        "no neighbour, no kill"
    );
}

#[test]
fn a_reporter_kills_the_leader_in_the_labyrinth_and_the_corpse_stays() {
    let game = seed(&with_leaders(&[
        ("A9", "RL"),
        ("E8", "RR"),
        ("E5", "BL"),
        ("I9", "Bm"),
    ]));
    let next = after(&game, "RE8-E6xE5");
    assert_eq!(
        at(&next, "E5"),
        Some(Piece::live(Kind::Leader, Army::Blue).killed())
    );
    assert_eq!(next.controller(Army::Blue), Some(Army::Red));
    assert_eq!(next.holder(), None);
    // The corpse closes the Labyrinth to passage.
    let mut red = Vec::new();
    next.moves_of(Army::Red, &mut red);
    let e6: Square = "E6".parse().unwrap();
    assert!(red.iter().any(|m| m.from() == Some(e6)));
    let e4: Square = "E4".parse().unwrap();
    assert!(
        !red.iter()
            .any(|m| m.from() == Some(e6) && m.to() == Some(e4))
    );
}

#[test]
fn the_diplomat_moves_an_enemy_anywhere_free_and_kills_nobody() {
    let game = seed(&with_leaders(&[
        ("A9", "RL"),
        ("B8", "RD"),
        ("D6", "YL"),
        ("I1", "Ym"),
    ]));
    let moves: Vec<String> = moves_from(&game, "B8")
        .into_iter()
        .filter(|m| m.starts_with("DB8-D6@"))
        .collect();
    assert_eq!(
        moves.len(),
        free_square_count(&game) + 2,
        "B8 and E5 included"
    );
    let next = after(&game, "DB8-D6@A2");
    assert_eq!(
        at(&next, "A2"),
        Some(Piece::live(Kind::Leader, Army::Yellow))
    );
    assert_eq!(
        at(&next, "D6"),
        Some(Piece::live(Kind::Diplomat, Army::Red))
    );
    assert!(next.is_active(Army::Yellow));
    assert_eq!(next.quiet_turns(), 1, "a relocation is not a death");
}

#[test]
fn a_diplomat_may_put_an_enemy_leader_on_the_labyrinth() {
    // "that piece is relocated ... to any free space of their choice", and a
    // Leader is the one piece that may stop on the Labyrinth.
    let pieces = [
        ("A9", "RL"),
        ("B8", "RD"),
        ("D6", "YL"),
        ("I9", "BL"),
        ("A1", "GL"),
    ];
    for game in [seed(&pieces), net(&pieces)] {
        let moves: Vec<String> = moves_from(&game, "B8")
            .into_iter()
            .filter(|m| m.starts_with("DB8-D6@"))
            .collect();
        assert_eq!(moves.len(), free_square_count(&game) + 2, "B8 and E5");
        let next = after(&game, "DB8-D6@E5");
        assert_eq!(next.holder(), Some(Army::Yellow), "Yellow holds it now");
        // "an extra turn after each other player's turn": Red's included.
        assert!(
            next.position().ends_with(" Y+R RBYG 1"),
            "{}",
            next.position()
        );
        assert_eq!(after(&next, "LE5-E4").to_move(), Army::Blue);
    }
}

#[test]
fn only_a_commanding_leader_is_put_on_the_labyrinth() {
    // Green's pieces are Yellow's (recovered after an encirclement), so
    // Green's live Leader does not command and may not hold the
    // Labyrinth: it is not put there either. Corpses never go there.
    let game = build(
        &Rules::default(),
        &[
            ("A9", "RL"),
            ("B8", "RD"),
            ("D6", "GL"),
            ("I9", "BL"),
            ("I1", "YL"),
            ("C9", "RM"),
            ("C7", "YM"),
        ],
        "R RBYY 0",
    );
    assert!(moves_from(&game, "B8").iter().all(|m| !m.ends_with("@E5")));
    assert!(moves_from(&game, "C9").iter().all(|m| !m.ends_with("@E5")));
}

#[test]
fn only_djambi_net_diplomats_enter_the_labyrinth_to_remove_its_leader() {
    let pieces = with_leaders(&[("A9", "RL"), ("E8", "RD"), ("E5", "BL"), ("I9", "Bm")]);
    assert!(
        moves_from(&seed(&pieces), "E8")
            .iter()
            .all(|m| !m.contains("-E5"))
    );
    let game = net(&pieces);
    let next = after(&game, "DE8-E5@A5>E7");
    assert_eq!(at(&next, "A5"), Some(Piece::live(Kind::Leader, Army::Blue)));
    assert_eq!(
        at(&next, "E7"),
        Some(Piece::live(Kind::Diplomat, Army::Red))
    );
    assert_eq!(at(&next, "E5"), None);
}

#[test]
fn the_necromobile_moves_corpses_only() {
    let game = seed(&with_leaders(&[
        ("A9", "RL"),
        ("C7", "RN"),
        ("C5", "Ym"),
        ("E7", "BM"),
    ]));
    let moves = moves_from(&game, "C7");
    assert!(moves.iter().any(|m| m == "NC7-C5@H2"));
    assert!(
        moves.iter().all(|m| !m.contains("-E7")),
        "a live enemy is not its business"
    );
    let next = after(&game, "NC7-C5@H2");
    assert_eq!(
        at(&next, "H2"),
        Some(Piece::live(Kind::Militant, Army::Yellow).killed())
    );
}

#[test]
fn a_necromobile_clears_a_corpse_from_the_labyrinth_and_flees() {
    let game = build(
        &Rules::default(),
        &with_leaders(&[("A9", "RL"), ("E8", "RN"), ("E5", "Bl"), ("I9", "Bm")]),
        "R RRYG 0",
    );
    let next = after(&game, "NE8-E5@A5>E8");
    assert_eq!(at(&next, "E5"), None);
    assert_eq!(
        at(&next, "A5"),
        Some(Piece::live(Kind::Leader, Army::Blue).killed())
    );
}

#[test]
fn killing_a_leader_hands_over_its_pieces_and_what_it_had_taken() {
    // Yellow already controls Green; Red kills Yellow's Leader.
    let game = build(
        &Rules::default(),
        &[
            ("A9", "RL"),
            ("A5", "YL"),
            ("I9", "BL"),
            ("C1", "GM"),
            ("A1", "Gl"),
            ("H1", "YM"),
        ],
        "R RBYY 0",
    );
    let next = after(&game, "LA9-A5x@B5");
    assert_eq!(next.controller(Army::Yellow), Some(Army::Red));
    assert_eq!(next.controller(Army::Green), Some(Army::Red));
    assert_eq!(
        next.to_move(),
        Army::Blue,
        "Yellow and Green no longer have turns"
    );
    let after_blue = after(&next, "LI9-I8");
    assert_eq!(after_blue.to_move(), Army::Red);
    assert!(
        moves_from(&after_blue, "H1").contains(&"MH1-H2".to_string()),
        "Red moves Yellow's Militant"
    );
}

#[test]
fn the_labyrinth_holder_plays_after_every_other_army() {
    let game = seed(&with_leaders(&[("A9", "RL"), ("C9", "RM")]));
    let mut game = after(&game, "LA9-E5");
    let mut order = Vec::new();
    for _ in 0..8 {
        order.push(game.to_move().letter());
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mv = moves
            .into_iter()
            .find(|mv| mv.from() != Some(LABYRINTH))
            .expect("a move that keeps the Labyrinth");
        game.play(mv).unwrap();
    }
    assert_eq!(order.iter().collect::<String>(), "BRYRGRBR");
    assert_eq!(game.to_move(), Army::Yellow);
}

#[test]
fn the_extra_turn_shows_in_the_position_and_round_trips() {
    let game = seed(&with_leaders(&[("A9", "RL")]));
    let game = after(&after(&game, "LA9-E5"), "LI9-I8");
    assert!(
        game.position().ends_with(" R+B RBYG 2"),
        "{}",
        game.position()
    );
    let back = Djambi::from_position(&Rules::default(), &game.position()).unwrap();
    assert_eq!(back, game);
}

#[test]
fn a_leader_walled_in_by_corpses_is_encircled_under_the_base_rule() {
    // Yellow's Leader in the I1 corner, walled by corpses on H1, H2, I2.
    let pieces = [
        ("A9", "RL"),
        ("I9", "BL"),
        ("A1", "GL"),
        ("I1", "YL"),
        ("H1", "Gm"),
        ("H2", "Gm"),
        ("H3", "Gm"),
        ("I3", "Ga"),
        ("I2", "YN"),
        ("D7", "RM"),
    ];
    // Yellow's Necromobile sits inside the pocket, so it could move a wall.
    let game = seed(&pieces);
    let next = after(&game, "MD7-D8");
    assert!(next.is_active(Army::Yellow));
    // Without the Necromobile inside, a Militant there smothers it.
    let mut walled = pieces.to_vec();
    walled[8] = ("I2", "YM");
    let next = after(&seed(&walled), "MD7-D8");
    assert!(!next.is_active(Army::Yellow), "{}", next.position());
    assert_eq!(
        next.controller(Army::Yellow),
        None,
        "waiting for the Labyrinth"
    );
    assert_eq!(next.quiet_turns(), 0, "an encirclement is a death");
    // The first Leader into the Labyrinth recovers them.
    let mut next = next;
    while next.to_move() != Army::Red {
        let mut moves = Vec::new();
        next.legal_moves(&mut moves);
        let mv = moves
            .into_iter()
            .find(|m| m.to() != Some(LABYRINTH))
            .unwrap();
        next.play(mv).unwrap();
    }
    let recovered = after(&next, "LA9-E5");
    assert_eq!(recovered.controller(Army::Yellow), Some(Army::Red));
}

#[test]
fn variant_one_spares_a_side_with_a_necromobile_anywhere() {
    let pieces = [
        ("A9", "RL"),
        ("I9", "BL"),
        ("A1", "GL"),
        ("I1", "YL"),
        ("H1", "Gm"),
        ("H2", "Gm"),
        ("H3", "Gm"),
        ("I3", "Ga"),
        ("I2", "YM"),
        ("D7", "RM"),
        ("E2", "YN"),
    ];
    let base = after(&seed(&pieces), "MD7-D8");
    assert!(
        !base.is_active(Army::Yellow),
        "the base rule ignores a distant Necromobile"
    );
    let rules = Rules {
        encirclement: Some(Encirclement::NoNecromobile),
        ..Rules::default()
    };
    let variant = after(&build(&rules, &pieces, "R RBYG 0"), "MD7-D8");
    assert!(variant.is_active(Army::Yellow));
}

#[test]
fn variant_two_encircles_a_leader_cut_off_from_the_labyrinth() {
    // Yellow's Leader has room to move but a wall of corpses from G1 to I3
    // cuts it off from the centre.
    let pieces = [
        ("A9", "RL"),
        ("I9", "BL"),
        ("A1", "GL"),
        ("H1", "YL"),
        ("G1", "Gm"),
        ("G2", "Gm"),
        ("G3", "Ga"),
        ("H3", "Gr"),
        ("I3", "Gd"),
        ("D7", "RM"),
    ];
    let base = after(&seed(&pieces), "MD7-D8");
    assert!(
        base.is_active(Army::Yellow),
        "it can still move: not smothered"
    );
    let rules = Rules {
        encirclement: Some(Encirclement::Labyrinth),
        ..Rules::default()
    };
    let variant = after(&build(&rules, &pieces, "R RBYG 0"), "MD7-D8");
    assert!(!variant.is_active(Army::Yellow));
}

#[test]
fn with_two_sides_left_variant_two_applies_automatically() {
    let pieces = [
        ("A9", "RL"),
        ("H1", "YL"),
        ("G1", "Rm"),
        ("G2", "Rm"),
        ("G3", "Rm"),
        ("H3", "Ra"),
        ("I3", "Rr"),
        ("D7", "RM"),
        ("A1", "Gl"),
        ("I9", "Bl"),
    ];
    let game = build(&Rules::default(), &pieces, "R RRYR 0");
    let next = after(&game, "MD7-D8");
    assert_eq!(next.end(), Some(End::Won { winner: Seat(0) }));
    assert_eq!(next.outcome().unwrap().winner(), Some(Seat(0)));
}

#[test]
fn the_game_ends_when_one_side_is_left() {
    let game = build(
        &Rules::default(),
        &[("A9", "RL"), ("A5", "YL"), ("A1", "Gl"), ("I9", "Bl")],
        "R RRYR 0",
    );
    let next = after(&game, "LA9-A5x@B5");
    assert_eq!(next.to_decide(), None);
    let mut moves = Vec::new();
    next.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(next.outcome().unwrap().winner(), Some(Seat(0)));
}

#[test]
fn quiet_turns_end_the_game_in_a_draw_between_the_sides_in_play() {
    let rules = Rules {
        quiet_turns: 3,
        ..Rules::default()
    };
    let game = build(&rules, &with_leaders(&[("A9", "RL")]), "R RBYG 0");
    let game = after(&after(&after(&game, "LA9-A8"), "LI9-I8"), "LI1-I2");
    let outcome = game.outcome().expect("over after three quiet turns");
    assert!(
        outcome
            .results
            .iter()
            .all(|(_, r)| *r == crate::SeatResult::Draw)
    );
}

#[test]
fn two_players_each_command_two_armies_in_turn_order() {
    let game = Djambi::new_game(&Rules::two_players(), &mut rand::rng());
    assert_eq!(game.seat_count(), 2);
    assert_eq!(game.seat_name(Seat(0)), "red-blue");
    let mut game = game;
    let mut seats = Vec::new();
    for mv in ["NC7-D6", "NG7-F6", "NG3-F4", "NC3-D4"] {
        seats.push(game.to_decide());
        game = after(&game, mv);
    }
    let s = |n| Some(Decider::Seat(Seat(n)));
    assert_eq!(seats, [s(0), s(0), s(1), s(1)]);
}

#[test]
fn allies_never_kill_each_other_in_the_two_player_game() {
    let rules = Rules::two_players();
    let game = build(
        &rules,
        &with_leaders(&[("A9", "RL"), ("A5", "BM")]),
        "R RBYG 0",
    );
    assert!(moves_from(&game, "A9").iter().all(|m| !m.contains("-A5")));
    let four = seed(&with_leaders(&[("A9", "RL"), ("A5", "BM")]));
    assert!(
        moves_from(&four, "A9")
            .iter()
            .any(|m| m.starts_with("LA9-A5x"))
    );
}

#[test]
fn an_army_without_a_move_passes() {
    let game = seed(&with_leaders(&[
        ("A9", "RL"),
        ("A8", "Gm"),
        ("B8", "Gm"),
        ("B9", "Gm"),
    ]));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves, [Move::PASS]);
    assert_eq!(game.move_notation(Move::PASS), "pass");
    let next = after(&game, "pass");
    assert_eq!(next.to_move(), Army::Blue);
}

#[test]
fn notation_round_trips_for_every_legal_move() {
    let game = net(&with_leaders(&[
        ("A9", "RL"),
        ("E8", "RD"),
        ("E5", "BL"),
        ("I9", "Bm"),
        ("A6", "RR"),
        ("C5", "BM"),
        ("B9", "RA"),
        ("C7", "RN"),
        ("C6", "Gm"),
    ]));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.len() > 1000, "{}", moves.len());
    for mv in moves {
        let text = game.move_notation(mv);
        assert_eq!(game.parse_move(&text), Ok(mv), "{text}");
        assert_eq!(game.parse_move(&text.to_lowercase()), Ok(mv), "{text}");
    }
}

#[test]
fn a_wrong_kind_letter_is_refused() {
    let game = Djambi::new_game(&Rules::default(), &mut rand::rng());
    let error = game.parse_move("LC7-D6").unwrap_err();
    assert!(error.expected.contains("Necromobile"), "{error}");
    assert!(game.parse_move("C7-D6").is_ok());
}

#[test]
fn bad_moves_say_what_is_accepted() {
    let game = Djambi::new_game(&Rules::default(), &mut rand::rng());
    for text in [
        "",
        "C7",
        "C7-",
        "C7-Z9",
        "C7-D6@",
        "C7-D6x@E4@F4",
        "C7-D6>",
        "C7-D6 junk",
        "ÉC7-D6",
    ] {
        let error = game.parse_move(text).unwrap_err();
        assert!(error.expected.contains("like"), "{text}: {error}");
    }
    let mut game = game;
    assert!(matches!(
        game.play_notation("NC7-E5"),
        Err(PlayError::Illegal(_))
    ));
}

#[test]
fn bad_positions_name_the_problem() {
    let cases = [
        ("9/9/9/9/9/9/9/9 R RBYG 0", "9 rows"),
        ("RL8/9/9/9/9/9/9/9/9 R RBYG 0", "Leader"),
        ("RL8/9/9/9/4BM4/9/9/9/YL8 R R-Y- 0", "Labyrinth"),
        ("RL8/9/9/9/9/9/9/9/8 R RBYG 0", "row 9"),
        ("RX8/9/9/9/9/9/9/9/9 R RBYG 0", "kind letter"),
        ("RL8/9/9/9/9/9/9/9/9 Q RBYG 0", "army letter"),
        ("RL8/9/9/9/9/9/9/9/9 R RB 0", "4 letters"),
        ("RL8/9/9/9/9/9/9/9/9 R R--- x", "quiet"),
        ("RL8/9/9/9/9/9/9/9/9 R+B R--- 0", "extra turn"),
        ("RL8/9/9/9/9/9/9/9/9 R RB-- 0", "blue"),
    ];
    for (text, needle) in cases {
        let error = Djambi::from_position(&Rules::default(), text).unwrap_err();
        assert!(error.message.contains(needle), "{text}: {error}");
    }
}

#[test]
fn rules_are_checked() {
    let bad = Rules {
        players: 3,
        ..Rules::default()
    };
    assert!(Djambi::check_rules(&bad).is_err());
    let json = serde_json::to_value(Rules::default()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"players": 4, "ruleset": "seed", "quiet_turns": 200})
    );
    let net: Rules = serde_json::from_value(serde_json::json!({"ruleset": "djambi-net"})).unwrap();
    assert_eq!(net.reporter_kill(), ReporterKill::Compulsory);
    assert_eq!(net.encirclement(), Encirclement::Labyrinth);
}
