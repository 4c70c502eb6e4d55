//! Ballots and boards that explain themselves, through the real `holotable
//! bot` and the local Discord stand-in: what a member reads. The start text
//! says what the ballot is; a closed menu ballot shows its result; a ballot
//! of a multi-part turn says which part it decides; every image carries alt
//! text (the stand-in rejects an attachment without a `description`, see
//! `support/discord_standin/rest.rs`); a game started with `side:black`
//! opens with the engine's move; a `ballot:poll` game with more than ten
//! legal moves takes votes from the poll and from `/vote` alike.

use crate::support::discord_bot::{
    Bot, STEP, admin, assert_clean, next_ballot, start_standin_and_bot, vote_options, voter,
    wait_text,
};
use crate::support::discord_standin::{Posted, StandIn};

use serde_json::{Value, json};
use std::collections::HashSet;

const SPACE_CHECKERS: u64 = 0;
const DJAMBI_TWO_PLAYERS: u64 = 4;
const BLACK: u64 = 1;
const ALTERNATE: u64 = 2;
const POLL: u64 = 1;
/// Discord's limit for an attachment's description.
const MAX_ALT_TEXT: usize = 1024;

/// `/community start` with the random engine and the given choices.
fn start_options(game: u64, vote: &str, extra: &[(&str, u64)]) -> Value {
    let mut options = vec![
        json!({ "name": "game", "type": 4, "value": game }),
        json!({ "name": "vote", "type": 3, "value": vote }),
        json!({ "name": "level", "type": 4, "value": 0 }),
    ];
    options.extend(
        extra
            .iter()
            .map(|(name, value)| json!({ "name": name, "type": 4, "value": value })),
    );
    json!([{ "name": "start", "type": 1, "options": options }])
}

/// The real bot (with `env`) against a fresh stand-in, and a community
/// game started with `options`: what each test needs, and the game's
/// opening announcement.
struct Started {
    standin: StandIn,
    announcement: Posted,
    /// Bind it by name, not `..`: dropping it kills the bot.
    _bot: Bot,
    _dir: tempfile::TempDir,
}

async fn start_game(env: &[(&str, &str)], options: Value) -> Started {
    let dir = tempfile::tempdir().unwrap();
    let (standin, bot) = start_standin_and_bot(dir.path(), env).await;
    let id = standin.slash(&admin(), "community", options, 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("started"), "{text}");
    let announcement = wait_text(&standin, "A new game of").await;
    Started {
        standin,
        announcement,
        _bot: bot,
        _dir: dir,
    }
}

/// The one board image of a message, with its alt text.
fn alt_text(message: &Posted) -> String {
    assert_eq!(message.images.len(), 1, "{message:?}");
    let text = message.images[0]
        .description
        .clone()
        .expect("every board carries alt text");
    assert!(text.chars().count() <= MAX_ALT_TEXT);
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_menu_ballot_shows_the_move_its_votes_and_the_reply() {
    let menus_only = [("HOLOTABLE_POLL_MIN_SECS", "100000")];
    let Started {
        standin,
        announcement: started,
        _bot,
        _dir,
    } = start_game(&menus_only, start_options(SPACE_CHECKERS, "6s", &[])).await;
    insta::assert_snapshot!(started.content, @"A new game of Space Checkers begins! The community plays white; I play black (level random). Each move gets a ballot: a poll when every legal move fits in one, otherwise menus to pick from; `/vote` works for any legal move.");

    let board = wait_text(&standin, "Ballot for move 1").await;
    let alt = alt_text(&board);
    assert!(
        alt.starts_with("Space Checkers. Move 1, White to move. Numbered options: 1, "),
        "{alt}"
    );
    assert!(alt.contains("White discs on A1, A2, A11 and A12."), "{alt}");
    assert!(alt.contains("Black discs on A5, A6, A7 and A8."), "{alt}");

    let ballot = next_ballot(&standin, &HashSet::new()).await.unwrap();
    assert!(ballot.poll.is_none(), "menus only");
    let (menu, mv) = ballot.menu_options()[0].clone();
    let id = standin.pick(&voter(1), &ballot, &menu, &mv);
    standin.answer(id).await;
    let second = wait_text(&standin, "Ballot for move 3").await;
    let closed = standin
        .messages()
        .into_iter()
        .find(|m| m.id == ballot.id)
        .unwrap();
    let head =
        format!("**Move 1**: voting has closed. The community played {mv} (1 of 1 vote). I reply ");
    assert!(closed.content.starts_with(&head), "{}", closed.content);
    let reply = closed.content[head.len()..].trim_end_matches('.');
    assert!(
        second.content.starts_with(&format!("I reply {reply}. ")),
        "{}",
        second.content
    );
    assert!(closed.menu_options().is_empty(), "the menu came down");
    // The next board says the last move in words too.
    let alt = alt_text(&second);
    assert!(
        alt.starts_with(&format!(
            "Space Checkers. Move 3, White to move. Last move: {reply}. Numbered options: 1, "
        )),
        "{alt}"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn side_black_lets_the_engine_open_and_the_blog_says_so() {
    let Started {
        standin,
        announcement: started,
        _bot,
        _dir,
    } = start_game(
        &[],
        start_options(SPACE_CHECKERS, "30s", &[("side", BLACK)]),
    )
    .await;
    assert!(
        started.content.contains("The community plays black;"),
        "{}",
        started.content
    );
    let board = wait_text(&standin, "Ballot for move 2").await;
    let opening = board
        .content
        .strip_prefix("I reply ")
        .and_then(|rest| rest.split_once(". Ballot for move 2: "))
        .map(|(mv, _)| mv.to_string())
        .unwrap_or_else(|| panic!("the engine's opening first: {}", board.content));
    assert!(opening.starts_with('A'), "a white disc moved: {opening}");
    let alt = alt_text(&board);
    assert!(
        alt.starts_with(&format!(
            "Space Checkers. Move 2, Black to move. Last move: {opening}."
        )),
        "{alt}"
    );
    let messages = standin.messages();
    assert!(
        !messages
            .iter()
            .any(|m| m.content.contains("Ballot for move 1")),
        "the community never votes on white's move"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn side_alternate_swaps_the_communitys_side_with_each_new_game() {
    let Started {
        standin,
        announcement: first,
        _bot,
        _dir,
    } = start_game(
        &[],
        start_options(SPACE_CHECKERS, "30s", &[("side", ALTERNATE)]),
    )
    .await;
    assert!(
        first.content.contains("The community plays white;"),
        "{}",
        first.content
    );
    wait_text(&standin, "Ballot for move 1").await;
    let id = standin.slash(
        &admin(),
        "community",
        json!([{ "name": "stop", "type": 1, "options": [] }]),
        2,
    );
    let stopped = standin.answer(id).await.text().unwrap_or_default();
    assert!(stopped.ends_with("stopped."), "{stopped}");
    let id = standin.slash(
        &admin(),
        "community",
        start_options(SPACE_CHECKERS, "30s", &[("side", ALTERNATE)]),
        2,
    );
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("started"), "{text}");
    let second = wait_text(&standin, "The community plays black;").await;
    assert!(
        second
            .content
            .starts_with("A new game of Space Checkers begins!")
    );
    let board = wait_text(&standin, "Ballot for move 2").await;
    assert!(
        board.content.starts_with("I reply A"),
        "the engine opens with a white disc: {}",
        board.content
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poll_ballot_of_many_moves_counts_poll_and_command_votes_alike() {
    let Started {
        standin,
        announcement: started,
        _bot,
        _dir,
    } = start_game(
        &[],
        start_options(DJAMBI_TWO_PLAYERS, "8s", &[("ballot", POLL)]),
    )
    .await;
    assert!(
        started
            .content
            .ends_with("Each move gets a poll of the numbered options; `/vote` works for any legal move, in the poll or not."),
        "{}",
        started.content
    );
    // Two-player Djambi: the ballot says which of the seat's armies moves.
    let board = wait_text(&standin, "Ballot for move 1").await;
    let legal: usize = board
        .content
        .split_once("Ballot for move 1 (the red army's move): ")
        .and_then(|(_, rest)| rest.split_once(" legal moves."))
        .and_then(|(count, _)| count.parse().ok())
        .unwrap_or_else(|| panic!("{}", board.content));
    assert!(legal > 10, "{legal} legal moves");
    assert!(alt_text(&board).starts_with("Djambi. Red to move, Red and blue."));

    let ballot = next_ballot(&standin, &HashSet::new()).await.unwrap();
    let answers = ballot.poll_answers();
    assert_eq!(answers.len(), 10, "a poll of the featured options");
    assert!(
        ballot.content.starts_with(&format!(
            "Vote in the poll for a numbered option, or with `/vote` for any of the {legal} legal moves."
        )),
        "{}",
        ballot.content
    );
    let first = answers[0].split_once(". ").unwrap().1.to_string();
    standin.poll_vote(&voter(1), &ballot, 1, true, true);
    standin.poll_vote(&voter(2), &ballot, 1, true, true);
    // A move that is in no poll answer, by command.
    let featured: Vec<&str> = answers
        .iter()
        .map(|a| a.split_once(". ").unwrap().1)
        .collect();
    let other = other_legal_move(&featured);
    let id = standin.slash(&voter(3), "vote", vote_options(&other), 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("You voted for"), "{text}");
    standin
        .wait_for(STEP, "the poll's move to win 2 of 3", |s| {
            s.messages()
                .iter()
                .any(|m| {
                    m.content
                        .contains(&format!("The community played {first} (2 of 3 votes)"))
                })
                .then_some(())
        })
        .await;
    assert_clean(&standin);
}

/// A legal first move of Red in two-player Djambi that is not featured.
fn other_legal_move(featured: &[&str]) -> String {
    use holotable::games::Game;
    use holotable::games::djambi::{Djambi, Rules};
    let rules = Rules {
        players: 2,
        ..Rules::default()
    };
    let game = Djambi::new_game(&rules, &mut rand::rng());
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| game.move_notation(mv))
        .find(|mv| !featured.contains(&mv.as_str()))
        .expect("more legal moves than poll answers")
}
