//! Making puzzles: the engine plays itself at mixed levels, with a random
//! move now and then for variety, and every position past the opening is
//! asked whether it is a puzzle ([`super::analyse`]). A line goes on for a
//! second and third step while the answer there is unique too.
//!
//! The result depends on the seed alone, not on the thread count: games
//! are numbered, each game's puzzles come from its number, games are
//! played in whole batches, and the puzzles are taken in game order (new
//! positions only, and no more than the game's share of easy ones) until
//! there are enough.

use super::analyse;
use super::settings::Settings;
use super::{Difficulty, Puzzle, Step};
use crate::engine::{Budget, Engine, Evaluate, Level, mix_key};
use crate::{AnyGame, Decider, GameKind, Seat, with_game};
use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Puzzles taken from one game at most: more would be variations of one
/// middle game.
const PER_GAME: usize = 3;

/// Plies after a puzzle before the next position of the same game is
/// looked at: the next few are usually the same idea again.
const COOLDOWN: usize = 6;

/// A self-play game ends here if the rules have not ended it.
const MAX_PLIES: usize = 160;

/// How often a self-play move is a random one instead of the engine's.
const RANDOM_MOVE: f64 = 0.1;

/// Nodes a self-play move may spend (no clock: the games replay from the
/// seed).
const PLAY_NODES: u64 = 5_000;

/// Games played between two looks at what has been found: a batch is
/// played in full whatever the thread count, so the result depends on the
/// seed alone.
const BATCH: usize = 32;

/// `count` new puzzles of `kind` (fewer only if many thousand games yield
/// too few), made on `threads` threads, numbered `<game>-0001` on. Calls
/// `progress` with the number found so far.
pub fn generate(
    kind: GameKind,
    count: usize,
    seed: u64,
    threads: usize,
    progress: impl Fn(usize) + Sync,
) -> Vec<Puzzle> {
    let most_games = count.saturating_mul(200).max(1_000);
    let mut games: Vec<Vec<Puzzle>> = Vec::new();
    loop {
        let (chosen, full) = select(&games, count, Settings::of(kind).easy_share);
        progress(chosen.len());
        if full || games.len() >= most_games {
            let mut puzzles = chosen;
            if !full {
                fill(&mut puzzles, &games, count);
            }
            for puzzle in &mut puzzles {
                puzzle.id = puzzle.stable_id();
                shuffle_candidates(puzzle);
            }
            return puzzles;
        }
        let first = games.len();
        games.extend(play_batch(kind, seed, first..first + BATCH, threads));
    }
}

/// Plays the games numbered `range` on `threads` threads, in order.
fn play_batch(
    kind: GameKind,
    seed: u64,
    range: std::ops::Range<usize>,
    threads: usize,
) -> Vec<Vec<Puzzle>> {
    let next = AtomicUsize::new(range.start);
    let done: Mutex<Vec<(usize, Vec<Puzzle>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= range.end {
                        break;
                    }
                    let puzzles = from_self_play(kind, seed, index);
                    done.lock()
                        .expect("no worker panics holding the lock")
                        .push((index, puzzles));
                }
            });
        }
    });
    let mut done = done.into_inner().expect("the workers are done");
    done.sort_by_key(|&(index, _)| index);
    done.into_iter().map(|(_, puzzles)| puzzles).collect()
}

/// The puzzles taken, in game order, without repeated positions, and with
/// at most `easy_share` of them easy (greedy finds those; the days should
/// not all be easy). Whether all `count` are there.
fn select(games: &[Vec<Puzzle>], count: usize, easy_share: f64) -> (Vec<Puzzle>, bool) {
    let most_easy = (count as f64 * easy_share).ceil() as usize;
    let mut seen = HashSet::new();
    let mut easy = 0;
    let mut chosen = Vec::new();
    for puzzle in games.iter().flatten() {
        if chosen.len() == count {
            break;
        }
        if puzzle.difficulty == Difficulty::Easy {
            if easy == most_easy {
                continue;
            }
            easy += 1;
        }
        if seen.insert(puzzle.position.clone()) {
            chosen.push(puzzle.clone());
        } else if puzzle.difficulty == Difficulty::Easy {
            easy -= 1;
        }
    }
    let full = chosen.len() == count;
    (chosen, full)
}

/// Tops `chosen` up to `count` with the easy puzzles the share left out,
/// when there were not enough harder ones.
fn fill(chosen: &mut Vec<Puzzle>, games: &[Vec<Puzzle>], count: usize) {
    let mut seen: HashSet<String> = chosen.iter().map(|p| p.position.clone()).collect();
    for puzzle in games.iter().flatten() {
        if chosen.len() == count {
            break;
        }
        if seen.insert(puzzle.position.clone()) {
            chosen.push(puzzle.clone());
        }
    }
}

/// Candidates in an order fixed by the puzzle's id, so the answer is not
/// always first and every showing of a puzzle lists them alike.
fn shuffle_candidates(puzzle: &mut Puzzle) {
    let words: Vec<u64> = puzzle.id.bytes().map(u64::from).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(mix_key(&words));
    for step in &mut puzzle.steps {
        step.candidates.shuffle(&mut rng);
    }
}

/// The puzzles of self-play game number `index`.
fn from_self_play(kind: GameKind, seed: u64, index: usize) -> Vec<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(mix_key(&[seed, index as u64]));
    let game = AnyGame::new_game(kind, &serde_json::json!({}), &mut rng)
        .expect("the default rules are valid");
    with_game!(game, g => self_play(g, &mut rng))
}

fn self_play<G: Evaluate>(mut game: G, rng: &mut ChaCha8Rng) -> Vec<Puzzle> {
    const LEVELS: [Level; 3] = [Level::Greedy, Level::Easy, Level::Normal];
    let settings = Settings::of(G::KIND);
    let mut players: Vec<Engine> = (0..game.seat_count())
        .map(|_| {
            let level = LEVELS[rng.random_range(0..LEVELS.len())];
            Engine::new(level, rng.next_u64()).with_budget(Budget {
                time: None,
                nodes: Some(PLAY_NODES),
                depth: level.budget(G::KIND).depth,
            })
        })
        .collect();
    let mut dice = Engine::new(Level::Random, rng.next_u64());
    let mut puzzles = Vec::new();
    let mut quiet = 0;
    let mut moves = Vec::new();
    for ply in 0..MAX_PLIES {
        let mv = match game.to_decide() {
            None => break,
            Some(Decider::Chance) => dice.choose(&game).expect("dice to roll").mv,
            Some(Decider::Seat(seat)) => {
                if ply >= settings.skip_plies && quiet == 0 && puzzles.len() < PER_GAME {
                    let any =
                        AnyGame::from_position(G::KIND, &serde_json::json!({}), &game.position())
                            .expect("a position string reads back");
                    if let Some(puzzle) = puzzle_at(any, seat) {
                        puzzles.push(puzzle);
                        quiet = COOLDOWN;
                    }
                }
                quiet = quiet.saturating_sub(1);
                if rng.random_bool(RANDOM_MOVE) {
                    game.legal_moves(&mut moves);
                    moves[rng.random_range(0..moves.len())]
                } else {
                    players[seat.index()]
                        .choose(&game)
                        .expect("a seat to move")
                        .mv
                }
            }
        };
        game.play_unchecked(mv);
    }
    puzzles
}

/// The puzzle starting at `start`, with `solver` to move, if it is one.
fn puzzle_at(start: AnyGame, solver: Seat) -> Option<Puzzle> {
    // Holochess places its creatures first: no puzzle in that.
    if let AnyGame::Holochess(h) = &start
        && h.placing()
    {
        return None;
    }
    let first = analyse::find(&start).ok()?;
    let max_steps = Settings::of(start.kind()).max_steps;
    let mut steps: Vec<Step> = Vec::new();
    let mut difficulty = Difficulty::Easy;
    let mut game = start.clone();
    let mut answer = first.answer.clone();
    loop {
        let mut candidates = vec![answer.clone()];
        candidates.extend(analyse::tempting(&game, &answer, 4));
        if candidates.len() < 2 {
            break;
        }
        difficulty = difficulty.max(analyse::difficulty(&game, &answer));
        game.play_notation(&answer).ok()?;
        steps.push(Step {
            answer,
            candidates,
            reply: Vec::new(),
        });
        if steps.len() == max_steps {
            break;
        }
        // The defenders' replies, up to the solver's next decision.
        let mut after = game.clone();
        let mut reply = Vec::new();
        while let Some(Decider::Seat(seat)) = after.to_decide() {
            if seat == solver {
                break;
            }
            let Some(text) = analyse::reply(&after) else {
                break;
            };
            after.play_notation(&text).ok()?;
            reply.push(text);
        }
        if after.to_decide() != Some(Decider::Seat(solver)) {
            break;
        }
        let Ok(next) = analyse::find(&after) else {
            break;
        };
        steps.last_mut().expect("a step was pushed").reply = reply;
        game = after;
        answer = next.answer;
    }
    if steps.is_empty() {
        return None;
    }
    Some(Puzzle {
        id: String::new(),
        game: start.kind(),
        rules: serde_json::json!({}),
        position: start.position(),
        steps,
        theme: first.theme,
        difficulty,
        proof: first.proof,
    })
}
