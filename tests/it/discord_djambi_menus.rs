//! A community game of four-player Djambi against the real `holotable bot`
//! through the local Discord stand-in, down the ballot's longest menu path.
//! A Djambi kill or relocation is one move per square the victim can be
//! put on, so one piece can have more moves than a message of menus holds;
//! its menu then offers destinations, and a destination the whole moves
//! going there. The menu layout is unit-tested in src/discord/layout/ballots.rs;
//! this checks the clicks: custom ids, the replies, the vote, the close.

use crate::support::discord_bot::{
    DJAMBI, assert_clean, next_ballot, reply_message, start_game_of, start_standin_and_bot,
    vote_options, voter, wait_text,
};
use crate::support::discord_standin::{Posted, StandIn, User};

use holotable::games::Game;
use holotable::games::djambi::{Djambi, Rules};
use rand::SeedableRng;
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Five menus of 25 options (Discord's limits): a piece with more moves
/// than this gets the destination step.
const ONE_MESSAGE: usize = 125;

/// Red's ballots before one of its pieces overflows a message depend on
/// the random engine's replies; simulated over 40 seeds with the
/// preparation below, it took 2 to 7 (3 most often).
const MAX_BALLOTS: usize = 10;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_djambi_vote_goes_through_piece_destination_and_whole_move() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    start_game_of(&standin, DJAMBI, "2s").await;
    wait_text(&standin, "A new game of Djambi begins").await;

    // Red votes, a move a ballot, for lines onto enemy pieces until one of
    // its pieces has more moves than one message of menus.
    let mut seen = HashSet::new();
    let mut first: Option<Posted> = None;
    let (ballot, game, piece) = loop {
        let ballot = next_ballot(&standin, &seen)
            .await
            .expect("Red is still in the game");
        seen.insert(ballot.id);
        assert!(
            seen.len() <= MAX_BALLOTS,
            "no Red piece overflowed a message within {MAX_BALLOTS} ballots"
        );
        let game = replay(&standin, &ballot);
        let (piece, count) = richest_piece(&game);
        if count > ONE_MESSAGE {
            break (ballot, game, piece);
        }
        first.get_or_insert_with(|| ballot.clone());
        let mv = preparation(&game);
        let id = standin.slash(&voter(1), "vote", vote_options(&mv), 2);
        let text = standin.answer(id).await.text().unwrap_or_default();
        assert_eq!(voted_for(&text), Some(mv.as_str()), "{text}");
    };
    let legal = notations(&game);

    // A step on a closed ballot's message opens nothing while a newer
    // ballot is open.
    let first = first.expect("the start has no kill, so one ballot prepared");
    let (_, old_piece) = first
        .menu_options()
        .into_iter()
        .find(|(id, _)| id.starts_with("hp:"))
        .expect("the first ballot has a piece menu");
    let refused = click(&standin, &voter(2), &first, "hp:", &old_piece).await;
    assert_eq!(refused, "Voting on that ballot has closed.");

    // Step 1: the piece. Its moves overflow, so its menus are destinations.
    let answer = standin
        .answer(pick(&standin, &voter(1), &ballot, "hp:", &piece))
        .await;
    assert!(answer.ephemeral());
    assert_eq!(
        answer.text().unwrap_or_default(),
        format!("Moves of {piece}:")
    );
    let destinations = reply_message(&answer);
    let options = destinations.menu_options();
    let this_ballot = ballot_key(&pick_id(&ballot, "hp:", &piece));
    assert!(
        options
            .iter()
            .all(|(id, _)| id.starts_with("hd:") && ballot_key(id) == this_ballot),
        "{this_ballot}: {options:?}"
    );
    let of_piece: BTreeSet<&String> = legal.iter().filter(|mv| piece_of(mv) == piece).collect();
    let reached: BTreeSet<&String> = of_piece
        .iter()
        .copied()
        .filter(|mv| options.iter().any(|(_, to)| goes_to(mv, to)))
        .collect();
    assert_eq!(
        reached, of_piece,
        "every move of {piece} has its destination"
    );

    // Step 2: the destination of a move with a follow-up (where the victim
    // or its corpse goes); the last such, so not simply the first option.
    let wanted = of_piece
        .iter()
        .rev()
        .find(|mv| mv.contains('@'))
        .expect("an overflowing piece places its victims");
    let to: Vec<&String> = options
        .iter()
        .map(|(_, to)| to)
        .filter(|to| goes_to(wanted, to))
        .collect();
    assert_eq!(to.len(), 1, "one destination for {wanted}: {to:?}");
    let to = to[0].clone();
    let answer = standin
        .answer(pick(&standin, &voter(1), &destinations, "hd:", &to))
        .await;
    assert_eq!(answer.text().unwrap_or_default(), format!("Moves of {to}:"));
    let moves = reply_message(&answer);
    let options = moves.menu_options();
    assert!(
        options
            .iter()
            .all(|(id, _)| id.starts_with("hv:") && ballot_key(id) == this_ballot),
        "{this_ballot}: {options:?}"
    );
    let offered: BTreeSet<&String> = options.iter().map(|(_, mv)| mv).collect();
    let going: BTreeSet<&String> = legal.iter().filter(|mv| goes_to(mv, &to)).collect();
    assert_eq!(offered, going, "the moves to {to}, no more, no fewer");

    // Step 3: the whole move.
    let text = click(&standin, &voter(1), &moves, "hv:", wanted).await;
    assert_eq!(voted_for(&text), Some(wanted.as_str()), "{text}");
    wait_text(
        &standin,
        &format!("The community played {wanted} (1 of 1 vote)."),
    )
    .await;

    // Every step of the closed ballot is refused, and nothing reaches the
    // ballot that opens next.
    let next = next_ballot(&standin, &seen).await;
    for (message, kind, value) in [
        (&ballot, "hp:", piece.as_str()),
        (&destinations, "hd:", to.as_str()),
        (&moves, "hv:", wanted.as_str()),
    ] {
        let text = click(&standin, &voter(3), message, kind, value).await;
        assert!(text.contains("closed"), "{kind} {value}: {text}");
    }
    // And a menu id that names no ballot is refused, not guessed at.
    let garbled = standin.pick(&voter(3), &moves, "hd:x:1:0", &to);
    let text = standin.answer(garbled).await.text().unwrap_or_default();
    assert!(text.contains("use `/vote`"), "{text}");
    if next.is_some() {
        let id = standin.slash(
            &voter(3),
            "community",
            json!([{ "name": "status", "type": 1, "options": [] }]),
            2,
        );
        let status = standin.answer(id).await.text().unwrap_or_default();
        assert!(status.contains("legal moves, 0 votes"), "{status}");
    }
    eprintln!(
        "{piece}: {} moves at ballot {}; voted {wanted} through {to}",
        of_piece.len(),
        seen.len()
    );
    assert_clean(&standin);
}

/// Picks `value` in the menu of `message` whose custom id starts with
/// `kind`; returns the interaction's id.
fn pick(standin: &StandIn, user: &User, message: &Posted, kind: &str, value: &str) -> u64 {
    standin.pick(user, message, &pick_id(message, kind, value), value)
}

/// The custom id of the menu of `message` that starts with `kind` and
/// offers `value`.
fn pick_id(message: &Posted, kind: &str, value: &str) -> String {
    message
        .menu_options()
        .into_iter()
        .find(|(id, option)| id.starts_with(kind) && option == value)
        .map(|(id, _)| id)
        .unwrap_or_else(|| panic!("no {kind} menu offers {value}: {message:?}"))
}

/// The ballot a menu id names: `GAME:PLY` of `KIND:GAME:PLY:INDEX`.
fn ballot_key(custom_id: &str) -> String {
    custom_id
        .split(':')
        .skip(1)
        .take(2)
        .collect::<Vec<_>>()
        .join(":")
}

/// The move a vote's receipt names ("You voted for X." or "You voted for
/// X (option 3).").
fn voted_for(text: &str) -> Option<&str> {
    text.strip_prefix("You voted for ")?
        .split([' ', '.'])
        .next()
}

/// As [`pick`], and the text of the (ephemeral) answer.
async fn click(
    standin: &StandIn,
    user: &User,
    message: &Posted,
    kind: &str,
    value: &str,
) -> String {
    let answer = standin
        .answer(pick(standin, user, message, kind, value))
        .await;
    assert!(answer.ephemeral(), "{answer:?}");
    answer.text().unwrap_or_default()
}

/// The game as the channel saw it before `ballot`: every move the
/// community played and every reply the bot announced, in order. Checked
/// against the ballot's move number and the board's count of legal moves.
fn replay(standin: &StandIn, ballot: &Posted) -> Djambi {
    let mut game = Djambi::new_game(
        &Rules::default(),
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(0),
    );
    let mut plies = 0;
    let messages = standin.messages();
    for message in &messages {
        let text = &message.content;
        let moves: Vec<&str> = if let Some(rest) = text.strip_prefix("The community played ") {
            rest.split(" (").take(1).collect()
        } else if let Some(rest) = text.strip_prefix("I reply ") {
            let replies = rest.split(". ").next().unwrap_or_default();
            replies.split(", then ").collect()
        } else {
            continue;
        };
        for mv in moves {
            game.play_notation(mv)
                .unwrap_or_else(|e| panic!("announced {mv} does not play: {e}"));
            plies += 1;
        }
    }
    let number = ballot
        .content
        .strip_prefix("**Move ")
        .and_then(|rest| rest.split("**").next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("a ballot names its move: {}", ballot.content));
    assert_eq!(plies + 1, number, "every move was announced");
    let board = format!("Ballot for move {number}: ");
    let count = messages
        .iter()
        .find_map(|m| m.content.split_once(&board))
        .and_then(|(_, rest)| rest.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("a board for move {number}"));
    assert_eq!(notations(&game).len(), count, "the replay is in step");
    game
}

fn notations(game: &Djambi) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|mv| game.move_notation(mv)).collect()
}

/// The piece a move belongs to: the notation before its `-`
/// (docs/rules/djambi.md).
fn piece_of(mv: &str) -> &str {
    mv.split('-').next().unwrap_or(mv)
}

/// Whether `mv` goes to `destination` (a piece, `-`, a square): the same
/// text, then nothing or a follow-up, not more digits of another square.
fn goes_to(mv: &str, destination: &str) -> bool {
    mv.strip_prefix(destination)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
}

/// The piece with the most legal moves, and how many.
fn richest_piece(game: &Djambi) -> (String, usize) {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for mv in notations(game) {
        *counts.entry(piece_of(&mv).to_string()).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|(_, count)| *count)
        .unwrap_or_default()
}

/// The Red move after which one Red piece would have the most moves if
/// Red moved again at once: it opens lines onto enemy pieces, whatever
/// the engine's armies do in between.
fn preparation(game: &Djambi) -> String {
    let mut best: Option<(usize, String)> = None;
    for mv in notations(game) {
        let mut next = game.clone();
        next.play_notation(&mv).expect("a legal move plays");
        let count = red_again(&next).map_or(0, |g| richest_piece(&g).1);
        if best.as_ref().is_none_or(|(most, _)| count > *most) {
            best = Some((count, mv));
        }
    }
    best.expect("Red has a move").1
}

/// `game` with Red to move (the position's turn field set to `R`).
fn red_again(game: &Djambi) -> Option<Djambi> {
    let position = game.position();
    let mut fields: Vec<&str> = position.split(' ').collect();
    *fields.get_mut(1)? = "R";
    Djambi::from_position(game.rules(), &fields.join(" ")).ok()
}
