//! The 9x9 board: squares, armies, pieces and the straight-line geometry.
//!
//! Squares follow the seed's numbering: rows 1–9 from the back of
//! Green/Yellow's side (row 1 is the top of the image), columns 1–9 from
//! Green/Red's side (column 1 is the left). In notation a square is its
//! column letter `A`–`I` then its row digit: the Red Leader starts on `A9`.

use std::fmt;
use std::str::FromStr;

/// Side length of the board.
pub const SIZE: u8 = 9;

/// One of the 81 squares, `row * 9 + column` with both counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// The central square, which only a Leader may stop on.
pub const LABYRINTH: Square = Square(40);

impl Square {
    /// From the seed's 1-based (row, column), `None` off the board.
    pub fn at(row: u8, column: u8) -> Option<Square> {
        ((1..=SIZE).contains(&row) && (1..=SIZE).contains(&column))
            .then(|| Square((row - 1) * SIZE + column - 1))
    }

    pub fn from_index(index: usize) -> Option<Square> {
        (index < 81).then_some(Square(index as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seed's 1-based row (1 at Green/Yellow's back rank).
    pub fn row(self) -> u8 {
        self.0 / SIZE + 1
    }

    /// The seed's 1-based column (1 on Green/Red's side).
    pub fn column(self) -> u8 {
        self.0 % SIZE + 1
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..81).map(Square)
    }

    /// The next square in `direction`, `None` off the board.
    pub fn step(self, (dr, dc): (i8, i8)) -> Option<Square> {
        let row = self.row() as i8 + dr;
        let column = self.column() as i8 + dc;
        if (1..=SIZE as i8).contains(&row) && (1..=SIZE as i8).contains(&column) {
            Square::at(row as u8, column as u8)
        } else {
            None
        }
    }

    /// The up to eight squares next to this one (orthogonal and diagonal).
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        DIRECTIONS.into_iter().filter_map(move |d| self.step(d))
    }
}

/// The eight straight-line directions as (row, column) steps; the first four
/// are orthogonal (the Reporter's kills use only those).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column() - 1) as char, self.row())
    }
}

/// A square that is not notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a square; expected a column A-I and a row 1-9, like E5")]
pub struct BadSquare {
    pub text: String,
}

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadSquare {
            text: text.chars().take(10).collect(),
        };
        let mut chars = text.chars();
        let (Some(column), Some(row), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let column = column.to_ascii_uppercase();
        if !('A'..='I').contains(&column) || !('1'..='9').contains(&row) {
            return Err(bad());
        }
        Square::at(row as u8 - b'0', column as u8 - b'A' + 1).ok_or_else(bad)
    }
}

/// The four armies, in the seed's turn order: "Red opens, followed by Blue,
/// going counter-clockwise around the table" (Red bottom-left, Blue
/// bottom-right, Yellow top-right, Green top-left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Army {
    Red,
    Blue,
    Yellow,
    Green,
}

impl Army {
    pub const ALL: [Army; 4] = [Army::Red, Army::Blue, Army::Yellow, Army::Green];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(index: usize) -> Army {
        Army::ALL[index % 4]
    }

    /// The next army in turn order.
    pub fn next(self) -> Army {
        Army::from_index(self.index() + 1)
    }

    /// The letter in position strings.
    pub fn letter(self) -> char {
        match self {
            Army::Red => 'R',
            Army::Blue => 'B',
            Army::Yellow => 'Y',
            Army::Green => 'G',
        }
    }

    pub fn from_letter(letter: char) -> Option<Army> {
        Army::ALL
            .into_iter()
            .find(|a| a.letter() == letter.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Army::Red => "red",
            Army::Blue => "blue",
            Army::Yellow => "yellow",
            Army::Green => "green",
        }
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The six kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Leader,
    Assassin,
    Reporter,
    Diplomat,
    Necromobile,
    Militant,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Leader,
        Kind::Assassin,
        Kind::Reporter,
        Kind::Diplomat,
        Kind::Necromobile,
        Kind::Militant,
    ];

    /// The letter in notation and position strings.
    pub fn letter(self) -> char {
        match self {
            Kind::Leader => 'L',
            Kind::Assassin => 'A',
            Kind::Reporter => 'R',
            Kind::Diplomat => 'D',
            Kind::Necromobile => 'N',
            Kind::Militant => 'M',
        }
    }

    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == letter.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Leader => "Leader",
            Kind::Assassin => "Assassin",
            Kind::Reporter => "Reporter",
            Kind::Diplomat => "Diplomat",
            Kind::Necromobile => "Necromobile",
            Kind::Militant => "Militant",
        }
    }

    /// How far the piece may travel in one straight line.
    pub fn reach(self) -> u8 {
        if self == Kind::Militant { 2 } else { SIZE - 1 }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board: its kind, the army whose colour it wears (never
/// changes, even when another army takes control) and whether it is dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: Kind,
    pub army: Army,
    pub dead: bool,
}

impl Piece {
    pub fn live(kind: Kind, army: Army) -> Piece {
        Piece {
            kind,
            army,
            dead: false,
        }
    }

    pub fn killed(self) -> Piece {
        Piece { dead: true, ..self }
    }
}

/// The seed's corner layout, for Green (rows 1–3, columns 1–3) as
/// `(row, column, kind)`; the other corners are its mirror images.
const GREEN_CORNER: [(u8, u8, Kind); 9] = [
    (1, 1, Kind::Leader),
    (1, 2, Kind::Assassin),
    (1, 3, Kind::Militant),
    (2, 1, Kind::Reporter),
    (2, 2, Kind::Diplomat),
    (2, 3, Kind::Militant),
    (3, 1, Kind::Militant),
    (3, 2, Kind::Militant),
    (3, 3, Kind::Necromobile),
];

/// The starting squares of every piece: the seed's setup lists, or under
/// `djambi_net` djambi.net's layout.
///
/// The seed lists each corner explicitly; they are mirror images of Green's
/// (Yellow mirrors the columns, Red the rows, Blue both), which a test
/// checks against the seed's own coordinates. djambi.net follows the seed's
/// sentence instead ("Considering each Leader to be facing the center of
/// the board, its Reporter sits to its left and its Assassin to its
/// right"): its corners are turns of one another, not mirrors, so Blue's
/// and Green's Reporter and Assassin trade squares (the list's are the
/// other way round for those two armies).
pub fn setup(djambi_net: bool) -> impl Iterator<Item = (Square, Piece)> {
    Army::ALL.into_iter().flat_map(move |army| {
        let turned = djambi_net && matches!(army, Army::Blue | Army::Green);
        GREEN_CORNER.into_iter().map(move |(row, column, kind)| {
            let row = if matches!(army, Army::Red | Army::Blue) {
                SIZE + 1 - row
            } else {
                row
            };
            let column = if matches!(army, Army::Yellow | Army::Blue) {
                SIZE + 1 - column
            } else {
                column
            };
            let kind = match kind {
                Kind::Reporter if turned => Kind::Assassin,
                Kind::Assassin if turned => Kind::Reporter,
                kind => kind,
            };
            let square = Square::at(row, column).expect("corner squares are on the board");
            (square, Piece::live(kind, army))
        })
    })
}
