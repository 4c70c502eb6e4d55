use super::*;

use crate::pairing::testing::{e, fixture};

fn played(first: u16, second: u16, outcome: Outcome) -> GameResult {
    GameResult {
        fixture: fixture(first, second),
        finish: Finish::Played(outcome),
    }
}

#[test]
fn a_tie_is_playing_until_its_games_end_then_won_or_level() {
    let pairing = fixture(0, 1);
    let two = GamesPerPairing::Two;
    let won = played(0, 1, Outcome::FirstWon);
    assert_eq!(TieState::of(pairing, two, &[]), Ok(TieState::Playing));
    assert_eq!(TieState::of(pairing, two, &[won]), Ok(TieState::Playing));
    // Entrant 1 wins the return game with the first colour: level.
    let returned = played(1, 0, Outcome::FirstWon);
    assert_eq!(
        TieState::of(pairing, two, &[won, returned]),
        Ok(TieState::Level)
    );
    let drawn = played(1, 0, Outcome::Drawn);
    assert_eq!(
        TieState::of(pairing, two, &[won, drawn]),
        Ok(TieState::Won(e(0)))
    );
    assert_eq!(
        TieState::of(
            pairing,
            GamesPerPairing::One,
            &[played(0, 1, Outcome::SecondWon)]
        ),
        Ok(TieState::Won(e(1)))
    );
    assert_eq!(
        TieState::of(pairing, two, &[won, played(0, 2, Outcome::Drawn)]),
        Err(KnockoutError::OtherGame {
            fixture: fixture(0, 2)
        })
    );
}

/// A side that won the first game and then left forfeits the second: one
/// game each, but the side still in the league goes through, at once.
#[test]
fn a_forfeit_loses_the_tie_even_when_the_points_are_level() {
    let pairing = fixture(0, 1);
    let forfeit = GameResult {
        fixture: fixture(1, 0),
        finish: Finish::Forfeited { by: Colour::Second },
    };
    assert_eq!(
        TieState::of(
            pairing,
            GamesPerPairing::Two,
            &[played(0, 1, Outcome::FirstWon), forfeit]
        ),
        Ok(TieState::Won(e(1)))
    );
    assert_eq!(
        TieState::of(pairing, GamesPerPairing::Two, &[forfeit]),
        Ok(TieState::Won(e(1))),
        "without waiting for the other game"
    );
}

#[test]
fn a_deciding_game_draws_colours_from_its_seed_and_a_draw_sends_the_second_through() {
    let pairing = fixture(4, 9);
    let draws: Vec<Fixture> = (0..64).map(|s| deciding_game(pairing, s)).collect();
    assert!(draws.contains(&pairing) && draws.contains(&pairing.swapped()));
    assert_eq!(deciding_game(pairing, 17), deciding_game(pairing, 17));
    let firsts = draws.iter().filter(|&&d| d == pairing).count();
    assert!(
        (16..=48).contains(&firsts),
        "{firsts} of 64 keep the colours"
    );

    let decider = pairing.swapped();
    assert_eq!(
        decider_winner(decider, Finish::Played(Outcome::Drawn)),
        e(4)
    );
    assert_eq!(
        decider_winner(decider, Finish::Played(Outcome::FirstWon)),
        e(9)
    );
    assert_eq!(
        decider_winner(decider, Finish::Played(Outcome::SecondWon)),
        e(4)
    );
    assert_eq!(
        decider_winner(decider, Finish::Forfeited { by: Colour::Second }),
        e(9)
    );
}

/// A deciding game passed with the pairing's games by mistake, or one game
/// recorded twice, is refused rather than counted.
#[test]
fn more_results_than_the_pairing_plays_or_one_colour_twice_are_refused() {
    let pairing = fixture(0, 1);
    let won = played(0, 1, Outcome::FirstWon);
    let back = played(1, 0, Outcome::Drawn);
    assert_eq!(
        TieState::of(pairing, GamesPerPairing::One, &[won, back]),
        Err(KnockoutError::TooManyGames { games: 1, got: 2 })
    );
    assert_eq!(
        TieState::of(pairing, GamesPerPairing::Two, &[won, back, won]),
        Err(KnockoutError::TooManyGames { games: 2, got: 3 })
    );
    assert_eq!(
        TieState::of(pairing, GamesPerPairing::Two, &[won, won]),
        Err(KnockoutError::ColoursTwice(pairing))
    );
}
