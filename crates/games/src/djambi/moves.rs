//! Move generation and application: every piece's powers, the Labyrinth,
//! changes of control and encirclement.
//!
//! Generation walks each of the mover's pieces along the eight lines and
//! expands every follow-up choice (corpse square, relocation square,
//! Reporter victim, flight from the Labyrinth) into separate moves.

use super::board::{DIRECTIONS, Square};
use super::{Army, Djambi, Encirclement, Kind, LABYRINTH, Piece, ReporterKill};

/// "No square" in the compact move fields.
const NONE: u8 = u8::MAX;

/// One turn's whole action. Fields are square indices or [`NONE`]:
/// - `from`, `to`: the piece and where it moves (its victim's or the
///   relocated piece's square for occupying moves);
/// - `extra`: where a killed Leader's or Militant's victim's corpse, or a
///   Diplomat's or Necromobile's passenger, is put; or the Reporter's victim;
/// - `flee`: where a piece that entered the Labyrinth to act leaves to.
///
/// [`Move::PASS`] (no `from`) is the turn of an army that cannot move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    extra: u8,
    flee: u8,
}

fn pack(square: Option<Square>) -> u8 {
    square.map_or(NONE, |s| s.index() as u8)
}

fn unpack(field: u8) -> Option<Square> {
    Square::from_index(usize::from(field))
}

impl Move {
    pub const PASS: Move = Move {
        from: NONE,
        to: NONE,
        extra: NONE,
        flee: NONE,
    };

    pub fn new(from: Square, to: Square, extra: Option<Square>, flee: Option<Square>) -> Move {
        Move {
            from: from.index() as u8,
            to: to.index() as u8,
            extra: pack(extra),
            flee: pack(flee),
        }
    }

    pub fn is_pass(self) -> bool {
        self.from == NONE
    }

    /// The moving piece's square (`None` for a pass).
    pub fn from(self) -> Option<Square> {
        unpack(self.from)
    }

    pub fn to(self) -> Option<Square> {
        unpack(self.to)
    }

    /// The corpse or relocation square, or the Reporter's victim.
    pub fn extra(self) -> Option<Square> {
        unpack(self.extra)
    }

    /// Where the piece leaves the Labyrinth to.
    pub fn flee(self) -> Option<Square> {
        unpack(self.flee)
    }
}

/// Whether `piece` is an enemy of the army `mover`: a live piece on
/// another seat's side, or of an encircled side that nobody controls.
fn enemy(game: &Djambi, mover: Army, piece: Piece) -> bool {
    !piece.dead && game.seat_of_piece(piece) != Some(game.seat_of(mover))
}

/// The squares where a corpse or relocated piece may be put: every empty
/// square but the Labyrinth ("any free space"; nothing but a Leader may
/// stand there). A Diplomat adds the Labyrinth for a commanding Leader.
fn free_squares(cells: &[Option<Piece>; 81], out: &mut Vec<Square>) {
    out.clear();
    out.extend(Square::all().filter(|&s| s != LABYRINTH && cells[s.index()].is_none()));
}

/// The empty squares a piece of `kind` in the Labyrinth can leave to.
fn flight_squares(cells: &[Option<Piece>; 81], kind: Kind, out: &mut Vec<Square>) {
    out.clear();
    for direction in DIRECTIONS {
        let mut square = LABYRINTH;
        for _ in 0..kind.reach() {
            match square.step(direction) {
                Some(next) if cells[next.index()].is_none() => {
                    out.push(next);
                    square = next;
                }
                _ => break,
            }
        }
    }
}

/// Appends every legal move of `mover`'s pieces to `out`.
pub(super) fn generate(game: &Djambi, mover: Army, out: &mut Vec<Move>) {
    let mut scratch = Scratch::default();
    for from in Square::all() {
        let Some(piece) = game.piece(from) else {
            continue;
        };
        if piece.dead || game.controller(piece.army) != Some(mover) {
            continue;
        }
        for direction in DIRECTIONS {
            let mut to = from;
            for _ in 0..piece.kind.reach() {
                let Some(next) = to.step(direction) else {
                    break;
                };
                to = next;
                match game.piece(to) {
                    None if to == LABYRINTH => {
                        // Only a Leader that may hold it stops; everyone
                        // passes.
                        if game.may_hold(piece, mover) {
                            out.push(Move::new(from, to, None, None));
                        }
                    }
                    None => quiet_move(game, mover, piece, from, to, out),
                    Some(target) => {
                        act_on(game, mover, piece, from, to, target, &mut scratch, out);
                        break;
                    }
                }
            }
        }
    }
}

/// Reused square lists for the follow-up choices.
#[derive(Default)]
struct Scratch {
    places: Vec<Square>,
    flights: Vec<Square>,
}

/// A move to an empty square; a Reporter then may (or must) kill.
fn quiet_move(
    game: &Djambi,
    mover: Army,
    piece: Piece,
    from: Square,
    to: Square,
    out: &mut Vec<Move>,
) {
    if piece.kind != Kind::Reporter {
        out.push(Move::new(from, to, None, None));
        return;
    }
    let before = out.len();
    for direction in &DIRECTIONS[..4] {
        if let Some(victim) = to.step(*direction)
            && let Some(target) = game.piece(victim)
            && enemy(game, mover, target)
        {
            out.push(Move::new(from, to, Some(victim), None));
        }
    }
    let must = game.rules.reporter_kill() == ReporterKill::Compulsory;
    if !must || out.len() == before {
        out.insert(before, Move::new(from, to, None, None));
    }
}

/// A move onto an occupied square: a kill, a relocation, or nothing.
#[allow(clippy::too_many_arguments)] // the move under construction, kept flat
fn act_on(
    game: &Djambi,
    mover: Army,
    piece: Piece,
    from: Square,
    to: Square,
    target: Piece,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
) {
    let rules = &game.rules;
    let in_labyrinth = to == LABYRINTH;
    let allowed = match piece.kind {
        Kind::Leader => {
            enemy(game, mover, target) && (!in_labyrinth || game.may_hold(piece, mover))
        }
        Kind::Militant => {
            enemy(game, mover, target)
                && (target.kind != Kind::Leader
                    || (rules.militant_kills_leaders() && !in_labyrinth))
        }
        Kind::Assassin => enemy(game, mover, target),
        Kind::Diplomat => {
            enemy(game, mover, target) && (!in_labyrinth || rules.diplomat_enters_labyrinth())
        }
        Kind::Necromobile => target.dead,
        Kind::Reporter => false,
    };
    if !allowed {
        return;
    }
    let mut cells = game.cells;
    cells[from.index()] = None;
    match piece.kind {
        Kind::Assassin => {
            // The corpse takes the Assassin's departure square.
            cells[from.index()] = Some(target.killed());
            if in_labyrinth {
                flight_squares(&cells, piece.kind, &mut scratch.flights);
                out.extend(
                    scratch
                        .flights
                        .iter()
                        .map(|&f| Move::new(from, to, None, Some(f))),
                );
            } else {
                out.push(Move::new(from, to, None, None));
            }
        }
        Kind::Leader | Kind::Militant | Kind::Diplomat | Kind::Necromobile => {
            cells[to.index()] = Some(piece);
            free_squares(&cells, &mut scratch.places);
            // "relocated ... to any free space of their choice", and a
            // commanding Leader (under djambi.net, any controlled one) may
            // stop on the Labyrinth: so it may be put there, and then holds
            // it for the army controlling it.
            let may_hold = game.is_active(target.army)
                || (rules.controlled_leaders_hold() && game.controller(target.army).is_some());
            if piece.kind == Kind::Diplomat
                && target.kind == Kind::Leader
                && may_hold
                && cells[LABYRINTH.index()].is_none()
            {
                scratch.places.push(LABYRINTH);
            }
            let flees = in_labyrinth && piece.kind != Kind::Leader;
            for &place in &scratch.places {
                if flees {
                    let mut after = cells;
                    after[place.index()] = Some(target);
                    flight_squares(&after, piece.kind, &mut scratch.flights);
                    out.extend(
                        scratch
                            .flights
                            .iter()
                            .map(|&f| Move::new(from, to, Some(place), Some(f))),
                    );
                } else {
                    out.push(Move::new(from, to, Some(place), None));
                }
            }
        }
        Kind::Reporter => unreachable!("a Reporter never moves onto a piece"),
    }
}

/// The squares `mv` kills on (the victim's square before the move).
pub(super) fn kills(game: &Djambi, mv: Move) -> Vec<Square> {
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
        return Vec::new();
    };
    let Some(piece) = game.piece(from) else {
        return Vec::new();
    };
    match piece.kind {
        Kind::Leader | Kind::Militant | Kind::Assassin => game
            .piece(to)
            .filter(|p| !p.dead)
            .map(|_| to)
            .into_iter()
            .collect(),
        Kind::Reporter => mv.extra().into_iter().collect(),
        Kind::Diplomat | Kind::Necromobile => Vec::new(),
    }
}

/// Plays a legal move, then settles control and encirclement. Returns
/// whether any piece died (a kill or an encirclement).
pub(super) fn apply(game: &mut Djambi, mv: Move) -> bool {
    let mover = game.to_move;
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
        return false;
    };
    let piece = game.cells[from.index()].expect("a legal move starts on a piece");
    let target = game.cells[to.index()];
    game.cells[from.index()] = None;
    game.cells[to.index()] = Some(piece);
    let mut victim = None;
    match piece.kind {
        Kind::Leader | Kind::Militant => {
            if let (Some(target), Some(place)) = (target, mv.extra()) {
                game.cells[place.index()] = Some(target.killed());
                victim = Some(target);
            }
        }
        Kind::Assassin => {
            if let Some(target) = target {
                game.cells[from.index()] = Some(target.killed());
                victim = Some(target);
            }
        }
        Kind::Reporter => {
            if let Some(square) = mv.extra() {
                let target = game.cells[square.index()].expect("the Reporter's victim is there");
                game.cells[square.index()] = Some(target.killed());
                victim = Some(target);
            }
        }
        Kind::Diplomat | Kind::Necromobile => {
            if let (Some(target), Some(place)) = (target, mv.extra()) {
                game.cells[place.index()] = Some(target);
            }
        }
    }
    if let Some(flee) = mv.flee() {
        game.cells[to.index()] = None;
        game.cells[flee.index()] = Some(piece);
    }
    if let Some(victim) = victim
        && victim.kind == Kind::Leader
        && (game.is_active(victim.army) || game.rules.every_leader_hands_over())
    {
        // "A player who kills a Leader takes possession of all of that
        // Leader's remaining pieces", with whatever it had taken before.
        for control in &mut game.control {
            if *control == Some(victim.army) {
                *control = Some(mover);
            }
        }
        game.control[victim.army.index()] = Some(mover);
    }
    let encircled = encircle(game, mover);
    recover(game);
    victim.is_some() || encircled
}

/// Declares every encircled side out. Under the seed never the side that
/// just moved (its own move cannot be what smothers it in the same
/// breath); djambi.net judges it too. Returns whether any side was
/// encircled.
fn encircle(game: &mut Djambi, mover: Army) -> bool {
    // "As soon as only 2 players remain in the game, Variant 2 applies."
    let rule = if game.seats_in_play() <= 2 {
        Encirclement::Labyrinth
    } else {
        game.rules.encirclement()
    };
    let spared = (!game.rules.mover_can_be_encircled()).then(|| game.seat_of(mover));
    let mut any = false;
    for army in Army::ALL {
        if !game.is_active(army) || Some(game.seat_of(army)) == spared {
            continue;
        }
        if is_encircled(game, army, rule) {
            for control in &mut game.control {
                if *control == Some(army) {
                    *control = None;
                }
            }
            any = true;
        }
    }
    any
}

/// Whether `army`'s Leader is encircled under `rule`.
pub(super) fn is_encircled(game: &Djambi, army: Army, rule: Encirclement) -> bool {
    let Some(leader) = game.leader_square(army) else {
        return false;
    };
    // A Leader that holds the Labyrinth has reached it.
    if leader == LABYRINTH {
        return false;
    }
    let necromobile = game.pieces().any(|(_, p)| {
        p.kind == Kind::Necromobile && !p.dead && game.controller(p.army) == Some(army)
    });
    let pocket = pocket(game, leader);
    match rule {
        Encirclement::Base => smothered(game, army, &pocket),
        Encirclement::NoNecromobile => !necromobile && smothered(game, army, &pocket),
        Encirclement::Labyrinth => !necromobile && !reaches_labyrinth(game, &pocket),
    }
}

/// Whether the pocket reaches the Labyrinth; under djambi.net a corpse on
/// it does not close it to a Leader that reaches a square next to it.
fn reaches_labyrinth(game: &Djambi, pocket: &[bool; 81]) -> bool {
    pocket[LABYRINTH.index()]
        || (game.rules.corpse_keeps_labyrinth_open()
            && LABYRINTH.neighbours().any(|s| pocket[s.index()]))
}

/// The squares reachable from `start` without crossing a corpse.
fn pocket(game: &Djambi, start: Square) -> [bool; 81] {
    let mut seen = [false; 81];
    let mut stack = vec![start];
    seen[start.index()] = true;
    while let Some(square) = stack.pop() {
        for next in square.neighbours() {
            if !seen[next.index()] && game.piece(next).is_none_or(|p| !p.dead) {
                seen[next.index()] = true;
                stack.push(next);
            }
        }
    }
    seen
}

/// The base rule: the pocket around the Leader holds no empty square, no
/// piece of another side (which could be killed to make room) and no
/// Necromobile of the Leader's side (which could move a wall away), so
/// nothing in it can ever move again.
fn smothered(game: &Djambi, army: Army, pocket: &[bool; 81]) -> bool {
    Square::all().filter(|s| pocket[s.index()]).all(|s| {
        game.piece(s)
            .is_some_and(|p| game.controller_of(p) == Some(army) && p.kind != Kind::Necromobile)
    })
}

/// "The pieces of a surrounded Leader are recovered by the first player to
/// occupy the Labyrinth": once a commanding Leader holds it, the pieces
/// nobody controls become its army's.
pub(super) fn recover(game: &mut Djambi) {
    if let Some(holder) = game.holder() {
        for control in &mut game.control {
            if control.is_none() {
                *control = Some(holder);
            }
        }
    }
}
