//! The colours of the board images, in one place, so a new look is one new
//! [`Theme`] value and nothing else.
//!
//! Overlay colours use four well separated hues (gold, red, mint, violet)
//! while the pieces stay neutral (ice white and charcoal), so a marker is
//! never mistaken for a piece. Sides also differ by shape (a ring against a
//! diamond) and by lightness, which survive every kind of colour blindness.

use super::fastmath::round_to_u8;

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Every colour the renderer paints with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// A stable name, used in snapshot names.
    pub name: &'static str,
    /// Around the board.
    pub backdrop: Rgb,
    /// The two alternating square tones and the centre disc.
    pub light_square: Rgb,
    pub dark_square: Rgb,
    pub core: Rgb,
    /// The glowing lines between squares and round the rim.
    pub grid: Rgb,
    pub label: Rgb,
    pub white_piece: Rgb,
    pub white_mark: Rgb,
    pub black_piece: Rgb,
    pub black_mark: Rgb,
    /// Soft shadow under pieces and badges.
    pub shadow: Rgb,
    /// The last move: path line and square tint.
    pub last_move: Rgb,
    /// Captured pieces: cross and square tint.
    pub capture: Rgb,
    /// Legal destinations of a highlighted piece.
    pub option: Rgb,
    /// Numbered candidate-move badges.
    pub badge: Rgb,
    pub badge_text: Rgb,
    pub caption_background: Rgb,
    pub caption_title: Rgb,
    pub caption_text: Rgb,
    /// Djambi's centre square and the walls of its maze pattern.
    pub labyrinth: Rgb,
    pub labyrinth_wall: Rgb,
    /// Djambi's armies in the order Red, Blue, Yellow, Green, and the ink
    /// of the letter on each (dark on the light armies).
    pub armies: [Rgb; 4],
    pub army_ink: [Rgb; 4],
    /// Djambi's dead pieces: a grey disc with a dark cross.
    pub corpse: Rgb,
    pub corpse_mark: Rgb,
}

/// The default look: a deep navy holotable with cyan projector lines.
pub const HOLO: Theme = Theme {
    name: "holo",
    backdrop: [5, 8, 20],
    light_square: [22, 48, 78],
    dark_square: [11, 24, 46],
    core: [16, 58, 80],
    grid: [64, 214, 255],
    label: [150, 200, 230],
    white_piece: [236, 246, 255],
    white_mark: [70, 120, 160],
    black_piece: [20, 22, 30],
    black_mark: [205, 214, 226],
    shadow: [0, 0, 0],
    last_move: [255, 200, 70],
    capture: [255, 70, 100],
    option: [80, 255, 170],
    badge: [150, 100, 255],
    badge_text: [255, 255, 255],
    caption_background: [8, 14, 30],
    caption_title: [64, 214, 255],
    caption_text: [200, 225, 245],
    labyrinth: [54, 30, 84],
    labyrinth_wall: [190, 150, 255],
    // Saturated and far apart in hue and lightness; Red leans crimson and
    // Yellow lemon so neither is taken for the capture or last-move marks.
    armies: [[214, 40, 56], [40, 120, 255], [250, 228, 60], [40, 190, 90]],
    army_ink: [[255, 255, 255], [255, 255, 255], [40, 32, 0], [0, 34, 12]],
    corpse: [128, 132, 140],
    corpse_mark: [40, 42, 48],
};

/// Every theme, for the snapshot tests and for a future `--theme` option.
pub const THEMES: [&Theme; 1] = [&HOLO];

/// `a` moved towards `b` by `t` (0 keeps `a`, 1 gives `b`).
#[inline]
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    std::array::from_fn(|i| round_to_u8(f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t))
}
