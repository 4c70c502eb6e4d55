//! Djambi on a 9 x 9 grid (seed 002): four armies in colour, the Labyrinth
//! marked in the centre, corpses in grey with a cross, and a panel to the
//! right of the board keying the armies (with who commands each once a
//! Leader has fallen) and the piece letters.
//!
//! The drawing works from a [`View`]: what stands on each square, who
//! commands each army, and the caption. A game position becomes a view in
//! one function, so the look does not depend on how the rules store
//! their board.

pub(super) mod art;
mod game;
#[cfg(test)]
mod tests;

use super::marks::Marks;
use super::scene::{Caption, DJAMBI_PIECES, Figure, PanelLine, Scene};
use holotable_games::GameKind;
use holotable_i18n::Lang;
use holotable_i18n::t;

/// Column and row names as the notation writes them (`A9` is Red's
/// Leader's corner, bottom left; row 1 is at the top, as in the seed).
pub const FILES: [&str; 9] = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
pub const RANKS: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
/// The centre square, E5.
pub const LABYRINTH: usize = 40;

/// How the catalogue selects each army, in the theme's colour order (the
/// rules' own names, as the `seat` messages take them).
pub const ARMIES: [&str; 4] = ["red", "blue", "yellow", "green"];
/// How the catalogue selects each piece type, in the order of their
/// letters in `art`.
pub const PIECES: [&str; 6] = [
    "leader",
    "assassin",
    "reporter",
    "diplomat",
    "necromobile",
    "militant",
];
/// The key's neutral colour.
const KEY: u8 = 4;

/// Every figure a Djambi board shows: the four armies' pieces, the key's
/// neutral pieces and the corpse.
pub fn figures() -> &'static [Figure] {
    let first = Figure::Djambi(0, 0).index();
    let last = Figure::Corpse.index();
    &Figure::ALL[first..=last]
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// A living piece: army (0..4 as [`ARMIES`]) and type (0..6 as
    /// [`PIECES`]).
    Piece {
        army: u8,
        kind: u8,
    },
    Corpse,
}

/// A Djambi position as the image shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Indexed by cell, which is the game's square index: `row * 9 +
    /// column`, A1 (top left) = 0, I9 = 80.
    pub squares: [Option<Occupant>; 81],
    /// Per army, the army whose player commands it (itself until its
    /// Leader falls; in the two-player game the partner army), or `None`
    /// while nobody does (an encircled army waiting for the Labyrinth).
    pub commanders: [Option<u8>; 4],
    /// The army to move, if the game goes on.
    pub to_move: Option<u8>,
    /// Whose turn, or the result, as the caption's labels.
    pub status: Vec<String>,
}

impl View {
    /// The player (named by its first army) who commands the piece on
    /// `cell`, if a living piece stands there.
    fn commander_at(&self, cell: u8) -> Option<u8> {
        match self.squares.get(usize::from(cell)).copied().flatten() {
            Some(Occupant::Piece { army, .. }) => {
                self.commanders.get(usize::from(army)).copied().flatten()
            }
            _ => None,
        }
    }
}

/// What `view` shows with `marks` on it, its words in `lang`.
pub fn scene(view: &View, marks: &Marks, lang: Lang) -> Scene {
    let mut scene = Scene::default();
    for (cell, occupant) in view.squares.iter().enumerate() {
        let figure = match occupant {
            None => continue,
            Some(Occupant::Corpse) => Figure::Corpse,
            Some(Occupant::Piece { army, kind }) => Figure::Djambi(*army, *kind),
        };
        scene.pieces.push((cell as u8, figure));
    }
    // A highlighted piece's targets are pieces another player commands
    // (a Necromobile's are corpses, which the rules' destinations already
    // say; only living enemies get the capture tint).
    let mover = view
        .to_move
        .and_then(|army| view.commanders.get(usize::from(army)).copied().flatten());
    marks.apply(&mut scene, |cell| {
        view.commander_at(cell)
            .is_some_and(|owner| Some(owner) != mover)
    });
    scene.panel = panel(view, lang);
    scene.caption = Caption {
        title: t!(lang, "game-title", game = GameKind::Djambi.as_str()),
        status: view.status.clone(),
        turn: view.to_move.map(|army| Figure::Djambi(army, 0)),
        note: String::new(),
    };
    scene
}

/// The key: each army with its commander when that is another player, then
/// each piece letter and the corpse.
fn panel(view: &View, lang: Lang) -> Vec<PanelLine> {
    let mut lines = vec![PanelLine::Heading(t!(lang, "key-armies"))];
    for (army, commander) in view.commanders.iter().enumerate() {
        let army = army as u8;
        let name = t!(lang, "render-side", seat = ARMIES[usize::from(army)]);
        // The arrow reads "commanded by" in every language.
        let (text, then) = match *commander {
            Some(owner) if owner == army => (name, None),
            Some(owner) => (format!("{name} →"), Some(Figure::Djambi(owner, 0))),
            None => (format!("{name} → ?"), None),
        };
        lines.push(PanelLine::Entry {
            figure: Figure::Djambi(army, 0),
            text,
            then,
        });
    }
    lines.push(PanelLine::Heading(t!(lang, "key-pieces")));
    for kind in 0..DJAMBI_PIECES {
        lines.push(PanelLine::Entry {
            figure: Figure::Djambi(KEY, kind),
            text: t!(lang, "key-djambi-piece", kind = PIECES[usize::from(kind)]),
            then: None,
        });
    }
    lines.push(PanelLine::Entry {
        figure: Figure::Corpse,
        text: t!(lang, "key-dead"),
        then: None,
    });
    lines
}
