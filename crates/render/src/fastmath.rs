//! `f32::round` and `rem_euclid(1.0)` without their library calls.
//!
//! On x86-64's baseline instruction set both are calls (`roundf`,
//! `fmodf`), and painting a background makes several per pixel: a fifth of
//! a renderer's build went to `roundf` alone. These give the same bits for
//! the values the painting feeds them (well inside the range of `i32`).

/// `x.round()`: halves away from zero.
pub fn round(x: f32) -> f32 {
    let whole = x as i32;
    // Exact: `whole` and `x` share their binary exponent or `whole` is 0.
    let rest = x - whole as f32;
    let rounded = if rest >= 0.5 {
        whole + 1
    } else if rest <= -0.5 {
        whole - 1
    } else {
        whole
    };
    // Keeps the sign of zero, as `round` does for -0.4.
    (rounded as f32).copysign(x)
}

/// `x.round() as u8` (saturating), without branches, for colour channels:
/// painting a background makes eighteen per pixel.
pub fn round_to_u8(x: f32) -> u8 {
    let whole = x as i32;
    let rest = x - whole as f32;
    let rounded = whole + i32::from(rest >= 0.5) - i32::from(rest <= -0.5);
    rounded.clamp(0, 255) as u8
}

/// `x.rem_euclid(1.0)`: the fraction of a turn in `0.0..1.0`.
pub fn turn_fraction(x: f32) -> f32 {
    let rest = x - (x as i32) as f32;
    if rest < 0.0 { rest + 1.0 } else { rest }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value within a few steps of each half and whole from -300 to
    /// 300, and a spread of others.
    fn samples() -> impl Iterator<Item = f32> {
        let near = (-600..=600).flat_map(|half| {
            let centre = half as f32 / 2.0;
            (-4..=4).map(move |step: i32| {
                let bits = centre.to_bits() as i64 + i64::from(step);
                f32::from_bits(bits.max(0) as u32)
            })
        });
        let spread = (0..200_000).map(|i| (i as f32 * 0.003_1 - 310.0) * 1.000_37);
        near.chain(spread)
            .chain([0.0, -0.0, 0.49999997, -0.49999997])
    }

    #[test]
    fn round_is_the_librarys() {
        for x in samples() {
            assert_eq!(round(x).to_bits(), x.round().to_bits(), "{x:e}");
        }
    }

    #[test]
    fn round_to_u8_is_the_librarys() {
        for x in samples().chain([f32::NAN, 1e9, -1e9]) {
            assert_eq!(round_to_u8(x), x.round() as u8, "{x:e}");
        }
    }

    #[test]
    fn turn_fraction_is_the_librarys() {
        for x in samples().map(|x| x / 600.0) {
            assert_eq!(
                turn_fraction(x).to_bits(),
                x.rem_euclid(1.0).to_bits(),
                "{x:e}"
            );
        }
    }
}
